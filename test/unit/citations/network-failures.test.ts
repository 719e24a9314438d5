/**
 * Failure handling a CI can rely on: transient faults are retried, an unreachable GitHub is
 * one message per host within seconds, pin reports what it could not pin, and credentials
 * never reach any output.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { cite, closedPort, silentServer, type FakeGitHub } from '../../helpers/fake-github/index.ts';
import { runPin, runVerification } from '../../../src/lib/citations/index.ts';
import { numbered, startWorlds, stopWorlds, world, type World } from './world.ts';

let gh: FakeGitHub;
beforeAll(async () => {
  gh = await startWorlds();
});
afterAll(stopWorlds);

/** Six citations over three refs and two files. */
function sixCitations(w: World): string[] {
  w.repo.commit({ 'a.go': numbered(5), 'b.go': numbered(5) });
  for (const t of ['v1', 'v2', 'v3']) w.repo.tag(t);
  const refs = ['v1', 'v2', 'v3'].flatMap((t) => [w.ref(t, 'a.go', 'L1'), w.ref(t, 'b.go', 'L2')]);
  w.site.page('p.mdx', refs.map((r) => cite(r, 'line')).join('\n\n') + '\n');
  return refs;
}

describe('transient faults are retried', () => {
  test('a ref that gets three 502s in a row still pins (default retry count)', async () => {
    const w = world('github');
    w.repo.commit({ 'a.go': numbered(3) });
    w.repo.tag('v1');
    w.site.page('p.mdx', cite(w.ref('v1', 'a.go', 'L1'), 'line 1') + '\n');
    gh.reset();
    gh.fault({ endpoint: 'ref', match: `/${w.name}/`, status: 502, times: 3 });
    const pin = await w.pin();
    expect(pin.errors).toEqual([]);
    expect(pin.added).toHaveLength(1);
    expect(gh.requests.filter((q) => q.endpoint === 'ref').map((q) => q.status)).toEqual([502, 502, 502, 200]);
  });

  test('a reset connection, a cut-off answer and a hang on the way still pin, and verify', async () => {
    const w = world('github');
    w.repo.commit({ 'a.go': numbered(3), 'b.go': numbered(3) });
    w.repo.tag('v1');
    w.site.page(
      'p.mdx',
      `${cite(w.ref('v1', 'a.go', 'L1'), 'line 1')}\n\n${cite(w.ref('v1', 'b.go', 'L2'), 'line 2')}\n`,
    );
    gh.reset();
    gh.fault({ endpoint: 'ref', match: `/${w.name}/`, kind: 'reset' });
    gh.fault({ endpoint: 'contents', match: 'a.go', kind: 'truncate' });
    gh.fault({ endpoint: 'contents', match: 'b.go', kind: 'hang' });
    const pin = await w.pin({ github: { retryBaseMs: 1, requestTimeoutMs: 300 } });
    expect(pin.errors).toEqual([]);
    expect(pin.added).toHaveLength(2);
    expect(
      gh.requests
        .filter((q) => q.fault)
        .map((q) => q.fault)
        .sort(),
    ).toEqual(['hang', 'reset', 'truncate']);
    expect((await w.verify({ strict: true })).errors).toEqual([]);
  });
});

describe('an unreachable GitHub', () => {
  test('closed port: one message for the host within seconds (default retries), a short reference per citation, pin fails', async () => {
    const w = world('github');
    const refs = sixCitations(w);
    const port = await closedPort();
    const t = Date.now();
    const pin = await runPin({ root: w.site.root, env: { GITHUB_API_URL: `http://127.0.0.1:${port}` } });
    expect(Date.now() - t).toBeLessThan(3000);
    expect(pin.pending).toEqual([...refs].sort());
    expect(pin.failed).toEqual(pin.pending);
    const hostMessages = pin.errors.filter((e) => e.startsWith('Cannot reach GitHub at'));
    expect(hostMessages).toEqual([
      expect.stringMatching(
        new RegExp(
          `^Cannot reach GitHub at http://127\\.0\\.0\\.1:${port}: connect ECONNREFUSED .*Every further request to it in this run fails at once\\. Check the network and GITHUB_API_URL; without network, set CITATION_MIRRORS`,
        ),
      ),
    ]);
    expect(pin.errors).toHaveLength(1 + refs.length);
    for (const e of pin.errors.slice(1))
      expect(e).toMatch(
        new RegExp(
          `^content/docs/p\\.mdx:\\d+: .*: not pinned \\(recorded as pending\\): Cannot reach http://127\\.0\\.0\\.1:${port} while resolving acme/w\\d+@v\\d \\(connect ECONNREFUSED [^)]*; see the message about http://127\\.0\\.0\\.1:${port}\\)`,
        ),
      );

    const verify = await runVerification({
      root: w.site.root,
      env: { GITHUB_API_URL: `http://127.0.0.1:${port}` },
      strict: true,
      offline: false,
    });
    expect(verify.citations.every((c) => c.status === 'pending')).toBe(true);
  });

  test('a server that accepts but never answers: bounded by the request timeout, one message for the host', async () => {
    const w = world('github');
    const refs = sixCitations(w);
    const silent = await silentServer();
    try {
      const t = Date.now();
      const pin = await runPin({
        root: w.site.root,
        env: { GITHUB_API_URL: silent.url },
        github: { requestTimeoutMs: 200, retries: 2, retryBaseMs: 10 },
      });
      const elapsed = Date.now() - t;
      expect(elapsed).toBeLessThan(4000);
      expect(pin.pending).toHaveLength(refs.length);
      expect(pin.errors.filter((e) => e.startsWith('Cannot reach GitHub at'))).toEqual([
        expect.stringContaining(`${silent.url}: no answer within 200 ms (3 attempts in`),
      ]);
      expect(pin.errors).toHaveLength(1 + refs.length);
      // The three refs are asked concurrently (3 attempts each at most); after that, nothing more is tried.
      expect(silent.connections()).toBeLessThanOrEqual(9);
    } finally {
      await silent.close();
    }
  });

  test('verify with GitHub unreachable: one warning for the host, cached lines still verify', async () => {
    const w = world('github');
    sixCitations(w);
    expect((await w.pin()).errors).toEqual([]);
    const port = await closedPort();
    const r = await w.verify({ env: { GITHUB_API_URL: `http://127.0.0.1:${port}` } });
    expect(r.errors).toEqual([]);
    expect(r.citations.every((c) => c.status === 'verified')).toBe(true);
    expect(r.warnings.filter((x) => x.startsWith('Cannot reach GitHub at'))).toHaveLength(1);
    const strict = await w.verify({ strict: true, env: { GITHUB_API_URL: `http://127.0.0.1:${port}` } });
    expect(strict.errors.filter((x) => x.startsWith('Cannot reach GitHub at'))).toHaveLength(1);
  });
});

describe('credentials in GITHUB_API_URL', () => {
  const SECRET = 'ghp_URLsecret0123456789';

  test('are used as the token and never appear in any output, log, lock or cache file', async () => {
    const w = world('github');
    w.repo.commit({ 'a.go': numbered(3), 'b.go': numbered(3) });
    w.repo.tag('v1');
    w.site.page(
      'p.mdx',
      [
        cite(w.ref('v1', 'a.go', 'L1'), 'line 1'),
        cite(w.ref('v1', 'a.go', 'L2'), 'not there'),
        cite(w.ref('v1', 'b.go', 'L1'), 'line 1'),
        cite('acme/missing@v1:a.go#L1', 'x'),
      ].join('\n\n') + '\n',
    );
    const env = { GITHUB_API_URL: gh.url.replace('http://', `http://x-access-token:${SECRET}@`) + '/' };
    gh.reset();
    // Error bodies that echo the URL with the credentials, as a proxy might: b.go never succeeds.
    gh.fault({
      endpoint: 'contents',
      match: 'b.go',
      status: 500,
      times: 100,
      body: { message: `upstream ${env.GITHUB_API_URL} failed` },
    });
    const pin = await w.pin({ env });
    expect(pin.errors.join()).toMatch(/b\.go.*upstream http:\/\/\*\*\*@127\.0\.0\.1:\d+\/ failed/);
    const verify = await w.verify({ env, strict: true });
    expect(gh.requests.some((q) => q.authorization === `token ${SECRET}`)).toBe(true);
    // a.go L1 is pinned; a.go L2 fails its expect and, like the unreachable b.go, gets no entry.
    expect(pin.added).toHaveLength(1);
    expect(verify.errors.length).toBeGreaterThan(0); // failures were produced, so messages were exercised
    const dead = `http://x-access-token:${SECRET}@127.0.0.1:${await closedPort()}/`;
    const deadPin = await w.pin({ env: { GITHUB_API_URL: dead }, refresh: true });
    const deadVerify = await w.verify({ env: { GITHUB_API_URL: dead } });
    const bad = await w.verify({ env: { GITHUB_API_URL: `ftp://x-access-token:${SECRET}@host/` } });
    expect(deadPin.errors.join()).toContain('Cannot reach GitHub at http://127.0.0.1:');
    expect(bad.configErrors.join()).toContain('ftp://***@host/');
    const everything = [pin, verify, deadPin, deadVerify, bad]
      .map((x) => JSON.stringify(x))
      .concat(w.logs, w.lockText(), w.cacheText())
      .join('\n');
    expect(everything).not.toContain(SECRET);
    expect(readFileSync(join(w.site.root, 'citations.lock.json'), 'utf8')).not.toContain('x-access-token');
    expect(w.cacheText()).not.toContain('x-access-token');
  });
});

describe('a mirror that is not a git repository', () => {
  test('fails every command as a configuration error, even when the lock spares pin from reading', async () => {
    const w = world('mirror');
    w.repo.commit({ 'a.go': numbered(3) });
    w.repo.tag('v1');
    w.site.page('p.mdx', cite(w.ref('v1', 'a.go', 'L2'), 'line 2 of f') + '\n');
    expect((await w.pin()).errors).toEqual([]);
    const plain = mkdtempSync(join(tmpdir(), 'not-a-repo-'));
    const env = { ...w.env, CITATION_MIRRORS: `acme/${w.name}=${plain}` };
    const expected = [
      expect.stringMatching(/^CITATION_MIRRORS: .*not-a-repo-\w+ \(mirror of acme\/w\d+\) is not a git repository/),
    ];
    for (const report of [
      await w.pin({ env }),
      await w.verify({ env }),
      await w.relocate({ env }),
      await w.outdated(['v2'], { env }),
    ]) {
      expect(report.configErrors).toEqual(expected);
      expect(report.errors.join('\n')).not.toContain('relocate` then');
    }
  });
});
