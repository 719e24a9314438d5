/**
 * citations.lock.json: generated, committed, sorted for stable diffs. It records
 * what each citation resolved to (issue 3, "The lock") and never upstream text.
 */
import { readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { NORMALISATION } from './hash.ts';
import { citationKey, parseCitationRef } from './ref.ts';

export const LOCK_FILE = 'citations.lock.json';
export const LOCK_VERSION = 1;

export type ProviderName = 'github' | 'mirror';

/** A lock entry; one per distinct (repo, ref, path, range). */
export interface LockEntry {
  /** Canonical citation ref text, also the sort key. */
  key: string;
  /** `owner/repo`. */
  repo: string;
  ref: string;
  path: string;
  start: number;
  end: number;
  /** `pending`: no provider was reachable at pin time; the fields below are absent. */
  status: 'pinned' | 'pending';
  /** Full commit SHA the ref resolved to. */
  commit?: string;
  /** Git blob SHA of the whole file at `commit`. */
  blobSha?: string;
  /** Lines in the file at `commit` (see the `normalisation` header). */
  lineCount?: number;
  /** sha256 of the cited lines, lowercase hex (see the `normalisation` header). */
  sha256?: string;
  /** ISO 8601 time the entry was written (pinned, or recorded as pending). */
  pinnedAt: string;
  /** Which provider supplied the commit and lines; absent when pending. */
  provider?: ProviderName;
}

export interface Lock {
  entries: Map<string, LockEntry>;
}

/** Thrown when the lock file exists but cannot be used; the message says how to fix it. */
export class LockFileError extends Error {
  override name = 'LockFileError';
}

const FIELD_ORDER: Array<keyof LockEntry> = ['key', 'repo', 'ref', 'path', 'start', 'end', 'status', 'commit', 'blobSha', 'lineCount', 'sha256', 'pinnedAt', 'provider'];

/** An empty lock. */
export function emptyLock(): Lock {
  return { entries: new Map() };
}

/**
 * Reads `<root>/citations.lock.json`; a missing file is an empty lock.
 *
 * @throws LockFileError for invalid JSON, an unknown version or malformed entries.
 */
export async function readLock(root: string): Promise<Lock> {
  const file = join(root, LOCK_FILE);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return emptyLock();
    throw e;
  }
  return parseLock(text);
}

/** Parses lock text; see {@link readLock}. */
export function parseLock(text: string): Lock {
  const bad = (why: string): never => {
    throw new LockFileError(`${LOCK_FILE} is invalid: ${why}. It is generated: restore it from git, or delete it and run \`npm run cite -- pin\`.`);
  };
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    return bad(`not JSON (${(e as Error).message})`);
  }
  if (!data || typeof data !== 'object') return bad('not an object');
  const d = data as { version?: unknown; entries?: unknown };
  if (d.version !== LOCK_VERSION) return bad(`version ${String(d.version)} is not ${LOCK_VERSION}`);
  if (!Array.isArray(d.entries)) return bad('"entries" is not an array');
  const lock = emptyLock();
  for (const raw of d.entries as unknown[]) {
    const e = raw as Partial<LockEntry>;
    if (!e || typeof e.key !== 'string') return bad('an entry has no "key"');
    if (e.status !== 'pinned' && e.status !== 'pending') return bad(`entry ${e.key} has status ${String(e.status)}`);
    if (e.status === 'pinned') {
      for (const f of ['commit', 'blobSha', 'sha256'] as const) if (typeof e[f] !== 'string') bad(`pinned entry ${e.key} has no "${f}"`);
      if (typeof e.lineCount !== 'number') bad(`pinned entry ${e.key} has no "lineCount"`);
    }
    if (lock.entries.has(e.key)) return bad(`entry ${e.key} appears twice`);
    lock.entries.set(e.key, e as LockEntry);
  }
  return lock;
}

/**
 * Whether an entry's own fields agree with its key (a hand-edited lock may not).
 * @returns a description of the first disagreement, or undefined.
 */
export function entryMismatch(entry: LockEntry): string | undefined {
  let ref;
  try {
    ref = parseCitationRef(entry.key);
  } catch {
    return `its key "${entry.key}" is not a citation ref`;
  }
  if (citationKey(ref) !== entry.key) return `its key is not canonical (${citationKey(ref)})`;
  const expected = { repo: `${ref.owner}/${ref.repo}`, ref: ref.ref, path: ref.path, start: ref.start, end: ref.end };
  for (const [k, v] of Object.entries(expected)) {
    if (entry[k as keyof LockEntry] !== v) return `its ${k} is ${JSON.stringify(entry[k as keyof LockEntry])}, the key says ${JSON.stringify(v)}`;
  }
  return undefined;
}

/**
 * Serialises a lock: entries sorted by key (code-unit order, locale-independent),
 * fields in a fixed order, two-space indent, trailing newline.
 */
export function serializeLock(lock: Lock): string {
  const keys = [...lock.entries.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const entries = keys.map((k) => {
    const e = lock.entries.get(k)!;
    const o: Record<string, unknown> = {};
    for (const f of FIELD_ORDER) if (e[f] !== undefined) o[f] = e[f];
    return o;
  });
  return `${JSON.stringify({ version: LOCK_VERSION, normalisation: NORMALISATION, entries }, null, 2)}\n`;
}

/** Writes the lock atomically (temp file + rename), so an interrupted run leaves the old lock. */
export async function writeLock(root: string, lock: Lock): Promise<void> {
  const file = join(root, LOCK_FILE);
  const tmp = `${file}.${process.pid}.tmp`;
  await writeFile(tmp, serializeLock(lock));
  await rename(tmp, file);
}
