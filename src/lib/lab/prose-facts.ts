/**
 * The lab's figures as the prose quotes them: each fact is a phrase computed from one lab result,
 * so that a sentence on the lab page says what the drawn run measured and a redraw cannot leave
 * it behind (`<LabFact name="…" />` renders one, in the language of the page's content).
 *
 * Each fact's numbers are computed once, formatted with the figures' `fmt` and then put into words
 * by the page language's {@link FactWords}, so an English and a Japanese page quote the same figures
 * under the same conditions; only the words around the numbers differ.
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

/** The three first errors a stuck write can end with (error.go L82-L84). */
type ErrorKind = 'plain' | 'leaderFailure' | 'connectionLost';

/**
 * One language's words for every phrase shape the facts take. Each entry receives its numbers
 * already formatted; a count whose wording depends on being one gets a flag rather than the number.
 * Every phrase is a noun phrase a sentence can embed: no sentence-final punctuation.
 */
interface FactWords {
  /** A whole, all of it: "all 30". */
  all: (whole: string) => string;
  /** Part of a whole: "25 of 30". */
  partOf: (part: string, whole: string) => string;
  /** A count of leader kills, from `all` or `partOf`: "25 of 30 kills". */
  kills: (share: string) => string;
  /** Every new leader within two election timeouts: "all 30 kills within two". */
  electedWithin: (kills: string) => string;
  /** All but one: "29 of 30 kills within two, the other at 2.5 timeouts". */
  electedOneLater: (within: string, top: string) => string;
  /** All but several: "25 of 30 kills within two, the other 5 up to 2.9 timeouts". */
  electedSomeLater: (within: string, others: string, top: string) => string;
  /** The name of each first-error kind: "the leader-failure one". */
  errorKind: Record<ErrorKind, string>;
  /** A kind and how many kills it followed: "the plain message in 21 kills". */
  errorKindIn: (kind: string, kills: string, one: boolean) => string;
  /** Two or more kinds as one list: "a, b and c". */
  errorKindList: (init: readonly string[], last: string) => string;
  /** No kill had a first error of a known kind. */
  noErrorKind: string;
  /** The kinds, then the kills after which no write failed: "…; in 1 no write failed at all". */
  noWriteFailed: (list: string, kills: string) => string;
  /** "133 of the 240 writers' outages (30 leader kills)". */
  outagesAtTimeout: (long: string, writers: string, kills: string) => string;
  /** The kills ended by the request timeout, and the one that was not: "29 of 30 kills (in the other …)". */
  endedButOne: (kills: string, maxSeconds: string) => string;
  /** The same with several that were not: "25 of 30 kills (in the other 5 …)". */
  endedButSome: (kills: string, others: string, maxSeconds: string) => string;
  /** "about 15 in the 5-member windows". */
  loadAverage: (median: string, members: string) => string;
  /** "43–95 %", lowest–highest. */
  busyRange: (min: string, max: string) => string;
  /** "0.34 × its rate, with 3 members and 2 ms added". */
  ratioBest: (ratio: string, members: string, rttMs: string) => string;
  /** "20 min 41 s". */
  duration: (minutes: string, seconds: string) => string;
  /** A machine reading no write window recorded. */
  notRecorded: string;
  /** A ratio the run has no clusters to compute from. */
  notMeasured: string;
}

const EN: FactWords = {
  all: (whole) => `all ${whole}`,
  partOf: (part, whole) => `${part} of ${whole}`,
  kills: (share) => `${share} kills`,
  electedWithin: (kills) => `${kills} within two`,
  electedOneLater: (within, top) => `${within} within two, the other at ${top} timeouts`,
  electedSomeLater: (within, others, top) => `${within} within two, the other ${others} up to ${top} timeouts`,
  errorKind: {
    plain: 'the plain message',
    leaderFailure: 'the leader-failure one',
    connectionLost: 'the connection-lost one',
  },
  errorKindIn: (kind, kills, one) => `${kind} in ${kills} kill${one ? '' : 's'}`,
  errorKindList: (init, last) => `${init.join(', ')} and ${last}`,
  noErrorKind: 'none',
  noWriteFailed: (list, kills) => `${list}; in ${kills} no write failed at all`,
  outagesAtTimeout: (long, writers, kills) => `${long} of the ${writers} writers' outages (${kills} leader kills)`,
  endedButOne: (kills, max) => `${kills} (in the other every writer was back within ${max} s)`,
  endedButSome: (kills, others, max) => `${kills} (in the other ${others} every writer was back within ${max} s)`,
  loadAverage: (median, members) => `about ${median} in the ${members}-member windows`,
  busyRange: (min, max) => `${min}–${max} %`,
  ratioBest: (ratio, members, rtt) => `${ratio} × its rate, with ${members} members and ${rtt} ms added`,
  duration: (minutes, seconds) => `${minutes} min ${seconds} s`,
  notRecorded: 'not recorded',
  notMeasured: 'not measured',
};

/**
 * Japanese, for sentences such as 「最も 1 台に近かったものは…でした」. Kills and windows are
 * counted in 回; a leader kill is (リーダーの)停止, the word the Japanese pages use for a stopped
 * member (they spell the act "kill" only in running prose, which a quoted figure is not),
 * an outage a writer sees is 中断, a writer is a 書き込みクライアント, and ranges take 〜 as the
 * Japanese pages write them (「選出タイムアウトのおよそ 1〜2 回分」).
 */
const JA: FactWords = {
  all: (whole) => `${whole} 回すべて`,
  partOf: (part, whole) => `${whole} 回中 ${part} 回`,
  kills: (share) => `停止 ${share}`,
  electedWithin: (kills) => `${kills}で選出タイムアウト 2 回分以内`,
  electedOneLater: (within, top) => `${within}で選出タイムアウト 2 回分以内、残りは ${top} 回分`,
  electedSomeLater: (within, others, top) =>
    `${within}で選出タイムアウト 2 回分以内、残る ${others} 回では最大 ${top} 回分`,
  errorKind: {
    plain: '理由を示さないメッセージ',
    leaderFailure: '前のリーダーの障害を理由に挙げるもの',
    connectionLost: '接続の切断を理由に挙げるもの',
  },
  errorKindIn: (kind, kills) => `${kind}が ${kills} 回`,
  errorKindList: (init, last) => [...init, last].join('、'),
  noErrorKind: 'なし',
  noWriteFailed: (list, kills) => `${list}、失敗した書き込みがなかったのが ${kills} 回`,
  outagesAtTimeout: (long, writers, kills) =>
    `リーダーの停止 ${kills} 回で書き込みクライアントに生じた中断 ${writers} 件のうち ${long} 件`,
  endedButOne: (kills, max) => `${kills}（残りの停止では、どの書き込みクライアントも ${max} 秒以内に再開）`,
  endedButSome: (kills, others, max) =>
    `${kills}（残る ${others} 回では、どの書き込みクライアントも ${max} 秒以内に再開）`,
  loadAverage: (median, members) => `メンバー ${members} 台の計測期間で約 ${median}`,
  busyRange: (min, max) => `${min}〜${max} %`,
  ratioBest: (ratio, members, rtt) =>
    `往復遅延を ${rtt} ms 加えたメンバー ${members} 台のクラスターで、単一メンバーのときの ${ratio} 倍`,
  duration: (minutes, seconds) => `${minutes} 分 ${seconds} 秒`,
  notRecorded: '記録なし',
  notMeasured: '測定なし',
};

const WORDS: Record<string, FactWords> = { en: EN, ja: JA };

/** A count of a whole: "all 30", or "25 of 30". */
const share = (w: FactWords, part: number, whole: number): string =>
  part === whole ? w.all(fmt(whole)) : w.partOf(fmt(part), fmt(whole));

function electionTimeouts(w: FactWords, kills: readonly Kill[]): string {
  const ratios = kills.flatMap(({ c, s }) => (s.electionMs === null ? [] : [s.electionMs / c.electionTimeoutMs]));
  const within = ratios.filter((x) => x <= 2).length;
  const head = w.kills(share(w, within, ratios.length));
  if (within === ratios.length) return w.electedWithin(head);
  const top = fmt(Math.max(...ratios), 1);
  if (ratios.length - within === 1) return w.electedOneLater(head, top);
  return w.electedSomeLater(head, fmt(ratios.length - within), top);
}

function firstErrorKinds(w: FactWords, kills: readonly Kill[]): string {
  const kinds = [
    ['plain', (e: string) => !/possibly due to/.test(e)],
    ['leaderFailure', (e: string) => /previous leader failure/.test(e)],
    ['connectionLost', (e: string) => /connection lost/.test(e)],
  ] as const;
  const parts = kinds.flatMap(([kind, is]) => {
    const n = kills.filter(({ s }) => s.firstError !== null && is(s.firstError)).length;
    return n ? [w.errorKindIn(w.errorKind[kind], fmt(n), n === 1)] : [];
  });
  const none = kills.filter(({ s }) => s.firstError === null).length;
  const list = parts.length > 1 ? w.errorKindList(parts.slice(0, -1), parts.at(-1)!) : (parts[0] ?? w.noErrorKind);
  return none ? w.noWriteFailed(list, fmt(none)) : list;
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

function killsEndedByTimeout(w: FactWords, kills: readonly Kill[]): string {
  const fast: number[] = [];
  let slow = 0;
  for (const { c, s } of kills) {
    const all = resumedAfter(s)?.all;
    if (all === undefined) continue;
    if (all >= requestTimeoutMs(c) - TIMEOUT_SLACK_MS) slow++;
    else fast.push(all);
  }
  const head = w.kills(share(w, slow, slow + fast.length));
  if (fast.length === 0) return head;
  const max = fmt(spreadOf(fast).max / 1000, 2);
  return fast.length === 1 ? w.endedButOne(head, max) : w.endedButSome(head, fmt(fast.length), max);
}

/** Kills after which not even the first writer wrote again before etcd's request timeout. */
function killsWithoutWrites(w: FactWords, kills: readonly Kill[]): string {
  const timed = kills.flatMap(({ c, s }) => {
    const r = resumedAfter(s);
    return r ? [r.first >= requestTimeoutMs(c) - TIMEOUT_SLACK_MS] : [];
  });
  return w.kills(share(w, timed.filter(Boolean).length, timed.length));
}

function windowsCpuBound(w: FactWords, result: LabResult, load: 'write' | 'reads'): string {
  const windows = result.clusters.flatMap((c) => {
    const s = c.scenarios;
    const loads = load === 'write' ? [s.write] : [s.linearizableRead, s.serializableRead];
    return loads.flatMap((l) => l?.windows ?? []).filter((x) => x.machine);
  });
  return share(w, windows.filter((x) => x.machine!.cpuBound).length, windows.length);
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
function writeLoadAverage(w: FactWords, result: LabResult): string {
  const most = Math.max(...result.clusters.map((c) => c.members));
  const largest = { ...result, clusters: result.clusters.filter((c) => c.members === most) };
  const loads = writeReadings(largest, (m) => m.loadAverage1);
  return loads.length ? w.loadAverage(fmt(spreadOf(loads).median), String(most)) : w.notRecorded;
}

/** How busy the machine's CPUs were across the write windows, as "43–95 %" (lowest–highest window). */
function writeBusyRange(w: FactWords, result: LabResult): string {
  const busy = writeReadings(result, (m) => (m.machineBusyFraction === null ? null : m.machineBusyFraction * 100));
  if (!busy.length) return w.notRecorded;
  const s = spreadOf(busy);
  return w.busyRange(fmt(s.min), fmt(s.max));
}

/** The larger cluster that came closest to one member's write throughput (medians over the windows). */
function writeRatioBest(w: FactWords, result: LabResult): string {
  const rate = (c: ClusterRun): number | null => {
    const ws = c.scenarios.write?.windows ?? [];
    return ws.length
      ? spreadOf(ws.map((x) => x.throughputPerSec)).median
      : (c.scenarios.write?.throughputPerSec ?? null);
  };
  const one = result.clusters.find((c) => c.members === 1);
  const base = one ? rate(one) : null;
  const ratios = result.clusters.flatMap((c) => {
    const r = rate(c);
    return c.members > 1 && r !== null && base ? [{ c, x: r / base }] : [];
  });
  if (!ratios.length) return w.notMeasured;
  const best = ratios.reduce((a, b) => (b.x > a.x ? b : a));
  return w.ratioBest(fmt(best.x, 2), String(best.c.members), fmt(best.c.rttRequestedMs));
}

function runDuration(w: FactWords, result: LabResult): string {
  const s = Math.round((Date.parse(result.endedAt) - Date.parse(result.startedAt)) / 1000);
  return w.duration(String(Math.floor(s / 60)), String(s % 60));
}

/**
 * Every fact of a lab run, as the phrase the prose quotes.
 *
 * @param result - a parsed lab result (schema version 2: per-writer outages and windows).
 * @param lang - the language of the page's content, a BCP 47 tag (`en`, `ja`): the phrases carry
 *   the same figures in each, worded to sit inside that language's sentence as a noun phrase.
 *   A language without words of its own gets the English phrases.
 * @returns one phrase per {@link LAB_FACTS} name.
 * @throws Error naming the fact when the run has nothing to compute it from (a version-1 result,
 *   or one without leader kills), so a page never quotes an empty phrase.
 */
export function labFacts(result: LabResult, lang: string = 'en'): Record<LabFact, string> {
  const w = WORDS[lang.split('-')[0]!] ?? EN;
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
    'election-timeouts': electionTimeouts(w, kills),
    'write-load-average': writeLoadAverage(w, result),
    'write-busy-range': writeBusyRange(w, result),
    'write-ratio-best': writeRatioBest(w, result),
    'write-windows-cpu-bound': windowsCpuBound(w, result, 'write'),
    'read-windows-cpu-bound': windowsCpuBound(w, result, 'reads'),
    'first-error-kinds': firstErrorKinds(w, kills),
    'outages-at-request-timeout': w.outagesAtTimeout(fmt(o.long), fmt(o.writers), fmt(kills.length)),
    'outages-stuck-at-kill': fmt(o.stuck),
    'outages-caught-later': fmt(o.long - o.stuck),
    'kills-ended-by-request-timeout': killsEndedByTimeout(w, kills),
    'kills-without-writes-until-request-timeout': killsWithoutWrites(w, kills),
    'run-duration': runDuration(w, result),
  };
}
