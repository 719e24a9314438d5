/** What a source provider (GitHub, local git mirror) offers the citation engine. */
import type { ProviderName } from '../lock.ts';

/** How a ref resolved. `etag` lets the next run revalidate with a conditional request. */
export interface Resolution {
  commit: string;
  kind: 'tag' | 'branch' | 'commit';
  etag?: string;
  /** The annotated tag object the ref pointed at before peeling, when there was one. */
  tagObject?: string;
  /** True when a conditional request answered 304 and `commit` came from the cache. */
  notModified: boolean;
}

/** A previous resolution, offered back to the provider for revalidation. */
export interface CachedResolution {
  commit: string;
  kind: Resolution['kind'];
  etag?: string;
  tagObject?: string;
}

/**
 * The tree entry that names a path at a commit, as the provider reported it.
 * GitHub's contents API reports `type` and `sha` (not the mode); a mirror reports all three.
 */
export interface TreeEntry {
  /** The path the provider says it answered for (GitHub follows a symlink to a file and names the target). */
  path: string;
  type: 'file' | 'dir' | 'symlink' | 'submodule';
  /** Git file mode (`100644`, `100755`, `120000`, `160000`, `040000`) when the provider reports it. */
  mode?: string;
  /** Object id: the blob SHA for a file or symlink, the tree SHA for a directory, the commit for a submodule. */
  sha: string;
  /** Size in bytes, when reported. */
  size?: number;
}

/** A file's tree entry and its bytes (the reader checks that the bytes hash to `entry.sha`). */
export interface FetchedFile {
  entry: TreeEntry;
  bytes: Uint8Array;
}

export interface SourceProvider {
  readonly name: ProviderName;
  /** For messages, e.g. `GitHub (https://api.github.com)` or `mirror /srv/etcd.git`. Never holds credentials. */
  readonly description: string;
  /**
   * Where this provider reads from, recorded with cached answers so an answer from one
   * GitHub host (or mirror) is never reused for another: the API URL without credentials, or the mirror path.
   */
  readonly origin: string;
  /**
   * Resolves a tag (peeling annotated tags), branch or full commit SHA to a commit.
   * @throws ProviderError (`not-found` for an unknown repo or ref).
   */
  resolveRef(owner: string, repo: string, ref: string, cached?: CachedResolution): Promise<Resolution>;
  /**
   * A file's tree entry and raw bytes at a commit, or null when nothing exists at that path.
   * @throws ProviderError `not-a-file` for a directory, symlink or submodule; others for anything but a missing path.
   */
  fetchFile(owner: string, repo: string, commit: string, path: string): Promise<FetchedFile | null>;
  /**
   * Names of the repository's tags that start with `prefix` (`v0.37.`), in no particular order;
   * for finding the earlier tags of a release line when the cited one cannot be read.
   * @throws ProviderError as for resolveRef.
   */
  listTags(owner: string, repo: string, prefix: string): Promise<string[]>;
  /**
   * Confirms the provider can answer at all (a mirror is a git repository), before a command
   * decides that nothing needs reading.
   * @throws ProviderError(`config`) naming the setting to fix.
   */
  check?(): Promise<void>;
}

/**
 * - `unreachable`, `rate-limit`, `server`: the provider cannot answer now; pin records
 *   the citation as pending (and fails), verify treats its lines as not fetchable now.
 * - `not-found`, `not-a-file`, `auth`, `forbidden`: a definite answer that needs a fix.
 * - `config`: the configuration (env) is wrong; the CLI exits 2.
 */
export type ProviderErrorKind =
  'unreachable' | 'rate-limit' | 'server' | 'not-found' | 'not-a-file' | 'auth' | 'forbidden' | 'config';

/** A provider failure whose message says what happened and how to fix it (never a token). */
export class ProviderError extends Error {
  override name = 'ProviderError';
  readonly kind: ProviderErrorKind;
  /**
   * When the whole host is out of reach: one message about the host (URL, cause, what to do),
   * which callers print once however many citations it affects; `message` then refers to it briefly.
   */
  readonly host: { url: string; message: string } | undefined;
  constructor(kind: ProviderErrorKind, message: string, host?: { url: string; message: string }) {
    super(message);
    this.kind = kind;
    this.host = host;
  }
}

/** Whether the error means "cannot answer now" rather than a definite failure. */
export function isTransient(e: unknown): boolean {
  return e instanceof ProviderError && (e.kind === 'unreachable' || e.kind === 'rate-limit' || e.kind === 'server');
}

/** Encodes a `/`-separated repository path segment by segment for a URL. */
export function encodePath(path: string): string {
  return path.split('/').map(encodeURIComponent).join('/');
}

/**
 * Replaces the user-info part of every URL in `text` (`https://user:token@host` →
 * `https://***@host`), so a credential written into a URL never reaches a message.
 */
export function redactUrlCredentials(text: string): string {
  return (
    text
      .replace(/([a-z][a-z0-9+.-]*:\/\/)[^/?#@]*@/gi, '$1***@')
      // Without a scheme (`user:token@host/…`), or with a space inside, a userinfo part is still
      // anything before an `@` that is followed by a host: hide it too.
      .replace(/(^|[\s"'(<])[^\s"'(<>/?#@]+@(?=[A-Za-z0-9[.-]+(?::[0-9]*)?(?:[/?#\s"')>]|$))/g, '$1***@')
  );
}

/** The error for citing a directory, symlink or submodule (the same words for every provider). */
export function notAFile(
  repo: string,
  commit: string,
  path: string,
  entry: Pick<TreeEntry, 'type' | 'mode'> & { target?: string },
): ProviderError {
  const what =
    entry.type === 'dir'
      ? 'a directory'
      : entry.type === 'submodule'
        ? 'a submodule'
        : `a symbolic link${entry.target ? ` (to ${entry.target})` : ''}`;
  const mode = entry.mode ? ` (mode ${entry.mode})` : '';
  return new ProviderError(
    'not-a-file',
    `${path} at ${commit.slice(0, 7)} in ${repo} is ${what}${mode}, not a file. Cite a regular file${entry.type === 'symlink' ? " (the link's target, by its own path)" : ''}.`,
  );
}
