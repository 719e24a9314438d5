/**
 * The availability chart: P(lost quorum) against per-member unavailability p on log–log axes
 * for 1, 3, 5 and 7 members, plus the reader's cluster. Build-time only: positions come from
 * d3-scale and paths from d3-shape (numbers and path strings, no DOM), and the result is a
 * {@link Tree} that the build serialises to static SVG. In the browser only the highlighted
 * layer and the description change; chart-live.ts redraws them with the same mapping, so the
 * browser never loads d3.
 */
import { scaleLog, type ScaleLogarithmic } from 'd3-scale';
import { line } from 'd3-shape';
import { lostQuorumSeries, type SeriesPoint } from '../model/availability.ts';
import { powerOfTen } from './format.ts';
import { h, type Tree, type TreeElement } from './tree.ts';
import { CHART_HEIGHT, CHART_MARGIN as M, CHART_MEMBERS, CHART_P, CHART_WIDTH, CHART_X_RANGE, CHART_Y, CHART_Y_RANGE, chartHighlight, type ChartCurrent } from './chart-live.ts';

export { CHART_HEIGHT, CHART_MEMBERS, CHART_P, CHART_WIDTH, type ChartCurrent };
export { CHART_Y_MIN } from './chart-live.ts';
/** Decades between labelled y ticks. */
const Y_TICK_STEP = 4;

const DASHES: Record<number, string> = { 1: '2 3', 3: '', 5: '7 3', 7: '1 2' };

/** The d3 scales and line generator the chart is drawn with (also used by tests to check chart-live's copy). */
export function chartScales(): { x: ScaleLogarithmic<number, number>; y: ScaleLogarithmic<number, number>; path: (points: readonly SeriesPoint[]) => string } {
  const x = scaleLog().domain(CHART_P).range(CHART_X_RANGE).clamp(true);
  const y = scaleLog().domain(CHART_Y).range(CHART_Y_RANGE).clamp(true);
  const gen = line<SeriesPoint>()
    .x((d) => x(d.p))
    .y((d) => y(d.lostQuorum))
    .digits(1);
  return { x, y, path: (points) => gen(points as SeriesPoint[]) ?? '' };
}

/**
 * Builds the chart as an SVG tree.
 *
 * @param current - the reader's n, k and p to highlight (its series is drawn bold, with a
 *   marker at p); null draws only the four reference series.
 * @returns an `<svg>` with a `<title>`, a `<desc>`, log-decade ticks on both axes, axis labels,
 *   one `<path data-members>` per reference series and a `<g data-chart-live>` layer that holds,
 *   with `current`, the reader's own series (when it is not a reference one) and a
 *   `<circle class="chart__marker">`.
 */
export function availabilityChart(current: ChartCurrent | null): TreeElement {
  const { x, y, path } = chartScales();
  const r1 = (v: number): string => String(Math.round(v * 10) / 10);
  const reference = lostQuorumSeries({ members: CHART_MEMBERS, pMin: CHART_P[0], pMax: CHART_P[1] });
  const live = chartHighlight(current, x, y, path);

  const grid: Tree[] = [];
  // Decade ticks from the log scale itself; labels on every decade (x) or every 4th (y).
  const xTicks = x.ticks().filter((t) => Number.isInteger(Math.log10(t)));
  for (const t of xTicks) {
    const px = r1(x(t));
    grid.push(h('line', { class: 'chart__grid', x1: px, x2: px, y1: String(M.top), y2: String(CHART_HEIGHT - M.bottom) }));
    grid.push(h('text', { class: 'chart__tick', x: px, y: String(CHART_HEIGHT - M.bottom + 16), 'text-anchor': 'middle' }, powerOfTen(Math.round(Math.log10(t)))));
  }
  const yTicks = y.ticks().filter((t) => Math.round(Math.log10(t)) % Y_TICK_STEP === 0 && Number.isInteger(Math.round(Math.log10(t))));
  for (const t of yTicks) {
    const py = r1(y(t));
    const exp = Math.round(Math.log10(t));
    grid.push(h('line', { class: 'chart__grid', x1: String(M.left), x2: String(CHART_WIDTH - M.right), y1: py, y2: py }));
    grid.push(h('text', { class: 'chart__tick', x: String(M.left - 6), y: py, dy: '0.32em', 'text-anchor': 'end' }, exp === 0 ? '1' : powerOfTen(exp)));
  }

  const series = reference.map((s) => {
    const first = s.points[0]!;
    return h(
      'g',
      { class: live.reference === s.members ? 'chart__series chart__series--current' : 'chart__series' },
      h('path', { d: path(s.points), 'data-members': String(s.members), ...(DASHES[s.members] ? { 'stroke-dasharray': DASHES[s.members]! } : {}) }),
      h('text', { class: 'chart__label', x: r1(x(first.p) + 4), y: r1(y(first.lostQuorum) + 13) }, `n = ${s.members}`),
    );
  });

  return h(
    'svg',
    { class: 'chart', viewBox: `0 0 ${CHART_WIDTH} ${CHART_HEIGHT}`, role: 'img', 'aria-labelledby': 'a-chart-title a-chart-desc', 'data-chart': 'availability' },
    h('title', { id: 'a-chart-title' }, 'Probability of lost quorum against per-member unavailability'),
    h('desc', { id: 'a-chart-desc' }, live.desc),
    ...grid,
    h('line', { class: 'chart__axis', x1: String(M.left), x2: String(CHART_WIDTH - M.right), y1: String(CHART_HEIGHT - M.bottom), y2: String(CHART_HEIGHT - M.bottom) }),
    h('line', { class: 'chart__axis', x1: String(M.left), x2: String(M.left), y1: String(M.top), y2: String(CHART_HEIGHT - M.bottom) }),
    h('text', { class: 'chart__axis-label', x: String((M.left + CHART_WIDTH - M.right) / 2), y: String(CHART_HEIGHT - 6), 'text-anchor': 'middle' }, 'Per-member unavailability p (log scale)'),
    h('text', { class: 'chart__axis-label', x: String(-(M.top + CHART_HEIGHT - M.bottom) / 2), y: '14', transform: 'rotate(-90)', 'text-anchor': 'middle' }, 'P(lost quorum), log scale'),
    ...series,
    // The browser replaces this layer's children as the input changes (chart-live.ts).
    h('g', { 'data-chart-live': '' }, ...live.layer),
  );
}
