/**
 * What a page and the site say about their own version: the citation state of each page (for its
 * footer) and `/manifest.json`, which lets a wiki mirror or a short script tell that its copy is
 * stale by comparing content hashes and the lock hash. Pure: data in, JSON-able data out.
 */
import { uiText, type CitationWords } from './i18n/ui-text.ts';
import type { CitationStatus } from './citations/verify.ts';
import type { CitationRenderData, RenderedCitation } from './citations/render-data.ts';
import type { GuideVersion, PinnedVersion } from './guide-version.ts';

/** Bumped when a field of {@link SiteManifest} changes meaning or is removed. */
export const MANIFEST_SCHEMA = 1;

/** Every state a citation can be in, in the order a footer lists them. */
const STATES: readonly CitationStatus[] = ['verified', 'provisional', 'pending', 'unverified', 'failed'];

export type StateCounts = Record<CitationStatus, number>;

/**
 * The citations a page shows: those written in its MDX file and the model sources its
 * calculators can show. One entry per lock key (a ref cited twice on a page counts once).
 *
 * @param data - the build's citation render data.
 * @param page - the page as Starlight routes it: `file` relative to the repository root
 *   (`content/docs/etcd-writes.mdx`) and `path` without base (`/etcd-writes/`, `/` for the index).
 */
export function citationsOfPage(data: CitationRenderData, page: { file: string; path: string }): RenderedCitation[] {
  const byKey = new Map<string, RenderedCitation>();
  for (const c of data.citations) {
    const shown = c.kind === 'source' ? (c.pages ?? []).includes(page.path) : c.file === page.file;
    if (shown && !byKey.has(c.key)) byKey.set(c.key, c);
  }
  return [...byKey.values()].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/**
 * A page's citations and their count by state: the one count the page's notice, its footer and the
 * manifest give. Each lock key counts once, calculators' sources included.
 */
export function pageCitationCounts(
  data: CitationRenderData,
  page: { file: string; path: string },
): { citations: RenderedCitation[]; total: number; counts: StateCounts } {
  const citations = citationsOfPage(data, page);
  return { citations, total: citations.length, counts: countStates(citations) };
}

/** Counts citations by state; every state is present, zero when none. */
export function countStates(citations: readonly { status: CitationStatus }[]): StateCounts {
  const counts = Object.fromEntries(STATES.map((s) => [s, 0])) as StateCounts;
  for (const c of citations) counts[c.status] += 1;
  return counts;
}

/**
 * The counts as a reader sees them, e.g. "12 verified, 3 provisional, 1 pending"; states with no
 * citation are left out, and a page with none says "no upstream citations".
 */
export function describeStates(counts: StateCounts, words: CitationWords = uiText('en').citations): string {
  const parts = STATES.filter((s) => counts[s] > 0).map((s) => words.stateCount(counts[s], s));
  return parts.length === 0 ? words.noCitations : words.list(parts);
}

/** A cited release as the manifest gives it: its citations' states in this build, and in the lock. */
export type ManifestRelease = Omit<PinnedVersion, 'states'> & {
  /** This build's states of the citations at that release (each lock key once). */
  states: StateCounts;
  /** The lock's states of those citations (`pinned`, `provisional`, `pending`). */
  lockStates: PinnedVersion['states'];
};

/** The guide's version as the manifest gives it: each release with this build's states. */
export type ManifestGuide = Omit<GuideVersion, 'pinned'> & { pinned: ManifestRelease[] };

/**
 * The guide's version with this build's citation states per cited release, so that a build that
 * verified nothing does not report the lock's "pinned" as if it had.
 * @param version - the guide's version (src/lib/guide-version.ts).
 * @param data - this build's verified citations.
 */
export function manifestGuide(version: GuideVersion, data: CitationRenderData): ManifestGuide {
  const byKey = new Map(data.citations.map((c) => [c.key, c]));
  return {
    ...version,
    pinned: version.pinned.map(({ states, ...release }) => ({
      ...release,
      states: countStates(
        [...byKey.values()].filter((c) => c.refText.startsWith(`${release.repo}@${release.version}:`)),
      ),
      lockStates: states,
    })),
  };
}

/** The site as a whole: which guide it is and which lock it was checked against. */
export interface ManifestSite {
  /** The site's absolute root URL (origin plus base, ending in `/`). */
  url: string;
  guide: ManifestGuide;
  /** SHA-256 (hex) of citations.lock.json: changes whenever a citation is re-pinned; null for a site without a lock. */
  lockHash: string | null;
}

export interface ManifestPage {
  /** Absolute URL of the page as published. */
  url: string;
  title: string;
  /** SHA-256 (hex) of the page's content: changes exactly when what a reader sees in the article changes. */
  contentHash: string;
  /**
   * Last change among the page's inputs (its MDX, the model modules and lab results it draws), ISO
   * 8601, where that date came from, and which kind of input changed: the page's own MDX, a model
   * module it runs on, or a lab result it draws (the page itself names the file).
   */
  lastUpdated: { date: string; source: 'git' | 'build'; changed?: 'page' | 'model' | 'lab result'; reason?: string };
  citations: { key: string; status: CitationStatus }[];
  counts: StateCounts;
}

export interface SiteManifest {
  schema: typeof MANIFEST_SCHEMA;
  site: ManifestSite;
  pages: ManifestPage[];
}

/**
 * Assembles `/manifest.json`.
 *
 * @param site - the site's URL, the guide's version and the lock hash.
 * @param pages - one entry per built page, in any order; sorted by URL for a stable file.
 * @throws Error when two pages claim one URL (a routing mistake the mirror could not resolve).
 */
export function siteManifest(site: ManifestSite, pages: readonly ManifestPage[]): SiteManifest {
  const seen = new Set<string>();
  for (const p of pages) {
    if (seen.has(p.url)) throw new Error(`Two pages have the URL ${p.url}; each page needs its own slug.`);
    seen.add(p.url);
  }
  return { schema: MANIFEST_SCHEMA, site, pages: [...pages].sort((a, b) => (a.url < b.url ? -1 : 1)) };
}
