/**
 * Links from calculator results to the upstream lines that decide them. The links themselves come
 * from the build's citation verification (permalink to the pinned commit, and the citation's
 * state): the calculator's component embeds them in the page for the refs that calculator can show,
 * and {@link useSourceLinks} hands them to this module, at build time and again in the browser.
 * So the browser never builds a source URL, and a ref the lock does not know has no link.
 */
import type { CalcWords } from './calc-words.ts';
import { h, type Tree } from './tree.ts';

/** A citation's link as the build verified it (see src/lib/citations/render-data.ts `SourceLink`). */
export interface RefLinkData {
  href: string;
  /** `verified`, `pending`, `provisional`, `unverified` or `failed`. */
  status: string;
  /** What the page says of a citation that is not verified, worded by the build. */
  note?: string;
}

const links = new Map<string, RefLinkData>();
let strict = false;

/**
 * Adds links for refs (ref text → link), or with `replace` sets them. `strict` (the build) makes {@link refLink} throw for a
 * ref without one, so a calculator can never render an unpinned link; in the browser an unknown
 * ref is shown as text.
 */
export function useSourceLinks(
  data: Readonly<Record<string, RefLinkData>>,
  options: { strict?: boolean; replace?: boolean } = {},
): void {
  // The build renders one calculator at a time with only its own links, so a ref its usage analysis
  // missed fails there instead of borrowing another calculator's link; a page in the browser adds them up.
  if (options.replace) links.clear();
  for (const [ref, link] of Object.entries(data)) links.set(ref, link);
  strict = options.strict ?? strict;
}

/**
 * How a ref reads: `owner/repo@v1.37.0:dir/delegator.go#L120-L125` → "delegator.go L120–125 @ v1.37.0".
 * @throws Error for a ref that does not have that shape.
 */
export function refLabel(ref: string): string {
  const m = /^[^/@]+\/[^/@]+@([^:]+):(.+)#L(\d+)(?:-L(\d+))?$/.exec(ref);
  if (!m) throw new Error(`Not a citation ref: ${ref}`);
  const [, tag, path, start, end = start] = m as unknown as [string, string, string, string, string?];
  return `${path.split('/').pop()!} ${start === end ? `L${start}` : `L${start}–${end}`} @ ${tag}`;
}

/**
 * A link to the cited upstream lines, labelled "delegator.go L120–125 @ v1.37.0", with the
 * citation's state after it when it is not verified.
 *
 * @param ref - `owner/repo@ref:path#Lstart[-Lend]` (see SOURCES in the model).
 * @throws Error for a ref that does not have that shape, or (in strict mode) has no link.
 */
export function refLink(ref: string, words: Pick<CalcWords, 'linkUnavailable' | 'paren'>): Tree {
  const label = refLabel(ref);
  const link = links.get(ref);
  if (!link) {
    if (strict)
      throw new Error(`No verified link for ${ref}: the citation integration did not list it for this calculator.`);
    return h('span', { class: 'calc__ref' }, `${label}${words.paren[0]}${words.linkUnavailable}${words.paren[1]}`);
  }
  const note = link.note;
  return h(
    'a',
    { href: link.href, class: 'calc__ref', 'data-status': link.status },
    label,
    ...(note ? [h('span', { class: 'calc__ref-state' }, `${words.paren[0]}${note}${words.paren[1]}`)] : []),
  );
}
