/**
 * etcd's Raft timing from a measured member-to-member RTT. Kept in one function so the guide's
 * timing model can replace the rule in one place.
 *
 * Rule source: etcd's tuning guide, "Time parameters" (https://etcd.io/docs/v3.5/tuning/#time-parameters):
 * the heartbeat interval should be around the maximum average RTT between members (0.5–1.5 × RTT),
 * the election timeout at least 10 × the RTT and in practice about 10 × the heartbeat interval;
 * defaults 100 ms and 1000 ms; the election timeout may not exceed 50 000 ms.
 */

/** etcd's defaults, ms (--heartbeat-interval, --election-timeout). */
export const DEFAULT_HEARTBEAT_MS = 100;
export const DEFAULT_ELECTION_TIMEOUT_MS = 1000;
/** etcd refuses a larger election timeout, ms. */
export const MAX_ELECTION_TIMEOUT_MS = 50_000;

/**
 * Heartbeat = max(default, 1.5 × RTT rounded up to 10 ms); election = max(default, 10 × heartbeat),
 * at most 50 000 ms.
 *
 * @param rttMs - largest average RTT between members, ms, ≥ 0 (null: unknown, the defaults).
 * @returns heartbeat and election timeout in ms.
 * @throws RangeError for a negative or non-finite RTT.
 */
export function timeoutsForRtt(rttMs: number | null): { heartbeatMs: number; electionTimeoutMs: number } {
  if (rttMs === null) return { heartbeatMs: DEFAULT_HEARTBEAT_MS, electionTimeoutMs: DEFAULT_ELECTION_TIMEOUT_MS };
  if (!Number.isFinite(rttMs) || rttMs < 0) throw new RangeError(`RTT must be a number ≥ 0 ms, got ${rttMs}`);
  const heartbeatMs = Math.max(DEFAULT_HEARTBEAT_MS, Math.ceil((1.5 * rttMs) / 10) * 10);
  const electionTimeoutMs = Math.min(MAX_ELECTION_TIMEOUT_MS, Math.max(DEFAULT_ELECTION_TIMEOUT_MS, 10 * heartbeatMs));
  return { heartbeatMs, electionTimeoutMs };
}
