// The site's lab statistics and the timeouts rule the lab and the model share.
import { describe, expect, it } from 'vitest';
import { countPerInterval, failureWindow, median, ratio } from '../../../src/lib/lab/stats.ts';
import { timeoutsForRtt } from '../../../src/lib/lab/timeouts.ts';

describe('failure window', () => {
  it('is the gap around the stop between acknowledgements', () => {
    expect(failureWindow([100, 900, 950, 2100, 2200], 1000)).toBe(2100 - 950);
    expect(failureWindow([2200, 100, 2100, 950], 1000)).toBe(2100 - 950);
  });
  it('is not ended by writes committed before the stop and acknowledged just after it', () => {
    expect(failureWindow([900, 990, 1001, 1003, 2100, 2110], 1000)).toBe(2100 - 1003);
  });
  it('starts at the stop when nothing was acknowledged before it, and is null when nothing came after', () => {
    expect(failureWindow([1500, 1600], 1000)).toBe(500);
    expect(failureWindow([100, 200], 1000)).toBeNull();
    expect(failureWindow([], 1000)).toBeNull();
  });
});

describe('acknowledgements per interval', () => {
  it('counts events per slice up to the last one', () => {
    expect(countPerInterval([0, 50, 99.9, 100, 350], 100)).toEqual([3, 1, 0, 1]);
    expect(countPerInterval([], 100)).toEqual([]);
    expect(() => countPerInterval([1], 0)).toThrow(RangeError);
  });
});

describe('median and ratio', () => {
  it('median takes the lower middle and refuses an empty list', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2);
    expect(() => median([])).toThrow(RangeError);
  });
  it('ratio rounds to 2 decimals and is null without both values', () => {
    expect(ratio(1, 3)).toBe(0.33);
    expect(ratio(null, 3)).toBeNull();
    expect(ratio(3, 0)).toBeNull();
    expect(ratio(3, undefined)).toBeNull();
  });
});

describe('timeouts from the RTT', () => {
  it('keeps etcd defaults for small RTTs and unknown RTT', () => {
    expect(timeoutsForRtt(null)).toEqual({ heartbeatMs: 100, electionTimeoutMs: 1000, refusal: null });
    expect(timeoutsForRtt(0)).toEqual({ heartbeatMs: 100, electionTimeoutMs: 1000, refusal: null });
    expect(timeoutsForRtt(50)).toEqual({ heartbeatMs: 100, electionTimeoutMs: 1000, refusal: null });
  });
  it('follows the timeouts model: heartbeat ⌈RTT⌉, election ≥ 10 × RTT in whole heartbeats, refused past 50 s', () => {
    expect(timeoutsForRtt(200)).toEqual({ heartbeatMs: 200, electionTimeoutMs: 2000, refusal: null });
    expect(timeoutsForRtt(101)).toEqual({ heartbeatMs: 101, electionTimeoutMs: 1010, refusal: null });
    const far = timeoutsForRtt(10_000);
    expect(far.electionTimeoutMs).toBe(100_000);
    expect(far.refusal).toMatch(/50000/);
  });
  it('refuses negative or non-finite RTT', () => {
    expect(() => timeoutsForRtt(-1)).toThrow(RangeError);
    expect(() => timeoutsForRtt(Number.NaN)).toThrow(RangeError);
  });
});
