/**
 * `cite relocate`: after a ref is bumped in the MDX (say v3.7.0 → v3.7.1), finds each
 * citation's `expect` fragments in the file at the ref as written and rewrites the
 * MDX line range, or reports the citations whose fragments no longer exist.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { extractCitations, type Citation } from './extract.ts';
import { findShift, searchable, signed } from './locate.ts';
import { ProviderError } from './providers/types.ts';
import { formatCitationRef } from './ref.ts';
import { readerFor, SourceReader, mapLimit, type SourceReaderOptions } from './source.ts';
import { describe } from './verify.ts';

export interface RelocateOptions {
  root: string;
  env?: NodeJS.ProcessEnv;
  offline?: boolean;
  /** Report what would change without writing MDX. */
  dryRun?: boolean;
  log?: (line: string) => void;
  contentDirs?: string[];
  cacheDir?: string;
  github?: SourceReaderOptions['github'];
}

export interface Relocation {
  file: string;
  line: number;
  from: string;
  to: string;
  delta: number;
}

export interface RelocateReport {
  moved: Relocation[];
  /** Citations whose fragments already sit in the cited lines. */
  unchanged: number;
  /** Citations that could not be relocated (vanished fragments, missing file, ambiguous). */
  errors: string[];
  warnings: string[];
  configErrors: string[];
  /** MDX files rewritten. */
  filesWritten: string[];
}

/**
 * Moves each citation's range by the smallest shift that puts all its `expect`
 * fragments inside it, keeping the range's size and the rest of the ref text.
 * Rewrites only the `ref="…"` attribute text, from the end of each file backwards.
 */
export async function runRelocate(options: RelocateOptions): Promise<RelocateReport> {
  const report: RelocateReport = { moved: [], unchanged: 0, errors: [], warnings: [], configErrors: [], filesWritten: [] };
  let reader: SourceReader;
  try {
    reader = readerFor(options);
  } catch (e) {
    if (e instanceof ProviderError) {
      report.configErrors.push(e.message);
      report.errors.push(e.message);
      return report;
    }
    throw e;
  }
  const extraction = await extractCitations(options.root, options.contentDirs);
  for (const e of extraction.errors) report.errors.push(e.message);

  const edits = new Map<string, Array<{ c: Citation; text: string }>>();
  await mapLimit(extraction.citations, 8, async (c) => {
    const r = c.ref;
    let lines: string[];
    try {
      const { commit } = await reader.resolve(r.owner, r.repo, r.ref);
      const f = await reader.file(r.owner, r.repo, commit, r.path);
      if (f.kind === 'unavailable') { report.errors.push(`${describe(c)}: cannot read the file: ${f.reason}.`); return; }
      if (f.kind === 'missing') { report.errors.push(`${describe(c)}: ${r.path} does not exist at ${r.ref}; find its new path by hand.`); return; }
      lines = f.text.lines;
    } catch (e) {
      if (e instanceof ProviderError) { report.errors.push(`${describe(c)}: ${e.message}`); return; }
      throw e;
    }
    const shift = findShift(searchable(lines), r.start, r.end, c.expect);
    if (shift.kind === 'vanished') {
      report.errors.push(`${describe(c)}: ${shift.fragments.map((x) => `\`${x}\``).join(', ')} no longer occur${shift.fragments.length === 1 ? 's' : ''} in ${r.path} at ${r.ref}; rewrite the citation by hand.`);
    } else if (shift.kind === 'none') {
      report.errors.push(`${describe(c)}: the fragments occur in ${r.path} at ${r.ref} but no ${r.end - r.start + 1}-line range holds them all; widen the range by hand.`);
    } else if (shift.kind === 'ambiguous') {
      report.errors.push(`${describe(c)}: the range could move by ${signed(shift.deltas[0])} or ${signed(shift.deltas[1])}; choose by hand.`);
    } else if (shift.delta === 0) {
      report.unchanged++;
    } else {
      const to = formatCitationRef({ ...r, start: r.start + shift.delta, end: r.end + shift.delta });
      // Keep the author's text outside the anchor (formatCitationRef is canonical anyway).
      const text = c.refText.slice(0, c.refText.lastIndexOf('#') + 1) + to.slice(to.lastIndexOf('#') + 1);
      report.moved.push({ file: c.file, line: c.line, from: c.refText, to: text, delta: shift.delta });
      const list = edits.get(c.file) ?? [];
      list.push({ c, text });
      edits.set(c.file, list);
    }
  });
  await reader.flush();

  for (const [file, list] of [...edits].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const abs = join(options.root, file);
    let src = await readFile(abs, 'utf8');
    // Back to front, so earlier offsets stay valid.
    for (const { c, text } of list.sort((a, b) => b.c.refAttrRange.start - a.c.refAttrRange.start)) {
      const { start, end } = c.refAttrRange;
      const attr = src.slice(start, end);
      const i = attr.indexOf(c.refText);
      if (start < 0 || i < 0) {
        report.errors.push(`${describe(c)}: could not find the ref text in the source to rewrite it to ${text}; edit by hand.`);
        continue;
      }
      src = src.slice(0, start) + attr.slice(0, i) + text + attr.slice(i + c.refText.length) + src.slice(end);
    }
    if (!options.dryRun) {
      await writeFile(abs, src);
      report.filesWritten.push(file);
    }
  }
  report.moved.sort((a, b) => (a.file === b.file ? a.line - b.line : a.file < b.file ? -1 : 1));
  return report;
}

/** One line per relocation, e.g. `content/x.mdx:12: L1113 → L1120 (+7)`. */
export function formatRelocation(m: Relocation): string {
  const a = m.from.slice(m.from.lastIndexOf('#') + 1);
  const b = m.to.slice(m.to.lastIndexOf('#') + 1);
  return `${m.file}:${m.line}: ${a} → ${b} (${signed(m.delta)})`;
}
