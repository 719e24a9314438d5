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

/**
 * Links to repository contents on GitHub in any spelling a browser accepts (any case, `www.`, a
 * port, no scheme, percent-encoded path words): files, trees, raw bytes, blame, history, commits,
 * comparisons, archives, the editor, codeload, raw.githubusercontent.com, and the REST contents and
 * blob endpoints. Not issues, pull requests or a repository's front page.
 */
const SOURCE_LINK = new RegExp(
  String.raw`(?:https?:)?//(?:` +
    String.raw`(?:www\.)?github\.com(?::\d+)?/[\w.-]+/[\w.-]+/(?:blob|tree|raw|blame|commits?|compare|archive|edit|history)(?:/|%2f)` +
    String.raw`|(?:raw\.githubusercontent|codeload\.github|objects\.githubusercontent)\.com(?::\d+)?/` +
    String.raw`|api\.github\.com(?::\d+)?/repos/[\w.-]+/[\w.-]+/(?:contents|git/blobs|zipball|tarball)` +
    String.raw`)[^\s"'\`<>)\\]*`,
  'gi',
);

/** Every link to repository contents in a text (HTML or JavaScript), in order of appearance. */
export function sourceLinksIn(text: string): string[] {
  // Percent-encoded letters (`%62lob`) are decoded first, so they cannot hide a path word.
  const decoded = text.replace(/%([46][0-9a-f]|[57][0-9a])/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
  return [...decoded.matchAll(SOURCE_LINK)].map((m) => m[0].replace(/&amp;/g, '&'));
}

/** `owner/repo@ref:path#L1[-L2]` as a script would hold it (a model source). */
const CITATION_REF = /[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+@[A-Za-z0-9_./+-]+:[^\s"'`<>#]+#L[0-9]+(?:-L[0-9]+)?/g;

/** Every citation ref in a text (a calculator bundle), in order of appearance. */
export function citationRefsIn(text: string): string[] {
  return [...text.matchAll(CITATION_REF)].map((m) => m[0]);
}
