/**
 * Sections and calculators that moved to another page keep their old links working: a visitor
 * who opens `/old-page/?w.n=5#section` is sent on to `/new-page/?w.n=5#section`. Fragments never
 * reach a server, so a static host cannot redirect them; the page forwards them itself, with the
 * script from {@link forwardingScript} that src/route-middleware/moved-sections.ts puts in its <head>.
 */
import { withBase } from './base-path.ts';
import { CALCULATOR_PREFIX } from './model/calculator-state.ts';

/**
 * A heading id as github-slugger (Starlight's slugger) writes it: letters, digits, `_` and `-`.
 * Checking it also keeps `<` and quotes out of the inline script.
 */
const SLUG = /^[\p{L}\p{N}_-]+$/u;
/** A root-relative page path such as `/etcd-writes/`. */
const PAGE = /^\/(?:[a-z0-9-]+\/)+$/;

/** What moved off a page, as written in its frontmatter. */
export interface MovedFrom {
  /** Old heading id → page that now has a heading with the same id, e.g. `{ 'writes-go-through-one-leader': '/etcd-writes/' }`. */
  sections?: Readonly<Record<string, string>> | undefined;
  /** URL prefix of a calculator that moved (`w` for `w.n=5`) → the page that now holds it. */
  calculators?: Readonly<Record<string, string>> | undefined;
}

/** Base-prefixed targets, as the forwarding script receives them. */
export interface ForwardTargets {
  sections: Record<string, string>;
  calculators: Record<string, string>;
}

function targetPage(what: string, page: string, base: string): string {
  if (!PAGE.test(page))
    throw new Error(
      `${what} points to "${page}": give the page as a root-relative path ending in "/", e.g. "/etcd-writes/".`,
    );
  return withBase(page, base);
}

/**
 * Checks a page's moved sections and calculators and prefixes each target with the base path.
 *
 * @param moved - what moved off the page (see {@link MovedFrom}).
 * @param base - the site's base path, as returned by `normalizeBase` (`'/'` for none).
 * @param headings - ids of the headings the page still has: a moved id must not be one of them,
 *   or readers would be sent away from a section that is still there.
 * @returns the targets, for the forwarding script.
 * @throws Error naming the entry when an id is not a heading slug or is still a heading here, a
 *   prefix is not a calculator's, or a target is not a root-relative page path ending in `/`.
 */
export function movedTargets(moved: MovedFrom, base: string, headings: readonly string[] = []): ForwardTargets {
  const sections: Record<string, string> = {};
  for (const [id, page] of Object.entries(moved.sections ?? {})) {
    if (!SLUG.test(id))
      throw new Error(
        `Moved section "${id}" is not a heading id: use the slug Starlight gives the heading, e.g. "writes-go-through-one-leader".`,
      );
    if (headings.includes(id))
      throw new Error(
        `Moved section "${id}" is still a heading on this page: remove it from movedSections, or rename the heading.`,
      );
    sections[id] = targetPage(`Moved section "${id}"`, page, base);
  }
  const known = Object.values(CALCULATOR_PREFIX).map((p) => p.replace(/\.$/, ''));
  const calculators: Record<string, string> = {};
  for (const [prefix, page] of Object.entries(moved.calculators ?? {})) {
    if (!known.includes(prefix))
      throw new Error(
        `Moved calculator "${prefix}" is not a calculator's URL prefix: use one of ${known.join(', ')} (the letter before the dot in "w.n=5").`,
      );
    calculators[prefix] = targetPage(`Moved calculator "${prefix}"`, page, base);
  }
  return { sections, calculators };
}

/**
 * Where a visitor who arrived with this URL should go instead. A moved section's fragment decides
 * first; without one, a query that carries only moved calculators' state (all bound for one page)
 * goes to that page. The query always travels along, so calculator state survives the move.
 * Self-contained on purpose: {@link forwardingScript} embeds its source.
 *
 * @param hash - `location.hash`, with or without the leading `#` (may be percent-encoded).
 * @param search - `location.search`, `''` or starting with `?`.
 * @param targets - from {@link movedTargets}.
 * @returns the URL to replace the location with, or null to stay on this page.
 */
export function forwardOf(hash: string, search: string, targets: ForwardTargets): string | null {
  const own = (map: Record<string, string>, key: string): boolean => Object.prototype.hasOwnProperty.call(map, key);
  const raw = hash.replace(/^#/, '');
  let id: string;
  try {
    id = decodeURIComponent(raw);
  } catch {
    return null; // a malformed escape cannot be one of our slugs
  }
  if (id !== '') return own(targets.sections, id) ? `${targets.sections[id]}${search}#${id}` : null;
  const prefixes = new Set<string>();
  for (const pair of search.replace(/^\?/, '').split('&')) {
    const m = /^([a-z])\./.exec(pair);
    if (m) prefixes.add(m[1]!);
  }
  const pages = new Set<string>();
  for (const prefix of prefixes) {
    if (!own(targets.calculators, prefix)) return null; // state for a calculator that is still here
    pages.add(targets.calculators[prefix]!);
  }
  return pages.size === 1 ? `${[...pages][0]}${search}` : null;
}

/**
 * The inline script that forwards links to what moved, for a page's `<head>`.
 *
 * @param targets - from {@link movedTargets}.
 * @returns JavaScript source that calls `location.replace` when {@link forwardOf} names a page.
 *   It embeds forwardOf's own source, so the browser runs the tested code.
 */
export function forwardingScript(targets: ForwardTargets): string {
  // Ids, prefixes and paths were checked against narrow patterns, so the JSON cannot close the <script>.
  return `{const to=(${forwardOf.toString()})(location.hash,location.search,${JSON.stringify(targets)});if(to)location.replace(to);}`;
}
