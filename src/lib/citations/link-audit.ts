/**
 * Audits a built site's links into source repositories against the lock: every link to a file or
 * line range on GitHub must be the permalink of a lock entry, and every citation ref a script
 * carries must be a lock key. Shared by the site tests and anyone checking a mirrored copy.
 */
import { entryPermalink, type Lock, type LockEntry } from './lock.ts';

/** A link the lock allows, and whether the entry behind it was pinned to a commit. */
export interface AllowedLink {
  key: string;
  status: LockEntry['status'];
}

/**
 * The URL each lock entry is shown with ({@link entryPermalink}): `/blob/<commit>/…` of the lines
 * that were read for a pinned or provisional entry, `/blob/<ref>/…` for a pending one (which has
 * no commit, and which pages must mark as pending).
 *
 * @param webHost - origin of the web UI, default `https://github.com`.
 */
export function allowedSourceLinks(lock: Lock, webHost = 'https://github.com'): Map<string, AllowedLink> {
  const out = new Map<string, AllowedLink>();
  for (const e of lock.entries.values()) out.set(entryPermalink(e, webHost), { key: e.key, status: e.status });
  return out;
}

/** Links to repository contents (files, trees, raw bytes, blame, commits), not to issues or a repository's front page. */
const SOURCE_LINK = /https?:\/\/(?:github\.com\/[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+\/(?:blob|tree|raw|blame|commit|commits)\/|raw\.githubusercontent\.com\/)[^\s"'`<>)\\]*/g;

/** Every link to repository contents in a text (HTML or JavaScript), in order of appearance. */
export function sourceLinksIn(text: string): string[] {
  return [...text.matchAll(SOURCE_LINK)].map((m) => m[0].replace(/&amp;/g, '&'));
}

/** `owner/repo@ref:path#L1[-L2]` as a script would hold it (a model source). */
const CITATION_REF = /[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+@[A-Za-z0-9_./+-]+:[^\s"'`<>#]+#L[0-9]+(?:-L[0-9]+)?/g;

/** Every citation ref in a text (a calculator bundle), in order of appearance. */
export function citationRefsIn(text: string): string[] {
  return [...text.matchAll(CITATION_REF)].map((m) => m[0]);
}
