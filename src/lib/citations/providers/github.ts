/**
 * GitHub (or GitHub Enterprise Server) REST provider through Octokit, with the
 * throttling and retry plugins the `octokit` package bundles.
 *
 * Requests per run: one per distinct ref (`git/ref/tags/…`, plus one to peel an
 * annotated tag, and conditional with ETag when a previous resolution is cached)
 * and one per distinct file: `contents/{path}?ref=<commit>` as JSON, which names the
 * tree entry (`type`, blob `sha`, `path`) and carries the bytes base64-encoded up to 1 MB.
 * Over 1 MB GitHub sends no content (`encoding: "none"`), and a second request fetches
 * the bytes by blob SHA (`git/blobs/{sha}`, raw; up to 100 MB).
 */
import type { Octokit as OctokitType } from 'octokit';
import { ProviderError, encodePath, notAFile, type CachedResolution, type FetchedFile, type Resolution, type SourceProvider } from './types.ts';

export interface GitHubProviderOptions {
  /** `GITHUB_TOKEN`; optional (anonymous: 60 requests/hour on github.com). Never logged. */
  token?: string | undefined;
  /** REST base URL, default `https://api.github.com`; GHES: `https://host/api/v3`. */
  apiUrl?: string | undefined;
  /** Longest rate-limit wait (ms) worth sleeping through; longer ones fail with a message. Default 10 000. */
  maxRateLimitWaitMs?: number;
  /** Retries of 5xx and network failures (retry plugin). Default 2. */
  retries?: number;
  /** Retry backoff unit (ms): the n-th retry waits n² units. Default 1000. */
  retryBaseMs?: number;
  /** Progress and wait notices. */
  log?: (line: string) => void;
  /** Injectable for tests. */
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}

export const DEFAULT_API_URL = 'https://api.github.com';

interface Response { status: number; headers: Record<string, string | undefined>; data: unknown }

const SHA = /^[0-9a-f]{40}$/;

/** Options from the environment: GITHUB_TOKEN, GITHUB_API_URL, CITATIONS_MAX_WAIT (seconds). */
export function githubOptionsFromEnv(env: NodeJS.ProcessEnv): GitHubProviderOptions {
  const maxWait = env.CITATIONS_MAX_WAIT;
  return {
    token: env.GITHUB_TOKEN || undefined,
    apiUrl: env.GITHUB_API_URL || undefined,
    ...(maxWait && /^[0-9]+$/.test(maxWait) ? { maxRateLimitWaitMs: Number(maxWait) * 1000 } : {}),
  };
}

/**
 * Creates the provider. Octokit is imported on first use so offline runs never load it.
 * @throws ProviderError(`config`) for a GITHUB_API_URL that is not an http(s) URL.
 */
export function createGitHubProvider(options: GitHubProviderOptions = {}): SourceProvider {
  const apiUrl = (options.apiUrl ?? DEFAULT_API_URL).replace(/\/+$/, '');
  let parsed: URL;
  try {
    parsed = new URL(apiUrl);
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw new Error('not http(s)');
  } catch {
    throw new ProviderError('config', `GITHUB_API_URL "${apiUrl}" is not an http(s) URL. Unset it for github.com, or set it to your GitHub Enterprise Server API, e.g. https://ghe.example.com/api/v3.`);
  }
  const token = options.token || undefined;
  const maxWait = options.maxRateLimitWaitMs ?? 10_000;
  const retries = options.retries ?? 2;
  const log = options.log ?? (() => {});
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const now = options.now ?? Date.now;
  // Belt and braces: nothing we build should contain the token, but error bodies are foreign text.
  const redact = (s: string): string => (token ? s.split(token).join('***') : s);

  let octokitPromise: Promise<OctokitType> | undefined;
  const client = (): Promise<OctokitType> => {
    octokitPromise ??= import('octokit').then(({ Octokit }) => new Octokit({
      ...(token ? { auth: token } : {}),
      baseUrl: apiUrl,
      userAgent: 'citation-engine',
      log: { debug: () => {}, info: () => {}, warn: (m: string) => log(redact(String(m))), error: (m: string) => log(redact(String(m))) },
      // Rate limits are handled in call() for every shape GitHub uses (the plugin only
      // recognises some), so its handlers decline; it still caps concurrency.
      throttle: { onRateLimit: () => false, onSecondaryRateLimit: () => false },
      // 5xx and network failures are retried by the plugin; 429 is ours (see above).
      retry: { doNotRetry: [400, 401, 403, 404, 410, 422, 429, 451], retries, retryAfterBaseValue: options.retryBaseMs ?? 1000 },
    }));
    return octokitPromise;
  };

  /** One request; 304 and 404 are returned, everything else that fails is thrown as ProviderError. */
  const call = async (path: string, params: Record<string, unknown>, what: string): Promise<Response> => {
    const octokit = await client();
    for (let attempt = 0; ; attempt++) {
      try {
        const res = await octokit.request(`GET ${path}`, params);
        return { status: res.status, headers: res.headers as Response['headers'], data: res.data };
      } catch (e) {
        const err = e as { status?: number; message?: string; response?: { headers?: Record<string, string | undefined> } };
        if (typeof err.status !== 'number') throw e;
        const message = redact(err.message ?? '');
        const headers = err.response?.headers ?? {};
        if (!err.response) {
          throw new ProviderError('unreachable', `Cannot reach ${apiUrl} while ${what}: ${message}. Check the network and GITHUB_API_URL; without network, set CITATION_MIRRORS=owner/repo=/path/to/git or run with --offline (which uses .cache/citations).`);
        }
        if (err.status === 304 || err.status === 404) return { status: err.status, headers, data: undefined };
        if (err.status === 403 || err.status === 429) {
          const rl = rateLimit(err.status, headers, message, now());
          if (rl) {
            const waitMs = rl.waitMs ?? 60_000;
            if (waitMs <= maxWait && attempt < 2) {
              log(`GitHub rate limit (${err.status}) while ${what}: waiting ${Math.ceil(waitMs / 1000)} s.`);
              await sleep(waitMs);
              continue;
            }
            const when = rl.waitMs === undefined
              ? 'GitHub did not say when it resets (it asks clients to wait at least a minute)'
              : `it resets at ${new Date(now() + rl.waitMs).toISOString()} (in ${Math.ceil(rl.waitMs / 1000)} s)`;
            const advice = token
              ? 'Wait for the reset, or use CITATION_MIRRORS for a local mirror.'
              : 'Anonymous access allows 60 requests/hour: set GITHUB_TOKEN to a GitHub token, wait for the reset, or use CITATION_MIRRORS for a local mirror.';
            throw new ProviderError('rate-limit', `GitHub rate limit reached (${err.status}) at ${apiUrl} while ${what}; ${when}. ${advice}`);
          }
          throw new ProviderError('forbidden', `GitHub refused ${what} (403: ${message}). If the repository is private, set GITHUB_TOKEN to a token that can read it.`);
        }
        if (err.status === 401) {
          throw new ProviderError('auth', `GitHub rejected the credentials (401: ${message}) while ${what}. Set GITHUB_TOKEN to a valid token, or unset it for anonymous access.`);
        }
        if (err.status >= 500) {
          throw new ProviderError('server', `${apiUrl} answered ${err.status} while ${what}, also after ${retries} retries: ${message}. Try again later.`);
        }
        throw new ProviderError('server', `${apiUrl} answered ${err.status} while ${what}: ${message}.`);
      }
    }
  };

  const repoPath = (owner: string, repo: string): string => `/repos/${encodeURIComponent(owner)}/${encodeURIComponent(repo)}`;

  const notFound = async (owner: string, repo: string, what: string): Promise<never> => {
    const r = await call(repoPath(owner, repo), {}, `checking that ${owner}/${repo} exists`);
    if (r.status === 404) {
      throw new ProviderError('not-found', `Repository ${owner}/${repo} not found at ${apiUrl}. Check owner/repo in the citation; if the repository is private, set GITHUB_TOKEN to a token that can read it.`);
    }
    throw new ProviderError('not-found', what);
  };

  return {
    name: 'github',
    description: `GitHub (${apiUrl})`,
    origin: withoutCredentials(apiUrl),

    async resolveRef(owner: string, repo: string, ref: string, cached?: CachedResolution): Promise<Resolution> {
      if (SHA.test(ref)) return { commit: ref, kind: 'commit', notModified: false };
      for (const [kind, prefix] of [['tag', 'tags'], ['branch', 'heads']] as const) {
        const conditional = cached?.kind === kind && cached.etag ? { 'if-none-match': cached.etag } : undefined;
        const res = await call(`${repoPath(owner, repo)}/git/ref/${prefix}/${encodePath(ref)}`, conditional ? { headers: conditional } : {}, `resolving ${owner}/${repo}@${ref}`);
        if (res.status === 304 && cached) {
          return { commit: cached.commit, kind, notModified: true, ...(cached.etag ? { etag: cached.etag } : {}), ...(cached.tagObject ? { tagObject: cached.tagObject } : {}) };
        }
        if (res.status === 404) continue;
        if (res.status !== 200) throw new ProviderError('server', `Unexpected status ${res.status} resolving ${owner}/${repo}@${ref}.`);
        let object = gitObject(res.data);
        let tagObject: string | undefined;
        // Annotated tags point at a tag object; peel (possibly nested) tags to the commit.
        for (let depth = 0; object?.type === 'tag' && depth < 5; depth++) {
          tagObject ??= object.sha;
          const t = await call(`${repoPath(owner, repo)}/git/tags/${object.sha}`, {}, `peeling tag ${owner}/${repo}@${ref}`);
          if (t.status !== 200) throw new ProviderError('server', `GitHub could not read the tag object ${object.sha} of ${owner}/${repo}@${ref} (status ${t.status}).`);
          object = gitObject(t.data);
        }
        if (object?.type !== 'commit') {
          throw new ProviderError('not-found', `${owner}/${repo}@${ref} does not point at a commit (it points at ${object ? `a ${object.type}` : 'nothing GitHub described'}). Cite a tag, branch or commit.`);
        }
        const etag = res.headers.etag;
        return { commit: object.sha, kind, notModified: false, ...(etag ? { etag } : {}), ...(tagObject ? { tagObject } : {}) };
      }
      return notFound(owner, repo, `Ref "${ref}" not found in ${owner}/${repo}: no tag or branch of that name. Check the @ref part of the citation (a commit must be a full 40-hex SHA).`);
    },

    async fetchFile(owner: string, repo: string, commit: string, path: string): Promise<FetchedFile | null> {
      const name = `${owner}/${repo}`;
      const at = `${name}@${commit.slice(0, 7)}:${path}`;
      const res = await call(`${repoPath(owner, repo)}/contents/${encodePath(path)}`, { ref: commit }, `fetching ${at}`);
      if (res.status === 404) return null;
      if (res.status !== 200) throw new ProviderError('server', `Unexpected status ${res.status} fetching ${at}.`);
      const data = res.data as Record<string, unknown> | unknown[] | string | null | undefined;
      // A directory is a JSON array (or, with the object media type, an object with `entries`).
      if (Array.isArray(data) || (isRecord(data) && (data.type === 'dir' || Array.isArray(data.entries)))) {
        throw notAFile(name, commit, path, { type: 'dir' });
      }
      if (!isRecord(data)) throw new ProviderError('server', `GitHub answered ${at} with something that is not a contents object; not used. Try again later.`);
      if (data.type === 'symlink') throw notAFile(name, commit, path, { type: 'symlink', ...(typeof data.target === 'string' ? { target: data.target } : {}) });
      if (data.type === 'submodule') throw notAFile(name, commit, path, { type: 'submodule' });
      if (data.type !== 'file' || typeof data.sha !== 'string' || !SHA.test(data.sha)) {
        throw new ProviderError('server', `GitHub described ${at} as ${JSON.stringify(data.type)} with sha ${JSON.stringify(data.sha)}; expected a file and its blob SHA. Not used.`);
      }
      // For a symlink to a regular file GitHub answers with the target file, under the target's path.
      if (typeof data.path === 'string' && data.path !== path) throw notAFile(name, commit, path, { type: 'symlink', target: data.path });
      const sha = data.sha;
      let bytes: Uint8Array;
      if (data.encoding === 'base64' && typeof data.content === 'string' && !(data.content === '' && typeof data.size === 'number' && data.size > 0)) {
        bytes = new Uint8Array(Buffer.from(data.content, 'base64'));
      } else {
        // Over 1 MB: no content in the JSON. Fetch the blob itself, by the SHA GitHub just named.
        const blob = await call(`${repoPath(owner, repo)}/git/blobs/${sha}`, {
          headers: { accept: 'application/vnd.github.raw+json' },
          request: { parseSuccessResponseBody: false },
        }, `fetching blob ${sha.slice(0, 12)} of ${at}`);
        if (blob.status !== 200) throw new ProviderError('server', `GitHub could not serve blob ${sha} of ${at} (status ${blob.status}).`);
        bytes = await bodyBytes(blob.data);
      }
      return { entry: { path, type: 'file', sha, ...(typeof data.size === 'number' ? { size: data.size } : {}) }, bytes };
    },
  };
}

/** The URL without user name and password, for records kept on disk. */
function withoutCredentials(url: string): string {
  const u = new URL(url);
  u.username = '';
  u.password = '';
  return u.href.replace(/\/+$/, '');
}

function isRecord(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

/** `{ object: { type, sha } }` of a ref or tag answer, when it has that shape. */
function gitObject(data: unknown): { type: string; sha: string } | undefined {
  const o = isRecord(data) ? data.object : undefined;
  return isRecord(o) && typeof o.type === 'string' && typeof o.sha === 'string' && SHA.test(o.sha) ? { type: o.type, sha: o.sha } : undefined;
}

async function bodyBytes(body: unknown): Promise<Uint8Array> {
  if (body instanceof ArrayBuffer) return new Uint8Array(body);
  if (body instanceof Uint8Array) return body;
  if (typeof body === 'string') return new TextEncoder().encode(body);
  return new Uint8Array(await new globalThis.Response(body as ReadableStream<Uint8Array> | null).arrayBuffer());
}

/** Rate-limit facts of a 403/429 response, or undefined when it is not a rate limit. */
function rateLimit(status: number, headers: Record<string, string | undefined>, message: string, nowMs: number): { waitMs: number | undefined } | undefined {
  const retryAfter = headers['retry-after'];
  const remaining = headers['x-ratelimit-remaining'];
  const reset = headers['x-ratelimit-reset'];
  if (!(status === 429 || remaining === '0' || retryAfter !== undefined || /rate limit/i.test(message))) return undefined;
  if (retryAfter !== undefined) {
    const secs = Number(retryAfter);
    if (Number.isFinite(secs)) return { waitMs: Math.max(0, secs * 1000) };
    const date = Date.parse(retryAfter);
    if (!Number.isNaN(date)) return { waitMs: Math.max(0, date - nowMs) };
  }
  if (reset !== undefined && /^[0-9]+$/.test(reset)) {
    // Reset is in epoch seconds; one more second so the retry lands after it.
    return { waitMs: Math.max(0, Number(reset) * 1000 - nowMs + 1000) };
  }
  return { waitMs: undefined };
}
