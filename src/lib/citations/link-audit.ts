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
 * hides `github.com` from a text search cannot hide it from the parser. A `javascript:` URL or an
 * inline event handler is refused outright (script can build any URL). Under that, other text a
 * browser parses (other attributes but `data-*`, `srcdoc`, styles, scripts) is searched for a
 * source host with its escapes decoded, and JSON is read as JSON.
 */
import { decodeHTML } from 'entities';
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
 * @param cited - when given, only the entries with these keys (the citations of this build): an
 *   entry that nothing cites any more must not let a hand-written link through.
 * @param webHost - origin of the web UI, default `https://github.com`.
 */
export function allowedSourceLinks(
  lock: Lock,
  cited?: ReadonlySet<string>,
  webHost = 'https://github.com',
): Map<string, AllowedLink> {
  const out = new Map<string, AllowedLink>();
  for (const e of lock.entries.values())
    if (!cited || cited.has(e.key)) out.set(entryPermalink(e, webHost), { key: e.key, status: e.status });
  return out;
}

/** `owner/repo@ref:path#L1[-L2]` as a script would hold it (a model source). */
const CITATION_REF = /[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+@[A-Za-z0-9_./+-]+:[^\s"'`<>#]+#L[0-9]+(?:-L[0-9]+)?/g;

/** Every citation ref in a text (a calculator bundle), in order of appearance. */
export function citationRefsIn(text: string): string[] {
  return [...text.matchAll(CITATION_REF)].map((m) => m[0]);
}

/** Hosts that serve repository contents for every path (and any other `*.githubusercontent.com`). */
const RAW_HOSTS = new Set(['codeload.github.com', 'raw.github.com']);
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
  'zipball',
  'tarball',
  'edit',
  'history',
]);
/** api.github.com endpoints under /repos/owner/repo/ that return contents. */
const API_WORDS = new Set(['contents', 'git', 'zipball', 'tarball', 'readme']);

/**
 * A page's URL-bearing attributes. `srcset` and `imagesrcset` hold lists. URLs inside other text
 * (a refresh `content`, `srcdoc`, a style's `url()`) are found by {@link auditTextLinks}.
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
export function sourceUrlOf(raw: string, bases: readonly string[] = BASES): URL | null {
  for (const base of bases) {
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
  if (RAW_HOSTS.has(host) || host.endsWith('.githubusercontent.com')) return true;
  if (host === 'github.com' || host === 'www.github.com' || host === 'github.dev')
    return CODE_WORDS.has(words[2] ?? '');
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
  const root = parse(html);
  // A <base href> moves every relative link of the page: judge them where it sends them.
  const baseHref = root.querySelector('base[href]')?.getAttribute('href');
  const bases = baseHref === undefined ? BASES : resolvedBases(baseHref);
  for (const el of root.querySelectorAll('*')) {
    const tag = el.tagName.toLowerCase();
    // Text a browser runs or styles with (not text it only shows): any link in it counts.
    if (tag === 'script' || tag === 'style')
      for (const p of auditTextLinks(el.rawText, allowed)) problems.push({ ...p, where: `${tag} text` });
    for (const [name, value] of Object.entries(el.attributes)) {
      const attr = name.toLowerCase();
      // Script in markup can build any URL at run time (joined strings, decoding): no text search
      // can follow it, so none is allowed. The guide's pages have none.
      if (/^on[a-z]+$/.test(attr) || (URL_ATTRIBUTES.has(attr) && isScriptUrl(value, bases))) {
        problems.push({ raw: value, opens: '(script the audit cannot follow)', where: `${tag}[${attr}]` });
        continue;
      }
      const here = problems.length;
      if (URL_ATTRIBUTES.has(attr)) {
        const candidates = attr.endsWith('srcset')
          ? value.split(',').map((c) => c.trim().split(/\s+/)[0] ?? '')
          : [value];
        for (const raw of candidates) check(raw, `${tag}[${attr}]`, allowed, problems, bases);
      }
      // Data attributes are only read by the page's own scripts, and hold text as text: Expressive
      // Code keeps an excerpt's code in one for its copy button, and quoted upstream lines may
      // mention a URL without linking it.
      if (attr.startsWith('data-')) continue;
      const found = new Set(problems.slice(here).map((p) => p.opens));
      for (const p of auditTextLinks(value, allowed))
        if (!found.has(p.opens)) problems.push({ ...p, where: `${tag}[${attr}] text` });
    }
  }
  return problems;
}

/**
 * Checks a JSON file (the popovers' data): every string value, escapes decoded by the JSON
 * parser, that a browser could open as repository contents must be an allowed permalink.
 * Strings only shown as text (a popover's code lines) are links only if they are a URL whole.
 *
 * @returns the offending strings; a file that is not JSON is one problem.
 */
export function auditJsonLinks(
  text: string,
  allowed: ReadonlySet<string> | ReadonlyMap<string, unknown>,
): LinkProblem[] {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    return [{ raw: text.slice(0, 80), opens: `(not JSON: ${(e as Error).message})`, where: 'file' }];
  }
  const problems: LinkProblem[] = [];
  const walk = (v: unknown): void => {
    if (typeof v === 'string') check(v, 'JSON string', allowed, problems);
    else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') Object.values(v).forEach(walk);
  };
  walk(data);
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
  bases: readonly string[] = BASES,
): void {
  const url = sourceUrlOf(raw, bases);
  if (url && !allowed.has(raw)) problems.push({ raw, opens: url.href, where });
}

/** Whether a URL attribute's value runs script when followed (`javascript:`, however spelled). */
function isScriptUrl(raw: string, bases: readonly string[]): boolean {
  try {
    return new URL(raw.trim(), bases[0]).protocol === 'javascript:';
  } catch {
    return false;
  }
}

function resolvedBases(href: string): string[] {
  const out: string[] = [];
  for (const b of BASES) {
    try {
      out.push(new URL(href.trim(), b).href);
    } catch {
      out.push(b); // a base a browser cannot parse is ignored, as browsers do
    }
  }
  return out;
}

/** Source hosts as plain text shows them, with what follows up to a character no URL holds unescaped. */
const HOST_IN_TEXT =
  /(?<![\w.-])(?:[a-z0-9-]+\.)*(?:github\.com|githubusercontent\.com|github\.dev)(?::\d+)?[/\\][^\s"'`<>()\\]*/gi;

/**
 * What an HTML parser and then a script engine would decode before a URL reaches the URL parser:
 * character references, then `\uXXXX`, `\u{…}`, `\xXX` and `\/` escapes.
 */
function decodeForScan(text: string): string {
  return decodeHTML(text).replace(
    /\\(?:u\{([0-9a-fA-F]{1,6})\}|u([0-9a-fA-F]{4})|x([0-9a-fA-F]{2})|(\/))/g,
    (_m, braced?: string, u?: string, x?: string, slash?: string) => {
      if (slash) return '/';
      const code = parseInt(braced ?? u ?? x ?? '', 16);
      return code <= 0x10ffff ? String.fromCodePoint(code) : _m;
    },
  );
}

/**
 * The net under the attribute and string checks: text a browser runs or parses (an attribute
 * value, a script, a style) is decoded as a browser would decode it ({@link decodeForScan}) and
 * searched for a source host followed by a path, wherever it stands (a refresh `content`,
 * `srcdoc`, a style's `url()`, an escaped string in a script). Each hit
 * that opens repository contents must be an allowed permalink. Not for text a page only shows:
 * upstream lines quoted as code may mention URLs without linking them.
 *
 * @param text - an attribute value, a script or a style sheet.
 * @returns the offending links, in order of appearance; a disguised host name is the other checks' to find.
 */
export function auditTextLinks(
  text: string,
  allowed: ReadonlySet<string> | ReadonlyMap<string, unknown>,
): LinkProblem[] {
  const problems: LinkProblem[] = [];
  for (const m of decodeForScan(text).matchAll(HOST_IN_TEXT)) {
    const link = `https://${m[0]}`;
    const url = sourceUrlOf(link);
    if (url && !allowed.has(link)) problems.push({ raw: m[0], opens: url.href, where: 'text' });
  }
  return problems;
}
