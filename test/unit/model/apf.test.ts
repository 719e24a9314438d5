import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  apfSeats,
  BOOTSTRAP_LEVELS,
  LEVEL_NAMES,
  MAX_INFLIGHT,
  widestRequest,
  type ApfSeats,
} from '../../../src/lib/model/apf.ts';

/** Per-level figures by name, to compare with hand-checked tables. */
const byName = (s: ApfSeats, pick: (l: ApfSeats['levels'][number]) => number | null) =>
  Object.fromEntries(s.levels.map((l) => [l.level.name, pick(l)]));

describe('API Priority and Fairness seats', () => {
  it('the bootstrap shares sum to 245 and the levels are the eight kube-apiserver creates', () => {
    expect(LEVEL_NAMES).toEqual([
      'exempt',
      'catch-all',
      'system',
      'node-high',
      'leader-election',
      'workload-high',
      'workload-low',
      'global-default',
    ]);
    expect(apfSeats(1, 400, 200).shareSum).toBe(245);
  });

  // Hand-checked: ceil(600 × shares / 245); lendable = round(nominal × percent / 100).
  it('at the defaults (400 + 200) gives the nominal, lendable and widest-request seats worked out by hand', () => {
    const s = apfSeats(3, 400, 200);
    expect(s.perReplica).toBe(600);
    expect(s.acrossReplicas).toBe(1800);
    expect(byName(s, (l) => l.nominal)).toEqual({
      exempt: 0,
      'catch-all': 13, // 12.24…
      system: 74, // 73.47…
      'node-high': 98, // 97.96…
      'leader-election': 25, // 24.49…
      'workload-high': 98,
      'workload-low': 245, // 244.90…
      'global-default': 49, // 48.98…
    });
    // Rounding each level up makes the nominal limits add up to more than the server's limit.
    expect(s.nominalSum).toBe(602);
    expect(byName(s, (l) => l.lendable)).toEqual({
      exempt: 0,
      'catch-all': 0,
      system: 24, // 24.42
      'node-high': 25, // 24.5 rounds away from zero, as Go's math.Round does
      'leader-election': 0,
      'workload-high': 49,
      'workload-low': 221, // 220.5
      'global-default': 25, // 24.5
    });
    // No level sets borrowingLimitPercent, so each may borrow up to the server's whole limit.
    expect(byName(s, (l) => l.max - l.nominal)).toEqual(Object.fromEntries(LEVEL_NAMES.map((n) => [n, 600])));
    // max(1, min(ceil(0.15 × nominal), ⌊nominal / handSize⌋)); none for levels without queues.
    expect(byName(s, (l) => l.maxSeatsPerRequest)).toEqual({
      exempt: null,
      'catch-all': null,
      system: 12, // min(12, 12)
      'node-high': 15, // min(15, 16)
      'leader-election': 4, // min(4, 6): handSize 4
      'workload-high': 15,
      'workload-low': 37, // min(37, 40)
      'global-default': 8, // min(8, 8)
    });
    // 64 × 50 twice, 16 × 50, 128 × 50 three times.
    expect(s.maxWaitingPerReplica).toBe(26_400);
  });

  it('at 800 + 200 matches a second hand-checked table', () => {
    const s = apfSeats(1, 800, 200);
    expect(byName(s, (l) => l.nominal)).toEqual({
      exempt: 0,
      'catch-all': 21,
      system: 123,
      'node-high': 164,
      'leader-election': 41,
      'workload-high': 164,
      'workload-low': 409,
      'global-default': 82,
    });
    expect(byName(s, (l) => l.min)).toEqual({
      exempt: 0,
      'catch-all': 21,
      system: 82, // 123 − round(40.59)
      'node-high': 123, // 164 − 41
      'leader-election': 41,
      'workload-high': 82,
      'workload-low': 41, // 409 − round(368.1)
      'global-default': 41, // 82 − 41
    });
    expect(byName(s, (l) => l.maxSeatsPerRequest)).toMatchObject({
      system: 19,
      'leader-election': 7,
      'workload-low': 62,
      'global-default': 13,
    });
  });

  it('a limit of 1 still gives every level with a share one seat, and a request at least one', () => {
    const s = apfSeats(1, 1, 0);
    for (const l of s.levels) {
      expect(l.nominal).toBe(l.level.nominalConcurrencyShares > 0 ? 1 : 0);
      if (l.maxSeatsPerRequest !== null) expect(l.maxSeatsPerRequest).toBe(1);
    }
  });

  it('caps the widest LIST at 100 seats and a write’s event seats at 10, and uses the caps where a level has none', () => {
    const big = apfSeats(1, MAX_INFLIGHT, MAX_INFLIGHT);
    const low = big.levels.find((l) => l.level.name === 'workload-low')!;
    expect(low.maxSeatsPerRequest).toBeGreaterThan(100);
    expect(widestRequest(low)).toEqual({ list: 100, mutating: 10 });
    const def = apfSeats(1, 400, 200).levels;
    expect(widestRequest(def.find((l) => l.level.name === 'global-default')!)).toEqual({ list: 8, mutating: 8 });
    expect(widestRequest(def.find((l) => l.level.name === 'catch-all')!)).toEqual({ list: 100, mutating: 10 });
  });

  it('rejects a zero total, out-of-range and fractional input, and a configuration without shares', () => {
    expect(() => apfSeats(1, 0, 0)).toThrow(/add up to something positive/);
    for (const [r, a, b] of [
      [0, 400, 200],
      [1001, 400, 200],
      [1, -1, 200],
      [1, 400, 2.5],
      [1, MAX_INFLIGHT + 1, 0],
      [Number.NaN, 400, 200],
    ])
      expect(() => apfSeats(r!, a!, b!)).toThrow(RangeError);
    const noShares = BOOTSTRAP_LEVELS.map((l) => ({ ...l, nominalConcurrencyShares: 0 }));
    expect(() => apfSeats(1, 400, 200, noShares)).toThrow(/No priority level/);
  });

  it('every level gets at least its share, the excess from rounding stays below one seat per level, and replicas multiply (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1000 }),
        fc.integer({ min: 0, max: MAX_INFLIGHT }),
        fc.integer({ min: 0, max: MAX_INFLIGHT }),
        (r, a, b) => {
          fc.pre(a + b > 0);
          const s = apfSeats(r, a, b);
          expect(s.acrossReplicas).toBe(r * (a + b));
          expect(s.nominalSum).toBeGreaterThanOrEqual(a + b);
          expect(s.nominalSum - (a + b)).toBeLessThan(s.levels.length);
          for (const l of s.levels) {
            expect(l.nominal * s.shareSum).toBeGreaterThanOrEqual((a + b) * l.level.nominalConcurrencyShares);
            expect(l.min).toBeGreaterThanOrEqual(0);
            expect(l.min).toBeLessThanOrEqual(l.nominal);
          }
        },
      ),
    );
  });
});
