import { describe, expect, it } from 'vitest';
import {
  closure,
  componentOfScript,
  pruneDynamic,
  splitPageJs,
  type ChunkImports,
} from '../../../src/lib/quality/js-graph.ts';

// entry → loader (static) → on-demand client (dynamic) → shared chunk (static)
const graph: Record<string, ChunkImports> = {
  'page.js': { static: ['sl.js'], dynamic: ['search.js'] },
  'sl.js': { static: [], dynamic: [] },
  'search.js': { static: [], dynamic: [] },
  'QuorumCalculator.astro_astro_type_script_index_0_lang.A.js': { static: ['lazy.js'], dynamic: ['quorum.client.js'] },
  'lazy.js': { static: [], dynamic: [] },
  'quorum.client.js': { static: ['calc.js', 'sl.js'], dynamic: [] },
  'calc.js': { static: [], dynamic: [] },
  'ec.abc.js': { static: [], dynamic: [] },
};
const importsOf = (f: string): ChunkImports => graph[f] ?? { static: [], dynamic: [] };

describe('closure', () => {
  it('follows static imports, and dynamic ones only when asked', () => {
    const entry = ['QuorumCalculator.astro_astro_type_script_index_0_lang.A.js'];
    expect([...closure(entry, importsOf, false)].sort()).toEqual([
      'QuorumCalculator.astro_astro_type_script_index_0_lang.A.js',
      'lazy.js',
    ]);
    expect(closure(entry, importsOf, true)).toEqual(
      new Set([...entry, 'lazy.js', 'quorum.client.js', 'calc.js', 'sl.js']),
    );
  });
  it('survives import cycles', () => {
    const cyc = (f: string): ChunkImports => ({ static: [f === 'a' ? 'b' : 'a'], dynamic: [] });
    expect(closure(['a'], cyc, true)).toEqual(new Set(['a', 'b']));
  });
});

describe('componentOfScript', () => {
  const components = new Set(['QuorumCalculator', 'MermaidClient']);
  it('names the project component a hoisted script comes from', () => {
    expect(componentOfScript('QuorumCalculator.astro_astro_type_script_index_0_lang.A.js', components)).toBe(
      'QuorumCalculator',
    );
  });
  it('ignores Starlight\u2019s components and plain chunks', () => {
    expect(componentOfScript('Search.astro_astro_type_script_index_0_lang.B.js', components)).toBeNull();
    expect(componentOfScript('page.js', components)).toBeNull();
  });
});

describe('splitPageJs', () => {
  const baseline = closure(['page.js'], importsOf, true);
  const groupOf = (e: string) =>
    (e.startsWith('QuorumCalculator') ? 'calculators' : e.startsWith('ec.') ? 'code' : 'other') as
      'calculators' | 'code' | 'other';
  const split = splitPageJs(
    ['page.js', 'QuorumCalculator.astro_astro_type_script_index_0_lang.A.js', 'ec.abc.js'],
    baseline,
    importsOf,
    groupOf,
  );

  it('gives Starlight what the baseline page also loads, at load and on demand', () => {
    expect(split.starlight).toEqual({ atLoad: ['page.js', 'sl.js'], onDemand: ['search.js'] });
  });
  it('counts the calculators\u2019 loader at load and their client code on demand, without Starlight\u2019s shared chunk', () => {
    expect(split.calculators).toEqual({
      atLoad: ['QuorumCalculator.astro_astro_type_script_index_0_lang.A.js', 'lazy.js'],
      onDemand: ['calc.js', 'quorum.client.js'],
    });
  });
  it('puts the code-block script under code, and leaves the other groups empty', () => {
    expect(split.code).toEqual({ atLoad: ['ec.abc.js'], onDemand: [] });
    expect(split.diagrams).toEqual({ atLoad: [], onDemand: [] });
    expect(split.other).toEqual({ atLoad: [], onDemand: [] });
  });
  it('never counts a file twice across groups', () => {
    const all = Object.values(split).flatMap((g) => [...g.atLoad, ...g.onDemand]);
    expect(new Set(all).size).toBe(all.length);
  });
});

describe('pruneDynamic', () => {
  const shared: Record<string, ChunkImports> = {
    'Calculator.astro_astro_type_script_index_0_lang.A.js': {
      static: ['lazy.js'],
      dynamic: ['quorum.client.Q.js', 'read-path.client.R.js'],
    },
    'quorum.client.Q.js': { static: ['calc.js'], dynamic: [] },
    'read-path.client.R.js': { static: ['calc.js', 'sources.js'], dynamic: [] },
  };
  const of = (f: string): ChunkImports => shared[f] ?? { static: [], dynamic: [] };
  it('drops the dynamic imports a page cannot trigger and keeps static ones', () => {
    const pruned = pruneDynamic(of, (f) => !f.startsWith('read-path.'));
    const entry = ['Calculator.astro_astro_type_script_index_0_lang.A.js'];
    expect([...closure(entry, pruned, true)].sort()).toEqual(
      [...entry, 'calc.js', 'lazy.js', 'quorum.client.Q.js'].sort(),
    );
    expect(pruned('read-path.client.R.js').static).toEqual(['calc.js', 'sources.js']);
  });
});
