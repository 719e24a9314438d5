/**
 * hast → CommonMark + GFM text, through unified's rehype-remark (hast-util-to-mdast) and
 * remark-stringify with remark-gfm for tables. Chosen over a hand-written converter: it knows
 * every HTML element's Markdown form and escapes text so that it reads back the same.
 */
import GithubSlugger from 'github-slugger';
import type { Element, Root as HastRoot } from 'hast';
import type { Root as MdastRoot, RootContent } from 'mdast';
import { toString } from 'mdast-util-to-string';
import { visit } from 'unist-util-visit';
import rehypeRemark from 'rehype-remark';
import remarkGfm from 'remark-gfm';
import remarkStringify, { type Options as StringifyOptions } from 'remark-stringify';
import { unified } from 'unified';

/** Markdown style of the export: fenced code, `-` bullets, `*` emphasis, ATX headings. */
export const MARKDOWN_STYLE: StringifyOptions = { bullet: '-', emphasis: '*', strong: '*', fence: '`', fences: true, rule: '-', listItemIndent: 'one', incrementListMarker: true };

/** The ids of a tree's h2–h6 headings, in document order (undefined for one without an id). */
function headingIds(tree: HastRoot): (string | undefined)[] {
  const ids: (string | undefined)[] = [];
  visit(tree, 'element', (node: Element) => {
    if (/^h[2-6]$/.test(node.tagName)) ids.push(typeof node.properties['id'] === 'string' ? node.properties['id'] : undefined);
  });
  return ids;
}

/**
 * Keeps each heading's site id where a wiki would not derive it from the heading's text (a
 * translated heading keeps its English id, src/plugins/remark-heading-ids.ts): an empty
 * `<a id>` before the heading, which GitHub, GitLab and MkDocs all keep as a link target.
 */
function keepHeadingIds(mdast: MdastRoot, ids: readonly (string | undefined)[]): void {
  const slugger = new GithubSlugger();
  let i = 0;
  const children: RootContent[] = [];
  for (const node of mdast.children) {
    if (node.type === 'heading' && node.depth >= 2) {
      const id = ids[i++];
      if (id !== undefined && slugger.slug(toString(node)) !== id) children.push({ type: 'html', value: `<a id="${id}"></a>` });
    }
    children.push(node);
  }
  mdast.children = children;
}

/**
 * Converts a hast tree to Markdown.
 *
 * @returns the Markdown, ending in one newline.
 */
export function hastToMarkdown(tree: HastRoot): string {
  const processor = unified().use(rehypeRemark).use(remarkGfm, { tablePipeAlign: false }).use(remarkStringify, MARKDOWN_STYLE);
  const ids = headingIds(tree);
  const mdast = processor.runSync(tree) as MdastRoot;
  keepHeadingIds(mdast, ids);
  return processor.stringify(mdast);
}
