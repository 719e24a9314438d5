/**
 * The lab's failure figures: what a writer saw when a follower or the leader was killed (each
 * writer's outage from the kill to its first acknowledged write sent after it, the new leader's
 * time apart), the acknowledgements around one leader kill, and writes with a majority stopped.
 * Each takes the page's language for its words (lab-figure-words.ts), English by default.
 */
import type { ClusterRun, FailureResult, LabResult, MajorityLossResult } from '../lab/result.ts';
import { majorityLossesOf, resumedAfter, stopsOf } from '../lab/stops.ts';
import { spreadOf, type Spread } from '../lab/windows.ts';
import type { BarGroup } from './bar-chart.ts';
import { clusterLabel, fmt, ms, shortLabel, spreadText, whisker, type LabFigure } from './lab-figure-format.ts';
import { labFigureWords } from './lab-figure-words.ts';

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
const sText = (s: Spread | null, lang: string): string => (s ? spreadText(s, 0, ' ms') : labFigureWords(lang).na);

/**
 * What the writers saw when a follower or the leader was killed, per cluster, over the kills (median
 * and range): the new leader's time, when the first and when every writer was writing again, the
 * writes stuck at the kill, and whether any acknowledged write was lost. The election timeout is
 * the reference line when every cluster ran with the same one.
 *
 * @returns null when no cluster ran a stop.
 */
export function leaderLossFigure(result: LabResult, lang = 'en'): LabFigure | null {
  const runs = result.clusters.filter((c) => stopsOf(c, 'leader').length > 0 || stopsOf(c, 'follower').length > 0);
  if (runs.length === 0) return null;
  const words = labFigureWords(lang);
  const wl = words.loss;
  const t = (s: Spread | null): string => sText(s, lang);
  const timeouts = [...new Set(runs.map((c) => c.electionTimeoutMs))];
  const table = [[...wl.head]];
  const groups: BarGroup[] = runs.map((c) => {
    const bars = (['follower', 'leader'] as const).map((role, series) => {
      const stops = stopsOf(c, role);
      const out = spreadOrNull(resumed(stops, 'all'));
      const stuck = stuckWaits(stops);
      if (stops.length > 0)
        table.push([
          shortLabel(c),
          wl.role(role),
          fmt(stops.length),
          role === 'leader'
            ? t(spreadOrNull(stops.flatMap((s) => (s.electionMs === null ? [] : [s.electionMs]))))
            : '–',
          t(spreadOrNull(resumed(stops, 'first'))),
          t(out),
          stuck.length ? wl.stuckCell(fmt(stuck.length), t(spreadOrNull(stuck))) : words.none,
          fmt(stops.reduce((n, s) => n + s.writesAcknowledged, 0)),
          fmt(stops.reduce((n, s) => n + s.missing, 0)),
        ]);
      return {
        series,
        value: out ? out.median : null,
        label: out ? fmt(out.median) : words.na,
        ...(out ? whisker(out) : {}),
      };
    });
    return { label: shortLabel(c), bars };
  });
  const findings = leaderLossFindings(runs, lang);
  return {
    chart: {
      id: 'lab-leader-loss',
      title: wl.title,
      desc: wl.desc(words.paragraph(findings)),
      yLabel: wl.yLabel,
      series: [...wl.series],
      groups,
      missing: words.na,
      ...(timeouts.length === 1
        ? { reference: { value: timeouts[0]!, label: wl.electionTimeout(fmt(timeouts[0]!)) } }
        : {}),
    },
    table,
    findings,
  };
}

/** The sentences under the leader-loss figure: leader, stuck writes, deadlines, follower, losses. */
function leaderLossFindings(runs: readonly ClusterRun[], lang: string): string[] {
  const wl = labFigureWords(lang).loss;
  const t = (s: Spread | null): string => sText(s, lang);
  const leaders = runs.flatMap((c) => stopsOf(c, 'leader'));
  const followers = runs.flatMap((c) => stopsOf(c, 'follower'));
  const findings: string[] = [];
  const election = spreadOrNull(leaders.flatMap((s) => (s.electionMs === null ? [] : [s.electionMs])));
  const first = spreadOrNull(resumed(leaders, 'first'));
  const all = spreadOrNull(resumed(leaders, 'all'));
  const versionOne = leaders.some((s) => !s.clientOutagesMs);
  if (versionOne && election && all) findings.push(wl.versionOne(t(all), t(election)));
  else if (election && first && all) findings.push(wl.leader(leaders.length, t(election), t(first), t(all)));
  const stuck = spreadOrNull(stuckWaits(leaders));
  const stuckCount = stuckWaits(leaders).length;
  const writers = leaders.reduce((n, s) => n + (s.clientOutagesMs?.length ?? 0), 0);
  if (stuck && writers > 0) findings.push(wl.stuck(fmt(stuckCount), fmt(writers), t(stuck)));
  const byDeadline = new Map<number, FailureResult[]>();
  for (const s of leaders)
    if (s.writeDeadlineMs && s.clientOutagesMs)
      byDeadline.set(s.writeDeadlineMs, [...(byDeadline.get(s.writeDeadlineMs) ?? []), s]);
  if (byDeadline.size > 1)
    findings.push(
      wl.byDeadline(
        [...byDeadline]
          .sort((a, b) => a[0] - b[0])
          .map(([d, xs]): [string, string] => [t(spreadOrNull(resumed(xs, 'all'))), fmt(d / 1000)]),
      ),
    );
  const follower = spreadOrNull(resumed(followers, 'all'));
  if (follower) findings.push(wl.follower(followers.length, t(follower)));
  const stops = [...leaders, ...followers];
  const acked = stops.reduce((n, s) => n + s.writesAcknowledged, 0);
  const missing = stops.reduce((n, s) => n + s.missing, 0);
  findings.push(missing === 0 ? wl.allReadBack(fmt(acked)) : wl.missing(fmt(missing), fmt(acked)));
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
  lang: string,
): string[][] {
  const wt = labFigureWords(lang).timeline;
  const end = resume < 0 ? counts.length : resume;
  const rows: string[][] = [];
  for (let i = Math.max(0, first - 2); i <= first && i < counts.length; i++) rows.push([seconds(i), fmt(counts[i]!)]);
  // Each slice is labelled by its start, so the merged row runs to the start of its last slice.
  if (end > first + 2)
    rows.push([
      wt.slices(seconds(first + 1), seconds(end - 1)),
      wt.inAll(fmt(counts.slice(first + 1, end).reduce((a, b) => a + b, 0))),
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
export function leaderTimelineFigure(result: LabResult, lang = 'en'): LabFigure | null {
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
  const wt = labFigureWords(lang).timeline;
  const markers = [{ at, label: wt.leaderKilled }];
  if (stop.electionMs !== null) markers.push({ at: at + stop.electionMs / intervalMs, label: wt.newLeader });
  const findings = [
    wt.gap(
      clusterLabel(c, lang),
      ms(stop.writeFailureWindowMs, lang),
      ms(stop.electionMs, lang),
      fmt(c.electionTimeoutMs),
    ),
  ];
  // The timeline is one kill; the others of the same cluster give the spread of its gap.
  const gaps = stopsOf(c, 'leader').flatMap((s) => (s.writeFailureWindowMs === null ? [] : [s.writeFailureWindowMs]));
  if (gaps.length > 1) findings.push(wt.gaps(gaps.length, sText(spreadOf(gaps), lang)));
  return {
    chart: {
      id: 'lab-leader-timeline',
      title: wt.title,
      desc: wt.desc(
        fmt(intervalMs),
        clusterLabel(c, lang),
        seconds(0),
        seconds(counts.length),
        labFigureWords(lang).paragraph(findings),
      ),
      yLabel: wt.yLabel(fmt(intervalMs)),
      series: [wt.series(shortLabel(c))],
      // Labels on whole seconds from the kill; slices are labelled by their start.
      groups: counts.map((n, i) => ({
        label: Math.abs(((i - at) * intervalMs) % 1000) < intervalMs / 2 ? seconds(i) : '',
        bars: [{ series: 0, value: n, label: fmt(n) }],
      })),
      dense: true,
      markers,
    },
    table: [[...wt.head], ...timelineRows(counts, first, resume, seconds, lang)],
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
export function majorityLossFigure(result: LabResult, lang = 'en'): LabFigure | null {
  const runs = result.clusters.flatMap((c) => {
    const losses = majorityLossesOf(c);
    return losses.length ? [{ c, losses }] : [];
  });
  if (runs.length === 0) return null;
  const words = labFigureWords(lang);
  const wm = words.majority;
  const table = [[...wm.head]];
  const sum = (
    xs: readonly MajorityLossResult[],
    k: 'writesRefused' | 'writesAttempted' | 'writesAcknowledged',
  ): number => xs.reduce((n, m) => n + m[k], 0);
  for (const { c, losses } of runs) {
    const stopped = [...new Set(losses.map((m) => m.stoppedMembers.length))];
    const deadlines = [...new Set(losses.map((m) => m.clientDeadlineMs))];
    const errors = [...new Set(losses.map((m) => m.errorText ?? words.none))];
    table.push([
      shortLabel(c),
      wm.stopped(stopped, c.members),
      fmt(losses.length),
      wm.refused(fmt(sum(losses, 'writesRefused')), fmt(sum(losses, 'writesAttempted'))),
      fmt(sum(losses, 'writesAcknowledged')),
      sText(spreadOrNull(losses.flatMap((m) => (m.refusedAfterMs === null ? [] : [m.refusedAfterMs]))), lang),
      wm.deadlines(deadlines.map((d) => ms(d, lang))),
      wm.errors(errors),
    ]);
  }
  const all = runs.flatMap((r) => r.losses);
  const acked = sum(all, 'writesAcknowledged');
  const errors = [...new Set(all.map((m) => m.errorText).filter((e) => e !== null))];
  const findings = [
    acked === 0 ? wm.noneAcked(fmt(all.length), runs.length) : wm.acked(fmt(acked)),
    ...(errors.length ? [wm.saw(errors)] : []),
  ];
  return { chart: null, table, findings };
}
