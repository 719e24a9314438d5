/**
 * Control-plane node count from the upgrade strategy.
 *
 * - Surge (scale-out) upgrade: a new node joins before an old one leaves (e.g. Cluster API
 *   KubeadmControlPlane rolloutStrategy maxSurge 1, https://cluster-api.sigs.k8s.io/tasks/control-plane/kubeadm-control-plane),
 *   so A nodes are enough and the cluster briefly has A + 1.
 * - In-place upgrade: one node at a time is taken out and upgraded, so A + 1 are needed for A to
 *   stay up.
 */
import { assertWhole } from './input.ts';

export type UpgradeStrategy = 'surge' | 'in-place';

/** Largest "must stay up" count accepted. */
const MAX_MUST_STAY_UP = 98;

/** Result of {@link controlPlaneNodesForUpgrade}. */
export interface UpgradeSizing {
  strategy: UpgradeStrategy;
  mustStayUp: number;
  /** Nodes to run normally. */
  baseNodes: number;
  /** Most nodes that exist at once during the upgrade. */
  peakNodesDuringUpgrade: number;
  /** Fewest nodes up at once during the upgrade (always ≥ mustStayUp). */
  minimumUpDuringUpgrade: number;
}

/**
 * Control-plane nodes needed so that `mustStayUp` stay up through an upgrade.
 *
 * @param mustStayUp - nodes A that must stay up, whole number 1–98.
 * @param strategy - 'surge' → A (A + 1 during the upgrade); 'in-place' → A + 1.
 * @throws RangeError for A out of range or an unknown strategy.
 */
export function controlPlaneNodesForUpgrade(mustStayUp: number, strategy: UpgradeStrategy): UpgradeSizing {
  assertWhole(mustStayUp, 1, MAX_MUST_STAY_UP, 'Nodes that must stay up');
  const a = mustStayUp;
  if (strategy === 'surge') {
    return {
      strategy,
      mustStayUp: a,
      baseNodes: a,
      peakNodesDuringUpgrade: a + 1,
      minimumUpDuringUpgrade: a,
    };
  }
  if (strategy === 'in-place') {
    return {
      strategy,
      mustStayUp: a,
      baseNodes: a + 1,
      peakNodesDuringUpgrade: a + 1,
      minimumUpDuringUpgrade: a,
    };
  }
  throw new RangeError(`Unknown upgrade strategy "${String(strategy)}"; use "surge" or "in-place".`);
}
