/**
 * GitHub (or GitHub Enterprise Server) REST provider through Octokit.
 *
 * Requests per run: one per distinct ref (`git/ref/tags/…`; a branch after the tag lookup
 * misses; plus one to peel an annotated tag; conditional with the cached ETag when the
 * caller offers a cached resolution) and one per distinct file: `contents/{path}?ref=<commit>`
 * as JSON, which names the tree entry (`type`, blob `sha`, `path`) and carries the bytes
 * base64-encoded up to 1 MB. Over 1 MB GitHub sends no content (`encoding: "none"`), and a
 * second request fetches the bytes by blob SHA (`git/blobs/{sha}`, raw; up to 100 MB).
 *
 * Who handles which failure:
 * - octokit's retry plugin: 5xx answers and the network failures @octokit/request turns into
 *   status-500 errors (connection reset, a reset mid-body, a request timeout), retried with its
 *   backoff (the n-th retry waits n² × `retryBaseMs`).
 * - octokit's throttling plugin: primary rate limits (`x-ratelimit-remaining: 0`, waits until
 *   `x-ratelimit-reset`) and secondary ones ("secondary rate limit", `retry-after`); our handlers
 *   only decide whether the wait is short enough (`maxRateLimitWaitMs`).
 * - this file, for what neither plugin does: a short connect timeout (an undici Agent); a timeout
 *   per attempt and a bound on the total time of a request with its retries; failing at once for a
 *   host after its first connection failure, with one message about it; reading the body inside
 *   fetch, so a reset mid-body fails the attempt instead of returning a partial body as whole;
 *   403/429 rate limits the throttling plugin does not recognise (only `retry-after`, or nothing);
 *   credentials in GITHUB_API_URL; and the messages.
 */
import type { Octokit as OctokitType } from 'octokit';
import type { Agent as AgentType, fetch as undiciFetchType } from 'undici';
import {
  ProviderError,
  encodePath,
  notAFile,
  redactUrlCredentials,
  type CachedResolution,
  type FetchedFile,
  type Resolution,
  type SourceProvider,
} from './types.ts';

export interface GitHubProviderOptions {
  /** `GITHUB_TOKEN`; optional (anonymous: 60 requests/hour on github.com). Never logged. */
  token?: string | undefined;
  /**
   * REST base URL, default `https://api.github.com`; GHES: `https://host/api/v3`. Credentials in it
   * (`https://user:token@host/api/v3`) are taken out of the URL, used as the token when `token` is
   * unset, and never printed.
   */
  apiUrl?: string | undefined;
  /** Longest rate-limit wait (ms) worth sleeping through; longer ones fail with a message. Default 10 000. */
  maxRateLimitWaitMs?: number;
  /** Retries of 5xx answers, resets and timeouts (retry plugin). Default 4. */
  retries?: number;
  /** Retry backoff unit (ms): the n-th retry waits n² units. Default 500. */
  retryBaseMs?: number;
  /** Time to establish a connection (ms); past it the host counts as unreachable. Default 3 000. */
  connectTimeoutMs?: number;
  /** Time one attempt may take, headers and body (ms). Default 15 000. */
  requestTimeoutMs?: number;
  /** Time one request may take with all its retries (ms); no retry starts after it. Default 45 000. */
  maxRequestMs?: number;
  /** Milliseconds per second of a rate-limit wait the throttling plugin sleeps (tests shorten it). Default 1 000. */
  rateLimitUnitMs?: number;
  /** Progress and wait notices. */
  log?: (line: string) => void;
  /** Injectable for tests: the waits this file does itself (rate limits the plugin does not handle). */
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}

const DEFAULT_API_URL = 'https://api.github.com';

interface ApiResponse {
  status: number;
  headers: Record<string, string | undefined>;
  data: unknown;
}

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
 * Splits a GITHUB_API_URL into the URL without credentials and the credentials.
 * @throws ProviderError(`config`) for a value that is not an http(s) URL (the message shows it without credentials).
 */
function parseApiUrl(raw: string): { url: string; username: string; password: string } {
  let parsed: URL;
  try {
    parsed = new URL(raw);
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw new Error('not http(s)');
  } catch {
    throw new ProviderError(
      'config',
      `GITHUB_API_URL "${redactUrlCredentials(raw)}" is not an http(s) URL. Unset it for github.com, or set it to your GitHub Enterprise Server API, e.g. https://ghe.example.com/api/v3.`,
    );
  }
  const username = safeDecode(parsed.username);
  const password = safeDecode(parsed.password);
  parsed.username = '';
  parsed.password = '';
  return { url: parsed.href.replace(/\/+$/, ''), username, password };
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** Thrown inside fetch to stop a request without a retry (see {@link createGitHubProvider}). */
class StopRequest extends Error {
  // @octokit/request passes an error named AbortError through unchanged instead of wrapping it as a
  // status-500 RequestError, so neither the retry nor the throttling plugin retries it.
  override name = 'AbortError';
  readonly reason: 'host-down' | 'deadline';
  constructor(reason: 'host-down' | 'deadline') {
    super(reason);
    this.reason = reason;
  }
}

/** Connection-level failures: the request never reached an HTTP server. */
const CONNECT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EAI_NONAME',
  'EAI_FAIL',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EHOSTDOWN',
  'ENETDOWN',
  'EADDRNOTAVAIL',
  'EACCES',
  'EPERM',
  'UND_ERR_CONNECT_TIMEOUT',
]);

/** What went wrong with one fetch attempt, and whether it was at the connection stage. */
function describeNetworkFailure(e: unknown, timeoutMs: number): { text: string; connect: boolean } {
  const err = e as {
    name?: string;
    message?: string;
    code?: string;
    cause?: { code?: string; message?: string; name?: string };
  };
  if (err?.name === 'TimeoutError') return { text: `no answer within ${formatMs(timeoutMs)}`, connect: false };
  const cause = err?.cause;
  const code = cause?.code ?? err?.code;
  const text = cause?.message ?? err?.message ?? String(e);
  if (code && CONNECT_CODES.has(code)) return { text, connect: true };
  // TLS failures (certificates) and URLs fetch refuses (e.g. a blocked port) will not improve with a retry.
  if ((code && /^ERR_TLS|CERT|SSL/.test(code)) || /bad port|certificate/i.test(text)) return { text, connect: true };
  return { text, connect: false };
}

function formatMs(ms: number): string {
  return ms >= 1000 ? `${Math.round(ms / 100) / 10} s` : `${ms} ms`;
}

const SHA = /^[0-9a-f]{40}$/;

/**
 * Creates the provider. Octokit and undici are imported on first use so offline runs never load them.
 * @throws ProviderError(`config`) for a GITHUB_API_URL that is not an http(s) URL.
 */
export function createGitHubProvider(options: GitHubProviderOptions = {}): SourceProvider {
  const { url: apiUrl, username, password } = parseApiUrl(options.apiUrl ?? DEFAULT_API_URL);
  const token = options.token || password || username || undefined;
  const maxWait = options.maxRateLimitWaitMs ?? 10_000;
  const retries = options.retries ?? 4;
  const retryBaseMs = options.retryBaseMs ?? 500;
  const connectTimeoutMs = options.connectTimeoutMs ?? 3_000;
  const requestTimeoutMs = options.requestTimeoutMs ?? 15_000;
  const maxRequestMs = options.maxRequestMs ?? 45_000;
  const log = options.log ?? (() => {});
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const now = options.now ?? Date.now;
  // Belt and braces: nothing we build contains a credential, but error bodies are foreign text.
  // Each secret as written and as a URL would carry it (percent-encoded), since error bodies echo URLs.
  const secrets = [options.token, username, password]
    .filter((s): s is string => typeof s === 'string' && s.length >= 6)
    .flatMap((s) => [...new Set([s, encodeURIComponent(s)])])
    .sort((a, b) => b.length - a.length);
  const redact = (s: string): string => {
    let out = redactUrlCredentials(s);
    for (const secret of secrets) out = out.split(secret).join('***');
    return out;
  };

  /** Set at the first connection failure: every later request fails at once, referring to it. */
  let down: { cause: string; message: string } | undefined;
  const markDown = (cause: string): void => {
    down ??= {
      cause,
      message:
        `Cannot reach GitHub at ${apiUrl}: ${cause}. Every further request to it in this run fails at once. ` +
        'Check the network and GITHUB_API_URL; without network, set CITATION_MIRRORS=owner/repo=/path/to/git or run with --offline (which uses .cache/citations).',
    };
  };
  const unreachable = (what: string): ProviderError =>
    new ProviderError(
      'unreachable',
      `Cannot reach ${apiUrl} while ${what} (${down!.cause}; see the message about ${apiUrl}).`,
      { url: apiUrl, message: down!.message },
    );

  let clientPromise: Promise<{ octokit: OctokitType; fetch: typeof undiciFetchType; agent: AgentType }> | undefined;
  const client = (): Promise<{ octokit: OctokitType; fetch: typeof undiciFetchType; agent: AgentType }> => {
    clientPromise ??= Promise.all([import('octokit'), import('undici')]).then(([{ Octokit }, { Agent, fetch }]) => {
      const rateLimited =
        (kind: string) =>
        (
          retryAfter: number,
          opts: { method?: string; url?: string },
          _octokit: unknown,
          retryCount: number,
        ): boolean => {
          const waitMs = retryAfter * 1000;
          if (waitMs > maxWait || retryCount >= 2) return false;
          log(
            `GitHub ${kind} rate limit on ${opts.method ?? 'GET'} ${redact(opts.url ?? '')}: waiting ${retryAfter} s (throttling plugin).`,
          );
          return true;
        };
      const octokit = new Octokit({
        ...(token ? { auth: token } : {}),
        baseUrl: apiUrl,
        userAgent: 'citation-engine',
        log: {
          debug: () => {},
          info: () => {},
          warn: (m: string) => log(redact(String(m))),
          error: (m: string) => log(redact(String(m))),
        },
        throttle: {
          onRateLimit: rateLimited('primary'),
          onSecondaryRateLimit: rateLimited('secondary'),
          retryAfterBaseValue: options.rateLimitUnitMs ?? 1000,
        },
        // 429 is left to the throttling plugin and call(); 403 likewise (rate limit or permission).
        retry: { doNotRetry: [400, 401, 403, 404, 410, 422, 429, 451], retries, retryAfterBaseValue: retryBaseMs },
      });
      return { octokit, fetch, agent: new Agent({ connectTimeout: connectTimeoutMs }) };
    });
    return clientPromise;
  };

  /** One request; 304 and 404 are returned, everything else that fails is thrown as ProviderError. */
  const call = async (path: string, params: Record<string, unknown>, what: string): Promise<ApiResponse> => {
    if (down) throw unreachable(what);
    const { octokit, fetch, agent } = await client();
    // The time bound restarts after a rate-limit wait of our own (below), not after the plugins' retries.
    let started = Date.now();
    let deadline = started + maxRequestMs;
    let attempts = 0;
    let answered = false;
    let lastNetwork: string | undefined;
    let lastStatus: number | undefined;
    const fetchOnce = async (url: string, init: RequestInit): Promise<globalThis.Response> => {
      if (down) throw new StopRequest('host-down');
      if (attempts > 0 && Date.now() >= deadline) throw new StopRequest('deadline');
      attempts++;
      const timeoutMs = Math.max(1, Math.min(requestTimeoutMs, deadline - Date.now()));
      const timeout = AbortSignal.timeout(timeoutMs);
      try {
        // Redirects are followed by hand, and only within the API's origin: another host's bytes
        // must never be taken for the repository's (undici would follow any Location).
        let res: Awaited<ReturnType<typeof fetch>> | undefined;
        for (let hop = 0, at = url; ; hop++) {
          res = await fetch(at, {
            ...(init as Parameters<typeof fetch>[1]),
            dispatcher: agent,
            redirect: 'manual',
            signal: init.signal ? AbortSignal.any([init.signal, timeout]) : timeout,
          });
          const location =
            res.status >= 300 && res.status < 400 && res.status !== 304 ? res.headers.get('location') : null;
          if (location === null) break;
          const next = new URL(location, at);
          if (next.origin !== new URL(apiUrl).origin || hop >= 4) {
            await res.body?.cancel();
            const why =
              hop >= 4
                ? 'too many redirects'
                : `a redirect to another host (${redactUrlCredentials(next.origin)}), which is not followed`;
            return new globalThis.Response(JSON.stringify({ message: why }), {
              status: 400,
              headers: { 'content-type': 'application/json' },
            });
          }
          await res.body?.cancel();
          at = next.href;
        }
        // The whole body, read here: a reset or timeout part-way then fails this attempt.
        const nullBody = res.status === 204 || res.status === 205 || res.status === 304 || init.method === 'HEAD';
        const body = nullBody ? null : new Uint8Array(await res.arrayBuffer());
        answered = true;
        lastStatus = res.status;
        lastNetwork = undefined;
        const headers = new Headers();
        for (const [k, v] of res.headers) if (k !== 'content-length' && k !== 'content-encoding') headers.append(k, v);
        return new globalThis.Response(body, { status: res.status, statusText: res.statusText, headers });
      } catch (e) {
        const failure = describeNetworkFailure(e, timeoutMs);
        lastNetwork = redact(failure.text);
        if (failure.connect) {
          markDown(lastNetwork);
          throw new StopRequest('host-down');
        }
        // The raw error can carry the credentials of the URL; only its redacted text travels on.
        // eslint-disable-next-line preserve-caught-error
        throw new Error(lastNetwork); // @octokit/request makes it a status-500 RequestError: the retry plugin retries it
      }
    };
    const elapsed = (): string =>
      `${attempts} attempt${attempts === 1 ? '' : 's'} in ${formatMs(Date.now() - started)}`;

    for (let attempt = 0; ; attempt++) {
      if (attempt > 0) {
        started = Date.now();
        deadline = started + maxRequestMs;
        attempts = 0;
      }
      try {
        const request = { ...(params.request as Record<string, unknown> | undefined), fetch: fetchOnce };
        const res = await octokit.request(`GET ${path}`, { ...params, request });
        return { status: res.status, headers: res.headers as ApiResponse['headers'], data: res.data };
      } catch (e) {
        if (e instanceof StopRequest || (e as { name?: string }).name === 'AbortError') {
          if (down) throw unreachable(what);
          if (!answered) {
            markDown(`no answer to ${elapsed()} (last: ${lastNetwork ?? 'unknown'})`);
            throw unreachable(what);
          }
          throw new ProviderError(
            'server',
            `${apiUrl} gave no usable answer while ${what} within ${formatMs(maxRequestMs)} (${elapsed()}; last: ${lastNetwork ?? `status ${lastStatus}`}). Try again later.`,
          );
        }
        const err = e as {
          status?: number;
          message?: string;
          response?: { headers?: Record<string, string | undefined>; data?: unknown };
        };
        if (typeof err.status !== 'number') throw e;
        const message = redact(err.message ?? '');
        const headers = err.response?.headers ?? {};
        if (!err.response) {
          // Only network failures, all retried: the host is not answering.
          if (!answered) {
            markDown(`${lastNetwork ?? message} (${elapsed()})`);
            throw unreachable(what);
          }
          throw new ProviderError(
            'server',
            `${apiUrl} failed while ${what}: ${lastNetwork ?? message} (${elapsed()}). Try again later.`,
          );
        }
        if (err.status === 304 || err.status === 404) return { status: err.status, headers, data: undefined };
        if (err.status === 403 || err.status === 429) {
          const rl = rateLimit(err.status, headers, message, now());
          if (rl) {
            const waitMs = rl.waitMs ?? 60_000;
            // The throttling plugin has already waited (or declined to) for the limits it recognises.
            if (
              !throttlingPluginHandles(err.status, headers, message, err.response.data) &&
              waitMs <= maxWait &&
              attempt < 2
            ) {
              log(`GitHub rate limit (${err.status}) while ${what}: waiting ${Math.ceil(waitMs / 1000)} s.`);
              await sleep(waitMs);
              continue;
            }
            const when =
              rl.waitMs === undefined
                ? 'GitHub did not say when it resets (it asks clients to wait at least a minute)'
                : resetsAt(now(), rl.waitMs);
            const advice = token
              ? 'Wait for the reset, or use CITATION_MIRRORS for a local mirror.'
              : 'Anonymous access allows 60 requests/hour: set GITHUB_TOKEN to a GitHub token, wait for the reset, or use CITATION_MIRRORS for a local mirror.';
            throw new ProviderError(
              'rate-limit',
              `GitHub rate limit reached (${err.status}) at ${apiUrl} while ${what}; ${when}. ${advice}`,
            );
          }
          throw new ProviderError(
            'forbidden',
            `GitHub refused ${what} (403: ${message}). If the repository is private, set GITHUB_TOKEN to a token that can read it.`,
          );
        }
        if (err.status === 401) {
          throw new ProviderError(
            'auth',
            `GitHub rejected the credentials (401: ${message}) while ${what}. Set GITHUB_TOKEN to a valid token, or unset it for anonymous access.`,
          );
        }
        if (err.status >= 500) {
          const retried = attempts - 1;
          throw new ProviderError(
            'server',
            `${apiUrl} answered ${err.status} while ${what}, also after ${retried} ${retried === 1 ? 'retry' : 'retries'} (${formatMs(Date.now() - started)}): ${message}. Try again later.`,
          );
        }
        throw new ProviderError('server', `${apiUrl} answered ${err.status} while ${what}: ${message}.`);
      }
    }
  };

  const repoPath = (owner: string, repo: string): string =>
    `/repos/${encodeURIComponent(owner)}/${encodeURIComponent(repo)}`;

  const notFound = async (owner: string, repo: string, what: string): Promise<never> => {
    const r = await call(repoPath(owner, repo), {}, `checking that ${owner}/${repo} exists`);
    if (r.status === 404) {
      throw new ProviderError(
        'not-found',
        `Repository ${owner}/${repo} not found at ${apiUrl}. Check owner/repo in the citation; if the repository is private, set GITHUB_TOKEN to a token that can read it.`,
      );
    }
    throw new ProviderError('not-found', what);
  };

  return {
    name: 'github',
    description: `GitHub (${apiUrl})`,
    origin: apiUrl,

    async resolveRef(owner: string, repo: string, ref: string, cached?: CachedResolution): Promise<Resolution> {
      if (SHA.test(ref)) return { commit: ref, kind: 'commit', notModified: false };
      for (const [kind, prefix] of [
        ['tag', 'tags'],
        ['branch', 'heads'],
      ] as const) {
        const conditional = cached?.kind === kind && cached.etag ? { 'if-none-match': cached.etag } : undefined;
        const res = await call(
          `${repoPath(owner, repo)}/git/ref/${prefix}/${encodePath(ref)}`,
          conditional ? { headers: conditional } : {},
          `resolving ${owner}/${repo}@${ref}`,
        );
        if (res.status === 304 && cached) {
          return {
            commit: cached.commit,
            kind,
            notModified: true,
            ...(cached.etag ? { etag: cached.etag } : {}),
            ...(cached.tagObject ? { tagObject: cached.tagObject } : {}),
          };
        }
        if (res.status === 404) continue;
        if (res.status !== 200)
          throw new ProviderError('server', `Unexpected status ${res.status} resolving ${owner}/${repo}@${ref}.`);
        let object = gitObject(res.data);
        let tagObject: string | undefined;
        // Annotated tags point at a tag object; peel (possibly nested) tags to the commit.
        for (let depth = 0; object?.type === 'tag' && depth < 5; depth++) {
          tagObject ??= object.sha;
          const t = await call(
            `${repoPath(owner, repo)}/git/tags/${object.sha}`,
            {},
            `peeling tag ${owner}/${repo}@${ref}`,
          );
          if (t.status !== 200)
            throw new ProviderError(
              'server',
              `GitHub could not read the tag object ${object.sha} of ${owner}/${repo}@${ref} (status ${t.status}).`,
            );
          object = gitObject(t.data);
        }
        if (object?.type !== 'commit') {
          throw new ProviderError(
            'not-found',
            `${owner}/${repo}@${ref} does not point at a commit (it points at ${object ? `a ${object.type}` : 'nothing GitHub described'}). Cite a tag, branch or commit.`,
          );
        }
        const etag = res.headers.etag;
        return {
          commit: object.sha,
          kind,
          notModified: false,
          ...(etag ? { etag } : {}),
          ...(tagObject ? { tagObject } : {}),
        };
      }
      return notFound(
        owner,
        repo,
        `Ref "${ref}" not found in ${owner}/${repo}: no tag or branch of that name. Check the @ref part of the citation (a commit must be a full 40-hex SHA).`,
      );
    },

    async listTags(owner: string, repo: string, prefix: string): Promise<string[]> {
      // One request: matching-refs answers every ref under the prefix (a release line has far fewer than a page).
      const res = await call(
        `${repoPath(owner, repo)}/git/matching-refs/tags/${encodePath(prefix)}`,
        { per_page: 100 },
        `listing the ${prefix}* tags of ${owner}/${repo}`,
      );
      if (res.status === 404) return notFound(owner, repo, `${owner}/${repo} has no tags starting with ${prefix}.`);
      if (res.status !== 200 || !Array.isArray(res.data))
        throw new ProviderError(
          'server',
          `Unexpected answer (status ${res.status}) listing the tags of ${owner}/${repo}.`,
        );
      return (res.data as Array<{ ref?: unknown }>)
        .map((r) => (typeof r.ref === 'string' ? r.ref.replace(/^refs\/tags\//, '') : ''))
        .filter((t) => t.startsWith(prefix));
    },

    async fetchFile(owner: string, repo: string, commit: string, path: string): Promise<FetchedFile | null> {
      const name = `${owner}/${repo}`;
      const at = `${name}@${commit.slice(0, 7)}:${path}`;
      const res = await call(
        `${repoPath(owner, repo)}/contents/${encodePath(path)}`,
        { ref: commit },
        `fetching ${at}`,
      );
      if (res.status === 404) return null;
      if (res.status !== 200) throw new ProviderError('server', `Unexpected status ${res.status} fetching ${at}.`);
      const data = res.data as Record<string, unknown> | unknown[] | string | null | undefined;
      // A directory is a JSON array (or, with the object media type, an object with `entries`).
      if (Array.isArray(data) || (isRecord(data) && (data.type === 'dir' || Array.isArray(data.entries)))) {
        throw notAFile(name, commit, path, { type: 'dir' });
      }
      if (!isRecord(data))
        throw new ProviderError(
          'server',
          `GitHub answered ${at} with something that is not a contents object; not used. Try again later.`,
        );
      if (data.type === 'symlink')
        throw notAFile(name, commit, path, {
          type: 'symlink',
          ...(typeof data.target === 'string' ? { target: data.target } : {}),
        });
      if (data.type === 'submodule') throw notAFile(name, commit, path, { type: 'submodule' });
      if (data.type !== 'file' || typeof data.sha !== 'string' || !SHA.test(data.sha)) {
        throw new ProviderError(
          'server',
          `GitHub described ${at} as ${JSON.stringify(data.type)} with sha ${JSON.stringify(data.sha)}; expected a file and its blob SHA. Not used.`,
        );
      }
      // For a symlink to a regular file GitHub answers with the target file, under the target's path.
      if (typeof data.path === 'string' && data.path !== path)
        throw notAFile(name, commit, path, { type: 'symlink', target: data.path });
      const sha = data.sha;
      let bytes: Uint8Array;
      if (
        data.encoding === 'base64' &&
        typeof data.content === 'string' &&
        !(data.content === '' && typeof data.size === 'number' && data.size > 0)
      ) {
        bytes = new Uint8Array(Buffer.from(data.content, 'base64'));
      } else {
        // Over 1 MB: no content in the JSON. Fetch the blob itself, by the SHA GitHub just named.
        const blob = await call(
          `${repoPath(owner, repo)}/git/blobs/${sha}`,
          {
            headers: { accept: 'application/vnd.github.raw+json' },
            request: { parseSuccessResponseBody: false },
          },
          `fetching blob ${sha.slice(0, 12)} of ${at}`,
        );
        if (blob.status !== 200)
          throw new ProviderError('server', `GitHub could not serve blob ${sha} of ${at} (status ${blob.status}).`);
        bytes = await bodyBytes(blob.data);
      }
      return {
        entry: { path, type: 'file', sha, ...(typeof data.size === 'number' ? { size: data.size } : {}) },
        bytes,
      };
    },
  };
}

function isRecord(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

/** `{ object: { type, sha } }` of a ref or tag answer, when it has that shape. */
function gitObject(data: unknown): { type: string; sha: string } | undefined {
  const o = isRecord(data) ? data.object : undefined;
  return isRecord(o) && typeof o.type === 'string' && typeof o.sha === 'string' && SHA.test(o.sha)
    ? { type: o.type, sha: o.sha }
    : undefined;
}

async function bodyBytes(body: unknown): Promise<Uint8Array> {
  if (body instanceof ArrayBuffer) return new Uint8Array(body);
  if (body instanceof Uint8Array) return body;
  if (typeof body === 'string') return new TextEncoder().encode(body);
  return new Uint8Array(await new globalThis.Response(body as ReadableStream<Uint8Array> | null).arrayBuffer());
}

/**
 * Whether @octokit/plugin-throttling recognises this 403/429 as a rate limit (and so has
 * already waited, or declined to): the same tests the plugin makes.
 */
function throttlingPluginHandles(
  status: number,
  headers: Record<string, string | undefined>,
  message: string,
  data: unknown,
): boolean {
  if (status !== 403 && status !== 429) return false;
  if (/\bsecondary rate\b/i.test(message)) return true;
  if (headers['x-ratelimit-remaining'] === '0') return true;
  const errors = isRecord(data) && Array.isArray(data.errors) ? data.errors : [];
  return errors.some((e) => isRecord(e) && e.type === 'RATE_LIMITED');
}

/** Rate-limit facts of a 403/429 response, or undefined when it is not a rate limit. */
function rateLimit(
  status: number,
  headers: Record<string, string | undefined>,
  message: string,
  nowMs: number,
): { waitMs: number | undefined } | undefined {
  const retryAfter = headers['retry-after'];
  const remaining = headers['x-ratelimit-remaining'];
  const reset = headers['x-ratelimit-reset'];
  if (!(status === 429 || remaining === '0' || retryAfter !== undefined || /rate limit/i.test(message)))
    return undefined;
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

/** "it resets at <ISO time> (in N s)", or plain words for a wait no clock can show (an absurd Retry-After). */
function resetsAt(nowMs: number, waitMs: number): string {
  const at = new Date(nowMs + waitMs);
  if (!Number.isFinite(at.getTime()) || waitMs > 366 * 24 * 3600_000)
    return `it asks for a wait of more than a year (${waitMs / 1000} s), which this tool does not sleep through`;
  return `it resets at ${at.toISOString()} (in ${Math.ceil(waitMs / 1000)} s)`;
}
