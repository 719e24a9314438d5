/**
 * Markdown that readers paste into a design document: a citation of one section of the guide, and
 * the escapes every such block uses (a calculator's answer: src/lib/calculators/render-markdown.ts).
 * Pure string building, shared by the build and the browser; the output is CommonMark + GFM.
 */

/** Escapes text for a Markdown link label or plain inline text (no HTML, no emphasis, no links). */
export function escapeInline(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/([\\`*_[\]<>#|!~])/g, '\\$1');
}

/** A link destination in angle brackets, so spaces and parentheses cannot end it early. */
export function destination(url: string): string {
  if (/[<>\n]/.test(url)) throw new Error(`A link target cannot hold "<", ">" or a line break: ${JSON.stringify(url)}`);
  return `<${url}>`;
}

/**
 * The absolute URL of a page or section, as the guide is published.
 *
 * @param site - the site's origin (`SITE_URL`), e.g. `https://sizing-guide.example.org`.
 * @param path - the page's path including the base, e.g. `/wiki/sizing/etcd-writes/`.
 * @param anchor - a heading id without `#`, or undefined for the page itself.
 * @throws Error when `site` is not an http(s) origin or `path` is not root-relative.
 */
export function publishedUrl(site: string, path: string, anchor?: string): string {
  const origin = new URL(site);
  if (origin.protocol !== 'https:' && origin.protocol !== 'http:')
    throw new Error(`SITE_URL must be an http(s) URL, not ${site}`);
  if (!path.startsWith('/')) throw new Error(`A page path starts with "/": ${path}`);
  const url = new URL(path, origin.origin);
  if (anchor) url.hash = anchor;
  return url.href;
}

export interface SectionCitation {
  /** The page's title, e.g. "Writes and scaling out". */
  page: string;
  /** The section's heading text. */
  section: string;
  /** The section's absolute URL (see {@link publishedUrl}). */
  url: string;
  /** Which guide this is, e.g. "guide 3bb2ecb, 2026-12-01". */
  version: string;
}

/**
 * One line citing a section: `[Page — Section](URL#anchor) (guide 3bb2ecb, 2026-12-01)`.
 */
export function sectionCitation({ page, section, url, version }: SectionCitation): string {
  return `[${escapeInline(page)} — ${escapeInline(section)}](${destination(url)}) (${escapeInline(version)})`;
}
