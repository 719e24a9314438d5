/**
 * Number formats, cluster labels and the repetition summaries the lab's figures share: the median
 * of a cell's windows with their range, how many windows were CPU-bound, and the delay the proxies
 * measured while they ran. A `lang` parameter picks the words around the numbers
 * (lab-figure-words.ts); the numbers are the same in every language.
 */
import type { ClusterRun, LabResult, LoadResult, LoadWindow } from '../lab/result.ts';
import { spreadOf, type Spread } from '../lab/windows.ts';
import type { BarChartSpec } from './bar-chart.ts';
import { labFigureWords } from './lab-figure-words.ts';

/** A figure: its chart (none for a table of a few numbers), its numbers as a table (header row first) and one sentence per ratio. */
export interface LabFigure {
  chart: BarChartSpec | null;
  table: string[][];
  /** The claim each ratio tests, stated with the measured ratio ("5 members ÷ 1 member: 0.41 × the writes/s"). */
  findings: string[];
}

export const fmt = (v: number, digits = 0): string =>
  v.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
export const ms = (v: number | null | undefined, lang = 'en'): string =>
  v === null || v === undefined ? labFigureWords(lang).na : `${fmt(v, v < 10 ? 2 : 0)} ms`;
export const ratio = (a: number, b: number, lang = 'en'): string => labFigureWords(lang).ratio(fmt(a / b, 2));

/** "3 · 2 ms": members · added RTT, for table rows and chart groups (one member has no peers, so no RTT). */
export function shortLabel(c: Pick<ClusterRun, 'members' | 'rttRequestedMs'>): string {
  return c.members === 1 ? '1' : `${c.members} · ${fmt(c.rttRequestedMs)} ms`;
}

/** "3 members, 2 ms RTT" (no RTT for one member: it has no peers). */
export function clusterLabel(c: Pick<ClusterRun, 'members' | 'rttRequestedMs'>, lang = 'en'): string {
  const w = labFigureWords(lang);
  return c.members === 1 ? w.members(1) : w.cluster(c.members, fmt(c.rttRequestedMs));
}

/** The windows of a load; a version-1 result has none, so its one load stands as one window. */
export function windowsOf(l: LoadResult): Pick<LoadWindow, 'throughputPerSec' | 'latency' | 'machine' | 'delay'>[] {
  return l.windows ?? [{ throughputPerSec: l.throughputPerSec, latency: l.latency, machine: null, delay: null }];
}

/** Spread of one field over a load's windows. */
export function spreadBy(l: LoadResult, f: (w: ReturnType<typeof windowsOf>[number]) => number): Spread {
  return spreadOf(windowsOf(l).map(f));
}

/** "1,234 (1,100–1,300)" or, for one value, "1,234"; `unit` follows each number. */
export function spreadText(s: Spread, digits = 0, unit = ''): string {
  const n = (v: number): string => fmt(v, digits);
  return s.n === 1 || s.min === s.max ? `${n(s.median)}${unit}` : `${n(s.median)} (${n(s.min)}–${n(s.max)})${unit}`;
}

/** The range of a spread as a chart whisker, or nothing for one value. */
export function whisker(s: Spread): { range?: { lo: number; hi: number } } {
  return s.n > 1 ? { range: { lo: s.min, hi: s.max } } : {};
}

/** "2 of 5", the windows of `loads` that were CPU-bound; "n/a" when none recorded the machine. */
export function cpuBoundText(loads: readonly LoadResult[], lang = 'en'): string {
  const words = labFigureWords(lang);
  const ws = loads.flatMap(windowsOf).filter((w) => w.machine);
  return ws.length === 0 ? words.na : words.windowsOf(ws.filter((w) => w.machine!.cpuBound).length, ws.length);
}

/**
 * The delay the proxies added during `loads`: the median of the windows' p50 and the highest p99,
 * "10.4 / 23 ms"; "–" without proxies (one member) or without samples (a version-1 result).
 */
export function delayText(loads: readonly LoadResult[]): string {
  const d = loads.flatMap(windowsOf).flatMap((w) => (w.delay && w.delay.p50Ms !== null ? [w.delay] : []));
  if (d.length === 0) return '–';
  const p50 = spreadOf(d.map((x) => x.p50Ms!)).median;
  const p99 = Math.max(...d.map((x) => x.p99Ms ?? 0));
  return `${fmt(p50, 1)} / ${fmt(p99, 0)} ms`;
}

/**
 * The findings every load figure ends with: how many of its windows were CPU-bound, and how far
 * the delay measured during the loads was from the one requested (more than 20 % is said).
 */
export function machineFindings(
  runs: readonly ClusterRun[],
  pick: (c: ClusterRun) => (LoadResult | null)[],
  lang = 'en',
): string[] {
  const words = labFigureWords(lang).machine;
  const loads = runs.flatMap((c) => pick(c).filter((l): l is LoadResult => l !== null));
  const ws = loads.flatMap(windowsOf).filter((w) => w.machine);
  const out: string[] = [];
  if (ws.length > 0) {
    const bound = ws.filter((w) => w.machine!.cpuBound).length;
    const busy = spreadOf(ws.map((w) => w.machine!.machineBusyFraction ?? 0));
    out.push(
      bound === 0
        ? words.notBound(fmt(busy.median * 100))
        : words.bound(bound, ws.length, ws[0]!.machine!.cpuCount, fmt(busy.median * 100)),
    );
  }
  const off: string[] = [];
  for (const c of runs) {
    if (c.members === 1 || c.rttRequestedMs === 0) continue;
    const d = pick(c)
      .filter((l): l is LoadResult => l !== null)
      .flatMap(windowsOf)
      .flatMap((w) => (w.delay?.p50Ms != null ? [w.delay.p50Ms] : []));
    if (d.length === 0) continue;
    const m = spreadOf(d).median;
    if (Math.abs(m - c.rttRequestedMs) > 0.2 * c.rttRequestedMs)
      off.push(words.offItem(shortLabel(c), fmt(m, 1), fmt(c.rttRequestedMs)));
  }
  if (off.length > 0) out.push(words.off(off));
  return out;
}

/**
 * How the run was measured, for the sentence under every figure: windows and warm-up, read clients
 * per member, the machine's load over the windows, and whether processes had CPUs of their own.
 * A version-1 result says it had one window per cell and no warm-up.
 */
export function methodNote(r: Pick<LabResult, 'settings' | 'clusters'>, lang = 'en'): string {
  const words = labFigureWords(lang).method;
  const st = r.settings;
  const sec = (x: number): string => `${fmt(x / 1000, x % 1000 === 0 ? 0 : 1)} s`;
  if (st.repeats === undefined) return words.oneWindow(sec(st.durationMs));
  const loads = r.clusters.flatMap((c) =>
    [c.scenarios.write, c.scenarios.linearizableRead, c.scenarios.serializableRead, c.scenarios.mixed].filter(
      (l): l is LoadResult => l !== null,
    ),
  );
  const ws = loads.flatMap(windowsOf).filter((w) => w.machine);
  const parts = [words.windows(st.repeats, sec(st.durationMs), sec(st.warmUpMs ?? 0))];
  if (ws.length > 0) {
    const busy = spreadOf(ws.map((w) => (w.machine!.machineBusyFraction ?? 0) * 100));
    const load = spreadOf(ws.map((w) => w.machine!.loadAverage1 ?? 0));
    parts.push(
      words.machine(spreadText(busy), spreadText(load, 1), ws.filter((w) => w.machine!.cpuBound).length, ws.length),
    );
  }
  const pin = st.pinning;
  if (pin && !pin.pinned) parts.push(words.unpinned(pin.reason));
  return words.join(parts);
}
