/** Summaries of repeated timings for the benchmarks. */

/** Median, minimum and maximum of some samples, in the samples' unit. */
export interface Spread {
  median: number;
  min: number;
  max: number;
  n: number;
}

/**
 * @param samples - at least one finite number.
 * @throws Error on an empty list or a non-finite sample.
 */
export function spread(samples: readonly number[]): Spread {
  if (samples.length === 0) throw new Error('spread: no samples');
  if (samples.some((s) => !Number.isFinite(s))) throw new Error('spread: a sample is not a finite number');
  const sorted = [...samples].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  const median = sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  return { median, min: sorted[0]!, max: sorted.at(-1)!, n: sorted.length };
}

/** "31.2 s (min 30.1, max 33.0, n=3)" for a spread of milliseconds. */
export function formatSeconds(s: Spread): string {
  const f = (ms: number): string => (ms / 1000).toFixed(1);
  return `${f(s.median)} s (min ${f(s.min)}, max ${f(s.max)}, n=${s.n})`;
}
