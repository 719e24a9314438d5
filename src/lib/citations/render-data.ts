/**
 * What the page components need from a verification run, trimmed to data
 * that is safe to embed in the built site (no tokens, no paths outside the
 * repository). Pure: report in, plain JSON-able object out.
 */
import { uiText, type CitationWords } from '../i18n/ui-text.ts';
import { DOCS_DIR } from '../project-paths.ts';
import { stateMark } from './page-sources.ts';
import { provisionalLabel } from './staging.ts';
import type { CitationStatus, VerificationReport } from './verify.ts';

export interface RenderedCitation {
  /** MDX file (or src/lib/model/sources.ts) relative to the repository root. */
  file: string;
  line: number;
  /** `source`: a ref the model exports, shown by calculators; `value`: a constant read from the lines. */
  kind: 'cite' | 'excerpt' | 'value' | 'source';
  /** For `value`: the pattern, the unit shown after the value, and the value the lock recorded (absent when pending). */
  pattern?: string;
  unit?: string;
  value?: string;
  /** For a `value` bound to a model number: the calculator field whose default it is, or the constant's name. */
  bound?: { calculator: string; field: string } | { constant: string };
  /** For `source`: the export name, and the calculators and pages that can show it. */
  name?: string;
  calculators?: string[];
  pages?: string[];
  refText: string;
  key: string;
  context: number;
  status: CitationStatus;
  /** Commit of the lines that were read (of `readRepo` when that is not the cited repository). */
  commit?: string;
  /** The repository the lines were read from, when not the cited one (a Kubernetes staging repository). */
  readRepo?: string;
  /** For `provisional`: the release the lines were checked at instead (`v1.37.0-beta.0`). */
  checkedAt?: string;
  permalink: string;
  /** Only for verified citations: cited lines plus context, and the number of the first. */
  lines?: string[];
  firstLine?: number;
  lineCount?: number;
}

export interface CitationRenderData {
  citations: RenderedCitation[];
  /** Whether this build could not verify some citations (pending or unfetchable). */
  incomplete: boolean;
}

/** Where a model source shows: the calculators that declare it and the pages that render those calculators. */
export interface SourceUsage {
  /** Calculator ids, sorted. */
  calculators: string[];
  /** Page paths (`/etcd-reads/`), sorted. */
  pages: string[];
}

/**
 * Which calculators and pages show each model source.
 * @param declared - each calculator's declared sources, by calculator id (`CalcView.sources`).
 * @param pages - the calculator ids each page renders, by page path.
 * @returns an entry for every source some calculator declares, its lists sorted.
 */
export function sourceUsage(
  declared: Readonly<Record<string, readonly string[]>>,
  pages: ReadonlyMap<string, readonly string[]>,
): Map<string, SourceUsage> {
  const usage = new Map<string, { calculators: Set<string>; pages: Set<string> }>();
  for (const [id, names] of Object.entries(declared)) {
    const shownOn = [...pages].filter(([, ids]) => ids.includes(id)).map(([page]) => page);
    for (const name of names) {
      let u = usage.get(name);
      if (!u) usage.set(name, (u = { calculators: new Set(), pages: new Set() }));
      u.calculators.add(id);
      for (const page of shownOn) u.pages.add(page);
    }
  }
  const sorted = (set: Set<string>): string[] => [...set].sort();
  return new Map([...usage].map(([k, u]) => [k, { calculators: sorted(u.calculators), pages: sorted(u.pages) }]));
}

const KIND = { Cite: 'cite', Excerpt: 'excerpt', Value: 'value', Source: 'source' } as const;

/**
 * Reduces a verification report to the data the components render.
 * @param usage - for model sources, which calculators and pages show each ({@link sourceUsage}).
 */
export function toRenderData(
  report: VerificationReport,
  usage: ReadonlyMap<string, SourceUsage> = new Map(),
): CitationRenderData {
  const citations = report.citations.map((r) => {
    const out: RenderedCitation = {
      file: r.citation.file,
      line: r.citation.line,
      kind: KIND[r.citation.kind],
      refText: r.citation.refText,
      key: r.key,
      context: r.citation.context,
      status: r.status,
      permalink: r.permalink,
    };
    if (r.commit) out.commit = r.commit;
    if (r.citation.pattern !== undefined) out.pattern = r.citation.pattern;
    if (r.citation.unit !== undefined) out.unit = r.citation.unit;
    if (r.value !== undefined) out.value = r.value;
    const b = r.citation.bound;
    if (b) out.bound = 'constant' in b ? { constant: b.constant } : { calculator: b.calculator, field: b.field };
    if (r.read && r.read.repo !== `${r.citation.ref.owner}/${r.citation.ref.repo}`) out.readRepo = r.read.repo;
    if (r.status === 'provisional' && r.read)
      out.checkedAt = provisionalLabel({ repo: `${r.citation.ref.owner}/${r.citation.ref.repo}`, read: r.read });
    if (r.citation.kind === 'Source' && r.citation.name) {
      const u = usage.get(r.citation.name);
      out.name = r.citation.name;
      out.calculators = u?.calculators ?? [];
      out.pages = u?.pages ?? [];
    }
    if (r.status === 'verified' && r.lines) {
      out.lines = r.lines;
      if (r.firstLine !== undefined) out.firstLine = r.firstLine;
      if (r.lineCount !== undefined) out.lineCount = r.lineCount;
    }
    return out;
  });
  return { citations, incomplete: citations.some((c) => c.status !== 'verified') };
}

/**
 * Finds the data for one component instance. Several citations may share a
 * ref; for an Excerpt the context must match too, since it changes the lines, and for a Value the pattern.
 *
 * @returns the first match, or undefined when the verification did not see it
 *   (which means the component is used outside `content/`).
 */
export function findRendered(
  data: CitationRenderData,
  refText: string,
  kind: RenderedCitation['kind'],
  context = 0,
  pattern?: string,
): RenderedCitation | undefined {
  return data.citations.find(
    (c) =>
      c.refText === refText &&
      c.kind === kind &&
      (kind === 'cite' || c.context === context) &&
      (kind !== 'value' || c.pattern === pattern),
  );
}

/**
 * {@link findRendered} for a component in the build: a citation the extractor did not find (written
 * inside an expression, imported under another name) was never verified, so rather than show it
 * unchecked this throws, naming it and the page.
 *
 * @returns the data, or undefined when the build ran without verification (`CITATIONS=off`).
 * @throws Error when verification ran and did not see this citation.
 */
export function renderedFor(
  data: CitationRenderData,
  refText: string,
  kind: 'cite' | 'excerpt' | 'value',
  context: number,
  page: string,
  pattern?: string,
): RenderedCitation | undefined {
  const rendered = findRendered(data, refText, kind, context, pattern);
  if (!rendered && data.citations.length > 0) {
    const tag = kind === 'cite' ? 'Cite' : kind === 'value' ? 'Value' : 'Excerpt';
    throw new Error(
      `<${tag} ref="${refText}"> on ${page} was not found by the citation extractor, so it was never verified. Write it as a plain <${tag}> element with literal attributes in an MDX file under content/.`,
    );
  }
  return rendered;
}

/** `content/docs/etcd-sizing.mdx` → `/etcd-sizing/`; `content/docs/index.mdx` → `/` (the folder is {@link DOCS_DIR}). */
export function pagePathOf(file: string): string {
  const slug = (file.startsWith(`${DOCS_DIR}/`) ? file.slice(DOCS_DIR.length + 1) : file)
    .replace(/\.mdx?$/, '')
    .replace(/(^|\/)index$/, '');
  return slug === '' ? '/' : `/${slug}/`;
}

/**
 * Converts an upstream line range to the 1-based line numbers inside a block
 * that starts at upstream line `firstLine`. Expressive Code's `startLineNumber`
 * only relabels the gutter; its `mark` ranges still count from the block's
 * first line, so cited lines must be shifted.
 *
 * @throws RangeError when the range lies outside the block.
 */
export function blockRelativeRange(
  start: number,
  end: number,
  firstLine: number,
  blockLines: number,
): { start: number; end: number } {
  const a = start - firstLine + 1;
  const b = end - firstLine + 1;
  if (a < 1 || b > blockLines || b < a) {
    throw new RangeError(
      `Lines ${start}-${end} are outside the block that starts at line ${firstLine} and has ${blockLines} lines.`,
    );
  }
  return { start: a, end: b };
}

/** What a calculator needs to link one source: the permalink, the citation's state, and what to say of it when not verified. */
export interface SourceLink {
  href: string;
  status: CitationStatus;
  /** {@link stateNote}'s short note ("provisional, checked at v1.37.0-beta.0"); absent when verified. */
  note?: string;
}

/**
 * What a page says about a citation it cannot call verified: the state's name for a link
 * (`pending, not pinned to a commit yet`, as the page's markers say it) and a sentence for an
 * excerpt card, both in the page's language.
 * @returns undefined for a verified citation.
 */
export function stateNote(
  c: Pick<RenderedCitation, 'status' | 'checkedAt' | 'refText'> | undefined,
  words: CitationWords = uiText('en').citations,
): { short: string; sentence: string } | undefined {
  const state = c ?? { status: 'unverified' as const };
  if (state.status === 'verified') return undefined;
  const short = stateMark(state, words).name;
  switch (state.status) {
    case 'provisional':
      return { short, sentence: words.note.provisional(c?.checkedAt ?? '') };
    case 'pending':
      return { short, sentence: words.note.pending };
    case 'failed':
      return { short, sentence: words.note.failed };
    default:
      return { short, sentence: words.note.unverified };
  }
}

/**
 * The links a calculator embeds for the sources it can show, keyed by ref text.
 * @param calculator - calculator id (`readPath`).
 * @param words - the language of the calculator's content, in which a link's state note is said.
 */
export function sourceLinksFor(
  data: CitationRenderData,
  calculator: string,
  words: CitationWords,
): Record<string, SourceLink> {
  const out: Record<string, SourceLink> = {};
  for (const c of data.citations) {
    if (c.kind === 'source' && c.calculators?.includes(calculator)) {
      const note = stateNote(c, words)?.short;
      out[c.refText] = { href: c.permalink, status: c.status, ...(note ? { note } : {}) };
    }
  }
  return out;
}
