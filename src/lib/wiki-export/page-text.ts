/**
 * The text of a page, from its built HTML and from its wiki export, for checking that the two
 * say the same thing. Each side drops what only it has:
 * - from the HTML: the layout and heading anchor links ({@link CHROME_SELECTORS}), every diagram
 *   (its SVG labels are not prose), Expressive Code's line numbers, and what a calculator shows
 *   only as a tool: its fields, hints, buttons, notices, the overrides builder's rows and the
 *   availability chart (its title, output and notes stay); and a lab figure's chart, whose numbers
 *   its table and findings carry; and the sources list's links back
 *   into the page (./sources.ts);
 * - from the Markdown: the front matter, image alternative text and `mermaid` code blocks (the
 *   diagrams), and the paragraphs listing a calculator's inputs with its live link.
 * What is left is compared without whitespace, since HTML and Markdown break lines and separate
 * inline elements differently; every word and punctuation mark must match, in order.
 */
import type { Root as HastRoot } from 'hast';
import type { Paragraph, Root as MdastRoot, RootContent } from 'mdast';
import { toString } from 'mdast-util-to-string';
import rehypeParse from 'rehype-parse';
import remarkFrontmatter from 'remark-frontmatter';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { ALL_CALC_WORDS } from '../calculators/calc-words.ts';
import { removeMatching, textContent } from './hast-edit.ts';
import { mainContent } from './main-content.ts';
import { CITATION_REMOVALS } from './sources.ts';

/** Parts of a built page that the export leaves out on purpose (see the module comment). */
export const HTML_REMOVALS = [
  'figure.diagram',
  '.expressive-code .gutter',
  '.calc__fields',
  '.calc__checks',
  '.calc__actions',
  '.calc__notice',
  '.calc__print',
  '.calc__figure',
  '.calc__builder > .calc__hint',
  '.calc__rows',
  '.lab-figure__chart',
  ...CITATION_REMOVALS,
] as const;

/**
 * The text of a built page's content, after {@link HTML_REMOVALS}.
 *
 * @param html - the page's `index.html`.
 */
export function builtPageText(html: string, where: string): string {
  const tree = unified().use(rehypeParse).parse(html) as HastRoot;
  const page = mainContent(tree, where);
  removeMatching(page.content, HTML_REMOVALS);
  return [page.titleText, ...page.notices.map((n) => textContent(n)), textContent(page.content)].join('\n');
}

/**
 * A heading's kept id (./to-markdown.ts), which is no text of the page: Markdown reads the line
 * `<a id="…"></a>` as a paragraph of two inline HTML tags.
 */
function isHeadingAnchor(node: RootContent): boolean {
  if (node.type !== 'paragraph') return false;
  const [open, close, ...rest] = node.children;
  return (
    rest.length === 0 &&
    open?.type === 'html' &&
    /^<a id="[^"]*">$/.test(open.value) &&
    close?.type === 'html' &&
    close.value === '</a>'
  );
}

function isInputsParagraph(node: RootContent): boolean {
  if (node.type !== 'paragraph') return false;
  const p = node as Paragraph;
  const first = p.children[0];
  return ALL_CALC_WORDS.some((w) => {
    const live = p.children.find((c) => c.type === 'link' && toString(c) === w.wikiLive);
    return first?.type === 'text' && first.value.startsWith(w.wikiInputs) && live !== undefined;
  });
}

/**
 * The text of an exported page, after the Markdown removals.
 *
 * @param markdown - the exported file.
 */
export function exportedPageText(markdown: string): string {
  const tree = unified().use(remarkParse).use(remarkFrontmatter).use(remarkGfm).parse(markdown) as MdastRoot;
  const keep = (nodes: RootContent[]): RootContent[] =>
    nodes
      .filter(
        (n) =>
          n.type !== 'yaml' &&
          n.type !== 'image' &&
          !(n.type === 'code' && n.lang === 'mermaid') &&
          !isHeadingAnchor(n) &&
          !isInputsParagraph(n),
      )
      .map((n) => ('children' in n ? ({ ...n, children: keep(n.children as RootContent[]) } as RootContent) : n));
  return keep(tree.children).map((n) => toString(n, { includeImageAlt: false })).join('\n');
}

/** Text without any whitespace: the form in which the two sides are compared. */
export function comparable(text: string): string {
  return text.replace(/\s+/g, '');
}
