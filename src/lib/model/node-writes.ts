/**
 * The steady writes a cluster's nodes make before any workload runs: each kubelet renews its node
 * Lease once per renew interval and posts its Node status when it changes or, unchanged, once per
 * report period (content/docs/etcd-writes.mdx, "The steady write floor").
 */
import { assertWhole } from './input.ts';

/** kubelet's default nodeLeaseDurationSeconds (kubelet config v1beta1 types.go#L348-L357: "Default: 40"). */
export const NODE_LEASE_DURATION_S = 40;
/** kubelet renews its Lease at this fraction of the duration (pkg/kubelet/kubelet.go#L219-L220). */
export const NODE_LEASE_RENEW_FRACTION = 0.25;
/** nodeStatusReportFrequency's default: an unchanged status is posted every 5 minutes (types.go#L330-L347). */
export const NODE_STATUS_REPORT_S = 300;

/** Result of {@link steadyNodeWrites}; rates in writes per second. */
export interface SteadyNodeWrites {
  nodes: number;
  /** Seconds between two renewals of one node's Lease: duration × fraction, 10 s by default. */
  leaseRenewSeconds: number;
  /** nodes ÷ renew interval: one Lease update per node per interval. */
  leaseWritesPerSecond: number;
  /** nodes ÷ 300: Node status posts while nothing changes (a lower bound: every change posts too). */
  nodeStatusWritesPerSecond: number;
}

/**
 * The write floor that node heartbeats set, with kubelet's defaults.
 *
 * @param nodes - Kubernetes nodes, whole number 0–1e9.
 * @returns Lease renewals and unchanged Node status posts per second; each is one etcd transaction
 *   (kube-apiserver's update path, etcd3/store.go).
 * @throws RangeError for a node count that is not a whole number in range.
 */
export function steadyNodeWrites(nodes: number): SteadyNodeWrites {
  assertWhole(nodes, 0, 1e9, 'Nodes');
  const leaseRenewSeconds = NODE_LEASE_DURATION_S * NODE_LEASE_RENEW_FRACTION;
  return {
    nodes,
    leaseRenewSeconds,
    leaseWritesPerSecond: nodes / leaseRenewSeconds,
    nodeStatusWritesPerSecond: nodes / NODE_STATUS_REPORT_S,
  };
}
