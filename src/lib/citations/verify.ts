/**
 * Build-time verification of citations against the lock and the upstream lines:
 * a citation fails when it has no lock entry or one that no longer matches it, when its ref moved
 * or no longer resolves, when its file is gone or shorter than the range, when the file's blob or
 * the cited lines' hash differ from the lock, when an `expect` fragment is missing from the
 * lines, or when a `<Value>`'s pattern no longer captures the value the lock recorded (or the lock
 * has none). Every message names the MDX file:line,
 * the citation, what differs and the command that fixes it.
 */
import { openRun, type RunOptions } from './open-run.ts';
import { extractCitations, type Citation } from './extract.ts';
import { hashLines } from './hash.ts';
import {
  entryMismatch,
  entryPermalink,
  isChecked,
  LOCK_FILE,
  readLocationOf,
  type Lock,
  type LockEntry,
} from './lock.ts';
import { provisionalLabel } from './staging.ts';
import { boundDefaultMismatches } from './bound-defaults.ts';
import { captureValue, PATTERN_FIX } from './value.ts';
import { findShift, formatRange, occurrences, searchable, signed, type Searchable } from './locate.ts';
import { ProviderError, isTransient, redactUrlCredentials } from './providers/types.ts';
import { citationPermalink, webHostFromApiUrl } from './ref.ts';
import { mapLimit, type FileResult, type SourceReader, type ResolvedRef } from './source.ts';

/**
 * - `verified`: the lines were read in this run at the pinned commit and match the lock and `expect`;
 * - `provisional`: the cited tag could not be read when pinned; the lines were checked (and are
 *   re-checked here) at an earlier tag of its release line; never verified, an error when strict;
 * - `pending`: no commit pinned yet; `unverified`: pinned, but not readable in this run;
 * - `failed`: something does not match (the build fails).
 */
export type CitationStatus = 'verified' | 'provisional' | 'pending' | 'unverified' | 'failed';

export interface CitationResult {
  citation: Citation;
  /** Lock key. */
  key: string;
  status: CitationStatus;
  /** Pinned commit (from the lock), when there is one: of `read.repo` when the lines were read elsewhere. */
  commit?: string;
  /** Where the lines were read when not the cited repository and ref: a staging repository, or the earlier tag of a provisional citation. */
  read?: { repo: string; ref: string; path: string };
  /**
   * Only when `verified`: the cited lines plus `context` lines each side, clamped
   * to the file, normalised (LF, no line terminators).
   */
  lines?: string[];
  /** Upstream line number of `lines[0]`. */
  firstLine?: number;
  /** Lines in the upstream file (when verified), so a renderer knows the last line. */
  lineCount?: number;
  /**
   * `<Value>` only: the value the lock recorded for its pattern (when verified, also what the pattern
   * captures from the lines read in this run); absent when the lock has none.
   */
  value?: string;
  /** `<Value>` only, when the lines were read in this run: what the pattern captured from them. */
  captured?: string;
  /** Immutable link (commit) when pinned, else a link to the ref as written; host follows GITHUB_API_URL. */
  permalink: string;
  /** Problems and notes about this citation (each also in errors or warnings when it is one). */
  messages: string[];
}

export interface VerificationReport {
  citations: CitationResult[];
  /** Failures: the build must fail when non-empty. */
  errors: string[];
  /** Visible warnings (pending, not verified in this build, stale lock entries). */
  warnings: string[];
  /** Configuration problems (bad CITATION_MIRRORS, GITHUB_API_URL, unreadable lock); also in `errors`. CLI exit 2. */
  configErrors: string[];
  /**
   * Refs (`owner/repo@ref`) of pinned entries that this run could not re-resolve because nothing
   * serves their repository (offline without a mirror): a tag moved upstream goes unnoticed for them.
   */
  notReResolved: string[];
  /** The `<Calculator id>`s of each MDX file checked (relative path → ids), read in the same parse as its citations. */
  calculators: Map<string, string[]>;
}

export interface VerificationOptions extends RunOptions {
  /** Pending entries and lines that cannot be fetched now are errors instead of warnings. */
  strict: boolean;
  offline: boolean;
  /** Called as files are fetched (not for cache hits), e.g. for a progress line. */
  onProgress?: (done: number, total: number) => void;
}

const PIN = 'npm run cite -- pin';
const RELOCATE = 'npm run cite -- relocate';
const CONCURRENCY = 8;

/** `content/docs/x.mdx:12: <Cite ref="…">` — the prefix of every message about a citation. */
export function describe(c: Citation): string {
  if (c.kind === 'Source') return `${c.file}:${c.line}: SOURCES.${c.name} "${c.refText}"`;
  if (c.bound)
    return 'constant' in c.bound
      ? `${c.file}:${c.line}: the model's ${c.bound.constant} bound to "${c.refText}"`
      : `${c.file}:${c.line}: the ${c.bound.calculator}.${c.bound.field} default bound to "${c.refText}"`;
  return `${c.file}:${c.line}: <${c.kind} ref="${c.refText}">`;
}

/**
 * Verifies every citation under the content directories.
 *
 * `verified` means the lines were read at this run (cache or provider) and their hash
 * and `expect` fragments checked. `pending` entries and pinned ones whose lines cannot be
 * read now are `pending`/`unverified`: warnings, or errors when `strict`.
 * Never throws for citation or provider problems; they are in the report.
 */
export async function runVerification(options: VerificationOptions): Promise<VerificationReport> {
  const env = options.env ?? process.env;
  const report: VerificationReport = {
    citations: [],
    errors: [],
    warnings: [],
    configErrors: [],
    notReResolved: [],
    calculators: new Map(),
  };
  const config = (m: string): VerificationReport => {
    report.configErrors.push(m);
    report.errors.push(m);
    return report;
  };

  let webHost: string;
  try {
    webHost = webHostFromApiUrl(env.GITHUB_API_URL || undefined);
  } catch {
    return config(
      `GITHUB_API_URL "${redactUrlCredentials(env.GITHUB_API_URL ?? '')}" is not a URL. Unset it for github.com or set it to your GitHub Enterprise Server API, e.g. https://ghe.example.com/api/v3.`,
    );
  }
  // Cached answers count only where the lock confirms them (same commit, same blob).
  const run = await openRun({ ...options, env, cacheReads: 'confirmed' });
  if ('configError' in run) return config(run.configError);
  const { reader, lock } = run;

  const extraction = await extractCitations(options.root, options.contentDirs, options.model);
  for (const e of extraction.errors) report.errors.push(e.message);
  report.calculators = extraction.calculators;

  await verifyAgainstLock(extraction.citations, lock, reader, { ...options, env }, webHost, report);
  await reader.flush(); // before the notices: a cache write can add one
  report.warnings.push(...reader.notices);
  for (const r of report.citations) {
    const mismatch = boundDefaultMismatches([r]);
    if (mismatch.length === 0) continue;
    r.status = 'failed';
    r.messages.push(...mismatch);
    report.errors.push(...mismatch);
  }
  return report;
}

/** The checks after extraction; exported for the CLI's `pin` (which re-verifies) and tests. */
async function verifyAgainstLock(
  citations: readonly Citation[],
  lock: Lock,
  reader: SourceReader,
  options: VerificationOptions,
  webHost: string,
  report: VerificationReport,
): Promise<void> {
  const strict = options.strict;
  const results: CitationResult[] = citations.map((c) => {
    const entry = lock.entries.get(c.key);
    const usable = entry && !entryMismatch(entry) ? entry : undefined;
    const commit = usable && isChecked(usable) ? usable.commit : undefined;
    const value = c.pattern !== undefined ? usable?.values?.[c.pattern] : undefined;
    return {
      citation: c,
      key: c.key,
      status: 'unverified' as CitationStatus,
      ...(commit ? { commit } : {}),
      ...(usable?.read ? { read: usable.read } : {}),
      ...(value !== undefined ? { value } : {}),
      permalink: usable ? entryPermalink(usable, webHost) : citationPermalink(c.ref, c.ref.ref, webHost),
      messages: [],
    };
  });
  report.citations.push(...results);

  const fail = (r: CitationResult, what: string, fix: string): void => {
    const m = `${describe(r.citation)}: ${what} Fix: ${fix}`;
    r.status = 'failed';
    r.messages.push(m);
    report.errors.push(m);
  };
  const soft = (r: CitationResult, status: CitationStatus, what: string): void => {
    const m = `${describe(r.citation)}: ${what}`;
    r.status = status;
    r.messages.push(m);
    (strict ? report.errors : report.warnings).push(strict ? `${m} (an error with --strict / CITATIONS_STRICT=1)` : m);
  };

  // a. entry present and consistent; pending entries.
  const pinned: Array<{ r: CitationResult; e: LockEntry }> = [];
  for (const r of results) {
    const e = lock.entries.get(r.key);
    if (!e) {
      fail(r, `no entry in ${LOCK_FILE} for ${r.key} (a new or changed citation).`, `run \`${PIN}\`.`);
      continue;
    }
    const mismatch = entryMismatch(e);
    if (mismatch) {
      fail(
        r,
        `the ${LOCK_FILE} entry no longer matches the MDX: ${mismatch}.`,
        `run \`${PIN}\` (the lock is generated; do not edit it).`,
      );
      continue;
    }
    if (e.status === 'pending') {
      soft(
        r,
        'pending',
        `pending: not pinned yet (when pin ran, no source was configured for its repository, or none answered), so it has no commit and is not verified in this build. Run \`${PIN}\` with network access (set GITHUB_TOKEN) or CITATION_MIRRORS.`,
      );
      continue;
    }
    if (r.citation.pattern !== undefined && e.values?.[r.citation.pattern] === undefined) {
      // Checkable without the upstream lines: the page would have no value to show.
      fail(
        r,
        `${LOCK_FILE} records no value for the pattern /${r.citation.pattern}/ of ${r.key}.`,
        `run \`${PIN}\` to read it from the lines.`,
      );
      continue;
    }
    pinned.push({ r, e });
  }

  // b. the ref that was read still resolves to the pinned commit.
  const refKeys = [...new Set(pinned.map(({ e }) => refKey(e)))];
  const resolutions = new Map<string, ResolvedRef | ProviderError>();
  await mapLimit(refKeys, CONCURRENCY, async (k) => {
    const first = pinned.find(({ e }) => refKey(e) === k)!;
    const at = readLocationOf(first.e);
    if (!reader.providerFor(at.owner, at.repo)) {
      report.notReResolved.push(`${at.owner}/${at.repo}@${at.ref}`);
      return;
    }
    try {
      resolutions.set(k, await reader.resolve(at.owner, at.repo, at.ref, { expectCommit: first.e.commit }));
    } catch (e) {
      if (e instanceof ProviderError) resolutions.set(k, e);
      else throw e;
    }
  });
  report.notReResolved.sort();

  // A provisional citation's own tag may be readable by now: then it is time to pin it.
  const nowReadable = new Map<string, ResolvedRef>();
  const provisionalTargets = [
    ...new Map(
      pinned
        .filter(({ e }) => e.status === 'provisional')
        .map(({ r }) => {
          const t = reader.target(r.citation.ref);
          return [`${t.owner}/${t.repo}@${t.ref}`, t] as const;
        }),
    ).entries(),
  ];
  await mapLimit(provisionalTargets, CONCURRENCY, async ([k, t]) => {
    if (!reader.providerFor(t.owner, t.repo)) return;
    try {
      nowReadable.set(k, await reader.resolve(t.owner, t.repo, t.ref));
    } catch (e) {
      if (!(e instanceof ProviderError)) throw e; // still unreadable: stays provisional
    }
  });

  const toRead: Array<{ r: CitationResult; e: LockEntry }> = [];
  for (const p of pinned) {
    const { r, e } = p;
    const at = readLocationOf(e);
    const res = resolutions.get(refKey(e));
    if (res instanceof ProviderError) {
      if (isTransient(res)) {
        const m = `${describe(r.citation)}: could not re-resolve ${at.ref} to check that the tag has not moved: ${res.message}`;
        r.messages.push(m);
        (strict ? report.errors : report.warnings).push(m);
        if (strict) r.status = 'failed';
      } else {
        fail(
          r,
          `${res.message}`,
          `correct the ref, or if upstream removed it, bump it and run \`${RELOCATE}\` then \`${PIN}\`.`,
        );
        continue;
      }
    } else if (!res) {
      // A lock says where its lines were read; offline, that claim holds only if no cached
      // resolution of that ref names another commit, and for a published (staging) entry only if
      // one names the same: a hand-edited entry that moves a tag to other cached lines, or calls a
      // pre-release's lines "pinned" at the release, is not shown as verified.
      const known = e.status === 'pinned' ? await reader.cache.anyRef(at.owner, at.repo, at.ref) : undefined;
      if (e.status === 'pinned' && ((e.read && !known) || (known && known.commit !== e.commit))) {
        soft(
          r,
          'unverified',
          `not verified in this build: offline, and ${known ? `the cached resolution of ${at.owner}/${at.repo}@${at.ref} is ${known.commit.slice(0, 7)}, not the lock's ${e.commit!.slice(0, 7)}` : `no cached resolution of ${at.owner}/${at.repo}@${at.ref} confirms the lock's commit ${e.commit!.slice(0, 7)}`}. Run \`npm run cite -- verify\` with network access or CITATION_MIRRORS (and \`${PIN}\` if the lock was edited by hand).`,
        );
        continue;
      }
      r.messages.push(
        `${describe(r.citation)}: note: offline, so ${at.ref} was not re-resolved (a moved tag is not detected in this run).`,
      );
    } else if (res.commit !== e.commit) {
      fail(
        r,
        `the ref ${at.ref} of ${at.owner}/${at.repo} moved: it now resolves to ${res.commit.slice(0, 7)}, the lock pinned ${e.commit!.slice(0, 7)}.`,
        `review the upstream change, then accept it with \`npm run cite -- pin --refresh\` (or cite a commit SHA).`,
      );
      continue;
    }
    toRead.push(p);
  }

  // c–e. read each distinct file once, then check each citation.
  const fileKeys = [...new Set(toRead.map(({ e }) => fileKey(e)))];
  const files = new Map<string, FileResult | ProviderError>();
  let done = 0;
  await mapLimit(fileKeys, CONCURRENCY, async (k) => {
    const { e } = toRead.find((p) => fileKey(p.e) === k)!;
    const at = readLocationOf(e);
    try {
      const f = await reader.file(at.owner, at.repo, e.commit!, at.path, { expectBlobSha: e.blobSha });
      files.set(k, f);
      if (f.kind !== 'ok' || f.from !== 'cache') options.onProgress?.(++done, fileKeys.length);
    } catch (err) {
      if (err instanceof ProviderError) files.set(k, err);
      else throw err;
    }
  });

  const searchCache = new Map<string, Searchable>();
  for (const { r, e } of toRead) {
    const c = r.citation;
    const k = fileKey(e);
    const f = files.get(k)!;
    const loc = readLocationOf(e);
    const elsewhere = e.read ? ` (read from ${loc.owner}/${loc.repo}@${loc.ref}:${loc.path})` : '';
    const at = `${c.ref.path} at ${e.status === 'provisional' ? loc.ref : c.ref.ref} (${e.commit!.slice(0, 7)})${elsewhere}`;
    if (f instanceof ProviderError) {
      fail(r, f.message, 'fix the configuration or the citation as the message says.');
      continue;
    }
    if (f.kind === 'unavailable') {
      // A provisional citation stays provisional (what the page says of it), only not re-checked here.
      const state = e.status === 'provisional' ? 'provisional' : 'unverified';
      const what =
        e.status === 'provisional'
          ? `provisional (checked at ${provisionalLabel(e)} when pinned), and not re-checked in this build`
          : 'not verified in this build';
      if (r.status !== 'failed')
        soft(
          r,
          state,
          `${what}: its lines could not be read (${f.reason}). Run \`npm run cite -- verify\` with network access to fill .cache/citations, or set CITATION_MIRRORS.`,
        );
      continue;
    }
    if (f.kind === 'missing') {
      fail(
        r,
        `${at} does not exist (deleted or moved upstream).`,
        `cite the file's new path or another ref, then run \`${PIN}\`.`,
      );
      continue;
    }
    const lines = f.text.lines;
    if (c.ref.end > lines.length) {
      fail(
        r,
        `cites ${formatRange(c.ref.start, c.ref.end)} but ${at} has ${lines.length} lines: the range runs past the end.`,
        `correct the range (try \`${RELOCATE}\`), then run \`${PIN}\`.`,
      );
      continue;
    }
    const failuresBefore = r.messages.length;
    if (f.text.blobSha !== e.blobSha) {
      // A cached copy is only used when it is the blob the lock recorded, so this came from the provider.
      fail(
        r,
        `${at} has blob ${f.text.blobSha.slice(0, 12)} (${f.from}), the lock recorded ${e.blobSha!.slice(0, 12)}.`,
        `run \`npm run cite -- pin --refresh\` if the lock was edited by hand.`,
      );
    }
    const cited = lines.slice(c.ref.start - 1, c.ref.end);
    const hash = hashLines(cited);
    if (hash !== e.sha256) {
      fail(
        r,
        `the cited lines' sha256 is ${hash.slice(0, 12)}…, the lock has ${e.sha256!.slice(0, 12)}….`,
        `run \`npm run cite -- pin --refresh\` (the lock must match the lines at the pinned commit).`,
      );
    }
    const citedText = cited.join('\n');
    const missing = c.expect.filter((x) => !citedText.includes(x));
    if (missing.length > 0) {
      let s = searchCache.get(k);
      if (!s) searchCache.set(k, (s = searchable(lines)));
      fail(
        r,
        explainMissing(s, c, missing, at),
        `run \`${RELOCATE}\` to move the range, or correct \`expect\`; then \`${PIN}\`.`,
      );
    }
    if (c.pattern !== undefined) checkValue(r, cited, e, at, fail);
    if (r.messages.length > failuresBefore || r.status === 'failed') {
      r.status = 'failed';
      continue;
    }
    if (e.status === 'provisional') {
      const t = reader.target(c.ref);
      const readable = nowReadable.get(`${t.owner}/${t.repo}@${t.ref}`);
      soft(
        r,
        'provisional',
        `provisional: pending at ${c.ref.ref}; lines checked at ${provisionalLabel(e)} (${loc.owner}/${loc.repo} commit ${e.commit!.slice(0, 12)}).` +
          (readable
            ? ` ${t.owner}/${t.repo}@${t.ref} is readable now (${readable.commit.slice(0, 7)}): run \`${PIN}\` to pin it.`
            : ` Run \`${PIN}\` when ${t.ref} can be read.`),
      );
      continue;
    }
    const from = Math.max(1, c.ref.start - c.context);
    const to = Math.min(lines.length, c.ref.end + c.context);
    r.status = 'verified';
    r.lines = lines.slice(from - 1, to);
    r.firstLine = from;
    r.lineCount = lines.length;
  }

  // One message per unreachable host (the citations' messages refer to it); the caller adds discarded cache records.
  if (reader.hostProblems.size > 0) (strict ? report.errors : report.warnings).unshift(...reader.hostProblems.values());

  // Lock entries no citation uses: harmless, but `pin` prunes them.
  const used = new Set(citations.map((c) => c.key));
  for (const k of [...lock.entries.keys()].sort()) {
    if (!used.has(k))
      report.warnings.push(`${LOCK_FILE}: entry ${k} is not cited by any page. Run \`${PIN}\` to prune it.`);
  }
}

/**
 * Recomputes a `<Value>`'s capture from the cited lines read in this run and compares it with the
 * value the lock recorded (./value.ts); calls `fail` when the pattern is unusable, does not match,
 * or captures something else.
 */
function checkValue(
  r: CitationResult,
  cited: readonly string[],
  e: LockEntry,
  at: string,
  fail: (r: CitationResult, what: string, fix: string) => void,
): void {
  const pattern = r.citation.pattern!;
  const locked = e.values?.[pattern];
  const got = captureValue(pattern, cited);
  if (got.kind === 'value') r.captured = got.value;
  if (got.kind === 'bad-pattern') fail(r, `the pattern ${got.problem}.`, PATTERN_FIX);
  else if (got.kind === 'no-match')
    fail(
      r,
      `the pattern /${pattern}/ does not match the cited lines of ${at}, so the value cannot be read.`,
      `correct the pattern or the range (try \`${RELOCATE}\`), then run \`${PIN}\`.`,
    );
  else if (got.value !== locked)
    fail(
      r,
      `upstream changed the value from ${JSON.stringify(locked)} to ${JSON.stringify(got.value)} (${at}, pattern /${pattern}/).`,
      `update the prose around it, then re-pin with \`npm run cite -- pin --refresh --accept-changes\`.`,
    );
}

/**
 * Explains `expect` fragments missing from the cited lines, e.g.
 * "`s.r.Propose(` found at L1120, cited L1113: the lines moved by +7".
 */
export function explainMissing(s: Searchable, c: Citation, missing: readonly string[], at: string): string {
  const cited = formatRange(c.ref.start, c.ref.end);
  const parts = missing.map((x) => {
    const occ = occurrences(s, x);
    if (occ.length === 0) return `\`${x}\` does not occur anywhere in ${at}`;
    const where =
      occ
        .slice(0, 3)
        .map((o) => formatRange(o.start, o.end))
        .join(', ') + (occ.length > 3 ? ` and ${occ.length - 3} more` : '');
    return `\`${x}\` found at ${where}, cited ${cited}`;
  });
  const shift = findShift(s, c.ref.start, c.ref.end, c.expect);
  let tail = '';
  if (shift.kind === 'shift' && shift.delta !== 0)
    tail = `: the lines moved by ${signed(shift.delta)} (now ${formatRange(c.ref.start + shift.delta, c.ref.end + shift.delta)})`;
  else if (shift.kind === 'ambiguous')
    tail = `: the lines moved by ${signed(shift.deltas[0])} or ${signed(shift.deltas[1])} (ambiguous)`;
  else if (shift.kind === 'none') tail = `: no ${c.ref.end - c.ref.start + 1}-line range contains every fragment`;
  return `${parts.join('; ')}${tail}.`;
}

function refKey(e: LockEntry): string {
  const at = readLocationOf(e);
  return `${at.owner}/${at.repo}@${at.ref}`;
}

function fileKey(e: LockEntry): string {
  const at = readLocationOf(e);
  return `${at.owner}/${at.repo}@${e.commit}:${at.path}`;
}
