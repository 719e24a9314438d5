/**
 * The availability calculator's words in each language it speaks (../availability.ts builds its
 * form and its answer from them). Figures come in computed and formatted; a catalogue only words them.
 */
import type { ViewText } from '../calc.ts';
import type { CalcLang } from '../calc-words.ts';
import { fmtInt, plural } from '../format.ts';

export interface AvailabilityWords {
  /** Field labels as the number parser's messages name them. */
  pLabel: string;
  mtbfLabel: string;
  mttrLabel: string;
  membersLabel: string;
  stoppedLabel: string;
  /** MTBF and MTTR both 0: no unavailability can be derived. */
  mtbfMttrZero: string;
  /** The fact shown in MTBF mode: p derived from MTBF and MTTR. */
  pFromMtbf: string;
  lostQuorum: string;
  nines: string;
  /** The nines' value when p = 0: the model never loses quorum. */
  ninesUnbounded: string;
  timeWithoutQuorum: string;
  /**
   * The note under the figures: n members (k stopped) need `quorum` up, and the model's assumption.
   * @param p - the per-member unavailability, already formatted (fmtProb).
   */
  model: (n: number, k: number, quorum: number, p: string) => string;
  rule: string;
  chart: ChartWords;
}

/** The availability chart's words (../chart.ts draws it, ../chart-live.ts redraws its highlight). */
export interface ChartWords {
  title: string;
  xAxis: string;
  yAxis: string;
  /** The description's fixed part; `atMilli` is P(lost quorum) at p = 10⁻³ per reference member count, formatted. */
  base: (atMilli: readonly (readonly [members: number, lost: string])[]) => string;
  /** The reader's own series' label. */
  seriesLabel: (n: number, k: number) => string;
  /** The description's end: the highlighted point; `off` when it lies outside the drawn range. */
  highlighted: (n: number, k: number, p: number, lost: string, off: boolean) => string;
}

export const AVAILABILITY_EN: AvailabilityWords = {
  pLabel: 'Per-member unavailability p',
  mtbfLabel: 'MTBF',
  mttrLabel: 'MTTR',
  membersLabel: 'Members',
  stoppedLabel: 'Members stopped',
  mtbfMttrZero: 'MTBF + MTTR must be above 0 hours.',
  pFromMtbf: 'Per-member unavailability p = MTTR / (MTBF + MTTR)',
  lostQuorum: 'P(lost quorum)',
  nines: 'Nines of quorum availability',
  ninesUnbounded: 'unbounded: with p = 0 the model never loses quorum',
  timeWithoutQuorum: 'Expected time without quorum per year',
  model: (n, k, q, p) =>
    `${plural(n, 'member')}${k ? ` with ${k} stopped` : ''} ${n === 1 ? 'needs' : 'need'} ${q} up. A model: each running member is down with probability ${p}, independently of the others; correlated failures (one rack, one bad release) make reality worse.`,
  rule: 'Quorum is lost when fewer than quorum(n) = ⌊n/2⌋ + 1 of the n − k running members are up; each is down with probability p, independently, so the binomial distribution gives the chance.',
  chart: {
    title: 'Probability of lost quorum against per-member unavailability',
    xAxis: 'Per-member unavailability p (log scale)',
    yAxis: 'P(lost quorum), log scale',
    base: (at) =>
      `Log–log chart, p from 10⁻⁴ to 0.5, probability from 10⁻¹⁶ to 1, for 1, 3, 5 and 7 members with independent failures. At p = 10⁻³: ${at.map(([n, lost]) => `${plural(n, 'member')} ${lost}`).join(', ')}.`,
    seriesLabel: (n, k) => `n = ${n}${k ? `, ${k} stopped` : ''}`,
    highlighted: (n, k, p, lost, off) =>
      ` Highlighted: ${plural(n, 'member')}${k ? ` with ${k} stopped` : ''} at p = ${p}, P(lost quorum) = ${lost}${off ? ' (outside the drawn range; the marker sits on the edge)' : ''}.`,
  },
};

export const AVAILABILITY_JA: AvailabilityWords = {
  pLabel: 'メンバーごとの利用不能率 p',
  mtbfLabel: 'MTBF',
  mttrLabel: 'MTTR',
  membersLabel: 'メンバー数',
  stoppedLabel: '停止中のメンバー数',
  mtbfMttrZero: 'MTBF + MTTR は 0 時間より大きくしてください。',
  pFromMtbf: 'メンバーごとの利用不能率 p = MTTR / (MTBF + MTTR)',
  lostQuorum: 'クォーラムを失う確率',
  nines: 'クォーラム可用性のナインの数',
  ninesUnbounded: '上限なし（p = 0 では、このモデルはクォーラムを失いません）',
  timeWithoutQuorum: '1 年あたりのクォーラムを失っている時間の期待値',
  model: (n, k, q, p) =>
    `${k ? `${fmtInt(n)} 台のメンバーのうち ${k} 台が停止している場合、` : `${fmtInt(n)} 台のメンバーでは、`}${q} 台が稼働している必要があります。これはモデルです。メンテナンスで停止していない各メンバーは、ほかのメンバーとは独立に確率 ${p} でダウンしているとしています。相関のある障害（同じラック、同じ不具合のあるリリース）があると、現実はこれより悪くなります。`,
  rule: 'メンテナンスで停止していない n − k 台のメンバーのうち、稼働しているものが quorum(n) = ⌊n/2⌋ + 1 台より少なくなると、クォーラムが失われます。各メンバーはほかと独立に確率 p でダウンしているとするため、その確率は二項分布で求まります。',
  chart: {
    title: 'メンバーごとの利用不能率に対するクォーラムを失う確率',
    xAxis: 'メンバーごとの利用不能率 p（対数目盛）',
    yAxis: 'クォーラムを失う確率（対数目盛）',
    base: (at) =>
      `両対数のグラフです。p は 10⁻⁴ から 0.5、確率は 10⁻¹⁶ から 1 までで、障害が独立に起きるとしたメンバー 1、3、5、7 台の場合を示します。p = 10⁻³ では、${at.map(([n, lost]) => `${fmtInt(n)} 台で ${lost}`).join('、')}です。`,
    seriesLabel: (n, k) => `n = ${n}${k ? `（${k} 台停止中）` : ''}`,
    highlighted: (n, k, p, lost, off) =>
      `強調しているのは、メンバー ${fmtInt(n)} 台${k ? `（${k} 台停止中）` : ''}、p = ${p} の点で、クォーラムを失う確率は ${lost} です${off ? '（描画範囲の外にあるため、マーカーは端に置いています）' : ''}。`,
  },
};

/** The form's text in Japanese (the English is the view's own). */
export const AVAILABILITY_VIEW_JA: ViewText<'mode' | 'p' | 'mtbf' | 'mttr' | 'n' | 'k'> = {
  title: '可用性：クォーラムを失う確率',
  fields: {
    mode: {
      label: 'メンバーの利用不能率の指定方法',
      options: { p: '確率 p', mtbf: 'MTBF と MTTR' },
    },
    p: {
      label: 'メンバーごとの利用不能率（p）',
      hint: '0 から 1 まで（例：0.001）、または 0.1% のようなパーセント。',
    },
    mtbf: { label: '平均故障間隔（MTBF、時間）', hint: '時間単位。例：4380（半年）。' },
    mttr: { label: '平均修復時間（MTTR、時間）', hint: '時間単位。例：4。' },
    n: { label: 'メンバー数（n）', hint: (range) => `${range}。` },
    k: { label: 'メンテナンスで停止中のメンバー数（k）', hint: '0 から n まで。' },
  },
};

/** Each language's words, for the chart's browser code, which has the page's language and not a calculator's map. */
export const AVAILABILITY_WORDS: Readonly<Record<CalcLang, AvailabilityWords>> = {
  en: AVAILABILITY_EN,
  ja: AVAILABILITY_JA,
};
