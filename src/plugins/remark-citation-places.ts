import type { Parent, Root, RootContent, Text } from 'mdast';
import type { MdxJsxAttribute, MdxJsxTextElement } from 'mdast-util-mdx-jsx';
import type { VFile } from 'vfile';

/** The citation elements, as src/lib/citations/extract.ts finds them. */
const CITATION_ELEMENTS = new Set(['Cite', 'Excerpt', 'Value']);
/** Those that belong inside a sentence; an `<Excerpt>` is a block of its own by design. */
const IN_SENTENCE = new Set(['Cite', 'Value']);
/** What may stand between two `<Cite>`s of one claim: a comma or semicolon, an "and", spaces. */
const BETWEEN = /^\s*(?:[,;]\s*)?(?:and\s+)?$/;

type JsxElement =
  | MdxJsxTextElement
  | (RootContent & { type: 'mdxJsxFlowElement'; name: string | null; attributes: MdxJsxTextElement['attributes'] });

const isCitation = (n: RootContent): n is JsxElement =>
  (n.type === 'mdxJsxTextElement' || n.type === 'mdxJsxFlowElement') && CITATION_ELEMENTS.has(n.name ?? '');
const isInlineCite = (n: RootContent | undefined): n is MdxJsxTextElement =>
  n?.type === 'mdxJsxTextElement' && n.name === 'Cite';

function setAttribute(node: JsxElement, name: string, value: string): void {
  const attr: MdxJsxAttribute = { type: 'mdxJsxAttribute', name, value };
  node.attributes = [...node.attributes.filter((a) => a.type !== 'mdxJsxAttribute' || a.name !== name), attr];
}

/**
 * Remark plugin: tells each citation element where it stands, and makes the `<Cite>`s of one claim
 * one marker.
 *
 * - Every `<Cite>`, `<Value>` and `<Excerpt>` gets `place="N"`, its 1-based place among them in
 *   document order: the order in which the extractor (src/lib/citations/extract.ts) lists them,
 *   so the component finds its own verification result and number (src/lib/citations/page-sources.ts).
 * - A `<Cite>` or `<Value>` that stands as a paragraph of its own fails the build: written alone on
 *   its line, MDX reads it as a block, so the page ends the sentence before it and starts another
 *   after it ("Its default is" / "2 GiB" / "and …"). The message names the file and line.
 * - `<Cite>`s that follow each other with nothing but a comma, a semicolon or "and" between them
 *   become the first of them with `group="N,M,…"` (the places of all); the others are removed.
 *   When parentheses held nothing but that run, they go too: "2 GiB (<Cite/>, <Cite/>)." reads
 *   "2 GiB[3, 4]." (and other punctuation left around a marker, see {@link tidyAround}). The
 *   extractor still reads and verifies every element from the MDX source.
 */
export function remarkCitationPlaces() {
  return (tree: Root, file: VFile) => {
    refuseOwnParagraphs(tree, file);
    let place = 0;
    const number = (node: Root | RootContent): void => {
      if (isCitation(node as RootContent)) setAttribute(node as JsxElement, 'place', String(++place));
      if ('children' in node) for (const child of node.children) number(child);
    };
    number(tree);
    const group = (node: Root | RootContent): void => {
      if (!('children' in node)) return;
      collapseRuns(node as Parent);
      for (const child of node.children) group(child);
    };
    group(tree);
  };
}

/**
 * Fails on a sentence's citation that would render as a block: an `mdxJsxFlowElement`, or a
 * paragraph that holds nothing but it.
 * @throws VFileMessage (through `file.fail`) with the element's position.
 */
function refuseOwnParagraphs(tree: Root, file: VFile): void {
  const refuse = (node: RootContent, name: string): never =>
    file.fail(
      `<${name}> stands as a paragraph of its own, which splits the sentence around it on the built page. Join it to the text before it on one line (e.g. "by default <${name} … />").`,
      node,
      'sizing-guide:citations',
    );
  const walk = (node: Root | RootContent): void => {
    if (node.type === 'mdxJsxFlowElement' && IN_SENTENCE.has(node.name ?? '')) refuse(node, node.name!);
    if (node.type === 'paragraph') {
      const kids = node.children.filter((c) => !(c.type === 'text' && c.value.trim() === ''));
      const only = kids[0];
      if (kids.length === 1 && only?.type === 'mdxJsxTextElement' && IN_SENTENCE.has(only.name ?? ''))
        refuse(only, only.name!);
    }
    if ('children' in node) for (const child of node.children) walk(child);
  };
  walk(tree);
}

/** Collapses each run of `<Cite>`s among one parent's children (see {@link remarkCitationPlaces}). */
function collapseRuns(parent: Parent): void {
  const kids = parent.children;
  for (let i = 0; i < kids.length; i++) {
    const first = kids[i];
    if (!isInlineCite(first)) continue;
    const members: MdxJsxTextElement[] = [first];
    let j = i + 1;
    while (j + 1 < kids.length) {
      const between = kids[j];
      const next = kids[j + 1];
      if (between?.type !== 'text' || !BETWEEN.test(between.value) || !isInlineCite(next)) break;
      members.push(next);
      j += 2;
    }
    const last = i + (members.length - 1) * 2;
    if (members.length > 1) {
      const places = members.map((m) => placeOf(m)).join(',');
      setAttribute(first, 'group', places);
      kids.splice(i + 1, last - i);
    }
    tidyAround(kids, i);
  }
}

function placeOf(node: MdxJsxTextElement): string {
  const attr = node.attributes.find((a) => a.type === 'mdxJsxAttribute' && a.name === 'place');
  return typeof attr?.value === 'string' ? attr.value : '';
}

/**
 * Tidies the punctuation a marker no longer needs, now that it is a superscript rather than words:
 * - "text (" marker ")…" → "text" marker "…": parentheses around a marker alone say nothing;
 * - "text (" marker "; more)" → "text" marker " (more)": the marker leads the parenthesis;
 * - "text, " marker ")" (or "," ";" "." after it) → "text" marker ")": a separator before a
 *   marker that ends a clause.
 */
function tidyAround(kids: RootContent[], i: number): void {
  const before = kids[i - 1];
  const after = kids[i + 1];
  if (before?.type !== 'text' || after?.type !== 'text') return;
  const b = before as Text;
  const a = after as Text;
  if (/\(\s*$/.test(b.value) && /^\)/.test(a.value)) {
    b.value = b.value.replace(/\s*\($/, '');
    a.value = a.value.slice(1);
  } else if (/\(\s*$/.test(b.value) && /^[;,]\s+/.test(a.value)) {
    b.value = b.value.replace(/\s*\(\s*$/, '');
    a.value = ` (${a.value.replace(/^[;,]\s+/, '')}`;
  } else if (/[,;:]\s+$/.test(b.value) && /^[,;.)]/.test(a.value)) {
    b.value = b.value.replace(/[,;:]\s+$/, '');
  }
}
