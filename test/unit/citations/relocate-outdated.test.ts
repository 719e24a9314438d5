import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { cite, excerpt } from '../../helpers/fake-github/index.ts';
import { formatChanges, formatRelocation } from '../../../src/lib/citations/index.ts';
import { startWorlds, stopWorlds, world, type Mode } from './world.ts';

beforeAll(async () => {
  await startWorlds();
});
afterAll(stopWorlds);

const V1 = 'package x\n\nfunc A() {\n\tdoA()\n}\n\nfunc B() {\n\tdoB()\n\treturn\n}\n\nfunc Gone() {}\n';
// v2: 3 lines inserted at the top, B moved further by 2, Gone removed.
const V2 =
  'package x\n\n// one\n// two\n// three\nfunc A() {\n\tdoA()\n}\n\n// four\n// five\nfunc B() {\n\tdoB()\n\treturn\n}\n';
// v3: 2 lines inserted at the top, A's body changed, a line inserted inside B, Gone removed.
const V3 = 'package x\n// new 1\n// new 2\n\nfunc A() {\n\tdoA(ctx)\n}\n\nfunc B() {\n\tdoB()\n\tlog()\n\treturn\n}\n';

describe.each<Mode>(['github', 'mirror'])('relocate (%s)', (mode) => {
  test('after a ref bump, rewrites the ranges of moved citations and reports gone ones', async () => {
    const w = world(mode);
    w.repo.commit({ 'x.go': V1 });
    w.repo.tag('v1.0.0');
    w.repo.commit({ 'x.go': V2 });
    w.repo.tag('v1.0.1');
    const page = (tag: string) =>
      [
        '# Page',
        '',
        `A is here ${cite(w.ref(tag, 'x.go', 'L4'), 'doA()')}.`,
        '',
        excerpt(w.ref(tag, 'x.go', 'L7-L9'), ['func B() {', 'doB()', 'return'], 1),
        '',
        `Removed: ${cite(w.ref(tag, 'x.go', 'L12'), 'func Gone()')}`,
        '',
        `Unchanged: ${cite(w.ref(tag, 'x.go', 'L1'), 'package x')}`,
        '',
      ].join('\n');
    w.site.page('p.mdx', page('v1.0.0'));
    expect((await w.pin()).errors).toEqual([]);
    // The author bumps the ref…
    w.site.page('p.mdx', page('v1.0.1'));
    const r = await w.relocate();
    expect(r.relocated.map(formatRelocation)).toEqual([
      'content/docs/p.mdx:3: L4 → L7 (+3)',
      'content/docs/p.mdx:5: L7-L9 → L12-L14 (+5)',
    ]);
    expect(r.unchanged).toBe(1);
    expect(r.errors).toHaveLength(1);
    expect(r.errors[0]).toMatch(
      /p\.mdx:7: .*: from v1\.0\.0 \(pinned [0-9a-f]{12}\) to v1\.0\.1: L12 gone: the diff deletes every cited line; rewrite the citation by hand\./,
    );
    expect(r.needsHand.map((h) => [h.line, h.state])).toEqual([[7, 'gone']]);
    const mdx = w.site.read('content/docs/p.mdx');
    expect(mdx).toContain(`ref="${w.ref('v1.0.1', 'x.go', 'L7')}"`);
    expect(mdx).toContain(`ref="${w.ref('v1.0.1', 'x.go', 'L12-L14')}"`);
    expect(mdx).toContain(`ref="${w.ref('v1.0.1', 'x.go', 'L12')}"`); // the gone one is untouched
    // Everything but the gone citation now pins and verifies.
    const pin = await w.pin();
    expect(pin.errors).toHaveLength(1);
    expect(pin.errors[0]).toContain('func Gone()');
  });

  test('edited ranges: rewritten only when the diff keeps both ends and the fragments are inside; changed lines always shown', async () => {
    const w = world(mode);
    w.repo.commit({ 'x.go': V1 });
    w.repo.tag('v1.0.0');
    w.repo.commit({ 'x.go': V3 });
    w.repo.tag('v1.1.0');
    const page = (tag: string) =>
      [
        cite(w.ref(tag, 'x.go', 'L7-L10'), ['doB()', 'return']), // B, with a line inserted
        cite(w.ref(tag, 'x.go', 'L3-L5'), 'doA()'), // A, whose fragment changed
        cite(w.ref(tag, 'x.go', 'L4-L5'), '}'), // starts on the changed line
        cite(w.ref(tag, 'x.go', 'L1'), 'package x'),
      ].join('\n\n') + '\n';
    w.site.page('p.mdx', page('v1.0.0'));
    expect((await w.pin()).errors).toEqual([]);
    w.site.page('p.mdx', page('v1.1.0') + `\n${cite(w.ref('v1.1.0', 'x.go', 'L2-L3'), 'new 1')}\n`);
    const r = await w.relocate();

    expect(r.relocated.map(formatRelocation)).toEqual([
      'content/docs/p.mdx:1: L7-L10 → L9-L13 (+2, edited: review the changed lines)',
    ]);
    expect(formatChanges(r.relocated[0]!.changes)).toEqual(['      (inserted before old L9)', '    + L11: \tlog()']);
    expect(r.unchanged).toBe(1);
    expect(r.needsHand.map((h) => [h.line, h.state])).toEqual([
      [3, 'edited'],
      [5, 'edited'],
    ]);
    expect(r.needsHand[0]!.message).toMatch(
      /p\.mdx:3: .*: from v1\.0\.0 .* to v1\.1\.0: L3-L5 edited \(1 cited line deleted or replaced, 1 line inserted\), now L5-L7, but `doA\(\)` is not inside it; fix the range or `expect` by hand\./,
    );
    expect(formatChanges(r.needsHand[0]!.changes)).toEqual(['    - L4: \tdoA()', '    + L6: \tdoA(ctx)']);
    expect(r.needsHand[1]!.message).toMatch(
      /p\.mdx:5: .*: L4-L5 edited .*; the diff deletes its first line, so it gives no new range; choose the range by hand\./,
    );
    expect(r.errors).toEqual(r.needsHand.map((h) => h.message));
    // Added after the pin: nothing to compare with, so skipped, and said so.
    expect(r.skipped).toBe(1);
    expect(r.warnings.join('\n')).toMatch(
      /p\.mdx:9: .*no pinned entry in citations\.lock\.json for x\.go at these lines.*skipped/,
    );

    const mdx = w.site.read('content/docs/p.mdx');
    expect(mdx).toContain(`ref="${w.ref('v1.1.0', 'x.go', 'L9-L13')}"`);
    expect(mdx).toContain(`ref="${w.ref('v1.1.0', 'x.go', 'L3-L5')}"`);
    expect(mdx).toContain(`ref="${w.ref('v1.1.0', 'x.go', 'L4-L5')}"`);
  });

  test('pin run after the bump: the failed citation gets no entry, the old one stays, and relocate follows it', async () => {
    const w = world(mode);
    w.repo.commit({ 'x.go': V1 });
    w.repo.tag('v1.0.0');
    w.repo.commit({ 'x.go': V2 });
    w.repo.tag('v1.0.1');
    w.site.page('p.mdx', cite(w.ref('v1.0.0', 'x.go', 'L4'), 'doA()') + '\n');
    expect((await w.pin()).errors).toEqual([]);
    const pinnedAtOld = w.lockText();
    w.site.page('p.mdx', cite(w.ref('v1.0.1', 'x.go', 'L4'), 'doA()') + '\n');
    const failed = await w.pin();
    expect(failed.errors.join()).toContain('`doA()` found at L7');
    // The failed citation gets no entry, and the old one stays for relocate to follow.
    expect(failed.added).toEqual([]);
    expect(failed.pruned).toEqual([]);
    expect(failed.warnings.join()).toMatch(/1 lock entry no page cites any more kept, because a citation failed/);
    expect(w.lockText()).toBe(pinnedAtOld);
    expect((await w.relocate()).relocated.map(formatRelocation)).toEqual(['content/docs/p.mdx:1: L4 → L7 (+3)']);
  });

  test('dry run writes nothing; a ref left as pinned is unchanged', async () => {
    const w = world(mode);
    w.repo.commit({ 'x.go': V1 });
    w.repo.tag('v1.0.0');
    w.repo.commit({ 'x.go': V2 });
    w.repo.tag('v1.0.1');
    w.site.page('p.mdx', cite(w.ref('v1.0.0', 'x.go', 'L4'), 'doA()') + '\n');
    expect((await w.pin()).errors).toEqual([]);
    expect(await w.relocate()).toMatchObject({ relocated: [], unchanged: 1, errors: [], warnings: [] });
    w.site.page('p.mdx', cite(w.ref('v1.0.1', 'x.go', 'L4'), 'doA()') + '\n');
    const before = w.site.read('content/docs/p.mdx');
    const r = await w.relocate({ dryRun: true });
    expect(r.relocated.map(formatRelocation)).toEqual(['content/docs/p.mdx:1: L4 → L7 (+3)']);
    expect(r.filesWritten).toEqual([]);
    expect(w.site.read('content/docs/p.mdx')).toBe(before);
  });
});

describe.each<Mode>(['github', 'mirror'])('outdated (%s)', (mode) => {
  test('reports each pinned range as unchanged, moved, edited or gone at a newer ref', async () => {
    const w = world(mode);
    w.repo.commit({ 'x.go': V1, 'same.go': 'stable\n' });
    w.repo.tag('v1.0.0');
    w.repo.commit({ 'x.go': V2, 'same.go': 'stable\n' });
    w.repo.tag('v1.0.1');
    w.repo.commit({ 'x.go': V3 });
    w.repo.tag('v1.1.0');
    w.repo.commit({ 'x.go': null });
    w.repo.tag('v2.0.0');
    w.site.page(
      'p.mdx',
      [
        cite(w.ref('v1.0.0', 'x.go', 'L4'), 'doA()'),
        cite(w.ref('v1.0.0', 'x.go', 'L12'), 'func Gone()'),
        cite(w.ref('v1.0.0', 'x.go', 'L1'), 'package x'),
        cite(w.ref('v1.0.0', 'x.go', 'L7-L10'), 'doB()'),
        cite(w.ref('v1.0.0', 'x.go', 'L3-L5'), 'doA()'),
        cite(w.ref('v1.0.0', 'same.go', 'L1'), 'stable'),
      ].join('\n\n') + '\n',
    );
    expect((await w.pin()).errors).toEqual([]);
    const at = (items: Awaited<ReturnType<typeof w.outdated>>['items']) =>
      items.map((i) => [i.key.split(':')[1], i.state, i.delta, i.relocatable]);

    const r = await w.outdated(['v1.0.1']);
    expect(r.errors).toEqual([]);
    expect(at(r.items)).toEqual([
      ['same.go#L1', 'unchanged', undefined, undefined],
      ['x.go#L1', 'unchanged', undefined, undefined],
      ['x.go#L12', 'gone', undefined, undefined],
      ['x.go#L3-L5', 'moved', 3, true],
      ['x.go#L4', 'moved', 3, true],
      ['x.go#L7-L10', 'moved', 5, true],
    ]);
    expect(r.items.find((i) => i.key.endsWith('#L4'))!.message).toMatch(
      /at v1\.0\.1: L4 moved to L7 \(\+3\) \(relocate will follow it\)\.$/,
    );

    const e = await w.outdated([`acme/${w.name}@v1.1.0`]);
    expect(at(e.items).filter(([k]) => k !== 'same.go#L1')).toEqual([
      ['x.go#L1', 'unchanged', undefined, undefined],
      ['x.go#L12', 'gone', undefined, undefined],
      ['x.go#L3-L5', 'edited', undefined, false],
      ['x.go#L4', 'gone', undefined, undefined],
      ['x.go#L7-L10', 'edited', undefined, true],
    ]);
    const b = e.items.find((i) => i.key.endsWith('#L7-L10'))!;
    expect(b.message).toMatch(
      /at v1\.1\.0: L7-L10 edited \(1 line inserted\), now L9-L13 \(relocate will follow it\)\.$/,
    );
    expect(b.drift).toMatchObject({
      state: 'edited',
      to: { start: 9, end: 13 },
      changes: [{ oldStart: 9, oldLines: [], newStart: 11, newLines: ['\tlog()'] }],
    });
    expect(e.items.find((i) => i.key.endsWith('#L3-L5'))!.message).toContain(
      '(relocate will not follow it: an expect fragment is outside the new range)',
    );

    const gone = await w.outdated([`acme/${w.name}@v2.0.0`]);
    const goneX = gone.items.filter((i) => i.key.includes(':x.go'));
    expect(goneX.map((i) => i.state)).toEqual(['gone', 'gone', 'gone', 'gone', 'gone']);
    expect(goneX[0]!.message).toMatch(/at v2\.0\.0: x\.go no longer exists\.$/);
    expect(gone.items.find((i) => i.key.includes('same.go'))!.state).toBe('unchanged');

    const missing = await w.outdated(['v9']);
    expect(missing.items).toEqual([]);
    expect(missing.warnings.join()).toContain(`acme/${w.name} has no ref v9`);
  });
});
