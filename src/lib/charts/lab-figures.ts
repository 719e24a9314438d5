/**
 * The lab's three figures, built from one lab result (src/lib/lab/result.ts): write throughput
 * against members, linearizable against serializable read latency, and how long writes fail when
 * a follower or the leader stops. Each figure is a bar chart, the table of its numbers and the
 * ratios the chapters quote; all figures of a run come from that run alone, so the ratios compare
 * like with like (one machine, one etcd, one session). Each builder takes the page's language for
 * the words around the numbers (lab-figure-words.ts), English by default.
 */
import type { ClusterRun, LabResult, LoadResult } from '../lab/result.ts';
import type { BarGroup } from './bar-chart.ts';
import {
  clusterLabel,
  cpuBoundText,
  delayText,
  fmt,
  machineFindings,
  ms,
  ratio,
  shortLabel,
  spreadBy,
  spreadText,
  whisker,
} from './lab-figure-format.ts';
import { leaderLossFigure, leaderTimelineFigure, majorityLossFigure } from './lab-failure-figures.ts';
import { labFigureWords } from './lab-figure-words.ts';

export { clusterLabel, shortLabel } from './lab-figure-format.ts';
export { leaderLossFigure, leaderTimelineFigure, majorityLossFigure } from './lab-failure-figures.ts';

/** The figures the chapters show, by id. */
export const LAB_FIGURES = ['writes', 'reads', 'leader-loss', 'leader-timeline', 'majority-loss', 'disk'] as const;
export type LabFigureId = (typeof LAB_FIGURES)[number];

export type { LabFigure } from './lab-figure-format.ts';
import type { LabFigure } from './lab-figure-format.ts';

/** Member counts and RTTs present in the run, ascending. */
function axes(result: LabResult): { members: number[]; rtts: number[] } {
  const members = [...new Set(result.clusters.map((c) => c.members))].sort((a, b) => a - b);
  const rtts = [...new Set(result.clusters.map((c) => c.rttRequestedMs))].sort((a, b) => a - b);
  return { members, rtts };
}

const find = (result: LabResult, members: number, rtt: number): ClusterRun | undefined =>
  result.clusters.find((c) => c.members === members && c.rttRequestedMs === rtt);

/**
 * Write throughput per member count, one series per added RTT. A one-member cluster has no peers,
 * so its bar (from whichever RTT setting it ran under, the lowest first) stands in every series.
 *
 * @returns null when the run has no write results.
 */
export function writesFigure(result: LabResult, lang = 'en'): LabFigure | null {
  const words = labFigureWords(lang);
  const ww = words.writes;
  const { members, rtts } = axes(result);
  const single = rtts.map((r) => find(result, 1, r)).find((c) => c?.scenarios.write)?.scenarios.write ?? null;
  const write = (m: number, r: number): LoadResult | null =>
    m === 1 ? single : (find(result, m, r)?.scenarios.write ?? null);
  if (!members.some((m) => rtts.some((r) => write(m, r)))) return null;
  // One series per RTT that a multi-member cluster ran under; a run of one member alone gets one series.
  const withPeers = rtts.filter((r) => members.some((m) => m > 1 && write(m, r)));
  const seriesRtts = withPeers.length > 0 ? withPeers : rtts.slice(0, 1);
  const groups: BarGroup[] = members.map((m) => ({
    label: words.members(m),
    bars: (m === 1 ? seriesRtts.slice(0, 1) : seriesRtts).map((r) => {
      const w = write(m, r);
      const sp = w ? spreadBy(w, (x) => x.throughputPerSec) : null;
      return {
        series: seriesRtts.indexOf(r),
        value: w ? Math.round(w.throughputPerSec) : null,
        label: w ? fmt(w.throughputPerSec) : words.na,
        ...(sp ? whisker(sp) : {}),
      };
    }),
  }));
  const table = [[...ww.head]];
  const findings: string[] = [];
  const used: ClusterRun[] = [];
  for (const r of seriesRtts) {
    for (const m of members) {
      if (m === 1 && r !== seriesRtts[0]) continue;
      const w = write(m, r);
      if (!w) continue;
      const c = find(result, m, r) ?? result.clusters.find((x) => x.members === 1);
      if (c) used.push(c);
      const vsOne = single && m > 1 ? ratio(w.throughputPerSec, single.throughputPerSec, lang) : '';
      table.push([
        shortLabel({ members: m, rttRequestedMs: r }),
        spreadText(spreadBy(w, (x) => x.throughputPerSec)),
        ms(w.latency.p50Ms, lang),
        ms(w.latency.p99Ms, lang),
        vsOne,
        m === 1 ? '–' : delayText([w]),
        cpuBoundText([w], lang),
      ]);
    }
    const most = Math.max(...members.filter((m) => m > 1 && write(m, r)));
    const w = Number.isFinite(most) ? write(most, r) : null;
    if (single && w) {
      const a = spreadBy(w, (x) => x.throughputPerSec);
      const b = spreadBy(single, (x) => x.throughputPerSec);
      const extremes: [string, string] | null =
        a.n > 1 && b.n > 1 ? [fmt(a.min / b.max, 2), fmt(a.max / b.min, 2)] : null;
      findings.push(
        ww.finding(
          clusterLabel({ members: most, rttRequestedMs: r }, lang),
          ratio(w.throughputPerSec, single.throughputPerSec, lang),
          a.n,
          extremes,
        ),
      );
    }
  }
  findings.push(...machineFindings([...new Set(used)], (c) => [c.scenarios.write], lang));
  const clients = single?.clients ?? result.settings.clients;
  return {
    chart: {
      id: 'lab-writes',
      title: ww.title,
      desc: ww.desc(clients, Math.max(...members), words.paragraph(findings)),
      yLabel: ww.yLabel,
      series: seriesRtts.map((r) => ww.series(fmt(r))),
      groups,
      missing: words.na,
    },
    table,
    findings,
  };
}

/**
 * Median range-read latency, linearizable beside serializable, for each cluster that ran both.
 *
 * @returns null when no cluster ran both read loads.
 */
export function readsFigure(result: LabResult, lang = 'en'): LabFigure | null {
  const words = labFigureWords(lang);
  const wr = words.reads;
  const runs = result.clusters.filter((c) => c.scenarios.linearizableRead && c.scenarios.serializableRead);
  if (runs.length === 0) return null;
  const table = [[...wr.head]];
  const findings: string[] = [];
  const p50 = (l: LoadResult) => spreadBy(l, (w) => w.latency.p50Ms);
  const groups: BarGroup[] = runs.map((c) => {
    const lin = c.scenarios.linearizableRead!;
    const ser = c.scenarios.serializableRead!;
    table.push([
      shortLabel(c),
      fmt(lin.clients),
      spreadText(p50(lin), 1, ' ms'),
      spreadText(p50(ser), 1, ' ms'),
      ms(lin.latency.p99Ms, lang),
      ms(ser.latency.p99Ms, lang),
      ser.latency.p50Ms > 0 ? ratio(lin.latency.p50Ms, ser.latency.p50Ms, lang) : words.na,
      c.members === 1 ? '–' : delayText([lin, ser]),
      cpuBoundText([lin, ser], lang),
    ]);
    return {
      label: shortLabel(c),
      bars: [
        { series: 0, value: lin.latency.p50Ms, label: fmt(lin.latency.p50Ms, 1), ...whisker(p50(lin)) },
        { series: 1, value: ser.latency.p50Ms, label: fmt(ser.latency.p50Ms, 1), ...whisker(p50(ser)) },
      ],
    };
  });
  const perMember = result.settings.readClientsPerMember;
  // One sentence per added RTT, over the clusters with peers (a single member confirms with no one).
  for (const rtt of [...new Set(runs.map((c) => c.rttRequestedMs))].sort((a, b) => a - b)) {
    const peers = runs.filter(
      (c) => c.members > 1 && c.rttRequestedMs === rtt && c.scenarios.serializableRead!.latency.p50Ms > 0,
    );
    const parts = peers.map((c) =>
      wr.part(
        ratio(c.scenarios.linearizableRead!.latency.p50Ms, c.scenarios.serializableRead!.latency.p50Ms, lang),
        c.members,
      ),
    );
    if (parts.length) findings.push(wr.finding(fmt(rtt), parts, perMember));
  }
  findings.push(...machineFindings(runs, (c) => [c.scenarios.linearizableRead, c.scenarios.serializableRead], lang));
  return {
    chart: {
      id: 'lab-reads',
      title: wr.title,
      desc: wr.desc(perMember, words.paragraph(findings)),
      yLabel: wr.yLabel,
      series: [...wr.series],
      groups,
    },
    table,
    findings,
  };
}

/**
 * The data disk's latency the way etcd's WAL uses it: small writes, each followed by fdatasync.
 *
 * @returns null when the run did not measure the disk.
 */
export function diskFigure(result: LabResult, lang = 'en'): LabFigure | null {
  const f = result.fsync;
  if (!f) return null;
  const l = f.latency;
  const t = (v: number | null | undefined): string => ms(v, lang);
  const wd = labFigureWords(lang).disk;
  return {
    chart: null,
    table: [[...wd.head], [fmt(f.writes), `${fmt(f.blockBytes)} B`, t(l.p50Ms), t(l.p90Ms), t(l.p99Ms), t(l.maxMs)]],
    findings: [wd.finding(t(l.p50Ms), t(l.p99Ms), fmt(f.writes), fmt(f.blockBytes))],
  };
}

/**
 * Builds a figure by id; null when the run holds nothing for it.
 * @param lang - the page content's language (`en`, `ja`), for the words; the numbers are the same.
 */
export function labFigure(id: LabFigureId, result: LabResult, lang = 'en'): LabFigure | null {
  if (id === 'writes') return writesFigure(result, lang);
  if (id === 'reads') return readsFigure(result, lang);
  if (id === 'leader-loss') return leaderLossFigure(result, lang);
  if (id === 'leader-timeline') return leaderTimelineFigure(result, lang);
  if (id === 'majority-loss') return majorityLossFigure(result, lang);
  return diskFigure(result, lang);
}
