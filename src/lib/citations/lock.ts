/**
 * citations.lock.json: generated, committed, sorted for stable diffs. It records
 * what each citation resolved to (commit, blob, line count, hash of the cited lines, and for a `<Value>` the
 * short constant its pattern captured) and never other upstream text.
 * Read through a zod schema, so a malformed file is an error naming the entry and the field.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import writeFileAtomic from 'write-file-atomic';
import { z } from 'zod';
import { NORMALISATION } from './hash.ts';
import { citationKey, citationPermalink, parseCitationRef } from './ref.ts';
import { earlierTagsOfLine, stagingTarget } from './staging.ts';
import { MAX_VALUE_LENGTH } from './value.ts';

export const LOCK_FILE = 'citations.lock.json';
const LOCK_VERSION = 1;

export interface Lock {
  entries: Map<string, LockEntry>;
}

/** Thrown when the lock file exists but cannot be used; the message says how to fix it. */
export class LockFileError extends Error {
  override name = 'LockFileError';
}

const FIELD_ORDER: Array<keyof LockEntry> = [
  'key',
  'repo',
  'ref',
  'path',
  'start',
  'end',
  'status',
  'read',
  'commit',
  'blobSha',
  'lineCount',
  'sha256',
  'values',
  'pinnedAt',
  'provider',
];

/** Fields every entry kind has. */
const entryBase = {
  /** Canonical citation ref text, also the sort key. */
  key: z.string().min(1, 'expected the citation ref'),
  /** `owner/repo`. */
  repo: z.string().regex(/^(?!\.+\/)[A-Za-z0-9_.-]+\/(?!\.+$)[A-Za-z0-9_.-]+$/, 'expected owner/repo'),
  ref: z.string().min(1, 'expected a tag, branch or commit'),
  path: z.string().min(1, 'expected a path in the repository'),
  /** First and last cited line, 1-based. */
  start: z.number().int('expected a whole line number').positive('expected a line number of at least 1'),
  end: z.number().int('expected a whole line number').positive('expected a line number of at least 1'),
  /** ISO 8601 time the entry was written (pinned, or recorded as pending). */
  pinnedAt: z.iso.datetime({ offset: true, error: 'expected an ISO 8601 time such as 2024-01-01T00:00:00.000Z' }),
};

const ReadLocationSchema = z.strictObject({
  repo: entryBase.repo,
  ref: entryBase.ref,
  path: entryBase.path,
});

/** What was read and hashed: a commit and the hashes of the file and of the cited lines. */
const checked = {
  /** Full commit SHA the ref resolved to. */
  commit: z.string().regex(/^[0-9a-f]{40}$/, 'expected a full 40-hex commit SHA'),
  /** Git blob SHA of the whole file at `commit`. */
  blobSha: z.string().regex(/^[0-9a-f]{40}$/, 'expected a 40-hex git blob SHA'),
  /** Lines in the file at `commit`, and the sha256 of the cited lines (see the `normalisation` header). */
  lineCount: z.number().int('expected a whole number of lines').nonnegative('expected a number of lines'),
  sha256: z.string().regex(/^[0-9a-f]{64}$/, 'expected a lowercase 64-hex sha256'),
  /** Which provider supplied the commit and lines (optional in older locks). */
  provider: z.enum(['github', 'mirror']).optional(),
  /** Pattern as written → the value it captured, at most {@link MAX_VALUE_LENGTH} characters (./value.ts). */
  values: z
    .record(
      z.string().min(1, 'expected a pattern'),
      z.string().max(MAX_VALUE_LENGTH, `expected a value of at most ${MAX_VALUE_LENGTH} characters`),
    )
    .optional(),
};

/** A pinned entry: the ref's commit and the hashes of the file and of the cited lines. */
const PinnedEntrySchema = z.strictObject({
  ...entryBase,
  status: z.literal('pinned'),
  read: ReadLocationSchema.optional(),
  ...checked,
});

/** A provisional entry: checked at an earlier tag (`read`), because the cited one could not be read. */
const ProvisionalEntrySchema = z.strictObject({
  ...entryBase,
  status: z.literal('provisional'),
  read: ReadLocationSchema,
  ...checked,
});

/** A pending entry: recorded, not pinned; it has no commit or hashes. */
const PendingEntrySchema = z.strictObject({
  ...entryBase,
  status: z.literal('pending'),
});

/** Any lock entry, by its `status`. */
const LockEntrySchema = z.discriminatedUnion('status', [PinnedEntrySchema, ProvisionalEntrySchema, PendingEntrySchema]);

/**
 * A lock entry as the engine handles it: one per distinct (repo, ref, path, range), with every
 * field any kind has, those a kind may lack optional. The schemas above say which kind has which:
 * - `pinned`: the cited ref resolved to `commit` and the lines were hashed there;
 * - `provisional`: the cited ref could not be read, so the lines were checked at an earlier tag of
 *   the same release line (`read.ref`); never shown as verified, and strict builds fail on it;
 * - `pending`: not pinned yet (no source was configured or reachable); no commit or hashes.
 * `read` names where the lines were read when that is not the cited repository, ref and path (a
 * Kubernetes staging path is read from its published repository, ./staging.ts, and a provisional
 * entry names the earlier tag it was checked at); `commit`, `blobSha` and the hashes then belong
 * to it. `values` holds, for `<Value>` citations of the lines, what each pattern captured.
 */
export type LockEntry = AnyKind<z.infer<typeof LockEntrySchema>>;
/** The fields all kinds of a union share, as they are, and those only some have, optional. */
type AnyKind<U> = Pick<U, keyof U> & {
  [K in U extends unknown ? keyof U : never]?: U extends unknown ? (K extends keyof U ? U[K] : never) : never;
};

/** A repository, ref and path the engine read instead of the cited ones. */
export type ReadLocation = z.infer<typeof ReadLocationSchema>;
/** Which provider supplied an entry's commit and lines. */
export type ProviderName = NonNullable<LockEntry['provider']>;

const LockFileSchema = z.strictObject({
  version: z.literal(LOCK_VERSION),
  normalisation: z.string().optional(),
  entries: z.array(z.unknown()),
});

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

/**
 * Parses lock text; see {@link readLock}. Messages name the file, the entry (its key and
 * index) and the field, e.g. `entry "a/b@v1:x.go#L1" (entries[3]): field "commit": expected a full 40-hex commit SHA, got "abc"`.
 */
export function parseLock(text: string): Lock {
  const bad = (why: string): never => {
    throw new LockFileError(
      `${LOCK_FILE} is invalid: ${why}. It is generated: restore it from git, or delete it and run \`npm run cite -- pin\`.`,
    );
  };
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    return bad(`not JSON (${(e as Error).message})`);
  }
  const file = LockFileSchema.safeParse(data);
  if (!file.success) return bad(formatIssues(file.error.issues, data));
  const lock = emptyLock();
  file.data.entries.forEach((raw, i) => {
    const key =
      typeof raw === 'object' && raw !== null && typeof (raw as { key?: unknown }).key === 'string'
        ? (raw as { key: string }).key
        : undefined;
    const where = key === undefined ? `entries[${i}]` : `entry "${key}" (entries[${i}])`;
    const e = LockEntrySchema.safeParse(raw);
    if (!e.success) return bad(`${where}: ${formatIssues(e.error.issues, raw, 'the entry')}`);
    if (lock.entries.has(e.data.key)) return bad(`${where} appears twice`);
    lock.entries.set(e.data.key, e.data);
  });
  return lock;
}

/**
 * Zod issues as clauses such as `missing fields "commit", "sha256"` and
 * `field "start": expected a line number of at least 1, got 0`, joined with "; " (missing
 * fields first, then at most three others). `data` is the value the issue paths start from.
 */
export function formatIssues(issues: readonly z.core.$ZodIssue[], data: unknown, whole = 'the file'): string {
  const valueAt = (path: readonly PropertyKey[]): unknown => {
    let value: unknown = data;
    for (const seg of path)
      value = value !== null && typeof value === 'object' ? (value as Record<PropertyKey, unknown>)[seg] : undefined;
    return value;
  };
  const missing: string[] = [];
  const clauses: string[] = [];
  for (const issue of issues) {
    const field = issue.path.map(String).join('.');
    const value = valueAt(issue.path);
    if (issue.code === 'unrecognized_keys') {
      clauses.push(
        `${field ? `field "${field}": ` : ''}unknown field${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => `"${k}"`).join(', ')}`,
      );
    } else if (value === undefined && field) {
      missing.push(`"${field}"`);
    } else {
      const subject = field ? `field "${field}"` : whole;
      if (issue.code === 'invalid_value')
        clauses.push(
          `${subject}: expected ${issue.values.map((v) => JSON.stringify(v)).join(' or ')}, got ${shown(value)}`,
        );
      else if (issue.code === 'invalid_type')
        clauses.push(
          `${subject}: expected ${/^[aeiou]/.test(issue.expected) ? 'an' : 'a'} ${issue.expected}, got ${shown(value)}`,
        );
      else if (issue.code === 'invalid_union' && 'options' in issue && Array.isArray(issue.options)) {
        clauses.push(
          `${subject}: expected ${(issue.options as unknown[]).map((o) => JSON.stringify(o)).join(' or ')}, got ${shown(value)}`,
        );
      } else clauses.push(`${subject}: ${issue.message}, got ${shown(value)}`);
    }
  }
  const out = missing.length > 0 ? [`missing field${missing.length > 1 ? 's' : ''} ${missing.join(', ')}`] : [];
  out.push(...clauses.slice(0, 3));
  return out.join('; ') + (clauses.length > 3 ? ` (and ${clauses.length - 3} more)` : '');
}

function shown(v: unknown): string {
  const s = JSON.stringify(v) ?? String(v);
  return s.length > 60 ? `${s.slice(0, 57)}...` : s;
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
    if (entry[k as keyof LockEntry] !== v)
      return `its ${k} is ${JSON.stringify(entry[k as keyof LockEntry])}, the key says ${JSON.stringify(v)}`;
  }
  return readMismatch(entry, ref);
}

/**
 * Whether an entry's `read` location (and, for a provisional entry, its tag) is one the engine
 * itself would choose for the citation: the cited file, or its Kubernetes staging repository at the
 * mapped tag, or provisionally an earlier tag of that release line. A hand-edited `read` could
 * otherwise make the lines of any repository stand in for the cited ones.
 */
function readMismatch(entry: LockEntry, ref: ReturnType<typeof parseCitationRef>): string | undefined {
  const staged = stagingTarget(ref);
  const show = (r: ReadLocation): string => `${r.repo}@${r.ref}:${r.path}`;
  if (!entry.read) {
    return entry.status === 'provisional' ? 'it is provisional but names no earlier tag it was checked at' : undefined;
  }
  if (!staged)
    return `it says its lines were read from ${show(entry.read)}, but only a Kubernetes staging citation is read anywhere but where it points`;
  const expected = { repo: `${staged.owner}/${staged.repo}`, ref: staged.ref, path: staged.path };
  if (entry.read.repo !== expected.repo || entry.read.path !== expected.path) {
    return `it says its lines were read from ${show(entry.read)}, but ${ref.ref}'s staging lines are in ${show(expected)}`;
  }
  if (entry.status === 'pinned' && entry.read.ref !== expected.ref) {
    return `it is pinned at ${entry.read.ref}, but ${ref.ref} is published as ${expected.ref}`;
  }
  if (entry.status === 'provisional' && !earlierTagsOfLine(expected.ref, [entry.read.ref]).includes(entry.read.ref)) {
    return `it is provisional at ${entry.read.ref}, which is not an earlier tag of ${expected.ref}'s release line`;
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
    if (e.values)
      o['values'] = Object.fromEntries(Object.entries(e.values).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
    return o;
  });
  return `${JSON.stringify({ version: LOCK_VERSION, normalisation: NORMALISATION, entries }, null, 2)}\n`;
}

/** Writes the lock atomically (write-file-atomic: a temp file, then a rename), so an interrupted run leaves the old lock. */
export async function writeLock(root: string, lock: Lock): Promise<void> {
  await writeFileAtomic(join(root, LOCK_FILE), serializeLock(lock));
}

/** Whether an entry holds a commit and hashes (pinned, or provisional at an earlier tag). */
export function isChecked(
  entry: LockEntry,
): entry is LockEntry & { commit: string; blobSha: string; lineCount: number; sha256: string } {
  return entry.status !== 'pending';
}

/**
 * Where an entry's lines are read: its `read` location, else the cited repository, ref and path.
 * `ref` is what must still resolve to the entry's commit.
 */
export function readLocationOf(entry: LockEntry): { owner: string; repo: string; ref: string; path: string } {
  const loc = entry.read ?? { repo: entry.repo, ref: entry.ref, path: entry.path };
  const [owner, repo] = loc.repo.split('/') as [string, string];
  return { owner, repo, ref: loc.ref, path: loc.path };
}

/**
 * The link a page shows for an entry: the immutable permalink of the lines that were read
 * (`/blob/<commit>/…`, in the repository that was read), or for a pending entry, which has no
 * commit, the cited lines at the ref as written.
 *
 * @param webHost - origin of the web UI, default `https://github.com`.
 */
export function entryPermalink(entry: LockEntry, webHost = 'https://github.com'): string {
  const { start, end } = entry;
  if (!isChecked(entry)) {
    const [owner, repo] = entry.repo.split('/') as [string, string];
    return citationPermalink({ owner, repo, ref: entry.ref, path: entry.path, start, end }, entry.ref, webHost);
  }
  const loc = readLocationOf(entry);
  return citationPermalink({ ...loc, start, end }, entry.commit, webHost);
}
