/**
 * Sections that moved to another page keep their old links working: a visitor who opens
 * `/old-page/#section` is sent on to `/new-page/#section`. Fragments never reach a server, so
 * a static host cannot redirect them; the page forwards them itself, with the script from
 * {@link forwardingScript} that src/route-middleware/moved-sections.ts puts in its <head>.
 */
import { withBase } from './base-path.ts';

/** A heading id as Starlight's slugger writes it: lower-case letters, digits and hyphens. */
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** A root-relative page path such as `/etcd-writes/`. */
const PAGE = /^\/(?:[a-z0-9-]+\/)+$/;

/**
 * Checks a moved-sections map and prefixes each target page with the site's base path.
 *
 * @param moved - old heading id → page that now holds a heading with the same id,
 *   e.g. `{ 'writes-go-through-one-leader': '/etcd-writes/' }`.
 * @param base - the site's base path, as returned by `normalizeBase` (`'/'` for none).
 * @returns the same map with base-prefixed targets, for the forwarding script.
 * @throws Error naming the entry when an id is not a heading slug or a target is not a
 *   root-relative page path ending in `/`.
 */
export function movedSectionTargets(moved: Readonly<Record<string, string>>, base: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [id, page] of Object.entries(moved)) {
    if (!SLUG.test(id)) throw new Error(`Moved section "${id}" is not a heading id: use the slug Starlight gives the heading, e.g. "writes-go-through-one-leader".`);
    if (!PAGE.test(page)) throw new Error(`Moved section "${id}" points to "${page}": give the page as a root-relative path ending in "/", e.g. "/etcd-writes/".`);
    out[id] = withBase(page, base);
  }
  return out;
}

/**
 * Where a visitor who arrived with `hash` should go instead.
 *
 * @param hash - `location.hash`, with or without the leading `#` (may be percent-encoded).
 * @param targets - a map from {@link movedSectionTargets}.
 * @returns `page#id` for a moved section, or null to stay on this page.
 */
export function forwardOf(hash: string, targets: Readonly<Record<string, string>>): string | null {
  const raw = hash.replace(/^#/, '');
  let id: string;
  try {
    id = decodeURIComponent(raw);
  } catch {
    return null; // a malformed escape cannot be one of our slugs
  }
  return Object.hasOwn(targets, id) ? `${targets[id]}#${id}` : null;
}

/**
 * The inline script that forwards a moved section's link, for a page's `<head>`.
 *
 * @param moved - old heading id → new page, as in a page's `movedSections` frontmatter.
 * @param base - the site's base path (`'/'` for none).
 * @returns JavaScript source that calls `location.replace` when `location.hash` names a moved
 *   section. It embeds {@link forwardOf}'s own source, so the browser runs the tested code.
 * @throws Error from {@link movedSectionTargets} for a malformed map.
 */
export function forwardingScript(moved: Readonly<Record<string, string>>, base: string): string {
  // Ids and paths are checked against narrow patterns, so the JSON cannot close the <script>.
  const targets = JSON.stringify(movedSectionTargets(moved, base));
  return `{const to=(${forwardOf.toString()})(location.hash,${targets});if(to)location.replace(to);}`;
}
