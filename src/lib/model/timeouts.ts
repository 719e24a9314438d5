/**
 * etcd's two time parameters as a model: the heartbeat interval and the election timeout that the
 * tuning page's rule gives for a measured round trip, and whether etcd v3.7.0 accepts a pair.
 *
 * Two rules meet here, and they are not the same rule:
 * - documented (etcd-io/website v3.7 docs, content/en/docs/v3.7/tuning.md L14–L22): the heartbeat
 *   around the round-trip time between members (0.5–1.5 × RTT), the election timeout at least
 *   10 × RTT, with 50 000 ms as the upper limit;
 * - enforced (etcd-io/etcd@v3.7.0:server/embed/config.go#L997-L1008, `Config.Validate`): both
 *   above 0, the election timeout at least 5 × the heartbeat interval, and at most
 *   `maxElectionMs` = 50 000 (L115). The server checks them in that order and reports the first
 *   that fails.
 * The defaults are 100 ms and 1000 ms (config.go L533–L534). Election ticks are
 * ElectionMs / TickMs in whole ticks (config.go L1220), and raft draws each follower's timeout
 * from [ticks, 2 × ticks) (etcd-io/raft@v3.7.0:raft.go#L2053-L2054).
 *
 * The guide's reading, stated because no upstream page says it: never go below the defaults (the
 * tuning page says they work on a local network, L7), round up to whole milliseconds (the flags
 * are unsigned integers, config.go L629–L630), round the election timeout up to whole heartbeat
 * ticks, and add a disk's fsync p99 to the round trip when it is given (the tuning page counts
 * slow disks on both sides into each timeout, L9).
 */
import { assertFinite, assertWhole } from './input.ts';

/** etcd v3.7.0's default --heartbeat-interval, ms (server/embed/config.go#L533). */
export const DEFAULT_HEARTBEAT_MS = 100;
/** etcd v3.7.0's default --election-timeout, ms (server/embed/config.go#L534). */
export const DEFAULT_ELECTION_MS = 1000;
/** The election timeout must be at least this many heartbeat intervals (server/embed/config.go#L1003). */
export const MIN_ELECTION_HEARTBEATS = 5;
/** Largest election timeout etcd accepts, ms: `maxElectionMs` (server/embed/config.go#L115). */
export const MAX_ELECTION_MS = 50_000;
/** The tuning page's factor: election timeout ≥ 10 × RTT (tuning.md L20). */
export const DOC_ELECTION_RTTS = 10;
/** The tuning page's band for the heartbeat: 0.5–1.5 × RTT (tuning.md L18). */
export const DOC_HEARTBEAT_RTT_BAND = [0.5, 1.5] as const;
/** The tuning page's upper limit of the election timeout, ms (tuning.md L22). */
export const DOC_MAX_ELECTION_MS = 50_000;
/** The leader warns when a heartbeat goes out later than this many intervals (server/etcdserver/raft.go#L143). */
export const LATE_HEARTBEAT_INTERVALS = 2;

/** Largest round trip or fsync the model takes, ms (one minute: far past anything etcd accepts). */
const MAX_INPUT_MS = 60_000;
/** Largest flag value the model takes, ms (above any recommendation: 10 × two minutes). */
const MAX_FLAG_MS = 10_000_000;

/** Why etcd v3.7.0 refuses a pair, in the order `Config.Validate` checks (it reports only the first). */
export type Refusal =
  | { rule: 'heartbeat-zero' }
  | { rule: 'election-zero' }
  | { rule: 'below-5x-heartbeat'; minElectionMs: number }
  | { rule: 'above-max'; maxElectionMs: number };

/** What etcd does with one heartbeat/election pair. */
export interface ServerVerdict {
  accepted: boolean;
  /** The first failing check, as etcd reports it; null when accepted. */
  refusal: Refusal | null;
  /** The server's own message for that check (config.go L998–L1007), or null. */
  message: string | null;
}

/**
 * What etcd v3.7.0's configuration validation says about a pair of flags.
 *
 * @param heartbeatMs - --heartbeat-interval, whole ms, 0–1e7.
 * @param electionMs - --election-timeout, whole ms, 0–1e7.
 * @returns accepted, or the first check that fails with the server's message.
 * @throws RangeError for values that are not whole numbers in range.
 * Source: etcd-io/etcd@v3.7.0:server/embed/config.go#L997-L1008 (checks), #L115 (maximum).
 */
export function serverVerdict(heartbeatMs: number, electionMs: number): ServerVerdict {
  assertWhole(heartbeatMs, 0, MAX_FLAG_MS, 'Heartbeat interval (ms)');
  assertWhole(electionMs, 0, MAX_FLAG_MS, 'Election timeout (ms)');
  const refuse = (refusal: Refusal, message: string): ServerVerdict => ({ accepted: false, refusal, message });
  if (heartbeatMs === 0)
    return refuse({ rule: 'heartbeat-zero' }, `--heartbeat-interval must be >0 (set to ${heartbeatMs}ms)`);
  if (electionMs === 0)
    return refuse({ rule: 'election-zero' }, `--election-timeout must be >0 (set to ${electionMs}ms)`);
  if (MIN_ELECTION_HEARTBEATS * heartbeatMs > electionMs)
    return refuse(
      { rule: 'below-5x-heartbeat', minElectionMs: MIN_ELECTION_HEARTBEATS * heartbeatMs },
      `--election-timeout[${electionMs}ms] should be at least as 5 times as --heartbeat-interval[${heartbeatMs}ms]`,
    );
  if (electionMs > MAX_ELECTION_MS)
    return refuse(
      { rule: 'above-max', maxElectionMs: MAX_ELECTION_MS },
      `--election-timeout[${electionMs}ms] is too long, and should be set less than ${MAX_ELECTION_MS}ms`,
    );
  return { accepted: true, refusal: null, message: null };
}

/** How a pair compares with the tuning page's rule for one round trip. */
export interface DocVerdict {
  /** Round trip the rule is applied to, ms (RTT plus fsync when given). */
  roundTripMs: number;
  /** Heartbeat band the page describes, ms: [0.5 × RTT, 1.5 × RTT]. */
  heartbeatBandMs: readonly [number, number];
  heartbeatInBand: boolean;
  /** Smallest election timeout the page asks for, ms: 10 × RTT. */
  minElectionMs: number;
  electionMeetsRule: boolean;
  /** The election timeout is within the page's upper limit, 50 000 ms. */
  electionWithinLimit: boolean;
  /**
   * All three hold. With a round trip above 0 such a pair always passes the server's checks:
   * heartbeat ≤ 1.5 × RTT and election ≥ 10 × RTT make the election ≥ 6.7 heartbeats (> 5), and
   * both limits are 50 000 ms. The converse does not hold (the server accepts 100/500 at 100 ms).
   */
  meetsPage: boolean;
}

/**
 * The tuning page's rule applied to a pair: heartbeat within 0.5–1.5 × RTT, election ≥ 10 × RTT
 * and at most 50 000 ms.
 *
 * @param heartbeatMs - ms, finite, 0–1e7.
 * @param electionMs - ms, finite, 0–1e7.
 * @param roundTripMs - measured round trip, ms, finite, 0–60 000 (with fsync when counted).
 * @throws RangeError for values out of range.
 * Source: etcd-io/website v3.7 docs, content/en/docs/v3.7/tuning.md L18 (band), L20 (10 × RTT),
 * L22 (upper limit).
 */
export function docVerdict(heartbeatMs: number, electionMs: number, roundTripMs: number): DocVerdict {
  assertFinite(heartbeatMs, 0, MAX_FLAG_MS, 'Heartbeat interval (ms)');
  assertFinite(electionMs, 0, MAX_FLAG_MS, 'Election timeout (ms)');
  assertFinite(roundTripMs, 0, 2 * MAX_INPUT_MS, 'Round trip (ms)');
  const band = [DOC_HEARTBEAT_RTT_BAND[0] * roundTripMs, DOC_HEARTBEAT_RTT_BAND[1] * roundTripMs] as const;
  const minElectionMs = DOC_ELECTION_RTTS * roundTripMs;
  const heartbeatInBand = heartbeatMs >= band[0] && heartbeatMs <= band[1];
  const electionMeetsRule = electionMs >= minElectionMs;
  const electionWithinLimit = electionMs <= DOC_MAX_ELECTION_MS;
  return {
    roundTripMs,
    heartbeatBandMs: band,
    heartbeatInBand,
    minElectionMs,
    electionMeetsRule,
    electionWithinLimit,
    meetsPage: heartbeatInBand && electionMeetsRule && electionWithinLimit,
  };
}

/** What raft does with an accepted pair. */
export interface Effective {
  /** Whole heartbeat ticks per election timeout: floor(election / heartbeat) (config.go L1220). */
  electionTicks: number;
  /** The election timeout raft works with, ms: ticks × heartbeat (a remainder is dropped). */
  electionMs: number;
  /** A follower without a leader starts an election after this long at the latest, ms: (2 × ticks − 1) × heartbeat. */
  latestElectionMs: number;
  /** The leader logs "failed to send out heartbeat on time" past this, ms: 2 × heartbeat. */
  lateHeartbeatMs: number;
}

/**
 * How an accepted pair runs: whole election ticks, the randomised election window, and when the
 * leader warns of a late heartbeat.
 *
 * @param heartbeatMs - whole ms ≥ 1.
 * @param electionMs - whole ms ≥ 5 × heartbeat.
 * @throws RangeError when the pair is one the server refuses.
 * Sources: etcd-io/etcd@v3.7.0:server/embed/config.go#L1220 (ticks),
 * etcd-io/raft@v3.7.0:raft.go#L2053-L2054 (timeout in [ticks, 2 × ticks)),
 * etcd-io/etcd@v3.7.0:server/etcdserver/raft.go#L143 (2 × heartbeat).
 */
export function effective(heartbeatMs: number, electionMs: number): Effective {
  const v = serverVerdict(heartbeatMs, electionMs);
  if (!v.accepted) throw new RangeError(`etcd refuses this pair: ${v.message!}.`);
  const ticks = Math.floor(electionMs / heartbeatMs);
  return {
    electionTicks: ticks,
    electionMs: ticks * heartbeatMs,
    latestElectionMs: (2 * ticks - 1) * heartbeatMs,
    lateHeartbeatMs: LATE_HEARTBEAT_INTERVALS * heartbeatMs,
  };
}

/** The recommendation for one measured round trip. */
export interface Recommendation {
  /** Round trip the rule was applied to, ms: RTT + fsync p99 (0 when not given). */
  roundTripMs: number;
  heartbeatMs: number;
  electionMs: number;
  /** Which term set the heartbeat: etcd's default, or the round trip. */
  heartbeatFrom: 'default' | 'round-trip';
  /** Which term set the election timeout before rounding to whole ticks. */
  electionFrom: 'default' | '10x-round-trip' | '5x-heartbeat';
  /** What etcd says about the recommended pair. */
  server: ServerVerdict;
  /** How the pair runs; null when etcd refuses it. */
  effective: Effective | null;
}

/**
 * Heartbeat and election timeout for a measured round trip, by the tuning page's rule, floored at
 * etcd's defaults, in whole milliseconds and whole ticks:
 *   R = rttMs + fsyncMs
 *   heartbeat = max(100, ⌈R⌉)
 *   election  = max(1000, ⌈10 × R⌉, 5 × heartbeat), rounded up to a multiple of heartbeat.
 * When 10 × R is above 50 000 ms no pair satisfies both rules: the recommendation is then the
 * documented one and the server verdict says etcd refuses it.
 *
 * @param rttMs - round trip between members, ms (p99 or max across member pairs), finite, 0–60 000.
 * @param fsyncMs - WAL fsync p99, ms, finite, 0–60 000; 0 leaves the disk out.
 * @throws RangeError for values out of range.
 * Sources: see the module comment (tuning.md L7, L9, L14–L22; config.go L115, L533–L534, L997–L1008).
 */
export function recommend(rttMs: number, fsyncMs = 0): Recommendation {
  assertFinite(rttMs, 0, MAX_INPUT_MS, 'Round trip (ms)');
  assertFinite(fsyncMs, 0, MAX_INPUT_MS, 'Fsync p99 (ms)');
  const r = rttMs + fsyncMs;
  const fromRtt = Math.ceil(r);
  const heartbeatMs = Math.max(DEFAULT_HEARTBEAT_MS, fromRtt);
  const terms = [
    ['default', DEFAULT_ELECTION_MS],
    ['10x-round-trip', Math.ceil(DOC_ELECTION_RTTS * r)],
    ['5x-heartbeat', MIN_ELECTION_HEARTBEATS * heartbeatMs],
  ] as const;
  // The first largest term names the source; ties go to the earlier one (default first).
  const [electionFrom, raw] = terms.reduce((best, t) => (t[1] > best[1] ? t : best));
  // Rounding to whole ticks never crosses the maximum on its own: ⌈10R⌉ ≤ 10 × ⌈R⌉, so the rounded
  // value stays ≤ 10 × heartbeat, which passes 50 000 only when 10 × R already does.
  const electionMs = Math.ceil(raw / heartbeatMs) * heartbeatMs;
  const server = serverVerdict(heartbeatMs, electionMs);
  return {
    roundTripMs: r,
    heartbeatMs,
    electionMs,
    heartbeatFrom: fromRtt > DEFAULT_HEARTBEAT_MS ? 'round-trip' : 'default',
    electionFrom,
    server,
    effective: server.accepted ? effective(heartbeatMs, electionMs) : null,
  };
}

/** The largest round trip (RTT + fsync) for which the documented rule still fits under the maximum, ms. */
export const MAX_DOC_ROUND_TRIP_MS = MAX_ELECTION_MS / DOC_ELECTION_RTTS;

/**
 * The flags for etcd's command line: `--heartbeat-interval=H --election-timeout=E`.
 *
 * @param heartbeatMs - whole ms.
 * @param electionMs - whole ms.
 * Source: flag names, etcd-io/etcd@v3.7.0:server/embed/config.go#L629-L630.
 */
export function etcdFlags(heartbeatMs: number, electionMs: number): string {
  return `--heartbeat-interval=${heartbeatMs} --election-timeout=${electionMs}`;
}

/**
 * The same two flags as kubeadm's v1beta4 ClusterConfiguration writes them for a stacked etcd:
 * `etcd.local.extraArgs` is a list of name/value pairs, values quoted as strings.
 *
 * @param heartbeatMs - whole ms.
 * @param electionMs - whole ms.
 * Source: kubeadm Configuration (v1beta4), https://kubernetes.io/docs/reference/config-api/kubeadm-config.v1beta4/
 * (structured extraArgs; Arg has name and value), as read on 2026-12-01.
 */
export function kubeadmExtraArgs(heartbeatMs: number, electionMs: number): string {
  return [
    'apiVersion: kubeadm.k8s.io/v1beta4',
    'kind: ClusterConfiguration',
    'etcd:',
    '  local:',
    '    extraArgs:',
    '      - name: heartbeat-interval',
    `        value: "${heartbeatMs}"`,
    '      - name: election-timeout',
    `        value: "${electionMs}"`,
  ].join('\n');
}
