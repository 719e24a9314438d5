/**
 * A calculator's answer as one typed document: its result figures, tables, lists and notes (each
 * note with a severity), the rule it applied, and the upstream refs that decided this answer. The
 * page's result region (./render-tree.ts), the design-doc Markdown (./render-markdown.ts) and,
 * through the page, print and the wiki export are renderers of it; none re-derives the answer.
 *
 * Pure data, no DOM: `compute` builds it at build time and in the browser alike.
 */
import type { CalcLang } from './calc-words.ts';

/**
 * Inline content: text, code, strong text, a link to an upstream ref, a link to a page of this
 * guide (`page` a site path such as `/etcd-sizing/#why-five-members-in-production`, without the
 * base path), or a line break.
 */
export type Inline =
  | string
  | { code: string }
  | { strong: readonly Inline[] }
  | { ref: string }
  | { page: string; text: string }
  | { br: true };

/**
 * How a paragraph reads:
 * - `lead`: the headline sentence of the answer;
 * - `text`: plain explanation;
 * - `info`: a note, qualification or assumption;
 * - `warning`: the answer is unsafe or outside what was tested;
 * - `refusal`: etcd or kube-apiserver refuses what was asked.
 */
export type Tone = 'lead' | 'text' | 'info' | 'warning' | 'refusal';

/** The tones that carry a severity, and the word every channel prints before them. */
export const SEVERITY_LABEL: Readonly<Partial<Record<Tone, string>>> = { warning: 'Warning', refusal: 'Refused' };

/** One cell of a table: its content, and whether it is the row's header. */
export interface Cell {
  content: readonly Inline[];
  header?: boolean;
}

export type Block =
  | { kind: 'facts'; rows: readonly { label: string; value: readonly Inline[] }[] }
  | { kind: 'para'; tone: Tone; content: readonly Inline[] }
  | {
      kind: 'list';
      /** For an ordered list, each item's number (as the page's `<li value>`); absent for bullets. */
      numbers?: readonly number[];
      items: readonly (readonly Inline[])[];
      /** Extra class on the page (e.g. `calc__reasons`). */
      className?: string;
    }
  | {
      kind: 'table';
      /** Accessible name of the table's scroll region, also its caption in Markdown. */
      label: string;
      head: readonly string[];
      /** Column alignment; left when absent. */
      align?: readonly ('left' | 'right')[];
      rows: readonly { cells: readonly Cell[]; flag?: string }[];
      /** Extra class of the wrapper (e.g. `calc__steps`). */
      className?: string;
    }
  | { kind: 'code'; text: string }
  | { kind: 'refs'; refs: readonly string[] };

/** What a calculator answered for valid input. */
export interface ResultDoc {
  /** The language its text is in; the renderers frame it in the same one (./calc-words.ts). */
  lang: CalcLang;
  blocks: readonly Block[];
  /** The rule applied, in a sentence or two, shown under the result and quoted by the copy. */
  rule: string;
  /**
   * Refs (`owner/repo@ref:path#Lx-Ly`, src/lib/model/sources.ts) that decided this answer, in the
   * order first used. Refs named inline are added by {@link resultDoc}.
   */
  sources: readonly string[];
}

/** A block slot that may be skipped, as in JSX. */
type MaybeBlock = Block | null | false | undefined;

/**
 * Builds a document; skipped blocks are dropped, and every ref named inline joins `sources`.
 * @param blocks - the answer, top to bottom.
 * @param rule - the rule applied (non-empty).
 * @param sources - refs that decided the answer without being linked inline.
 * @param lang - the language the blocks and the rule are written in.
 * @throws Error for an empty rule, which every channel prints.
 */
export function resultDoc(
  blocks: readonly MaybeBlock[],
  rule: string,
  sources: readonly string[] = [],
  lang: CalcLang = 'en',
): ResultDoc {
  if (rule.trim() === '') throw new Error('A result document needs the rule it applied.');
  const kept = blocks.filter((b): b is Block => Boolean(b));
  return { lang, blocks: kept, rule, sources: [...new Set([...sources, ...kept.flatMap(blockRefs)])] };
}

/** Result figures: [label, value] pairs. */
export function facts(rows: readonly (readonly [string, Inline | readonly Inline[]])[]): Block {
  return { kind: 'facts', rows: rows.map(([label, value]) => ({ label, value: inlines(value) })) };
}

/** A paragraph in the given tone. */
export function para(content: Inline | readonly Inline[], tone: Tone = 'text'): Block {
  return { kind: 'para', tone, content: inlines(content) };
}

/** A bulleted list. */
export function bullets(items: readonly (Inline | readonly Inline[])[], className?: string): Block {
  return { kind: 'list', items: items.map(inlines), ...(className ? { className } : {}) };
}

/** A preformatted block (flags to paste). */
export function codeBlock(text: string): Block {
  return { kind: 'code', text };
}

/** A list of links to upstream refs, duplicates dropped. */
export function refList(refs: readonly string[]): Block {
  return { kind: 'refs', refs: [...new Set(refs)] };
}

function inlines(v: Inline | readonly Inline[]): readonly Inline[] {
  return Array.isArray(v) ? (v as readonly Inline[]) : [v as Inline];
}

function inlineRefs(content: readonly Inline[]): string[] {
  return content.flatMap((i) =>
    typeof i === 'string' ? [] : 'ref' in i ? [i.ref] : 'strong' in i ? inlineRefs(i.strong) : [],
  );
}

/** The refs a block links (inline or as a list). */
export function blockRefs(b: Block): string[] {
  switch (b.kind) {
    case 'facts':
      return b.rows.flatMap((r) => inlineRefs(r.value));
    case 'para':
      return inlineRefs(b.content);
    case 'list':
      return b.items.flatMap(inlineRefs);
    case 'table':
      return b.rows.flatMap((r) => r.cells.flatMap((c) => inlineRefs(c.content)));
    case 'refs':
      return [...b.refs];
    case 'code':
      return [];
  }
}

/** Plain text of inline content (a ref as the ref itself); for tests and summaries. */
export function inlineText(content: readonly Inline[]): string {
  return content
    .map((i) =>
      typeof i === 'string'
        ? i
        : 'code' in i
          ? i.code
          : 'strong' in i
            ? inlineText(i.strong)
            : 'ref' in i
              ? i.ref
              : 'page' in i
                ? i.text
                : ' ',
    )
    .join('');
}

/** The paragraphs of a document that carry a severity, as [tone, text]. */
export function severeNotes(doc: ResultDoc): [Tone, string][] {
  return doc.blocks.flatMap((b) =>
    b.kind === 'para' && SEVERITY_LABEL[b.tone] ? [[b.tone, inlineText(b.content)] as [Tone, string]] : [],
  );
}
