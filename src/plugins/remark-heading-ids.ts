import type { Heading, Root, Text } from 'mdast';
import type {} from 'mdast-util-mdx-expression';
import type {} from 'mdast-util-to-hast';
import { visit } from 'unist-util-visit';
import { headingIdOf } from '../lib/i18n/heading-id.ts';

/**
 * Remark plugin: a heading that ends in a heading-id comment (src/lib/i18n/heading-id.ts) gets
 * that id, and the comment and the space before it leave the heading's text. Astro's heading
 * slugger keeps an id that is already set, so the table of contents uses it too.
 */
export function remarkHeadingIds() {
  return (tree: Root) => {
    visit(tree, 'heading', (node: Heading) => {
      const last = node.children.at(-1);
      if (last?.type !== 'mdxTextExpression') return;
      const id = headingIdOf(last.value);
      if (!id) return;
      node.children.pop();
      const before = node.children.at(-1);
      if (before?.type === 'text') (before as Text).value = before.value.replace(/\s+$/, '');
      node.data = { ...node.data, hProperties: { ...node.data?.hProperties, id } };
    });
  };
}
