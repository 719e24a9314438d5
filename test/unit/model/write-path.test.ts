import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { commitLatency, replicationEgressBytesPerSecond, writePath } from '../../../src/lib/model/write-path.ts';

const f = (rttMs: number, fsyncMs: number) => ({ rttMs, fsyncMs });

describe('replicationEgressBytesPerSecond', () => {
  it('is writes × size × (n − 1)', () => {
    expect(replicationEgressBytesPerSecond(1000, 1024, 3)).toBe(2_048_000);
    expect(replicationEgressBytesPerSecond(1000, 1024, 5)).toBe(4_096_000);
    expect(replicationEgressBytesPerSecond(1000, 1024, 1)).toBe(0);
  });
  it('rejects negative or non-finite input', () => {
    expect(() => replicationEgressBytesPerSecond(-1, 1, 3)).toThrow(RangeError);
    expect(() => replicationEgressBytesPerSecond(1, Number.NaN, 3)).toThrow(RangeError);
    expect(() => replicationEgressBytesPerSecond(1, 1, 0)).toThrow(RangeError);
  });
});

describe('commitLatency', () => {
  it('waits for the (quorum − 1)-th fastest follower, or the leader fsync if slower', () => {
    // 5 members: quorum 3, two follower acks; follower totals 3, 5, 11, 21 → second fastest is 5.
    const r = commitLatency(5, 2, [f(10, 1), f(1, 2), f(20, 1), f(3, 2)]);
    expect(r).toMatchObject({
      quorum: 3,
      followerAcksNeeded: 2,
      followerAckMs: [3, 5, 11, 21],
      decidingFollowerAckMs: 5,
      commitMs: 5,
      boundBy: 'follower-ack',
    });
    expect(commitLatency(5, 8, [f(10, 1), f(1, 2), f(20, 1), f(3, 2)])).toMatchObject({
      commitMs: 8,
      boundBy: 'leader-fsync',
    });
  });
  it('a single member commits on its own fsync', () => {
    expect(commitLatency(1, 4, [])).toMatchObject({ followerAcksNeeded: 0, decidingFollowerAckMs: 0, commitMs: 4 });
  });
  it('one slow follower in three does not slow commits', () => {
    expect(commitLatency(3, 1, [f(0.5, 1), f(200, 50)]).commitMs).toBe(1.5);
  });
  it('requires exactly n − 1 follower timings', () => {
    expect(() => commitLatency(3, 1, [f(1, 1)])).toThrow('A cluster of 3 members has 2 followers; got timings for 1.');
    expect(() => commitLatency(3, 1, [f(1, 1), f(1, 1), f(1, 1)])).toThrow(RangeError);
    expect(() => commitLatency(3, 1, [f(1, -1), f(1, 1)])).toThrow(/Follower 1 fsync/);
  });
  it('commit never beats the leader fsync nor the deciding ack, and adding a faster follower never slows it (property)', () => {
    const timing = fc.record({
      rttMs: fc.double({ min: 0, max: 1000, noNaN: true }),
      fsyncMs: fc.double({ min: 0, max: 1000, noNaN: true }),
    });
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 20 }),
        fc.double({ min: 0, max: 1000, noNaN: true }),
        fc.array(timing, { minLength: 100, maxLength: 100 }),
        (n, leader, pool) => {
          const r = commitLatency(n, leader, pool.slice(0, n - 1));
          expect(r.commitMs).toBe(Math.max(leader, r.decidingFollowerAckMs));
          const sorted = pool
            .slice(0, n - 1)
            .map((t) => t.rttMs + t.fsyncMs)
            .sort((a, b) => a - b);
          expect(r.followerAckMs).toEqual(sorted);
          expect(r.decidingFollowerAckMs).toBe(r.followerAcksNeeded === 0 ? 0 : sorted[r.followerAcksNeeded - 1]);
        },
      ),
    );
  });
});

describe('writePath', () => {
  it('combines egress and commit, and says throughput does not grow with n', () => {
    const r = writePath({
      writesPerSecond: 500,
      meanEntryBytes: 2000,
      members: 3,
      leaderFsyncMs: 2,
      followers: [f(0.5, 2), f(1, 2)],
    });
    expect(r.egressBytesPerSecond).toBe(2_000_000);
    expect(r.egressBytesPerWrite).toBe(4000);
    expect(r.commit.commitMs).toBe(2.5);
    expect(r.throughputNote).toMatch(/no term that grows with n/);
  });
});
