/**
 * `cite pin`: records in citations.lock.json what is new or changed in the content
 * (see lock.ts for what an entry holds), prunes entries no page cites, and retries pending entries.
 *
 * What it writes comes from a provider in this run, or from a cache answer the lock already
 * confirms (the same commit for the ref, the same blob for the file); `--refresh` reads no cache.
 */
import { openRun, type RunOptions } from './open-run.ts';
import { extractCitations, type Citation } from './extract.ts';
import { hashLines } from './hash.ts';
import { readAtEarlierTag } from './earlier-tag.ts';
import type { FileText } from './hash.ts';
import { isChecked, readLocationOf, serializeLock, writeLock, type Lock, type LockEntry } from './lock.ts';
import { searchable, formatRange } from './locate.ts';
import { ProviderError, isTransient } from './providers/types.ts';
import { mapLimit, type ResolvedRef } from './source.ts';
import type { ReadTarget } from './staging.ts';
import { describe, explainMissing } from './verify.ts';
import { captureValue, MAX_VALUE_LENGTH } from './value.ts';

/** `offline`: new citations are recorded as pending unless a mirror serves them. */
export interface PinOptions extends RunOptions {
  /** Re-resolve and re-pin every entry, not only new and pending ones (accepts moved tags). Reads nothing from the cache. */
  refresh?: boolean;
  /**
   * Accept what upstream changed under a citation: a `<Value>` whose constant differs from the one
   * the lock (or the entry of the ref it was bumped from) holds, and provisional lines that differ
   * at the cited tag. Without it each is an error and the old entry stays, until the author has
   * checked the prose and says so (`cite pin --accept-changes`).
   */
  acceptChanges?: boolean;
  /** Clock for `pinnedAt` (tests). */
  now?: () => Date;
  onProgress?: (done: number, total: number) => void;
}

export interface PinReport {
  /** Keys newly pinned, re-pinned with a different commit or hash, recorded pending, kept, pruned. */
  added: string[];
  updated: string[];
  pending: string[];
  /** Keys whose entry is now provisional (checked at an earlier tag), whether written or kept. */
  provisional: string[];
  kept: string[];
  pruned: string[];
  /**
   * Keys pin was asked to pin that a source could not answer for now (unreachable, rate
   * limit, server error): recorded as pending (or, when pinned before, kept), and an error each.
   */
  failed: string[];
  /** Failures: `cite pin` exits 1 when there is any. */
  errors: string[];
  /** Pending because no source is configured for the repository, moved tags, discarded cache records. */
  warnings: string[];
  configErrors: string[];
  /** Whether citations.lock.json was rewritten. */
  wrote: boolean;
}

const CONCURRENCY = 8;

/**
 * Pins new, changed and pending citations. Entries that exist and are pinned are kept as
 * they are unless `refresh`. A citation of a repository no source is configured for
 * (offline, no mirror) is recorded as pending: a warning. One whose source cannot answer
 * now (unreachable, rate limit, server error) is recorded as pending too, but is an error:
 * pin did not do what it was asked. A definite failure (unknown repo/ref, missing file, a
 * directory, range past the end) is an error and gets no entry. `expect` fragments are checked too.
 */
export async function runPin(options: PinOptions): Promise<PinReport> {
  const report: PinReport = {
    added: [],
    updated: [],
    pending: [],
    provisional: [],
    kept: [],
    pruned: [],
    failed: [],
    errors: [],
    warnings: [],
    configErrors: [],
    wrote: false,
  };
  const env = options.env ?? process.env;
  const now = options.now ?? (() => new Date());
  const run = await openRun({ ...options, env, cacheReads: options.refresh ? 'none' : 'confirmed' });
  if ('configError' in run) {
    report.configErrors.push(run.configError);
    report.errors.push(run.configError);
    return report;
  }
  const { reader, lock } = run;
  const before = serializeLock(lock);

  const extraction = await extractCitations(options.root, options.contentDirs, options.model);
  for (const e of extraction.errors) report.errors.push(e.message);

  // One representative citation per key; all of them are checked for `expect`.
  const byKey = new Map<string, Citation[]>();
  for (const c of extraction.citations) {
    const list = byKey.get(c.key);
    if (list) list.push(c);
    else byKey.set(c.key, [c]);
  }

  // Pending and provisional entries are tried again: the cited tag may be readable now.
  // A pinned entry is also read again when a `<Value>` of its lines has a pattern it holds no value for.
  const patternsOf = (k: string): string[] => [
    ...new Set(byKey.get(k)!.flatMap((c) => (c.pattern !== undefined ? [c.pattern] : []))),
  ];
  const todo = [...byKey.keys()].filter((k) => {
    const e = lock.entries.get(k);
    if (e && e.status === 'pinned' && !options.refresh && patternsOf(k).every((p) => e.values?.[p] !== undefined)) {
      report.kept.push(k);
      return false;
    }
    return true;
  });

  // What the lock already says, so that a cached answer is used only when the lock confirms it.
  const lockedCommit = new Map<string, string>();
  const lockedBlob = new Map<string, string>();
  for (const e of lock.entries.values()) {
    if (e.status !== 'pinned') continue;
    const at = readLocationOf(e);
    lockedCommit.set(`${at.owner}/${at.repo}@${at.ref}`, e.commit!);
    lockedBlob.set(`${at.owner}/${at.repo}@${e.commit}:${at.path}`, e.blobSha!);
  }

  // Where each citation is read in this run (a Kubernetes staging path: its published repository).
  const targetOf = new Map(todo.map((k) => [k, reader.target(byKey.get(k)![0]!.ref)]));
  const refKeyOf = (t: ReadTarget): string => `${t.owner}/${t.repo}@${t.ref}`;
  const refKeys = [...new Set(todo.map((k) => refKeyOf(targetOf.get(k)!)))];
  const resolved = new Map<string, ResolvedRef | ProviderError | undefined>();
  await mapLimit(refKeys, CONCURRENCY, async (rk) => {
    const t = targetOf.get(todo.find((k) => refKeyOf(targetOf.get(k)!) === rk)!)!;
    if (!reader.providerFor(t.owner, t.repo)) {
      resolved.set(rk, undefined);
      return;
    }
    try {
      resolved.set(rk, await reader.resolve(t.owner, t.repo, t.ref, { expectCommit: lockedCommit.get(rk) }));
    } catch (e) {
      if (e instanceof ProviderError) resolved.set(rk, e);
      else throw e;
    }
  });

  let done = 0;
  /** The first reason each repository's retried entries could not be read, for one warning per repository. */
  const notRetriedWhy = new Map<string, { why: string; n: number }>();
  // Messages per citation, reported in content order whatever order the work finishes in.
  const messages = new Map<string, { errors: string[]; warnings: string[] }>();
  await mapLimit(todo, CONCURRENCY, async (k) => {
    const errors: string[] = [];
    const warnings: string[] = [];
    messages.set(k, { errors, warnings });
    const cites = byKey.get(k)!;
    const first = cites[0]!;
    const r = first.ref;
    const t = targetOf.get(k)!;
    const elsewhere = t.owner !== r.owner || t.repo !== r.repo || t.ref !== r.ref || t.path !== r.path;
    const old = lock.entries.get(k);
    const res = resolved.get(refKeyOf(t));
    const recordPending = (): void => {
      lock.entries.set(k, {
        key: k,
        repo: `${r.owner}/${r.repo}`,
        ref: r.ref,
        path: r.path,
        start: r.start,
        end: r.end,
        status: 'pending',
        pinnedAt: old?.pinnedAt ?? now().toISOString(),
      });
      report.pending.push(k);
    };
    // No source for this repository in this run: nothing failed, the entry waits (a warning).
    const noSource = (): void => {
      const mirrorOf = elsewhere
        ? `${t.owner}/${t.repo} (where ${r.owner}/${r.repo}'s ${r.path.split('/').slice(0, 4).join('/')} is published)`
        : `${r.owner}/${r.repo}`;
      const why = `pending because no source is configured for this repository (${reader.offline ? '--offline, and ' : ''}no CITATION_MIRRORS entry for ${mirrorOf})`;
      if (old && old.status !== 'pending') {
        warnings.push(`${describe(first)}: not re-pinned: ${why}; kept the existing ${old.status} entry.`);
        report.kept.push(k);
        return;
      }
      recordPending();
      warnings.push(
        `${describe(first)}: ${why}. Run \`npm run cite -- pin\` with network access (GITHUB_TOKEN) or CITATION_MIRRORS to pin it.`,
      );
    };
    // A source that cannot answer now: pin did not do what it was asked (an error).
    const failedNow = (why: string): void => {
      const reason = why.replace(/\.+$/, '');
      if (old && !options.refresh && (old.status === 'pending' || old.status === 'provisional')) {
        report.kept.push(k);
        const repo = `${t.owner}/${t.repo}`;
        const seen = notRetriedWhy.get(repo);
        notRetriedWhy.set(repo, { why: seen?.why ?? reason, n: (seen?.n ?? 0) + 1 });
        return;
      }
      report.failed.push(k);
      if (old && old.status !== 'pending') {
        errors.push(`${describe(first)}: not re-pinned: ${reason}. The existing ${old.status} entry is kept.`);
        report.kept.push(k);
        return;
      }
      recordPending();
      errors.push(
        `${describe(first)}: not pinned (recorded as pending): ${reason}. Run \`npm run cite -- pin\` again when the source answers.`,
      );
    };
    const error = (what: string): void => {
      errors.push(`${describe(first)}: ${what}`);
    };

    if (res === undefined) return noSource();
    // The lines to hash: at the cited tag, or (provisionally) at an earlier tag of its release line.
    let commit: string;
    let provider: ResolvedRef['provider'];
    let text: FileText;
    let readRef = t.ref;
    const via = elsewhere ? ` (read from ${t.owner}/${t.repo}@${t.ref}:${t.path})` : '';
    if (res instanceof ProviderError) {
      if (isTransient(res)) return failedNow(res.message);
      // Only a Kubernetes staging citation falls back to an earlier tag: elsewhere a missing tag is a mistake to fix.
      if (res.kind !== 'not-found' || !elsewhere) return error(res.message);
      let earlier;
      try {
        earlier = await readAtEarlierTag(reader, t);
      } catch (e) {
        if (!(e instanceof ProviderError)) throw e;
        return isTransient(e) ? failedNow(e.message) : error(`${res.message}`);
      }
      if (!earlier) return error(`${res.message} No earlier tag of its release line holds ${t.path} either.`);
      ({ commit, provider } = earlier.resolved);
      text = earlier.text;
      readRef = earlier.tag;
      warnings.push(
        `${describe(first)}: provisional: ${t.owner}/${t.repo}@${t.ref} cannot be read (${res.message.replace(/\.+$/, '')}), so the lines were checked at ${earlier.tag} (${commit.slice(0, 7)}) instead. It is not verified until \`npm run cite -- pin\` can read ${t.ref}.`,
      );
    } else {
      let f;
      try {
        f = await reader.file(t.owner, t.repo, res.commit, t.path, {
          expectBlobSha: lockedBlob.get(`${t.owner}/${t.repo}@${res.commit}:${t.path}`),
        });
      } catch (e) {
        if (e instanceof ProviderError) return error(e.message);
        throw e;
      }
      if (f.kind === 'unavailable') return failedNow(f.reason);
      if (f.kind === 'missing')
        return error(
          `${r.path} at ${r.ref} (${res.commit.slice(0, 7)})${via} does not exist. Fix: correct the path or the ref in the MDX.`,
        );
      ({ commit, provider } = res);
      text = f.text;
    }
    options.onProgress?.(++done, todo.length);
    const provisional = readRef !== t.ref;
    const at = `${r.path} at ${provisional ? readRef : r.ref} (${commit.slice(0, 7)})${via}`;
    const lines = text.lines;
    if (r.end > lines.length)
      return error(
        `cites ${formatRange(r.start, r.end)} but ${at} has ${lines.length} lines. Fix: correct the range in the MDX.`,
      );
    const cited = lines.slice(r.start - 1, r.end);
    // Every check runs before anything is written: a citation that fails one keeps its old entry, or gets none.
    const errorsBefore = errors.length;
    const values = captureValues(cites, cited, at, errors);
    const citedText = cited.join('\n');
    const s = searchable(lines);
    for (const c of cites) {
      const missing = c.expect.filter((x) => !citedText.includes(x));
      if (missing.length > 0) {
        errors.push(
          `${describe(c)}: ${explainMissing(s, c, missing, at)} Fix: run \`npm run cite -- relocate\` or correct \`expect\`.`,
        );
      }
    }
    if (errors.length > errorsBefore) {
      report.failed.push(k);
      return;
    }
    const entry: LockEntry = {
      key: k,
      repo: `${r.owner}/${r.repo}`,
      ref: r.ref,
      path: r.path,
      start: r.start,
      end: r.end,
      status: provisional ? 'provisional' : 'pinned',
      ...(elsewhere || provisional ? { read: { repo: `${t.owner}/${t.repo}`, ref: readRef, path: t.path } } : {}),
      commit,
      blobSha: text.blobSha,
      lineCount: lines.length,
      sha256: hashLines(cited),
      ...(values ? { values } : {}),
      pinnedAt: now().toISOString(),
      provider,
    };
    const same =
      old &&
      old.status === entry.status &&
      old.commit === entry.commit &&
      old.sha256 === entry.sha256 &&
      old.blobSha === entry.blobSha &&
      JSON.stringify(old.read) === JSON.stringify(entry.read) &&
      JSON.stringify(old.values) === JSON.stringify(entry.values);
    if (same) {
      report.kept.push(k);
      return;
    }
    // A pending entry holds no value to compare with: then the entry it was bumped from does.
    const previous = old && old.status !== 'pending' ? old : (bumpedFrom(lock, byKey, entry) ?? old);
    const changes = upstreamChanges(cites, entry, previous);
    if (changes.length > 0 && !options.acceptChanges) {
      for (const c of changes)
        errors.push(
          `${c} Check the prose that restates it, then run \`npm run cite -- pin --accept-changes\`; until then the lock keeps ${old ? 'the old entry' : 'no entry for it'}.`,
        );
      report.failed.push(k);
      return;
    }
    for (const c of changes) warnings.push(`${c} Accepted (--accept-changes).`);
    lock.entries.set(k, entry);
    (old && old.status !== 'pending' ? report.updated : report.added).push(k);
    if (old?.status === 'pinned' && old.commit !== entry.commit) {
      warnings.push(
        `${describe(first)}: ${r.ref} moved from ${old.commit!.slice(0, 7)} to ${entry.commit!.slice(0, 7)}; re-pinned.`,
      );
    }
  });
  for (const k of todo) {
    report.errors.push(...messages.get(k)!.errors);
    report.warnings.push(...messages.get(k)!.warnings);
  }

  // After a ref bump whose lines moved, the old entry is what relocate follows: while any citation
  // failed, entries no page cites any more are kept, not pruned. While a citation waits as pending,
  // the uncited entries of its repository are kept too: the next pin compares its value with theirs.
  const keepUncited = report.failed.length > 0;
  const waiting = new Set(report.pending.map((k) => lock.entries.get(k)?.repo));
  let keptUncited = 0;
  for (const k of [...lock.entries.keys()]) {
    if (!byKey.has(k)) {
      if (keepUncited || waiting.has(lock.entries.get(k)!.repo)) {
        keptUncited++;
        continue;
      }
      lock.entries.delete(k);
      report.pruned.push(k);
      continue;
    }
    // Values of patterns no `<Value>` uses any more go, like entries no page cites.
    const e = lock.entries.get(k)!;
    if (e.values) {
      const used = new Set(patternsOf(k));
      const kept = Object.fromEntries(Object.entries(e.values).filter(([p]) => used.has(p)));
      const { values: _dropped, ...rest } = e;
      void _dropped;
      lock.entries.set(k, Object.keys(kept).length > 0 ? { ...rest, values: kept } : rest);
    }
  }
  if (keptUncited > 0)
    report.warnings.push(
      `${keptUncited} lock ${keptUncited === 1 ? 'entry' : 'entries'} no page cites any more kept, because ${keepUncited ? 'a citation failed: `npm run cite -- relocate` can follow a bumped ref from' : 'a citation of the same repository is pending: the pin that pins it compares its values with'} ${keptUncited === 1 ? 'it' : 'them'}. The next pin with no failure or pending citation of ${keptUncited === 1 ? 'its' : 'their'} repository prunes ${keptUncited === 1 ? 'it' : 'them'}.`,
    );
  for (const [k, e] of lock.entries) if (e.status === 'provisional') report.provisional.push(k);
  for (const list of [
    report.added,
    report.updated,
    report.pending,
    report.provisional,
    report.kept,
    report.pruned,
    report.failed,
  ])
    list.sort();
  for (const [repo, { why, n }] of [...notRetriedWhy].sort(([a], [b]) => (a < b ? -1 : 1))) {
    report.warnings.push(
      `${repo}: ${n} pending or provisional citation(s) not tried again, their entries kept: ${why}. Run \`npm run cite -- pin\` again when the source answers.`,
    );
  }
  // One message per unreachable host, before the citations it affected (a warning when no citation
  // this run was asked to pin is among them); then discarded cache records.
  (report.failed.length > 0 ? report.errors : report.warnings).unshift(...reader.hostProblems.values());

  if (serializeLock(lock) !== before) {
    await writeLock(options.root, lock);
    report.wrote = true;
  }
  await reader.flush(); // before the notices: a cache write can add one
  report.warnings.push(...reader.notices);
  return report;
}

/**
 * The values the `<Value>` citations among `cites` capture from the cited lines, keyed by pattern
 * (sorted), for the lock; a pattern that does not match, or captures more than a short constant,
 * adds an error to `errors` and no value (verify then fails on the missing value too).
 *
 * @param at - where the lines were read, for messages (`server/storage/quota.go at v3.7.0 (abc1234)`).
 * @returns undefined when no citation of these lines is a `<Value>`.
 */
/**
 * What upstream changed under a citation, against the entry it replaces: each `<Value>` whose
 * constant differs, and provisional lines that are different lines at the cited tag.
 *
 * @param previous - the key's old entry, or the entry of the ref the citation was bumped from.
 * @returns one sentence per change; empty when nothing a reader sees changed.
 */
function upstreamChanges(cites: readonly Citation[], entry: LockEntry, previous: LockEntry | undefined): string[] {
  if (!previous || !isChecked(previous)) return [];
  const out: string[] = [];
  for (const c of cites) {
    if (c.pattern === undefined) continue;
    const was = previous.values?.[c.pattern];
    const now = entry.values?.[c.pattern];
    if (was !== undefined && now !== undefined && was !== now)
      out.push(
        `${describe(c)}: upstream changed the value from ${JSON.stringify(was)} (${previous.ref}) to ${JSON.stringify(now)} (${entry.ref}).`,
      );
  }
  if (previous.status === 'provisional' && entry.status === 'pinned' && previous.sha256 !== entry.sha256)
    out.push(
      `${describe(cites[0]!)}: the lines at ${entry.read?.ref ?? entry.ref} differ from those checked at ${previous.read?.ref ?? previous.ref}, although every \`expect\` fragment is still in them.`,
    );
  return out;
}

/**
 * The entry a new citation was bumped from: one the content no longer cites, of the same
 * repository, holding a value for one of the new entry's patterns; of the same file if there is
 * one, else of another (the constant moved to a renamed file).
 */
function bumpedFrom(lock: Lock, cited: ReadonlyMap<string, Citation[]>, entry: LockEntry): LockEntry | undefined {
  const patterns = Object.keys(entry.values ?? {});
  if (patterns.length === 0) return undefined;
  const candidates = [...lock.entries.values()].filter(
    (e) => !cited.has(e.key) && e.repo === entry.repo && patterns.some((p) => e.values?.[p] !== undefined),
  );
  return candidates.find((e) => e.path === entry.path) ?? candidates[0];
}

function captureValues(
  cites: readonly Citation[],
  cited: readonly string[],
  at: string,
  errors: string[],
): Record<string, string> | undefined {
  const values: Record<string, string> = {};
  let any = false;
  for (const c of cites) {
    if (c.pattern === undefined) continue;
    any = true;
    const got = captureValue(c.pattern, cited);
    if (got.kind === 'bad-pattern') errors.push(`${describe(c)}: the pattern ${got.problem}.`);
    else if (got.kind === 'no-match')
      errors.push(
        `${describe(c)}: the pattern /${c.pattern}/ does not match the cited lines of ${at}. Fix: correct the pattern or the range in the MDX.`,
      );
    else if (got.value.length > MAX_VALUE_LENGTH)
      errors.push(
        `${describe(c)}: the pattern captured ${got.value.length} characters of ${at}; a value is a short constant (at most ${MAX_VALUE_LENGTH}). Fix: narrow the capture group.`,
      );
    else values[c.pattern] = got.value;
  }
  if (!any) return undefined;
  const sorted = Object.keys(values).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return sorted.length > 0 ? Object.fromEntries(sorted.map((p) => [p, values[p]!])) : undefined;
}
