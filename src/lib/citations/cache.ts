/**
 * `.cache/citations/` (git-ignored): file bytes keyed by repo, commit and path
 * (`<owner>/<repo>/<commit>/<path>`), and ref resolutions with their ETags
 * (`<owner>/<repo>/refs.json`). Content at a commit never changes, so a cached
 * file is never fetched again; a ref can move, so it is revalidated with If-None-Match.
 * Nothing here holds credentials.
 */
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { ProviderName } from './lock.ts';
import type { CachedResolution } from './providers/types.ts';

export const DEFAULT_CACHE_DIR = '.cache/citations';

export interface CachedRef extends CachedResolution {
  provider: ProviderName;
  /** ISO time of the last resolution or revalidation. */
  checkedAt: string;
}

const COMMIT = /^[0-9a-f]{40}$/;

/** Reads and writes the citation cache under one directory. */
export class CitationCache {
  readonly dir: string;
  private readonly refs = new Map<string, Promise<Record<string, CachedRef>>>();
  private readonly dirtyRepos = new Set<string>();

  /** @param dir - absolute cache directory, e.g. `<root>/.cache/citations`. */
  constructor(dir: string) {
    this.dir = resolve(dir);
  }

  /**
   * Where a file's bytes live. @throws Error when the parts would escape the cache
   * (they come from validated citation refs, so this is a guard, not a path).
   */
  contentPath(owner: string, repo: string, commit: string, path: string): string {
    if (!COMMIT.test(commit)) throw new Error(`Not a full commit SHA: ${commit}`);
    const p = resolve(this.dir, owner, repo, commit, ...path.split('/'));
    if (!p.startsWith(this.dir + sep)) throw new Error(`Citation path escapes the cache: ${owner}/${repo}:${path}`);
    return p;
  }

  /** Cached bytes, or undefined when not cached. */
  async readContent(owner: string, repo: string, commit: string, path: string): Promise<Uint8Array | undefined> {
    try {
      return await readFile(this.contentPath(owner, repo, commit, path));
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR') return undefined;
      throw e;
    }
  }

  /** Stores bytes atomically (temp + rename), so a reader never sees a partial file. */
  async writeContent(owner: string, repo: string, commit: string, path: string, bytes: Uint8Array): Promise<void> {
    const p = this.contentPath(owner, repo, commit, path);
    await mkdir(dirname(p), { recursive: true });
    const tmp = `${p}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
    await writeFile(tmp, bytes);
    await rename(tmp, p);
  }

  private refsFile(owner: string, repo: string): string {
    return join(this.dir, owner, repo, 'refs.json');
  }

  private loadRefs(owner: string, repo: string): Promise<Record<string, CachedRef>> {
    const k = `${owner}/${repo}`;
    let p = this.refs.get(k);
    if (!p) {
      p = readFile(this.refsFile(owner, repo), 'utf8').then(
        (t) => {
          try {
            const data = JSON.parse(t) as unknown;
            return data && typeof data === 'object' ? (data as Record<string, CachedRef>) : {};
          } catch {
            return {}; // a corrupt cache entry only costs a fresh resolution
          }
        },
        () => ({}),
      );
      this.refs.set(k, p);
    }
    return p;
  }

  /** The last resolution of `ref` through `provider`, if any. */
  async getRef(owner: string, repo: string, ref: string, provider: ProviderName): Promise<CachedRef | undefined> {
    const r = (await this.loadRefs(owner, repo))[ref];
    return r && r.provider === provider && COMMIT.test(r.commit) ? r : undefined;
  }

  /** Records a resolution in memory; {@link flush} writes it. */
  async setRef(owner: string, repo: string, ref: string, value: CachedRef): Promise<void> {
    (await this.loadRefs(owner, repo))[ref] = value;
    this.dirtyRepos.add(`${owner}/${repo}`);
  }

  /** Writes changed refs.json files (sorted keys). */
  async flush(): Promise<void> {
    for (const k of [...this.dirtyRepos].sort()) {
      const [owner, repo] = k.split('/') as [string, string];
      const refs = await this.loadRefs(owner, repo);
      const sorted = Object.fromEntries(Object.keys(refs).sort().map((r) => [r, refs[r]]));
      const file = this.refsFile(owner, repo);
      await mkdir(dirname(file), { recursive: true });
      const tmp = `${file}.${process.pid}.tmp`;
      await writeFile(tmp, `${JSON.stringify(sorted, null, 2)}\n`);
      await rename(tmp, file);
    }
    this.dirtyRepos.clear();
  }
}
