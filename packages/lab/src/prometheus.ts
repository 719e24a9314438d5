/**
 * Just enough of the Prometheus text exposition format for the probe: histogram buckets and
 * gauges by metric name, summed over label sets (and over the members scraped).
 * Format: https://prometheus.io/docs/instrumenting/exposition_formats/#text-based-format
 */

/** Cumulative buckets of one histogram: upper bound (seconds or the metric's unit) → count. */
export interface Histogram {
  buckets: Map<number, number>;
  count: number;
}

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{([^}]*)\})?\s+(\S+)/;

/**
 * Reads the samples of `text` into histograms (`<name>_bucket{le=…}`, `<name>_count`) and plain
 * gauges/counters, adding into `into` so several scrapes combine.
 */
export function parseMetrics(
  text: string,
  into: { histograms: Map<string, Histogram>; values: Map<string, number> } = {
    histograms: new Map(),
    values: new Map(),
  },
): { histograms: Map<string, Histogram>; values: Map<string, number> } {
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const m = SAMPLE.exec(line.trim());
    if (!m) continue;
    const [, name, labels = '', raw] = m;
    const value = Number(raw);
    if (!Number.isFinite(value) && raw !== '+Inf') continue;
    if (name!.endsWith('_bucket')) {
      const le = /(?:^|,)\s*le="([^"]+)"/.exec(labels)?.[1];
      if (le === undefined) continue;
      const base = name!.slice(0, -'_bucket'.length);
      const h = into.histograms.get(base) ?? { buckets: new Map(), count: 0 };
      const bound = le === '+Inf' ? Number.POSITIVE_INFINITY : Number(le);
      h.buckets.set(bound, (h.buckets.get(bound) ?? 0) + value);
      into.histograms.set(base, h);
    } else if (name!.endsWith('_count') && into.histograms.has(name!.slice(0, -'_count'.length))) {
      into.histograms.get(name!.slice(0, -'_count'.length))!.count += value;
    } else {
      into.values.set(name!, (into.values.get(name!) ?? 0) + value);
    }
  }
  return into;
}

/**
 * The upper bound of the bucket holding quantile `q` (0–1) of a cumulative histogram, or null
 * when it is empty or falls in the +Inf bucket. An upper bound, not an interpolation: the summary
 * says so.
 */
export function bucketQuantile(h: Histogram, q: number): number | null {
  if (!(q >= 0 && q <= 1)) throw new RangeError(`quantile must be within 0–1, got ${q}`);
  const bounds = [...h.buckets.keys()].sort((a, b) => a - b);
  const total = bounds.length ? h.buckets.get(bounds[bounds.length - 1]!)! : 0;
  if (total === 0) return null;
  for (const b of bounds) if (h.buckets.get(b)! >= q * total) return Number.isFinite(b) ? b : null;
  return null;
}
