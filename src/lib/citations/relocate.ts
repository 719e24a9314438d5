/**
 * `cite relocate`: after a ref is bumped in the MDX (say v3.7.0 → v3.7.1), follows
 * each citation's lines from the commit pinned in the lock to the ref now written,
 * through a line diff of the two versions, and rewrites the MDX line range.
 */
import { openRun, type RunOptions } from './open-run.ts';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import writeFileAtomic from 'write-file-atomic';
import { DriftFinder, formatDrift, fragmentsOutside, type DriftResult } from './drift.ts';
import { extractCitations, type Citation } from './extract.ts';
import type { Hunk, LineRange } from './line-map.ts';
import { isChecked, readLocationOf, type Lock, type LockEntry } from './lock.ts';
import { signed } from './locate.ts';
import { ProviderError } from './providers/types.ts';
import { formatCitationRef } from './ref.ts';
import { mapLimit } from './source.ts';
import { describe } from './verify.ts';

export interface RelocateOptions extends RunOptions {
  /** Report what would change without writing MDX. */
  dryRun?: boolean;
}

/** A citation whose MDX range is rewritten. */
export interface Relocation {
  file: string;
  line: number;
  /** The ref text before and after. */
  from: string;
  to: string;
  /** New start line minus old start line. */
  delta: number;
  /** `moved`: the same lines; `edited`: lines changed inside, see `changes`. */
  state: 'moved' | 'edited';
  /** For `edited`: what changed (old side cut to the cited lines); empty for `moved`. */
  changes: Hunk[];
}

/** A citation relocate cannot follow; its message is also in `errors`. */
export interface NeedsHand {
  file: string;
  line: number;
  state: 'edited' | 'gone';
  message: string;
  changes: Hunk[];
}

export interface RelocateReport {
  relocated: Relocation[];
  /** Citations whose lines are the same, at the same numbers. */
  unchanged: number;
  /** Citations skipped because the lock has no pinned entry for their lines. */
  skipped: number;
  needsHand: NeedsHand[];
  /** Everything that needs a hand, including each of `needsHand`. */
  errors: string[];
  warnings: string[];
  configErrors: string[];
  /** MDX files rewritten. */
  filesWritten: string[];
}

/**
 * The lock entry a citation's lines were pinned under: its own key when the ref
 * was not bumped, else the only pinned entry for the same repository, path and
 * range at another ref.
 * @returns the entry, or why there is none (for a warning).
 */
function pinnedEntryFor(lock: Lock, c: Citation): LockEntry | string {
  const own = lock.entries.get(c.key);
  if (own && isChecked(own)) return own;
  const r = c.ref;
  const lines = [...lock.entries.values()].filter(
    (e) => e.repo === `${r.owner}/${r.repo}` && e.path === r.path && e.start === r.start && e.end === r.end,
  );
  const same = lines.filter((e) => isChecked(e));
  const commits = new Set(same.map((e) => e.commit));
  if (same.length === 0 && lines.length > 0) {
    return `its entry in citations.lock.json is pending (no commit was ever pinned), so there is nothing to compare with; skipped`;
  }
  if (same.length === 0) {
    return `no pinned entry in citations.lock.json for ${r.path} at these lines, so nothing to compare with; skipped (relocate needs the lock from before the bump: if this citation was already relocated, run \`npm run cite -- pin\`)`;
  }
  if (commits.size > 1) {
    return `several pinned entries cite these lines at different commits (${same.map((e) => e.ref).join(', ')}); skipped, relocate it by hand`;
  }
  return same[0]!;
}

/**
 * Follows each citation from its pinned commit to the ref written in the MDX and
 * rewrites the range of those that `moved`, and of those `edited` whose diff maps
 * both ends and whose `expect` fragments all lie in the new range. Other edited
 * and gone citations are errors. Rewrites only the `ref="…"` attribute text, from
 * the end of each file backwards.
 */
export async function runRelocate(options: RelocateOptions): Promise<RelocateReport> {
  const report: RelocateReport = {
    relocated: [],
    unchanged: 0,
    skipped: 0,
    needsHand: [],
    errors: [],
    warnings: [],
    configErrors: [],
    filesWritten: [],
  };
  const cfg = (m: string): RelocateReport => {
    report.configErrors.push(m);
    report.errors.push(m);
    return report;
  };
  const run = await openRun(options);
  if ('configError' in run) return cfg(run.configError);
  const { reader, lock } = run;
  const extraction = await extractCitations(options.root, options.contentDirs, options.model);
  for (const e of extraction.errors) report.errors.push(e.message);

  const finder = new DriftFinder(reader);
  const edits = new Map<string, Array<{ c: Citation; text: string }>>();
  const needsHand = (c: Citation, state: NeedsHand['state'], message: string, changes: Hunk[]): void => {
    report.needsHand.push({ file: c.file, line: c.line, state, message, changes });
    report.errors.push(message);
  };
  await mapLimit(extraction.citations, 8, async (c) => {
    const r = c.ref;
    const entry = pinnedEntryFor(lock, c);
    if (typeof entry === 'string') {
      report.skipped++;
      report.warnings.push(`${describe(c)}: ${entry}.`);
      return;
    }
    let drift: DriftResult & { kind: 'ok' };
    try {
      // Both sides where the lines were pinned (a staging citation: its published repository).
      const at = readLocationOf(entry);
      const next = reader.target(r);
      if (next.owner !== at.owner || next.repo !== at.repo || next.path !== at.path) {
        report.errors.push(
          `${describe(c)}: pinned in ${at.owner}/${at.repo}:${at.path}, but ${r.ref} is read from ${next.owner}/${next.repo}:${next.path}; relocate it by hand.`,
        );
        return;
      }
      const { commit } = await reader.resolve(next.owner, next.repo, next.ref);
      const found = await finder.follow(
        { owner: at.owner, repo: at.repo, path: at.path, start: r.start, end: r.end, blobSha: entry.blobSha },
        entry.commit!,
        commit,
      );
      if (found.kind === 'unavailable') {
        report.errors.push(`${describe(c)}: ${found.reason}.`);
        return;
      }
      drift = found;
    } catch (e) {
      if (e instanceof ProviderError) {
        report.errors.push(`${describe(c)}: ${e.message}`);
        return;
      }
      throw e;
    }
    const d = drift.drift;
    const head = `${describe(c)}: from ${entry.read?.ref ?? entry.ref} (${entry.status} ${entry.commit!.slice(0, 12)}) to ${r.ref}:`;
    if (d.state === 'unchanged') {
      const outside = fragmentsOutside(drift.newLines, d.from, c.expect);
      if (outside.length === 0) {
        report.unchanged++;
        return;
      }
      // Typically `pin` ran after the bump and replaced the old pin with one at the new ref.
      const hint =
        entry.key === c.key
          ? ' If `pin` ran after the ref was bumped, restore citations.lock.json from git and run relocate again.'
          : '';
      report.errors.push(
        `${head} the cited lines are unchanged, but ${outside.map((x) => `\`${x}\``).join(', ')} ${outside.length === 1 ? 'is' : 'are'} not in them: relocate follows lines, not fragments; correct the range or \`expect\` by hand.${hint}`,
      );
      return;
    }
    if (d.state === 'gone') {
      needsHand(c, 'gone', `${head} ${formatDrift(d, r.path)}; rewrite the citation by hand.`, d.changes);
      return;
    }
    let range: LineRange;
    if (d.state === 'moved') {
      range = d.to;
    } else if (!d.to) {
      needsHand(c, 'edited', `${head} ${formatDrift(d, r.path)}; choose the range by hand.`, d.changes);
      return;
    } else {
      range = d.to;
      const outside = fragmentsOutside(drift.newLines, range, c.expect);
      if (outside.length > 0) {
        const list = outside.map((x) => `\`${x}\``).join(', ');
        needsHand(
          c,
          'edited',
          `${head} ${formatDrift(d, r.path)}, but ${list} ${outside.length === 1 ? 'is' : 'are'} not inside it; fix the range or \`expect\` by hand.`,
          d.changes,
        );
        return;
      }
    }
    const to = formatCitationRef({ ...r, start: range.start, end: range.end });
    // Keep the author's text outside the anchor (formatCitationRef is canonical anyway).
    const text = c.refText.slice(0, c.refText.lastIndexOf('#') + 1) + to.slice(to.lastIndexOf('#') + 1);
    report.relocated.push({
      file: c.file,
      line: c.line,
      from: c.refText,
      to: text,
      delta: range.start - r.start,
      state: d.state,
      changes: d.state === 'edited' ? d.changes : [],
    });
    const list = edits.get(c.file) ?? [];
    list.push({ c, text });
    edits.set(c.file, list);
  });
  await reader.flush();
  report.warnings.push(...reader.notices);

  for (const [file, list] of [...edits].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const abs = join(options.root, file);
    let src = await readFile(abs, 'utf8');
    // Back to front, so earlier offsets stay valid.
    for (const { c, text } of list.sort((a, b) => b.c.refAttrRange.start - a.c.refAttrRange.start)) {
      const { start, end } = c.refAttrRange;
      const attr = src.slice(start, end);
      const i = attr.indexOf(c.refText);
      if (start < 0 || i < 0) {
        report.errors.push(
          `${describe(c)}: could not find the ref text in the source to rewrite it to ${text}; edit by hand.`,
        );
        continue;
      }
      src = src.slice(0, start) + attr.slice(0, i) + text + attr.slice(i + c.refText.length) + src.slice(end);
    }
    if (!options.dryRun) {
      // An interrupted run must not leave a half-written page.
      await writeFileAtomic(abs, src);
      report.filesWritten.push(file);
    }
  }
  const byPlace = (a: { file: string; line: number }, b: { file: string; line: number }): number =>
    a.file === b.file ? a.line - b.line : a.file < b.file ? -1 : 1;
  report.relocated.sort(byPlace);
  report.needsHand.sort(byPlace);
  return report;
}

/**
 * One line per relocation, e.g. `content/x.mdx:12: L1113 → L1120 (+7)`, or for an
 * edited range `content/x.mdx:12: L7-L9 → L12-L15 (+5, edited: review the changed lines)`.
 */
export function formatRelocation(m: Relocation): string {
  const a = m.from.slice(m.from.lastIndexOf('#') + 1);
  const b = m.to.slice(m.to.lastIndexOf('#') + 1);
  return `${m.file}:${m.line}: ${a} → ${b} (${m.delta === 0 ? 'same start' : signed(m.delta)}${m.state === 'edited' ? ', edited: review the changed lines' : ''})`;
}
