/** What a source provider (GitHub, local git mirror) offers the citation engine. */
import type { ProviderName } from '../lock.ts';

/** How a ref resolved. `etag` lets the next run revalidate with a conditional request. */
export interface Resolution {
  commit: string;
  kind: 'tag' | 'branch' | 'commit';
  etag?: string;
  /** True when a conditional request answered 304 and `commit` came from the cache. */
  notModified: boolean;
}

/** A previous resolution, offered back to the provider for revalidation. */
export interface CachedResolution {
  commit: string;
  kind: Resolution['kind'];
  etag?: string;
}

export interface SourceProvider {
  readonly name: ProviderName;
  /** For messages, e.g. `GitHub (https://api.github.com)` or `mirror /srv/etcd.git`. */
  readonly description: string;
  /**
   * Resolves a tag (peeling annotated tags), branch or full commit SHA to a commit.
   * @throws ProviderError (`not-found` for an unknown repo or ref).
   */
  resolveRef(owner: string, repo: string, ref: string, cached?: CachedResolution): Promise<Resolution>;
  /**
   * The raw bytes of a file at a commit, or null when no such file exists there.
   * @throws ProviderError for anything but a missing file.
   */
  fetchFile(owner: string, repo: string, commit: string, path: string): Promise<Uint8Array | null>;
}

/**
 * - `unreachable`, `rate-limit`, `server`: the provider cannot answer now; pin records
 *   the citation as pending and verify treats its lines as not fetchable now.
 * - `not-found`, `auth`, `forbidden`: a definite answer that needs a fix.
 * - `config`: the configuration (env) is wrong; the CLI exits 2.
 */
export type ProviderErrorKind = 'unreachable' | 'rate-limit' | 'server' | 'not-found' | 'auth' | 'forbidden' | 'config';

/** A provider failure whose message says what happened and how to fix it (never a token). */
export class ProviderError extends Error {
  override name = 'ProviderError';
  readonly kind: ProviderErrorKind;
  constructor(kind: ProviderErrorKind, message: string) {
    super(message);
    this.kind = kind;
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
