/**
 * The lab's failure figures: what a writer saw when a follower or the leader was killed (each
 * writer's outage from the kill to its first acknowledged write sent after it, the new leader's
 * time apart), the acknowledgements around one leader kill, and writes with a majority stopped.
 */
import type { ClusterRun, FailureResult, LabResult, MajorityLossResult } from '../lab/result.ts';
import { majorityLossesOf, resumedAfter, stopsOf } from '../lab/stops.ts';
import { spreadOf, type Spread } from '../lab/windows.ts';
import type { BarGroup } from './bar-chart.ts';
import { clusterLabel, fmt, ms, shortLabel, spreadText, whisker, type LabFigure } from './lab-figure-format.ts';

const resumed = (stops: readonly FailureResult[], k: 'first' | 'all'): number[] =>
  stops.flatMap((s) => {
    const r = resumedAfter(s);
    return r ? [r[k]] : [];
  });

/** The writes stuck at the kill that etcd ended with an error, and after how long, ms. */
function stuckWaits(stops: readonly FailureResult[]): number[] {
  return stops.flatMap((s) => (s.inFlightAtKill ?? []).filter((w) => !w.acknowledged).map((w) => w.endedAfterMs));
}

const spreadOrNull = (xs: readonly number[]): Spread | null => (xs.length ? spreadOf(xs) : null);
const sText = (s: Spread | null): string => (s ? spreadText(s, 0, ' ms') : 'n/a');

/**
 * What the writers saw when a follower or the leader was killed, per cluster, over the kills (median
 * and range): the new leader's time, when the first and when every writer was writing again, the
 * writes stuck at the kill, and whether any acknowledged write was lost. The election timeout is
 * the reference line when every cluster ran with the same one.
 *
 * @returns null when no cluster ran a stop.
 */
export function leaderLossFigure(result: LabResult): LabFigure | null {
  const runs = result.clusters.filter((c) => stopsOf(c, 'leader').length > 0 || stopsOf(c, 'follower').length > 0);
  if (runs.length === 0) return null;
  const timeouts = [...new Set(runs.map((c) => c.electionTimeoutMs))];
  const table = [
    [
      'Members · RTT',
      'Stopped',
      'Repeats',
      'New leader after',
      'First writer writing again after',
      'Every writer writing again after',
      'Writes stuck at the kill, ended by etcd after',
      'Acknowledged',
      'Missing',
    ],
  ];
  const groups: BarGroup[] = runs.map((c) => {
    const bars = (['follower', 'leader'] as const).map((role, series) => {
      const stops = stopsOf(c, role);
      const out = spreadOrNull(resumed(stops, 'all'));
      const stuck = stuckWaits(stops);
      if (stops.length > 0)
        table.push([
          shortLabel(c),
          role,
          fmt(stops.length),
          role === 'leader'
            ? sText(spreadOrNull(stops.flatMap((s) => (s.electionMs === null ? [] : [s.electionMs]))))
            : '–',
          sText(spreadOrNull(resumed(stops, 'first'))),
          sText(out),
          stuck.length ? `${fmt(stuck.length)}: ${sText(spreadOrNull(stuck))}` : 'none',
          fmt(stops.reduce((n, s) => n + s.writesAcknowledged, 0)),
          fmt(stops.reduce((n, s) => n + s.missing, 0)),
        ]);
      return {
        series,
        value: out ? out.median : null,
        label: out ? fmt(out.median) : 'n/a',
        ...(out ? whisker(out) : {}),
      };
    });
    return { label: shortLabel(c), bars };
  });
  return {
    chart: {
      id: 'lab-leader-loss',
      title: 'Until every writer writes again after a member stops',
      desc: `Per cluster (members · added RTT), the median over the kills, with the range, of the time from the kill until every writer had a write sent after the kill acknowledged, for a follower and for the leader killed. ${leaderLossFindings(runs).join(' ')}`,
      yLabel: 'every writer writing again after, ms',
      series: ['follower stopped', 'leader stopped'],
      groups,
      ...(timeouts.length === 1
        ? { reference: { value: timeouts[0]!, label: `election timeout ${fmt(timeouts[0]!)} ms` } }
        : {}),
    },
    table,
    findings: leaderLossFindings(runs),
  };
}

/** The sentences under the leader-loss figure: leader, stuck writes, deadlines, follower, losses. */
function leaderLossFindings(runs: readonly ClusterRun[]): string[] {
  const leaders = runs.flatMap((c) => stopsOf(c, 'leader'));
  const followers = runs.flatMap((c) => stopsOf(c, 'follower'));
  const findings: string[] = [];
  const election = spreadOrNull(leaders.flatMap((s) => (s.electionMs === null ? [] : [s.electionMs])));
  const first = spreadOrNull(resumed(leaders, 'first'));
  const all = spreadOrNull(resumed(leaders, 'all'));
  const versionOne = leaders.some((s) => !s.clientOutagesMs);
  if (versionOne && election && all)
    findings.push(
      `Writes failed for ${sText(all)} after the leader was killed, a new leader after ${sText(election)}; every writer's deadline was 3 s, which bounds these figures.`,
    );
  else if (election && first && all)
    findings.push(
      `After the leader was killed (${leaders.length} kills), a surviving member reported a new leader after ${sText(election)}, the first writer was writing again after ${sText(first)}, and every writer after ${sText(all)}.`,
    );
  const stuck = spreadOrNull(stuckWaits(leaders));
  const stuckCount = stuckWaits(leaders).length;
  const writers = leaders.reduce((n, s) => n + (s.clientOutagesMs?.length ?? 0), 0);
  if (stuck && writers > 0)
    findings.push(
      `${fmt(stuckCount)} of ${fmt(writers)} writers had a write stuck at the kill (sent to a follower, which had passed it to the killed leader); etcd ended each with an error after ${sText(stuck)}, its request timeout of 5 s + 2 × the election timeout, so those writers waited that long whatever their own deadline.`,
    );
  const byDeadline = new Map<number, FailureResult[]>();
  for (const s of leaders)
    if (s.writeDeadlineMs && s.clientOutagesMs)
      byDeadline.set(s.writeDeadlineMs, [...(byDeadline.get(s.writeDeadlineMs) ?? []), s]);
  if (byDeadline.size > 1)
    findings.push(
      `By client deadline, every writer was writing again after ${[...byDeadline]
        .sort((a, b) => a[0] - b[0])
        .map(([d, xs]) => `${sText(spreadOrNull(resumed(xs, 'all')))} with ${fmt(d / 1000)} s`)
        .join(' and ')}.`,
    );
  const follower = spreadOrNull(resumed(followers, 'all'));
  if (follower)
    findings.push(
      `After a follower was killed (${followers.length} kills), every writer was writing again after ${sText(follower)}.`,
    );
  const stops = [...leaders, ...followers];
  const acked = stops.reduce((n, s) => n + s.writesAcknowledged, 0);
  const missing = stops.reduce((n, s) => n + s.missing, 0);
  findings.push(
    missing === 0
      ? `All ${fmt(acked)} acknowledged writes were read back afterwards.`
      : `${fmt(missing)} of ${fmt(acked)} acknowledged writes were not read back afterwards.`,
  );
  return findings;
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
  // Each slice is labelled by its start, so the merged row runs to the start of its last slice.
  if (end > first + 2)
    rows.push([
      `${seconds(first + 1)} to ${seconds(end - 1)}`,
      `${fmt(counts.slice(first + 1, end).reduce((a, b) => a + b, 0))} in all`,
    ]);
  else if (end === first + 2) rows.push([seconds(first + 1), fmt(counts[first + 1]!)]);
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
  // The timeline is one kill; the others of the same cluster give the spread of its gap.
  const gaps = stopsOf(c, 'leader').flatMap((s) => (s.writeFailureWindowMs === null ? [] : [s.writeFailureWindowMs]));
  if (gaps.length > 1)
    findings.push(
      `Over the ${gaps.length} leader kills of this cluster, the longest stretch without any acknowledged write was ${sText(spreadOf(gaps))}; every writer was writing again only later (the figure above).`,
    );
  return {
    chart: {
      id: 'lab-leader-timeline',
      title: 'Acknowledged writes around the first leader kill',
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
 * What a client saw when a majority of members was stopped, per cluster over the repetitions:
 * writes refused and acknowledged (sums), how long the client waited for each refusal (the median
 * of each repetition's median, with their range) and the errors it saw.
 *
 * @returns null when no cluster ran the scenario.
 */
export function majorityLossFigure(result: LabResult): LabFigure | null {
  const runs = result.clusters.flatMap((c) => {
    const losses = majorityLossesOf(c);
    return losses.length ? [{ c, losses }] : [];
  });
  if (runs.length === 0) return null;
  const table = [
    [
      'Members · RTT',
      'Stopped',
      'Repetitions',
      'Writes refused',
      'Acknowledged',
      'Refused after (median, range)',
      'Client deadline',
      'Error the client saw',
    ],
  ];
  const sum = (
    xs: readonly MajorityLossResult[],
    k: 'writesRefused' | 'writesAttempted' | 'writesAcknowledged',
  ): number => xs.reduce((n, m) => n + m[k], 0);
  for (const { c, losses } of runs) {
    const stopped = [...new Set(losses.map((m) => m.stoppedMembers.length))];
    const deadlines = [...new Set(losses.map((m) => m.clientDeadlineMs))];
    const errors = [...new Set(losses.map((m) => m.errorText ?? 'none'))];
    table.push([
      shortLabel(c),
      `${stopped.join(' or ')} of ${c.members}`,
      fmt(losses.length),
      `${fmt(sum(losses, 'writesRefused'))} of ${fmt(sum(losses, 'writesAttempted'))}`,
      fmt(sum(losses, 'writesAcknowledged')),
      sText(spreadOrNull(losses.flatMap((m) => (m.refusedAfterMs === null ? [] : [m.refusedAfterMs])))),
      deadlines.map((d) => ms(d)).join(', '),
      errors.join('; '),
    ]);
  }
  const all = runs.flatMap((r) => r.losses);
  const acked = sum(all, 'writesAcknowledged');
  const errors = [...new Set(all.map((m) => m.errorText).filter((e) => e !== null))];
  const findings = [
    acked === 0
      ? `With a majority stopped, no write was acknowledged in any of the ${fmt(all.length)} repetitions over ${runs.length} clusters.`
      : `With a majority stopped, ${fmt(acked)} writes were still acknowledged: a contradiction of the quorum rule to investigate.`,
    ...(errors.length ? [`The client saw: ${errors.map((e) => `“${e}”`).join('; ')}.`] : []),
  ];
  return { chart: null, table, findings };
}
