/**
 * The shape of a popover's data (./popover-data.ts builds it at build time) and the names both
 * sides share: the build, which serves it as JSON, and the browser script that draws popovers. Free of runtime imports, so the browser script that draws popovers bundles nothing else.
 */
import type { CitationStatus } from './verify.ts';

/**
 * Where a page's popover data is served, without the site's base: `/popovers/etcd-disk.json` for
 * `/etcd-disk/`, `/popovers/index.json` for `/`.
 *
 * @param pagePath - the page's path without base, with its slashes (`/etcd-disk/`).
 */
export const popoverDataPath = (pagePath: string): string => `/popovers/${popoverFileName(pagePath)}.json`;

/** The name of a page's popover data file without `.json`: `etcd-disk` for `/etcd-disk/`, `index` for `/`. */
export const popoverFileName = (pagePath: string): string => pagePath.slice(1, -1) || 'index';

/** One source as its popover shows it. */
export interface PopoverEntry {
  /** The source's number on the page (`[3]`). */
  n: number;
  repo: string;
  path: string;
  /** The cited lines as shown (`L12-14`). */
  lines: string;
  /** The tag or branch cited; absent when the citation names a commit. */
  ref?: string;
  /** The full pinned commit; absent when none is pinned yet. */
  commit?: string;
  /** The repository the lines were read from, when not the cited one (a staging repository). */
  readRepo?: string;
  status: CitationStatus;
  /** One sentence on the state, in the page's language (src/lib/i18n/ui-text.ts). */
  note: string;
  /** The first cited lines, when this build read them (src/lib/citations/page-sources.ts). */
  code: string[];
  /** The lock's permalink for the lines. */
  permalink: string;
}
