/**
 * Latency recording with HdrHistogram (hdr-histogram-js, the JavaScript port of Gil Tene's
 * HdrHistogram: fixed memory, 3 significant digits over the whole range, so p99 and max are exact
 * to 0.1 % instead of averaged away).
 */
import * as hdr from 'hdr-histogram-js';
import type { LatencyStats } from '../../../src/lib/lab/result.ts';

/** Records durations in microseconds; reports milliseconds. */
export class LatencyRecorder {
  // 1 µs to 10 min, 3 significant digits.
  private readonly histogram = hdr.build({
    lowestDiscernibleValue: 1,
    highestTrackableValue: 600_000_000,
    numberOfSignificantValueDigits: 3,
  });

  /** Records one operation that took `ms` milliseconds (clamped to the histogram's range). */
  record(ms: number): void {
    const us = Math.min(600_000_000, Math.max(1, Math.round(ms * 1000)));
    this.histogram.recordValue(us);
  }

  /** Count and p50/p90/p99/max/mean in ms (all 0 when nothing was recorded). */
  stats(): LatencyStats {
    const h = this.histogram;
    const count = h.totalCount;
    const ms = (us: number): number => (count === 0 ? 0 : Math.round(us) / 1000);
    return {
      count,
      p50Ms: ms(h.getValueAtPercentile(50)),
      p90Ms: ms(h.getValueAtPercentile(90)),
      p99Ms: ms(h.getValueAtPercentile(99)),
      maxMs: ms(h.maxValue),
      meanMs: count === 0 ? 0 : Math.round(h.mean) / 1000,
    };
  }
}
