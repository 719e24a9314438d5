/**
 * The design-doc renderer of a result document: the whole answer as CommonMark + GFM that a reader
 * pastes into a design document, with the inputs it is for, every figure, table, list and note
 * (warnings and refusals marked as on the page), the rule, the upstream lines that decided it as
 * commit permalinks with their verification state, the live calculator and the guide version.
 */
import { destination, escapeInline } from '../citation-text.ts';
import { pageHref } from './page-link.ts';
import { refLabel, type RefLinkData } from './ref-link.ts';
import { calcWords, type CalcWords } from './calc-words.ts';
import type { Block, Inline, ResultDoc } from './result-doc.ts';

/** What the page adds around a document: who it is, what it was asked, where it lives. */
export interface DesignDocFrame {
  /** The calculator's title, e.g. "Quorum and failure tolerance". */
  title: string;
  /** Inputs shown in the form, as the reader sees them (a select's option text, "yes"/"no"). */
  inputs: readonly { label: string; value: string }[];
  /** Verified links by ref, as the build embedded them (src/lib/citations/render-data.ts). */
  links: Readonly<Record<string, RefLinkData>>;
  /** The live calculator with these inputs in its URL. */
  liveUrl: string;
  /** Which guide this is, e.g. "guide 3bb2ecb, 2026-12-01 · Kubernetes v1.37.0 · etcd v3.7.0". */
  version: string;
}

/** A ref as a Markdown link with its state, or its label when the build gave no link. */
function refMarkdown(ref: string, frame: InlineFrame): string {
  const label = escapeInline(refLabel(ref));
  const link = frame.links[ref];
  const [open, close] = frame.words.paren;
  if (!link) return `${label}${open}${frame.words.linkUnavailable}${close}`;
  return `[${label}](${destination(link.href)})${open}${escapeInline(link.note ?? frame.words.sourceVerified)}${close}`;
}

/** A code span whose fence is longer than any run of backticks inside it. */
function codeSpan(text: string): string {
  const flat = text.replace(/\s+/g, ' ');
  const longest = Math.max(0, ...[...flat.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = '`'.repeat(longest + 1);
  const pad = flat.startsWith('`') || flat.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${flat}${pad}${fence}`;
}

/** What inline Markdown needs: the verified links, the live page to resolve guide links against, and the words of a link's state. */
type InlineFrame = Pick<DesignDocFrame, 'links' | 'liveUrl'> & { words: CalcWords };

function inlineMarkdown(content: readonly Inline[], frame: InlineFrame): string {
  return content
    .map((i) => {
      if (typeof i === 'string') return textMarkdown(i);
      if ('code' in i) return codeSpan(i.code);
      if ('strong' in i) return `**${inlineMarkdown(i.strong, frame).trim()}**`;
      if ('ref' in i) return refMarkdown(i.ref, frame);
      if ('page' in i)
        return `[${escapeInline(i.text)}](${destination(new URL(pageHref(i.page), frame.liveUrl).href)})`;
      return ' ';
    })
    .join('')
    .replace(/ {2,}/g, ' ')
    .trim();
}

/** A URL in running text: up to a space, bracket or quote, and not its sentence's last stop. */
const URL_IN_TEXT = /https?:\/\/[^\s<>()"]*[^\s<>()".,;:!?]/g;

/** Inline escapes without trimming, so adjacent parts keep the spaces between them. */
const escapeText = (text: string): string => text.replace(/\s+/g, ' ').replace(/([\\`*_[\]<>#|!~])/g, '\\$1');

/**
 * Escaped text; a URL becomes an autolink, since escaped in place its `#` would end a GFM literal
 * link early.
 */
function textMarkdown(text: string): string {
  const parts: string[] = [];
  let at = 0;
  for (const m of text.matchAll(URL_IN_TEXT)) {
    parts.push(escapeText(text.slice(at, m.index)), destination(m[0]));
    at = m.index + m[0].length;
  }
  parts.push(escapeText(text.slice(at)));
  return parts.join('');
}

/** A paragraph that Markdown would not read as a list item, heading or rule. */
function paragraph(text: string): string {
  return text.replace(/^(\d+)([.)])/, '$1\\$2').replace(/^([-+=])/, '\\$1');
}

function tableMarkdown(
  head: readonly string[],
  rows: readonly (readonly string[])[],
  align?: readonly string[],
): string[] {
  // Cells arrive escaped, but a code span may still hold a pipe, which GFM reads as a cell border.
  const cell = (t: string) => t.replace(/(?<!\\)\|/g, '\\|') || '—';
  const rule = head.map((_, i) => (align?.[i] === 'right' ? '---:' : '---'));
  return [
    `| ${head.map(cell).join(' | ')} |`,
    `| ${rule.join(' | ')} |`,
    ...rows.map((r) => `| ${r.map(cell).join(' | ')} |`),
  ];
}

function blockMarkdown(b: Block, frame: InlineFrame): string[] {
  const { words } = frame;
  const md = (c: readonly Inline[]) => inlineMarkdown(c, frame);
  switch (b.kind) {
    case 'facts':
      return tableMarkdown(
        [words.result, words.value],
        b.rows.map((r) => [escapeInline(r.label), md(r.value)]),
      );
    case 'para': {
      const label = words.severity[b.tone];
      return label ? [`> **${label}${words.colon}** ${md(b.content)}`] : [paragraph(md(b.content))];
    }
    case 'list':
      return b.items.map((item, i) => (b.numbers ? `${b.numbers[i]}. ${md(item)}` : `- ${md(item)}`));
    case 'table':
      return [
        `**${escapeInline(b.label)}**`,
        '',
        ...tableMarkdown(
          b.head.map(escapeInline),
          b.rows.map((r) => r.cells.map((c) => md(c.content))),
          b.align,
        ),
      ];
    case 'code': {
      const longest = Math.max(2, ...[...b.text.matchAll(/`+/g)].map((m) => m[0].length));
      const fence = '`'.repeat(longest + 1);
      return [fence, b.text, fence];
    }
    case 'refs':
      return b.refs.map((r) => `- ${refMarkdown(r, frame)}`);
  }
}

/**
 * A calculator's answer as a Markdown block for a design document.
 *
 * @param doc - the calculator's result document for the inputs in `frame`.
 * @param frame - title, inputs, verified links, live URL and guide version.
 * @returns CommonMark + GFM ending in a newline.
 * @throws Error when a URL holds `<`, `>` or a line break.
 */
export function designDocMarkdown(doc: ResultDoc, frame: DesignDocFrame): string {
  const words = calcWords(doc.lang);
  const inline: InlineFrame = { links: frame.links, liveUrl: frame.liveUrl, words };
  const lines: string[] = [`#### ${escapeInline(frame.title)}`, ''];
  lines.push(
    ...tableMarkdown(
      [words.input, words.value],
      frame.inputs.map((i) => [escapeInline(i.label), textMarkdown(i.value.replace(/\s+/g, ' ').trim())]),
    ),
    '',
  );
  for (const b of doc.blocks) lines.push(...blockMarkdown(b, inline), '');
  lines.push(`**${words.rule}** ${escapeInline(doc.rule)}`, '');
  if (doc.sources.length > 0) {
    lines.push(`**${words.upstreamSources}**`, '');
    for (const ref of doc.sources) lines.push(`- ${refMarkdown(ref, inline)}`);
    lines.push('');
  }
  lines.push(
    `**${words.liveCalculator}** [${escapeInline(frame.title)}](${destination(frame.liveUrl)})`,
    '',
    `_${escapeInline(frame.version)}_`,
    '',
  );
  return lines.join('\n');
}
