/**
 * What the page components need from a verification run, trimmed to data
 * that is safe to embed in the built site (no tokens, no paths outside the
 * repository). Pure: report in, plain JSON-able object out.
 */
import type { SourceUsage } from './source-usage.ts';
import type { VerificationReport } from './verify.ts';
import type { CitationStatus } from './verify.ts';

export interface RenderedCitation {
  /** MDX file (or src/lib/model/sources.ts) relative to the repository root. */
  file: string;
  line: number;
  /** `source`: a ref the model exports, shown by calculators. */
  kind: 'cite' | 'excerpt' | 'source';
  /** For `source`: the export name, and the calculators and pages that can show it. */
  name?: string;
  calculators?: string[];
  pages?: string[];
  refText: string;
  key: string;
  context: number;
  status: CitationStatus;
  commit?: string;
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

const KIND = { Cite: 'cite', Excerpt: 'excerpt', Source: 'source' } as const;

/**
 * Reduces a verification report to the data the components render.
 * @param usage - for model sources, which calculators and pages show each (./source-usage.ts).
 */
export function toRenderData(report: VerificationReport, usage: ReadonlyMap<string, SourceUsage> = new Map()): CitationRenderData {
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
 * ref; for an Excerpt the context must match too, since it changes the lines.
 *
 * @returns the first match, or undefined when the verification did not see it
 *   (which means the component is used outside `content/`).
 */
export function findRendered(data: CitationRenderData, refText: string, kind: RenderedCitation['kind'], context = 0): RenderedCitation | undefined {
  return data.citations.find((c) => c.refText === refText && c.kind === kind && (kind === 'cite' || c.context === context));
}

/** `content/docs/etcd-sizing.mdx` → `/etcd-sizing/`; `content/docs/index.mdx` → `/`. */
export function pagePathOf(file: string): string {
  const slug = file.replace(/^content\/docs\//, '').replace(/\.mdx?$/, '').replace(/(^|\/)index$/, '');
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
export function blockRelativeRange(start: number, end: number, firstLine: number, blockLines: number): { start: number; end: number } {
  const a = start - firstLine + 1;
  const b = end - firstLine + 1;
  if (a < 1 || b > blockLines || b < a) {
    throw new RangeError(`Lines ${start}-${end} are outside the block that starts at line ${firstLine} and has ${blockLines} lines.`);
  }
  return { start: a, end: b };
}

/** What a calculator needs to link one source: the permalink and the citation's state. */
export interface SourceLink {
  href: string;
  status: CitationStatus;
}

/**
 * The links a calculator embeds for the sources it can show, keyed by ref text.
 * @param calculator - calculator id (`readPath`).
 */
export function sourceLinksFor(data: CitationRenderData, calculator: string): Record<string, SourceLink> {
  const out: Record<string, SourceLink> = {};
  for (const c of data.citations) {
    if (c.kind === 'source' && c.calculators?.includes(calculator)) out[c.refText] = { href: c.permalink, status: c.status };
  }
  return out;
}
