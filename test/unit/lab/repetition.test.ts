/**
 * The pure parts of repeated, attributable measurements the site draws: shuffles and spreads,
 * machine load from /proc/stat, and the declared drawn run.
 */
import { describe, expect, it } from 'vitest';
import { chooseLabRun, undeclaredNewerRuns } from '../../../src/lib/lab/choose-run.ts';
import { busyFraction, isCpuBound, parseProcStat } from '../../../src/lib/lab/cpu.ts';
import type { LoadWindow } from '../../../src/lib/lab/result.ts';
import { seededRandom, shuffled, spreadOf, summarizeWindows, windowOrder } from '../../../src/lib/lab/windows.ts';

describe('shuffled windows', () => {
  it('the same seed gives the same order; every round holds every load once', () => {
    const loads = ['w', 'l', 's', 'm'];
    const a = windowOrder(loads, 5, seededRandom(42));
    expect(windowOrder(loads, 5, seededRandom(42))).toEqual(a);
    expect(a).toHaveLength(20);
    for (let r = 0; r < 5; r++) expect([...a.slice(r * 4, r * 4 + 4)].sort()).toEqual([...loads].sort());
    // Not one fixed order: over 5 rounds at least two rounds differ.
    expect(new Set([0, 1, 2, 3, 4].map((r) => a.slice(r * 4, r * 4 + 4).join())).size).toBeGreaterThan(1);
    expect(shuffled([1, 2, 3], seededRandom(1)).sort()).toEqual([1, 2, 3]);
  });

  it('summarises windows by medians and sums, keeping them', () => {
    const w = (t: number, p50: number, order: number): LoadWindow => ({
      order,
      clients: 4,
      durationMs: 1000,
      ops: t,
      errors: 1,
      throughputPerSec: t,
      latency: { count: t, p50Ms: p50, p90Ms: p50 * 2, p99Ms: p50 * 3, maxMs: p50 * 4, meanMs: p50 },
      machine: null,
      delay: null,
    });
    const s = summarizeWindows([w(100, 5, 0), w(300, 1, 1), w(200, 3, 2)], { valueBytes: 10, keys: 5 }, null);
    expect(s.throughputPerSec).toBe(200);
    expect(s.latency.p50Ms).toBe(3);
    expect(s.latency.p99Ms).toBe(9);
    expect(s.ops).toBe(600);
    expect(s.errors).toBe(3);
    expect(s.durationMs).toBe(3000);
    expect(s.windows).toHaveLength(3);
    expect(spreadOf([3, 1, 2])).toEqual({ median: 2, min: 1, max: 3, n: 3 });
    expect(() => summarizeWindows([], { valueBytes: 1, keys: 1 }, null)).toThrow(RangeError);
  });
});

describe('machine load', () => {
  it('reads the aggregate cpu line and gives the busy share between two readings', () => {
    const a = parseProcStat('cpu  100 0 50 800 50 0 0 0 0 0\ncpu0 50 0 25 400 25 0 0 0 0 0\n');
    const b = parseProcStat('cpu  190 0 100 850 60 0 0 0 0 0\n');
    expect(a).toEqual({ total: 1000, idle: 850 });
    // 200 jiffies passed, 60 of them idle or waiting for I/O.
    expect(busyFraction(a, b)).toBeCloseTo(0.7, 5);
    expect(busyFraction(a, a)).toBeNull();
    expect(isCpuBound(0.95)).toBe(true);
    expect(isCpuBound(0.7)).toBe(false);
    expect(isCpuBound(null)).toBe(false);
    expect(() => parseProcStat('intr 1 2')).toThrow(/no aggregate cpu line/);
  });
});

describe('the drawn run', () => {
  const runs = [
    { name: 'lab-a', result: { kind: 'lab', startedAt: '2026-12-01T10:00:00Z' } },
    { name: 'lab-b', result: { kind: 'lab', startedAt: '2026-12-02T10:00:00Z' } },
    { name: 'probe-c', result: { kind: 'probe', startedAt: '2026-12-03T10:00:00Z' } },
  ];
  it('is the declared one, not the newest, unless a figure names another; newer lab runs are named', () => {
    expect(chooseLabRun(runs, 'lab-a')!.name).toBe('lab-a');
    expect(chooseLabRun(runs, 'lab-a', 'lab-b')!.name).toBe('lab-b');
    expect(chooseLabRun(runs, 'lab-x')).toBeUndefined();
    expect(undeclaredNewerRuns(runs, 'lab-a').map((r) => r.name)).toEqual(['lab-b']);
    expect(undeclaredNewerRuns(runs, 'lab-b')).toEqual([]);
  });
});
