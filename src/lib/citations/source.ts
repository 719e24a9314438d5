/**
 * One run's access to upstream sources: picks the provider for each repository
 * (a CITATION_MIRRORS mirror, else GitHub unless offline), consults the cache
 * first, and memoises so each distinct ref and file is asked for once per run.
 *
 * Every file's bytes are checked against the git blob SHA of the tree entry that names them,
 * whether they come from the cache or from a provider, and only regular files are accepted.
 * How far a cached answer is believed is the reader's `cacheReads` mode:
 * - `intact` (default): any cached answer that passes its checks (relocate, outdated);
 * - `confirmed`: only a cached answer the caller's expectation confirms (the commit, or the blob
 *   SHA, that the lock recorded); anything else is fetched afresh (pin, verify);
 * - `none`: the cache is not read at all, only written (`pin --refresh`).
 */
import { join } from 'node:path';
import { CitationCache, DEFAULT_CACHE_DIR, type CachedEntry } from './cache.ts';
import { fileText, gitBlobSha, type FileText } from './hash.ts';
import type { ProviderName } from './lock.ts';
import { createGitHubProvider, githubOptionsFromEnv, type GitHubProviderOptions } from './providers/github.ts';
import { createMirrorProvider, parseMirrors } from './providers/mirror.ts';
import { ProviderError, isTransient, notAFile, type SourceProvider, type TreeEntry } from './providers/types.ts';
import type { CitationRef } from './ref.ts';
import { readTarget, type ReadTarget } from './staging.ts';

export type CacheReads = 'intact' | 'confirmed' | 'none';

/** Optional fields may be `undefined` too, so that a command passes its own options on as they are. */
export interface SourceReaderOptions {
  root: string;
  env?: NodeJS.ProcessEnv | undefined;
  /** No network: GitHub is not used; mirrors (local) and the cache still are. */
  offline?: boolean | undefined;
  /** Default `<root>/.cache/citations`. */
  cacheDir?: string | undefined;
  /** How far cached answers are believed (see the module comment). Default `intact`. */
  cacheReads?: CacheReads | undefined;
  log?: ((line: string) => void) | undefined;
  /** Overrides of the GitHub options read from env (tests: backoff, waits). */
  github?: Partial<GitHubProviderOptions> | undefined;
}

export interface ResolvedRef {
  commit: string;
  provider: ProviderName;
}

export type FileResult =
  | { kind: 'ok'; text: FileText; from: 'cache' | ProviderName; entry?: TreeEntry }
  | { kind: 'missing'; provider: ProviderName }
  | { kind: 'unavailable'; reason: string; error?: ProviderError };

export class SourceReader {
  readonly cache: CitationCache;
  readonly offline: boolean;
  readonly cacheReads: CacheReads;
  /** Cache records and files discarded in this run, and why (callers show them as warnings). */
  readonly notices: string[] = [];
  /** One message per unreachable host (callers print each once, however many citations it affects). */
  readonly hostProblems = new Map<string, string>();
  private readonly mirrors: Map<string, SourceProvider>;
  private readonly github: SourceProvider | undefined;
  private readonly refMemo = new Map<string, Promise<ResolvedRef>>();
  private readonly fileMemo = new Map<string, Promise<FileResult>>();
  private readonly tagMemo = new Map<string, Promise<string[]>>();

  /** @throws ProviderError(`config`) for bad CITATION_MIRRORS or GITHUB_API_URL. */
  constructor(options: SourceReaderOptions) {
    const env = options.env ?? process.env;
    this.offline = options.offline ?? false;
    this.cacheReads = options.cacheReads ?? 'intact';
    const log = options.log;
    this.cache = new CitationCache(options.cacheDir ?? join(options.root, DEFAULT_CACHE_DIR), {
      root: options.root,
      notice: (line) => {
        if (this.notices.includes(line)) return;
        this.notices.push(line);
        log?.(line);
      },
    });
    this.mirrors = new Map(
      [...parseMirrors(env.CITATION_MIRRORS, options.root)].map(([name, dir]) => [
        name,
        createMirrorProvider(name, dir),
      ]),
    );
    this.github = this.offline
      ? undefined
      : createGitHubProvider({ ...githubOptionsFromEnv(env), ...(log ? { log } : {}), ...options.github });
  }

  /** Where a citation's lines are read in this run: its staging repository, or as cited (./staging.ts). */
  target(c: Pick<CitationRef, 'owner' | 'repo' | 'ref' | 'path'>): ReadTarget {
    return readTarget(c, this.mirrors.has('kubernetes/kubernetes'));
  }

  /**
   * Tags of `owner/repo` starting with `prefix`.
   * @throws ProviderError; `unreachable` when offline without a mirror.
   */
  listTags(owner: string, repo: string, prefix: string): Promise<string[]> {
    const k = `${owner}/${repo} ${prefix}`;
    let p = this.tagMemo.get(k);
    if (!p) {
      p = (async () => {
        const provider = this.providerFor(owner, repo);
        if (!provider)
          throw new ProviderError(
            'unreachable',
            `offline: the tags of ${owner}/${repo} were not listed (no CITATION_MIRRORS entry for ${owner}/${repo})`,
          );
        try {
          return await provider.listTags(owner, repo, prefix);
        } catch (e) {
          throw this.seen(e);
        }
      })();
      this.tagMemo.set(k, p);
    }
    return p;
  }

  /**
   * Checks every configured mirror once, so a wrong CITATION_MIRRORS fails a command even when
   * the lock spares it from reading anything.
   * @throws ProviderError(`config`) for the first mirror that is not a git repository.
   */
  async checkMirrors(): Promise<void> {
    for (const m of this.mirrors.values()) await m.check?.();
  }

  /** The provider for `owner/repo` in this run, or undefined (offline without a mirror). */
  providerFor(owner: string, repo: string): SourceProvider | undefined {
    return this.mirrors.get(`${owner}/${repo}`) ?? this.github;
  }

  /** Notes a host-wide problem once, and passes the error on. */
  private seen(e: unknown): unknown {
    if (e instanceof ProviderError && e.host && !this.hostProblems.has(e.host.url))
      this.hostProblems.set(e.host.url, e.host.message);
    return e;
  }

  /**
   * Resolves a ref to a commit. A cached resolution is revalidated with its ETag (one
   * conditional request) when it is intact and, in `confirmed` mode, names `expectCommit`;
   * otherwise the ref is resolved afresh.
   * @throws ProviderError; `unreachable` when offline without a mirror.
   */
  resolve(
    owner: string,
    repo: string,
    ref: string,
    options: { expectCommit?: string | undefined } = {},
  ): Promise<ResolvedRef> {
    const k = `${owner}/${repo}@${ref}`;
    let p = this.refMemo.get(k);
    if (!p) {
      p = (async () => {
        const provider = this.providerFor(owner, repo);
        if (!provider)
          throw new ProviderError(
            'unreachable',
            `offline: ${owner}/${repo}@${ref} was not re-resolved (no CITATION_MIRRORS entry for ${owner}/${repo})`,
          );
        let cached =
          this.cacheReads === 'none'
            ? undefined
            : await this.cache.getRef(owner, repo, ref, provider.name, provider.origin);
        if (cached && this.cacheReads === 'confirmed' && cached.commit !== options.expectCommit) cached = undefined;
        let r;
        try {
          r = await provider.resolveRef(owner, repo, ref, cached);
        } catch (e) {
          throw this.seen(e);
        }
        // Kept from every provider: an offline run holds a lock entry's commit against the last
        // resolution it can find (a mirror is still asked every time it is there; only GitHub's
        // answers carry an etag to revalidate with).
        await this.cache.setRef(owner, repo, ref, {
          commit: r.commit,
          kind: r.kind,
          provider: provider.name,
          origin: provider.origin,
          checkedAt: new Date().toISOString(),
          ...(r.etag ? { etag: r.etag } : {}),
          ...(r.tagObject ? { tagObject: r.tagObject } : {}),
        });
        return { commit: r.commit, provider: provider.name };
      })();
      this.refMemo.set(k, p);
    }
    return p;
  }

  /**
   * A file's normalised lines at a commit: from the cache when its tree entry and bytes pass
   * their checks (and, in `confirmed` mode, the entry names `expectBlobSha`), else from the
   * provider (then cached). Never throws for provider trouble: returns `unavailable` with the reason.
   * @throws ProviderError only for definite failures (`not-found` repo or commit, `not-a-file`, `auth`, `forbidden`, `config`).
   */
  file(
    owner: string,
    repo: string,
    commit: string,
    path: string,
    options: { expectBlobSha?: string | undefined } = {},
  ): Promise<FileResult> {
    const k = `${owner}/${repo}@${commit}:${path}`;
    let p = this.fileMemo.get(k);
    if (!p) {
      p = this.readFile(owner, repo, commit, path, options.expectBlobSha);
      this.fileMemo.set(k, p);
    }
    return p;
  }

  private async readFile(
    owner: string,
    repo: string,
    commit: string,
    path: string,
    expectBlobSha: string | undefined,
  ): Promise<FileResult> {
    const name = `${owner}/${repo}`;
    let unconfirmed: CachedEntry | undefined;
    if (this.cacheReads !== 'none') {
      const entry = await this.cache.getEntry(owner, repo, commit, path);
      // An expected blob is always required; without one, `intact` takes any record that passes its checks.
      const believed = expectBlobSha === undefined ? this.cacheReads === 'intact' : entry?.sha === expectBlobSha;
      if (entry && entry.type === 'file' && believed) {
        const bytes = await this.cache.readBlob(owner, repo, entry.sha);
        if (bytes) {
          return { kind: 'ok', text: fileText(bytes), from: 'cache', entry };
        }
      } else if (entry) {
        unconfirmed = entry;
      }
    }
    const provider = this.providerFor(owner, repo);
    if (!provider) {
      const why = unconfirmed
        ? `offline, and the cached tree entry (blob ${unconfirmed.sha.slice(0, 12)}) is not the blob the lock recorded`
        : `offline and not in ${DEFAULT_CACHE_DIR}`;
      return { kind: 'unavailable', reason: why };
    }
    let fetched;
    try {
      fetched = await provider.fetchFile(owner, repo, commit, path);
    } catch (e) {
      this.seen(e);
      if (isTransient(e))
        return { kind: 'unavailable', reason: (e as ProviderError).message, error: e as ProviderError };
      throw e;
    }
    if (fetched === null) return { kind: 'missing', provider: provider.name };
    const { entry, bytes } = fetched;
    // Whatever the provider, only a regular file whose bytes are the blob it named is used.
    if (entry.type !== 'file') throw notAFile(name, commit, path, entry);
    const actual = gitBlobSha(bytes);
    if (actual !== entry.sha) {
      const error = new ProviderError(
        'server',
        `${provider.description} sent bytes for ${name}@${commit.slice(0, 7)}:${path} that hash to blob ${actual.slice(0, 12)}, not the ${entry.sha.slice(0, 12)} it named; not used. Try again later.`,
      );
      return { kind: 'unavailable', reason: error.message, error };
    }
    await this.cache.writeBlob(owner, repo, entry.sha, bytes);
    await this.cache.setEntry(owner, repo, commit, path, { ...entry, provider: provider.name });
    return { kind: 'ok', text: fileText(bytes), from: provider.name, entry };
  }

  /** Persists ref resolutions (ETags) and tree entries for the next run. */
  flush(): Promise<void> {
    return this.cache.flush();
  }
}

/** Runs `fn` over `items` with at most `limit` in flight; results keep input order. */
export async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}
