import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { extractFromSource } from '../../../src/lib/citations/extract.ts';
import { parseLock, serializeLock, type LockEntry } from '../../../src/lib/citations/index.ts';
import { findRendered, toRenderData } from '../../../src/lib/citations/render-data.ts';
import { captureValue, patternProblem } from '../../../src/lib/citations/value.ts';
import { cite } from '../../helpers/fake-github/index.ts';
import { startWorlds, stopWorlds, world, type Mode, type World } from './world.ts';

beforeAll(async () => {
  await startWorlds();
});
afterAll(stopWorlds);

const F = 'content/docs/page.mdx';
const QUOTA =
  'var limits = []int64{\n\tDefaultLimit = int64(2 * 1024) // the default\n\tMaxLimit = int64(8 * 1024)\n}\n';
const PATTERN = 'DefaultLimit = int64\\((\\d+) \\*';

/** A `<Value>` element. */
const value = (ref: string, pattern: string, unit?: string): string =>
  `<Value ref="${ref}" pattern="${pattern}"${unit === undefined ? '' : ` unit="${unit}"`} />`;

/** Replaces fields of one lock entry (states `pin` would not write). */
function editLock(w: World, key: string, entry: Partial<LockEntry>): void {
  const lock = parseLock(w.lockText());
  lock.entries.set(key, { ...lock.entries.get(key)!, ...entry });
  writeFileSync(join(w.site.root, 'citations.lock.json'), serializeLock(lock));
}

describe('value patterns', () => {
  test('one capture group is required, and the pattern must compile', () => {
    expect(patternProblem('int64\\((\\d+)')).toBeUndefined();
    expect(patternProblem('(?:a)(\\d+)(?<n>b)')).toBe('has 2 capture groups, not 1');
    expect(patternProblem('\\d+')).toBe('has 0 capture groups, not 1');
    expect(patternProblem('int64\\((\\d+')).toMatch(/^is not a valid regular expression \(.+\)$/);
    expect(patternProblem('')).toBe('is empty');
  });

  test('the one match over the cited lines gives the value; an unmatched group is no match', () => {
    expect(captureValue('a = (\\d+)', ['a = 2', 'b = 3'])).toEqual({ kind: 'value', value: '2' });
    expect(captureValue('a = 2\\nb = (\\d+)', ['a = 2', 'b = 3'])).toEqual({ kind: 'value', value: '3' });
    expect(captureValue('c = (\\d+)', ['a = 2'])).toEqual({ kind: 'no-match' });
    expect(captureValue('a = 2|(x)', ['a = 2'])).toEqual({ kind: 'no-match' });
    expect(captureValue('(', ['a'])).toMatchObject({ kind: 'bad-pattern' });
  });

  test('a pattern that matches twice, or captures nothing, is an error rather than its first match', () => {
    expect(captureValue('= (\\d+)', ['a = 2', 'b = 3'])).toMatchObject({
      kind: 'bad-pattern',
      problem: expect.stringMatching(/matches the cited lines more than once/),
    });
    expect(captureValue('a = (\\d*)', ['a = x'])).toMatchObject({
      kind: 'bad-pattern',
      problem: expect.stringMatching(/captures an empty string/),
    });
  });

  // With JavaScript's backtracking engine this pattern runs for minutes on 30 characters (the test
  // then fails on Vitest's timeout); RE2 answers in linear time.
  test('a pattern built to backtrack exponentially answers', () => {
    expect(captureValue('^(?:\\s*\\S*)*(\\d)X$', [`${'1'.repeat(5000)}Y`])).toEqual({ kind: 'no-match' });
  });

  test('lookaround and backreferences, which RE2 does not run, are refused with the reason', () => {
    expect(patternProblem('(?<=a)(b)')).toMatch(/^is not a valid regular expression/);
    expect(patternProblem('(a)\\1')).toMatch(/^is not a valid regular expression/);
  });
});

describe('the lock', () => {
  test('holds a short constant per pattern, never a passage', () => {
    const entry = (value: string): string =>
      JSON.stringify({
        version: 1,
        entries: [
          {
            key: 'a/b@v1:x.go#L1',
            repo: 'a/b',
            ref: 'v1',
            path: 'x.go',
            start: 1,
            end: 1,
            status: 'pinned',
            commit: 'a'.repeat(40),
            blobSha: 'b'.repeat(40),
            lineCount: 1,
            sha256: 'c'.repeat(64),
            values: { '(\\d+)': value },
            pinnedAt: '2026-01-01T00:00:00.000Z',
          },
        ],
      });
    expect(parseLock(entry('2')).entries.get('a/b@v1:x.go#L1')!.values).toEqual({ '(\\d+)': '2' });
    expect(() => parseLock(entry('x'.repeat(101)))).toThrow(
      /entry "a\/b@v1:x\.go#L1" \(entries\[0\]\): field "values\.\(\\d\+\)": expected a value of at most 100 characters/,
    );
  });
});

describe('extracting <Value>', () => {
  const ref = 'etcd-io/etcd@v3.7.0:server/storage/quota.go#L30';

  test('reads ref, pattern and unit; its lines are cited like a Cite with no expect fragments', () => {
    const src = `Quota: ${value(ref, 'int64\\((\\d+) \\*', ' GiB')} by default.\n`;
    const { citations, errors } = extractFromSource(F, src);
    expect(errors).toEqual([]);
    expect(citations).toHaveLength(1);
    expect(citations[0]).toMatchObject({
      kind: 'Value',
      line: 1,
      key: ref,
      pattern: 'int64\\((\\d+) \\*',
      unit: ' GiB',
      expect: [],
      context: 0,
    });
    const c = citations[0]!;
    expect(src.slice(c.refAttrRange.start, c.refAttrRange.end)).toBe(`ref="${ref}"`);
    expect(extractFromSource(F, value(ref, '(\\d+)')).citations[0]!.unit).toBeUndefined();
  });

  test.each([
    [
      value(ref, '(\\d+'),
      /page\.mdx:1:1: <Value> citing .* has a `pattern` that is not a valid regular expression .*one capture group/,
    ],
    [value(ref, '(\\d+) (\\d+)'), /<Value> citing .* has a `pattern` that has 2 capture groups, not 1\. Write/],
    [`<Value ref="${ref}" />`, /<Value> citing .* has no `pattern`\. Add a regular expression with one capture group/],
    [
      `<Value ref="${ref}" pattern="(\\d+)" expect="x" />`,
      /<Value> citing .* has `expect`, which <Value> does not use/,
    ],
    [`<Cite ref="${ref}" expect="x" pattern="(\\d+)" />`, /<Cite> citing .* has `pattern`, which only <Value> uses/],
    [`<Value ref="${ref}" pattern={x} />`, /has a `pattern` that is not one string literal/],
  ])('%s is an error naming the file and line', (src, message) => {
    const { citations, errors } = extractFromSource(F, src);
    expect(citations).toEqual([]);
    expect(errors.map((e) => e.message)).toEqual([expect.stringMatching(message)]);
  });
});

describe.each<Mode>(['github', 'mirror'])('%s provider', (mode) => {
  test('pin records the captured value and no other upstream text; verify recomputes it', async () => {
    const w = world(mode);
    const commit = w.repo.commit({ 'limits.go': QUOTA });
    w.repo.tag('v1');
    const ref = w.ref('v1', 'limits.go', 'L2');
    w.site.page('p.mdx', `Limit: ${value(ref, PATTERN, ' KiB')}.\n`);
    const pin = await w.pin();
    expect(pin.errors).toEqual([]);
    expect(pin.added).toEqual([ref]);
    const entry = JSON.parse(w.lockText()).entries[0];
    expect(entry).toMatchObject({ status: 'pinned', commit, values: { [PATTERN]: '2' } });
    expect(w.lockText()).not.toContain('the default');
    expect(w.lockText()).not.toContain('int64(2');

    const r = await w.verify({ strict: true });
    expect(r.errors).toEqual([]);
    expect(r.citations[0]).toMatchObject({ status: 'verified', value: '2' });
    const data = toRenderData(r);
    expect(findRendered(data, ref, 'value', 0, PATTERN)).toMatchObject({
      kind: 'value',
      value: '2',
      unit: ' KiB',
      pattern: PATTERN,
      status: 'verified',
    });
    expect(findRendered(data, ref, 'value', 0, 'other (\\d+)')).toBeUndefined();
  });
});

describe('verify fails on a value that no longer holds', () => {
  async function pinnedValue(mode: Mode = 'mirror'): Promise<{ w: World; ref: string }> {
    const w = world(mode);
    w.repo.commit({ 'limits.go': QUOTA });
    w.repo.tag('v1');
    const ref = w.ref('v1', 'limits.go', 'L2');
    w.site.page('p.mdx', `# P\n\nLimit: ${value(ref, PATTERN, ' KiB')}.\n`);
    expect((await w.pin()).errors).toEqual([]);
    return { w, ref };
  }

  test('a bumped ref whose constant changed is not pinned until the change is accepted', async () => {
    const { w } = await pinnedValue();
    w.repo.commit({ 'limits.go': QUOTA.replace('int64(2 *', 'int64(8 *') });
    w.repo.tag('v2');
    const bumped = w.ref('v2', 'limits.go', 'L2');
    w.site.page('p.mdx', `# P\n\nLimit: ${value(bumped, PATTERN, ' KiB')}.\n`);
    const refused = await w.pin();
    expect(refused.errors.join('\n')).toMatch(
      /p\.mdx:3: <Value .*: upstream changed the value from "2" \(v1\) to "8" \(v2\)\. Check the prose .* no entry for it/,
    );
    expect(refused.added).toEqual([]);
    expect((await w.verify()).errors.join('\n')).toMatch(/no entry in citations\.lock\.json/);
    const accepted = await w.pin({ acceptChanges: true });
    expect(accepted.errors).toEqual([]);
    expect(accepted.added).toEqual([bumped]);
    expect((await w.verify({ strict: true })).citations[0]).toMatchObject({ status: 'verified', value: '8' });
  });

  test.each<Mode>(['github', 'mirror'])(
    '%s: a bump first pinned offline (pending) is still compared with the entry it was bumped from',
    async (mode) => {
      const { w } = await pinnedValue(mode);
      w.repo.commit({ 'limits.go': QUOTA.replace('int64(2 *', 'int64(8 *') });
      w.repo.tag('v2');
      w.site.page('p.mdx', `# P\n\nLimit: ${value(w.ref('v2', 'limits.go', 'L2'), PATTERN, ' KiB')}.\n`);
      const { CITATION_MIRRORS: _mirrors, ...noSource } = w.env;
      void _mirrors;
      const offline = await w.pin({ offline: true, env: noSource });
      expect(offline.pending).toEqual([w.ref('v2', 'limits.go', 'L2')]);
      expect(offline.pruned).toEqual([]);
      expect(offline.warnings.join('\n')).toMatch(
        /1 lock entry no page cites any more kept, because a citation of the same repository is pending/,
      );
      const refused = await w.pin();
      expect(refused.errors.join('\n')).toMatch(/upstream changed the value from "2" \(v1\) to "8" \(v2\)/);
      expect(refused.added).toEqual([]);
    },
  );

  test.each<Mode>(['github', 'mirror'])(
    '%s: a bump to a renamed file is compared with the entry it was bumped from',
    async (mode) => {
      const { w } = await pinnedValue(mode);
      w.repo.commit({ 'limits.go': null, 'quota.go': QUOTA.replace('int64(2 *', 'int64(8 *') });
      w.repo.tag('v2');
      w.site.page('p.mdx', `# P\n\nLimit: ${value(w.ref('v2', 'quota.go', 'L2'), PATTERN, ' KiB')}.\n`);
      expect((await w.pin()).errors.join('\n')).toMatch(/upstream changed the value from "2" \(v1\) to "8" \(v2\)/);
    },
  );

  test('a value that differs from the lock: says from what to what, and to update the prose', async () => {
    const { w, ref } = await pinnedValue();
    editLock(w, ref, { values: { [PATTERN]: '4' } });
    const r = await w.verify();
    expect(r.citations[0]!.status).toBe('failed');
    expect(r.errors).toEqual([
      expect.stringMatching(
        /^content\/docs\/p\.mdx:3: <Value ref=".*#L2">: upstream changed the value from "4" to "2" \(limits\.go at v1 \(\w{7}\), pattern \/.*\/\)\. Fix: update the prose around it, then re-pin/,
      ),
    ]);
  });

  test('a moved tag: pin --refresh records the new value and says it changed', async () => {
    const { w } = await pinnedValue();
    w.repo.commit({ 'limits.go': QUOTA.replace('int64(2 *', 'int64(4 *') });
    w.repo.tag('v1');
    expect((await w.verify()).errors.join('\n')).toMatch(/the ref v1 of .* moved/);
    const locked = w.lockText();
    // A changed constant is not re-pinned silently: pin fails and keeps the old entry until accepted.
    const refused = await w.pin({ refresh: true });
    expect(refused.errors.join('\n')).toMatch(
      /p\.mdx:3: <Value .*: upstream changed the value from "2" \(v1\) to "4" \(v1\)\. Check the prose that restates it, then run `npm run cite -- pin --accept-changes`/,
    );
    expect(w.lockText()).toBe(locked);
    const pin = await w.pin({ refresh: true, acceptChanges: true });
    expect(pin.errors).toEqual([]);
    expect(pin.warnings.join('\n')).toMatch(/from "2" \(v1\) to "4" \(v1\)\. Accepted \(--accept-changes\)/);
    const r = await w.verify({ strict: true });
    expect(r.errors).toEqual([]);
    expect(r.citations[0]).toMatchObject({ status: 'verified', value: '4' });
  });

  test('a pattern that does not match the lines: pin writes no entry, and verify says the lock has no value', async () => {
    const w = world('mirror');
    w.repo.commit({ 'limits.go': QUOTA });
    w.repo.tag('v1');
    const ref = w.ref('v1', 'limits.go', 'L2');
    w.site.page('p.mdx', `Limit: ${value(ref, 'MaxLimit = int64\\((\\d+)')}.\n`);
    const pin = await w.pin();
    expect(pin.errors).toEqual([
      expect.stringMatching(
        /^content\/docs\/p\.mdx:1: <Value .*>: the pattern \/MaxLimit = int64\\\(\(\\d\+\)\/ does not match the cited lines of limits\.go at v1 \(\w{7}\)\. Fix: correct the pattern or the range/,
      ),
    ]);
    expect(pin.added).toEqual([]);
    expect(pin.failed).toEqual([ref]);
    // An entry written without the value (as an older pin did) fails verification until pin records it.
    w.site.page('p.mdx', `Limit: ${cite(ref, 'DefaultLimit')}.\n`);
    expect((await w.pin()).errors).toEqual([]);
    w.site.page('p.mdx', `Limit: ${value(ref, 'MaxLimit = int64\\((\\d+)')}.\n`);
    const r = await w.verify();
    expect(r.errors).toEqual([
      expect.stringMatching(
        /^content\/docs\/p\.mdx:1: <Value .*>: citations\.lock\.json records no value for the pattern \/MaxLimit.*\/ of .*#L2\. Fix: run `npm run cite -- pin`/,
      ),
    ]);
  });

  test('a pattern that stopped matching the lines read in this build', async () => {
    const { w, ref } = await pinnedValue();
    const other = 'Nothing = (\\d+)';
    w.site.page('p.mdx', `# P\n\nLimit: ${value(ref, other)}.\n`);
    editLock(w, ref, { values: { [other]: '2' } });
    const r = await w.verify();
    expect(r.errors).toEqual([
      expect.stringMatching(
        /^content\/docs\/p\.mdx:3: <Value .*>: the pattern \/Nothing = \(\\d\+\)\/ does not match the cited lines of limits\.go at v1 .*, so the value cannot be read\. Fix: correct the pattern or the range/,
      ),
    ]);
  });

  test('a new pattern on an already pinned entry is read by pin; dropped patterns leave the lock', async () => {
    const { w, ref } = await pinnedValue();
    const max = 'MaxLimit = int64\\((\\d+)';
    w.site.page('p.mdx', `# P\n\n${value(w.ref('v1', 'limits.go', 'L2-L3'), max)} ${value(ref, PATTERN)}\n`);
    expect((await w.pin()).errors).toEqual([]);
    w.site.page('p.mdx', `# P\n\n${value(w.ref('v1', 'limits.go', 'L2-L3'), max)}\n`);
    expect((await w.pin()).errors).toEqual([]);
    const entries = JSON.parse(w.lockText()).entries;
    expect(entries.map((e: LockEntry) => [e.key, e.values])).toEqual([
      [w.ref('v1', 'limits.go', 'L2-L3'), { [max]: '8' }],
    ]);
    w.site.page(
      'p.mdx',
      `# P\n\n${value(w.ref('v1', 'limits.go', 'L2-L3'), max)} ${value(w.ref('v1', 'limits.go', 'L2-L3'), PATTERN)}\n`,
    );
    const pin = await w.pin();
    expect(pin.errors).toEqual([]);
    expect(pin.updated).toEqual([w.ref('v1', 'limits.go', 'L2-L3')]);
    expect(JSON.parse(w.lockText()).entries[0].values).toEqual({ [PATTERN]: '2', [max]: '8' });
    expect((await w.verify({ strict: true })).errors).toEqual([]);
  });

  test('a bad pattern fails verify with the file and line', async () => {
    const { w, ref } = await pinnedValue();
    w.site.page('p.mdx', `# P\n\nLimit: ${value(ref, 'int64\\((\\d+')}.\n`);
    const r = await w.verify();
    expect(r.errors).toEqual([
      expect.stringMatching(
        /^content\/docs\/p\.mdx:3:8: <Value> citing .* has a `pattern` that is not a valid regular expression/,
      ),
    ]);
  });

  test('lines that cannot be read in this build: not verified, the lock value is still shown', async () => {
    const { w, ref } = await pinnedValue();
    const r = await w.verify({
      offline: true,
      env: { GITHUB_API_URL: w.env.GITHUB_API_URL!, GITHUB_TOKEN: w.env.GITHUB_TOKEN! },
      cacheDir: join(w.site.root, 'empty-cache'),
    });
    expect(r.errors).toEqual([]);
    expect(r.citations[0]).toMatchObject({ status: 'unverified', value: '2' });
    expect(findRendered(toRenderData(r), ref, 'value', 0, PATTERN)).toMatchObject({ status: 'unverified', value: '2' });
  });
});
