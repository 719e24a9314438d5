/**
 * Hosts for stacked vs external etcd, and what one host failure takes away.
 * Source: kubeadm HA topology, https://kubernetes.io/docs/setup/production-environment/tools/kubeadm/ha-topology/
 * (stacked: each control-plane node runs a local etcd member; external: etcd on its own hosts).
 */
import { assertWhole } from './input.ts';
import { MAX_MEMBERS, maintenanceTolerance } from './quorum.ts';

/** Largest control-plane node count accepted. */
const MAX_CONTROL_PLANE_NODES = 99;

/** What losing one host removes, and what is left. */
export interface HostLoss {
  etcdMembersLost: number;
  controlPlaneInstancesLost: number;
  /** etcd failures still tolerated after this loss (0 when none, or when quorum is already lost: see etcdHasQuorum). */
  etcdFurtherFailuresTolerated: number;
  etcdHasQuorum: boolean;
  apiServersLeft: number;
}

/** Result of {@link topologyHosts}. */
export interface TopologyHosts {
  etcdMembers: number;
  controlPlaneNodes: number;
  stacked: {
    /** Hosts = C (each runs one control-plane instance and one etcd member). */
    hosts: number;
    /** Stacked requires E = C. */
    consistent: boolean;
    /**
     * `'mismatch'` when E ≠ C, else null: a key, which each channel words from E and C in its
     * language (src/lib/calculators/messages/topology.ts `stackedMismatch`).
     */
    warning: 'mismatch' | null;
    /** One host failure: one etcd member AND one control-plane instance. */
    oneHostFailure: HostLoss;
  };
  external: {
    /** Hosts = E + C. */
    hosts: number;
    /** An etcd host fails: one member, no control-plane instance. */
    etcdHostFailure: HostLoss;
    /** A control-plane host fails: one API server, no etcd member. */
    controlPlaneHostFailure: HostLoss;
  };
}

function loss(e: number, c: number, etcdLost: number, cpLost: number): HostLoss {
  const t = maintenanceTolerance(e, etcdLost);
  return {
    etcdMembersLost: etcdLost,
    controlPlaneInstancesLost: cpLost,
    etcdFurtherFailuresTolerated: t.furtherFailuresTolerated,
    etcdHasQuorum: t.hasQuorum,
    apiServersLeft: c - cpLost,
  };
}

/**
 * Host counts for both topologies. Stacked puts one etcd member on each control-plane node, so it
 * uses C hosts and needs E = C (a warning says so otherwise; the stacked figures then assume
 * E = C members). External uses E + C hosts. Example: 5 etcd + 2 control-plane external = 7 hosts.
 *
 * @param etcdMembers - E, whole number 1–99.
 * @param controlPlaneNodes - C, whole number 1–99.
 * @throws RangeError for out-of-range input.
 */
export function topologyHosts(etcdMembers: number, controlPlaneNodes: number): TopologyHosts {
  assertWhole(etcdMembers, 1, MAX_MEMBERS, 'etcd members');
  assertWhole(controlPlaneNodes, 1, MAX_CONTROL_PLANE_NODES, 'Control-plane nodes');
  const e = etcdMembers;
  const c = controlPlaneNodes;
  const consistent = e === c;
  return {
    etcdMembers: e,
    controlPlaneNodes: c,
    stacked: {
      hosts: c,
      consistent,
      warning: consistent ? null : 'mismatch',
      oneHostFailure: loss(c, c, 1, 1),
    },
    external: {
      hosts: e + c,
      etcdHostFailure: loss(e, c, 1, 0),
      controlPlaneHostFailure: loss(e, c, 0, 1),
    },
  };
}
