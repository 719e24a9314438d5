/**
 * Helpers for hosting the built site under a sub-path (Astro's `base`).
 *
 * Starlight prefixes the links it writes itself (sidebar, pagination) with
 * `base`, but not links written by hand in MDX; `withBase` is what the
 * project applies to those. See https://docs.astro.build/en/reference/configuration-reference/#base
 */

/**
 * Normalises a user-supplied base path such as `wiki/sizing/` or `/wiki/sizing`.
 *
 * @param raw - value of `SITE_BASE`, may be undefined or empty.
 * @returns `'/'` for no prefix, otherwise `'/segment/…'` with a leading and no
 *   trailing slash.
 * @throws Error when the value holds characters that cannot appear in a URL
 *   path segment unescaped (spaces, `?`, `#`, `..`, a scheme), with the fix.
 */
export function normalizeBase(raw: string | undefined): string {
  const value = (raw ?? '').trim();
  if (value === '' || value === '/') return '/';
  if (/^[a-z][a-z0-9+.-]*:/i.test(value) || value.startsWith('//')) {
    throw new Error(
      `SITE_BASE must be a path such as /wiki/sizing, not a URL ("${value}"). Set SITE_URL for the origin.`,
    );
  }
  const segments = value.split('/').filter((s) => s !== '');
  for (const segment of segments) {
    if (segment === '..' || segment === '.' || !/^[A-Za-z0-9._~-]+$/.test(segment)) {
      throw new Error(
        `SITE_BASE segment "${segment}" is not allowed: use letters, digits, ".", "_", "~" or "-" (got "${value}").`,
      );
    }
  }
  return '/' + segments.join('/');
}

/**
 * Prefixes a root-relative link (`/etcd-sizing/#quorum`) with `base`.
 *
 * Leaves alone: external URLs, protocol-relative `//host` links, fragment-only
 * and relative links, and links that already start with the base.
 *
 * @param href - the link as written in content.
 * @param base - a value returned by {@link normalizeBase}.
 * @returns the link to put in the built HTML.
 */
export function withBase(href: string, base: string): string {
  if (base === '/' || !href.startsWith('/') || href.startsWith('//')) return href;
  if (href === base || href.startsWith(base + '/') || href.startsWith(base + '#') || href.startsWith(base + '?')) {
    return href;
  }
  return base + href;
}
