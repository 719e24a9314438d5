import type { Root, Element } from 'hast';
import { visit } from 'unist-util-visit';
import { withBase } from '../lib/base-path.ts';

/** Attributes that carry a root-relative URL in hand-written content. */
const URL_ATTRIBUTES: Record<string, string> = { a: 'href', img: 'src', source: 'src', link: 'href' };

/**
 * Rehype plugin: prefixes root-relative links written in Markdown/MDX with the
 * site's `base`, which Starlight does not do for hand-written links.
 *
 * @param options.base - normalised base from `normalizeBase` (`'/'` = no-op).
 */
export function rehypeBaseLinks(options: { base: string }) {
  const { base } = options;
  return (tree: Root) => {
    if (base === '/') return;
    visit(tree, 'element', (node: Element) => {
      const attribute = URL_ATTRIBUTES[node.tagName];
      if (!attribute) return;
      const value = node.properties[attribute];
      if (typeof value === 'string') node.properties[attribute] = withBase(value, base);
    });
  };
}
