/**
 * Pages that were renamed keep their old URLs working: `/old-page/?w.n=5#section` goes on to
 * `/new-page/?w.n=5#section`. A page lists its old paths in frontmatter (`renamedFrom`), and the
 * build writes a small forwarding page at each old path. A static host cannot redirect with the
 * fragment, and a `<meta http-equiv="refresh">` drops it, so the forwarding page carries query
 * and fragment along with a script, and falls back to the refresh and a plain link without one.
 */
import { withBase } from './base-path.ts';

/** A root-relative page path such as `/etcd-writes/`. */
const PAGE = /^\/(?:[a-z0-9-]+\/)+$/;

export interface PageRename {
  /** Old path, base-prefixed, e.g. `/wiki/sizing/etcd-members/`. */
  from: string;
  /** The page's current path, base-prefixed. */
  to: string;
}

/**
 * Checks every page's `renamedFrom` list and prefixes both ends with the base.
 *
 * @param pages - each page's current path without base (`/etcd-sizing/`, `/` for the index) and
 *   the old paths its frontmatter lists.
 * @param base - from `normalizeBase` (`'/'` for none).
 * @returns one rename per old path, sorted by old path.
 * @throws Error naming the page when an old path is not a root-relative path ending in `/`, is
 *   the path of a page that exists, or is claimed by two pages.
 */
export function pageRenames(
  pages: readonly { path: string; renamedFrom?: readonly string[] | undefined }[],
  base: string,
): PageRename[] {
  const existing = new Set(pages.map((p) => p.path));
  const claimed = new Map<string, string>();
  for (const page of pages) {
    for (const old of page.renamedFrom ?? []) {
      const where = `${page.path}: renamedFrom "${old}"`;
      if (!PAGE.test(old))
        throw new Error(`${where} is not a page path: give it root-relative and ending in "/", e.g. "/etcd-members/".`);
      if (existing.has(old))
        throw new Error(`${where} is the path of a page that exists; a rename cannot take it over.`);
      const other = claimed.get(old);
      if (other !== undefined)
        throw new Error(`${where} is also listed by ${other}; an old path can forward to one page only.`);
      claimed.set(old, page.path);
    }
  }
  return [...claimed]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([from, to]) => ({ from: withBase(from, base), to: withBase(to, base) }));
}

const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The HTML written at a rename's old path.
 *
 * @param rename - from {@link pageRenames}.
 * @param site - the site's origin (`SITE_URL`), for the canonical link to the new page.
 * @returns a complete document: a script that replaces the location with the new path plus the
 *   visitor's query and fragment, a zero-second refresh for browsers without scripts, a canonical
 *   link and `noindex` so search engines index the new page only, and a visible link.
 */
export function forwardingPage(rename: PageRename, site: string): string {
  const to = escapeHtml(rename.to);
  const canonical = escapeHtml(new URL(rename.to, site).href);
  // Paths were checked against a narrow pattern (plus the checked base), so the JSON cannot close the script.
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    `<script>location.replace(${JSON.stringify(rename.to)}+location.search+location.hash)</script>`,
    `<meta http-equiv="refresh" content="0; url=${to}">`,
    '<meta name="robots" content="noindex">',
    `<link rel="canonical" href="${canonical}">`,
    `<title>Moved to ${to}</title>`,
    '</head>',
    `<body><p>This page has moved to <a href="${to}">${to}</a>.</p></body>`,
    '</html>',
    '',
  ].join('\n');
}
