import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { HTMLElement } from 'node-html-parser';
import { ROOT } from './paths.ts';

import { builtRoutes, editionRoutes, readPage } from '../../src/tooling/built-pages.ts';

export { builtRoutes, editionRoutes, readPage };

/**
 * Route paths the content collection should produce, one per MDX/MD file. The `404` entries are
 * left out: Starlight renders the English one as the site's `404.html`, and a translation's
 * (`ja/404/`) is a page no navigation leads to, served where a host is set up to.
 */
export function expectedRoutes(): string[] {
  const docs = join(ROOT, 'content/docs');
  const routes: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.mdx?$/.test(name)) {
        const slug = relative(docs, path)
          .replace(/\.mdx?$/, '')
          .replace(/(^|\/)index$/, '');
        if (/^([^/]+\/)?404$/.test(slug)) continue;
        routes.push(slug === '' ? '' : `${slug}/`);
      }
    }
  };
  walk(docs);
  return routes.sort();
}

/**
 * The `<Value>`s of a built page that cite a permalink: a value links to its entry in the page's
 * sources list (src/components/cite/PageSources.astro), which holds the permalink.
 * @param main - the page's `<main>`, parsed.
 */
export function valuesCiting(main: HTMLElement, permalink: string): HTMLElement[] {
  return main
    .querySelectorAll('a.cite-value')
    .filter(
      (a) =>
        main.querySelector(`${a.getAttribute('href')} a.page-sources__permalink`)?.getAttribute('href') === permalink,
    );
}

const pages = new Map<string, { route: string; html: string }[]>();
/** Every built page of `dist`'s English edition with its HTML, read once per test file. */
function pagesOf(dist: string): { route: string; html: string }[] {
  let found = pages.get(dist);
  if (!found) pages.set(dist, (found = editionRoutes(dist).map((route) => ({ route, html: readPage(dist, route) }))));
  return found;
}

/**
 * The smallest built page that holds the calculator `id` (its route, e.g. `etcd-sizing/`): for
 * checks that are the calculator's own and load its page many times (the /calculators/ page holds
 * every calculator, at twice a chapter's size).
 * @throws Error when no built page holds it.
 */
export function smallestPageWith(dist: string, id: string): string {
  const holding = pagesOf(dist)
    .filter(({ html }) => html.includes(`data-calc="${id}"`))
    .sort((a, b) => a.html.length - b.html.length);
  if (holding.length === 0) throw new Error(`No built page holds the ${id} calculator.`);
  return holding[0]!.route;
}
