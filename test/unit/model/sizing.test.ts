import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { apiserverReplicaLoad } from '../../../src/lib/model/apiserver-replicas.ts';
import { controlPlaneNodesForUpgrade, type UpgradeStrategy } from '../../../src/lib/model/upgrade.ts';
import { membersForMaintenancePolicy } from '../../../src/lib/model/maintenance.ts';
import { quorum } from '../../../src/lib/model/quorum.ts';
import { topologyHosts } from '../../../src/lib/model/topology.ts';

describe('apiserverReplicaLoad', () => {
  it('computes R × T watches, R × N listed objects, R × N × S bytes', () => {
    const r = apiserverReplicaLoad(3, 60, 10_000, 2048);
    expect(r).toMatchObject({
      etcdWatches: 180,
      objectsListedOnFullRestart: 30_000,
      objectsListedPerConsistencyCheck: 30_000,
      watchCacheBytes: 61_440_000,
      consistentGetsReachEtcd: true,
    });
  });
  it('rejects zero replicas and fractions', () => {
    expect(() => apiserverReplicaLoad(0, 1, 1, 1)).toThrow(RangeError);
    expect(() => apiserverReplicaLoad(2, 1.5, 1, 1)).toThrow(RangeError);
  });
});

describe('controlPlaneNodesForUpgrade', () => {
  it('surge: A nodes, A + 1 during the upgrade; in-place: A + 1', () => {
    expect(controlPlaneNodesForUpgrade(3, 'surge')).toMatchObject({
      baseNodes: 3,
      peakNodesDuringUpgrade: 4,
      minimumUpDuringUpgrade: 3,
    });
    expect(controlPlaneNodesForUpgrade(3, 'in-place')).toMatchObject({
      baseNodes: 4,
      peakNodesDuringUpgrade: 4,
      minimumUpDuringUpgrade: 3,
    });
  });
  it('rejects A < 1 and unknown strategies', () => {
    expect(() => controlPlaneNodesForUpgrade(0, 'surge')).toThrow(RangeError);
    expect(() => controlPlaneNodesForUpgrade(2, 'blue-green' as UpgradeStrategy)).toThrow(/Unknown upgrade strategy/);
  });
  it('never lets fewer than A stay up (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 98 }), fc.constantFrom<UpgradeStrategy>('surge', 'in-place'), (a, s) => {
        const r = controlPlaneNodesForUpgrade(a, s);
        expect(r.peakNodesDuringUpgrade - 1).toBeGreaterThanOrEqual(a);
        expect(r.baseNodes).toBe(s === 'surge' ? a : a + 1);
      }),
    );
  });
});

describe('membersForMaintenancePolicy', () => {
  const bruteForce = (f: number, k: number): number => {
    for (let n = 1; ; n++) if (n >= k && n - k - quorum(n) >= f) return n;
  };
  it('gives 2(f + k) + 1', () => {
    expect(membersForMaintenancePolicy(0, 0).members).toBe(1);
    expect(membersForMaintenancePolicy(1, 0).members).toBe(3);
    expect(membersForMaintenancePolicy(1, 1)).toMatchObject({ members: 5, quorum: 3, warning: null });
    expect(membersForMaintenancePolicy(2, 2)).toMatchObject({ members: 9, quorum: 5, warning: 'overSeven' });
    expect(membersForMaintenancePolicy(3, 0)).toMatchObject({ members: 7, warning: null });
  });
  it('equals the brute-force smallest n and is odd (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 49 }), fc.integer({ min: 0, max: 49 }), (f, k) => {
        fc.pre(f + k <= 49);
        const n = membersForMaintenancePolicy(f, k).members;
        expect(n).toBe(bruteForce(f, k));
        expect(n).toBe(2 * (f + k) + 1);
        expect(n % 2).toBe(1);
      }),
    );
  });
  it('rejects negative input and answers above 99 members', () => {
    expect(() => membersForMaintenancePolicy(-1, 0)).toThrow(RangeError);
    expect(() => membersForMaintenancePolicy(25, 25)).toThrow(/at most 49/);
  });
});

describe('topologyHosts', () => {
  it('5 etcd + 2 control-plane nodes external = 7 hosts', () => {
    expect(topologyHosts(5, 2).external.hosts).toBe(7);
  });
  it('stacked uses C hosts and warns when E ≠ C', () => {
    const mismatched = topologyHosts(5, 2);
    expect(mismatched.stacked).toMatchObject({ hosts: 2, consistent: false });
    expect(mismatched.stacked.warning).toBe('mismatch');
    expect(topologyHosts(3, 3).stacked).toMatchObject({ hosts: 3, consistent: true, warning: null });
  });
  it('one host failure: stacked loses an etcd member AND a control-plane instance; external one or the other', () => {
    const t = topologyHosts(3, 3);
    expect(t.stacked.oneHostFailure).toMatchObject({
      etcdMembersLost: 1,
      controlPlaneInstancesLost: 1,
      apiServersLeft: 2,
      etcdHasQuorum: true,
      etcdFurtherFailuresTolerated: 0,
    });
    expect(t.external.etcdHostFailure).toMatchObject({
      etcdMembersLost: 1,
      controlPlaneInstancesLost: 0,
      apiServersLeft: 3,
    });
    expect(t.external.controlPlaneHostFailure).toMatchObject({
      etcdMembersLost: 0,
      controlPlaneInstancesLost: 1,
      apiServersLeft: 2,
      etcdFurtherFailuresTolerated: 1,
    });
  });
});
