import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  closedPort,
  createRepo,
  git,
  madeUpLines,
  silentServer,
  startFakeGitHub,
  type FakeGitHub,
} from '../../helpers/fake-github/index.ts';
import { createGitHubProvider, type GitHubProviderOptions } from '../../../src/lib/citations/providers/github.ts';
import { ProviderError } from '../../../src/lib/citations/providers/types.ts';
import { gitBlobSha } from '../../../src/lib/citations/hash.ts';

const TOKEN = 'ghp_FAKEtoken0123456789abcdefSECRET';
let gh: FakeGitHub;
const repo = createRepo('provider');
let c1: string;
let c2: string;
const big = madeUpLines(30_000, 'a long label to pass one megabyte').join('\n') + '\n';

beforeAll(async () => {
  c1 = repo.commit({
    'src/a.go': madeUpLines(10).join('\n') + '\n',
    'dir with space/ünï cödé.go': 'package ü\n',
    'big.txt': big,
    'src/link.go': { symlink: 'a.go' },
    'src/dirlink': { symlink: '../dir with space' },
    'vendor/lib': { submodule: true },
  });
  repo.tag('v1.0.0');
  repo.tag('v1.0.0-annotated', { annotated: true });
  c2 = repo.commit({ 'src/a.go': 'changed\n' });
  repo.branch('release-1');
  gh = await startFakeGitHub({ 'acme/widget': repo.dir });
});
afterAll(async () => {
  await gh.close();
  repo.remove();
});

function provider(extra: Partial<GitHubProviderOptions> = {}) {
  const waits: number[] = [];
  const logs: string[] = [];
  const p = createGitHubProvider({
    apiUrl: gh.url,
    token: TOKEN,
    retryBaseMs: 1,
    rateLimitUnitMs: 1,
    log: (l) => logs.push(l),
    sleep: async (ms) => {
      waits.push(ms);
    },
    ...extra,
  });
  return { p, waits, logs };
}

const utf8 = (f: { bytes: Uint8Array } | null): string => Buffer.from(f!.bytes).toString('utf8');

async function caught(f: () => Promise<unknown>): Promise<ProviderError> {
  try {
    await f();
  } catch (e) {
    expect(e).toBeInstanceOf(ProviderError);
    return e as ProviderError;
  }
  throw new Error('expected a ProviderError');
}

describe('resolving refs', () => {
  test('a lightweight tag resolves to its commit in one request, with the token sent', async () => {
    gh.reset();
    const r = await provider().p.resolveRef('acme', 'widget', 'v1.0.0');
    expect(r).toMatchObject({ commit: c1, kind: 'tag', notModified: false });
    expect(r.etag).toBeTruthy();
    expect(gh.count()).toBe(1);
    expect(gh.requests[0]!.authorization).toBe(`token ${TOKEN}`);
  });

  test('an annotated tag is peeled to the commit, not the tag object', async () => {
    gh.reset();
    const tagObject = git(repo.dir, ['rev-parse', 'refs/tags/v1.0.0-annotated']);
    expect(tagObject).not.toBe(c1);
    const r = await provider().p.resolveRef('acme', 'widget', 'v1.0.0-annotated');
    expect(r.commit).toBe(c1);
    expect(gh.count('ref')).toBe(1);
    expect(gh.count('tag')).toBe(1);
  });

  test('a branch resolves after the tag lookup misses; a full SHA needs no request', async () => {
    gh.reset();
    const { p } = provider();
    expect((await p.resolveRef('acme', 'widget', 'release-1')).commit).toBe(c2);
    expect((await p.resolveRef('acme', 'widget', c1)).commit).toBe(c1);
    expect(gh.count()).toBe(2);
  });

  test('a cached ETag makes a conditional request; 304 is not an error', async () => {
    const { p } = provider();
    const first = await p.resolveRef('acme', 'widget', 'v1.0.0');
    gh.reset();
    const again = await p.resolveRef('acme', 'widget', 'v1.0.0', {
      commit: first.commit,
      kind: 'tag',
      etag: first.etag!,
    });
    expect(again).toMatchObject({ commit: c1, notModified: true });
    expect(gh.requests.map((r) => [r.status, r.conditional])).toEqual([[304, true]]);
  });

  test('a 404 repository is a clear not-found error', async () => {
    const e = await caught(() => provider().p.resolveRef('acme', 'nope', 'v1.0.0'));
    expect(e.kind).toBe('not-found');
    expect(e.message).toMatch(/Repository acme\/nope not found at http:\/\/127\.0\.0\.1:\d+.*GITHUB_TOKEN/);
  });

  test('an unknown ref in an existing repository names the ref', async () => {
    const e = await caught(() => provider().p.resolveRef('acme', 'widget', 'v9.9.9'));
    expect(e.message).toMatch(/Ref "v9\.9\.9" not found in acme\/widget/);
  });
});

describe('fetching files', () => {
  test('one contents request: the tree entry GitHub reports (type, blob sha) and the bytes, including paths with spaces and non-ASCII', async () => {
    gh.reset();
    const f = await provider().p.fetchFile('acme', 'widget', c1, 'dir with space/ünï cödé.go');
    expect(utf8(f)).toBe('package ü\n');
    const sha = git(repo.dir, ['rev-parse', `${c1}:dir with space/ünï cödé.go`]);
    expect(f!.entry).toEqual({
      path: 'dir with space/ünï cödé.go',
      type: 'file',
      sha,
      size: Buffer.byteLength('package ü\n'),
    });
    expect(gitBlobSha(f!.bytes)).toBe(sha);
    expect(gh.requests.map((r) => [r.endpoint, r.status])).toEqual([['contents', 200]]);
  });

  test('a file over 1 MB: the contents JSON has no content, so a second request fetches the blob by its SHA', async () => {
    gh.reset();
    const f = await provider().p.fetchFile('acme', 'widget', c1, 'big.txt');
    expect(utf8(f)).toBe(big);
    expect(gh.requests.map((r) => r.endpoint)).toEqual(['contents', 'blob']);
    expect(gh.requests[1]!.url).toContain(`/git/blobs/${f!.entry.sha}`);
  });

  test('a file missing at the commit is null', async () => {
    expect(await provider().p.fetchFile('acme', 'widget', c1, 'src/missing.go')).toBeNull();
  });

  test('a directory, a symlink (to a file or a directory) and a submodule are clear errors, not content', async () => {
    const { p } = provider();
    const cases: Array<[string, RegExp]> = [
      ['src', /^src at [0-9a-f]{7} in acme\/widget is a directory, not a file\. Cite a regular file\.$/],
      ['src/link.go', /src\/link\.go at [0-9a-f]{7} in acme\/widget is a symbolic link \(to src\/a\.go\), not a file/],
      [
        'src/dirlink',
        /src\/dirlink at [0-9a-f]{7} in acme\/widget is a symbolic link \(to \.\.\/dir with space\), not a file/,
      ],
      ['vendor/lib', /vendor\/lib at [0-9a-f]{7} in acme\/widget is a submodule, not a file/],
    ];
    for (const [path, message] of cases) {
      const e = await caught(() => p.fetchFile('acme', 'widget', c1, path));
      expect(e.kind).toBe('not-a-file');
      expect(e.message).toMatch(message);
    }
  });
});

describe('rate limits, retries and failures', () => {
  const reset = (secondsFromNow: number): string => String(Math.floor(Date.now() / 1000) + secondsFromNow);

  test('403 with x-ratelimit-reset soon: the throttling plugin waits, then succeeds', async () => {
    gh.reset();
    gh.fault({
      status: 403,
      headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': reset(2) },
      body: { message: 'API rate limit exceeded' },
    });
    const { p, waits, logs } = provider();
    expect((await p.resolveRef('acme', 'widget', 'v1.0.0')).commit).toBe(c1);
    expect(waits).toEqual([]); // not our own wait
    expect(logs).toEqual([
      expect.stringMatching(
        /^GitHub primary rate limit on GET \/repos\/acme\/widget\/git\/ref\/tags\/v1\.0\.0: waiting [23] s \(throttling plugin\)\.$/,
      ),
    ]);
    expect(gh.count()).toBe(2);
  });

  test('a secondary rate limit with retry-after: the throttling plugin waits and retries', async () => {
    gh.reset();
    gh.fault({
      status: 403,
      headers: { 'retry-after': '3' },
      body: { message: 'You have exceeded a secondary rate limit' },
    });
    const { p, waits, logs } = provider();
    expect((await p.resolveRef('acme', 'widget', 'v1.0.0')).commit).toBe(c1);
    expect(waits).toEqual([]);
    expect(logs.join()).toContain('secondary rate limit on GET');
    expect(gh.count()).toBe(2);
  });

  test('403 with a far reset: a clear error with the reset time and GITHUB_TOKEN advice', async () => {
    gh.reset();
    gh.fault({
      status: 403,
      headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': reset(3600) },
      body: { message: 'API rate limit exceeded' },
    });
    const { p, waits } = provider({ token: undefined });
    const e = await caught(() => p.resolveRef('acme', 'widget', 'v1.0.0'));
    expect(e.kind).toBe('rate-limit');
    expect(e.message).toMatch(/rate limit reached \(403\).*resets at \d{4}-\d\d-\d\dT.*set GITHUB_TOKEN/);
    expect(waits).toEqual([]);
  });

  test('429 with retry-after: waits that long and retries', async () => {
    gh.reset();
    gh.fault({ status: 429, headers: { 'retry-after': '1' } });
    const { p, waits } = provider();
    expect(await p.fetchFile('acme', 'widget', c1, 'src/a.go')).not.toBeNull();
    expect(waits).toEqual([1000]);
  });

  test('429 without any headers: no reset known, so a clear error rather than a long wait', async () => {
    gh.reset();
    gh.fault({ status: 429, times: 5 });
    const e = await caught(() => provider().p.fetchFile('acme', 'widget', c1, 'src/a.go'));
    expect(e.kind).toBe('rate-limit');
    expect(e.message).toMatch(/did not say when it resets/);
  });

  test('403 that is not a rate limit is a permission error', async () => {
    gh.reset();
    gh.fault({ status: 403, body: { message: 'Resource not accessible' } });
    const e = await caught(() => provider().p.resolveRef('acme', 'widget', 'v1.0.0'));
    expect(e.kind).toBe('forbidden');
  });

  test('500 then success: retried', async () => {
    gh.reset();
    gh.fault({ endpoint: 'contents', status: 500 });
    const f = await provider().p.fetchFile('acme', 'widget', c1, 'src/a.go');
    expect(utf8(f)).toContain('step1 :=');
    expect(gh.requests.map((r) => r.status)).toEqual([500, 200]);
  });

  test('persistent 502: a server error after the retries', async () => {
    gh.reset();
    gh.fault({ status: 502, times: 10 });
    const e = await caught(() => provider({ retries: 2 }).p.resolveRef('acme', 'widget', 'v1.0.0'));
    expect(e.kind).toBe('server');
    expect(e.message).toMatch(/answered 502 while resolving acme\/widget@v1\.0\.0, also after 2 retries/);
    expect(gh.count()).toBe(3);
  });

  test('three 502s in a row: the default retries still get the answer', async () => {
    gh.reset();
    gh.fault({ status: 502, times: 3 });
    expect((await provider().p.resolveRef('acme', 'widget', 'v1.0.0')).commit).toBe(c1);
    expect(gh.requests.map((r) => r.status)).toEqual([502, 502, 502, 200]);
  });

  test('a connection reset, and an answer cut off part-way, are retried', async () => {
    gh.reset();
    gh.fault({ endpoint: 'ref', kind: 'reset' });
    gh.fault({ endpoint: 'contents', kind: 'truncate' });
    const { p } = provider();
    expect((await p.resolveRef('acme', 'widget', 'v1.0.0')).commit).toBe(c1);
    expect(utf8(await p.fetchFile('acme', 'widget', c1, 'src/a.go'))).toContain('step10 :=');
    expect(gh.requests.map((r) => [r.endpoint, r.fault ?? r.status])).toEqual([
      ['ref', 'reset'],
      ['ref', 200],
      ['contents', 'truncate'],
      ['contents', 200],
    ]);
  });

  test('a request that hangs times out and is retried', async () => {
    gh.reset();
    gh.fault({ endpoint: 'ref', kind: 'hang' });
    const t = Date.now();
    expect((await provider({ requestTimeoutMs: 200 }).p.resolveRef('acme', 'widget', 'v1.0.0')).commit).toBe(c1);
    expect(Date.now() - t).toBeLessThan(3000);
    expect(gh.requests.map((r) => r.fault ?? r.status)).toEqual(['hang', 200]);
  });

  test('retries stop at the total time bound', async () => {
    gh.reset();
    gh.fault({ status: 503, times: 100 });
    const t = Date.now();
    const e = await caught(() =>
      provider({ retries: 50, retryBaseMs: 20, maxRequestMs: 400 }).p.resolveRef('acme', 'widget', 'v1.0.0'),
    );
    expect(Date.now() - t).toBeLessThan(2000);
    expect(e.kind).toBe('server');
    expect(e.message).toMatch(
      /gave no usable answer while resolving acme\/widget@v1\.0\.0 within 400 ms \(\d+ attempts in \d+ ms; last: status 503\)/,
    );
    expect(gh.count()).toBeLessThan(10);
  });

  test('no network (connection refused): at once, one message about the host, and later requests fail without trying', async () => {
    const port = await closedPort();
    const p = createGitHubProvider({ apiUrl: `http://127.0.0.1:${port}`, token: TOKEN }); // default retries and backoff
    const t = Date.now();
    const first = await caught(() => p.resolveRef('acme', 'widget', 'v1.0.0'));
    const second = await caught(() => p.fetchFile('acme', 'widget', c1, 'src/a.go'));
    expect(Date.now() - t).toBeLessThan(1000);
    for (const e of [first, second]) {
      expect(e.kind).toBe('unreachable');
      expect(e.message).toMatch(
        new RegExp(
          `^Cannot reach http://127\\.0\\.0\\.1:${port} while .*ECONNREFUSED.*see the message about http://127\\.0\\.0\\.1:${port}`,
        ),
      );
      expect(e.host).toEqual({ url: `http://127.0.0.1:${port}`, message: first.host!.message });
    }
    expect(first.host!.message).toMatch(
      /^Cannot reach GitHub at http:\/\/127\.0\.0\.1:\d+: connect ECONNREFUSED .*Every further request to it in this run fails at once.*CITATION_MIRRORS.*--offline/,
    );
    expect(JSON.stringify([first, second, first.host, first.message])).not.toContain(TOKEN);
  });

  test('a server that accepts connections and never answers: bounded by the request timeout, then the host counts as unreachable', async () => {
    const silent = await silentServer();
    try {
      const p = createGitHubProvider({ apiUrl: silent.url, retries: 2, retryBaseMs: 1, requestTimeoutMs: 150 });
      const t = Date.now();
      const e = await caught(() => p.resolveRef('acme', 'widget', 'v1.0.0'));
      const elapsed = Date.now() - t;
      expect(elapsed).toBeGreaterThanOrEqual(3 * 150 - 50);
      expect(elapsed).toBeLessThan(3000);
      expect(e.kind).toBe('unreachable');
      expect(e.host!.message).toMatch(/: no answer within 150 ms \(3 attempts in \d+ ms\)\. Every further request/);
      const connections = silent.connections();
      const t2 = Date.now();
      expect((await caught(() => p.fetchFile('acme', 'widget', c1, 'src/a.go'))).kind).toBe('unreachable');
      expect(Date.now() - t2).toBeLessThan(100);
      expect(silent.connections()).toBe(connections); // failed fast: no new connection
    } finally {
      await silent.close();
    }
  });

  test('the token is redacted even when the server echoes it', async () => {
    gh.reset();
    gh.fault({ status: 403, body: { message: `bad credentials ${TOKEN}` } });
    const e = await caught(() => provider().p.resolveRef('acme', 'widget', 'v1.0.0'));
    expect(e.message).not.toContain(TOKEN);
    expect(e.message).toContain('***');
  });

  test('a GITHUB_API_URL that is not http(s) is a configuration error, shown without its credentials', () => {
    expect(() => createGitHubProvider({ apiUrl: 'ftp://x' })).toThrow(/GITHUB_API_URL/);
    expect(() => createGitHubProvider({ apiUrl: 'ftp://me:ghp_URLsecret123@x/' })).toThrow(
      /GITHUB_API_URL "ftp:\/\/\*\*\*@x\/" is not an http\(s\) URL/,
    );
  });

  test('credentials in GITHUB_API_URL are taken out of the URL and sent as the token', async () => {
    gh.reset();
    const p = createGitHubProvider({ apiUrl: gh.url.replace('http://', 'http://x-access-token:ghp_URLsecret123@') });
    expect(p.description).toBe(`GitHub (${gh.url})`);
    expect(p.origin).toBe(gh.url);
    expect((await p.resolveRef('acme', 'widget', 'v1.0.0')).commit).toBe(c1);
    expect(gh.requests[0]!.authorization).toBe('token ghp_URLsecret123');
  });
});

describe('answers that must not be believed or must not crash', () => {
  test('an absurd Retry-After or reset is a clear rate-limit error, not a crash', async () => {
    for (const headers of [
      { 'retry-after': '99999999999999' },
      { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '99999999999999' },
    ]) {
      gh.reset();
      gh.fault({
        status: headers['retry-after'] ? 429 : 403,
        headers,
        body: { message: 'API rate limit exceeded' },
        times: 5,
      });
      const { p, waits } = provider();
      const e = await caught(() => p.resolveRef('acme', 'widget', 'v1.0.0'));
      expect(e.kind).toBe('rate-limit');
      expect(e.message).toMatch(/a wait of more than a year/);
      expect(waits).toEqual([]);
    }
  });

  test('a redirect to another host is not followed: its bytes never stand in for the repository\u2019s', async () => {
    const other = await startFakeGitHub({ 'acme/widget': repo.dir });
    try {
      gh.reset();
      gh.fault({
        endpoint: 'contents',
        status: 302,
        headers: { location: `${other.url}/repos/acme/widget/contents/src/a.go?ref=${c1}` },
        times: 5,
      });
      const { p } = provider();
      const e = await caught(() => p.fetchFile('acme', 'widget', c1, 'src/a.go'));
      expect(e.message).toMatch(/a redirect to another host \(http:\/\/127\.0\.0\.1:\d+\), which is not followed/);
      expect(other.count()).toBe(0);
      // Within the same origin a redirect is followed (GitHub moves renamed repositories that way).
      gh.reset();
      gh.fault({
        endpoint: 'contents',
        status: 301,
        headers: { location: `${gh.url}/repos/acme/widget/contents/src/a.go?ref=${c1}` },
      });
      expect(utf8(await p.fetchFile('acme', 'widget', c1, 'src/a.go'))).toBe(madeUpLines(10).join('\n') + '\n');
    } finally {
      await other.close();
    }
  });

  test('credentials in a GITHUB_API_URL without a scheme, or with a space, are not printed', () => {
    let message = '';
    try {
      createGitHubProvider({ apiUrl: 'user:secret123456@127.0.0.1/' });
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message).toMatch(/is not an http\(s\) URL/);
    expect(message).not.toContain('secret123456');
    // A space is legal in a URL's userinfo (percent-encoded): accepted, and named without it.
    const p = createGitHubProvider({ apiUrl: 'http://us er:sec ret123456@127.0.0.1/' });
    expect(`${p.description} ${p.origin}`).not.toMatch(/ret123456|ret%20123456|sec/);
  });
});
