/**
 * etcd's Raft timing for a probed cluster, from its measured member-to-member RTT: the guide's
 * timeouts model (../model/timeouts.ts, the tuning page's rule floored at etcd's defaults, with
 * etcd v3.7.0's own validation), so the probe's summary and the timeouts calculator agree.
 */
import { DEFAULT_ELECTION_MS, DEFAULT_HEARTBEAT_MS, recommend } from '../model/timeouts.ts';

/**
 * Heartbeat and election timeout for an RTT, and whether etcd would start with them.
 *
 * @param rttMs - largest average RTT between members, ms, ≥ 0 (null: unknown, etcd's defaults).
 * @returns heartbeat and election timeout in ms; `refusal` is etcd's message when the documented
 *   rule asks for more than etcd accepts (an election timeout above 50 000 ms), else null.
 * @throws RangeError for a negative, non-finite or larger than 60 000 ms RTT.
 */
export function timeoutsForRtt(rttMs: number | null): {
  heartbeatMs: number;
  electionTimeoutMs: number;
  refusal: string | null;
} {
  if (rttMs === null)
    return { heartbeatMs: DEFAULT_HEARTBEAT_MS, electionTimeoutMs: DEFAULT_ELECTION_MS, refusal: null };
  if (!Number.isFinite(rttMs) || rttMs < 0) throw new RangeError(`RTT must be a number ≥ 0 ms, got ${rttMs}`);
  const r = recommend(rttMs);
  return { heartbeatMs: r.heartbeatMs, electionTimeoutMs: r.electionMs, refusal: r.server.message };
}
