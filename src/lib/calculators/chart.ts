/**
 * The availability chart: P(lost quorum) against per-member unavailability p on log–log axes
 * for 1, 3, 5 and 7 members, plus the reader's cluster. Built at build time as a {@link Tree}
 * that the build serialises to static SVG, with the scales and path of chart-live.ts; in the
 * browser only the highlighted layer and the description change, drawn by the same code.
 */
import { lostQuorumSeries } from '../model/availability.ts';
import { powerOfTen } from './format.ts';
import { decadeTicks, round1 } from './log-scale.ts';
import { h, type Tree, type TreeElement } from './tree.ts';
import { AVAILABILITY_EN, type ChartWords } from './messages/availability.ts';
import {
  CHART_HEIGHT,
  CHART_MARGIN as M,
  CHART_MEMBERS,
  CHART_P,
  CHART_WIDTH,
  CHART_Y,
  chartHighlight,
  chartPath,
  chartX,
  chartY,
  type ChartCurrent,
} from './chart-live.ts';

export { CHART_HEIGHT, CHART_WIDTH };
/** Decades between labelled y ticks. */
const Y_TICK_STEP = 4;

const DASHES: Record<number, string> = { 1: '2 3', 3: '', 5: '7 3', 7: '1 2' };

/**
 * Builds the chart as an SVG tree.
 *
 * @param current - the reader's n, k and p to highlight (its series is drawn bold, with a
 *   marker at p); null draws only the four reference series.
 * @param words - the page language's title, axis labels and description (English by default).
 * @returns an `<svg>` with a `<title>`, a `<desc>`, log-decade ticks on both axes, axis labels,
 *   one `<path data-members>` per reference series and a `<g data-chart-live>` layer that holds,
 *   with `current`, the reader's own series (when it is not a reference one) and a
 *   `<circle class="chart__marker">`.
 */
export function availabilityChart(
  current: ChartCurrent | null,
  words: ChartWords = AVAILABILITY_EN.chart,
): TreeElement {
  const r1 = (v: number): string => String(round1(v));
  const reference = lostQuorumSeries({ members: CHART_MEMBERS, pMin: CHART_P[0], pMax: CHART_P[1] });
  const live = chartHighlight(current, words);

  const grid: Tree[] = [];
  // Labelled ticks on every decade (x) or every 4th (y).
  for (const exp of decadeTicks(CHART_P)) {
    const px = r1(chartX(Number(`1e${exp}`)));
    grid.push(
      h('line', { class: 'chart__grid', x1: px, x2: px, y1: String(M.top), y2: String(CHART_HEIGHT - M.bottom) }),
    );
    grid.push(
      h(
        'text',
        { class: 'chart__tick', x: px, y: String(CHART_HEIGHT - M.bottom + 16), 'text-anchor': 'middle' },
        powerOfTen(exp),
      ),
    );
  }
  for (const exp of decadeTicks(CHART_Y, Y_TICK_STEP)) {
    const py = r1(chartY(Number(`1e${exp}`)));
    grid.push(
      h('line', { class: 'chart__grid', x1: String(M.left), x2: String(CHART_WIDTH - M.right), y1: py, y2: py }),
    );
    grid.push(
      h(
        'text',
        { class: 'chart__tick', x: String(M.left - 6), y: py, dy: '0.32em', 'text-anchor': 'end' },
        exp === 0 ? '1' : powerOfTen(exp),
      ),
    );
  }

  const series = reference.map((s) => {
    const first = s.points[0]!;
    return h(
      'g',
      { class: live.reference === s.members ? 'chart__series chart__series--current' : 'chart__series' },
      h('path', {
        d: chartPath(s.points),
        'data-members': String(s.members),
        ...(DASHES[s.members] ? { 'stroke-dasharray': DASHES[s.members]! } : {}),
      }),
      h(
        'text',
        { class: 'chart__label', x: r1(chartX(first.p) + 4), y: r1(chartY(first.lostQuorum) + 13) },
        `n = ${s.members}`,
      ),
    );
  });

  return h(
    'svg',
    {
      class: 'chart',
      viewBox: `0 0 ${CHART_WIDTH} ${CHART_HEIGHT}`,
      role: 'img',
      'aria-labelledby': 'a-chart-title a-chart-desc',
      'data-chart': 'availability',
    },
    h('title', { id: 'a-chart-title' }, words.title),
    h('desc', { id: 'a-chart-desc' }, live.desc),
    ...grid,
    h('line', {
      class: 'chart__axis',
      x1: String(M.left),
      x2: String(CHART_WIDTH - M.right),
      y1: String(CHART_HEIGHT - M.bottom),
      y2: String(CHART_HEIGHT - M.bottom),
    }),
    h('line', {
      class: 'chart__axis',
      x1: String(M.left),
      x2: String(M.left),
      y1: String(M.top),
      y2: String(CHART_HEIGHT - M.bottom),
    }),
    h(
      'text',
      {
        class: 'chart__axis-label',
        x: String((M.left + CHART_WIDTH - M.right) / 2),
        y: String(CHART_HEIGHT - 6),
        'text-anchor': 'middle',
      },
      words.xAxis,
    ),
    h(
      'text',
      {
        class: 'chart__axis-label',
        x: String(-(M.top + CHART_HEIGHT - M.bottom) / 2),
        y: '14',
        transform: 'rotate(-90)',
        'text-anchor': 'middle',
      },
      words.yAxis,
    ),
    ...series,
    // The browser replaces this layer's children as the input changes (chart-live.ts).
    h('g', { 'data-chart-live': '' }, ...live.layer),
  );
}
