/**
 * The lab's three figures, built from one lab result (src/lib/lab/result.ts): write throughput
 * against members, linearizable against serializable read latency, and how long writes fail when
 * a follower or the leader stops. Each figure is a bar chart, the table of its numbers and the
 * ratios the chapters quote; all figures of a run come from that run alone, so the ratios compare
 * like with like (one machine, one etcd, one session).
 */
import type { ClusterRun, LabResult, LoadResult } from '../lab/result.ts';
import type { BarChartSpec, BarGroup } from './bar-chart.ts';

/** The figures the chapters show, by id. */
export const LAB_FIGURES = ['writes', 'reads', 'leader-loss'] as const;
export type LabFigureId = (typeof LAB_FIGURES)[number];

/** A figure: its chart, its numbers as a table (header row first) and one sentence per ratio. */
export interface LabFigure {
  chart: BarChartSpec;
  table: string[][];
  /** The claim each ratio tests, stated with the measured ratio ("5 members ÷ 1 member: 0.41 × the writes/s"). */
  findings: string[];
}

const fmt = (v: number, digits = 0): string =>
  v.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const ms = (v: number | null | undefined): string =>
  v === null || v === undefined ? 'n/a' : `${fmt(v, v < 10 ? 2 : 0)} ms`;
const ratio = (a: number, b: number): string => `${fmt(a / b, 2)} ×`;

/** Member counts and RTTs present in the run, ascending. */
function axes(result: LabResult): { members: number[]; rtts: number[] } {
  const members = [...new Set(result.clusters.map((c) => c.members))].sort((a, b) => a - b);
  const rtts = [...new Set(result.clusters.map((c) => c.rttRequestedMs))].sort((a, b) => a - b);
  return { members, rtts };
}

const find = (result: LabResult, members: number, rtt: number): ClusterRun | undefined =>
  result.clusters.find((c) => c.members === members && c.rttRequestedMs === rtt);

/** "3 members, 2 ms RTT" (no RTT for one member: it has no peers). */
export function clusterLabel(c: Pick<ClusterRun, 'members' | 'rttRequestedMs'>): string {
  const m = `${c.members} member${c.members === 1 ? '' : 's'}`;
  return c.members === 1 ? m : `${m}, ${fmt(c.rttRequestedMs)} ms RTT`;
}

/**
 * Write throughput per member count, one series per added RTT. A one-member cluster has no peers,
 * so its bar (from whichever RTT setting it ran under, the lowest first) stands in every series.
 *
 * @returns null when the run has no write results.
 */
export function writesFigure(result: LabResult): LabFigure | null {
  const { members, rtts } = axes(result);
  const single = rtts.map((r) => find(result, 1, r)).find((c) => c?.scenarios.write)?.scenarios.write ?? null;
  const write = (m: number, r: number): LoadResult | null =>
    m === 1 ? single : (find(result, m, r)?.scenarios.write ?? null);
  if (!members.some((m) => rtts.some((r) => write(m, r)))) return null;
  // One series per RTT that a multi-member cluster ran under; a run of one member alone gets one series.
  const withPeers = rtts.filter((r) => members.some((m) => m > 1 && write(m, r)));
  const seriesRtts = withPeers.length > 0 ? withPeers : rtts.slice(0, 1);
  const groups: BarGroup[] = members.map((m) => ({
    label: `${m} member${m === 1 ? '' : 's'}`,
    bars: (m === 1 ? seriesRtts.slice(0, 1) : seriesRtts).map((r) => {
      const w = write(m, r);
      return {
        series: seriesRtts.indexOf(r),
        value: w ? Math.round(w.throughputPerSec) : null,
        label: w ? fmt(w.throughputPerSec) : 'n/a',
      };
    }),
  }));
  const table = [['Cluster', 'Writes/s', 'p50', 'p99', `÷ 1 member`]];
  const findings: string[] = [];
  for (const r of seriesRtts) {
    for (const m of members) {
      if (m === 1 && r !== seriesRtts[0]) continue;
      const w = write(m, r);
      if (!w) continue;
      const vsOne = single && m > 1 ? ratio(w.throughputPerSec, single.throughputPerSec) : '';
      table.push([
        clusterLabel({ members: m, rttRequestedMs: r }),
        fmt(w.throughputPerSec),
        ms(w.latency.p50Ms),
        ms(w.latency.p99Ms),
        vsOne,
      ]);
    }
    const most = Math.max(...members.filter((m) => m > 1 && write(m, r)));
    const w = Number.isFinite(most) ? write(most, r) : null;
    if (single && w)
      findings.push(
        `${clusterLabel({ members: most, rttRequestedMs: r })} ÷ 1 member: ${ratio(w.throughputPerSec, single.throughputPerSec)} the write throughput.`,
      );
  }
  const clients = single?.clients ?? result.settings.clients;
  return {
    chart: {
      id: 'lab-writes',
      title: 'Write throughput against etcd members',
      desc: `Writes per second with ${clients} clients for 1 to ${Math.max(...members)} members. ${findings.join(' ')}`,
      yLabel: 'writes/s',
      series: seriesRtts.map((r) => `${fmt(r)} ms RTT`),
      groups,
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
export function readsFigure(result: LabResult): LabFigure | null {
  const runs = result.clusters.filter((c) => c.scenarios.linearizableRead && c.scenarios.serializableRead);
  if (runs.length === 0) return null;
  const table = [
    [
      'Cluster',
      'Linearizable p50',
      'Serializable p50',
      'Linearizable p99',
      'Serializable p99',
      'p50 linearizable ÷ serializable',
    ],
  ];
  const findings: string[] = [];
  const groups: BarGroup[] = runs.map((c) => {
    const lin = c.scenarios.linearizableRead!;
    const ser = c.scenarios.serializableRead!;
    table.push([
      clusterLabel(c),
      ms(lin.latency.p50Ms),
      ms(ser.latency.p50Ms),
      ms(lin.latency.p99Ms),
      ms(ser.latency.p99Ms),
      ser.latency.p50Ms > 0 ? ratio(lin.latency.p50Ms, ser.latency.p50Ms) : 'n/a',
    ]);
    if (c.members > 1 && ser.latency.p50Ms > 0)
      findings.push(
        `${clusterLabel(c)}: a linearizable read's median is ${ratio(lin.latency.p50Ms, ser.latency.p50Ms)} a serializable one's.`,
      );
    return {
      label: c.members === 1 ? '1' : `${c.members} · ${fmt(c.rttRequestedMs)} ms`,
      bars: [
        { series: 0, value: lin.latency.p50Ms, label: fmt(lin.latency.p50Ms, 1) },
        { series: 1, value: ser.latency.p50Ms, label: fmt(ser.latency.p50Ms, 1) },
      ],
    };
  });
  return {
    chart: {
      id: 'lab-reads',
      title: 'Median read latency: linearizable against serializable',
      desc: `Median latency of single-key range reads per cluster (members · added RTT). ${findings.join(' ')}`,
      yLabel: 'median latency, ms',
      series: ['linearizable', 'serializable'],
      groups,
    },
    table,
    findings,
  };
}

/**
 * How long writes failed when one member was killed mid-load: a follower beside the leader, per
 * cluster, with the election timeout as a reference line when every cluster ran with the same one.
 *
 * @returns null when no cluster ran a stop.
 */
export function leaderLossFigure(result: LabResult): LabFigure | null {
  const runs = result.clusters.filter((c) => c.scenarios.followerStop || c.scenarios.leaderStop);
  if (runs.length === 0) return null;
  const timeouts = [...new Set(runs.map((c) => c.electionTimeoutMs))];
  const table = [['Cluster', 'Stopped', 'Writes failed for', 'Election', 'Acknowledged', 'Read back', 'Missing']];
  const findings: string[] = [];
  const groups: BarGroup[] = runs.map((c) => {
    for (const [name, s] of [
      ['follower', c.scenarios.followerStop],
      ['leader', c.scenarios.leaderStop],
    ] as const) {
      if (!s) continue;
      table.push([
        clusterLabel(c),
        name,
        ms(s.writeFailureWindowMs),
        ms(s.electionMs),
        fmt(s.writesAcknowledged),
        fmt(s.writesReadBack),
        fmt(s.missing),
      ]);
    }
    const l = c.scenarios.leaderStop;
    if (l?.writeFailureWindowMs != null)
      findings.push(
        `${clusterLabel(c)}: writes failed for ${ms(l.writeFailureWindowMs)} after the leader stopped, ${ratio(l.writeFailureWindowMs, c.electionTimeoutMs)} the ${fmt(c.electionTimeoutMs)} ms election timeout; ${l.missing === 0 ? 'every acknowledged write was read back' : `${l.missing} acknowledged writes were missing`}.`,
      );
    const bar = (series: number, v: number | null | undefined) => ({
      series,
      value: v ?? null,
      label: v === null || v === undefined ? 'n/a' : fmt(v),
    });
    return {
      label: `${c.members} · ${fmt(c.rttRequestedMs)} ms`,
      bars: [bar(0, c.scenarios.followerStop?.writeFailureWindowMs), bar(1, l?.writeFailureWindowMs)],
    };
  });
  return {
    chart: {
      id: 'lab-leader-loss',
      title: 'How long writes fail when a member stops',
      desc: `Longest gap between acknowledged writes around the kill of a follower and of the leader, per cluster (members · added RTT). ${findings.join(' ')}`,
      yLabel: 'writes failed for, ms',
      series: ['follower stopped', 'leader stopped'],
      groups,
      ...(timeouts.length === 1
        ? { reference: { value: timeouts[0]!, label: `election timeout ${fmt(timeouts[0]!)} ms` } }
        : {}),
    },
    table,
    findings,
  };
}

/** Builds a figure by id; null when the run holds nothing for it. */
export function labFigure(id: LabFigureId, result: LabResult): LabFigure | null {
  return id === 'writes' ? writesFigure(result) : id === 'reads' ? readsFigure(result) : leaderLossFigure(result);
}
