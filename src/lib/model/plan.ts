/**
 * The sizing plan: one cluster's facts in, every sizing decision of the guide out, each taken by
 * the same model function the chapter's calculator calls. This module only maps the facts onto
 * those functions' inputs and fixes the assumptions the plan states (one member stopped at a time,
 * two control-plane nodes up through an upgrade, the database-size and APF calculators' defaults);
 * it adds no rule of its own beyond the two choices documented on {@link sizingPlan}.
 */
import { apfSeats, type ApfSeats } from './apf.ts';
import { apiserverReplicaLoad, type ApiserverReplicaLoad } from './apiserver-replicas.ts';
import { estimateDbSize, type DbSizeEstimate, type ResourceRow } from './db-size.ts';
import {
  buildEtcdServersOverrides,
  parseEtcdServersOverrides,
  type OverridesParseResult,
} from './etcd-servers-overrides.ts';
import { classifyWorkload, type HardwareClassId, type HardwareSizing } from './hardware.ts';
import { membersForMaintenancePolicy, type MaintenanceSizing } from './maintenance.ts';
import { planMembership, type MembershipResult } from './membership.ts';
import { steadyNodeWrites, type SteadyNodeWrites } from './node-writes.ts';
import { maintenanceTolerance, type MaintenanceTolerance } from './quorum.ts';
import { checkTestedLimits, MAX_COUNT, type LimitsReport } from './tested-limits.ts';
import { recommend, type Recommendation } from './timeouts.ts';
import { topologyHosts, type TopologyHosts } from './topology.ts';
import { controlPlaneNodesForUpgrade, type UpgradeSizing, type UpgradeStrategy } from './upgrade.ts';

/** Members stopped at once for maintenance (an upgrade, a defragmentation): one, as the chapters do. */
export const STOPPED_FOR_MAINTENANCE = 1;
/** Control-plane nodes that must stay up through an upgrade: the control-plane chapter's floor of two. */
export const CONTROL_PLANE_MUST_STAY_UP = 2;
/** Mean bytes of a node Lease in etcd: the database-size calculator's example row (our assumption). */
export const NODE_LEASE_BYTES = 400;
/** What the database estimate assumes: the database-size calculator's defaults (its URL schema). */
export const PLAN_DB_DEFAULTS = {
  compactionMinutes: 5,
  keyOverheadBytes: 256,
  fragmentation: 1.5,
  growthPercentPerDay: 0.2,
  quotaGiB: 2,
  horizonDays: 365,
  headroomPercent: 25,
} as const;
/** kube-apiserver's default --max-requests-inflight and --max-mutating-requests-inflight. */
export const PLAN_INFLIGHT = { readOnly: 400, mutating: 200 } as const;
/** Placeholder servers of a separate Events cluster: three members, as the writes chapter's example. */
export const EVENTS_SERVERS = [
  'https://etcd-events-0:2379',
  'https://etcd-events-1:2379',
  'https://etcd-events-2:2379',
] as const;

/** The hardware guide's classes for large clusters: where a class saved by moving Events is worth a second cluster. */
export const LARGE_CLASSES: readonly HardwareClassId[] = ['large', 'xlarge'];

/** Where etcd runs, and who runs the control plane. */
export type EtcdTopology = 'external' | 'stacked';
export type Operator = 'self' | 'managed';

/** One cluster's facts, as the plan's form gives them. */
export interface PlanFacts {
  /** Kubernetes nodes, 1–1,000,000. */
  nodes: number;
  /** Most pods on one node, and that node's CPU cores (1–1024). */
  podsPerNode: number;
  cores: number;
  namespaces: number;
  /** Stored kinds other than Events and node Leases (the database-size calculator's rows). */
  rows: readonly ResourceRow[];
  /** Events: objects stored, mean bytes, writes per second. */
  events: { objects: number; meanBytes: number; writesPerSecond: number };
  /** Round trip between etcd members (ms) and the measured WAL fsync p99 (ms, 0 = not measured). */
  rttMs: number;
  fsyncMs: number;
  /** Failure zones the control plane spans, 1–99. */
  zones: number;
  /** Failures etcd must survive while one member is stopped, 0–48. */
  failuresDuringMaintenance: number;
  strategy: UpgradeStrategy;
  etcd: EtcdTopology;
  operator: Operator;
}

/** The database estimate and hardware class of one etcd cluster. */
export interface ClusterSizing {
  rows: ResourceRow[];
  db: DbSizeEstimate;
  hardware: HardwareSizing;
  /** Writes per second the cluster takes: its rows' writes, plus Node status posts on the main cluster. */
  writesPerSecond: number;
}

/** Result of {@link sizingPlan}: each composed function's own answer. */
export interface SizingPlan {
  facts: PlanFacts;
  members: MaintenanceSizing;
  /** The members with one stopped: the margin left during maintenance. */
  duringMaintenance: MaintenanceTolerance;
  /** Members in the largest zone when spread evenly, and what losing that zone leaves. */
  largestZoneMembers: number;
  zoneLoss: MaintenanceTolerance;
  upgrade: UpgradeSizing;
  controlPlaneNodes: number;
  topology: TopologyHosts;
  nodeWrites: SteadyNodeWrites;
  /** Every stored kind on one etcd cluster: what decides whether Events move. */
  together: ClusterSizing;
  moveEvents: boolean;
  /** The main cluster (without Events when they move) and, when they move, the Events cluster. */
  main: ClusterSizing;
  eventsCluster: ClusterSizing | null;
  overridesValue: string;
  overridesCheck: OverridesParseResult;
  timeouts: Recommendation;
  apiserver: ApiserverReplicaLoad;
  apf: ApfSeats;
  limits: LimitsReport;
  membership: MembershipResult;
}

const sum = (xs: readonly number[]): number => xs.reduce((a, b) => a + b, 0);

/**
 * One etcd cluster's database estimate (estimateDbSize) and hardware class (classifyWorkload), from
 * its rows. The class is fed the rows' writes as its request rate (reads, mostly served by the
 * watch cache, come on top), the on-disk estimate as its data size, and the objects as keys; the
 * client count is left unknown, as the hardware chapter advises for Kubernetes.
 */
export function sizeCluster(nodes: number, rows: readonly ResourceRow[], extraWrites: number): ClusterSizing {
  const db = estimateDbSize({ rows, ...PLAN_DB_DEFAULTS });
  const writesPerSecond = sum(rows.map((r) => r.writesPerSecond)) + extraWrites;
  const hardware = classifyWorkload({
    nodes,
    clients: 0,
    requestsPerSecond: writesPerSecond,
    dataGB: db.onDiskBytes / 1e9,
    keys: sum(rows.map((r) => r.objects)),
  });
  return { rows: [...rows], db, hardware, writesPerSecond };
}

/** Objects of the row with that name, 0 when absent. */
const objectsOf = (rows: readonly ResourceRow[], name: string): number =>
  rows.find((r) => r.name.toLowerCase() === name)?.objects ?? 0;

/** The tested-limits check of the facts: counts the form does not ask for are 0 (not checked). */
function limitsOf(f: PlanFacts, cachedRows: readonly ResourceRow[]): LimitsReport {
  return checkTestedLimits({
    nodes: f.nodes,
    cores: f.cores,
    podsPerNode: f.podsPerNode,
    pods: objectsOf(f.rows, 'pods'),
    podsPerNamespace: 0,
    namespaces: f.namespaces,
    services: objectsOf(f.rows, 'services'),
    servicesPerNamespace: 0,
    endpointsPerService: 0,
    deploymentsPerNamespace: 0,
    tokens: 0,
    tokenQps: 0,
    objectsPerType: Math.max(0, ...cachedRows.map((r) => r.objects)),
    events: f.events.objects,
    // The mean object of the largest kind stands in for the largest object: a lower bound.
    objectSize: Math.ceil(Math.max(0, ...cachedRows.map((r) => r.meanBytes)) / 1024),
    typeSize: Math.min(
      MAX_COUNT,
      Math.ceil(Math.max(0, ...cachedRows.map((r) => r.objects * r.meanBytes)) / 1024 ** 2),
    ),
  });
}

/**
 * The whole plan for one cluster.
 *
 * Two choices are the plan's own, each from a composed function's answer: Events move to their own
 * etcd cluster when their count is approaching or past the tested threshold, or when with them the
 * cluster needs the Large or xLarge class and leaving them out gives a smaller one (the writes
 * chapter: move Events first when the leader is the bottleneck); and across two or more zones the control plane runs at least one
 * node per zone (the control-plane chapter, after the multi-zone guidance), with stacked etcd one
 * node per member.
 *
 * @param f - the facts (ranges on {@link PlanFacts}; the plan's URL schema keeps them in range).
 * @throws RangeError from a composed function for a value outside its domain.
 */
export function sizingPlan(f: PlanFacts): SizingPlan {
  const members = membersForMaintenancePolicy(f.failuresDuringMaintenance, STOPPED_FOR_MAINTENANCE);
  const e = members.members;
  const duringMaintenance = maintenanceTolerance(e, STOPPED_FOR_MAINTENANCE);
  const largestZoneMembers = Math.ceil(e / f.zones);
  const zoneLoss = maintenanceTolerance(e, largestZoneMembers);
  const upgrade = controlPlaneNodesForUpgrade(CONTROL_PLANE_MUST_STAY_UP, f.strategy);
  const controlPlaneNodes = f.etcd === 'stacked' ? e : Math.max(upgrade.baseNodes, f.zones >= 2 ? f.zones : 0);
  const nodeWrites = steadyNodeWrites(f.nodes);
  const leases: ResourceRow = {
    name: 'leases',
    objects: f.nodes,
    meanBytes: NODE_LEASE_BYTES,
    writesPerSecond: nodeWrites.leaseWritesPerSecond,
  };
  const events: ResourceRow = { name: 'events', ...f.events };
  const cached = [...f.rows, leases];
  const status = nodeWrites.nodeStatusWritesPerSecond;
  const together = sizeCluster(f.nodes, [...cached, events], status);
  const withoutEvents = sizeCluster(f.nodes, cached, status);
  const limits = limitsOf(f, cached);
  const eventsCheck = limits.checks.find((c) => c.limit.key === 'events')!;
  const moveEvents =
    eventsCheck.status !== 'within' ||
    (LARGE_CLASSES.includes(together.hardware.hardwareClass.id) &&
      withoutEvents.hardware.hardwareClass.id !== together.hardware.hardwareClass.id);
  const built = buildEtcdServersOverrides([{ group: '', resource: 'events', servers: [...EVENTS_SERVERS] }]);
  const overridesValue = built.ok ? built.value : '';
  const cachedObjects = sum(cached.map((r) => r.objects));
  const cachedBytes = sum(cached.map((r) => r.objects * r.meanBytes));
  return {
    facts: f,
    members,
    duringMaintenance,
    largestZoneMembers,
    zoneLoss,
    upgrade,
    controlPlaneNodes,
    topology: topologyHosts(e, controlPlaneNodes),
    nodeWrites,
    together,
    moveEvents,
    main: moveEvents ? withoutEvents : together,
    eventsCluster: moveEvents ? sizeCluster(f.nodes, [events], 0) : null,
    overridesValue,
    overridesCheck: parseEtcdServersOverrides(overridesValue),
    timeouts: recommend(f.rttMs, f.fsyncMs),
    // One kube-apiserver per control-plane node; Events have no watch cache, so they are left out.
    apiserver: apiserverReplicaLoad(
      controlPlaneNodes,
      cached.length,
      cachedObjects,
      cachedObjects === 0 ? 0 : Math.round(cachedBytes / cachedObjects),
    ),
    apf: apfSeats(controlPlaneNodes, PLAN_INFLIGHT.readOnly, PLAN_INFLIGHT.mutating),
    limits,
    membership: planMembership({
      plan: 'replace',
      members: e,
      target: e,
      down: 1,
      learners: true,
      order: 'remove-first',
    }),
  };
}
