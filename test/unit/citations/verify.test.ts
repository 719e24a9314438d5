import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { cite, excerpt, git, type FakeGitHub } from '../../helpers/fake-github/index.ts';
import { hashLines, serializeLock, parseLock, type LockEntry } from '../../../src/lib/citations/index.ts';
import { TOKEN, numbered, startWorlds, stopWorlds, world, type Mode } from './world.ts';

let gh: FakeGitHub;
beforeAll(async () => {
  gh = await startWorlds();
});
afterAll(stopWorlds);

/** Replaces one lock entry (to build states `pin` would refuse to write). */
function editLock(w: ReturnType<typeof world>, key: string, entry: Partial<LockEntry>): void {
  let text = '{"version":1,"entries":[]}';
  try {
    text = w.lockText();
  } catch {
    /* pin wrote no lock yet */
  }
  const lock = parseLock(text);
  const base = lock.entries.get(key) ?? ({ key } as LockEntry);
  lock.entries.set(key, { ...base, ...entry });
  writeFileSync(join(w.site.root, 'citations.lock.json'), serializeLock(lock));
}

describe.each<Mode>(['github', 'mirror'])('%s provider', (mode) => {
  test('happy path: pin, then verify; context lines clamped at both ends of the file', async () => {
    const w = world(mode);
    const commit = w.repo.commit({ 'pkg/f.go': numbered(20) });
    w.repo.tag('v1.0.0');
    w.site.page(
      'p.mdx',
      [
        '# P',
        '',
        excerpt(w.ref('v1.0.0', 'pkg/f.go', 'L1-L2'), ['line 1 of f', 'line 2 of f'], 3),
        '',
        excerpt(w.ref('v1.0.0', 'pkg/f.go', 'L19-L20'), 'line 20 of f', 3),
        '',
        `Inline ${cite(w.ref('v1.0.0', 'pkg/f.go', 'L10'), 'line 10 of')}.`,
        '',
      ].join('\n'),
    );
    const pin = await w.pin();
    expect(pin.errors).toEqual([]);
    expect(pin.added).toHaveLength(3);
    const lock = JSON.parse(w.lockText());
    const e = lock.entries.find((x: LockEntry) => x.key.endsWith('#L10'));
    expect(e).toMatchObject({
      status: 'pinned',
      commit,
      provider: mode,
      lineCount: 20,
      blobSha: git(w.repo.dir, ['rev-parse', `${commit}:pkg/f.go`]),
      sha256: hashLines(['line 10 of f']),
    });
    expect(w.lockText()).not.toContain('line 10 of f'); // no upstream text in the lock

    const r = await w.verify({ strict: true });
    expect(r.errors).toEqual([]);
    expect(r.warnings).toEqual([]);
    const [first, last, inline] = r.citations;
    expect(first).toMatchObject({
      status: 'verified',
      commit,
      firstLine: 1,
      lines: ['line 1 of f', 'line 2 of f', 'line 3 of f', 'line 4 of f', 'line 5 of f'],
    });
    expect(last).toMatchObject({ status: 'verified', firstLine: 16, lineCount: 20 });
    expect(last!.lines).toEqual(['line 16 of f', 'line 17 of f', 'line 18 of f', 'line 19 of f', 'line 20 of f']);
    expect(inline).toMatchObject({ status: 'verified', lines: ['line 10 of f'], firstLine: 10 });
    expect(inline!.permalink).toMatch(new RegExp(`/acme/${w.name}/blob/${commit}/pkg/f\\.go#L10$`));
  });

  test('an annotated tag pins the commit it points at', async () => {
    const w = world(mode);
    const commit = w.repo.commit({ 'a.txt': numbered(3) });
    w.repo.tag('v2', { annotated: true });
    w.site.page('p.mdx', cite(w.ref('v2', 'a.txt', 'L2'), 'line 2') + '\n');
    expect((await w.pin()).errors).toEqual([]);
    expect(JSON.parse(w.lockText()).entries[0].commit).toBe(commit);
    expect((await w.verify({ strict: true })).citations[0]!.status).toBe('verified');
  });

  test('a moved tag fails verification; pin --refresh accepts it', async () => {
    const w = world(mode);
    const old = w.repo.commit({ 'a.txt': numbered(5) });
    w.repo.tag('v1');
    w.site.page('p.mdx', cite(w.ref('v1', 'a.txt', 'L2'), 'line 2') + '\n');
    await w.pin();
    const moved = w.repo.commit({ 'b.txt': 'unrelated\n' });
    w.repo.tag('v1');
    const r = await w.verify();
    expect(r.citations[0]!.status).toBe('failed');
    expect(r.errors).toHaveLength(1);
    expect(r.errors[0]).toContain(`content/docs/p.mdx:1: <Cite ref="${w.ref('v1', 'a.txt', 'L2')}">`);
    expect(r.errors[0]).toContain(`moved: it now resolves to ${moved.slice(0, 7)}, the lock pinned ${old.slice(0, 7)}`);
    expect(r.errors[0]).toContain('npm run cite -- pin --refresh');
    const refreshed = await w.pin({ refresh: true });
    expect(refreshed.updated).toHaveLength(1);
    expect((await w.verify()).errors).toEqual([]);
  });

  test('shifted lines: the message gives where the fragment is and the shift', async () => {
    const w = world(mode);
    w.repo.commit({ 'x.go': 'package x\n\nfunc Propose() {\n\ts.r.Propose(ctx)\n}\n' });
    w.repo.tag('v1');
    w.repo.commit({ 'x.go': 'package x\n' + '// added\n'.repeat(7) + '\nfunc Propose() {\n\ts.r.Propose(ctx)\n}\n' });
    w.repo.tag('v2');
    w.site.page('p.mdx', '# P\n\n' + cite(w.ref('v2', 'x.go', 'L4'), 's.r.Propose(') + '\n');
    const pin = await w.pin();
    expect(pin.errors.join('\n')).toContain('`s.r.Propose(` found at L11, cited L4: the lines moved by +7');
    // pin writes no entry for a failed citation; pin the lines with a fragment they hold, then break it.
    expect(pin.added).toEqual([]);
    w.site.page('p.mdx', '# P\n\n' + cite(w.ref('v2', 'x.go', 'L4'), '// added') + '\n');
    expect((await w.pin()).errors).toEqual([]);
    w.site.page('p.mdx', '# P\n\n' + cite(w.ref('v2', 'x.go', 'L4'), 's.r.Propose(') + '\n');
    const r = await w.verify();
    expect(r.errors).toHaveLength(1);
    expect(r.errors[0]).toMatch(
      /^content\/docs\/p\.mdx:3: <Cite ref=".*#L4">: `s\.r\.Propose\(` found at L11, cited L4: the lines moved by \+7 \(now L11\)\. Fix: run `npm run cite -- relocate`/,
    );
  });

  test('a deleted file: pin refuses; a lock entry for it fails verification', async () => {
    const w = world(mode);
    w.repo.commit({ 'gone.go': numbered(4) });
    w.repo.tag('v1');
    const c2 = w.repo.commit({ 'gone.go': null, 'other.go': 'x\n' });
    w.repo.tag('v2');
    const key = w.ref('v2', 'gone.go', 'L1');
    w.site.page('p.mdx', cite(key, 'line 1') + '\n');
    const pin = await w.pin();
    expect(pin.errors.join()).toMatch(/gone\.go at v2 \([0-9a-f]{7}\) does not exist/);
    expect((await w.verify()).errors[0]).toMatch(/no entry in citations\.lock\.json .*run `npm run cite -- pin`/);
    editLock(w, key, {
      repo: `acme/${w.name}`,
      ref: 'v2',
      path: 'gone.go',
      start: 1,
      end: 1,
      status: 'pinned',
      commit: c2,
      blobSha: '0'.repeat(40),
      lineCount: 4,
      sha256: '0'.repeat(64),
      pinnedAt: '2024-01-01T00:00:00.000Z',
      provider: mode,
    });
    const r = await w.verify();
    expect(r.errors).toHaveLength(1);
    expect(r.errors[0]).toContain('gone.go at v2');
    expect(r.errors[0]).toContain('does not exist (deleted or moved upstream)');
  });

  test('a range past the end of the file', async () => {
    const w = world(mode);
    const c = w.repo.commit({ 'short.go': numbered(20) });
    w.repo.tag('v1');
    const key = w.ref('v1', 'short.go', 'L19-L25');
    w.site.page('p.mdx', excerpt(key, 'line 19') + '\n');
    expect((await w.pin()).errors.join()).toContain('cites L19-L25 but short.go at v1');
    editLock(w, key, {
      repo: `acme/${w.name}`,
      ref: 'v1',
      path: 'short.go',
      start: 19,
      end: 25,
      status: 'pinned',
      commit: c,
      blobSha: '0'.repeat(40),
      lineCount: 20,
      sha256: '0'.repeat(64),
      pinnedAt: '2024-01-01T00:00:00.000Z',
      provider: mode,
    });
    const r = await w.verify();
    expect(r.errors).toHaveLength(1);
    expect(r.errors[0]).toMatch(
      /cites L19-L25 but short\.go at v1 \([0-9a-f]{7}\) has 20 lines: the range runs past the end/,
    );
  });

  test('CRLF files are normalised to LF before hashing and rendering', async () => {
    const w = world(mode);
    const c = w.repo.commit({ 'win.txt': Buffer.from('first\r\nsecond\r\nthird\r\n') });
    w.repo.tag('v1');
    w.site.page('p.mdx', excerpt(w.ref('v1', 'win.txt', 'L1-L2'), ['first', 'second']) + '\n');
    expect((await w.pin()).errors).toEqual([]);
    const entry = JSON.parse(w.lockText()).entries[0];
    expect(entry.sha256).toBe(hashLines(['first', 'second']));
    expect(entry.blobSha).toBe(git(w.repo.dir, ['rev-parse', `${c}:win.txt`])); // of the raw CRLF bytes
    const r = await w.verify();
    expect(r.citations[0]!.lines).toEqual(['first', 'second']);
  });

  test('multibyte UTF-8 in a path with spaces and non-ASCII characters', async () => {
    const w = world(mode);
    const path = 'dir with space/naïve café.go';
    w.repo.commit({ [path]: 'package ü\n// 日本語のコメント 🚀\nvar ß = "ω"\n' });
    w.repo.tag('v1');
    w.site.page('p.mdx', excerpt(w.ref('v1', path, 'L2-L3'), ['日本語', '🚀', 'ß = "ω"']) + '\n');
    expect((await w.pin()).errors).toEqual([]);
    const r = await w.verify({ strict: true });
    expect(r.errors).toEqual([]);
    expect(r.citations[0]!.lines).toEqual(['// 日本語のコメント 🚀', 'var ß = "ω"']);
    expect(r.citations[0]!.permalink).toContain('/dir%20with%20space/na%C3%AFve%20caf%C3%A9.go#L2-L3');
  });

  test('a file over 1 MB', async () => {
    const w = world(mode);
    const big = numbered(40_000, 'big-file-with-a-long-label');
    expect(big.length).toBeGreaterThan(1024 * 1024);
    w.repo.commit({ 'big.txt': big });
    w.repo.tag('v1');
    w.site.page('p.mdx', cite(w.ref('v1', 'big.txt', 'L39999'), 'line 39999 of') + '\n');
    expect((await w.pin()).errors).toEqual([]);
    const r = await w.verify();
    expect(r.citations[0]).toMatchObject({ status: 'verified', lineCount: 40_000 });
  });

  test('the lock and the lines disagree (hash), and an expect fragment that exists nowhere', async () => {
    const w = world(mode);
    w.repo.commit({ 'a.txt': numbered(5) });
    w.repo.tag('v1');
    const k1 = w.ref('v1', 'a.txt', 'L1');
    w.site.page('p.mdx', `${cite(k1, 'line 1')}\n\n${cite(w.ref('v1', 'a.txt', 'L2'), 'line 2')}\n`);
    await w.pin();
    w.site.page('p.mdx', `${cite(k1, 'line 1')}\n\n${cite(w.ref('v1', 'a.txt', 'L2'), 'no such text')}\n`);
    editLock(w, k1, { sha256: 'a'.repeat(64) });
    const r = await w.verify();
    expect(r.errors).toHaveLength(2);
    expect(r.errors[0]).toMatch(/p\.mdx:1: .*sha256 is [0-9a-f]{12}…, the lock has aaaaaaaaaaaa….*pin --refresh/);
    expect(r.errors[1]).toMatch(/p\.mdx:3: .*`no such text` does not occur anywhere in a\.txt at v1/);
  });

  test('offline: verified from the cache; not cached is a warning, or an error with strict', async () => {
    const w = world(mode);
    w.repo.commit({ 'a.txt': numbered(5) });
    w.repo.tag('v1');
    w.site.page('p.mdx', cite(w.ref('v1', 'a.txt', 'L3'), 'line 3') + '\n');
    await w.pin();
    const env = { GITHUB_TOKEN: TOKEN, GITHUB_API_URL: gh.url }; // no mirror: offline means cache only
    gh.reset();
    const cached = await w.verify({ offline: true, env });
    expect(gh.count()).toBe(0);
    expect(cached.errors).toEqual([]);
    expect(cached.citations[0]).toMatchObject({ status: 'verified', lines: ['line 3 of f'] });
    expect(cached.citations[0]!.messages.join()).toContain('was not re-resolved');
    rmSync(join(w.site.root, '.cache'), { recursive: true });
    const cold = await w.verify({ offline: true, env });
    expect(cold.errors).toEqual([]);
    expect(cold.citations[0]!.status).toBe('unverified');
    expect(cold.citations[0]!.lines).toBeUndefined();
    expect(cold.warnings.join()).toContain('not verified in this build');
    const strict = await w.verify({ offline: true, env, strict: true });
    expect(strict.errors.join()).toMatch(/p\.mdx:1: .*not verified in this build.*--strict/);
  });
});

describe('GitHub provider specifics', () => {
  test('many citations of one file make one content request; a second run makes none', async () => {
    const w = world('github');
    w.repo.commit({ 'one.go': numbered(100) });
    w.repo.tag('v1');
    const cites = (from: number) =>
      Array.from({ length: 30 }, (_, i) => cite(w.ref('v1', 'one.go', `L${from + i}`), `line ${from + i} of`)).join(
        '\n\n',
      );
    w.site.page('a.mdx', cites(1));
    w.site.page('b.mdx', cites(31));
    gh.reset();
    const pin = await w.pin();
    expect(pin.errors).toEqual([]);
    expect(pin.added).toHaveLength(60);
    expect(gh.count('contents')).toBe(1);
    expect(gh.count('ref')).toBe(1);
    for (let run = 0; run < 2; run++) {
      gh.reset();
      const r = await w.verify({ strict: true });
      expect(r.errors).toEqual([]);
      expect(r.citations.every((c) => c.status === 'verified')).toBe(true);
      expect(gh.count('contents')).toBe(0);
      expect(gh.requests.map((q) => [q.endpoint, q.status, q.conditional])).toEqual([['ref', 304, true]]);
    }
  });

  test('the token is sent but never appears in output, lock or cache', async () => {
    const w = world('github');
    w.repo.commit({ 'a.txt': numbered(5) });
    w.repo.tag('v1', { annotated: true });
    w.site.page(
      'p.mdx',
      `${cite(w.ref('v1', 'a.txt', 'L1'), 'line 1')}\n\n${cite(w.ref('v1', 'a.txt', 'L2'), 'wrong')}\n\n${cite(`acme/missing-repo@v1:a.txt#L1`, 'x')}\n`,
    );
    gh.reset();
    gh.fault({
      endpoint: 'contents',
      status: 403,
      headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(Math.floor(Date.now() / 1000) + 1) },
      body: { message: `limit for ${TOKEN}` },
    });
    const pin = await w.pin();
    const r = await w.verify({ strict: true });
    expect(gh.requests.some((q) => q.authorization === `token ${TOKEN}`)).toBe(true);
    expect(r.errors.length).toBeGreaterThan(0); // failures were produced, so messages were exercised
    const everything = [JSON.stringify(pin), JSON.stringify(r), w.logs.join('\n'), w.lockText(), w.cacheText()].join(
      '\n',
    );
    expect(everything).toContain('Repository acme/missing-repo not found');
    expect(everything).not.toContain(TOKEN);
  });

  test('no provider reachable at pin time: recorded as pending, and an error (pin did not pin); verify: a warning, an error with strict', async () => {
    const w = world('github');
    w.repo.commit({ 'a.txt': numbered(5) });
    w.repo.tag('v1');
    w.site.page('p.mdx', cite(w.ref('v1', 'a.txt', 'L1'), 'line 1') + '\n');
    const dead = { GITHUB_API_URL: 'http://127.0.0.1:1', GITHUB_TOKEN: TOKEN };
    const pin = await w.pin({ env: dead });
    expect(pin.pending).toHaveLength(1);
    expect(pin.failed).toEqual(pin.pending);
    expect(pin.errors).toEqual([
      expect.stringMatching(/^Cannot reach GitHub at http:\/\/127\.0\.0\.1:1: /),
      expect.stringMatching(
        /p\.mdx:1: .*: not pinned \(recorded as pending\): Cannot reach http:\/\/127\.0\.0\.1:1 while resolving/,
      ),
    ]);
    expect(pin.warnings).toEqual([]);
    expect(JSON.parse(w.lockText()).entries[0]).not.toHaveProperty('commit');
    const r = await w.verify();
    expect(r.errors).toEqual([]);
    expect(r.citations[0]).toMatchObject({ status: 'pending' });
    expect(r.citations[0]!.lines).toBeUndefined();
    expect(r.warnings.join()).toContain('not verified in this build');
    expect((await w.verify({ strict: true })).errors.join()).toMatch(/p\.mdx:1: .*pending/);
    // With the network back, pin upgrades it.
    const again = await w.pin();
    expect(again.added).toHaveLength(1);
    expect(again.errors).toEqual([]);
    expect((await w.verify({ strict: true })).errors).toEqual([]);
  });

  test('offline with no mirror for the repository: pending because no source is configured, a warning only', async () => {
    const w = world('github');
    w.repo.commit({ 'a.txt': numbered(5) });
    w.repo.tag('v1');
    w.site.page('p.mdx', cite(w.ref('v1', 'a.txt', 'L1'), 'line 1') + '\n');
    const pin = await w.pin({ offline: true });
    expect(pin.errors).toEqual([]);
    expect(pin.failed).toEqual([]);
    expect(pin.pending).toEqual([w.ref('v1', 'a.txt', 'L1')]);
    expect(pin.warnings).toEqual([
      expect.stringMatching(
        new RegExp(
          `p\\.mdx:1: .*: pending because no source is configured for this repository \\(--offline, and no CITATION_MIRRORS entry for acme/${w.name}\\)`,
        ),
      ),
    ]);
  });

  test('a rate limit at pin time is recorded as pending with the reason, and an error; a 404 repository is an error', async () => {
    const w = world('github');
    w.repo.commit({ 'a.txt': numbered(5) });
    w.repo.tag('v1');
    w.site.page('p.mdx', `${cite(w.ref('v1', 'a.txt', 'L1'), 'line 1')}\n\n${cite('acme/nope@v1:a.txt#L1', 'x')}\n`);
    gh.reset();
    gh.fault({ endpoint: 'ref', match: `/${w.name}/`, status: 429, times: 1 });
    const pin = await w.pin();
    expect(pin.pending).toEqual([w.ref('v1', 'a.txt', 'L1')]);
    expect(pin.errors).toHaveLength(2);
    expect(pin.errors.join('\n')).toMatch(
      /p\.mdx:1: .*not pinned \(recorded as pending\): GitHub rate limit reached \(429\)/,
    );
    expect(pin.errors.join('\n')).toMatch(/p\.mdx:3: .*Repository acme\/nope not found/);
  });

  test('a missing lock entry and a stale one; pin prunes the stale one', async () => {
    const w = world('github');
    w.repo.commit({ 'a.txt': numbered(5) });
    w.repo.tag('v1');
    w.site.page('p.mdx', cite(w.ref('v1', 'a.txt', 'L1'), 'line 1') + '\n');
    await w.pin();
    w.site.page('p.mdx', '# moved\n\n' + cite(w.ref('v1', 'a.txt', 'L1-L2'), 'line 1') + '\n');
    const r = await w.verify();
    expect(r.errors).toEqual([
      `content/docs/p.mdx:3: <Cite ref="${w.ref('v1', 'a.txt', 'L1-L2')}">: no entry in citations.lock.json for ${w.ref('v1', 'a.txt', 'L1-L2')} (a new or changed citation). Fix: run \`npm run cite -- pin\`.`,
    ]);
    expect(r.warnings.join()).toContain(`entry ${w.ref('v1', 'a.txt', 'L1')} is not cited by any page`);
    const pin = await w.pin();
    expect(pin.pruned).toEqual([w.ref('v1', 'a.txt', 'L1')]);
    expect(pin.added).toEqual([w.ref('v1', 'a.txt', 'L1-L2')]);
    const after = await w.verify();
    expect([after.errors, after.warnings]).toEqual([[], []]);
  });

  test('GitHub unreachable at verify time: cached lines still verify, the unchecked tag is a warning (error with strict)', async () => {
    const w = world('github');
    w.repo.commit({ 'a.txt': numbered(5) });
    w.repo.tag('v1');
    w.site.page('p.mdx', cite(w.ref('v1', 'a.txt', 'L4'), 'line 4') + '\n');
    await w.pin();
    const dead = { GITHUB_API_URL: 'http://127.0.0.1:1', GITHUB_TOKEN: TOKEN };
    const r = await w.verify({ env: dead });
    expect(r.errors).toEqual([]);
    expect(r.citations[0]!.status).toBe('verified');
    expect(r.warnings.join()).toMatch(
      /p\.mdx:1: .*could not re-resolve v1 to check that the tag has not moved: Cannot reach/,
    );
    const strict = await w.verify({ env: dead, strict: true });
    expect(strict.citations[0]!.status).toBe('failed');
    expect(strict.errors.join()).toContain('could not re-resolve v1');
  });

  test('permalinks use the GHES web host when GITHUB_API_URL is set', async () => {
    const w = world('github');
    w.site.page('p.mdx', cite(w.ref('v1', 'a.txt', 'L1'), 'x') + '\n');
    const r = await w.verify({ offline: true, env: { GITHUB_API_URL: 'https://ghe.example/api/v3' } });
    expect(r.citations[0]!.permalink).toBe(`https://ghe.example/acme/${w.name}/blob/v1/a.txt#L1`);
  });

  test('extraction errors and configuration errors are reported', async () => {
    const w = world('github');
    w.site.page('p.mdx', '# P\n\n<Cite ref="acme/x@v1:a.txt#L1" />\n');
    const r = await w.verify();
    expect(r.errors).toEqual([
      expect.stringMatching(/^content\/docs\/p\.mdx:3:1: <Cite> citing acme\/x@v1:a\.txt#L1 has no `expect`/),
    ]);
    const bad = await w.verify({ env: { CITATION_MIRRORS: 'nonsense' } });
    expect(bad.configErrors.join()).toContain('CITATION_MIRRORS entry "nonsense"');
  });
});
