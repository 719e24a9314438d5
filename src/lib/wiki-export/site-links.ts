/**
 * Rewrites a link found in a built page for the wiki: links to other pages of the guide become
 * relative links between exported files (keeping their `#anchor`, and following sections that moved
 * to another page), links to anything else on the site go to the published site, and links off the
 * site stay as they are.
 */
import type { Flavor } from './flavors.ts';

/** What the rewriter knows about the site. */
export interface SiteLinkContext {
  /** The build's base path, starting and ending with `/` (`/` or `/wiki/sizing/`). */
  base: string;
  /** Every exported route (`''`, `etcd-sizing/`, …). */
  routes: ReadonlySet<string>;
  /**
   * Per route, heading ids that moved off that page → root-relative path of the page that has them
   * now (`{ 'etcd-sizing/': { 'writes-go-through-one-leader': '/etcd-writes/' } }`), as the pages'
   * `movedSections` frontmatter says (src/lib/moved-sections.ts).
   */
  moved: Readonly<Record<string, Readonly<Record<string, string>>>>;
  /** Where the published site is, ending in `/`; links to site assets are made absolute against it. */
  baseUrl: string;
  /** How the target wiki links one page to another (src/lib/wiki-export/flavors.ts). */
  pageLink: Flavor['pageLink'];
  /**
   * For a translation's edition (`base` `/ja/`): the English site's base (`/`). Its fallback pages
   * are English text linking English pages, and the edition holds a copy of each of those, so such
   * a link goes to the edition's copy.
   */
  englishBase?: string;
}

/** A rewritten link. */
export type SiteLink =
  /** Another exported page (or a place on this one): `href` is relative, e.g. `etcd-writes.md#summary`. */
  | { kind: 'page'; href: string; route: string; anchor: string | undefined }
  /** Something on the site that is not an exported page (a file, a search page): absolute. */
  | { kind: 'site'; href: string }
  /** Off the site (GitHub, etcd.io, `mailto:`): unchanged. */
  | { kind: 'external'; href: string };

const ORIGIN = 'https://site.invalid';

/**
 * Rewrites one link.
 *
 * @param href - the link as written in the built page of `fromRoute` (base-prefixed, relative or absolute).
 * @param fromRoute - the route of the page holding the link.
 * @param ctx - see {@link SiteLinkContext}.
 * @returns the link to write in the exported page.
 */
export function rewriteSiteLink(href: string, fromRoute: string, ctx: SiteLinkContext): SiteLink {
  // Resolve as the browser would, against the page's own URL on a placeholder origin, so that
  // `#x`, `../x/` and `/base/x/` all come out as one absolute path.
  const page = new URL(`${ctx.base}${fromRoute}`, ORIGIN);
  let url: URL;
  try {
    url = new URL(href, page);
  } catch {
    return { kind: 'external', href };
  }
  if (url.origin !== ORIGIN) return { kind: 'external', href };
  const below = (base: string | undefined) =>
    base !== undefined && url.pathname.startsWith(base) ? url.pathname.slice(base.length) : undefined;
  const english = below(ctx.englishBase);
  const path = below(ctx.base) ?? (english !== undefined && ctx.routes.has(english) ? english : undefined);
  const anchor = url.hash === '' || url.hash === '#' ? undefined : decodeURIComponent(url.hash.slice(1));
  if (path !== undefined && ctx.routes.has(path) && url.search === '') {
    let route = path;
    // A heading that moved to another page: the wiki link goes straight to its new home.
    const movedTo = anchor === undefined ? undefined : ctx.moved[route]?.[anchor];
    if (movedTo !== undefined) route = movedTo.replace(/^\//, '');
    if (!ctx.routes.has(route)) throw new Error(`Section "${anchor}" of /${path} moved to ${movedTo}, which is not a page of this build: fix movedSections in that page's frontmatter.`);
    const file = route === fromRoute ? '' : ctx.pageLink(fromRoute, route);
    // Starlight's page title is `#_top`; in the wiki the page itself is the place.
    const hash = anchor === undefined || anchor === '_top' ? '' : `#${encodeURIComponent(anchor)}`;
    return { kind: 'page', href: file === '' && hash === '' ? `#` : `${file}${hash}`, route, anchor: hash === '' ? undefined : anchor };
  }
  const tail = `${url.search}${url.hash}`;
  // Outside the base path the link leaves the guide but not the host: keep its path on the site's origin.
  if (path === undefined) return { kind: 'site', href: new URL(`${url.pathname}${tail}`, new URL(ctx.baseUrl).origin).href };
  return { kind: 'site', href: new URL(`${path}${tail}`, ctx.baseUrl).href };
}
