/**
 * etcd members needed for a maintenance policy: survive f failures while k members are stopped.
 * Smallest n with n − k − quorum(n) ≥ f, which is 2(f + k) + 1 (always odd).
 *
 * Why: n − k − (⌊n/2⌋ + 1) ≥ f ⇔ ⌈n/2⌉ − 1 ≥ f + k ⇔ ⌈n/2⌉ ≥ f + k + 1 ⇔ n ≥ 2(f + k) + 1.
 * Rule source: etcd-io/website@824597935df6e95992ef61c07e3222f4f796ca6c:content/en/docs/v3.7/faq.md#L49-L65
 */
import { assertWhole } from './input.ts';
import { MAX_FAILURES_PLUS_STOPPED, MAX_MEMBERS, maintenanceTolerance } from './quorum.ts';
import * as SOURCES from './sources.ts';

// Defined beside MAX_MEMBERS so the URL schemas can use it without loading this module.
export { MAX_FAILURES_PLUS_STOPPED };

/** Result of {@link membersForMaintenancePolicy}. */
export interface MaintenanceSizing {
  failuresToSurvive: number;
  stoppedAtOnce: number;
  /** Smallest member count: 2(f + k) + 1. */
  members: number;
  quorum: number;
  /**
   * `'overSeven'` when the answer exceeds the 7 members etcd recommends at most; otherwise null. A
   * key, not a sentence: each channel words it in its language from `members` and `quorum`
   * (src/lib/calculators/messages/maintenance.ts), and links {@link MaintenanceSizing.warningSource}.
   */
  warning: 'overSeven' | null;
  /** The pinned ref of etcd's FAQ answer on cluster size when there is a warning; otherwise null. */
  warningSource: string | null;
}

/**
 * Smallest etcd cluster that still tolerates `f` further failures while `k` members are stopped.
 *
 * @param f - failures to survive during maintenance, whole number ≥ 0.
 * @param k - members stopped at once, whole number ≥ 0; f + k ≤ 49 (so n ≤ 99).
 * @returns n = 2(f + k) + 1 and its quorum.
 * @throws RangeError for negative, fractional or too large input.
 */
export function membersForMaintenancePolicy(f: number, k: number): MaintenanceSizing {
  assertWhole(f, 0, MAX_FAILURES_PLUS_STOPPED, 'Failures to survive');
  assertWhole(k, 0, MAX_FAILURES_PLUS_STOPPED, 'Members stopped at once');
  if (f + k > MAX_FAILURES_PLUS_STOPPED) {
    throw new RangeError(
      `Failures plus stopped members must be at most ${MAX_FAILURES_PLUS_STOPPED} (≤ ${MAX_MEMBERS} members); got ${f + k}.`,
    );
  }
  const n = 2 * (f + k) + 1;
  const check = maintenanceTolerance(n, k);
  const tooMany = n > 7;
  return {
    failuresToSurvive: f,
    stoppedAtOnce: k,
    members: n,
    quorum: check.quorum,
    warning: tooMany ? 'overSeven' : null,
    warningSource: tooMany ? SOURCES.etcdFaqMaxClusterSize : null,
  };
}
