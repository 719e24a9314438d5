/**
 * The guide's recommendation for a probed cluster: member count from the quorum model, quota
 * headroom, and Raft timeouts from the measured RTT.
 */
import { tolerance } from '../../../src/lib/model/quorum.ts';
import type { Recommendation } from '../../../src/lib/lab/result.ts';
import { timeoutsForRtt } from '../../../src/lib/lab/timeouts.ts';

/** Above this share of the quota used, the summary warns (etcd raises NOSPACE at 100 %). */
export const QUOTA_WARN_FRACTION = 0.8;
/** etcd's largest suggested --quota-backend-bytes, 8 GiB (https://etcd.io/docs/v3.5/dev-guide/limit/#storage-size-limit). */
export const SUGGESTED_MAX_QUOTA_BYTES = 8 * 1024 ** 3;
/** etcd recommends at most 7 voting members (https://etcd.io/docs/v3.5/faq/#what-is-maximum-cluster-size). */
export const MAX_RECOMMENDED_MEMBERS = 7;

export interface RecommendInput {
  /** Voting members (learners excluded), ≥ 0. */
  votingMembers: number;
  /** Largest DB size any member reported, bytes, or null. */
  dbSizeBytes: number | null;
  quotaBytes: number | null;
  /** Member-to-member RTT estimate, ms, or null. */
  rttMs: number | null;
}

/**
 * Members: an odd count of 3–7 (1 member or an even count tolerates no more failures than the
 * odd count below it: etcd FAQ, failure tolerance, through `tolerance` of src/lib/model/quorum.ts).
 * Quota: used ÷ quota, with a note above 80 %. Timeouts: {@link timeoutsForRtt}.
 *
 * @throws RangeError for a negative member count or RTT.
 */
export function recommend(i: RecommendInput): Recommendation {
  if (!Number.isInteger(i.votingMembers) || i.votingMembers < 0)
    throw new RangeError(`voting members must be a whole number ≥ 0, got ${i.votingMembers}`);
  const notes: string[] = [];
  const n = i.votingMembers;
  let recommended = n;
  if (n < 3) {
    recommended = 3;
    notes.push(
      `${n} voting member(s) tolerate ${n === 0 ? 0 : tolerance(n)} failure(s); 3 members tolerate ${tolerance(3)} (a quorum of 2 survives one loss).`,
    );
  } else if (n > MAX_RECOMMENDED_MEMBERS) {
    recommended = MAX_RECOMMENDED_MEMBERS;
    notes.push(
      `${n} voting members: every write waits for ${Math.floor(n / 2) + 1} of them; etcd recommends at most ${MAX_RECOMMENDED_MEMBERS} (tolerating ${tolerance(MAX_RECOMMENDED_MEMBERS)}).`,
    );
  } else if (n % 2 === 0) {
    recommended = n - 1;
    notes.push(
      `${n} voting members tolerate ${tolerance(n)} failure(s), the same as ${n - 1} with a smaller quorum; run ${n - 1}, or ${n + 1} to tolerate ${tolerance(n + 1)}.`,
    );
  } else {
    notes.push(`${n} voting members tolerate ${tolerance(n)} failure(s); keep an odd count.`);
  }
  let quotaUsedFraction: number | null = null;
  if (i.dbSizeBytes !== null && i.quotaBytes !== null && i.quotaBytes > 0) {
    quotaUsedFraction = Math.round((i.dbSizeBytes / i.quotaBytes) * 1000) / 1000;
    if (quotaUsedFraction >= QUOTA_WARN_FRACTION)
      notes.push(
        `The database uses ${(quotaUsedFraction * 100).toFixed(0)} % of its quota: compact and defragment, or raise --quota-backend-bytes (etcd suggests at most 8 GiB) before writes are refused with NOSPACE.`,
      );
    else notes.push(`The database uses ${(quotaUsedFraction * 100).toFixed(0)} % of its quota.`);
    if (i.quotaBytes > SUGGESTED_MAX_QUOTA_BYTES)
      notes.push('The quota is above the 8 GiB etcd suggests as a maximum.');
  } else {
    notes.push('Quota headroom unknown: the metrics endpoint (etcd_server_quota_backend_bytes) was not readable.');
  }
  const t = timeoutsForRtt(i.rttMs);
  notes.push(
    i.rttMs === null
      ? 'No RTT estimate: etcd defaults shown (heartbeat 100 ms, election timeout 1000 ms).'
      : `From an RTT estimate of ${i.rttMs} ms: heartbeat ${t.heartbeatMs} ms, election timeout ${t.electionTimeoutMs} ms (etcd's tuning guide, floored at its defaults).`,
  );
  if (t.refusal) notes.push(`etcd would refuse to start with these: ${t.refusal}`);
  return {
    currentMembers: n,
    recommendedMembers: recommended,
    toleratedFailures: tolerance(recommended),
    quotaUsedFraction,
    rttMs: i.rttMs,
    heartbeatMs: t.heartbeatMs,
    electionTimeoutMs: t.electionTimeoutMs,
    notes,
  };
}
