import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { maintenanceTolerance, quorum, quorumTable, tolerance } from '../../../src/lib/model/quorum.ts';

describe('quorum and tolerance', () => {
  it('match the etcd FAQ table for 1–9 members', () => {
    expect(quorumTable().map((r) => r.quorum)).toEqual([1, 2, 2, 3, 3, 4, 4, 5, 5]);
    expect(quorumTable().map((r) => r.tolerance)).toEqual([0, 0, 1, 1, 2, 2, 3, 3, 4]);
    expect(quorumTable().map((r) => r.members)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(quorumTable(3, 5)).toEqual([
      { members: 3, quorum: 2, tolerance: 1 },
      { members: 4, quorum: 3, tolerance: 1 },
      { members: 5, quorum: 3, tolerance: 2 },
    ]);
  });

  it('rejects out-of-range and fractional member counts', () => {
    for (const bad of [0, 100, 2.5, -1, Number.NaN, Number.POSITIVE_INFINITY])
      expect(() => quorum(bad)).toThrow(RangeError);
    expect(() => quorumTable(5, 4)).toThrow(RangeError);
  });

  it('tolerance never decreases as n grows (property)', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 98 }), (n) => tolerance(n + 1) >= tolerance(n)));
  });

  it('an even n tolerates exactly what n − 1 does (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 49 }).map((h) => 2 * h),
        (n) => tolerance(n) === tolerance(n - 1),
      ),
    );
  });

  it('quorum is a strict majority and the smallest one (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 99 }), (n) => {
        const q = quorum(n);
        expect(2 * q).toBeGreaterThan(n);
        expect(2 * (q - 1)).toBeLessThanOrEqual(n);
      }),
    );
  });
});

describe('maintenanceTolerance', () => {
  it('3 members with 1 stopped tolerate 0 more; 5 tolerate 1', () => {
    expect(maintenanceTolerance(3, 1)).toMatchObject({
      quorum: 2,
      running: 2,
      hasQuorum: true,
      furtherFailuresTolerated: 0,
      margin: 0,
    });
    expect(maintenanceTolerance(5, 1)).toMatchObject({
      quorum: 3,
      running: 4,
      hasQuorum: true,
      furtherFailuresTolerated: 1,
    });
  });

  it('says so when the stopped members already cost the quorum', () => {
    const r = maintenanceTolerance(3, 2);
    expect(r).toMatchObject({ hasQuorum: false, margin: -1, furtherFailuresTolerated: 0, membersShortOfQuorum: 1 });
    expect(r.summary).toMatch(/^Quorum lost: 1 of 3 members running but quorum is 2; 1 more member must come back/);
    expect(maintenanceTolerance(5, 5)).toMatchObject({ running: 0, hasQuorum: false, membersShortOfQuorum: 3 });
  });

  it('quorum counts configured members, not running ones', () => {
    expect(maintenanceTolerance(4, 1)).toMatchObject({ quorum: 3, furtherFailuresTolerated: 0 });
  });

  it('rejects k > n and negative k', () => {
    expect(() => maintenanceTolerance(3, 4)).toThrow(/from 0 to 3/);
    expect(() => maintenanceTolerance(3, -1)).toThrow(RangeError);
  });

  it('further tolerance is n − k − quorum, floored at zero (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 99 }).chain((n) => fc.tuple(fc.constant(n), fc.integer({ min: 0, max: n }))),
        ([n, k]) => {
          const r = maintenanceTolerance(n, k);
          expect(r.margin).toBe(n - k - quorum(n));
          expect(r.furtherFailuresTolerated).toBe(Math.max(0, n - k - quorum(n)));
          expect(r.hasQuorum).toBe(n - k >= quorum(n));
        },
      ),
    );
  });
});
