/**
 * The lab's figures as the prose quotes them: each fact is a phrase computed from one lab result,
 * so that a sentence on the lab page says what the drawn run measured and a redraw cannot leave
 * it behind (`<LabFact name="…" />` renders one).
 *
 * The request timeout a stuck write waits is etcd's `ReqTimeout()`, 5 s + 2 × the election
 * timeout (etcd-io/etcd@v3.7.0 server/config/config.go L320-L323, cited on the lab page); the
 * first-error kinds are the three texts of api/v3rpc/rpctypes/error.go L82-L84.
 */
import { fmt } from '../charts/lab-figure-format.ts';
import type { ClusterRun, FailureResult, LabResult } from './result.ts';
import { resumedAfter, stopsOf } from './stops.ts';
import { spreadOf } from './windows.ts';

export const LAB_FACTS = [
  'election-timeouts',
  'write-load-average',
  'write-busy-range',
  'write-ratio-best',
  'write-windows-cpu-bound',
  'read-windows-cpu-bound',
  'first-error-kinds',
  'outages-at-request-timeout',
  'outages-stuck-at-kill',
  'outages-caught-later',
  'kills-ended-by-request-timeout',
  'kills-without-writes-until-request-timeout',
  'run-duration',
] as const;
export type LabFact = (typeof LAB_FACTS)[number];

/** An outage within this much of etcd's request timeout counts as having waited it out, ms. */
const TIMEOUT_SLACK_MS = 500;

const requestTimeoutMs = (c: ClusterRun): number => 5000 + 2 * c.electionTimeoutMs;

interface Kill {
  c: ClusterRun;
  s: FailureResult;
}

/** A count of a whole: "all 30", or "25 of 30". */
const share = (part: number, whole: number): string =>
  part === whole ? `all ${fmt(whole)}` : `${fmt(part)} of ${fmt(whole)}`;

function electionTimeouts(kills: readonly Kill[]): string {
  const ratios = kills.flatMap(({ c, s }) => (s.electionMs === null ? [] : [s.electionMs / c.electionTimeoutMs]));
  const within = ratios.filter((x) => x <= 2).length;
  if (within === ratios.length) return `${share(within, ratios.length)} kills within two`;
  const top = fmt(Math.max(...ratios), 1);
  if (ratios.length - within === 1)
    return `${share(within, ratios.length)} kills within two, the other at ${top} timeouts`;
  return `${share(within, ratios.length)} kills within two, the other ${fmt(ratios.length - within)} up to ${top} timeouts`;
}

function firstErrorKinds(kills: readonly Kill[]): string {
  const kinds = [
    ['the plain message', (e: string) => !/possibly due to/.test(e)],
    ['the leader-failure one', (e: string) => /previous leader failure/.test(e)],
    ['the connection-lost one', (e: string) => /connection lost/.test(e)],
  ] as const;
  const parts = kinds.flatMap(([name, is]) => {
    const n = kills.filter(({ s }) => s.firstError !== null && is(s.firstError)).length;
    return n ? [`${name} in ${fmt(n)} kill${n === 1 ? '' : 's'}`] : [];
  });
  const none = kills.filter(({ s }) => s.firstError === null).length;
  const list = parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}` : (parts[0] ?? 'none');
  return none ? `${list}; in ${fmt(none)} no write failed at all` : list;
}

/** Per kill: its writers' outages, those that waited out the request timeout, and its stuck writes. */
function outages(kills: readonly Kill[]): { writers: number; long: number; stuck: number } {
  let writers = 0;
  let long = 0;
  let stuck = 0;
  for (const { c, s } of kills) {
    const bound = requestTimeoutMs(c) - TIMEOUT_SLACK_MS;
    const xs = s.clientOutagesMs ?? [];
    writers += xs.length;
    long += xs.filter((x) => x !== null && x >= bound).length;
    // A closed-loop writer has at most one write in flight, so each stuck write is one writer's wait.
    stuck += (s.inFlightAtKill ?? []).filter((w) => !w.acknowledged && w.endedAfterMs >= bound).length;
  }
  return { writers, long, stuck };
}

function killsEndedByTimeout(kills: readonly Kill[]): string {
  const fast: number[] = [];
  let slow = 0;
  for (const { c, s } of kills) {
    const all = resumedAfter(s)?.all;
    if (all === undefined) continue;
    if (all >= requestTimeoutMs(c) - TIMEOUT_SLACK_MS) slow++;
    else fast.push(all);
  }
  const whole = slow + fast.length;
  const head = `${share(slow, whole)} kills`;
  if (fast.length === 0) return head;
  const s = spreadOf(fast);
  const others = fast.length === 1 ? 'in the other' : `in the other ${fmt(fast.length)}`;
  return `${head} (${others} every writer was back within ${fmt(s.max / 1000, 2)} s)`;
}

/** Kills after which not even the first writer wrote again before etcd's request timeout. */
function killsWithoutWrites(kills: readonly Kill[]): string {
  const timed = kills.flatMap(({ c, s }) => {
    const r = resumedAfter(s);
    return r ? [r.first >= requestTimeoutMs(c) - TIMEOUT_SLACK_MS] : [];
  });
  return `${share(timed.filter(Boolean).length, timed.length)} kills`;
}

function windowsCpuBound(result: LabResult, load: 'write' | 'reads'): string {
  const windows = result.clusters.flatMap((c) => {
    const s = c.scenarios;
    const loads = load === 'write' ? [s.write] : [s.linearizableRead, s.serializableRead];
    return loads.flatMap((l) => l?.windows ?? []).filter((w) => w.machine);
  });
  return share(windows.filter((w) => w.machine!.cpuBound).length, windows.length);
}

type WindowMachine = NonNullable<NonNullable<ClusterRun['scenarios']['write']>['windows']>[number]['machine'];

/** One reading of every write window that recorded it (a machine reading can be missing or null). */
function writeReadings(result: LabResult, pick: (m: NonNullable<WindowMachine>) => number | null): number[] {
  return result.clusters.flatMap((c) =>
    (c.scenarios.write?.windows ?? []).flatMap((w) => {
      const v = w.machine ? pick(w.machine) : null;
      return v === null ? [] : [v];
    }),
  );
}

/** The load average during the write windows of the largest cluster, where the most processes shared the CPUs. */
function writeLoadAverage(result: LabResult): string {
  const most = Math.max(...result.clusters.map((c) => c.members));
  const largest = { ...result, clusters: result.clusters.filter((c) => c.members === most) };
  const loads = writeReadings(largest, (m) => m.loadAverage1);
  return loads.length ? `about ${fmt(spreadOf(loads).median)} in the ${most}-member windows` : 'not recorded';
}

/** How busy the machine's CPUs were across the write windows, as "43–95 %" (lowest–highest window). */
function writeBusyRange(result: LabResult): string {
  const busy = writeReadings(result, (m) => (m.machineBusyFraction === null ? null : m.machineBusyFraction * 100));
  if (!busy.length) return 'not recorded';
  const s = spreadOf(busy);
  return `${fmt(s.min)}–${fmt(s.max)} %`;
}

/** The larger cluster that came closest to one member's write throughput (medians over the windows). */
function writeRatioBest(result: LabResult): string {
  const rate = (c: ClusterRun): number | null => {
    const ws = c.scenarios.write?.windows ?? [];
    return ws.length
      ? spreadOf(ws.map((w) => w.throughputPerSec)).median
      : (c.scenarios.write?.throughputPerSec ?? null);
  };
  const one = result.clusters.find((c) => c.members === 1);
  const base = one ? rate(one) : null;
  const ratios = result.clusters.flatMap((c) => {
    const r = rate(c);
    return c.members > 1 && r !== null && base ? [{ c, x: r / base }] : [];
  });
  if (!ratios.length) return 'not measured';
  const best = ratios.reduce((a, b) => (b.x > a.x ? b : a));
  return `${fmt(best.x, 2)} × its rate, with ${best.c.members} members and ${fmt(best.c.rttRequestedMs)} ms added`;
}

function runDuration(result: LabResult): string {
  const s = Math.round((Date.parse(result.endedAt) - Date.parse(result.startedAt)) / 1000);
  return `${Math.floor(s / 60)} min ${s % 60} s`;
}

/**
 * Every fact of a lab run, as the phrase the prose quotes.
 *
 * @param result - a parsed lab result (schema version 2: per-writer outages and windows).
 * @returns one phrase per {@link LAB_FACTS} name.
 * @throws Error naming the fact when the run has nothing to compute it from (a version-1 result,
 *   or one without leader kills), so a page never quotes an empty phrase.
 */
export function labFacts(result: LabResult): Record<LabFact, string> {
  const kills = result.clusters.flatMap((c) => stopsOf(c, 'leader').map((s) => ({ c, s })));
  const need = (fact: string, ok: boolean): void => {
    if (!ok)
      throw new Error(
        `lab fact "${fact}": the run started ${result.startedAt} has no repeated leader kills with per-writer outages to compute it from.`,
      );
  };
  need('leader kills', kills.length > 0 && kills.every(({ s }) => s.clientOutagesMs));
  const o = outages(kills);
  return {
    'election-timeouts': electionTimeouts(kills),
    'write-load-average': writeLoadAverage(result),
    'write-busy-range': writeBusyRange(result),
    'write-ratio-best': writeRatioBest(result),
    'write-windows-cpu-bound': windowsCpuBound(result, 'write'),
    'read-windows-cpu-bound': windowsCpuBound(result, 'reads'),
    'first-error-kinds': firstErrorKinds(kills),
    'outages-at-request-timeout': `${fmt(o.long)} of the ${fmt(o.writers)} writers' outages (${fmt(kills.length)} leader kills)`,
    'outages-stuck-at-kill': fmt(o.stuck),
    'outages-caught-later': fmt(o.long - o.stuck),
    'kills-ended-by-request-timeout': killsEndedByTimeout(kills),
    'kills-without-writes-until-request-timeout': killsWithoutWrites(kills),
    'run-duration': runDuration(result),
  };
}
