/**
 * The availability chart's frame (size, margins, domains, scales) and the part of it that follows
 * the reader's input: the highlighted series, the marker at p and the description. The build
 * draws the whole chart with these scales (chart.ts); the browser redraws only the highlight, with
 * the same scales (log-scale.ts), and the static parts (axes, ticks, the four reference series)
 * stay as the build drew them.
 */
import { lostQuorumSeries, quorumLossProbability, type SeriesPoint } from '../model/availability.ts';
import { fmtProb } from './format.ts';
import { AVAILABILITY_EN, type ChartWords } from './messages/availability.ts';
import { linePath, logScale, round1 as r1, type Scale } from './log-scale.ts';
import { h, type Tree } from './tree.ts';

/** viewBox size; the CSS keeps this aspect ratio so the figure never shifts layout. */
export const CHART_WIDTH = 520;
export const CHART_HEIGHT = 320;
/** Plot margins inside the viewBox (room for tick labels and axis titles). */
export const CHART_MARGIN = { top: 14, right: 16, bottom: 46, left: 58 } as const;
/** Member counts always drawn. */
export const CHART_MEMBERS = [1, 3, 5, 7] as const;
/** p range drawn (the model's default series range): the x domain. */
export const CHART_P: readonly [number, number] = [1e-4, 0.5];
/** Lowest probability drawn; smaller values sit on the bottom edge. */
const CHART_Y_MIN = 1e-16;
/** y domain: P(lost quorum) from {@link CHART_Y_MIN} to 1. */
export const CHART_Y: readonly [number, number] = [CHART_Y_MIN, 1];
/** Pixel ranges of the two axes (y grows downwards, so its range runs bottom to top). */
export const CHART_X_RANGE: readonly [number, number] = [CHART_MARGIN.left, CHART_WIDTH - CHART_MARGIN.right];
export const CHART_Y_RANGE: readonly [number, number] = [CHART_HEIGHT - CHART_MARGIN.bottom, CHART_MARGIN.top];

/** The reader's cluster, highlighted on the chart. */
export interface ChartCurrent {
  n: number;
  k: number;
  p: number;
}

/** p → pixels on the x axis. */
export const chartX: Scale = logScale(CHART_P, CHART_X_RANGE);
/** P(lost quorum) → pixels on the y axis. */
export const chartY: Scale = logScale(CHART_Y, CHART_Y_RANGE);
/** Path data of a series of (p, P(lost quorum)) points. */
export const chartPath: (points: readonly SeriesPoint[]) => string = linePath<SeriesPoint>(
  (d) => chartX(d.p),
  (d) => chartY(d.lostQuorum),
);

/** What the input changes on the chart. */
export interface ChartHighlight {
  /** Reference series (1, 3, 5 or 7 members) drawn bold, or null. */
  reference: number | null;
  /** The reader's own series and the marker at p: children of the live layer. */
  layer: Tree[];
  /** Full text of the SVG's `<desc>`. */
  desc: string;
}

/**
 * The highlighted parts of the chart for the reader's cluster.
 *
 * @param current - n, k and p; null highlights nothing.
 * @param words - the page language's label and description words (English by default).
 * @returns which reference series to highlight, the live layer (a series of its own when n
 *   with k is not one of the reference series, and a `circle.chart__marker` at p), and the
 *   description, which names the highlighted point and says when it lies outside the drawn range.
 */
export function chartHighlight(
  current: ChartCurrent | null,
  words: ChartWords = AVAILABILITY_EN.chart,
): ChartHighlight {
  const base = words.base(CHART_MEMBERS.map((n) => [n, fmtProb(quorumLossProbability(n, 1e-3).lostQuorum)] as const));
  if (!current) return { reference: null, layer: [], desc: base };
  const { n, k, p } = current;
  const onReference = k === 0 && (CHART_MEMBERS as readonly number[]).includes(n);
  const layer: Tree[] = [];
  if (!onReference) {
    const own = lostQuorumSeries({ members: [n], stopped: k, pMin: CHART_P[0], pMax: CHART_P[1] })[0]!;
    const first = own.points[0]!;
    layer.push(
      h(
        'g',
        { class: 'chart__series chart__series--current' },
        h('path', { d: chartPath(own.points), 'data-members': String(n), 'data-stopped': String(k) }),
        h(
          'text',
          {
            class: 'chart__label',
            x: String(r1(chartX(first.p) + 4)),
            y: String(r1(Math.max(chartY(first.lostQuorum) - 6, CHART_MARGIN.top + 10))),
          },
          words.seriesLabel(n, k),
        ),
      ),
    );
  }
  const { lostQuorum: lost, keepsQuorum } = quorumLossProbability(n, p, k);
  const off = p < CHART_P[0] || p > CHART_P[1] || lost < CHART_Y_MIN;
  layer.push(h('circle', { class: 'chart__marker', cx: String(r1(chartX(p))), cy: String(r1(chartY(lost))), r: '5' }));
  return {
    reference: onReference ? n : null,
    layer,
    desc: `${base}${words.highlighted(n, k, p, fmtProb(lost, null, keepsQuorum), off)}`,
  };
}
