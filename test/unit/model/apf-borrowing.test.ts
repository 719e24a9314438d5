import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { allocateConcurrency, type AllocItem } from '../../../src/lib/model/apf-borrowing.ts';
import { apfSeats } from '../../../src/lib/model/apf.ts';

const idleByName = (a: number, b: number) =>
  Object.fromEntries(apfSeats(1, a, b).levels.map((l) => [l.level.name, l.idle]));

describe('APF seat borrowing with no demand', () => {
  // Hand-checked: the floors (13, 50, 73, 25, 49, 24, 24) add up to 258 and the nominal limits to 602,
  // so each level gets round(floor × 602 / 258), about 2.33 × its floor.
  it('at the defaults gives each limited level its floor × 602 / 258, not nominal − ⌊lendable / 2⌋', () => {
    expect(idleByName(400, 200)).toEqual({
      exempt: null,
      'catch-all': 30, // 30.33
      system: 117, // 116.67
      'node-high': 170, // 170.33
      'leader-election': 58, // 58.33
      'workload-high': 114, // 114.33
      'workload-low': 56, // 56
      'global-default': 56,
    });
    // The seed value finishQueueSetReconfigsLocked sets would have been 245 − 110 = 135 for workload-low.
    expect(idleByName(400, 200)['workload-low']).not.toBe(245 - Math.floor(221 / 2));
  });

  it('levels that can lend nothing still gain seats while the others are idle', () => {
    const s = apfSeats(1, 400, 200);
    for (const l of s.levels.filter((x) => x.level.type === 'limited')) {
      expect(l.idle).toBeGreaterThanOrEqual(l.min);
      expect(l.idle).toBeLessThanOrEqual(l.max);
    }
    const catchAll = s.levels.find((l) => l.level.name === 'catch-all')!;
    expect(catchAll.lendable).toBe(0);
    expect(catchAll.idle).toBeGreaterThan(catchAll.nominal);
  });
});

describe('allocateConcurrency', () => {
  it('shares in proportion to the targets when no bound binds', () => {
    const { allocs, fairProp } = allocateConcurrency(30, [
      { lowerBound: 0, upperBound: 100, target: 1 },
      { lowerBound: 0, upperBound: 100, target: 2 },
    ]);
    expect(fairProp).toBe(10);
    expect(allocs).toEqual([10, 20]);
  });

  // Worked by hand: item 0 is capped at 5, so the other two share the remaining 25 as 1 : 4.
  it('holds an item at its upper bound and shares the rest among the others', () => {
    const { allocs } = allocateConcurrency(30, [
      { lowerBound: 0, upperBound: 5, target: 10 },
      { lowerBound: 0, upperBound: 100, target: 1 },
      { lowerBound: 0, upperBound: 100, target: 4 },
    ]);
    expect(allocs.map((a) => Math.round(a * 1e9) / 1e9)).toEqual([5, 5, 20]);
  });

  it('holds an item at its lower bound when its share would fall below it', () => {
    const { allocs } = allocateConcurrency(20, [
      { lowerBound: 8, upperBound: 100, target: 8 },
      { lowerBound: 0, upperBound: 100, target: 100 },
    ]);
    // fairProp 20 / 108 would give item 0 only 1.5 seats.
    expect(allocs[0]).toBe(8);
    expect(allocs[1]).toBeCloseTo(12, 9);
  });

  it('refuses bounds that cannot add up to the seats to divide, and malformed items', () => {
    expect(() => allocateConcurrency(5, [{ lowerBound: 6, upperBound: 9, target: 6 }])).toThrow(
      /lower bounds add up to 6/,
    );
    expect(() => allocateConcurrency(50, [{ lowerBound: 1, upperBound: 9, target: 1 }])).toThrow(
      /upper bounds add up to 9/,
    );
    expect(() => allocateConcurrency(5, [{ lowerBound: 2, upperBound: 9, target: 1 }])).toThrow(
      /below its lower bound/,
    );
    expect(() => allocateConcurrency(-1, [])).toThrow(/negative/);
  });

  const items = fc
    .array(
      fc.record({
        lo: fc.integer({ min: 0, max: 200 }),
        extra: fc.integer({ min: 0, max: 400 }),
        t: fc.integer({ min: 0, max: 300 }),
        up: fc.integer({ min: 0, max: 500 }),
      }),
      { minLength: 1, maxLength: 8 },
    )
    .map((rows): AllocItem[] =>
      rows.map((r) => ({ lowerBound: r.lo, target: r.lo + r.extra, upperBound: r.lo + r.up })),
    );

  it('sums to the seats asked for, keeps each item in its bounds, and is proportional where no bound binds (property)', () => {
    fc.assert(
      fc.property(items, fc.double({ min: 0, max: 1, noNaN: true }), (its, f) => {
        const low = its.reduce((s, i) => s + i.lowerBound, 0);
        const high = its.reduce((s, i) => s + i.upperBound, 0);
        const required = Math.round(low + f * (high - low));
        const { allocs, fairProp } = allocateConcurrency(required, its);
        expect(allocs.reduce((s, a) => s + a, 0)).toBeCloseTo(required, 6);
        expect(allocs).toHaveLength(its.length);
        its.forEach((it, i) => {
          const got = allocs[i] ?? NaN;
          expect(got).toBeGreaterThanOrEqual(it.lowerBound - 1e-9);
          expect(got).toBeLessThanOrEqual(it.upperBound + 1e-9);
          const free = got > it.lowerBound + 1e-6 && got < it.upperBound - 1e-6;
          if (free) expect(got).toBeCloseTo(Math.max(it.target, 0.001) * fairProp, 6);
        });
      }),
    );
  });
});
