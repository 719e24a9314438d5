import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  APPROACHING_FROM,
  LARGEST_TESTED_NODES,
  PODS_PER_CORE,
  PODS_PER_NODE_CAP,
  TESTED_LIMITS,
  checkTestedLimits,
  podsPerNodeLimit,
  statusOf,
  type ClusterCounts,
  type LimitKey,
} from '../../../src/lib/model/tested-limits.ts';
import { BOUND_DEFAULTS } from '../../../src/lib/model/bound-defaults.ts';
import { ROOT } from '../../helpers/paths.ts';

/** Every count at 0, nodes at 1 and 8 cores: a cluster that binds nothing but the nodes. */
const EMPTY: ClusterCounts = {
  ...(Object.fromEntries(TESTED_LIMITS.map((l) => [l.key, 0])) as Record<LimitKey, number>),
  nodes: 1,
  cores: 8,
};
const at = (over: Partial<ClusterCounts>): ClusterCounts => ({ ...EMPTY, ...over });
const check = (r: ReturnType<typeof checkTestedLimits>, key: LimitKey) => r.checks.find((c) => c.limit.key === key)!;

describe('pods per node: min(110, 10 × cores)', () => {
  it('is ten per core below 11 cores and 110 from there', () => {
    expect([1, 4, 10, 11, 12, 64, 1024].map(podsPerNodeLimit)).toEqual([10, 40, 100, 110, 110, 110, 110]);
  });
  it('refuses a node without cores, or with a fraction of one', () => {
    expect(() => podsPerNodeLimit(0)).toThrow(/CPU cores must be a whole number from 1 to 1024; got 0/);
    expect(() => podsPerNodeLimit(2.5)).toThrow(RangeError);
  });
});

describe('status', () => {
  it('is well within below three quarters, approaching up to the threshold, beyond past it', () => {
    expect(APPROACHING_FROM).toBe(0.75);
    expect([0, 0.7499, 0.75, 0.99, 1, 1.0001, 3].map(statusOf)).toEqual([
      'within',
      'within',
      'approaching',
      'approaching',
      'approaching',
      'beyond',
      'beyond',
    ]);
  });
});

describe('checkTestedLimits', () => {
  it('at the tested point (5,000 nodes, 150,000 pods, 30 per node) every threshold holds and pods bind at 1', () => {
    const r = checkTestedLimits(
      at({ nodes: 5000, pods: 150_000, podsPerNode: 30, podsPerNamespace: 3000, namespaces: 50, cores: 16 }),
    );
    expect(r.checks.filter((c) => c.status === 'beyond')).toEqual([]);
    expect(check(r, 'pods').ratio).toBe(1);
    expect(check(r, 'nodes').ratio).toBe(1);
    // Ties go to the first row in table order.
    expect(r.binding.limit.key).toBe('nodes');
    expect(check(r, 'podsPerNode').limitInUse).toBe(110);
    expect(check(r, 'podsPerNode').derivation).toBeNull();
  });

  it('scales pods, namespaces and Services with nodes ÷ 5,000, and nothing else', () => {
    const counts = at({
      nodes: 1000,
      pods: 25_000,
      namespaces: 300,
      services: 1200,
      tokens: 500,
      objectsPerType: 25_000,
    });
    const r = checkTestedLimits(counts);
    expect(check(r, 'pods').limitInUse).toBe(30_000);
    expect(check(r, 'namespaces').limitInUse).toBe(2000);
    expect(check(r, 'services').limitInUse).toBe(2000);
    expect(check(r, 'pods').derivation).toEqual({ kind: 'scaled', factor: 0.2 });
    expect(check(r, 'servicesPerNamespace').limitInUse).toBe(5000);
    expect(check(r, 'tokens').limitInUse).toBe(2000);
    expect(check(r, 'objectsPerType').limitInUse).toBe(150_000);
    expect(r.binding.limit.key).toBe('pods');
    expect(r.binding.status).toBe('approaching');
    expect(r.scaled).toBe(true);

    const flat = checkTestedLimits(counts, false);
    expect(check(flat, 'pods').limitInUse).toBe(150_000);
    expect(check(flat, 'pods').derivation).toBeNull();
    // 500 of 2,000 tokens (0.25) now outranks 1,000 of 5,000 nodes (0.2).
    expect(flat.binding.limit.key).toBe('tokens');
    // Past 5,000 nodes nothing is scaled up.
    expect(check(checkTestedLimits(at({ nodes: 8000 })), 'pods').limitInUse).toBe(150_000);
  });

  it('a small node binds on pods per node before anything else', () => {
    const r = checkTestedLimits(at({ nodes: 10, cores: 4, podsPerNode: 50, pods: 200 }));
    const p = check(r, 'podsPerNode');
    expect(p.limitInUse).toBe(40);
    expect(p.derivation).toEqual({ kind: 'perCore', cores: 4 });
    expect(p.status).toBe('beyond');
    expect(r.binding).toBe(p);
  });

  it('lists the dimensions at half their threshold or more', () => {
    const r = checkTestedLimits(at({ nodes: 2500, pods: 40_000, events: 600_000, objectSize: 100 }));
    expect(r.high.map((c) => c.limit.key).sort()).toEqual(['events', 'nodes', 'pods']);
  });

  it('refuses counts that are not whole numbers in range, naming the count', () => {
    expect(() => checkTestedLimits(at({ nodes: 0 }))).toThrow(/counts\.nodes must be a whole number from 1 to/);
    expect(() => checkTestedLimits(at({ pods: -1 }))).toThrow(/counts\.pods must be a whole number from 0 to/);
    expect(() => checkTestedLimits(at({ events: 1.5 }))).toThrow(/counts\.events must be a whole number/);
    expect(() => checkTestedLimits(at({ cores: 0 }))).toThrow(/CPU cores/);
  });

  it('ratio × threshold in use gives back the count, and more of a count never improves its status (property)', () => {
    const rank = { within: 0, approaching: 1, beyond: 2 } as const;
    const keys = TESTED_LIMITS.map((l) => l.key);
    fc.assert(
      fc.property(
        fc.constantFrom(...keys),
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 1, max: 20_000 }),
        fc.integer({ min: 1, max: 256 }),
        fc.boolean(),
        (key, a, b, nodes, cores, scale) => {
          const lo = Math.min(a, b);
          const hi = Math.max(a, b);
          const base = at({ nodes, cores });
          const one = (v: number) =>
            check(checkTestedLimits({ ...base, [key]: key === 'nodes' ? v + 1 : v }, scale), key);
          const cLo = one(lo);
          const cHi = one(hi);
          expect(cLo.ratio * cLo.limitInUse).toBeCloseTo(cLo.value, 6);
          expect(rank[cHi.status]).toBeGreaterThanOrEqual(rank[cLo.status]);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('the model is bound to upstream', () => {
  const bound = BOUND_DEFAULTS.filter((b) => 'constant' in b);

  it('every row and the per-core rule are in the binding registry, with the model\u2019s number', () => {
    for (const l of TESTED_LIMITS) {
      const own = bound.filter((b) => b.constant === `TESTED_LIMITS.${l.key}`);
      expect(own.length, l.key).toBeGreaterThan(0);
      for (const b of own) expect(b.value, l.key).toBe(l.threshold);
    }
    expect(bound.find((b) => b.constant === 'PODS_PER_CORE')?.value).toBe(PODS_PER_CORE);
    expect(TESTED_LIMITS.find((l) => l.key === 'podsPerNode')?.threshold).toBe(PODS_PER_NODE_CAP);
    expect(TESTED_LIMITS.find((l) => l.key === 'nodes')?.threshold).toBe(LARGEST_TESTED_NODES);
  });

  it('the page cites each binding with the same ref and pattern', async () => {
    const page = await readFile(join(ROOT, 'content/docs/tested-limits.mdx'), 'utf8');
    for (const b of bound.filter((x) => x.constant.startsWith('TESTED_LIMITS.') || x.constant === 'PODS_PER_CORE'))
      expect(page, `${b.constant}: no <Value> with this ref and pattern`).toContain(
        `<Value ref="${b.ref}" pattern="${b.pattern}"`,
      );
  });

  it('each row names the line its thresholds.md binding cites', () => {
    for (const l of TESTED_LIMITS) {
      const lines = bound
        .filter((b) => b.constant === `TESTED_LIMITS.${l.key}` && b.ref.includes('thresholds.md'))
        .map((b) => Number(b.ref.split('#L')[1]));
      expect(lines, l.key).toEqual([l.line]);
    }
  });
});
