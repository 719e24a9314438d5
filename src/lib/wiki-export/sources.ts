/**
 * Citations in the wiki: the page's sources list stays as built (src/components/cite/PageSources.astro,
 * the one rendering of it), without its links back into the page, which a wiki page cannot target
 * (the export drops ids); each marker keeps its text (`[3, 5*]`, or a `<Value>`'s number) with each
 * number linked straight to its permalink (the popovers exist only once a browser draws them).
 */
import type { Element, ElementContent } from 'hast';
import { select, selectAll } from 'hast-util-select';
import { h, removeMatching, replaceAll, textContent } from './hast-edit.ts';

/** Parts of the built citations that the wiki leaves out (page-text.ts leaves them out of the comparison too). */
export const CITATION_REMOVALS = ['.page-sources__back'] as const;

/**
 * Rewrites a page's citation markers for the wiki, in place.
 *
 * @param content - the page's `.sl-markdown-content`.
 * @param where - page route, for errors.
 * @throws Error when a marker names a source the page's list does not have (the list and the
 *   markers were rendered from different data: Marker.astro or PageSources.astro changed).
 */
export function citationsForWiki(content: Element, where: string): number {
  const permalinks = new Map<string, string>();
  for (const li of selectAll('.page-sources li', content)) {
    const n = /^source-(\d+)$/.exec(String(li.properties['id'] ?? ''))?.[1];
    const href = select('a.page-sources__permalink', li)?.properties['href'];
    if (n && typeof href === 'string') permalinks.set(n, href);
  }
  removeMatching(content, CITATION_REMOVALS);
  const markers = selectAll('a.cite-link', content);
  const replacements = new Map<Element, ElementContent[]>();
  for (const a of markers) {
    const numbers = String(a.properties['dataSources'] ?? '').split(',').filter(Boolean);
    const text = textContent(a);
    if (numbers.length === 0) {
      replacements.set(a, [{ type: 'text', value: text }]);
      continue;
    }
    const link = (n: string, label: string): Element => {
      const href = permalinks.get(n);
      if (!href) throw new Error(`/${where}: a citation marker names source ${n}, which the page's sources list lacks.`);
      return h('a', { href }, [label]);
    };
    if ((a.properties['className'] as string[] | undefined)?.includes('cite-value')) {
      replacements.set(a, [link(numbers[0]!, text)]);
      continue;
    }
    // "[3, 5*]": each number, with its state mark, links to its own source.
    const parts = text.replace(/^\[|\]$/g, '').split(', ');
    const linked: ElementContent[] = [{ type: 'text', value: '[' }];
    parts.forEach((part, i) => {
      if (i > 0) linked.push({ type: 'text', value: ', ' });
      linked.push(link(/^\d+/.exec(part)?.[0] ?? '', part));
    });
    linked.push({ type: 'text', value: ']' });
    replacements.set(a, linked);
  }
  replaceAll(content, replacements);
  return markers.length;
}
