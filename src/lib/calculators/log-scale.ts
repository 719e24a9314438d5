/**
 * The availability chart's geometry, used by the build (the whole chart, chart.ts) and by the
 * browser (the highlight, chart-live.ts), so both place every point identically: a clamped
 * logarithmic scale, its decade ticks, and SVG path data for a series. A few lines of arithmetic
 * rather than d3-scale and d3-shape, which would add their interpolators and formatters to the
 * browser bundle for the same numbers.
 */

/** A value → pixel mapping. */
export type Scale = (v: number) => number;

/**
 * A clamped log scale: a value is clamped to the domain, its natural log normalised to t in
 * [0, 1], and the pixel interpolated as `r0·(1−t) + r1·t` (the arithmetic of d3's
 * `scaleLog().clamp(true)`, which drew this chart before).
 *
 * @param domain - positive [min, max], min < max.
 * @param range - pixels for domain[0] and domain[1] (either order: y axes run bottom to top).
 * @throws RangeError for a domain that is not positive and increasing.
 */
export function logScale(domain: readonly [number, number], range: readonly [number, number]): Scale {
  const [d0, d1] = domain;
  if (!(d0 > 0 && d1 > d0 && Number.isFinite(d1)))
    throw new RangeError(`A log scale needs a positive, increasing domain; got [${d0}, ${d1}].`);
  const l0 = Math.log(d0);
  const span = Math.log(d1) - l0;
  return (v) => {
    const t = (Math.log(Math.max(d0, Math.min(d1, v))) - l0) / span;
    return range[0] * (1 - t) + range[1] * t;
  };
}

/**
 * The decade exponents inside a domain: [1e-4, 0.5] → [-4, -3, -2, -1].
 * @param every - keep only exponents divisible by this (4 → 10⁻¹⁶, 10⁻¹², …, 1).
 */
export function decadeTicks(domain: readonly [number, number], every = 1): number[] {
  const out: number[] = [];
  for (let e = Math.ceil(Math.log10(domain[0])); e <= Math.floor(Math.log10(domain[1])); e++)
    if (e % every === 0) out.push(e);
  return out;
}

/** Rounds a coordinate to one decimal, as every coordinate in the chart is written. */
export const round1 = (v: number): number => Math.round(v * 10) / 10;

/**
 * SVG path data through a series' points, straight segments: `M x,y` then `L x,y` for each
 * further point, coordinates rounded to one decimal (see {@link round1}).
 *
 * @param x - x value → pixels; @param y - y value → pixels.
 * @returns a function from points (values, not pixels) to path data; "" for no point.
 */
export function linePath<P>(x: (p: P) => number, y: (p: P) => number): (points: readonly P[]) => string {
  return (points) => points.map((d, i) => `${i ? 'L' : 'M'}${round1(x(d))},${round1(y(d))}`).join('');
}
