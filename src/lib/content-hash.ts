/**
 * The manifest's `contentHash` of a page: SHA-256 over a canonical form of its article that a
 * reviewer can recompute from the built HTML alone (the README gives a ten-line script), and that
 * does not move with the base path the site is hosted under or with the bundler's file names.
 *
 * Canonical form, lines joined with "\n":
 * 1. the text of the `.sl-markdown-content` element (node-html-parser's `.text`: entities decoded),
 *    every run of whitespace collapsed to one space, trimmed;
 * 2. then the value of every `href` and `src` attribute inside it, in document order, with the
 *    base path taken off root-relative values and the content hash taken out of `/_astro/` file
 *    names (`/_astro/page.Ab3dE_9x.css` → `/_astro/page.css`).
 */
import { createHash } from 'node:crypto';
import { parse } from 'node-html-parser';

/** Astro's hashed asset names: `name.<8 characters>.ext`. */
const HASHED_ASSET = /\/_astro\/([^/?#]+?)\.[\w-]{8}\.(\w+)/g;

/**
 * The canonical form of a built page's article (see the module comment).
 * @param html - the page's HTML as built.
 * @param base - the site's base path (`SITE_BASE`): `''`, `/` or e.g. `/wiki/sizing`.
 * @returns the canonical text; an empty string for a page without an article.
 */
export function contentCanonical(html: string, base: string): string {
  const article = parse(html).querySelector('.sl-markdown-content');
  if (!article) return '';
  const prefix = base.replace(/\/$/, '');
  const targets = article
    .querySelectorAll('[href], [src]')
    .flatMap((el) => ['href', 'src'].map((name) => el.getAttribute(name)).filter((v) => v !== undefined))
    .map((v) =>
      (prefix && v.startsWith(`${prefix}/`) ? v.slice(prefix.length) : v).replace(HASHED_ASSET, '/_astro/$1.$2'),
    );
  return [article.text.replace(/\s+/g, ' ').trim(), ...targets].join('\n');
}

/** SHA-256 (hex) of {@link contentCanonical}. */
export function contentHash(html: string, base: string): string {
  return createHash('sha256').update(contentCanonical(html, base)).digest('hex');
}
