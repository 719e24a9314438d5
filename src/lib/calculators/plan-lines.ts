/**
 * The sizing plan's lines, one per decision: its value, the reason in a sentence, the chapter that
 * explains it, the upstream lines that decided it, and its warnings. Each line reads one composed
 * function's answer from the plan (src/lib/model/plan.ts); none derives a figure of its own. The
 * etcd lines are in ./plan-lines-etcd.ts; the API-server, limits, membership and write lines here.
 */
import { LARGE_CLASSES, type SizingPlan } from '../model/plan.ts';
import * as SOURCES from '../model/sources.ts';
import { stepSources } from './membership-sources.ts';
import { fmtBytes, fmtInt, fmtNum, fmtNumApart, plural } from './format.ts';
import { warn, type LineWarning, type PlanLine } from './plan-line.ts';
import { UPGRADE_EN } from './messages/upgrade.ts';
import {
  databaseLine,
  diskLine,
  hardwareLine,
  maintenanceLine,
  membersLine,
  timeoutsLine,
  topologyLine,
} from './plan-lines-etcd.ts';

export type { LineWarning, PlanLine } from './plan-line.ts';

function eventsLine(p: SizingPlan): PlanLine {
  const ev = p.limits.checks.find((c) => c.limit.key === 'events')!;
  const warnings: LineWarning[] = [];
  if (!p.overridesCheck.ok)
    warnings.push({ tone: 'refusal', text: `kube-apiserver rejects the value: ${p.overridesCheck.error}` });
  const why = p.moveEvents
    ? ev.status !== 'within'
      ? `${fmtInt(ev.value)} Events are ${ev.status === 'beyond' ? 'past' : 'approaching'} the tested 1,000,000`
      : `Without Events the main cluster needs ${p.main.hardware.hardwareClass.name} instead of ${p.together.hardware.hardwareClass.name}`
    : `${fmtInt(ev.value)} Events are within the tested 1,000,000, and ${
        LARGE_CLASSES.includes(p.together.hardware.hardwareClass.id)
          ? `moving them would not change the main cluster's class (${p.together.hardware.hardwareClass.name})`
          : `with them the cluster stays below the large classes (${p.together.hardware.hardwareClass.name})`
      }`;
  return {
    label: 'Events',
    value: p.moveEvents
      ? [
          `Move to their own etcd cluster (${p.eventsCluster!.hardware.hardwareClass.name}): `,
          { code: `--etcd-servers-overrides=${p.overridesValue}` },
        ]
      : ['Keep on the main etcd cluster'],
    reason: `${why}${p.moveEvents ? '; Events have no watch cache, so their reads move with them' : ''}.${p.moveEvents && p.facts.operator === 'managed' ? ' Managed: ask the provider whether it separates Events.' : ''}`,
    page: '/etcd-writes/#moving-hot-resources-to-their-own-etcd-cluster',
    pageTitle: 'Moving hot resources',
    refs: [SOURCES.etcdServersOverridesFlag, SOURCES.parseEtcdServersOverrides, SOURCES.eventsWatchCacheOffByDefault],
    warnings,
  };
}

function controlPlaneLine(p: SizingPlan): PlanLine {
  const u = p.upgrade;
  const f = p.facts;
  const c = p.controlPlaneNodes;
  const a = p.apiserver;
  const warnings: LineWarning[] = [];
  if (f.zones === 2) warnings.push(warn('Two zones: the guidance for clusters across zones asks for at least three.'));
  const why =
    f.etcd === 'stacked'
      ? `Stacked etcd needs one control-plane node per member.`
      : f.zones >= 2
        ? `One per zone, at least the ${u.baseNodes} that a ${u.strategy} upgrade needs to keep 2 up.`
        : UPGRADE_EN.note(u);
  return {
    label: 'Control-plane nodes and API servers',
    value: [
      `${plural(c, 'node')}, ${plural(c, 'kube-apiserver replica')}; watch caches ≈ ${fmtBytes(a.watchCacheBytes)} in all, ${fmtInt(a.etcdWatches)} etcd watches`,
    ],
    reason: `${why} Each replica caches every resource but Events and, with DetectCacheInconsistency on (the default), lists each cached resource from etcd again every 5–7.5 min to check its cache.`,
    page: '/control-plane/#how-many-to-start-with-follow-the-upgrade-strategy',
    pageTitle: 'How many to start with',
    refs: [SOURCES.eventsWatchCacheOffByDefault, SOURCES.consistencyCheckPeriod],
    warnings,
  };
}

function apfLine(p: SizingPlan): PlanLine {
  const s = p.apf;
  const levels = s.levels
    .filter((l) => l.level.type !== 'exempt')
    .map((l) => `${l.level.name} ${fmtInt(l.nominal)}`)
    .join(', ');
  return {
    label: 'Inflight limits and APF',
    value: [
      { code: '--max-requests-inflight=400 --max-mutating-requests-inflight=200' },
      `: ${fmtInt(s.perReplica)} seats per replica, ${fmtInt(s.acrossReplicas)} across ${plural(s.replicas, 'replica')}; nominal seats: ${levels}`,
    ],
    reason:
      'The defaults until measurements show the API server is the limit; APF gives each level ceil(seats × its shares ÷ all shares), and each replica enforces its own.',
    page: '/apiserver-capacity/#how-the-seats-are-divided-among-priority-levels',
    pageTitle: 'How the seats are divided',
    refs: [SOURCES.apfNominalSeats, SOURCES.apfBorrowingBounds],
    warnings: [],
  };
}

const LIMIT_NAME: Readonly<Record<string, string>> = {
  nodes: 'nodes',
  pods: 'pods',
  podsPerNode: 'pods on one node',
  namespaces: 'namespaces',
  services: 'Services',
  objectsPerType: 'objects of one type',
  events: 'Events',
  objectSize: 'object size',
  typeSize: 'size of one type',
};

function limitsLine(p: SizingPlan): PlanLine {
  const r = p.limits;
  const top = [...r.checks]
    .filter((c) => c.ratio > 0)
    .sort((x, y) => y.ratio - x.ratio)
    .slice(0, 3)
    .map((c) => `${LIMIT_NAME[c.limit.key] ?? c.limit.key} ${fmtNumApart(c.ratio, 1)}`);
  const b = r.binding;
  const warnings: LineWarning[] = r.checks
    .filter((c) => c.status === 'beyond')
    .map((c) =>
      warn(
        `${LIMIT_NAME[c.limit.key] ?? c.limit.key}: ${fmtInt(c.value)} is past the tested ${fmtInt(c.limitInUse)}; the SLOs are no longer promised there.`,
      ),
    );
  return {
    label: 'Headroom against the tested limits',
    value: [
      `Binds first: ${LIMIT_NAME[b.limit.key] ?? b.limit.key}, ratio ${fmtNumApart(b.ratio, 1)}; highest: ${top.join(', ') || 'none'}`,
    ],
    reason:
      'Each count divided by its sig-scalability threshold (cluster-wide ones scaled to nodes ÷ 5,000); from 0.75 (this guide’s margin, not sig-scalability’s) a count is approaching, above 1 past the envelope. Counts not asked here are not checked.',
    page: '/tested-limits/#how-close-is-a-cluster',
    pageTitle: 'How close is a cluster?',
    refs: [SOURCES.scalabilityThresholdsCaveats],
    warnings,
  };
}

function membershipLine(p: SizingPlan): PlanLine {
  const m = p.membership;
  const stacked = p.facts.etcd === 'stacked';
  return {
    label: 'Membership change',
    value: [
      `Replace a failed member: remove it, add the new one as a learner, start it, promote it (${plural(m.steps.length - 1, 'step')}, at worst ${plural(m.smallestMargin, 'further failure')} tolerated)`,
    ],
    reason: stacked
      ? 'On a stacked control plane kubeadm join adds the member and kubeadm reset removes it; a failed node is never reset, so remove its member by hand before the join.'
      : removeFirstReason(p.members.members),
    page: stacked
      ? '/membership/#what-kubeadm-does-on-a-stacked-control-plane'
      : '/membership/#replace-a-failed-member',
    pageTitle: stacked ? 'What kubeadm does on a stacked control plane' : 'Replace a failed member',
    refs: [...stepSources(m), SOURCES.etcdFaqRemoveFirst],
    warnings: m.refusedAt !== null ? [{ tone: 'refusal', text: m.summary }] : [],
  };
}

/**
 * Why a failed member is removed before its replacement is added, for `n` members: etcd's strict
 * reconfiguration check counts the members after the add and needs a quorum of them running
 * (server/etcdserver/util.go, modelled in src/lib/model/membership.ts), so with one down it
 * refuses any add on three members and accepts one on five or more, where the new voter would
 * raise the quorum with one fewer running.
 */
function removeFirstReason(n: number): string {
  // The quorum of n + 1 members, ⌊(n + 1) / 2⌋ + 1 (server/etcdserver/util.go), written out: n may be
  // the largest member count the plan gives, past which src/lib/model/quorum.ts refuses to go.
  const need = Math.floor((n + 1) / 2) + 1;
  return n - 1 < need
    ? `Remove first: with one of ${n} members down, etcd refuses any add, learner or voter (${n + 1} members would need ${need} running, ${n - 1} are); one change at a time.`
    : `Remove first, as etcd's FAQ advises: with one of ${n} members down etcd still accepts an add, but a voter added before the failed one is removed makes the quorum ${need} of ${n + 1} with ${n - 1} running; one change at a time.`;
}

function writesLine(p: SizingPlan): PlanLine {
  const w = p.nodeWrites;
  const ev = p.facts.events.writesPerSecond;
  return {
    label: 'Lease and Event write budgets',
    value: [
      `Node Leases ${fmtNum(w.leaseWritesPerSecond)} writes/s (${fmtInt(w.nodes)} ÷ ${fmtNum(w.leaseRenewSeconds)} s), Node status ≥ ${fmtNum(w.nodeStatusWritesPerSecond)}/s, on the main cluster; Events ${fmtNum(ev)}/s${p.moveEvents ? ' on their own cluster' : ''}`,
    ],
    reason:
      'Each kubelet renews its Lease every quarter of its 40 s duration and posts an unchanged Node status every 5 min: a floor that stays on the main cluster when Events move.',
    page: '/etcd-writes/#the-steady-write-floor-lease-renewals',
    pageTitle: 'The steady write floor',
    refs: [SOURCES.kubeletNodeLeaseDuration, SOURCES.kubeletLeaseRenewFraction, SOURCES.kubeletNodeStatusReport],
    warnings: [],
  };
}

/** Every line of the plan, in the order a design review reads them. */
export function planLines(p: SizingPlan): PlanLine[] {
  return [
    membersLine(p),
    topologyLine(p),
    hardwareLine(p),
    diskLine(p),
    databaseLine(p),
    maintenanceLine(p),
    timeoutsLine(p),
    eventsLine(p),
    controlPlaneLine(p),
    apfLine(p),
    limitsLine(p),
    membershipLine(p),
    writesLine(p),
  ];
}
