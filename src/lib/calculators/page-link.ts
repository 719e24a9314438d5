/** Links from a result document to a page of this guide, under the site's base path. */
import { withBase } from '../base-path.ts';

/**
 * The href of a guide page as the built site serves it.
 * @param page - a site path without the base, e.g. `/etcd-sizing/#why-five-members-in-production`.
 * @returns the path with Astro's base prefixed (`/wiki/sizing/etcd-sizing/…` under `/wiki/sizing`).
 */
export function pageHref(page: string): string {
  const base = (import.meta.env?.BASE_URL ?? '/').replace(/\/$/, '') || '/';
  return withBase(page, base);
}
