/**
 * hast → CommonMark + GFM text, through unified's rehype-remark (hast-util-to-mdast) and
 * remark-stringify with remark-gfm for tables. Chosen over a hand-written converter: it knows
 * every HTML element's Markdown form and escapes text so that it reads back the same.
 */
import type { Root as HastRoot } from 'hast';
import type { Root as MdastRoot } from 'mdast';
import rehypeRemark from 'rehype-remark';
import remarkGfm from 'remark-gfm';
import remarkStringify, { type Options as StringifyOptions } from 'remark-stringify';
import { unified } from 'unified';

/** Markdown style of the export: fenced code, `-` bullets, `*` emphasis, ATX headings. */
export const MARKDOWN_STYLE: StringifyOptions = { bullet: '-', emphasis: '*', strong: '*', fence: '`', fences: true, rule: '-', listItemIndent: 'one', incrementListMarker: true };

/**
 * Converts a hast tree to Markdown.
 *
 * @returns the Markdown, ending in one newline.
 */
export function hastToMarkdown(tree: HastRoot): string {
  const processor = unified().use(rehypeRemark).use(remarkGfm, { tablePipeAlign: false }).use(remarkStringify, MARKDOWN_STYLE);
  const mdast = processor.runSync(tree) as MdastRoot;
  return processor.stringify(mdast);
}
