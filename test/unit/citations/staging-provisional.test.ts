/**
 * Kubernetes staging citations end to end, on both providers: read from the published
 * repository (a test repository served as kubernetes/apiserver), provisional at the nearest
 * earlier tag of the release line while the cited tag is missing, pinned once it appears.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  cite,
  closedPort,
  createRepo,
  createSite,
  startFakeGitHub,
  type FakeGitHub,
  type FixtureRepo,
  type FixtureSite,
} from '../../helpers/fake-github/index.ts';
import {
  runOutdated,
  runPin,
  runVerification,
  webHostFromApiUrl,
  type LockEntry,
} from '../../../src/lib/citations/index.ts';
import { TOKEN, numbered, type Mode } from './world.ts';

let gh: FakeGitHub;
let dead = 0;
const cleanups: Array<() => void> = [];
beforeAll(async () => {
  gh = await startFakeGitHub();
  dead = await closedPort();
});
afterAll(async () => {
  for (const c of cleanups.splice(0)) c();
  await gh.close();
});

const CITED = 'kubernetes/kubernetes@v1.37.0:staging/src/k8s.io/apiserver/pkg/x.go#L3-L4';

interface Staging {
  repo: FixtureRepo;
  site: FixtureSite;
  commits: Record<string, string>;
  run: {
    pin: (extra?: { acceptChanges?: boolean }) => ReturnType<typeof runPin>;
    verify: (strict?: boolean) => ReturnType<typeof runVerification>;
  };
  env: Record<string, string>;
  entry(): LockEntry;
}

/**
 * kubernetes/apiserver with an older line (v0.36.9), two pre-releases of v0.37.0 whose file differs
 * (the beta has two more lines at the top), and a newer line's alpha that must never be chosen.
 */
function staging(mode: Mode, extraEnv: Record<string, string> = {}): Staging {
  const repo = createRepo('apiserver');
  const site = createSite();
  cleanups.push(() => {
    repo.remove();
    site.remove();
  });
  const commits: Record<string, string> = {};
  const release = (tag: string, text: string): void => {
    commits[tag] = repo.commit({ 'pkg/x.go': text });
    repo.tag(tag, { annotated: true });
  };
  release('v0.36.9', numbered(6, 'old'));
  release('v0.37.0-alpha.0', numbered(6, 'alpha'));
  release('v0.37.0-beta.0', `// header\n// header\n${numbered(6, 'beta')}`);
  release('v0.38.0-alpha.0', numbered(6, 'next'));
  gh.setRepo('kubernetes/apiserver', repo.dir);
  const env: Record<string, string> =
    mode === 'github'
      ? { GITHUB_API_URL: gh.url, GITHUB_TOKEN: TOKEN, ...extraEnv }
      : {
          CITATION_MIRRORS: `kubernetes/apiserver=${repo.dir}`,
          GITHUB_API_URL: `http://127.0.0.1:${dead}`,
          GITHUB_TOKEN: TOKEN,
          ...extraEnv,
        };
  const base = { root: site.root, env, github: { retryBaseMs: 1, sleep: async () => {} } };
  return {
    repo,
    site,
    commits,
    env,
    run: {
      pin: (extra = {}) => runPin({ ...base, ...extra }),
      verify: (strict = false) => runVerification({ ...base, strict, offline: false }),
    },
    entry: () =>
      (JSON.parse(site.read('citations.lock.json')) as { entries: LockEntry[] }).entries.find((e) => e.key === CITED)!,
  };
}

describe.each<Mode>(['github', 'mirror'])('%s provider', (mode) => {
  test('with no v0.37.0 yet, a v1.37.0 staging citation is provisional at v0.37.0-beta.0, never verified', async () => {
    const s = staging(mode);
    s.site.page('p.mdx', `${cite(CITED, 'line 1 of beta')}\n`);
    const pin = await s.run.pin();
    expect(pin.errors).toEqual([]);
    expect(pin.provisional).toEqual([CITED]);
    expect(pin.warnings.join('\n')).toMatch(
      /provisional: kubernetes\/apiserver@v0\.37\.0 cannot be read .*checked at v0\.37\.0-beta\.0/,
    );
    expect(s.entry()).toMatchObject({
      status: 'provisional',
      provider: mode,
      commit: s.commits['v0.37.0-beta.0'],
      read: { repo: 'kubernetes/apiserver', ref: 'v0.37.0-beta.0', path: 'pkg/x.go' },
    });

    const v = await s.run.verify();
    expect(v.errors).toEqual([]);
    const [r] = v.citations;
    expect(r!.status).toBe('provisional');
    expect(r!.lines).toBeUndefined();
    expect(r!.permalink).toBe(
      `${webHostFromApiUrl(s.env.GITHUB_API_URL)}/kubernetes/apiserver/blob/${s.commits['v0.37.0-beta.0']}/pkg/x.go#L3-L4`,
    );
    expect(v.warnings.join('\n')).toContain(
      'provisional: pending at v1.37.0; lines checked at v1.37.0-beta.0 (kubernetes/apiserver commit',
    );
    const strict = await s.run.verify(true);
    expect(strict.errors.join('\n')).toMatch(/provisional: pending at v1\.37\.0.*an error with --strict/);
  });

  test('the provisional lines are checked: a fragment that is not in them is an error', async () => {
    const s = staging(mode);
    s.site.page('p.mdx', `${cite(CITED, 'line 1 of alpha')}\n`);
    const pin = await s.run.pin();
    expect(pin.errors.join('\n')).toMatch(
      /`line 1 of alpha` does not occur anywhere in staging\/src\/k8s\.io\/apiserver\/pkg\/x\.go at v0\.37\.0-beta\.0/,
    );
  });

  test('when v0.37.0 is published, verify says so and pin pins it, recording where it was read', async () => {
    const s = staging(mode);
    s.site.page('p.mdx', `${cite(CITED, 'line 1 of beta')}\n`);
    expect((await s.run.pin()).provisional).toEqual([CITED]);
    const final = s.repo.commit({ 'pkg/x.go': numbered(6, 'final') });
    s.repo.tag('v0.37.0', { annotated: true });
    s.site.page('p.mdx', `${cite(CITED, 'line 3 of final')}\n`);

    const before = await s.run.verify();
    // Still provisional (the lock says so) until pin runs; the fragment is checked at the beta, where it is not.
    expect(before.citations[0]!.status).toBe('failed');
    s.site.page('p.mdx', `${cite(CITED, 'line 1 of beta')}\n`);
    const again = await s.run.verify();
    expect(again.citations[0]!.status).toBe('provisional');
    expect(again.warnings.join('\n')).toMatch(
      /kubernetes\/apiserver@v0\.37\.0 is readable now \([0-9a-f]{7}\): run `npm run cite -- pin`/,
    );

    s.site.page('p.mdx', `${cite(CITED, 'line 3 of final')}\n`);
    // The release's lines are not the beta's: pin says so and keeps the provisional entry until accepted.
    const refused = await s.run.pin();
    expect(refused.errors.join('\n')).toMatch(
      /the lines at v0\.37\.0 differ from those checked at v0\.37\.0-beta\.0, although every `expect` fragment is still in them\. Check the prose/,
    );
    expect(s.entry()).toMatchObject({ status: 'provisional' });
    const pin = await s.run.pin({ acceptChanges: true });
    expect(pin.errors).toEqual([]);
    expect(pin.updated).toEqual([CITED]);
    expect(pin.provisional).toEqual([]);
    expect(s.entry()).toMatchObject({
      status: 'pinned',
      commit: final,
      read: { repo: 'kubernetes/apiserver', ref: 'v0.37.0', path: 'pkg/x.go' },
    });
    const v = await s.run.verify(true);
    expect(v.errors).toEqual([]);
    expect(v.citations[0]).toMatchObject({ status: 'verified', lines: ['line 3 of final', 'line 4 of final'] });
    expect(v.citations[0]!.permalink).toBe(
      `${webHostFromApiUrl(s.env.GITHUB_API_URL)}/kubernetes/apiserver/blob/${final}/pkg/x.go#L3-L4`,
    );
  });

  test('outdated --against kubernetes/kubernetes@master compares in the published repository', async () => {
    const s = staging(mode);
    s.site.page('p.mdx', `${cite(CITED, 'line 1 of beta')}\n`);
    await s.run.pin();
    s.repo.branch('master', s.repo.commit({ 'pkg/x.go': `// header\n// header\n// one more\n${numbered(6, 'beta')}` }));
    const o = await runOutdated({
      root: s.site.root,
      env: s.env,
      against: ['kubernetes/kubernetes@master'],
      github: { retryBaseMs: 1, sleep: async () => {} },
    });
    expect(o.errors).toEqual([]);
    expect(o.items.map((i) => [i.state, i.message.replace(/^.*: at master: /, '')])).toEqual([
      ['moved', 'L3-L4 moved to L4-L5 (+1) (relocate will follow it).'],
    ]);
  });

  test('outdated --against the cited tag compares a provisional entry with the tag it was checked at', async () => {
    const s = staging(mode);
    s.site.page('p.mdx', `${cite(CITED, 'line 1 of beta')}\n`);
    await s.run.pin();
    const outdated = () =>
      runOutdated({
        root: s.site.root,
        env: s.env,
        against: ['kubernetes/kubernetes@v1.37.0'],
        github: { retryBaseMs: 1, sleep: async () => {} },
      });
    // Not published yet: one error for the repository, naming the missing tag and where the lines were checked.
    s.site.page('q.mdx', `${cite(CITED.replace('#L3-L4', '#L3'), 'line 1 of beta')}\n`);
    await s.run.pin();
    const missing = await outdated();
    expect(missing.items).toEqual([]);
    expect(missing.errors).toEqual([
      expect.stringMatching(
        /^kubernetes\/apiserver@v0\.37\.0 cannot be read yet \(.*\): its 2 provisional citation\(s\), checked at v0\.37\.0-beta\.0, have nothing to be compared with\./,
      ),
    ]);
    // Published with one more header line: the beta's L3-L4 are the release's L4-L5.
    s.repo.commit({ 'pkg/x.go': `// header\n// header\n// one more\n${numbered(6, 'beta')}` });
    s.repo.tag('v0.37.0', { annotated: true });
    const o = await outdated();
    expect(o.errors).toEqual([]);
    expect(o.items.map((i) => [i.against, i.state, i.message.replace(/^.*: at v1\.37\.0: /, '')])).toEqual([
      ['v1.37.0', 'moved', 'L3 moved to L4 (+1) (relocate will follow it).'],
      ['v1.37.0', 'moved', 'L3-L4 moved to L4-L5 (+1) (relocate will follow it).'],
    ]);
  });

  test('a staging path with no tag of its release line at all is an error, not provisional', async () => {
    const s = staging(mode);
    const cited = 'kubernetes/kubernetes@v1.39.0:staging/src/k8s.io/apiserver/pkg/x.go#L3-L4';
    s.site.page('p.mdx', `${cite(cited, 'line 1')}\n`);
    const pin = await s.run.pin();
    expect(pin.provisional).toEqual([]);
    expect(pin.errors.join('\n')).toMatch(
      /v0\.39\.0.*not found.*No earlier tag of its release line holds pkg\/x\.go either/s,
    );
  });
});

describe('a hand-edited lock, offline', () => {
  test('calling provisional lines "pinned" at the release does not make them verified from a warm cache', async () => {
    const s = staging('github');
    s.site.page('p.mdx', `${cite(CITED, 'line 1 of beta')}\n`);
    await s.run.pin();
    const honest = await runVerification({ root: s.site.root, env: s.env, offline: true, strict: false });
    expect(honest.citations[0]!.status).toBe('provisional');
    // The attack: keep the beta's commit and hash, claim v0.37.0 was read and the entry pinned.
    const lock = JSON.parse(s.site.read('citations.lock.json')) as { entries: LockEntry[] };
    const e = lock.entries.find((x) => x.key === CITED)!;
    e.status = 'pinned';
    e.read = { ...e.read!, ref: 'v0.37.0' };
    writeFileSync(join(s.site.root, 'citations.lock.json'), JSON.stringify(lock, null, 2) + '\n');
    const forged = await runVerification({ root: s.site.root, env: s.env, offline: true, strict: false });
    expect(forged.citations[0]!.status).toBe('unverified');
    expect(forged.warnings.join('\n')).toMatch(
      /offline, and no cached resolution of kubernetes\/apiserver@v0\.37\.0 confirms the lock's commit/,
    );
  });
});

describe('what cannot become provisional, or verified', () => {
  test.each<Mode>(['github', 'mirror'])(
    '%s: an earlier tag that names no commit is skipped; a hand-edited read location fails verify',
    async (mode) => {
      const s = staging(mode);
      // A newer pre-release tag that points at a tree, not a commit: the search goes on to the beta.
      s.repo.tag('v0.37.0-rc.0', { commit: `${s.commits['v0.37.0-beta.0']}^{tree}` });
      s.site.page('p.mdx', `${cite(CITED, 'line 1 of beta')}\n`);
      const pin = await s.run.pin();
      expect(pin.errors).toEqual([]);
      expect(s.entry().read?.ref).toBe('v0.37.0-beta.0');
      // Flip the provisional entry to pinned: verify refuses it rather than calling the beta verified.
      const lock = JSON.parse(s.site.read('citations.lock.json')) as { entries: LockEntry[] };
      lock.entries[0]!.status = 'pinned';
      writeFileSync(join(s.site.root, 'citations.lock.json'), JSON.stringify(lock));
      const v = await s.run.verify();
      expect(v.citations[0]!.status).toBe('failed');
      expect(v.errors.join('\n')).toMatch(/pinned at v0\.37\.0-beta\.0, but v1\.37\.0 is published as v0\.37\.0/);
    },
  );

  test('a missing tag outside the staging tree is an error, never provisional', async () => {
    const s = staging('mirror');
    const repo = createRepo('etcdlike');
    cleanups.push(() => repo.remove());
    repo.commit({ 'a.go': numbered(5, 'x') });
    repo.tag('v1.2.0');
    const env = { CITATION_MIRRORS: `acme/etcdlike=${repo.dir}` };
    s.site.page('p.mdx', `${cite('acme/etcdlike@v1.2.9:a.go#L1', 'line 1 of x')}\n`);
    const pin = await runPin({ root: s.site.root, env, offline: true });
    expect(pin.provisional).toEqual([]);
    expect(pin.errors.join('\n')).toMatch(/Ref "v1\.2\.9" not found in the mirror of acme\/etcdlike/);
  });
});

describe('other sources of Kubernetes citations', () => {
  test('a kubernetes/kubernetes mirror, when configured, is read directly', async () => {
    const mono = createRepo('kubernetes');
    cleanups.push(() => mono.remove());
    const commit = mono.commit({ 'staging/src/k8s.io/apiserver/pkg/x.go': numbered(6, 'mono') });
    mono.tag('v1.37.0');
    const s = staging('mirror', { CITATION_MIRRORS: `kubernetes/kubernetes=${mono.dir}` });
    s.site.page('p.mdx', `${cite(CITED, 'line 3 of mono')}\n`);
    const pin = await s.run.pin();
    expect(pin.errors).toEqual([]);
    const e = s.entry();
    expect(e).toMatchObject({ status: 'pinned', commit });
    expect(e.read).toBeUndefined();
  });

  test('offline without a source, a staging citation is pending and names the repository to mirror', async () => {
    const s = staging('mirror', { CITATION_MIRRORS: '' });
    s.site.page('p.mdx', `${cite(CITED, 'line 1 of beta')}\n`);
    const pin = await runPin({ root: s.site.root, env: s.env, offline: true });
    expect(pin.errors).toEqual([]);
    expect(pin.pending).toEqual([CITED]);
    expect(pin.warnings.join('\n')).toContain(
      "no CITATION_MIRRORS entry for kubernetes/apiserver (where kubernetes/kubernetes's staging/src/k8s.io/apiserver is published)",
    );
  });
});
