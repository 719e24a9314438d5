/**
 * Quorum and failure tolerance of an etcd (Raft) cluster.
 * Rule source: etcd FAQ, "What is failure tolerance?"
 * (etcd-io/website@824597935df6e95992ef61c07e3222f4f796ca6c:content/en/docs/v3.7/faq.md#L49-L65): a cluster of n members needs a
 * majority, ⌊n/2⌋ + 1, of its *configured* members to agree; it tolerates n − quorum failures.
 */
import { assertWhole } from './input.ts';

/** Smallest member count the calculators accept. */
export const MIN_MEMBERS = 1;
/** Largest member count the calculators accept (etcd itself recommends at most 7). */
export const MAX_MEMBERS = 99;
/** Largest f + k (failures to survive + members stopped) for which the maintenance answer stays within 99 members. */
export const MAX_FAILURES_PLUS_STOPPED = (MAX_MEMBERS - 1) / 2;

/**
 * Quorum (majority) of `n` configured members: ⌊n/2⌋ + 1.
 *
 * @param n - configured members, whole number 1–99.
 * @returns members that must be up and agreeing, 1–50.
 * @throws RangeError when `n` is not a whole number in range.
 * Source: etcd-io/website@824597935df6e95992ef61c07e3222f4f796ca6c:content/en/docs/v3.7/faq.md#L49-L65
 */
export function quorum(n: number): number {
  assertWhole(n, MIN_MEMBERS, MAX_MEMBERS, 'Members');
  return Math.floor(n / 2) + 1;
}

/**
 * Failures tolerated by `n` members: n − quorum(n). An even n tolerates no more than n − 1.
 *
 * @param n - configured members, whole number 1–99.
 * @returns members that may fail with quorum kept, 0–49.
 * @throws RangeError when `n` is not a whole number in range.
 * Source: etcd-io/website@824597935df6e95992ef61c07e3222f4f796ca6c:content/en/docs/v3.7/faq.md#L49-L65
 */
export function tolerance(n: number): number {
  return n - quorum(n);
}

/** Result of {@link maintenanceTolerance}. */
export interface MaintenanceTolerance {
  /** Configured members n. */
  members: number;
  /** Members stopped for maintenance k. */
  stopped: number;
  /** Members still running, n − k. */
  running: number;
  /** Quorum of the configured members, ⌊n/2⌋ + 1 (stopping members does not lower it). */
  quorum: number;
  /** Failures tolerated with nothing stopped, n − quorum. */
  toleranceWhenAllRunning: number;
  /** n − k − quorum: negative when the stopped members alone already cost the quorum. */
  margin: number;
  /** Whether the running members still form a quorum (margin ≥ 0). */
  hasQuorum: boolean;
  /** Further failures tolerated during maintenance, max(0, margin). */
  furtherFailuresTolerated: number;
  /** Members that must come back before quorum returns, max(0, −margin). */
  membersShortOfQuorum: number;
  /** One sentence for the result region. */
  summary: string;
}

/**
 * Failure tolerance while `k` of `n` members are stopped for maintenance.
 * Quorum stays ⌊n/2⌋ + 1 of the configured members; further failures tolerated = n − k − quorum.
 * When that is negative the cluster has already lost quorum (`hasQuorum: false`).
 *
 * @param n - configured members, whole number 1–99.
 * @param k - members stopped, whole number 0–n.
 * @throws RangeError when n is out of range or k is not a whole number in 0..n.
 * Source: etcd-io/website@824597935df6e95992ef61c07e3222f4f796ca6c:content/en/docs/v3.7/faq.md#L49-L65
 */
export function maintenanceTolerance(n: number, k: number): MaintenanceTolerance {
  const q = quorum(n);
  assertWhole(k, 0, n, 'Members stopped');
  const running = n - k;
  const margin = running - q;
  const hasQuorum = margin >= 0;
  const further = Math.max(0, margin);
  const short = Math.max(0, -margin);
  const summary = hasQuorum
    ? `${running} of ${n} ${n === 1 ? 'member' : 'members'} running; quorum is ${q}, so ${further} more ${further === 1 ? 'failure is' : 'failures are'} tolerated.`
    : `Quorum lost: ${running} of ${n} ${n === 1 ? 'member' : 'members'} running but quorum is ${q}; ${short} more ${short === 1 ? 'member must' : 'members must'} come back before the cluster accepts writes.`;
  return {
    members: n,
    stopped: k,
    running,
    quorum: q,
    toleranceWhenAllRunning: n - q,
    margin,
    hasQuorum,
    furtherFailuresTolerated: further,
    membersShortOfQuorum: short,
    summary,
  };
}

/** One row of the failure-tolerance table. */
export interface QuorumRow {
  members: number;
  quorum: number;
  tolerance: number;
}

/**
 * Rows like the etcd FAQ's failure-tolerance table (default members 1–9).
 *
 * @param from - first member count, 1–99 (default 1).
 * @param to - last member count, from–99 (default 9).
 * @throws RangeError for bounds out of range or reversed.
 * Source: etcd-io/website@824597935df6e95992ef61c07e3222f4f796ca6c:content/en/docs/v3.7/faq.md#L49-L65
 */
export function quorumTable(from = 1, to = 9): QuorumRow[] {
  assertWhole(from, MIN_MEMBERS, MAX_MEMBERS, 'First row');
  assertWhole(to, from, MAX_MEMBERS, 'Last row');
  const rows: QuorumRow[] = [];
  for (let n = from; n <= to; n++) rows.push({ members: n, quorum: quorum(n), tolerance: tolerance(n) });
  return rows;
}
