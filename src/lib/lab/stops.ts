/**
 * The member stops of a cluster run, over their repetitions, and when the writers were writing
 * again after each: one reading for the figures, the summary and the claims.
 */
import type { ClusterRun, FailureResult, MajorityLossResult } from './result.ts';

/** Every repetition of a stop; a version-1 result has the one. */
export function stopsOf(c: ClusterRun, role: 'leader' | 'follower'): FailureResult[] {
  const s = c.scenarios;
  const all = role === 'leader' ? s.leaderStops : s.followerStops;
  const one = role === 'leader' ? s.leaderStop : s.followerStop;
  return all ?? (one ? [one] : []);
}

/** Every repetition of the majority loss; an older result has the one. */
export function majorityLossesOf(c: ClusterRun): MajorityLossResult[] {
  const s = c.scenarios;
  return s.majorityLosses ?? (s.majorityLoss ? [s.majorityLoss] : []);
}

/**
 * Per kill, when the writers were writing again: the first writer's and the last writer's outage
 * (from the kill to the acknowledgement of its first write sent after it), ms. A version-1 stop has
 * no per-writer figure; its longest gap between acknowledgements stands in for both (bounded by its
 * 3 s client deadline, which the figure says).
 */
export function resumedAfter(s: FailureResult): { first: number; all: number } | null {
  if (s.clientOutagesMs) {
    const xs = s.clientOutagesMs.filter((x): x is number => x !== null);
    // A writer that never wrote again within the bound leaves "all" unknown.
    if (xs.length === 0 || xs.length < s.clientOutagesMs.length) return null;
    return { first: Math.min(...xs), all: Math.max(...xs) };
  }
  return s.writeFailureWindowMs === null ? null : { first: s.writeFailureWindowMs, all: s.writeFailureWindowMs };
}
