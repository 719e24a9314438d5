/**
 * The guide's navigation in sidebar order, read from a built page's Starlight sidebar
 * (`sl-sidebar-state-persist > ul.top-level`): links become pages, `details` become groups.
 */
import type { Element, Root } from 'hast';
import { select } from 'hast-util-select';
import rehypeParse from 'rehype-parse';
import { unified } from 'unified';
import { textContent } from './wiki-export/hast-edit.ts';

/** One entry of the guide's navigation, in sidebar order: a page, or a group of pages. */
export type NavEntry = { label: string; route: string } | { label: string; items: NavEntry[] };

/** The routes of a navigation, in order. */
export function navRoutes(entries: readonly NavEntry[]): string[] {
  return entries.flatMap((e) => ('route' in e ? [e.route] : navRoutes(e.items)));
}

const childElements = (el: Element): Element[] => el.children.filter((c): c is Element => c.type === 'element');

function entriesOf(list: Element, toRoute: (href: string) => string | undefined): NavEntry[] {
  const out: NavEntry[] = [];
  for (const li of childElements(list).filter((c) => c.tagName === 'li')) {
    const [first] = childElements(li);
    if (first?.tagName === 'a') {
      const route = toRoute(String(first.properties['href'] ?? ''));
      if (route !== undefined) out.push({ label: textContent(first).trim(), route });
    } else if (first?.tagName === 'details') {
      const summary = select('summary', first);
      const inner = childElements(first).find((c) => c.tagName === 'ul');
      if (summary && inner) out.push({ label: textContent(summary).trim(), items: entriesOf(inner, toRoute) });
    }
  }
  return out;
}

/**
 * The sidebar of a built page.
 * @param html - any built page (every page carries the whole sidebar).
 * @param toRoute - the exported route of a sidebar link (`/base/etcd-writes/` → `etcd-writes/`), or
 *   undefined for a link that is not an exported page (it is left out).
 * @throws Error when the page has no Starlight sidebar: the build's layout changed.
 */
export function sidebarOf(html: string, toRoute: (href: string) => string | undefined): NavEntry[] {
  const tree = unified().use(rehypeParse).parse(html) as Root;
  const top = select('ul.top-level', tree);
  if (!top)
    throw new Error('The built overview has no Starlight sidebar (ul.top-level): update src/lib/sidebar-order.ts.');
  return entriesOf(top, toRoute);
}
