/**
 * `.cache/citations/` (git-ignored). Nothing in it is trusted: every read is checked, and a
 * record or file that fails a check is discarded (with a notice) so the caller fetches again.
 *
 *   <owner>/<repo>/blobs/<2 hex>/<38 hex>  file bytes, filed under their git blob SHA;
 *                                          a read re-hashes them and compares.
 *   <owner>/<repo>/trees/<commit>.json     per path, the tree entry that names it at that commit,
 *                                          as the provider reported it (type, mode when known, blob
 *                                          SHA, size), each record with a checksum.
 *   <owner>/<repo>/refs.json               ref resolutions with their ETags, each record with a
 *                                          checksum over repository, ref, provider, origin, kind,
 *                                          commit, tag object and ETag.
 *
 * Files must be regular files inside the cache directory (a symlink is discarded, never followed).
 * The checksums catch corruption and hand edits, not a deliberate forgery (whoever can write the
 * cache can recompute them); that is why the source reader uses a cached answer only when the lock
 * confirms it, and `pin --refresh` reads nothing from here. Nothing here holds credentials.
 */
import { createHash } from 'node:crypto';
import { constants } from 'node:fs';
import { mkdir, open, realpath, unlink } from 'node:fs/promises';
import { dirname, relative, resolve, sep } from 'node:path';
import writeFileAtomic from 'write-file-atomic';
import { z } from 'zod';
import { gitBlobSha } from './hash.ts';
import { formatIssues } from './lock.ts';
import type { ProviderName } from './lock.ts';
import type { CachedResolution, TreeEntry } from './providers/types.ts';

export const DEFAULT_CACHE_DIR = '.cache/citations';

const SHA1 = /^[0-9a-f]{40}$/;

/** A ref resolution as cached. */
export interface CachedRef extends CachedResolution {
  provider: ProviderName;
  /** Where it was resolved: the API URL (no credentials) or the mirror path. */
  origin: string;
  /** ISO time of the last resolution or revalidation (informational, not covered by the checksum). */
  checkedAt: string;
}

/** A tree entry as cached, with who reported it. */
export interface CachedEntry extends TreeEntry {
  provider: ProviderName;
}

const RefRecordSchema = z.strictObject({
  provider: z.enum(['github', 'mirror']),
  origin: z.string().min(1),
  kind: z.enum(['tag', 'branch', 'commit']),
  commit: z.string().regex(SHA1, 'expected a 40-hex commit SHA'),
  tagObject: z.string().regex(SHA1, 'expected a 40-hex tag object SHA').optional(),
  etag: z.string().min(1).optional(),
  checkedAt: z.string(),
  checksum: z.string().regex(/^[0-9a-f]{64}$/, 'expected a sha256 checksum'),
});

const EntryRecordSchema = z.strictObject({
  type: z.enum(['file', 'dir', 'symlink', 'submodule']),
  mode: z
    .string()
    .regex(/^[0-7]{6}$/, 'expected a git file mode such as 100644')
    .optional(),
  sha: z.string().regex(SHA1, 'expected a 40-hex object SHA'),
  size: z.number().int().nonnegative().optional(),
  provider: z.enum(['github', 'mirror']),
  checksum: z.string().regex(/^[0-9a-f]{64}$/, 'expected a sha256 checksum'),
});

const RefsFileSchema = z.strictObject({ version: z.literal(2), refs: z.record(z.string(), z.unknown()) });
const TreeFileSchema = z.strictObject({
  version: z.literal(1),
  commit: z.string().regex(SHA1),
  entries: z.record(z.string(), z.unknown()),
});

type RefRecord = z.infer<typeof RefRecordSchema>;
type EntryRecord = z.infer<typeof EntryRecordSchema>;

function checksum(parts: unknown[]): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}

/** The checksum a refs.json record carries (exported for tests that forge one). */
export function refChecksum(
  repo: string,
  ref: string,
  r: Pick<CachedRef, 'provider' | 'origin' | 'kind' | 'commit'> & {
    tagObject?: string | undefined;
    etag?: string | undefined;
  },
): string {
  return checksum(['ref/2', repo, ref, r.provider, r.origin, r.kind, r.commit, r.tagObject ?? null, r.etag ?? null]);
}

/** The checksum a trees/<commit>.json record carries (exported for tests that forge one). */
export function entryChecksum(
  repo: string,
  commit: string,
  path: string,
  e: Pick<CachedEntry, 'provider' | 'type' | 'sha'> & { mode?: string | undefined; size?: number | undefined },
): string {
  return checksum(['entry/1', repo, commit, path, e.provider, e.type, e.mode ?? null, e.sha, e.size ?? null]);
}

const NOT_THERE = new Set(['ENOENT', 'ENOTDIR']);

/** Reads and writes the citation cache under one directory. */
export class CitationCache {
  readonly dir: string;
  private readonly notice: (line: string) => void;
  private readonly displayRoot: string;
  private realDir: Promise<string | undefined> | undefined;
  private readonly refs = new Map<string, Promise<Map<string, RefRecord>>>();
  private readonly trees = new Map<string, Promise<Map<string, EntryRecord>>>();
  private readonly dirty = new Set<string>();

  /**
   * @param dir - absolute cache directory, e.g. `<root>/.cache/citations`.
   * @param options.notice - told about every record or file discarded, and why.
   * @param options.root - paths in notices are shown relative to it.
   */
  constructor(dir: string, options: { notice?: (line: string) => void; root?: string } = {}) {
    this.dir = resolve(dir);
    this.notice = options.notice ?? (() => {});
    this.displayRoot = options.root ? resolve(options.root) : process.cwd();
  }

  private show(p: string): string {
    const r = relative(this.displayRoot, p);
    return r.startsWith('..') ? p : r;
  }

  /**
   * A path under the cache. @throws Error when the parts would escape it (they come from
   * validated citation refs, so this is a guard).
   */
  private inside(...parts: string[]): string {
    const p = resolve(this.dir, ...parts);
    if (!p.startsWith(this.dir + sep)) throw new Error(`Citation path escapes the cache: ${parts.join('/')}`);
    return p;
  }

  /** Where the bytes of blob `sha` of `owner/repo` live. */
  blobPath(owner: string, repo: string, sha: string): string {
    if (!SHA1.test(sha)) throw new Error(`Not a blob SHA: ${sha}`);
    return this.inside(owner, repo, 'blobs', sha.slice(0, 2), sha.slice(2));
  }

  private refsFile(owner: string, repo: string): string {
    return this.inside(owner, repo, 'refs.json');
  }

  private treeFile(owner: string, repo: string, commit: string): string {
    if (!SHA1.test(commit)) throw new Error(`Not a full commit SHA: ${commit}`);
    return this.inside(owner, repo, 'trees', `${commit}.json`);
  }

  /** Whether `p`'s directory really lies inside the cache (no symlinked directory on the way). */
  private async parentInside(p: string): Promise<boolean> {
    this.realDir ??= realpath(this.dir).catch(() => undefined);
    const root = await this.realDir;
    if (!root) return false;
    try {
      const parent = await realpath(dirname(p));
      return parent === root || parent.startsWith(root + sep);
    } catch {
      return false;
    }
  }

  /**
   * The bytes of a regular file in the cache, or undefined when absent. A symlink, a
   * non-file or a file reached through a symlinked directory is discarded with a notice.
   */
  private async readRegular(p: string): Promise<Buffer | undefined> {
    let handle;
    try {
      // O_NONBLOCK: opening a FIFO planted in the cache must not wait for a writer (the stat below refuses it).
      handle = await open(p, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code ?? '';
      if (NOT_THERE.has(code)) return undefined;
      if (code === 'ELOOP' || code === 'EMLINK') {
        await this.discard(p, 'it is a symbolic link, not a file');
        return undefined;
      }
      if (code === 'EISDIR') {
        this.notice(`Ignored ${this.show(p)}: it is a directory, not a cache file; remove it.`);
        return undefined;
      }
      throw e;
    }
    try {
      if (!(await handle.stat()).isFile()) {
        this.notice(`Ignored ${this.show(p)}: not a regular file; remove it.`);
        return undefined;
      }
      if (!(await this.parentInside(p))) {
        this.notice(
          `Ignored ${this.show(p)}: it lies outside ${this.show(this.dir)} (a symbolic link on the way); remove the link.`,
        );
        return undefined;
      }
      return await handle.readFile();
    } finally {
      await handle.close();
    }
  }

  /** Removes a cache file that failed a check (the file or link itself, never a link's target). */
  private async discard(p: string, why: string, then = 'it is fetched again'): Promise<void> {
    this.notice(`Discarded ${this.show(p)}: ${why}; ${then}.`);
    await unlink(p).catch(() => {});
  }

  /**
   * Atomic write (write-file-atomic: temp file, then rename) into a real directory of the cache. The cache only saves requests,
   * so a write that fails (a directory or a file where the path needs the other, no space) is a
   * notice naming the path, never an error of the command.
   */
  private async writeAtomic(p: string, data: string | Uint8Array): Promise<void> {
    try {
      await mkdir(dirname(p), { recursive: true });
      this.realDir = undefined; // the root may have just been created
      if (!(await this.parentInside(p))) {
        this.notice(`Not written: ${this.show(p)} lies outside ${this.show(this.dir)} (a symbolic link on the way).`);
        return;
      }
      await writeFileAtomic(p, typeof data === 'string' ? data : Buffer.from(data));
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      const why =
        code === 'EISDIR' || code === 'ENOTEMPTY' || code === 'EEXIST' || code === 'ENOTDIR'
          ? 'a directory or file is in the way'
          : (e as Error).message;
      this.notice(`Not written: ${this.show(p)} (${why}); remove it, or the whole ${this.show(this.dir)}.`);
    }
  }

  /**
   * The bytes of blob `sha`, only if they hash to `sha` (else the file is discarded).
   * @returns undefined when absent or discarded.
   */
  async readBlob(owner: string, repo: string, sha: string): Promise<Uint8Array | undefined> {
    const p = this.blobPath(owner, repo, sha);
    const bytes = await this.readRegular(p);
    if (!bytes) return undefined;
    const actual = gitBlobSha(bytes);
    if (actual !== sha) {
      await this.discard(
        p,
        `its bytes hash to blob ${actual.slice(0, 12)}, not the ${sha.slice(0, 12)} it is filed under (edited or corrupt)`,
      );
      return undefined;
    }
    return bytes;
  }

  /** Stores blob bytes under their SHA. @throws Error when the bytes do not hash to `sha`. */
  async writeBlob(owner: string, repo: string, sha: string, bytes: Uint8Array): Promise<void> {
    if (gitBlobSha(bytes) !== sha)
      throw new Error(`Refusing to cache bytes under blob ${sha}: they hash to ${gitBlobSha(bytes)}.`);
    await this.writeAtomic(this.blobPath(owner, repo, sha), bytes);
  }

  /** Parses a cache JSON file; a file that is unreadable as a whole is discarded. */
  private async loadJson<T>(
    file: string,
    schema: z.ZodType<T>,
    what: string,
    legacy?: (data: unknown) => boolean,
  ): Promise<T | undefined> {
    const raw = await this.readRegular(file);
    if (!raw) return undefined;
    let data: unknown;
    try {
      data = JSON.parse(raw.toString('utf8'));
    } catch (e) {
      await this.discard(file, `not valid JSON (${(e as Error).message})`, what);
      return undefined;
    }
    if (legacy?.(data)) return undefined; // an older cache format: replaced on the next write
    const parsed = schema.safeParse(data);
    if (!parsed.success) {
      await this.discard(file, formatIssues(parsed.error.issues, data), what);
      return undefined;
    }
    return parsed.data;
  }

  private loadRefs(owner: string, repo: string): Promise<Map<string, RefRecord>> {
    const k = `${owner}/${repo}`;
    let p = this.refs.get(k);
    if (!p) {
      p = (async () => {
        const out = new Map<string, RefRecord>();
        const file = this.refsFile(owner, repo);
        const data = await this.loadJson(
          file,
          RefsFileSchema,
          'its refs are resolved afresh',
          (d) => typeof d === 'object' && d !== null && !Array.isArray(d) && !('version' in d),
        );
        for (const [ref, raw] of Object.entries(data?.refs ?? {})) {
          const r = RefRecordSchema.safeParse(raw);
          if (!r.success) {
            this.notice(
              `Discarded the record of ${ref} in ${this.show(file)}: ${formatIssues(r.error.issues, raw, 'the record')}; it is resolved afresh.`,
            );
            this.dirty.add(`refs:${k}`);
            continue;
          }
          if (r.data.checksum !== refChecksum(k, ref, r.data)) {
            this.notice(
              `Discarded the record of ${ref} in ${this.show(file)}: its checksum does not match its fields (edited or corrupt); it is resolved afresh.`,
            );
            this.dirty.add(`refs:${k}`);
            continue;
          }
          out.set(ref, r.data);
        }
        return out;
      })();
      this.refs.set(k, p);
    }
    return p;
  }

  /** The last resolution of `ref` by `provider` at `origin`, if its record is intact. */
  async getRef(
    owner: string,
    repo: string,
    ref: string,
    provider: ProviderName,
    origin: string,
  ): Promise<CachedRef | undefined> {
    const r = (await this.loadRefs(owner, repo)).get(ref);
    if (!r || r.provider !== provider || r.origin !== origin) return undefined;
    return {
      provider: r.provider,
      origin: r.origin,
      kind: r.kind,
      commit: r.commit,
      checkedAt: r.checkedAt,
      ...(r.etag !== undefined ? { etag: r.etag } : {}),
      ...(r.tagObject !== undefined ? { tagObject: r.tagObject } : {}),
    };
  }

  /**
   * The last resolution of `ref` recorded by any provider, if its record is intact: what an offline
   * run can hold a lock entry's commit against.
   */
  async anyRef(owner: string, repo: string, ref: string): Promise<Pick<CachedRef, 'commit' | 'provider'> | undefined> {
    const r = (await this.loadRefs(owner, repo)).get(ref);
    return r ? { commit: r.commit, provider: r.provider } : undefined;
  }

  /** Records a resolution in memory; {@link flush} writes it. */
  async setRef(owner: string, repo: string, ref: string, value: CachedRef): Promise<void> {
    const k = `${owner}/${repo}`;
    const record = RefRecordSchema.parse({ ...value, checksum: refChecksum(k, ref, value) });
    (await this.loadRefs(owner, repo)).set(ref, record);
    this.dirty.add(`refs:${k}`);
  }

  private loadTree(owner: string, repo: string, commit: string): Promise<Map<string, EntryRecord>> {
    const k = `${owner}/${repo}@${commit}`;
    let p = this.trees.get(k);
    if (!p) {
      p = (async () => {
        const out = new Map<string, EntryRecord>();
        const file = this.treeFile(owner, repo, commit);
        const data = await this.loadJson(file, TreeFileSchema, 'its files are fetched again');
        if (data && data.commit !== commit) {
          await this.discard(file, `it describes commit ${data.commit.slice(0, 12)}, not ${commit.slice(0, 12)}`);
          return out;
        }
        for (const [path, raw] of Object.entries(data?.entries ?? {})) {
          const r = EntryRecordSchema.safeParse(raw);
          const why = !r.success
            ? formatIssues(r.error.issues, raw, 'the entry')
            : r.data.checksum !== entryChecksum(`${owner}/${repo}`, commit, path, r.data)
              ? 'its checksum does not match its fields (edited or corrupt)'
              : undefined;
          if (why || !r.success) {
            this.notice(`Discarded the entry of ${path} in ${this.show(file)}: ${why}; it is fetched again.`);
            this.dirty.add(`tree:${k}`);
            continue;
          }
          out.set(path, r.data);
        }
        return out;
      })();
      this.trees.set(k, p);
    }
    return p;
  }

  /** The tree entry recorded for `path` at `commit`, if its record is intact. */
  async getEntry(owner: string, repo: string, commit: string, path: string): Promise<CachedEntry | undefined> {
    const r = (await this.loadTree(owner, repo, commit)).get(path);
    if (!r) return undefined;
    return {
      path,
      type: r.type,
      sha: r.sha,
      provider: r.provider,
      ...(r.mode !== undefined ? { mode: r.mode } : {}),
      ...(r.size !== undefined ? { size: r.size } : {}),
    };
  }

  /** Records a tree entry in memory; {@link flush} writes it. */
  async setEntry(owner: string, repo: string, commit: string, path: string, entry: CachedEntry): Promise<void> {
    const { path: _reported, ...fields } = entry;
    const record = EntryRecordSchema.parse({
      ...fields,
      checksum: entryChecksum(`${owner}/${repo}`, commit, path, entry),
    });
    (await this.loadTree(owner, repo, commit)).set(path, record);
    this.dirty.add(`tree:${owner}/${repo}@${commit}`);
  }

  /** Writes changed refs.json and trees/<commit>.json files (sorted keys). */
  async flush(): Promise<void> {
    for (const d of [...this.dirty].sort()) {
      const [kind, k] = d.split(/:(.*)/s) as [string, string];
      if (kind === 'refs') {
        const [owner, repo] = k.split('/') as [string, string];
        const refs = await this.loadRefs(owner, repo);
        const sorted = Object.fromEntries([...refs.keys()].sort().map((r) => [r, refs.get(r)]));
        await this.writeAtomic(
          this.refsFile(owner, repo),
          `${JSON.stringify({ version: 2, refs: sorted }, null, 2)}\n`,
        );
      } else {
        const [name, commit] = k.split('@') as [string, string];
        const [owner, repo] = name.split('/') as [string, string];
        const entries = await this.loadTree(owner, repo, commit);
        const sorted = Object.fromEntries([...entries.keys()].sort().map((p) => [p, entries.get(p)]));
        await this.writeAtomic(
          this.treeFile(owner, repo, commit),
          `${JSON.stringify({ version: 1, commit, entries: sorted }, null, 2)}\n`,
        );
      }
    }
    this.dirty.clear();
  }
}
