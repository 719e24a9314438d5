/**
 * A grouped bar chart as a static SVG {@link Tree}: the build serialises it, and no chart code
 * reaches the browser. Colours come from CSS classes (`bar-chart__bar--s0` …) so light and dark
 * themes and print restyle it.
 */
import { h, type Tree, type TreeElement } from '../calculators/tree.ts';

/**
 * One bar: its series index, its value (null: not measured, drawn as `missing`), the label above it,
 * and optionally the range of the repetitions it summarises (drawn as a whisker across the bar).
 */
export interface Bar {
  series: number;
  value: number | null;
  label: string;
  range?: { lo: number; hi: number };
}

/** Bars side by side under one label on the x axis. */
export interface BarGroup {
  label: string;
  bars: Bar[];
}

export interface BarChartSpec {
  /** Prefix for the SVG's title and description ids; unique on the page. */
  id: string;
  title: string;
  /** The chart's accessible description: what it shows and the figures that matter. */
  desc: string;
  /** Y axis label with its unit, e.g. "writes/s". */
  yLabel: string;
  /** Series names, shown in the legend; a bar's `series` indexes this list (at most 4 are styled). */
  series: string[];
  groups: BarGroup[];
  /** A horizontal line across the plot, e.g. the election timeout. */
  reference?: { value: number; label: string };
  /** A dense chart (a timeline): no value above each bar, and groups with an empty label get no label. */
  dense?: boolean;
  /** Vertical lines at a position on the x axis, in groups from the left edge (2.5: halfway into the third group). */
  markers?: { at: number; label: string }[];
  /** The text drawn for a bar that was not measured, in the page's language; "n/a" unless given. */
  missing?: string;
}

/** The chart's drawing size in SVG units; the CSS scales it to the column width. */
export const BAR_CHART_WIDTH = 560;
export const BAR_CHART_HEIGHT = 300;
const M = { top: 34, right: 12, bottom: 40, left: 60 };

/**
 * Axis ticks from 0 that cover `max` with 3 to 6 steps of 1, 2 or 5 × 10ⁿ.
 *
 * @param max - the largest value to show, ≥ 0 (0 gives the ticks of 1).
 * @returns ascending tick values starting at 0; the last is ≥ max.
 * @throws RangeError when max is negative or not finite.
 */
export function niceTicks(max: number): number[] {
  if (!Number.isFinite(max) || max < 0) throw new RangeError(`niceTicks: max must be a finite number ≥ 0, got ${max}`);
  const top = max === 0 ? 1 : max;
  const raw = top / 5;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * magnitude).find((s) => top / s <= 6)!;
  const ticks: number[] = [];
  for (let i = 0; i * step < top + step * 1e-9; i++) ticks.push(Number((i * step).toPrecision(12)));
  if (ticks[ticks.length - 1]! < top) ticks.push(Number((ticks.length * step).toPrecision(12)));
  return ticks;
}

/** Tick text: thousands separated, at most two decimals. */
function tickText(v: number): string {
  return v.toLocaleString('en-US', { maximumFractionDigits: 2 });
}

const r1 = (v: number): string => String(Math.round(v * 10) / 10);

/**
 * A legend entry's estimated width at 12px: 7 units a character, and 5 more for a wide (CJK) one,
 * which takes about a full em.
 */
const legendWidth = (s: string): number =>
  s.length * 7 + (s.match(/[\u2e80-\u9fff\uac00-\ud7af\uff01-\uff60\uffe0-\uffe6]/g)?.length ?? 0) * 5;

/**
 * Draws a grouped bar chart.
 *
 * @param spec - groups of bars on a linear y axis from 0; a value must be finite and ≥ 0.
 * @returns an `<svg role="img">` with `<title>`, `<desc>`, y gridlines and ticks, one
 *   `<rect data-series data-value>` per measured bar with its label above, "n/a" for an unmeasured
 *   one, the group labels, a legend and the optional reference line.
 * @throws RangeError for a negative or non-finite value, or a bar whose series is not in `series`.
 */
export function barChart(spec: BarChartSpec): TreeElement {
  for (const g of spec.groups) {
    for (const b of g.bars) {
      if (b.value !== null && (!Number.isFinite(b.value) || b.value < 0))
        throw new RangeError(
          `barChart ${spec.id}: bar "${g.label}" has value ${b.value}; values must be finite and ≥ 0`,
        );
      if (b.range && !(b.range.lo >= 0 && b.range.hi >= b.range.lo && Number.isFinite(b.range.hi)))
        throw new RangeError(
          `barChart ${spec.id}: bar "${g.label}" has range ${b.range.lo}–${b.range.hi}; a range must be finite, ≥ 0 and ascending`,
        );
      if (!Number.isInteger(b.series) || b.series < 0 || b.series >= spec.series.length)
        throw new RangeError(
          `barChart ${spec.id}: bar "${g.label}" names series ${b.series}, which is not in the legend`,
        );
    }
  }
  const values = spec.groups.flatMap((g) => g.bars.map((b) => Math.max(b.value ?? 0, b.range?.hi ?? 0)));
  const ticks = niceTicks(Math.max(0, ...values, spec.reference?.value ?? 0));
  const yMax = ticks[ticks.length - 1]!;
  const plotW = BAR_CHART_WIDTH - M.left - M.right;
  const plotH = BAR_CHART_HEIGHT - M.top - M.bottom;
  const y = (v: number): number => M.top + plotH - (v / yMax) * plotH;
  const bottom = M.top + plotH;

  const out: Tree[] = [];
  for (const t of ticks) {
    out.push(
      h('line', {
        class: 'bar-chart__grid',
        x1: String(M.left),
        x2: String(M.left + plotW),
        y1: r1(y(t)),
        y2: r1(y(t)),
      }),
    );
    out.push(
      h(
        'text',
        { class: 'bar-chart__tick', x: String(M.left - 6), y: r1(y(t)), dy: '0.32em', 'text-anchor': 'end' },
        tickText(t),
      ),
    );
  }
  const groupW = plotW / Math.max(1, spec.groups.length);
  spec.groups.forEach((g, gi) => {
    const n = Math.max(1, g.bars.length);
    const barW = spec.dense ? groupW * 0.8 : Math.min(56, (groupW * 0.76) / n);
    const x0 = M.left + gi * groupW + (groupW - barW * n) / 2;
    g.bars.forEach((b, bi) => {
      const x = x0 + bi * barW;
      const cx = r1(x + barW / 2);
      if (b.value === null) {
        out.push(
          h(
            'text',
            { class: 'bar-chart__value', x: cx, y: r1(bottom - 6), 'text-anchor': 'middle' },
            spec.missing ?? 'n/a',
          ),
        );
        return;
      }
      out.push(
        h('rect', {
          class: `bar-chart__bar bar-chart__bar--s${b.series}`,
          x: r1(x + 1),
          y: r1(y(b.value)),
          width: r1(barW - 2),
          height: r1(bottom - y(b.value)),
          'data-series': String(b.series),
          'data-value': String(b.value),
        }),
      );
      if (b.range) {
        const wx = { x1: r1(x + barW * 0.3), x2: r1(x + barW * 0.7) };
        out.push(
          h('line', {
            class: 'bar-chart__range',
            x1: cx,
            x2: cx,
            y1: r1(y(b.range.lo)),
            y2: r1(y(b.range.hi)),
            'data-range': `${b.range.lo}–${b.range.hi}`,
          }),
          h('line', { class: 'bar-chart__range', ...wx, y1: r1(y(b.range.lo)), y2: r1(y(b.range.lo)) }),
          h('line', { class: 'bar-chart__range', ...wx, y1: r1(y(b.range.hi)), y2: r1(y(b.range.hi)) }),
        );
      }
      // The label sits above the bar, or above its range when that reaches higher.
      const top = Math.max(b.value, b.range?.hi ?? 0);
      if (!spec.dense)
        out.push(h('text', { class: 'bar-chart__value', x: cx, y: r1(y(top) - 4), 'text-anchor': 'middle' }, b.label));
    });
    if (spec.dense && g.label === '') return;
    out.push(
      h(
        'text',
        {
          class: 'bar-chart__group',
          x: r1(M.left + gi * groupW + groupW / 2),
          y: String(bottom + 18),
          'text-anchor': 'middle',
        },
        g.label,
      ),
    );
  });
  for (const [i, m] of (spec.markers ?? []).entries()) {
    const mx = r1(M.left + m.at * groupW);
    out.push(h('line', { class: 'bar-chart__marker', x1: mx, x2: mx, y1: String(M.top), y2: String(bottom) }));
    // Labels alternate in height so that two markers close together stay readable.
    out.push(
      h(
        'text',
        { class: 'bar-chart__marker-label', x: r1(Number(mx) + 4), y: String(M.top + 12 + (i % 2) * 14) },
        m.label,
      ),
    );
  }
  if (spec.reference) {
    const ry = r1(y(spec.reference.value));
    out.push(
      h('line', { class: 'bar-chart__reference', x1: String(M.left), x2: String(M.left + plotW), y1: ry, y2: ry }),
    );
  }
  out.push(
    h('line', {
      class: 'bar-chart__axis',
      x1: String(M.left),
      x2: String(M.left + plotW),
      y1: String(bottom),
      y2: String(bottom),
    }),
  );
  out.push(
    h(
      'text',
      {
        class: 'bar-chart__axis-label',
        x: String(-(M.top + bottom) / 2),
        y: '14',
        transform: 'rotate(-90)',
        'text-anchor': 'middle',
      },
      spec.yLabel,
    ),
  );
  // Legend along the top: one swatch per series, then the reference line's (its label would cross the bars).
  let lx = M.left;
  spec.series.forEach((name, si) => {
    out.push(
      h('rect', { class: `bar-chart__bar bar-chart__bar--s${si}`, x: String(lx), y: '8', width: '12', height: '12' }),
    );
    out.push(h('text', { class: 'bar-chart__legend', x: String(lx + 17), y: '18' }, name));
    lx += 17 + legendWidth(name) + 16;
  });
  if (spec.reference) {
    out.push(h('line', { class: 'bar-chart__reference', x1: String(lx), x2: String(lx + 16), y1: '14', y2: '14' }));
    out.push(h('text', { class: 'bar-chart__legend', x: String(lx + 21), y: '18' }, spec.reference.label));
  }

  return h(
    'svg',
    {
      class: 'bar-chart',
      viewBox: `0 0 ${BAR_CHART_WIDTH} ${BAR_CHART_HEIGHT}`,
      role: 'img',
      'aria-labelledby': `${spec.id}-title ${spec.id}-desc`,
      'data-chart': spec.id,
    },
    h('title', { id: `${spec.id}-title` }, spec.title),
    h('desc', { id: `${spec.id}-desc` }, spec.desc),
    ...out,
  );
}
