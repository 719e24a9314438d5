/**
 * The availability chart: P(lost quorum) against per-member unavailability p on log–log axes
 * for 1, 3, 5 and 7 members, plus the reader's cluster. Positions come from d3-scale, paths
 * from d3-shape (both produce numbers and path strings, no DOM), and the result is a
 * {@link Tree}: the build serialises it to static SVG, the browser rebuilds it on every input.
 */
import { scaleLog } from 'd3-scale';
import { line } from 'd3-shape';
import { lostQuorumSeries, quorumLossProbability, type SeriesPoint } from '../model/availability.ts';
import { fmtProb, powerOfTen } from './format.ts';
import { h, type Tree, type TreeElement } from './tree.ts';

/** viewBox size; the CSS keeps this aspect ratio so the figure never shifts layout. */
export const CHART_WIDTH = 520;
export const CHART_HEIGHT = 320;
const M = { top: 14, right: 16, bottom: 46, left: 58 };
/** Member counts always drawn. */
export const CHART_MEMBERS = [1, 3, 5, 7] as const;
/** p range drawn (the model's default series range). */
export const CHART_P: readonly [number, number] = [1e-4, 0.5];
/** Lowest probability drawn; smaller values sit on the bottom edge. */
export const CHART_Y_MIN = 1e-16;
/** Decades between labelled y ticks. */
const Y_TICK_STEP = 4;

/** The reader's cluster, highlighted on the chart. */
export interface ChartCurrent {
  n: number;
  k: number;
  p: number;
}

const DASHES: Record<number, string> = { 1: '2 3', 3: '', 5: '7 3', 7: '1 2' };

/**
 * Builds the chart as an SVG tree.
 *
 * @param current - the reader's n, k and p to highlight (its series is drawn bold, with a
 *   marker at p); null draws only the four reference series.
 * @returns an `<svg>` with a `<title>`, a `<desc>`, log-decade ticks on both axes, axis labels,
 *   one `<path data-members>` per series and, with `current`, a `<circle class="chart__marker">`.
 */
export function availabilityChart(current: ChartCurrent | null): TreeElement {
  const x = scaleLog().domain(CHART_P).range([M.left, CHART_WIDTH - M.right]).clamp(true);
  const y = scaleLog().domain([CHART_Y_MIN, 1]).range([CHART_HEIGHT - M.bottom, M.top]).clamp(true);
  const path = line<SeriesPoint>()
    .x((d) => x(d.p))
    .y((d) => y(d.lostQuorum))
    .digits(1);
  const r1 = (v: number): string => String(Math.round(v * 10) / 10);

  const reference = lostQuorumSeries({ members: CHART_MEMBERS, pMin: CHART_P[0], pMax: CHART_P[1] });
  const onReference = current !== null && current.k === 0 && (CHART_MEMBERS as readonly number[]).includes(current.n);
  const own = current !== null && !onReference ? lostQuorumSeries({ members: [current.n], stopped: current.k, pMin: CHART_P[0], pMax: CHART_P[1] })[0]! : null;

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
    const hl = onReference && current!.n === s.members;
    const first = s.points[0]!;
    return h(
      'g',
      { class: hl ? 'chart__series chart__series--current' : 'chart__series' },
      h('path', { d: path(s.points) ?? '', 'data-members': String(s.members), ...(DASHES[s.members] ? { 'stroke-dasharray': DASHES[s.members]! } : {}) }),
      h('text', { class: 'chart__label', x: r1(x(first.p) + 4), y: r1(y(first.lostQuorum) + 13) }, `n = ${s.members}`),
    );
  });
  if (own) {
    const first = own.points[0]!;
    series.push(
      h(
        'g',
        { class: 'chart__series chart__series--current' },
        h('path', { d: path(own.points) ?? '', 'data-members': String(own.members), 'data-stopped': String(current!.k) }),
        h('text', { class: 'chart__label', x: r1(x(first.p) + 4), y: r1(Math.max(y(first.lostQuorum) - 6, M.top + 10)) }, `n = ${own.members}${current!.k ? `, ${current!.k} stopped` : ''}`),
      ),
    );
  }

  let marker: Tree | null = null;
  let descCurrent = '';
  if (current) {
    const r = quorumLossProbability(current.n, current.p, current.k);
    const off = current.p < CHART_P[0] || current.p > CHART_P[1] || r.lostQuorum < CHART_Y_MIN;
    marker = h('circle', { class: 'chart__marker', cx: r1(x(current.p)), cy: r1(y(r.lostQuorum)), r: '5' });
    descCurrent = ` Highlighted: ${current.n} members${current.k ? ` with ${current.k} stopped` : ''} at p = ${current.p}, P(lost quorum) = ${fmtProb(r.lostQuorum)}${off ? ' (outside the drawn range; the marker sits on the edge)' : ''}.`;
  }

  return h(
    'svg',
    { class: 'chart', viewBox: `0 0 ${CHART_WIDTH} ${CHART_HEIGHT}`, role: 'img', 'aria-labelledby': 'a-chart-title a-chart-desc', 'data-chart': 'availability' },
    h('title', { id: 'a-chart-title' }, 'Probability of lost quorum against per-member unavailability'),
    h(
      'desc',
      { id: 'a-chart-desc' },
      `Log–log chart, p from 10⁻⁴ to 0.5, probability from 10⁻¹⁶ to 1, for 1, 3, 5 and 7 members with independent failures. At p = 10⁻³: ${reference
        .map((s) => `${s.members} members ${fmtProb(quorumLossProbability(s.members, 1e-3).lostQuorum)}`)
        .join(', ')}.${descCurrent}`,
    ),
    ...grid,
    h('line', { class: 'chart__axis', x1: String(M.left), x2: String(CHART_WIDTH - M.right), y1: String(CHART_HEIGHT - M.bottom), y2: String(CHART_HEIGHT - M.bottom) }),
    h('line', { class: 'chart__axis', x1: String(M.left), x2: String(M.left), y1: String(M.top), y2: String(CHART_HEIGHT - M.bottom) }),
    h('text', { class: 'chart__axis-label', x: String((M.left + CHART_WIDTH - M.right) / 2), y: String(CHART_HEIGHT - 6), 'text-anchor': 'middle' }, 'Per-member unavailability p (log scale)'),
    h('text', { class: 'chart__axis-label', x: String(-(M.top + CHART_HEIGHT - M.bottom) / 2), y: '14', transform: 'rotate(-90)', 'text-anchor': 'middle' }, 'P(lost quorum), log scale'),
    ...series,
    marker,
  );
}
