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
export const LAB_FIGURES = ['writes', 'reads', 'leader-loss', 'leader-timeline', 'majority-loss', 'disk'] as const;
export type LabFigureId = (typeof LAB_FIGURES)[number];

/** A figure: its chart (none for a table of a few numbers), its numbers as a table (header row first) and one sentence per ratio. */
export interface LabFigure {
  chart: BarChartSpec | null;
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

/** "3 · 2 ms": members · added RTT, for table rows and chart groups (one member has no peers, so no RTT). */
export function shortLabel(c: Pick<ClusterRun, 'members' | 'rttRequestedMs'>): string {
  return c.members === 1 ? '1' : `${c.members} · ${fmt(c.rttRequestedMs)} ms`;
}

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
  const table = [['Members · RTT', 'Writes/s', 'p50', 'p99', '÷ 1 member']];
  const findings: string[] = [];
  for (const r of seriesRtts) {
    for (const m of members) {
      if (m === 1 && r !== seriesRtts[0]) continue;
      const w = write(m, r);
      if (!w) continue;
      const vsOne = single && m > 1 ? ratio(w.throughputPerSec, single.throughputPerSec) : '';
      table.push([
        shortLabel({ members: m, rttRequestedMs: r }),
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
      shortLabel(c),
      ms(lin.latency.p50Ms),
      ms(ser.latency.p50Ms),
      ms(lin.latency.p99Ms),
      ms(ser.latency.p99Ms),
      ser.latency.p50Ms > 0 ? ratio(lin.latency.p50Ms, ser.latency.p50Ms) : 'n/a',
    ]);
    return {
      label: shortLabel(c),
      bars: [
        { series: 0, value: lin.latency.p50Ms, label: fmt(lin.latency.p50Ms, 1) },
        { series: 1, value: ser.latency.p50Ms, label: fmt(ser.latency.p50Ms, 1) },
      ],
    };
  });
  // One sentence per added RTT, over the clusters with peers (a single member confirms with no one).
  for (const rtt of [...new Set(runs.map((c) => c.rttRequestedMs))].sort((a, b) => a - b)) {
    const parts = runs
      .filter((c) => c.members > 1 && c.rttRequestedMs === rtt && c.scenarios.serializableRead!.latency.p50Ms > 0)
      .map(
        (c) =>
          `${ratio(c.scenarios.linearizableRead!.latency.p50Ms, c.scenarios.serializableRead!.latency.p50Ms)} (${c.members} members)`,
      );
    if (parts.length)
      findings.push(
        `At ${fmt(rtt)} ms added RTT a linearizable read's median was ${parts.join(' and ')} a serializable one's.`,
      );
  }
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
  const table = [['Members · RTT', 'Stopped', 'Writes failed for', 'Election', 'Acknowledged', 'Read back', 'Missing']];
  const findings: string[] = [];
  const groups: BarGroup[] = runs.map((c) => {
    for (const [name, s] of [
      ['follower', c.scenarios.followerStop],
      ['leader', c.scenarios.leaderStop],
    ] as const) {
      if (!s) continue;
      table.push([
        shortLabel(c),
        name,
        ms(s.writeFailureWindowMs),
        ms(s.electionMs),
        fmt(s.writesAcknowledged),
        fmt(s.writesReadBack),
        fmt(s.missing),
      ]);
    }
    const l = c.scenarios.leaderStop;
    const bar = (series: number, v: number | null | undefined) => ({
      series,
      value: v ?? null,
      label: v === null || v === undefined ? 'n/a' : fmt(v),
    });
    return {
      label: shortLabel(c),
      bars: [bar(0, c.scenarios.followerStop?.writeFailureWindowMs), bar(1, l?.writeFailureWindowMs)],
    };
  });
  const stops = runs.flatMap((c) => [c.scenarios.followerStop, c.scenarios.leaderStop]).filter((x) => x !== null);
  const span = (role: 'leader' | 'follower', f: (s: (typeof stops)[number], c: ClusterRun) => number | null) => {
    const v = runs.flatMap((c) => {
      const s = role === 'leader' ? c.scenarios.leaderStop : c.scenarios.followerStop;
      const x = s ? f(s, c) : null;
      return x === null ? [] : [x];
    });
    return v.length ? { lo: Math.min(...v), hi: Math.max(...v) } : null;
  };
  const range = (r: { lo: number; hi: number }, digits = 0) =>
    r.lo === r.hi ? fmt(r.lo, digits) : `${fmt(r.lo, digits)}–${fmt(r.hi, digits)}`;
  const leader = span('leader', (s) => s.writeFailureWindowMs);
  const leaderRatio = span('leader', (s, c) =>
    s.writeFailureWindowMs === null ? null : s.writeFailureWindowMs / c.electionTimeoutMs,
  );
  const follower = span('follower', (s) => s.writeFailureWindowMs);
  if (leader && leaderRatio)
    findings.push(
      `Writes failed for ${range(leader)} ms after the leader was killed: ${range(leaderRatio, 2)} × the election timeout${timeouts.length === 1 ? ` of ${fmt(timeouts[0]!)} ms` : ''}.`,
    );
  if (follower)
    findings.push(
      `After a follower was killed, the longest gap between acknowledged writes was ${range(follower)} ms.`,
    );
  const acked = stops.reduce((n, s) => n + s.writesAcknowledged, 0);
  const missing = stops.reduce((n, s) => n + s.missing, 0);
  findings.push(
    missing === 0
      ? `All ${fmt(acked)} acknowledged writes were read back afterwards.`
      : `${fmt(missing)} of ${fmt(acked)} acknowledged writes were not read back afterwards.`,
  );
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

/**
 * The table of a timeline: two slices before the kill, the kill's slice, the slices without an
 * acknowledgement as one row, and three slices from the first acknowledgement after it.
 */
function timelineRows(
  counts: readonly number[],
  first: number,
  resume: number,
  seconds: (slice: number) => string,
): string[][] {
  const end = resume < 0 ? counts.length : resume;
  const rows: string[][] = [];
  for (let i = Math.max(0, first - 2); i <= first && i < counts.length; i++) rows.push([seconds(i), fmt(counts[i]!)]);
  if (end > first + 1)
    rows.push([
      `${seconds(first + 1)} to ${seconds(end)}`,
      `${fmt(counts.slice(first + 1, end).reduce((a, b) => a + b, 0))} in all`,
    ]);
  for (let i = end; i < Math.min(counts.length, end + 3); i++) rows.push([seconds(i), fmt(counts[i]!)]);
  return rows;
}

/**
 * Acknowledged writes per time slice around the leader's kill, for the cluster with the most
 * members at the lowest added RTT that recorded a timeline: the gap is the write outage.
 *
 * @returns null when no leader stop recorded its timeline (results written before it was added).
 */
export function leaderTimelineFigure(result: LabResult): LabFigure | null {
  const runs = result.clusters
    .filter((c) => c.scenarios.leaderStop?.acknowledgedPerInterval)
    .sort((a, b) => a.rttRequestedMs - b.rttRequestedMs || a.members - b.members);
  const c = runs[0];
  if (!c) return null;
  const stop = c.scenarios.leaderStop!;
  const { intervalMs, counts } = stop.acknowledgedPerInterval!;
  const at = stop.stoppedAtMs / intervalMs;
  const seconds = (slice: number): string => `${fmt(((slice - at) * intervalMs) / 1000, 1)} s`;
  // Slices from the kill until the first acknowledgement after it.
  const first = Math.floor(at);
  const resume = counts.findIndex((n, i) => i > first && n > 0);
  const markers = [{ at, label: 'leader killed' }];
  if (stop.electionMs !== null) markers.push({ at: at + stop.electionMs / intervalMs, label: 'new leader' });
  const findings = [
    `${clusterLabel(c)}: no write was acknowledged for ${ms(stop.writeFailureWindowMs)} after the leader was killed; a new leader was reported after ${ms(stop.electionMs)} (election timeout ${fmt(c.electionTimeoutMs)} ms).`,
  ];
  return {
    chart: {
      id: 'lab-leader-timeline',
      title: 'Acknowledged writes around the leader kill',
      desc: `Acknowledged writes per ${fmt(intervalMs)} ms, ${clusterLabel(c)}, from ${seconds(0)} to ${seconds(counts.length)} around the kill. ${findings.join(' ')}`,
      yLabel: `writes per ${fmt(intervalMs)} ms`,
      series: [`acknowledged writes, ${shortLabel(c)}`],
      // Labels on whole seconds from the kill; slices are labelled by their start.
      groups: counts.map((n, i) => ({
        label: Math.abs(((i - at) * intervalMs) % 1000) < intervalMs / 2 ? seconds(i) : '',
        bars: [{ series: 0, value: n, label: fmt(n) }],
      })),
      dense: true,
      markers,
    },
    table: [['From the kill', 'Acknowledged writes'], ...timelineRows(counts, first, resume, seconds)],
    findings,
  };
}

/**
 * What a client saw when a majority of members was stopped: writes refused, after how long and
 * with which error, per cluster.
 *
 * @returns null when no cluster ran the scenario.
 */
export function majorityLossFigure(result: LabResult): LabFigure | null {
  const runs = result.clusters.filter((c) => c.scenarios.majorityLoss);
  if (runs.length === 0) return null;
  const table = [
    ['Members · RTT', 'Stopped', 'Writes refused', 'Acknowledged', 'Refused after (median)', 'Error the client saw'],
  ];
  for (const c of runs) {
    const m = c.scenarios.majorityLoss!;
    table.push([
      shortLabel(c),
      `${m.stoppedMembers.length} of ${c.members}`,
      `${fmt(m.writesRefused)} of ${fmt(m.writesAttempted)}`,
      fmt(m.writesAcknowledged),
      ms(m.refusedAfterMs),
      m.errorText ?? 'none',
    ]);
  }
  const acked = runs.reduce((n, c) => n + c.scenarios.majorityLoss!.writesAcknowledged, 0);
  const errors = [...new Set(runs.map((c) => c.scenarios.majorityLoss!.errorText).filter((e) => e !== null))];
  const findings = [
    acked === 0
      ? `With a majority stopped, no write was acknowledged in any of the ${runs.length} clusters.`
      : `With a majority stopped, ${fmt(acked)} writes were still acknowledged: a contradiction of the quorum rule to investigate.`,
    ...(errors.length ? [`The client saw: ${errors.map((e) => `“${e}”`).join('; ')}.`] : []),
  ];
  return { chart: null, table, findings };
}

/**
 * The data disk's latency the way etcd's WAL uses it: small writes, each followed by fdatasync.
 *
 * @returns null when the run did not measure the disk.
 */
export function diskFigure(result: LabResult): LabFigure | null {
  const f = result.fsync;
  if (!f) return null;
  const l = f.latency;
  return {
    chart: null,
    table: [
      ['Writes', 'Block', 'p50', 'p90', 'p99', 'max'],
      [fmt(f.writes), `${fmt(f.blockBytes)} B`, ms(l.p50Ms), ms(l.p90Ms), ms(l.p99Ms), ms(l.maxMs)],
    ],
    findings: [
      `fdatasync on the lab's data disk: p50 ${ms(l.p50Ms)}, p99 ${ms(l.p99Ms)} (${fmt(f.writes)} writes of ${fmt(f.blockBytes)} B).`,
    ],
  };
}

/** Builds a figure by id; null when the run holds nothing for it. */
export function labFigure(id: LabFigureId, result: LabResult): LabFigure | null {
  if (id === 'writes') return writesFigure(result);
  if (id === 'reads') return readsFigure(result);
  if (id === 'leader-loss') return leaderLossFigure(result);
  if (id === 'leader-timeline') return leaderTimelineFigure(result);
  if (id === 'majority-loss') return majorityLossFigure(result);
  return diskFigure(result);
}
