/**
 * Audits a built site's links into source repositories against the lock: every link to a file or
 * line range on GitHub must be the permalink of a lock entry, and every citation ref a script
 * carries must be a lock key. Used by the build's post-build pass, the model-source check, the
 * site tests and anyone checking a mirrored copy.
 *
 * Links are found the way a browser reads them: every URL-bearing attribute of the HTML, and every
 * quoted string of a script, is parsed with the WHATWG URL parser (Node's `URL`, the algorithm
 * browsers use: tabs and newlines dropped, backslashes read as slashes, percent-encoded and
 * full-width host names decoded, IDNA applied), then classified by host and path. A spelling that
 * hides `github.com` from a text search cannot hide it from the parser.
 */
import { parse } from 'node-html-parser';
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

/** `owner/repo@ref:path#L1[-L2]` as a script would hold it (a model source). */
const CITATION_REF = /[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+@[A-Za-z0-9_./+-]+:[^\s"'`<>#]+#L[0-9]+(?:-L[0-9]+)?/g;

/** Every citation ref in a text (a calculator bundle), in order of appearance. */
export function citationRefsIn(text: string): string[] {
  return [...text.matchAll(CITATION_REF)].map((m) => m[0]);
}

/** Hosts that serve repository contents for every path. */
const RAW_HOSTS = new Set(['raw.githubusercontent.com', 'codeload.github.com', 'objects.githubusercontent.com']);
/** github.com path words (third segment) that show files, history or archives. */
const CODE_WORDS = new Set([
  'blob',
  'tree',
  'raw',
  'blame',
  'commit',
  'commits',
  'compare',
  'archive',
  'edit',
  'history',
]);
/** api.github.com endpoints under /repos/owner/repo/ that return contents. */
const API_WORDS = new Set(['contents', 'git', 'zipball', 'tarball', 'readme']);

/**
 * A page's URL-bearing attributes. `srcset` and `imagesrcset` hold lists; `content` matters only
 * in a `<meta http-equiv="refresh">`, and is checked whole, which is stricter.
 */
const URL_ATTRIBUTES = new Set([
  'href',
  'src',
  'srcset',
  'imagesrcset',
  'action',
  'formaction',
  'poster',
  'data',
  'cite',
  'background',
  'ping',
  'manifest',
  'xlink:href',
  'content',
]);

/**
 * Bases to resolve against: a reference such as `https:github.com/…` is relative under an https
 * page and absolute under an http one, so a link is judged under both.
 */
const BASES = ['https://site.invalid/page/', 'http://site.invalid/page/'];

/**
 * The repository-contents URL a browser would open for `raw`, or null when it opens none.
 *
 * @param raw - an attribute value or string literal, as the page holds it (entities decoded).
 * @returns the parsed URL (normalised by the WHATWG parser), or null: not a URL, or a URL that
 *   is not a file, tree, history, archive or contents endpoint of a GitHub repository (issues, pull
 *   requests and a repository's front page are not source links).
 */
export function sourceUrlOf(raw: string): URL | null {
  for (const base of BASES) {
    let url: URL;
    try {
      url = new URL(raw.trim(), base);
    } catch {
      continue;
    }
    if (isSourceUrl(url)) return url;
  }
  return null;
}

/** Whether a parsed URL shows repository contents. */
function isSourceUrl(url: URL): boolean {
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return false;
  const host = url.hostname.replace(/\.$/, '');
  const words = url.pathname
    .split('/')
    .filter(Boolean)
    .map((w) => {
      try {
        return decodeURIComponent(w).toLowerCase();
      } catch {
        return w.toLowerCase();
      }
    });
  if (RAW_HOSTS.has(host)) return true;
  if (host === 'github.com' || host === 'www.github.com') return CODE_WORDS.has(words[2] ?? '');
  if (host === 'api.github.com') return words[0] === 'repos' && API_WORDS.has(words[3] ?? '');
  return false;
}

/** One link into a source repository that the lock does not allow. */
export interface LinkProblem {
  /** The value as the page or script holds it. */
  raw: string;
  /** What a browser opens. */
  opens: string;
  /** Where: an attribute (`a[href]`) or `script text`. */
  where: string;
}

/**
 * Checks every URL-bearing attribute of a page: each one that opens repository contents must be,
 * character for character, one of `allowed` (the lock's permalinks). A disguised spelling of an
 * allowed permalink is a problem too: nothing but the lock's own text may link upstream.
 *
 * @param html - a built page.
 * @param allowed - permalinks the lock allows ({@link allowedSourceLinks}).
 * @returns the offending links, in document order; empty when the page is clean.
 */
export function auditPageLinks(
  html: string,
  allowed: ReadonlySet<string> | ReadonlyMap<string, unknown>,
): LinkProblem[] {
  const problems: LinkProblem[] = [];
  for (const el of parse(html).querySelectorAll('*')) {
    for (const [name, value] of Object.entries(el.attributes)) {
      const attr = name.toLowerCase();
      if (!URL_ATTRIBUTES.has(attr)) continue;
      const candidates = attr.endsWith('srcset')
        ? value.split(',').map((c) => c.trim().split(/\s+/)[0] ?? '')
        : [value];
      for (const raw of candidates) check(raw, `${el.tagName.toLowerCase()}[${attr}]`, allowed, problems);
    }
  }
  return problems;
}

/**
 * Checks the strings of a script or inline JSON: every quoted string that a browser could open as
 * repository contents must be an allowed permalink.
 *
 * @param text - JavaScript or JSON source.
 * @returns the offending strings, in order of appearance.
 */
export function auditScriptLinks(
  text: string,
  allowed: ReadonlySet<string> | ReadonlyMap<string, unknown>,
): LinkProblem[] {
  const problems: LinkProblem[] = [];
  // Quoted strings, JSON-escaped solidi unescaped; a string a script concatenates at run time is out of reach.
  for (const m of text.matchAll(/(["'`])((?:\\.|(?!\1)[^\\\n])*)\1/g)) {
    const raw = (m[2] ?? '').replace(/\\\//g, '/');
    if (!/[:/\\]/.test(raw)) continue;
    check(raw, 'script text', allowed, problems);
  }
  return problems;
}

function check(
  raw: string,
  where: string,
  allowed: ReadonlySet<string> | ReadonlyMap<string, unknown>,
  problems: LinkProblem[],
): void {
  const url = sourceUrlOf(raw);
  if (url && !allowed.has(raw)) problems.push({ raw, opens: url.href, where });
}
