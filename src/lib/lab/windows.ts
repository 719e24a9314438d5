/**
 * Repetition: a seeded shuffle for the order of clusters and windows, the median and spread of a
 * cell's windows, and one load summary from its windows.
 */
import type { LatencyStats, LoadResult, LoadWindow } from './result.ts';
import { median } from './stats.ts';

/**
 * A deterministic pseudo-random source (mulberry32, a 32-bit generator by Tommy Ettinger,
 * public domain): the same seed gives the same order, so a run's order can be recorded and redone.
 * @returns a function giving numbers in [0, 1).
 */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A shuffled copy of `items` (Fisher–Yates with `random`). */
export function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/**
 * The order of a cluster's measured windows: `repeats` rounds, each holding every load once in a
 * shuffled order, so a slow drift of the machine (another job starting, the disk filling) spreads
 * over every load instead of landing on the last one.
 */
export function windowOrder<T>(loads: readonly T[], repeats: number, random: () => number): T[] {
  const order: T[] = [];
  for (let r = 0; r < repeats; r++) order.push(...shuffled(loads, random));
  return order;
}

/** Median, lowest and highest of a list of values. */
export interface Spread {
  median: number;
  min: number;
  max: number;
  n: number;
}

/** @throws RangeError for an empty list. */
export function spreadOf(values: readonly number[]): Spread {
  if (values.length === 0) throw new RangeError('spread of no values');
  return { median: median(values), min: Math.min(...values), max: Math.max(...values), n: values.length };
}

const LATENCY_FIELDS = ['p50Ms', 'p90Ms', 'p99Ms', 'maxMs', 'meanMs'] as const;

/** Each percentile's median over several windows' latency; `count` is their sum. */
export function medianLatency(stats: readonly LatencyStats[]): LatencyStats {
  if (stats.length === 0) throw new RangeError('latency of no windows');
  const out = { count: stats.reduce((n, s) => n + s.count, 0) } as LatencyStats;
  for (const f of LATENCY_FIELDS) out[f] = median(stats.map((s) => s[f]));
  return out;
}

/**
 * One load's summary from its windows: medians of throughput and of each latency percentile, sums
 * of operations, errors and time, the first error seen; the windows are kept beside it.
 * @throws RangeError without windows.
 */
export function summarizeWindows(
  windows: readonly LoadWindow[],
  shape: Pick<LoadResult, 'valueBytes' | 'keys'>,
  firstError: string | null,
): LoadResult {
  if (windows.length === 0) throw new RangeError('no windows to summarise');
  return {
    clients: windows[0]!.clients,
    valueBytes: shape.valueBytes,
    keys: shape.keys,
    durationMs: windows.reduce((n, w) => n + w.durationMs, 0),
    ops: windows.reduce((n, w) => n + w.ops, 0),
    errors: windows.reduce((n, w) => n + w.errors, 0),
    throughputPerSec: median(windows.map((w) => w.throughputPerSec)),
    latency: medianLatency(windows.map((w) => w.latency)),
    firstError,
    windows: [...windows],
  };
}
