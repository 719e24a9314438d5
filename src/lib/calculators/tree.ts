/**
 * A tiny element tree shared by build time and the browser: calculators describe their result
 * (and the chart) once as a tree; the build serialises it to escaped HTML with {@link toHtml},
 * the browser turns it into DOM nodes with textContent/setAttribute (see the calculators'
 * client module). No path ever treats user text as markup.
 */

/** A text node (plain string) or an element. */
export type Tree = string | TreeElement;

/** An element: tag, attributes (names are ours, values may hold anything) and children. */
export interface TreeElement {
  tag: string;
  attrs: Readonly<Record<string, string>>;
  children: Tree[];
}

/** A child slot that may be skipped (`null`, `false`, `undefined`), as in JSX. */
export type Child = Tree | null | false | undefined;

/**
 * Builds an element; skipped children are dropped.
 *
 * @param tag - element name (HTML or SVG), chosen by the caller, never from input.
 * @param attrs - attribute values; they are escaped on output.
 */
export function h(tag: string, attrs: Record<string, string> = {}, ...children: Child[]): TreeElement {
  return { tag, attrs, children: children.filter((c): c is Tree => c !== null && c !== false && c !== undefined) };
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for HTML text and double-quoted attribute values. */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

/** Elements written without a closing tag in HTML. */
const VOID = new Set(['br', 'hr', 'img', 'input', 'wbr']);

/** Serialises a tree (or a list of trees) to HTML; every text and attribute value is escaped. */
export function toHtml(tree: Tree | readonly Tree[]): string {
  if (Array.isArray(tree)) return tree.map((t) => toHtml(t)).join('');
  const t = tree as Tree;
  if (typeof t === 'string') return escapeHtml(t);
  const attrs = Object.entries(t.attrs)
    .map(([k, v]) => ` ${k}="${escapeHtml(v)}"`)
    .join('');
  if (VOID.has(t.tag)) return `<${t.tag}${attrs}>`;
  return `<${t.tag}${attrs}>${t.children.map((c) => toHtml(c)).join('')}</${t.tag}>`;
}

/** Concatenated text of a tree, for tests and accessible summaries. */
export function textOf(tree: Tree | readonly Tree[]): string {
  if (Array.isArray(tree)) return tree.map((t) => textOf(t)).join('');
  const t = tree as Tree;
  return typeof t === 'string' ? t : t.children.map((c) => textOf(c)).join('');
}
