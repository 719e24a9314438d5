/**
 * Where each page of the guide lands in a wiki export, and how one exported page links to another.
 * A route is the page's path below the site's base, as the build writes it: `''` for the overview,
 * `etcd-sizing/` for `/etcd-sizing/` (Starlight's `trailingSlash: 'always'`).
 */
import { posix } from 'node:path';

const ROUTE = /^(?:[a-z0-9_-]+\/)*$/;

/**
 * The exported file of a route: `etcd-sizing/` → `etcd-sizing.md`, `a/b/` → `a/b.md`, and the
 * overview (`''`) → `index.md`.
 *
 * @throws Error when the route is not lower-case words separated and ended by `/`.
 */
export function exportFileOf(route: string): string {
  if (!ROUTE.test(route)) throw new Error(`Route "${route}" is not a page path such as "etcd-sizing/" (lower-case words, each ending in "/").`);
  return route === '' ? 'index.md' : `${route.slice(0, -1)}.md`;
}

/**
 * A link from one exported file to another (or to a file beside it), relative as a wiki resolves it.
 *
 * @param fromFile - the exported file holding the link, e.g. `etcd-sizing.md`.
 * @param toFile - the target, e.g. `etcd-writes.md` or `etcd-writes.diagram-1.svg`.
 * @returns `etcd-writes.md`, `../b.md`…; never starts with `/`.
 */
export function relativeFileLink(fromFile: string, toFile: string): string {
  return posix.relative(posix.dirname(fromFile), toFile);
}

/**
 * The site's base path from the canonical URL of its overview page.
 *
 * @param canonical - `https://host/wiki/sizing/` as the overview's `<link rel="canonical">` gives it.
 * @returns `{ origin: 'https://host', base: '/wiki/sizing/' }`; `base` always starts and ends with `/`.
 * @throws Error when the URL cannot be parsed.
 */
export function siteOfCanonical(canonical: string): { origin: string; base: string } {
  let url: URL;
  try {
    url = new URL(canonical);
  } catch {
    throw new Error(`The overview's canonical URL "${canonical}" is not an absolute URL: rebuild the site (npm run build).`);
  }
  return { origin: url.origin, base: url.pathname.endsWith('/') ? url.pathname : `${url.pathname}/` };
}
