import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DIAGRAM_CACHE_DIR, DiagramCache, diagramKey } from '../../src/integration/diagram-cache.ts';

const svgs = { light: '<svg id="l"><title>t</title></svg>', dark: '<svg id="d"><title>t</title></svg>' };

describe('diagram cache', () => {
  const roots: string[] = [];
  const root = () => {
    const dir = mkdtempSync(join(tmpdir(), 'diagram-cache-'));
    roots.push(dir);
    return dir;
  };
  afterEach(() => roots.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

  it('keys a diagram by its source: the same source, the same key; any change, another key', () => {
    expect(diagramKey('flowchart LR\n  A --> B')).toMatch(/^[0-9a-f]{64}$/);
    expect(diagramKey('flowchart LR\n  A --> B')).toBe(diagramKey('flowchart LR\n  A --> B'));
    expect(diagramKey('flowchart LR\n  A --> C')).not.toBe(diagramKey('flowchart LR\n  A --> B'));
  });

  it('returns what was stored, and nothing for a key never stored', async () => {
    const cache = new DiagramCache(root());
    const key = diagramKey('graph TD');
    await cache.set(key, svgs);
    const discarded: string[] = [];
    expect(await cache.get(key, (w) => discarded.push(w))).toEqual(svgs);
    expect(await cache.get(diagramKey('graph LR'), (w) => discarded.push(w))).toBeUndefined();
    expect(discarded).toEqual([]);
  });

  const tamperings: [string, (entry: Record<string, unknown>) => string, RegExp][] = [
    [
      'an edited SVG',
      (e) => JSON.stringify({ ...e, light: '<svg><script>alert(1)</script></svg>' }),
      /does not match the hash/,
    ],
    ['a missing field', (e) => JSON.stringify({ ...e, dark: undefined }), /expected fields \(dark\)/],
    ['text that is not JSON', () => '{"key": "trunc', /not JSON/],
  ];
  it.each(tamperings)('discards an entry with %s, says why, and deletes it', async (_what, tamper, why) => {
    const dir = root();
    const cache = new DiagramCache(dir);
    const key = diagramKey('graph TD');
    await cache.set(key, svgs);
    const file = join(dir, DIAGRAM_CACHE_DIR, `${key}.json`);
    writeFileSync(file, tamper(JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>));
    const discarded: string[] = [];
    expect(await cache.get(key, (w) => discarded.push(w))).toBeUndefined();
    expect(discarded).toHaveLength(1);
    expect(discarded[0]).toMatch(why);
    expect(discarded[0]).toContain(`${DIAGRAM_CACHE_DIR}/${key}.json was discarded`);
    expect(existsSync(file)).toBe(false);
  });

  it('discards an entry filed under another key (a copied file)', async () => {
    const dir = root();
    const cache = new DiagramCache(dir);
    const a = diagramKey('graph TD');
    const b = diagramKey('graph LR');
    await cache.set(a, svgs);
    writeFileSync(join(dir, DIAGRAM_CACHE_DIR, `${b}.json`), readFileSync(join(dir, DIAGRAM_CACHE_DIR, `${a}.json`)));
    const discarded: string[] = [];
    expect(await cache.get(b, (w) => discarded.push(w))).toBeUndefined();
    expect(discarded[0]).toMatch(/records the key/);
    expect(await cache.get(a, (w) => discarded.push(w))).toEqual(svgs);
    expect(readdirSync(join(dir, DIAGRAM_CACHE_DIR))).toEqual([`${a}.json`]);
  });
});
