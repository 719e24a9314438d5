/**
 * A page's sources: every citation the page shows, numbered once per lock key and grouped by
 * repository and file, with where in the page each is cited. The one derivation behind the page's
 * markers, their popovers and the sources list at the end of the page, which the print and the wiki
 * export carry as it is built (src/components/cite/). Pure: render data in, plain objects out.
 */
import { parseCitationRef } from './ref.ts';
import type { CitationRenderData, RenderedCitation } from './render-data.ts';
import { uiText, type CitationWords } from '../i18n/ui-text.ts';

/** One numbered source: one lock key, however often the page cites it. */
export interface PageSource {
  /** 1-based number, shown in the markers (`[3]`) and the list. */
  n: number;
  /** The page citation the entry shows (the first to cite the key; its state is the key's). */
  citation: RenderedCitation;
  repo: string;
  path: string;
  start: number;
  end: number;
  /**
   * Where the page cites it: the 1-based places ({@link PageSources.places}) of its `<Cite>`,
   * `<Value>` and `<Excerpt>` elements, in page order; empty for a source only a calculator shows.
   */
  places: number[];
}

/** The sources of one repository file, in the order the page first cites them. */
export interface SourceGroup {
  repo: string;
  path: string;
  sources: PageSource[];
}

export interface PageSources {
  groups: SourceGroup[];
  /** Every source by number (index `n - 1`). */
  byNumber: PageSource[];
  /**
   * The page's citation elements in the order the extractor found them (document order), place
   * `i + 1` at index `i`, each with the source it cites.
   */
  places: { citation: RenderedCitation; source: PageSource }[];
}

/**
 * Numbers a page's sources. Groups come in the order the page first cites their file, and so do
 * the sources in a group; numbers run through the groups, so the first marker of a page is `[1]`.
 * A calculator's sources that the prose does not cite come after, in their groups.
 *
 * @param data - the build's render data; its citations are in extraction order (src/lib/citations/extract.ts).
 * @param page - the page's MDX file (`content/docs/etcd-disk.mdx`) and path without base (`/etcd-disk/`).
 * @returns the page's sources, shared by every caller with the same data and page: treat it as read-only.
 */
export function pageSources(data: CitationRenderData, page: { file: string; path: string }): PageSources {
  // Every marker on a page, its sources list and its popover data ask for the same derivation:
  // derive it once per build's data and page (a dev re-check brings new data, so a new entry).
  let byPage = derived.get(data);
  if (!byPage) derived.set(data, (byPage = new Map()));
  const key = `${page.file}\n${page.path}`;
  let sources = byPage.get(key);
  if (!sources) byPage.set(key, (sources = derive(data, page)));
  return sources;
}

const derived = new WeakMap<CitationRenderData, Map<string, PageSources>>();

function derive(data: CitationRenderData, page: { file: string; path: string }): PageSources {
  const own = data.citations.filter((c) => c.kind !== 'source' && c.file === page.file);
  const shownByCalculators = data.citations.filter((c) => c.kind === 'source' && (c.pages ?? []).includes(page.path));
  const groups = new Map<string, SourceGroup>();
  const byKey = new Map<string, PageSource>();
  const add = (c: RenderedCitation): PageSource => {
    const known = byKey.get(c.key);
    if (known) return known;
    const ref = parseCitationRef(c.refText);
    const repo = `${ref.owner}/${ref.repo}`;
    const groupKey = `${repo}\n${ref.path}`;
    const group = groups.get(groupKey) ?? { repo, path: ref.path, sources: [] };
    groups.set(groupKey, group);
    const source: PageSource = { n: 0, citation: c, repo, path: ref.path, start: ref.start, end: ref.end, places: [] };
    group.sources.push(source);
    byKey.set(c.key, source);
    return source;
  };
  const places = own.map((citation, i) => {
    const source = add(citation);
    source.places.push(i + 1);
    return { citation, source };
  });
  for (const c of shownByCalculators) add(c);
  const byNumber: PageSource[] = [];
  for (const group of groups.values()) {
    for (const s of group.sources) {
      s.n = byNumber.length + 1;
      byNumber.push(s);
    }
  }
  return { groups: [...groups.values()], byNumber, places };
}

/**
 * The citation element at a place and the source it cites, checked against the ref the element
 * names: the markers' numbering rests on the page and the extractor seeing the same elements in
 * the same order.
 *
 * @param place - the element's 1-based place (src/plugins/remark-citation-places.ts); undefined
 *   for an element the plugin did not number, which then takes the first place citing its ref.
 * @throws Error when no place cites `refText` there (the extractor did not see this element, so
 *   it was never verified, or the two disagree on the order).
 */
export function placeAt(
  sources: PageSources,
  place: number | undefined,
  refText: string,
  page: string,
): { citation: RenderedCitation; source: PageSource; place: number } {
  const index = place === undefined ? sources.places.findIndex((p) => p.citation.refText === refText) : place - 1;
  const at = sources.places[index];
  if (!at || at.citation.refText !== refText) {
    throw new Error(
      `${page}: the citation "${refText}"${place === undefined ? '' : ` at place ${place}`} is not the one the citation extractor found there${at ? ` ("${at.citation.refText}")` : ''}, so it was not verified as shown. Write it as a plain element with literal attributes in an MDX file under content/.`,
    );
  }
  return { ...at, place: index + 1 };
}

/**
 * What the page's notice says once about the states its markers mark, one sentence per mark
 * present (none when every citation is verified).
 */
export function stateLegend(
  citations: readonly Pick<RenderedCitation, 'status' | 'checkedAt'>[],
  words: CitationWords = uiText('en').citations,
): string[] {
  const checkedAt = [...new Set(citations.filter((c) => c.status === 'provisional').map((c) => c.checkedAt))];
  const unchecked = citations.some((c) => c.status !== 'verified' && c.status !== 'provisional');
  const out: string[] = [];
  if (checkedAt.length > 0) out.push(words.legendProvisional(STATE_MARKS.provisional, checkedAt.join(', ')));
  if (unchecked) out.push(words.legendUnchecked(STATE_MARKS.unchecked));
  return out;
}

/** `line 30` or `lines 629 to 630`, as a screen reader should say a range. */
export function spokenLines(start: number, end: number, words: CitationWords = uiText('en').citations): string {
  return words.spokenLines(start, end);
}

/** `L30` or `L629–630`, as the page prints a range. */
export function shownLines(start: number, end: number): string {
  return start === end ? `L${start}` : `L${start}\u2013${end}`;
}

/** The last segment of a path: `server/embed/config.go` → `config.go`. */
export const fileName = (path: string): string => path.split('/').at(-1) ?? path;

/** How a citation state reads beside a marker. */
export interface StateMark {
  /** The mark in the text: empty for verified (verified shows nothing extra). */
  mark: string;
  /** The state in words, for accessible names and the popover (`provisional, checked at v1.37.0-beta.0`). */
  name: string;
}

/** The marks for states other than verified: `*` the lines were checked at another release, `?` they were not checked. */
export const STATE_MARKS = { provisional: '*', unchecked: '?' } as const;

/** What a marker shows and says of one citation's state. */
export function stateMark(
  c: Pick<RenderedCitation, 'status' | 'checkedAt'>,
  words: CitationWords = uiText('en').citations,
): StateMark {
  switch (c.status) {
    case 'verified':
      return { mark: '', name: words.verified };
    case 'provisional':
      return { mark: STATE_MARKS.provisional, name: words.provisional(c.checkedAt ?? '') };
    case 'pending':
      return { mark: STATE_MARKS.unchecked, name: words.pending };
    case 'failed':
      return { mark: STATE_MARKS.unchecked, name: words.failed };
    default:
      return { mark: STATE_MARKS.unchecked, name: words.unverified };
  }
}

/**
 * A marker's accessible name: `source 3: config.go lines 629 to 630, verified`; for several
 * sources `sources 3, 5: config.go lines 629 to 630, verified; quota.go line 30, verified`.
 *
 * @param value - a `<Value>`'s shown number, said first (`2 GiB, source 3: …`).
 * @throws Error for an empty list.
 */
export function markerName(
  sources: readonly PageSource[],
  value?: string,
  words: CitationWords = uiText('en').citations,
): string {
  if (sources.length === 0) throw new Error('A marker names at least one source.');
  const numbers = sources.map((s) => String(s.n));
  // The numbers in the order the marker shows them: the visible text must be part of the name
  // (WCAG 2.5.3, axe's label-content-name-mismatch).
  const which = words.sources(numbers);
  const what = sources
    .map((s) => `${fileName(s.path)} ${spokenLines(s.start, s.end, words)}, ${stateMark(s.citation, words).name}`)
    .join('; ');
  return `${value === undefined ? '' : `${value}, `}${which}: ${what}`;
}

/** A marker's text: `[3]`, `[3, 5]`, with each source's state mark after its number (`[3*]`). */
export function markerText(sources: readonly PageSource[]): string {
  return `[${sources.map((s) => `${s.n}${stateMark(s.citation).mark}`).join(', ')}]`;
}

/** The id of a source's entry in the sources list. */
export const sourceId = (n: number): string => `source-${n}`;
/** The id of the citation element at a place, which the list links back to. */
export const placeId = (place: number): string => `cite-${place}`;

/** At most this many of the cited lines open a popover (the list and the permalink have the rest). */
export const POPOVER_LINES = 3;

/**
 * The first cited lines a popover shows, without their common indentation, or none when the
 * build did not read them (only verified citations carry lines).
 */
export function firstCitedLines(s: PageSource): string[] {
  const { lines, firstLine } = s.citation;
  if (!lines || firstLine === undefined) return [];
  const cited = lines.slice(s.start - firstLine, Math.min(s.end, s.start + POPOVER_LINES - 1) - firstLine + 1);
  const indent = Math.min(...cited.filter((l) => l.trim() !== '').map((l) => /^\s*/.exec(l)![0].length));
  return cited.map((l) => l.slice(Number.isFinite(indent) ? indent : 0).replace(/\s+$/, ''));
}
