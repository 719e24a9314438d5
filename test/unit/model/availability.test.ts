import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  MINUTES_PER_YEAR,
  lostQuorumSeries,
  quorumLossProbability,
  unavailabilityFromMtbf,
} from '../../../src/lib/model/availability.ts';

const lost = (n: number, p: number, k = 0): number => quorumLossProbability(n, p, k).lostQuorum;

describe('quorumLossProbability: exact values', () => {
  it('matches hand-computed binomial sums', () => {
    expect(lost(1, 0.1)).toBeCloseTo(0.1, 15);
    expect(lost(3, 0.1)).toBeCloseTo(0.001 + 3 * 0.9 * 0.01, 15); // 0.028
    expect(lost(5, 0.1)).toBeCloseTo(1e-5 + 5 * 0.9 * 1e-4 + 10 * 0.81 * 1e-3, 15); // 0.00856
    expect(lost(3, 0.1, 1)).toBeCloseTo(1 - 0.81, 15); // 2 running, both needed
    expect(lost(4, 0.1)).toBeCloseTo(1 - (0.9 ** 4 + 4 * 0.9 ** 3 * 0.1), 15); // needs 3 of 4
  });

  it('handles the edges p = 0, p = 1 and all members stopped', () => {
    expect(quorumLossProbability(3, 0)).toMatchObject({
      lostQuorum: 0,
      keepsQuorum: 1,
      nines: null,
      log10LostQuorum: null,
      minutesPerYearWithoutQuorum: 0,
    });
    expect(quorumLossProbability(3, 1)).toMatchObject({ lostQuorum: 1, keepsQuorum: 0, nines: 0 });
    expect(quorumLossProbability(3, 0, 2)).toMatchObject({ lostQuorum: 1, keepsQuorum: 0 });
    expect(quorumLossProbability(5, 0.2, 5)).toMatchObject({ lostQuorum: 1 });
  });

  it('is exactly 1 when fewer members run than quorum needs, and 1 − P(keep) near 1 (no 0.9999999999999999)', () => {
    expect(quorumLossProbability(4, 0.01, 2)).toMatchObject({
      lostQuorum: 1,
      keepsQuorum: 0,
      log10LostQuorum: 0,
      nines: 0,
      minutesPerYearWithoutQuorum: MINUTES_PER_YEAR,
    });
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 99 }),
        fc.nat(99),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (n, k, p) => {
          const r = quorumLossProbability(n, p, Math.min(k, n));
          if (n - Math.min(k, n) < r.quorum) expect(r.lostQuorum).toBe(1);
          if (r.keepsQuorum < 0.5) expect(r.lostQuorum).toBe(1 - r.keepsQuorum);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('keeps precision far below double-precision epsilon (log space)', () => {
    const r = quorumLossProbability(7, 1e-12);
    // Dominant term C(7,4) p^4 (1-p)^3 = 35e-48.
    expect(r.lostQuorum / 35e-48).toBeCloseTo(1, 9);
    expect(r.nines).toBeCloseTo(48 - Math.log10(35), 9);
    expect(r.keepsQuorum).toBe(1);
    const tiny = quorumLossProbability(99, 1e-300);
    expect(tiny.lostQuorum).toBe(0); // underflows as a number …
    expect(tiny.nines).toBeGreaterThan(14_000); // … but the nines stay finite and exact
    expect(Number.isFinite(tiny.nines!)).toBe(true);
  });

  it('reports nines and minutes per year (525,960 min = 365.25 days)', () => {
    expect(MINUTES_PER_YEAR).toBe(365.25 * 24 * 60);
    const r = quorumLossProbability(1, 0.001);
    expect(r.nines).toBeCloseTo(3, 12);
    expect(r.minutesPerYearWithoutQuorum).toBeCloseTo(525.96, 9);
  });

  it('rejects out-of-range input', () => {
    expect(() => quorumLossProbability(3, 1.1)).toThrow(RangeError);
    expect(() => quorumLossProbability(3, Number.NaN)).toThrow(RangeError);
    expect(() => quorumLossProbability(3, 0.1, 4)).toThrow(RangeError);
    expect(() => quorumLossProbability(0, 0.1)).toThrow(RangeError);
  });
});

describe('quorumLossProbability: properties', () => {
  const p = fc.double({ min: 0, max: 1, noNaN: true });
  const nk = fc.integer({ min: 1, max: 99 }).chain((n) => fc.tuple(fc.constant(n), fc.integer({ min: 0, max: n })));

  it('lost + kept = 1', () => {
    fc.assert(
      fc.property(nk, p, ([n, k], pv) => {
        const r = quorumLossProbability(n, pv, k);
        expect(r.lostQuorum + r.keepsQuorum).toBeCloseTo(1, 12);
      }),
    );
  });

  it('P(lost quorum) rises (availability falls) as p rises', () => {
    fc.assert(
      fc.property(nk, p, p, ([n, k], a, b) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        const rl = quorumLossProbability(n, lo, k);
        const rh = quorumLossProbability(n, hi, k);
        expect(rh.lostQuorum).toBeGreaterThanOrEqual(rl.lostQuorum * (1 - 1e-12));
        expect(rh.keepsQuorum).toBeLessThanOrEqual(rl.keepsQuorum * (1 + 1e-12));
      }),
      { numRuns: 500 },
    );
  });

  it('for odd n and 0 < p < 0.5, P(lost quorum) falls from n to n + 2', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 48 }).map((h) => 2 * h + 1),
        fc.double({ min: 1e-9, max: 0.49, noNaN: true }),
        (n, pv) => {
          const a = quorumLossProbability(n, pv);
          const b = quorumLossProbability(n + 2, pv);
          expect(b.log10LostQuorum!).toBeLessThan(a.log10LostQuorum!);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('never returns NaN or Infinity in the numeric fields', () => {
    fc.assert(
      fc.property(nk, p, ([n, k], pv) => {
        const r = quorumLossProbability(n, pv, k);
        for (const v of [
          r.lostQuorum,
          r.keepsQuorum,
          r.minutesPerYearWithoutQuorum,
          r.nines ?? 0,
          r.log10LostQuorum ?? 0,
        ])
          expect(Number.isFinite(v)).toBe(true);
      }),
    );
  });
});

describe('unavailabilityFromMtbf', () => {
  it('is MTTR / (MTBF + MTTR)', () => {
    expect(unavailabilityFromMtbf(4380, 4)).toBeCloseTo(4 / 4384, 15);
    expect(unavailabilityFromMtbf(0, 5)).toBe(1);
    expect(unavailabilityFromMtbf(10, 0)).toBe(0);
  });
  it('rejects negative, non-finite and all-zero input', () => {
    expect(() => unavailabilityFromMtbf(-1, 1)).toThrow(RangeError);
    expect(() => unavailabilityFromMtbf(1, Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(() => unavailabilityFromMtbf(0, 0)).toThrow(/above 0/);
  });
});

describe('lostQuorumSeries', () => {
  it('gives 1, 3, 5, 7 members over a log-spaced grid from 1e-4 to 0.5', () => {
    const series = lostQuorumSeries();
    expect(series.map((s) => s.members)).toEqual([1, 3, 5, 7]);
    const ps = series[0]!.points.map((pt) => pt.p);
    expect(ps).toHaveLength(49);
    expect(ps[0]).toBe(1e-4);
    expect(ps.at(-1)).toBe(0.5);
    const ratios = ps.slice(1).map((v, i) => v / ps[i]!);
    for (const r of ratios) expect(r).toBeCloseTo(ratios[0]!, 9);
    expect(series[0]!.points[0]!.lostQuorum).toBeCloseTo(1e-4, 15);
    for (const s of series) {
      for (const pt of s.points) {
        expect(pt.lostQuorum).toBeGreaterThan(0);
        expect(Number.isFinite(pt.log10LostQuorum)).toBe(true);
      }
    }
  });
  it('at p = 0.5 every odd cluster has lost quorum half the time', () => {
    for (const s of lostQuorumSeries()) expect(s.points.at(-1)!.lostQuorum).toBeCloseTo(0.5, 12);
  });
  it('rejects a bad grid', () => {
    expect(() => lostQuorumSeries({ pMin: 0 })).toThrow(RangeError);
    expect(() => lostQuorumSeries({ pMin: 0.5, pMax: 0.1 })).toThrow(RangeError);
    expect(() => lostQuorumSeries({ points: 1 })).toThrow(RangeError);
  });
});
