/**
 * The cache and the network can never put unverified bytes into the lock: each attack below
 * edits .cache/citations/ (or has the fake GitHub answer wrongly) and checks what pin and
 * verify then do, on both providers where it applies.
 */
import {
  existsSync,
  lstatSync,
  mkdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { cite, git, type FakeGitHub } from '../../helpers/fake-github/index.ts';
import { entryChecksum, refChecksum } from '../../../src/lib/citations/cache.ts';
import { gitBlobSha, hashLines, parseLock, serializeLock, type LockEntry } from '../../../src/lib/citations/index.ts';
import { TOKEN, numbered, startWorlds, stopWorlds, world, type Mode, type World } from './world.ts';

let gh: FakeGitHub;
beforeAll(async () => {
  gh = await startWorlds();
});
afterAll(stopWorlds);

const cacheDir = (w: World): string => join(w.site.root, '.cache', 'citations', 'acme', w.name);
const blobFile = (w: World, sha: string): string => join(cacheDir(w), 'blobs', sha.slice(0, 2), sha.slice(2));
const treeFile = (w: World, commit: string): string => join(cacheDir(w), 'trees', `${commit}.json`);
const refsFile = (w: World): string => join(cacheDir(w), 'refs.json');
const lockEntries = (w: World): LockEntry[] => JSON.parse(w.lockText()).entries;
const offlineEnv = (): Record<string, string> => ({ GITHUB_API_URL: gh.url, GITHUB_TOKEN: TOKEN }); // no mirror: cache only

/** A pinned citation of line 2 of `a.go` at tag v1; returns the commit and the blob. */
async function pinned(w: World): Promise<{ commit: string; blob: string }> {
  const commit = w.repo.commit({ 'a.go': 'func A() {\n\treturn safe()\n}\n' });
  w.repo.tag('v1');
  w.site.page('p.mdx', cite(w.ref('v1', 'a.go', 'L2'), 'return safe()') + '\n');
  const pin = await w.pin();
  expect(pin.errors).toEqual([]);
  return { commit, blob: git(w.repo.dir, ['rev-parse', `${commit}:a.go`]) };
}

describe.each<Mode>(['github', 'mirror'])('%s provider', (mode) => {
  test('an edited cache file: verify discards it and reads the source again; pin --refresh reads no cache and keeps the true hash', async () => {
    const w = world(mode);
    const { blob } = await pinned(w);
    const before = w.lockText();
    writeFileSync(blobFile(w, blob), 'func A() {\n\treturn evil()\n}\n');

    const r = await w.verify({ strict: true });
    expect(r.errors).toEqual([]);
    expect(r.citations[0]).toMatchObject({ status: 'verified', lines: ['\treturn safe()'] });
    expect(r.warnings).toEqual([
      expect.stringMatching(
        new RegExp(
          `^Discarded \\.cache/citations/acme/${w.name}/blobs/${blob.slice(0, 2)}/${blob.slice(2)}: its bytes hash to blob [0-9a-f]{12}, not the ${blob.slice(0, 12)} it is filed under \\(edited or corrupt\\); it is fetched again\\.$`,
        ),
      ),
    ]);
    expect(readFileSync(blobFile(w, blob), 'utf8')).toContain('safe()'); // replaced by the source's bytes

    writeFileSync(blobFile(w, blob), 'func A() {\n\treturn evil()\n}\n');
    gh.reset();
    const refresh = await w.pin({ refresh: true });
    expect(refresh.errors).toEqual([]);
    expect(refresh.updated).toEqual([]);
    expect(refresh.warnings).toEqual([]); // it never looked at the cache
    expect(w.lockText()).toBe(before);
    if (mode === 'github')
      expect(gh.requests.map((q) => [q.endpoint, q.conditional])).toEqual([
        ['ref', false],
        ['contents', false],
      ]);
    expect((await w.verify({ strict: true })).citations[0]!.lines).toEqual(['\treturn safe()']);
  });

  test('an edited cache file, offline: not verified in this build, never verified from the edited bytes', async () => {
    const w = world(mode);
    const { blob } = await pinned(w);
    writeFileSync(blobFile(w, blob), 'func A() {\n\treturn evil()\n}\n');
    const r = await w.verify({ offline: true, env: offlineEnv() });
    expect(r.citations[0]!.status).toBe('unverified');
    expect(r.citations[0]!.lines).toBeUndefined();
    expect(r.warnings.join('\n')).toMatch(/Discarded .*: its bytes hash to blob/);
    expect(existsSync(blobFile(w, blob))).toBe(false);
  });

  test(
    'a FIFO planted in the cache (at a blob and at refs.json) does not hang verify',
    { timeout: 20_000 },
    async () => {
      const w = world(mode);
      const { blob } = await pinned(w);
      for (const p of [blobFile(w, blob), refsFile(w)]) {
        rmSync(p, { force: true });
        execFileSync('mkfifo', [p]);
      }
      const started = Date.now();
      const v = await w.verify({ strict: true });
      expect(Date.now() - started).toBeLessThan(10_000);
      expect(v.citations[0]!.status).toBe('verified');
    },
  );

  test('a cache file replaced by a symbolic link: discarded without being followed (and the link target is untouched)', async () => {
    const w = world(mode);
    const { blob } = await pinned(w);
    const outside = join(w.site.root, 'outside.go');
    // Same bytes as the real blob, so only the link itself is wrong: it must still not be read.
    writeFileSync(outside, 'func A() {\n\treturn safe()\n}\n');
    unlinkSync(blobFile(w, blob));
    symlinkSync(outside, blobFile(w, blob));
    const r = await w.verify({ offline: true, env: offlineEnv() });
    expect(r.citations[0]!.status).toBe('unverified');
    expect(r.warnings.join('\n')).toMatch(
      /Discarded .*blobs.*: it is a symbolic link, not a file; it is fetched again\./,
    );
    expect(existsSync(outside)).toBe(true);
    const online = await w.verify({ strict: true });
    expect(online.citations[0]!.status).toBe('verified');
    expect(lstatSync(blobFile(w, blob)).isSymbolicLink()).toBe(false);
  });

  test('an edited tree entry (pointing the path at another cached blob): its checksum fails, it is discarded and fetched again', async () => {
    const w = world(mode);
    const { commit } = await pinned(w);
    // A second file, so a second blob is in the cache.
    const other = w.repo.commit({ 'b.go': 'func A() {\n\treturn evil()\n}\n' });
    w.repo.tag('v2');
    w.site.page('q.mdx', cite(w.ref('v2', 'b.go', 'L2'), 'evil') + '\n');
    expect((await w.pin()).errors).toEqual([]);
    const evilBlob = git(w.repo.dir, ['rev-parse', `${other}:b.go`]);
    const tree = JSON.parse(readFileSync(treeFile(w, commit), 'utf8'));
    tree.entries['a.go'].sha = evilBlob;
    writeFileSync(treeFile(w, commit), JSON.stringify(tree));
    const r = await w.verify({ offline: true, env: offlineEnv() });
    expect(r.citations.find((c) => c.key.includes('a.go'))!.status).toBe('unverified');
    expect(r.warnings.join('\n')).toContain(
      `Discarded the entry of a.go in .cache/citations/acme/${w.name}/trees/${commit}.json: its checksum does not match its fields (edited or corrupt); it is fetched again.`,
    );
    expect((await w.verify({ strict: true })).errors).toEqual([]);
  });

  test('a forged tree entry with a recomputed checksum is still not believed: the lock does not confirm it', async () => {
    const w = world(mode);
    const { commit } = await pinned(w);
    const other = w.repo.commit({ 'b.go': 'func A() {\n\treturn evil()\n}\n' });
    w.repo.tag('v2');
    w.site.page('q.mdx', cite(w.ref('v2', 'b.go', 'L2'), 'evil') + '\n');
    expect((await w.pin()).errors).toEqual([]);
    const evilBlob = git(w.repo.dir, ['rev-parse', `${other}:b.go`]);
    const tree = JSON.parse(readFileSync(treeFile(w, commit), 'utf8'));
    const forged = { ...tree.entries['a.go'], sha: evilBlob };
    forged.checksum = entryChecksum(`acme/${w.name}`, commit, 'a.go', forged);
    tree.entries['a.go'] = forged;
    writeFileSync(treeFile(w, commit), JSON.stringify(tree));
    const offline = await w.verify({ offline: true, env: offlineEnv() });
    const a = offline.citations.find((c) => c.key.includes('a.go'))!;
    expect(a.status).toBe('unverified');
    expect(a.messages.join()).toContain('the cached tree entry (blob');
    gh.reset();
    const online = await w.verify({ strict: true });
    expect(online.errors).toEqual([]);
    if (mode === 'github') expect(gh.count('contents')).toBe(1); // a.go fetched afresh, b.go from the cache
  });

  test('relocate and outdated confirm the pinned side with the lock: a forged tree entry (checksum recomputed) is not followed', async () => {
    const w = world(mode);
    const { commit } = await pinned(w);
    const other = w.repo.commit({
      'a.go': 'func A() {\n\treturn evil()\n}\n',
      'b.go': '// moved\nfunc A() {\n\treturn safe()\n}\n',
    });
    w.repo.tag('v2');
    // Warm the cache with both versions (outdated reads each side once), then point the pinned
    // commit's entry for a.go at the blob of the newer a.go, as a forger would.
    expect((await w.outdated([`acme/${w.name}@v2`])).errors).toEqual([]);
    const evilBlob = git(w.repo.dir, ['rev-parse', `${other}:a.go`]);
    const tree = JSON.parse(readFileSync(treeFile(w, commit), 'utf8'));
    const forged = { ...tree.entries['a.go'], sha: evilBlob };
    forged.checksum = entryChecksum(`acme/${w.name}`, commit, 'a.go', forged);
    tree.entries['a.go'] = forged;
    writeFileSync(treeFile(w, commit), JSON.stringify(tree));

    // Believed, the forged entry would make the old side the new text and report "unchanged";
    // the lock's blob SHA refuses it, so the pinned side is fetched afresh and the real change shows.
    const out = await w.outdated([`acme/${w.name}@v2`]);
    expect(out.errors).toEqual([]);
    expect(out.items.map((i) => i.state)).toEqual(['gone']);
    w.site.page('p.mdx', cite(w.ref('v2', 'a.go', 'L2'), 'return') + '\n');
    const rel = await w.relocate({ dryRun: true });
    expect(rel.unchanged).toBe(0);
    expect(rel.errors).toEqual([expect.stringContaining('L2 gone')]);
    if (mode === 'github') expect(gh.count('contents')).toBeGreaterThan(0);
  });

  test('a hand-edited lock entry naming another cached blob (and its line hash) is not verified from the cache', async () => {
    const w = world(mode);
    const { commit } = await pinned(w);
    w.repo.commit({ 'b.go': 'func A() {\n\treturn evil()\n}\n' });
    w.repo.tag('v2');
    w.site.page('q.mdx', cite(w.ref('v2', 'b.go', 'L2'), 'evil') + '\n');
    expect((await w.pin()).errors).toEqual([]);
    const lock = parseLock(w.lockText());
    const a = lock.entries.get(w.ref('v1', 'a.go', 'L2'))!;
    const b = lock.entries.get(w.ref('v2', 'b.go', 'L2'))!;
    lock.entries.set(a.key, { ...a, blobSha: b.blobSha!, sha256: b.sha256! });
    writeFileSync(join(w.site.root, 'citations.lock.json'), serializeLock(lock));
    w.site.page('p.mdx', cite(w.ref('v1', 'a.go', 'L2'), 'return') + '\n'); // an expect both files satisfy
    const offline = await w.verify({ offline: true, env: offlineEnv() });
    expect(offline.citations.find((c) => c.key === a.key)!.status).toBe('unverified');
    const online = await w.verify();
    const r = online.citations.find((c) => c.key === a.key)!;
    expect(r.status).toBe('failed');
    expect(r.messages.join()).toContain(
      `a.go at v1 (${commit.slice(0, 7)}) has blob ${a.blobSha!.slice(0, 12)} (${mode}), the lock recorded ${b.blobSha!.slice(0, 12)}.`,
    );
  });

  test('a hand-edited lock entry moving a tag to another cached commit is not verified offline', async () => {
    const w = world(mode);
    w.repo.commit({ 'a.go': 'func A() {\n\treturn safe()\n}\n' });
    w.repo.tag('v1');
    w.repo.commit({ 'a.go': 'func A() {\n\treturn evil()\n}\n' });
    w.repo.tag('v2');
    const [k1, k2] = [w.ref('v1', 'a.go', 'L2'), w.ref('v2', 'a.go', 'L2')];
    w.site.page('p.mdx', cite(k1, 'return') + '\n');
    w.site.page('q.mdx', cite(k2, 'return') + '\n');
    expect((await w.pin()).errors).toEqual([]);
    const lock = parseLock(w.lockText());
    const a = lock.entries.get(k1)!;
    const b = lock.entries.get(k2)!;
    lock.entries.set(k1, { ...a, commit: b.commit!, blobSha: b.blobSha!, sha256: b.sha256! });
    writeFileSync(join(w.site.root, 'citations.lock.json'), serializeLock(lock));
    const r = (await w.verify({ offline: true, env: offlineEnv() })).citations.find((c) => c.key === k1)!;
    expect(r.status).toBe('unverified');
    expect(r.messages.join()).toContain(
      `the cached resolution of acme/${w.name}@v1 is ${a.commit!.slice(0, 7)}, not the lock's ${b.commit!.slice(0, 7)}`,
    );
  });

  test('a directory where a cache file belongs is skipped with a notice, never a stack trace', async () => {
    const w = world(mode);
    const { commit, blob } = await pinned(w);
    for (const p of [blobFile(w, blob), treeFile(w, commit), refsFile(w)]) {
      rmSync(p, { force: true });
      mkdirSync(join(p, 'inside'), { recursive: true });
    }
    const pin = await w.pin({ refresh: true });
    expect(pin.errors).toEqual([]);
    expect(pin.warnings.join('\n')).toMatch(
      /Not written: \.cache\/citations\/acme\/w\d+\/trees\/[0-9a-f]{40}\.json \(a directory or file is in the way\)/,
    );
    const r = await w.verify({ strict: true });
    expect(r.errors).toEqual([]);
    expect(r.citations[0]!.status).toBe('verified');
    expect(r.warnings.join('\n')).toMatch(/trees\/[0-9a-f]{40}\.json: not a regular file; remove it\./);
  });

  test('a directory, a symlink or a submodule is a clear error, and verify of a lock entry for one fails', async () => {
    const w = world(mode);
    const commit = w.repo.commit({
      'pkg/a.go': numbered(3),
      'pkg/link.go': { symlink: 'a.go' },
      'pkg/dirlink': { symlink: '../pkg' },
      'vendor/lib': { submodule: true },
    });
    w.repo.tag('v1');
    const refs = ['pkg', 'pkg/link.go', 'pkg/dirlink', 'vendor/lib'].map((p) => w.ref('v1', p, 'L1'));
    w.site.page('p.mdx', refs.map((r) => cite(r, '[')).join('\n\n') + '\n');
    const pin = await w.pin();
    expect(pin.added).toEqual([]);
    expect(pin.errors).toEqual([
      expect.stringMatching(
        /p\.mdx:1: .*: pkg at [0-9a-f]{7} in acme\/w\d+ is a directory( \(mode 040000\))?, not a file\. Cite a regular file\.$/,
      ),
      expect.stringMatching(
        /p\.mdx:3: .*: pkg\/link\.go at [0-9a-f]{7} in acme\/w\d+ is a symbolic link( \(to pkg\/a\.go\))?( \(mode 120000\))?, not a file/,
      ),
      expect.stringMatching(
        /p\.mdx:5: .*: pkg\/dirlink at [0-9a-f]{7} in acme\/w\d+ is a symbolic link( \(to \.\.\/pkg\))?( \(mode 120000\))?, not a file/,
      ),
      expect.stringMatching(
        /p\.mdx:7: .*: vendor\/lib at [0-9a-f]{7} in acme\/w\d+ is a submodule( \(mode 160000\))?, not a file/,
      ),
    ]);
    // A hand-made lock entry for the directory: verify reads the path and refuses it.
    const lines = ['[]'];
    const entry: LockEntry = {
      key: refs[0]!,
      repo: `acme/${w.name}`,
      ref: 'v1',
      path: 'pkg',
      start: 1,
      end: 1,
      status: 'pinned',
      commit,
      blobSha: gitBlobSha(Buffer.from('[]')),
      lineCount: 1,
      sha256: hashLines(lines),
      pinnedAt: '2024-01-01T00:00:00.000Z',
      provider: mode,
    };
    const lock = parseLock('{"version":1,"entries":[]}');
    lock.entries.set(entry.key, entry);
    writeFileSync(join(w.site.root, 'citations.lock.json'), serializeLock(lock));
    w.site.page('p.mdx', cite(refs[0]!, '[') + '\n');
    const r = await w.verify();
    expect(r.citations[0]!.status).toBe('failed');
    expect(r.errors.join()).toMatch(/pkg at [0-9a-f]{7} in acme\/w\d+ is a directory/);
  });

  test('a truncated refs.json or tree file: discarded with a notice naming it, and the run still succeeds', async () => {
    const w = world(mode);
    const { commit } = await pinned(w);
    if (mode === 'github') writeFileSync(refsFile(w), readFileSync(refsFile(w), 'utf8').slice(0, 40));
    writeFileSync(treeFile(w, commit), readFileSync(treeFile(w, commit), 'utf8').slice(0, 30));
    gh.reset();
    const r = await w.verify({ strict: true });
    expect(r.errors).toEqual([]);
    expect(r.citations[0]!.status).toBe('verified');
    expect(r.warnings.join('\n')).toContain(
      `Discarded .cache/citations/acme/${w.name}/trees/${commit}.json: not valid JSON`,
    );
    if (mode === 'github') {
      expect(r.warnings.join('\n')).toContain(`Discarded .cache/citations/acme/${w.name}/refs.json: not valid JSON`);
      expect(gh.requests.map((q) => [q.endpoint, q.conditional])).toEqual([
        ['ref', false],
        ['contents', false],
      ]);
    }
    // Rewritten whole: the next run is quiet.
    expect((await w.verify({ strict: true })).warnings).toEqual([]);
  });

  test('a cache in the older layout (<commit>/<path>, refs.json without a version) is not read', async () => {
    const w = world(mode);
    const { commit } = await pinned(w);
    rmSync(cacheDir(w), { recursive: true });
    mkdirSync(join(cacheDir(w), commit), { recursive: true });
    writeFileSync(join(cacheDir(w), commit, 'a.go'), 'func A() {\n\treturn evil()\n}\n');
    writeFileSync(
      refsFile(w),
      JSON.stringify({
        v1: { commit, kind: 'tag', etag: 'W/"x"', provider: mode, checkedAt: '2024-01-01T00:00:00.000Z' },
      }),
    );
    const offline = await w.verify({ offline: true, env: offlineEnv() });
    expect(offline.citations[0]!.status).toBe('unverified');
    const online = await w.verify({ strict: true });
    expect(online.errors).toEqual([]);
    expect(online.citations[0]!.lines).toEqual(['\treturn safe()']);
  });

  test('the network (or a mirror) can only supply bytes that hash to the blob the tree entry names', async () => {
    const w = world(mode);
    const commit = w.repo.commit({ 'a.go': 'good\n' });
    w.repo.tag('v1');
    w.site.page('p.mdx', cite(w.ref('v1', 'a.go', 'L1'), 'evil') + '\n');
    if (mode === 'mirror') {
      // Corrupt the mirror's object store: the blob a.go names now holds other bytes.
      const sha = git(w.repo.dir, ['rev-parse', `${commit}:a.go`]);
      const object = join(w.repo.dir, '.git', 'objects', sha.slice(0, 2), sha.slice(2));
      writeFileSync(join(w.site.root, 'evil.txt'), 'evil\n');
      const evil = git(w.repo.dir, ['hash-object', '-w', join(w.site.root, 'evil.txt')]);
      const evilObject = join(w.repo.dir, '.git', 'objects', evil.slice(0, 2), evil.slice(2));
      rmSync(object, { force: true });
      writeFileSync(object, readFileSync(evilObject));
    } else {
      const sha = git(w.repo.dir, ['rev-parse', `${commit}:a.go`]);
      gh.fault({
        endpoint: 'contents',
        match: `/${w.name}/`,
        status: 200,
        body: {
          type: 'file',
          name: 'a.go',
          path: 'a.go',
          sha,
          size: 5,
          encoding: 'base64',
          content: Buffer.from('evil\n').toString('base64'),
        },
      });
    }
    const pin = await w.pin();
    expect(pin.added).toEqual([]);
    expect(pin.errors.join()).toMatch(
      /sent bytes for acme\/w\d+@[0-9a-f]{7}:a\.go that hash to blob [0-9a-f]{12}, not the [0-9a-f]{12} it named; not used/,
    );
    expect(w.lockText()).not.toContain('"pinned"');
  });
});

describe('ref resolutions in the cache (GitHub; a mirror is asked every time)', () => {
  /** Two tags at different commits; v1 cited and pinned, so refs.json holds v1 with its ETag. */
  async function twoTags(w: World): Promise<{ c0: string; c1: string }> {
    const c0 = w.repo.commit({ 'a.go': numbered(3, 'old') });
    w.repo.tag('v0');
    const c1 = w.repo.commit({ 'a.go': numbered(3, 'new') });
    w.repo.tag('v1');
    w.site.page('p.mdx', cite(w.ref('v1', 'a.go', 'L1'), 'line 1 of new') + '\n');
    expect((await w.pin()).errors).toEqual([]);
    return { c0, c1 };
  }

  test('refs.json with another commit under the same ETag: the record fails its checksum, so a new pin resolves afresh', async () => {
    const w = world('github');
    const { c0, c1 } = await twoTags(w);
    const refs = JSON.parse(readFileSync(refsFile(w), 'utf8'));
    expect(refs.refs.v1.etag).toBeTruthy();
    refs.refs.v1.commit = c0; // the ETag is kept: a 304 would "confirm" c0
    writeFileSync(refsFile(w), JSON.stringify(refs));
    w.site.page('q.mdx', cite(w.ref('v1', 'a.go', 'L2'), 'line 2 of new') + '\n');
    gh.reset();
    const pin = await w.pin();
    expect(pin.errors).toEqual([]);
    expect(lockEntries(w).map((e) => e.commit)).toEqual([c1, c1]);
    expect(gh.requests.filter((q) => q.endpoint === 'ref').map((q) => q.conditional)).toEqual([false]);
    expect(pin.warnings).toEqual([
      `Discarded the record of v1 in .cache/citations/acme/${w.name}/refs.json: its checksum does not match its fields (edited or corrupt); it is resolved afresh.`,
    ]);
  });

  test('a forged record with a recomputed checksum: a cached commit is only used where the lock confirms it', async () => {
    const w = world('github');
    const { c0, c1 } = await twoTags(w);
    const refs = JSON.parse(readFileSync(refsFile(w), 'utf8'));
    const forged = { ...refs.refs.v1, commit: c0 };
    forged.checksum = refChecksum(`acme/${w.name}`, 'v1', forged);
    refs.refs.v1 = forged;
    // The same forgery for a ref the lock has never pinned.
    refs.refs.v0 = { ...forged, commit: c1, checksum: refChecksum(`acme/${w.name}`, 'v0', { ...forged, commit: c1 }) };
    writeFileSync(refsFile(w), JSON.stringify(refs));
    w.site.page(
      'q.mdx',
      `${cite(w.ref('v1', 'a.go', 'L2'), 'line 2 of new')}\n\n${cite(w.ref('v0', 'a.go', 'L2'), 'line 2 of old')}\n`,
    );
    gh.reset();
    const pin = await w.pin();
    expect(pin.errors).toEqual([]);
    const commits = Object.fromEntries(lockEntries(w).map((e) => [e.key, e.commit]));
    expect(commits[w.ref('v1', 'a.go', 'L2')]).toBe(c1);
    expect(commits[w.ref('v0', 'a.go', 'L2')]).toBe(c0);
    expect(gh.requests.filter((q) => q.endpoint === 'ref').every((q) => !q.conditional)).toBe(true);
    const verify = await w.verify({ strict: true });
    expect(verify.errors).toEqual([]);
  });

  test('a record with a malformed field: the notice names the file, the ref and the field', async () => {
    const w = world('github');
    await twoTags(w);
    const refs = JSON.parse(readFileSync(refsFile(w), 'utf8'));
    refs.refs.v1.kind = 'tagg';
    writeFileSync(refsFile(w), JSON.stringify(refs));
    const r = await w.verify({ strict: true });
    expect(r.errors).toEqual([]);
    expect(r.warnings).toEqual([
      `Discarded the record of v1 in .cache/citations/acme/${w.name}/refs.json: field "kind": expected "tag" or "branch" or "commit", got "tagg"; it is resolved afresh.`,
    ]);
  });

  test('a warm verify revalidates with the ETag (one 304 per ref) and reads no content', async () => {
    const w = world('github');
    await twoTags(w);
    gh.reset();
    const r = await w.verify({ strict: true });
    expect(r.errors).toEqual([]);
    expect(gh.requests.map((q) => [q.endpoint, q.status, q.conditional])).toEqual([['ref', 304, true]]);
  });

  test('a mirror ignores refs.json entirely', async () => {
    const w = world('mirror');
    const c0 = w.repo.commit({ 'a.go': numbered(3, 'old') });
    w.repo.tag('v0');
    const c1 = w.repo.commit({ 'a.go': numbered(3, 'new') });
    w.repo.tag('v1');
    const forged = {
      provider: 'mirror',
      origin: w.repo.dir,
      kind: 'tag' as const,
      commit: c0,
      etag: 'W/"x"',
      checkedAt: '2024-01-01T00:00:00.000Z',
    };
    mkdirSync(cacheDir(w), { recursive: true });
    writeFileSync(
      refsFile(w),
      JSON.stringify({
        version: 2,
        refs: { v1: { ...forged, checksum: refChecksum(`acme/${w.name}`, 'v1', forged as never) } },
      }),
    );
    w.site.page('p.mdx', cite(w.ref('v1', 'a.go', 'L1'), 'line 1 of new') + '\n');
    expect((await w.pin()).errors).toEqual([]);
    expect(lockEntries(w)[0]!.commit).toBe(c1);
  });

  test('a record from another GitHub host is not reused there', async () => {
    const w = world('github');
    await twoTags(w);
    const refs = JSON.parse(readFileSync(refsFile(w), 'utf8'));
    const moved = { ...refs.refs.v1, origin: 'https://ghe.example/api/v3' };
    moved.checksum = refChecksum(`acme/${w.name}`, 'v1', moved);
    writeFileSync(refsFile(w), JSON.stringify({ version: 2, refs: { v1: moved } }));
    gh.reset();
    expect((await w.verify({ strict: true })).errors).toEqual([]);
    expect(gh.requests.filter((q) => q.endpoint === 'ref').map((q) => q.conditional)).toEqual([false]);
  });
});

describe('request budget (GitHub)', () => {
  test('cold: one request per ref (+1 peel) and one per file; a file over 1 MB adds one blob request; warm: no content request', async () => {
    const w = world('github');
    const big = numbered(40_000, 'big-file-with-a-long-label');
    w.repo.commit({ 'a.go': numbered(10), 'b.go': numbered(10), 'big.txt': big });
    w.repo.tag('v1', { annotated: true });
    w.site.page(
      'p.mdx',
      [
        cite(w.ref('v1', 'a.go', 'L1'), 'line 1'),
        cite(w.ref('v1', 'a.go', 'L2'), 'line 2'),
        cite(w.ref('v1', 'b.go', 'L3'), 'line 3'),
        cite(w.ref('v1', 'big.txt', 'L39999'), 'line 39999'),
      ].join('\n\n') + '\n',
    );
    gh.reset();
    expect((await w.pin()).errors).toEqual([]);
    const byEndpoint = (): Record<string, number> =>
      Object.fromEntries(['ref', 'tag', 'contents', 'blob', 'repo'].map((e) => [e, gh.count(e as 'ref')]));
    expect(byEndpoint()).toEqual({ ref: 1, tag: 1, contents: 3, blob: 1, repo: 0 });
    gh.reset();
    expect((await w.verify({ strict: true })).errors).toEqual([]);
    expect(byEndpoint()).toEqual({ ref: 1, tag: 0, contents: 0, blob: 0, repo: 0 });
    expect(gh.count('ref', { conditional: true })).toBe(1);
  });
});
