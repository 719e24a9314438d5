/**
 * One run's access to upstream sources: picks the provider for each repository
 * (a CITATION_MIRRORS mirror, else GitHub unless offline), consults the cache
 * first, and memoises so each distinct ref and file is asked for once per run.
 * A provider's bytes are used only for a regular file, and only when they hash to the
 * blob SHA of the tree entry the provider named.
 */
import { join } from 'node:path';
import { CitationCache, DEFAULT_CACHE_DIR } from './cache.ts';
import { fileText, gitBlobSha, type FileText } from './hash.ts';
import type { ProviderName } from './lock.ts';
import { createGitHubProvider, githubOptionsFromEnv, type GitHubProviderOptions } from './providers/github.ts';
import { createMirrorProvider, parseMirrors } from './providers/mirror.ts';
import { ProviderError, notAFile, type SourceProvider } from './providers/types.ts';

export interface SourceReaderOptions {
  root: string;
  env?: NodeJS.ProcessEnv;
  /** No network: GitHub is not used; mirrors (local) and the cache still are. */
  offline?: boolean;
  /** Default `<root>/.cache/citations`. */
  cacheDir?: string;
  log?: (line: string) => void;
  /** Overrides of the GitHub options read from env (tests: backoff, waits). */
  github?: Partial<GitHubProviderOptions>;
}

export interface ResolvedRef {
  commit: string;
  provider: ProviderName;
  /** True when a conditional request confirmed the cached commit. */
  revalidated: boolean;
}

export type FileResult =
  | { kind: 'ok'; text: FileText; from: 'cache' | ProviderName }
  | { kind: 'missing'; provider: ProviderName }
  | { kind: 'unavailable'; reason: string; error?: ProviderError };

/** Counts of what this run asked providers for (the fake server counts HTTP requests). */
export interface SourceStats {
  refResolutions: number;
  fileFetches: number;
  cacheHits: number;
}

export class SourceReader {
  readonly cache: CitationCache;
  readonly offline: boolean;
  readonly stats: SourceStats = { refResolutions: 0, fileFetches: 0, cacheHits: 0 };
  private readonly mirrors: Map<string, SourceProvider>;
  private readonly github: SourceProvider | undefined;
  private readonly refMemo = new Map<string, Promise<ResolvedRef>>();
  private readonly fileMemo = new Map<string, Promise<FileResult>>();

  /** @throws ProviderError(`config`) for bad CITATION_MIRRORS or GITHUB_API_URL. */
  constructor(options: SourceReaderOptions) {
    const env = options.env ?? process.env;
    this.offline = options.offline ?? false;
    this.cache = new CitationCache(options.cacheDir ?? join(options.root, DEFAULT_CACHE_DIR));
    this.mirrors = new Map([...parseMirrors(env.CITATION_MIRRORS, options.root)].map(([name, dir]) => [name, createMirrorProvider(name, dir)]));
    const log = options.log;
    this.github = this.offline ? undefined : createGitHubProvider({ ...githubOptionsFromEnv(env), ...(log ? { log } : {}), ...options.github });
  }

  /** The provider for `owner/repo` in this run, or undefined (offline without a mirror). */
  providerFor(owner: string, repo: string): SourceProvider | undefined {
    return this.mirrors.get(`${owner}/${repo}`) ?? this.github;
  }

  /**
   * Resolves a ref to a commit, revalidating a cached resolution with its ETag.
   * @throws ProviderError; `unreachable` when offline without a mirror.
   */
  resolve(owner: string, repo: string, ref: string): Promise<ResolvedRef> {
    const k = `${owner}/${repo}@${ref}`;
    let p = this.refMemo.get(k);
    if (!p) {
      p = (async () => {
        const provider = this.providerFor(owner, repo);
        if (!provider) throw new ProviderError('unreachable', `offline: ${owner}/${repo}@${ref} was not re-resolved (no CITATION_MIRRORS entry for ${owner}/${repo})`);
        const cached = await this.cache.getRef(owner, repo, ref, provider.name);
        this.stats.refResolutions++;
        const r = await provider.resolveRef(owner, repo, ref, cached);
        await this.cache.setRef(owner, repo, ref, {
          commit: r.commit, kind: r.kind, provider: provider.name, checkedAt: new Date().toISOString(),
          ...(r.etag ? { etag: r.etag } : {}),
        });
        return { commit: r.commit, provider: provider.name, revalidated: r.notModified };
      })();
      this.refMemo.set(k, p);
    }
    return p;
  }

  /**
   * A file's normalised lines at a commit: from the cache, else from the provider
   * (then cached). Never throws for provider trouble: returns `unavailable` with the reason.
   * @throws ProviderError only for definite failures (`not-found` repo or commit, `not-a-file`, `auth`, `forbidden`, `config`).
   */
  file(owner: string, repo: string, commit: string, path: string): Promise<FileResult> {
    const k = `${owner}/${repo}@${commit}:${path}`;
    let p = this.fileMemo.get(k);
    if (!p) {
      p = (async (): Promise<FileResult> => {
        const cached = await this.cache.readContent(owner, repo, commit, path);
        if (cached) {
          this.stats.cacheHits++;
          return { kind: 'ok', text: fileText(cached), from: 'cache' };
        }
        const provider = this.providerFor(owner, repo);
        if (!provider) return { kind: 'unavailable', reason: `offline and not in ${DEFAULT_CACHE_DIR}` };
        this.stats.fileFetches++;
        let fetched;
        try {
          fetched = await provider.fetchFile(owner, repo, commit, path);
        } catch (e) {
          if (e instanceof ProviderError && (e.kind === 'unreachable' || e.kind === 'rate-limit' || e.kind === 'server')) {
            return { kind: 'unavailable', reason: e.message, error: e };
          }
          throw e;
        }
        if (fetched === null) return { kind: 'missing', provider: provider.name };
        const { entry, bytes } = fetched;
        // Whatever the provider, only a regular file whose bytes are the blob it named is used.
        if (entry.type !== 'file') throw notAFile(`${owner}/${repo}`, commit, path, entry);
        const actual = gitBlobSha(bytes);
        if (actual !== entry.sha) {
          const error = new ProviderError('server', `${provider.description} sent bytes for ${owner}/${repo}@${commit.slice(0, 7)}:${path} that hash to blob ${actual.slice(0, 12)}, not the ${entry.sha.slice(0, 12)} it named; not used. Try again later.`);
          return { kind: 'unavailable', reason: error.message, error };
        }
        await this.cache.writeContent(owner, repo, commit, path, bytes);
        return { kind: 'ok', text: fileText(bytes), from: provider.name };
      })();
      this.fileMemo.set(k, p);
    }
    return p;
  }

  /** Persists ref resolutions (ETags) for the next run. */
  flush(): Promise<void> {
    return this.cache.flush();
  }
}

/** Runs `fn` over `items` with at most `limit` in flight; results keep input order. */
export async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
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

/**
 * A reader built from the options every command takes (pin, verify, relocate, outdated).
 * Optional fields stay absent rather than `undefined` (exactOptionalPropertyTypes).
 * @throws ProviderError for a bad CITATION_MIRRORS or GITHUB_API_URL (a configuration error).
 */
export function readerFor(options: {
  root: string;
  env?: NodeJS.ProcessEnv | undefined;
  offline?: boolean | undefined;
  cacheDir?: string | undefined;
  log?: ((line: string) => void) | undefined;
  github?: Partial<GitHubProviderOptions> | undefined;
}): SourceReader {
  return new SourceReader({
    root: options.root,
    env: options.env ?? process.env,
    offline: options.offline ?? false,
    ...(options.cacheDir ? { cacheDir: options.cacheDir } : {}),
    ...(options.log ? { log: options.log } : {}),
    ...(options.github ? { github: options.github } : {}),
  });
}
