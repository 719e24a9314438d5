/**
 * The sizing plan for six realistic clusters, asserted on the model (sizingPlan). Every expected
 * value is worked out by hand from the rule it comes from (the comment names the rule), not by
 * calling the composed functions, so a change in the composition shows up as a wrong number.
 */
import { describe, expect, it } from 'vitest';
import { readFacts } from '../../../src/lib/calculators/plan.ts';
import { defaultState } from '../../../src/lib/model/url-state.ts';
import { PLAN_URL } from '../../../src/lib/model/schemas/plan.ts';
import { planCalc } from '../../../src/lib/calculators/plan.ts';
import { sizingPlan, type SizingPlan } from '../../../src/lib/model/plan.ts';
import { steadyNodeWrites } from '../../../src/lib/model/node-writes.ts';
import { PLAN_CLUSTERS } from '../../helpers/plan-clusters.ts';

function planOf(raw: Readonly<Record<string, string>>): SizingPlan {
  const read = readFacts({ ...planCalc.toRaw(defaultState(PLAN_URL.schema)), ...raw });
  if ('errors' in read) throw new Error(JSON.stringify(read.errors));
  return sizingPlan(read.facts);
}

const ratioOf = (p: SizingPlan, key: string): number => p.limits.checks.find((c) => c.limit.key === key)!.ratio;

describe('the sizing plan of six clusters', () => {
  it('a 3-node proof of concept: three stacked members, Small, defaults for the timeouts', () => {
    const p = planOf(PLAN_CLUSTERS.poc.raw);
    // Maintenance rule n = 2 × (f + k) + 1 with f = 0, k = 1: 3 members, quorum ⌊3/2⌋ + 1 = 2.
    expect(p.members.members).toBe(3);
    expect(p.members.quorum).toBe(2);
    // With one stopped: 3 − 1 − 2 = 0 further failures.
    expect(p.duringMaintenance.furtherFailuresTolerated).toBe(0);
    // One zone holds all 3: losing it leaves 0 of a quorum of 2.
    expect(p.largestZoneMembers).toBe(3);
    expect(p.zoneLoss.hasQuorum).toBe(false);
    // Stacked: one control-plane node per member, 3 hosts in all.
    expect(p.controlPlaneNodes).toBe(3);
    expect(p.topology.stacked.hosts).toBe(3);
    // Node Leases: 3 nodes ÷ (40 s × 0.25) = 0.3 writes/s; Node status 3 ÷ 300 = 0.01.
    expect(p.nodeWrites.leaseWritesPerSecond).toBeCloseTo(0.3, 10);
    // Writes: 0.2 + 0.01 + 0.01 (rows) + 0.3 (Leases) + 0.5 (Events) + 0.01 (Node status).
    expect(p.together.writesPerSecond).toBeCloseTo(1.03, 10);
    // Database: live Σ objects × (bytes + 256) = 1,405,808; history Σ writes × 600 s × (bytes + 256)
    // = 1,350,672; × 1.5 fragmentation = 4,134,720 bytes.
    expect(p.main.db.onDiskBytes).toBeCloseTo(4_134_720, -1);
    // 4.1 MB × (1 + 0.2 % × 365) × 1.25 is far below 1 GiB: the quota rounds up to 1 GiB.
    expect(p.main.db.quotaToSetGiB).toBe(1);
    // Hardware: 1.03 requests/s < 200 and 0.004 GB ≤ 0.1: Small.
    expect(p.main.hardware.hardwareClass.id).toBe('small');
    expect(p.moveEvents).toBe(false);
    // Timeouts: R = 0.5 ms, so heartbeat max(100, 1) = 100 and election max(1000, 5, 500) = 1000.
    expect([p.timeouts.heartbeatMs, p.timeouts.electionMs]).toEqual([100, 1000]);
    // Tested limits scaled by 3 ÷ 5,000: namespaces 5 ÷ 6 binds first; pods 60 ÷ 90; 20 pods on a
    // 4-core node against min(110, 10 × 4) = 40.
    expect(p.limits.binding.limit.key).toBe('namespaces');
    expect(p.limits.binding.ratio).toBeCloseTo(5 / 6, 10);
    expect(ratioOf(p, 'pods')).toBeCloseTo(60 / 90, 10);
    expect(ratioOf(p, 'podsPerNode')).toBeCloseTo(0.5, 10);
    // APF: 400 + 200 seats per replica, × 3 replicas.
    expect([p.apf.perReplica, p.apf.acrossReplicas]).toEqual([600, 1800]);
    // Replace one of three with one down, remove first, as a learner: remove, add learner, start,
    // promote = 4 steps, and with one of three down the margin is 0 throughout.
    expect(p.membership.steps.length - 1).toBe(4);
    expect(p.membership.smallestMargin).toBe(0);
    expect(p.membership.refusedAt).toBeNull();
  });

  it('100 nodes in one zone: five external members, Medium by data size, Events stay', () => {
    const p = planOf(PLAN_CLUSTERS.oneZone.raw);
    // f = 1, k = 1: 2 × 2 + 1 = 5 members, quorum 3, one further failure with one stopped.
    expect(p.members.members).toBe(5);
    expect(p.duringMaintenance.furtherFailuresTolerated).toBe(1);
    // All five in the one zone: losing it costs the quorum.
    expect(p.zoneLoss.hasQuorum).toBe(false);
    // Surge upgrade keeping 2 up: 2 control-plane nodes; external: 5 + 2 = 7 hosts.
    expect(p.controlPlaneNodes).toBe(2);
    expect(p.topology.external.hosts).toBe(7);
    // Writes: 2 + 0.05 + 0.05 + 0.01 + 10 (Leases, 100 ÷ 10) + 20 (Events) + 100 ÷ 300 (Node status).
    expect(p.together.writesPerSecond).toBeCloseTo(32.11 + 1 / 3, 10);
    // Live 53,137,600 + history 29,151,096 bytes, × 1.5 = 123,433,044 bytes.
    expect(p.together.db.onDiskBytes).toBeCloseTo(123_433_044, -1);
    // 0.123 GB > Small's 0.1 GB, ≤ Medium's 0.5 GB: Medium; not a large class, so Events stay.
    expect(p.together.hardware.hardwareClass.id).toBe('medium');
    expect(p.moveEvents).toBe(false);
    expect(p.eventsCluster).toBeNull();
    // Thresholds scaled by 100 ÷ 5,000: 3,000 pods of 3,000 and 200 Services of 200, ratio 1
    // (approaching, not past: past means above 1); pods come first in the table.
    expect(p.limits.binding.limit.key).toBe('pods');
    expect(p.limits.binding.ratio).toBe(1);
    expect(p.limits.binding.status).toBe('approaching');
  });

  it('500 nodes with heavy Events: Events alone push the cluster to xLarge, so they move', () => {
    const p = planOf(PLAN_CLUSTERS.heavyEvents.raw);
    // Together: live 702,488,000 + history 320,475,480 bytes, × 1.5 = 1,534,445,220: past Large's 1 GB.
    expect(p.together.db.onDiskBytes).toBeCloseTo(1_534_445_220, -1);
    expect(p.together.hardware.hardwareClass.id).toBe('xlarge');
    // Without Events: live 120,088,000 + history 58,395,480, × 1.5 = 267,725,220: Medium (≤ 0.5 GB).
    expect(p.main.db.onDiskBytes).toBeCloseTo(267_725_220, -1);
    expect(p.main.hardware.hardwareClass.id).toBe('medium');
    // 400,000 of the tested 1,000,000 Events is within, but the class drops: Events move.
    expect(ratioOf(p, 'events')).toBeCloseTo(0.4, 10);
    expect(p.moveEvents).toBe(true);
    expect(p.overridesValue).toBe(
      '/events#https://etcd-events-0:2379;https://etcd-events-1:2379;https://etcd-events-2:2379',
    );
    expect(p.overridesCheck.ok).toBe(true);
    // The Events cluster: 400,000 × 1,456 live + 180,000 × 1,456 history, × 1.5 = 1,266,720,000 bytes,
    // xLarge; its quota 1.27 GB × 1.73 × 1.25 = 2.55 GiB, rounded up to 3.
    expect(p.eventsCluster!.db.onDiskBytes).toBeCloseTo(1_266_720_000, -1);
    expect(p.eventsCluster!.hardware.hardwareClass.id).toBe('xlarge');
    expect(p.eventsCluster!.db.quotaToSetGiB).toBe(3);
    // The main cluster's writes: 10.55 (rows) + 50 (Leases) + 500 ÷ 300 (Node status).
    expect(p.main.writesPerSecond).toBeCloseTo(60.55 + 5 / 3, 10);
  });

  it('1,000 nodes across three zones, 10 ms apart: a zone lost keeps the quorum, one node per zone', () => {
    const p = planOf(PLAN_CLUSTERS.threeZones.raw);
    // Five members over three zones: at most ⌈5 ÷ 3⌉ = 2 in one; losing it leaves 3 = the quorum.
    expect(p.largestZoneMembers).toBe(2);
    expect(p.zoneLoss.hasQuorum).toBe(true);
    expect(p.zoneLoss.furtherFailuresTolerated).toBe(0);
    // One control-plane node per zone (3), above the 2 a surge upgrade needs; 5 + 3 = 8 hosts.
    expect(p.controlPlaneNodes).toBe(3);
    expect(p.topology.external.hosts).toBe(8);
    // R = 10 ms: heartbeat max(100, 10) = 100, election max(1000, 100, 500) = 1000: the defaults.
    expect([p.timeouts.heartbeatMs, p.timeouts.electionMs]).toEqual([100, 1000]);
    // Together 819,370,440 bytes on disk (0.82 GB, Large); without Events 535,450,440 (0.54 GB,
    // still Large): no class is saved, and 100,000 Events are within: Events stay.
    expect(p.together.db.onDiskBytes).toBeCloseTo(819_370_440, -1);
    expect(p.together.hardware.hardwareClass.id).toBe('large');
    expect(p.moveEvents).toBe(false);
    // Quota: 0.82 GB × 1.73 × 1.25 = 1.65 GiB, rounded up to 2 (etcd's default already).
    expect(p.main.db.quotaToSetGiB).toBe(2);
    // APF across 3 replicas: 1,800 seats.
    expect(p.apf.acrossReplicas).toBe(1800);
  });

  it('5,000 nodes at the tested envelope: every count at ratio 1 at most, Events move', () => {
    const p = planOf(PLAN_CLUSTERS.envelope.raw);
    // 5,000 of 5,000 nodes, 150,000 of 150,000 pods, 1,000,000 of 1,000,000 Events: ratio 1 each,
    // approaching; none past.
    expect(p.limits.binding.ratio).toBe(1);
    expect(p.limits.checks.filter((c) => c.status === 'beyond')).toEqual([]);
    expect(ratioOf(p, 'events')).toBe(1);
    expect(p.moveEvents).toBe(true);
    // Lease floor: 5,000 ÷ 10 = 500 writes/s (the writes chapter's figure).
    expect(p.nodeWrites.leaseWritesPerSecond).toBe(500);
    // Main cluster without Events: 1,782,581,200 bytes in use × 1.5 = 2,673,871,800: xLarge, past
    // the guide's largest example workload (3,000 nodes); quota 2.67 GB × 2.1625 = 5.39 GiB → 6.
    expect(p.main.db.onDiskBytes).toBeCloseTo(2_673_871_800, -1);
    expect(p.main.hardware.hardwareClass.id).toBe('xlarge');
    expect(p.main.hardware.beyondGuide.length).toBeGreaterThan(0);
    expect(p.main.db.quotaToSetGiB).toBe(6);
  });

  it('7,000 nodes, past the envelope: five counts past their thresholds, none scaled down', () => {
    const p = planOf(PLAN_CLUSTERS.pastEnvelope.raw);
    // 7,000 ÷ 5,000 = 1.4 for nodes, and the cluster-wide thresholds are not scaled above 5,000
    // nodes (min(1, n ÷ 5,000)): pods 210,000 ÷ 150,000, Services 14,000 ÷ 10,000, Events
    // 1,400,000 ÷ 1,000,000 and objects of one type 210,000 ÷ 150,000 are 1.4 too.
    const beyond = p.limits.checks.filter((c) => c.status === 'beyond').map((c) => c.limit.key);
    expect(beyond.sort()).toEqual(['events', 'nodes', 'objectsPerType', 'pods', 'services']);
    expect(p.limits.binding.ratio).toBeCloseTo(1.4, 10);
    // Main cluster: 2,496,515,120 bytes in use × 1.5 = 3,744,772,680; × 2.1625 = 7.54 GiB → 8, which
    // is at, not above, etcd's suggested 8 GiB maximum.
    expect(p.main.db.onDiskBytes).toBeCloseTo(3_744_772_680, -1);
    expect(p.main.db.quotaToSetGiB).toBe(8);
    expect(p.main.db.aboveSuggestedMax).toBe(false);
    expect(p.moveEvents).toBe(true);
  });
});

describe('node writes', () => {
  it('is one Lease renewal per node every 40 s × 0.25 = 10 s, and one Node status post per 5 minutes', () => {
    const w = steadyNodeWrites(5000);
    expect(w.leaseRenewSeconds).toBe(10);
    expect(w.leaseWritesPerSecond).toBe(500);
    expect(w.nodeStatusWritesPerSecond).toBeCloseTo(5000 / 300, 10);
    expect(() => steadyNodeWrites(-1)).toThrow(RangeError);
    expect(() => steadyNodeWrites(1.5)).toThrow(RangeError);
  });
});
