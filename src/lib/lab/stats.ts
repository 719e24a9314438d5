/** Small pure computations on lab measurements. */

/**
 * The write-failure window after a stop: the longest gap between consecutive acknowledgements
 * that ends after `stopAtMs`, the first gap starting at the last acknowledgement before the stop.
 * Writes committed before the stop can still be acknowledged just after it, so the first
 * acknowledgement after the stop does not end the window; the longest gap does.
 *
 * @param ackTimesMs - times writes were acknowledged, ms from the load's start, any order.
 * @param stopAtMs - when the member was stopped, same clock.
 * @returns the gap in ms (from `stopAtMs` when nothing was acknowledged before it), or null when
 *   nothing was acknowledged after the stop.
 */
export function failureWindow(ackTimesMs: readonly number[], stopAtMs: number): number | null {
  const sorted = [...ackTimesMs].sort((a, b) => a - b);
  const firstAfter = sorted.findIndex((t) => t > stopAtMs);
  if (firstAfter < 0) return null;
  let previous = firstAfter > 0 ? sorted[firstAfter - 1]! : stopAtMs;
  let longest = 0;
  for (let i = firstAfter; i < sorted.length; i++) {
    longest = Math.max(longest, sorted[i]! - previous);
    previous = sorted[i]!;
  }
  return longest;
}

/** Median of `xs` (the lower middle for an even count). @throws RangeError for an empty list. */
export function median(xs: readonly number[]): number {
  if (xs.length === 0) throw new RangeError('median of no values');
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor((s.length - 1) / 2)]!;
}

/** `a ÷ b` rounded to 2 decimals, or null when either is missing or b is 0. */
export function ratio(a: number | null | undefined, b: number | null | undefined): number | null {
  if (a == null || b == null || b === 0 || !Number.isFinite(a) || !Number.isFinite(b)) return null;
  return Math.round((a / b) * 100) / 100;
}

/**
 * Counts of events per `intervalMs` slice from 0 to the last event.
 * @param timesMs - event times, ms from the start, ≥ 0.
 * @returns counts, slice i covering [i × intervalMs, (i + 1) × intervalMs); empty without events.
 * @throws RangeError for an interval that is not positive.
 */
export function countPerInterval(timesMs: readonly number[], intervalMs: number): number[] {
  if (!(intervalMs > 0)) throw new RangeError(`interval must be > 0 ms, got ${intervalMs}`);
  if (timesMs.length === 0) return [];
  const counts = new Array<number>(Math.floor(Math.max(...timesMs) / intervalMs) + 1).fill(0);
  for (const t of timesMs) counts[Math.floor(Math.max(0, t) / intervalMs)]!++;
  return counts;
}
