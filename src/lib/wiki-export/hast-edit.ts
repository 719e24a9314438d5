/**
 * Small in-place edits of a hast tree, shared by the page rewrites. hast-util-select finds
 * elements but not their parents, so the edits walk from a root, once for all their targets.
 */
import type { Element, ElementContent, Root } from 'hast';
import { selectAll } from 'hast-util-select';
import { SKIP, visit } from 'unist-util-visit';

/**
 * Replaces each key of `replacements` below `root` by its nodes (none to remove it), in one walk
 * (a search for each target's parent would cost a walk apiece). Replacement nodes are not searched.
 *
 * @throws Error when a target is not below `root` (a bug in the caller: it was already replaced,
 *   or sits inside another target).
 */
export function replaceAll(root: Root | Element, replacements: ReadonlyMap<Element, ElementContent[]>): void {
  if (replacements.size === 0) return;
  let replaced = 0;
  visit(root, 'element', (el: Element, index, parent) => {
    const nodes = replacements.get(el);
    if (parent === undefined || index === undefined || nodes === undefined) return;
    parent.children.splice(index, 1, ...nodes);
    replaced++;
    return [SKIP, index + nodes.length];
  });
  if (replaced < replacements.size) {
    const missing = [...replacements.keys()].map((el) => `<${el.tagName}>`).join(', ');
    throw new Error(`${replacements.size - replaced} of the elements to replace (${missing}) are not in the tree`);
  }
}

/** Removes every element below `root` that matches one of `selectors` (in place, one search and one walk). */
export function removeMatching(root: Root | Element, selectors: readonly string[]): void {
  replaceAll(root, new Map(selectAll(selectors.join(', '), root).map((el) => [el, []])));
}

/** A hast element; `children` may mix elements and strings (strings become text nodes). */
export function h(tagName: string, properties: Element['properties'], children: (ElementContent | string)[] = []): Element {
  return { type: 'element', tagName, properties, children: children.map((c) => (typeof c === 'string' ? { type: 'text', value: c } : c)) };
}

/** Concatenated text of a node, as `textContent` gives it. */
export function textContent(node: ElementContent | Root): string {
  if (node.type === 'text') return node.value;
  if (node.type === 'element' || node.type === 'root') return node.children.map((c) => textContent(c as ElementContent)).join('');
  return '';
}

/** Whether an element has a class. */
export function hasClass(el: Element, name: string): boolean {
  const cls = el.properties['className'];
  return Array.isArray(cls) && cls.includes(name);
}
