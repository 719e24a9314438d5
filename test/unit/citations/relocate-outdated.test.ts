import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { cite, excerpt } from '../../helpers/fake-github/index.ts';
import { formatRelocation } from '../../../src/lib/citations/index.ts';
import { startWorlds, stopWorlds, world, type Mode } from './world.ts';

beforeAll(async () => { await startWorlds(); });
afterAll(stopWorlds);

const V1 = 'package x\n\nfunc A() {\n\tdoA()\n}\n\nfunc B() {\n\tdoB()\n\treturn\n}\n\nfunc Gone() {}\n';
// v2: 3 lines inserted at the top, B moved further by 2, Gone removed.
const V2 = 'package x\n\n// one\n// two\n// three\nfunc A() {\n\tdoA()\n}\n\n// four\n// five\nfunc B() {\n\tdoB()\n\treturn\n}\n';

describe.each<Mode>(['github', 'mirror'])('relocate (%s)', (mode) => {
  test('after a ref bump, rewrites the MDX line ranges and reports vanished fragments', async () => {
    const w = world(mode);
    w.repo.commit({ 'x.go': V1 });
    w.repo.tag('v1.0.0');
    w.repo.commit({ 'x.go': V2 });
    w.repo.tag('v1.0.1');
    const page = (tag: string) => [
      '# Page', '',
      `A is here ${cite(w.ref(tag, 'x.go', 'L4'), 'doA()')}.`, '',
      excerpt(w.ref(tag, 'x.go', 'L7-L9'), ['func B() {', 'doB()', 'return'], 1), '',
      `Removed: ${cite(w.ref(tag, 'x.go', 'L12'), 'func Gone()')}`, '',
      `Unchanged: ${cite(w.ref(tag, 'x.go', 'L1'), 'package x')}`, '',
    ].join('\n');
    w.site.page('p.mdx', page('v1.0.0'));
    expect((await w.pin()).errors).toEqual([]);
    // The author bumps the ref…
    w.site.page('p.mdx', page('v1.0.1'));
    const r = await w.relocate();
    expect(r.moved.map(formatRelocation)).toEqual(['content/docs/p.mdx:3: L4 → L7 (+3)', 'content/docs/p.mdx:5: L7-L9 → L12-L14 (+5)']);
    expect(r.unchanged).toBe(1);
    expect(r.errors).toHaveLength(1);
    expect(r.errors[0]).toMatch(/p\.mdx:7: .*`func Gone\(\)` no longer occurs in x\.go at v1\.0\.1/);
    const mdx = w.site.read('content/docs/p.mdx');
    expect(mdx).toContain(`ref="${w.ref('v1.0.1', 'x.go', 'L7')}"`);
    expect(mdx).toContain(`ref="${w.ref('v1.0.1', 'x.go', 'L12-L14')}"`);
    expect(mdx).toContain(`ref="${w.ref('v1.0.1', 'x.go', 'L12')}"`); // the vanished one is untouched
    // Everything but the vanished citation now pins and verifies.
    const pin = await w.pin();
    expect(pin.errors).toHaveLength(1);
    expect(pin.errors[0]).toContain('func Gone()');
  });
});

describe('outdated', () => {
  test('reports which pinned ranges differ at a newer ref', async () => {
    const w = world('github');
    w.repo.commit({ 'x.go': V1, 'same.go': 'stable\n' });
    w.repo.tag('v1.0.0');
    w.repo.commit({ 'x.go': V2, 'same.go': 'stable\n' });
    w.repo.tag('v1.0.1');
    w.repo.commit({ 'x.go': null });
    w.repo.tag('v2.0.0');
    w.site.page('p.mdx', [
      cite(w.ref('v1.0.0', 'x.go', 'L4'), 'doA()'),
      cite(w.ref('v1.0.0', 'x.go', 'L12'), 'func Gone()'),
      cite(w.ref('v1.0.0', 'x.go', 'L1'), 'package x'),
      cite(w.ref('v1.0.0', 'same.go', 'L1'), 'stable'),
    ].join('\n\n') + '\n');
    expect((await w.pin()).errors).toEqual([]);
    const r = await w.outdated(['v1.0.1']);
    expect(r.errors).toEqual([]);
    expect(r.items.map((i) => [i.key.split(':')[1], i.state, i.delta])).toEqual([
      ['same.go#L1', 'same', undefined],
      ['x.go#L1', 'same', undefined],
      ['x.go#L12', 'vanished', undefined],
      ['x.go#L4', 'moved', 3],
    ]);
    expect(r.items.find((i) => i.state === 'moved')!.message).toMatch(/at v1\.0\.1: L4 moved by \+3 to L7/);
    const gone = await w.outdated([`acme/${w.name}@v2.0.0`]);
    expect(gone.items.filter((i) => i.state === 'deleted')).toHaveLength(3);
    const missing = await w.outdated(['v9']);
    expect(missing.items).toEqual([]);
    expect(missing.warnings.join()).toContain(`acme/${w.name} has no ref v9`);
  });
});
