/**
 * Citation references: `owner/repo@ref:path#Lstart[-Lend]`, e.g.
 * `etcd-io/etcd@v3.7.0:server/etcdserver/v3_server.go#L1113` or
 * `kubernetes/kubernetes@v1.37.0:staging/src/k8s.io/apiserver/pkg/storage/cacher/delegator.go#L114-L141`.
 */

export interface CitationRef {
  owner: string;
  repo: string;
  /** Tag, branch or commit as written (`v3.7.0`). */
  ref: string;
  /** Path inside the repository, `/`-separated, no leading slash. May contain spaces and non-ASCII. */
  path: string;
  /** First cited line, 1-based. */
  start: number;
  /** Last cited line, 1-based, `>= start`. */
  end: number;
}

/** Thrown for a `ref` string that does not follow the grammar; the message says how to fix it. */
export class CitationRefError extends Error {
  override name = 'CitationRefError';
}

const GRAMMAR =
  'owner/repo@ref:path#Lstart[-Lend], e.g. etcd-io/etcd@v3.7.0:server/etcdserver/v3_server.go#L1113-L1120';
const NAME = /^[A-Za-z0-9_.-]+$/;
const GIT_REF = /^[A-Za-z0-9_./+-]+$/;

/**
 * Parses a citation reference.
 *
 * @param text - the `ref` attribute as written in MDX.
 * @returns the parts, with `end === start` for a single line.
 * @throws CitationRefError naming what is wrong (missing `@`, `:` or `#L`,
 *   a bad owner/repo, line 0, a reversed range, `..` in the path) and the grammar.
 */
export function parseCitationRef(text: string): CitationRef {
  const fail = (why: string): never => {
    throw new CitationRefError(`Malformed citation ref "${text}": ${why}. Expected ${GRAMMAR}.`);
  };
  if (text !== text.trim()) fail('it has leading or trailing whitespace');
  const at = text.indexOf('@');
  if (at < 0) fail('no "@" between the repository and the ref');
  const [owner, repo, ...rest] = text.slice(0, at).split('/');
  if (
    !owner ||
    !repo ||
    rest.length > 0 ||
    !NAME.test(owner) ||
    !NAME.test(repo) ||
    /^\.+$/.test(owner) ||
    /^\.+$/.test(repo)
  ) {
    fail('the repository must be "owner/repo"');
  }
  const colon = text.indexOf(':', at);
  if (colon < 0) fail('no ":" between the ref and the path');
  const ref = text.slice(at + 1, colon);
  // A leading "-" would read as an option to git (mirror provider); git forbids such refs anyway.
  if (
    !ref ||
    !GIT_REF.test(ref) ||
    ref.includes('..') ||
    ref.startsWith('-') ||
    ref.startsWith('/') ||
    ref.endsWith('/')
  )
    fail(`"${ref}" is not a tag, branch or commit`);
  const hash = text.lastIndexOf('#');
  if (hash < colon) fail('no "#L" line anchor after the path');
  const path = text.slice(colon + 1, hash);
  if (
    !path ||
    path.startsWith('/') ||
    path.endsWith('/') ||
    path.split('/').some((s) => s === '' || s === '.' || s === '..')
  ) {
    fail(`"${path}" is not a file path inside the repository`);
  }
  const lines = /^L([0-9]+)(?:-L([0-9]+))?$/.exec(text.slice(hash + 1));
  if (!lines) fail('the anchor must be #L12 or #L12-L20');
  const start = Number(lines![1]);
  const end = lines![2] === undefined ? start : Number(lines![2]);
  if (start < 1) fail('line numbers start at 1');
  if (end < start) fail(`the range ends (L${end}) before it starts (L${start})`);
  return { owner: owner!, repo: repo!, ref, path, start, end };
}

/** Formats a reference back to its canonical text (`#L5` for one line, `#L5-L9` for a range). */
export function formatCitationRef(c: CitationRef): string {
  const lines = c.start === c.end ? `L${c.start}` : `L${c.start}-L${c.end}`;
  return `${c.owner}/${c.repo}@${c.ref}:${c.path}#${lines}`;
}

/**
 * The browser URL of the cited lines on GitHub (or GitHub Enterprise Server).
 *
 * @param c - the citation.
 * @param revision - a commit SHA for an immutable permalink; defaults to the ref as written.
 * @param webHost - origin of the web UI, default `https://github.com`.
 */
export function citationPermalink(c: CitationRef, revision: string = c.ref, webHost = 'https://github.com'): string {
  const path = c.path.split('/').map(encodeURIComponent).join('/');
  const lines = c.start === c.end ? `L${c.start}` : `L${c.start}-L${c.end}`;
  return `${webHost.replace(/\/+$/, '')}/${c.owner}/${c.repo}/blob/${encodeURIComponent(revision)}/${path}#${lines}`;
}

/**
 * The web origin that matches a REST API base URL, for permalinks:
 * `https://api.github.com` → `https://github.com`; GitHub Enterprise Server
 * `https://ghe.example/api/v3` → `https://ghe.example`; anything else → its origin.
 *
 * @param apiUrl - `GITHUB_API_URL` as configured; undefined or empty means github.com.
 * @throws TypeError when `apiUrl` is not an absolute URL.
 */
export function webHostFromApiUrl(apiUrl: string | undefined): string {
  if (!apiUrl) return 'https://github.com';
  const url = new URL(apiUrl);
  if (url.hostname === 'api.github.com') return `${url.protocol}//github.com`;
  // GHES serves the API under /api/v3 on the same host as its web UI.
  return url.origin;
}

/** The lock key of a citation: its canonical ref text, so `#L5` and `#L5-L5` share one entry. */
export function citationKey(c: CitationRef): string {
  return formatCitationRef(c);
}
