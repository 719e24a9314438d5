import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { cite, closedPort } from '../../helpers/fake-github/index.ts';
import { TOKEN, numbered, startWorlds, stopWorlds, world } from './world.ts';

const CLI = fileURLToPath(new URL('../../../scripts/cite.ts', import.meta.url));
let api = '';
beforeAll(async () => {
  api = (await startWorlds()).url;
});
afterAll(stopWorlds);

/**
 * Runs the CLI with this Node (24, which strips types) and a clean environment.
 * Asynchronously: the fake GitHub lives in this process and must keep answering.
 */
function cli(
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((done) => {
    const child = execFile(
      process.execPath,
      [CLI, ...args],
      { encoding: 'utf8', env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env } },
      (_e, out, err) => {
        done({ code: child.exitCode, out, err });
      },
    );
  });
}

test('usage errors exit 2 with a hint; --help exits 0', { timeout: 30_000 }, async () => {
  expect((await cli([])).code).toBe(2);
  expect(await cli(['frobnicate'])).toMatchObject({
    code: 2,
    err: expect.stringContaining('unknown command "frobnicate"'),
  });
  expect((await cli(['verify', '--bogus'])).code).toBe(2);
  expect(await cli(['outdated'])).toMatchObject({ code: 2, err: expect.stringContaining('--against') });
  const help = await cli(['--help']);
  expect(help.code).toBe(0);
  expect(help.out).toContain('npm run cite -- <command>');
});

test(
  'pin then verify exit 0; a stale citation exits 1 with the message; bad config exits 2',
  { timeout: 30_000 },
  async () => {
    const w = world('github');
    w.repo.commit({ 'a.txt': numbered(5) });
    w.repo.tag('v1');
    w.site.page('p.mdx', cite(w.ref('v1', 'a.txt', 'L2'), 'line 2') + '\n');
    const env = { GITHUB_API_URL: api, GITHUB_TOKEN: TOKEN };
    const pin = await cli(['pin', '--root', w.site.root], env);
    expect(pin.code).toBe(0);
    expect(pin.out).toContain('pinned 1 new');
    const ok = await cli(['verify', '--strict', '--root', w.site.root], env);
    expect(ok).toMatchObject({ code: 0, out: expect.stringContaining('1 citations: 1 verified') });
    w.site.page('p.mdx', cite(w.ref('v1', 'a.txt', 'L2'), 'line 3') + '\n');
    const bad = await cli(['verify', '--root', w.site.root], env);
    expect(bad.code).toBe(1);
    expect(bad.err).toContain('content/docs/p.mdx:1: <Cite');
    expect(bad.err).toContain('`line 3` found at L3, cited L2: the lines moved by +1');
    const offline = await cli(['verify', '--offline', '--root', w.site.root], env);
    expect(offline.code).toBe(1);
    expect(offline.out).toContain(
      `offline: 1 ref(s) of acme/${w.name} were not re-resolved (no CITATION_MIRRORS entry), so a tag moved upstream is not detected in this run`,
    );
    expect(ok.out).not.toContain('not re-resolved');
    expect((await cli(['verify', '--root', w.site.root], { ...env, CITATION_MIRRORS: 'garbage' })).code).toBe(2);
    for (const r of [pin, ok, bad, offline]) expect(r.out + r.err).not.toContain(TOKEN);
  },
);

test('outdated and relocate print each state and the changed lines', { timeout: 30_000 }, async () => {
  const w = world('github');
  w.repo.commit({ 'x.go': 'a\nb\nc\nd\n' });
  w.repo.tag('v1');
  w.repo.commit({ 'x.go': 'top\na\nb\nC\nd\n' });
  w.repo.tag('v2');
  const page = (tag: string): string =>
    [cite(w.ref(tag, 'x.go', 'L1-L2'), 'b'), cite(w.ref(tag, 'x.go', 'L2-L4'), 'd')].join('\n\n') + '\n';
  w.site.page('p.mdx', page('v1'));
  const env = { GITHUB_API_URL: api, GITHUB_TOKEN: TOKEN };
  expect((await cli(['pin', '--root', w.site.root], env)).code).toBe(0);

  const o = await cli(['outdated', '--against', 'v2', '--root', w.site.root], env);
  expect(o.code).toBe(0);
  expect(o.out.split('\n')).toEqual([
    expect.stringMatching(
      /^moved: content\/docs\/p\.mdx:1: .*: at v2: L1-L2 moved to L2-L3 \(\+1\) \(relocate will follow it\)\.$/,
    ),
    expect.stringMatching(
      /^edited: content\/docs\/p\.mdx:3: .*: at v2: L2-L4 edited \(1 cited line deleted or replaced, 1 line inserted\), now L3-L5 \(relocate will follow it\)\.$/,
    ),
    '    - L3: c',
    '    + L4: C',
    '2 compared: 0 unchanged, 1 moved, 1 edited, 0 gone.',
    '',
  ]);

  w.site.page('p.mdx', page('v2'));
  const r = await cli(['relocate', '--root', w.site.root], env);
  expect(r.code).toBe(0);
  expect(r.out.split('\n')).toEqual([
    'content/docs/p.mdx:1: L1-L2 → L2-L3 (+1)',
    'content/docs/p.mdx:3: L2-L4 → L3-L5 (+1, edited: review the changed lines)',
    '    - L3: c',
    '    + L4: C',
    '1 moved, 1 edited and relocated (review them), 0 unchanged, 0 skipped (not pinned), 0 need a hand; now run `npm run cite -- pin`.',
    '',
  ]);
  expect((await cli(['pin', '--root', w.site.root], env)).code).toBe(0);
});

test(
  'pin exits 1 when GitHub cannot be reached (one message for the host), 0 with only "no source is configured" pending',
  { timeout: 30_000 },
  async () => {
    const w = world('github');
    w.repo.commit({ 'a.txt': numbered(5) });
    w.repo.tag('v1');
    w.repo.tag('v2');
    w.site.page(
      'p.mdx',
      `${cite(w.ref('v1', 'a.txt', 'L2'), 'line 2')}\n\n${cite(w.ref('v2', 'a.txt', 'L3'), 'line 3')}\n`,
    );
    const port = await closedPort();
    const secret = 'ghp_CLIsecret0123456789';
    const t = Date.now();
    const down = await cli(['pin', '--root', w.site.root], {
      GITHUB_API_URL: `http://x-access-token:${secret}@127.0.0.1:${port}/`,
    });
    expect(Date.now() - t).toBeLessThan(10_000);
    expect(down.code).toBe(1);
    expect(down.err.match(/^error: Cannot reach GitHub at /gm)).toHaveLength(1);
    expect(down.err.match(/^error: content\/docs\/p\.mdx:\d+: .*not pinned \(recorded as pending\)/gm)).toHaveLength(2);
    expect(down.out).toContain('pinned 0 new, 0 updated, 2 pending (2 failed), 0 unchanged, 0 pruned');
    expect(down.out + down.err).not.toContain(secret);
    expect(w.lockText()).not.toContain(secret);

    const offline = await cli(['pin', '--offline', '--root', w.site.root], { GITHUB_API_URL: api });
    expect(offline.code).toBe(0);
    expect(offline.err.match(/^warning: .*pending because no source is configured for this repository/gm)).toHaveLength(
      2,
    );
    expect(offline.out).toContain('2 pending');

    const online = await cli(['pin', '--root', w.site.root], { GITHUB_API_URL: api, GITHUB_TOKEN: TOKEN });
    expect(online).toMatchObject({ code: 0, out: expect.stringContaining('pinned 2 new') });
  },
);

test(
  'pin names what it pinned; pending entries it only retried, of a host that is down, are one warning and exit 0',
  { timeout: 60_000 },
  async () => {
    const w = world('mirror'); // GitHub is a closed port: other/thing cannot be read
    w.repo.commit({ 'a.txt': numbered(5) });
    w.repo.tag('v1');
    const elsewhere = [1, 2, 3].map((i) => cite(`other/thing@v1:x${i}.go#L1`, 'x'));
    w.site.page('p.mdx', elsewhere.join('\n\n') + '\n');
    const first = await cli(['pin', '--root', w.site.root], w.env);
    expect(first.code).toBe(1); // asked to pin them, and could not
    expect(first.err).toMatch(/error: .*other\/thing@v1:x1\.go#L1.*not pinned \(recorded as pending\)/);

    w.site.page('p.mdx', [...elsewhere, cite(w.ref('v1', 'a.txt', 'L2'), 'line 2')].join('\n\n') + '\n');
    const second = await cli(['pin', '--root', w.site.root], w.env);
    expect(second.code).toBe(0);
    expect(second.out).toMatch(new RegExp(`^pinned: acme/${w.name}@v1:a\\.txt#L2 at [0-9a-f]{7}$`, 'm'));
    const warnings = second.err.split('\n').filter((l) => l.includes('other/thing'));
    expect(warnings).toEqual([
      expect.stringMatching(
        /^warning: other\/thing: 3 pending or provisional citation\(s\) not tried again, their entries kept: /,
      ),
    ]);
    expect(second.err).not.toMatch(/^error:/m);
  },
);
