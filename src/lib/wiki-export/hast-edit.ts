/**
 * Small in-place edits of a hast tree, shared by the page rewrites. hast-util-select finds
 * elements but not their parents, so these search from a root.
 */
import type { Element, ElementContent, Parents, Root } from 'hast';
import { selectAll } from 'hast-util-select';
import { SKIP, visit } from 'unist-util-visit';

function parentOf(root: Root | Element, target: Element): Parents | undefined {
  for (const child of root.children) {
    if (child === target) return root;
    if (child.type === 'element') {
      const found = parentOf(child, target);
      if (found) return found;
    }
  }
  return undefined;
}

/**
 * Replaces `target`, wherever it is below `root`, by `nodes` (none to remove it).
 *
 * @throws Error when `target` is not below `root` (a bug in the caller: the element was already replaced).
 */
export function replace(root: Root | Element, target: Element, nodes: ElementContent[]): void {
  const parent = parentOf(root, target);
  if (!parent) throw new Error(`<${target.tagName}> to replace is not in the tree`);
  parent.children.splice(parent.children.indexOf(target), 1, ...nodes);
}

/**
 * Replaces each key of `replacements` found below `root` by its nodes (none to remove it), in one
 * walk: {@link replace} searches for the parent of each target, a walk apiece. Replacement nodes
 * are not searched.
 */
export function replaceAll(root: Root | Element, replacements: ReadonlyMap<Element, ElementContent[]>): void {
  if (replacements.size === 0) return;
  visit(root, 'element', (el: Element, index, parent) => {
    const nodes = replacements.get(el);
    if (parent === undefined || index === undefined || nodes === undefined) return;
    parent.children.splice(index, 1, ...nodes);
    return [SKIP, index + nodes.length];
  });
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
