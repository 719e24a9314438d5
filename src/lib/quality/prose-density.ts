/**
 * How much of a chapter's running prose is citation apparatus rather than sentence: the share of
 * prose characters that citation markers and their state notes take, and the commit hashes left in
 * the prose. Pure: the blocks' rendered text in (src/tooling/prose-density.ts reads it from
 * Chromium), figures out. The budgets are the README's ("Quality: audit and benchmarks").
 */

/** Most citation text a chapter's prose may carry, as a share of its prose characters. */
export const MAX_CITATION_SHARE = 0.05;

/**
 * The running prose a page is measured over: its paragraphs and list items, outermost only (a
 * list item's own paragraphs count once, with it), outside the page's sources list, excerpts,
 * calculators and tables, which are evidence and tools rather than sentences.
 */
export const PROSE_BLOCKS = 'p, li';
export const NOT_PROSE = '.page-sources, figure, .calc, table, nav, .citation-notice';

/**
 * The elements whose text is citation apparatus: the markers of `<Cite>` (a number or a chip), the
 * state marks (src/components/cite/), and, so that a build from before markers can be measured against
 * a later one, that build's inline chips and state notes (`a.cite` without `.cite-value`,
 * `.cite-unverified`). A `<Value>`'s number is prose: it is the sentence's own figure.
 */
export const CITATION_TEXT = '.cite-marker, .cite-state, a.cite:not(.cite-value), .cite-unverified';

/** One block as the browser shows it: its rendered text (`innerText`) and its citation elements' text. */
export interface ProseBlock {
  text: string;
  citationText: string[];
}

export interface ProseDensity {
  /** Characters of prose, whitespace excluded. */
  proseChars: number;
  /** Of those, characters inside citation elements. */
  citationChars: number;
  /** citationChars / proseChars (0 when there is no prose). */
  share: number;
  /** Commit hashes (8 or more hex digits, with a letter and a digit among them) in the prose, in order. */
  hashes: string[];
}

/** Characters a reader sees, whitespace excluded: layout decides where spaces and breaks fall. */
const visible = (text: string): number => text.replace(/\s+/g, '').length;

/**
 * Abbreviated or full git object names. Requiring both a letter and a digit leaves out plain numbers
 * ("100000000 bytes") and hex-looking words ("deadbeef", "facade"); the word boundary leaves out
 * longer words and UUID parts are still caught.
 */
const HASH = /\b(?=[0-9a-f]*[a-f])(?=[0-9a-f]*\d)[0-9a-f]{8,40}\b/g;

/** The commit hashes in a text, in order. */
export function commitHashes(text: string): string[] {
  return text.match(HASH) ?? [];
}

/** Sums a page's blocks into its figures. */
export function proseDensity(blocks: readonly ProseBlock[]): ProseDensity {
  let proseChars = 0;
  let citationChars = 0;
  const hashes: string[] = [];
  for (const b of blocks) {
    proseChars += visible(b.text);
    for (const c of b.citationText) citationChars += visible(c);
    hashes.push(...commitHashes(b.text));
  }
  return { proseChars, citationChars, share: proseChars === 0 ? 0 : citationChars / proseChars, hashes };
}

/** The budgets a page's figures miss, as sentences (empty = within them). */
export function densityFailures(d: ProseDensity): string[] {
  const out: string[] = [];
  if (d.share > MAX_CITATION_SHARE)
    out.push(`citation text ${(d.share * 100).toFixed(1)} % of prose > ${MAX_CITATION_SHARE * 100} %`);
  if (d.hashes.length > 0) out.push(`${d.hashes.length} commit hash(es) in running prose (${d.hashes[0]}…)`);
  return out;
}

/** One row per page: `| /route/ | prose | citation | share | hashes | verdict |`, for the report and the console. */
export function densityTable(rows: readonly { route: string; density: ProseDensity }[]): string {
  const lines = [
    '| Page | Prose characters | Citation characters | Citation share | Commit hashes in prose | Within budget |',
    '| --- | ---: | ---: | ---: | ---: | --- |',
  ];
  for (const { route, density: d } of rows) {
    const failures = densityFailures(d);
    lines.push(
      `| /${route} | ${d.proseChars} | ${d.citationChars} | ${(d.share * 100).toFixed(1)} % | ${d.hashes.length} | ${failures.length === 0 ? 'yes' : `no: ${failures.join('; ')}`} |`,
    );
  }
  return lines.join('\n');
}
