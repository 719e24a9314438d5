/**
 * `cite outdated --against <ref>`: which pinned ranges differ at a newer ref, and
 * where their `expect` fragments went, before anyone bumps a ref.
 */
import { extractCitations, type Citation } from './extract.ts';
import { hashLines } from './hash.ts';
import { LockFileError, readLock, type LockEntry } from './lock.ts';
import { findShift, formatRange, searchable, signed } from './locate.ts';
import { ProviderError } from './providers/types.ts';
import { readerFor, SourceReader, mapLimit, type SourceReaderOptions } from './source.ts';
import { describe } from './verify.ts';

export interface OutdatedOptions {
  root: string;
  /**
   * `v3.7.1` (tried in every cited repository; repos without it are skipped) or
   * `owner/repo@v3.7.1` (that repository only). Several may be given.
   */
  against: string[];
  env?: NodeJS.ProcessEnv;
  offline?: boolean;
  log?: (line: string) => void;
  contentDirs?: string[];
  cacheDir?: string;
  github?: SourceReaderOptions['github'];
}

export type OutdatedState = 'same' | 'moved' | 'changed' | 'vanished' | 'deleted';

export interface OutdatedItem {
  key: string;
  citation: Citation;
  against: string;
  state: OutdatedState;
  /** For `moved`: the shift that holds every fragment at the newer ref. */
  delta?: number;
  message: string;
}

export interface OutdatedReport {
  items: OutdatedItem[];
  errors: string[];
  warnings: string[];
  configErrors: string[];
}

/**
 * Compares each pinned citation's lines at its pinned commit with the same range at
 * the newer ref: `same` (identical lines), `moved` (the lines differ but the fragments
 * sit at a shifted range), `changed` (fragments still in range, text differs),
 * `vanished` (a fragment occurs nowhere) or `deleted` (no file at the newer ref).
 */
export async function runOutdated(options: OutdatedOptions): Promise<OutdatedReport> {
  const report: OutdatedReport = { items: [], errors: [], warnings: [], configErrors: [] };
  const cfg = (m: string): OutdatedReport => {
    report.configErrors.push(m);
    report.errors.push(m);
    return report;
  };
  if (options.against.length === 0) return cfg('outdated needs --against <ref> (e.g. --against v3.7.1 or --against etcd-io/etcd@v3.7.1).');
  let reader: SourceReader;
  try {
    reader = readerFor(options);
  } catch (e) {
    if (e instanceof ProviderError) return cfg(e.message);
    throw e;
  }
  let lock;
  try {
    lock = await readLock(options.root);
  } catch (e) {
    if (e instanceof LockFileError) return cfg(e.message);
    throw e;
  }
  const extraction = await extractCitations(options.root, options.contentDirs);
  for (const e of extraction.errors) report.errors.push(e.message);

  const targets = (c: Citation): string[] => {
    const repo = `${c.ref.owner}/${c.ref.repo}`;
    const specific = options.against.filter((a) => a.startsWith(`${repo}@`)).map((a) => a.slice(repo.length + 1));
    return specific.length > 0 ? specific : options.against.filter((a) => !a.includes('@'));
  };

  const seen = new Set<string>();
  const work: Array<{ c: Citation; e: LockEntry; against: string }> = [];
  for (const c of extraction.citations) {
    const e = lock.entries.get(c.key);
    if (!e || e.status !== 'pinned') {
      report.warnings.push(`${describe(c)}: not pinned, skipped (run \`npm run cite -- pin\`).`);
      continue;
    }
    for (const against of targets(c)) {
      if (against === c.ref.ref || seen.has(`${c.key} ${against}`)) continue;
      seen.add(`${c.key} ${against}`);
      work.push({ c, e, against });
    }
  }

  const skippedRepos = new Set<string>();
  await mapLimit(work, 8, async ({ c, e, against }) => {
    const r = c.ref;
    try {
      let newer;
      try {
        newer = await reader.resolve(r.owner, r.repo, against);
      } catch (err) {
        if (err instanceof ProviderError && err.kind === 'not-found' && !options.against.includes(`${r.owner}/${r.repo}@${against}`)) {
          skippedRepos.add(`${r.owner}/${r.repo} has no ref ${against}`);
          return;
        }
        throw err;
      }
      const [oldFile, newFile] = await Promise.all([reader.file(r.owner, r.repo, e.commit!, r.path), reader.file(r.owner, r.repo, newer.commit, r.path)]);
      for (const f of [oldFile, newFile]) {
        if (f.kind === 'unavailable') { report.errors.push(`${describe(c)}: cannot read ${r.path}: ${f.reason}.`); return; }
      }
      const item = (state: OutdatedState, message: string, delta?: number): void => {
        report.items.push({ key: c.key, citation: c, against, state, message: `${describe(c)}: at ${against}: ${message}`, ...(delta !== undefined ? { delta } : {}) });
      };
      if (newFile.kind === 'missing') return item('deleted', `${r.path} no longer exists.`);
      if (oldFile.kind !== 'ok' || newFile.kind !== 'ok') return;
      const oldLines = oldFile.text.lines.slice(r.start - 1, r.end);
      const newLines = newFile.text.lines.slice(r.start - 1, r.end);
      if (newLines.length === oldLines.length && hashLines(newLines) === hashLines(oldLines)) return item('same', `${formatRange(r.start, r.end)} unchanged.`);
      const shift = findShift(searchable(newFile.text.lines), r.start, r.end, c.expect);
      if (shift.kind === 'vanished') return item('vanished', `${shift.fragments.map((x) => `\`${x}\``).join(', ')} no longer found in ${r.path}.`);
      if (shift.kind === 'shift' && shift.delta !== 0) return item('moved', `${formatRange(r.start, r.end)} moved by ${signed(shift.delta)} to ${formatRange(r.start + shift.delta, r.end + shift.delta)} (relocate will follow it).`, shift.delta);
      if (shift.kind === 'shift') return item('changed', `${formatRange(r.start, r.end)} changed; the fragments are still inside it.`);
      return item('changed', `${formatRange(r.start, r.end)} changed and the fragments no longer fit one range of this size.`);
    } catch (err) {
      if (err instanceof ProviderError) report.errors.push(`${describe(c)}: ${err.message}`);
      else throw err;
    }
  });
  await reader.flush();
  for (const s of [...skippedRepos].sort()) report.warnings.push(`skipped: ${s}.`);
  report.items.sort((a, b) => (a.key === b.key ? (a.against < b.against ? -1 : 1) : a.key < b.key ? -1 : 1));
  return report;
}
