/** The popover data of a built page (src/integration/popovers-route.ts), read from the build. */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { HTMLElement } from 'node-html-parser';
import type { PopoverEntry } from '../../src/lib/citations/popover-entry.ts';

/**
 * The entries a page's popovers are drawn from, at the address its sources list names; none when
 * the page has no sources list.
 *
 * @throws Error when the list names a file the build does not have.
 */
export function popoverData(dist: string, root: HTMLElement): PopoverEntry[] {
  const url = root.querySelector('.page-sources')?.getAttribute('data-popovers');
  if (url === undefined) return [];
  const file = join(dist, url.slice(url.indexOf('/popovers/')));
  if (!existsSync(file)) throw new Error(`the sources list names ${url}, which is not in ${dist}`);
  return JSON.parse(readFileSync(file, 'utf8')) as PopoverEntry[];
}
