/**
 * The sizing plan's etcd lines: members, topology, machine class, disk, database, compaction and
 * defragmentation, timeouts. Each reads one composed function's answer (src/lib/model/plan.ts).
 */
import { BACKEND_COMMIT_P99_TARGET_MS, WAL_FSYNC_P99_TARGET_MS } from '../model/disk-targets.ts';
import { etcdFlags } from '../model/timeouts.ts';
import { PLAN_DB_DEFAULTS, type SizingPlan } from '../model/plan.ts';
import * as SOURCES from '../model/sources.ts';
import { sizingWords } from './hardware-words.ts';
import { CLASS_SOURCE } from './hardware-sources.ts';
import { fmtBytes, fmtInt, fmtMs, fmtNum, plural } from './format.ts';
import { managedNote, warn, type LineWarning, type PlanLine } from './plan-line.ts';
// The plan is English; its warnings are the calculators' own words for the same keys.
import { MAINTENANCE_EN } from './messages/maintenance.ts';
import { TOPOLOGY_EN } from './messages/topology.ts';

export function membersLine(p: SizingPlan): PlanLine {
  const { members: m, duringMaintenance: d, zoneLoss: z, facts: f } = p;
  const e = m.members;
  const zoneText =
    f.zones === 1 ? 'all in one zone' : `at most ${plural(p.largestZoneMembers, 'member')} in one of ${f.zones} zones`;
  const warnings: LineWarning[] = [];
  if (m.warning === 'overSeven') warnings.push(warn(MAINTENANCE_EN.overSeven(m.members, m.quorum)));
  if (!z.hasQuorum)
    warnings.push(
      warn(
        f.zones === 1
          ? 'Every member is in one zone: losing the zone stops etcd, and with it every API write.'
          : `Losing the zone that holds ${p.largestZoneMembers} of the ${e} members leaves ${z.running}, short of the quorum of ${z.quorum}: spread them over at least three zones.`,
      ),
    );
  return {
    label: 'etcd members',
    value: [
      `${e} (quorum ${m.quorum}), ${zoneText}; with one stopped for maintenance ${plural(d.furtherFailuresTolerated, 'further failure')} tolerated`,
    ],
    reason: `The smallest count that still survives ${plural(f.failuresDuringMaintenance, 'failure')} while one member is stopped: 2 × (${f.failuresDuringMaintenance} + 1) + 1.${managedNote(p, 'runs etcd')}`,
    page: '/etcd-sizing/#why-five-members-in-production',
    pageTitle: 'Why five members in production',
    refs: [SOURCES.etcdQuorum, ...(m.warningSource ? [m.warningSource] : [])],
    warnings,
  };
}

export function topologyLine(p: SizingPlan): PlanLine {
  const t = p.topology;
  const stacked = p.facts.etcd === 'stacked';
  return {
    label: 'Topology',
    value: [
      stacked
        ? `Stacked: ${plural(t.stacked.hosts, 'host')}, each a control-plane node and an etcd member`
        : `External: ${fmtInt(t.etcdMembers)} etcd hosts + ${fmtInt(t.controlPlaneNodes)} control-plane hosts = ${plural(t.external.hosts, 'host')}`,
    ],
    reason: stacked
      ? 'Stacked etcd runs one member on each control-plane node, so one host lost takes a member and an API server together; fine for a proof of concept, measure first before running it in production.'
      : 'External etcd keeps members and API servers on separate hosts, so a host lost takes one or the other: the guide’s choice for a cluster that will live long or grow.',
    page: stacked ? '/colocation/#production-on-five-stacked-nodes-measure-first' : '/colocation/',
    pageTitle: 'Colocation',
    refs: [SOURCES.etcdQuorum],
    warnings:
      t.stacked.warning === 'mismatch' && stacked
        ? [warn(TOPOLOGY_EN.stackedMismatch(t.etcdMembers, t.controlPlaneNodes))]
        : [],
  };
}

export function hardwareLine(p: SizingPlan): PlanLine {
  const r = p.main.hardware;
  const said = sizingWords(r, 'en');
  const k = r.hardwareClass;
  const m = k.machines[0];
  return {
    label: 'etcd machine class',
    value: [
      `${k.name}: ${m.provider} ${m.type}, ${m.vcpus} vCPUs, ${fmtNum(m.memoryGB)} GB memory; ${r.sequentialIops} sequential IOPS; ${r.network}`,
    ],
    reason: `The smallest hardware-guide class covering ${fmtNum(p.main.writesPerSecond)} writes/s, ${fmtBytes(p.main.db.onDiskBytes)} on disk and ${fmtInt(p.main.rows.reduce((s, x) => s + x.objects, 0))} keys${p.moveEvents ? ' (without Events, which move)' : ''}; the client bound is left out, since etcd’s clients are the API servers.${managedNote(p, 'sizes etcd')}`,
    page: '/etcd-hardware/#which-class-fits-your-cluster',
    pageTitle: 'Which class fits your cluster',
    refs: [CLASS_SOURCE[k.id]],
    warnings: [...(said.caution ? [said.caution] : []), ...said.beyondGuide].map(warn),
  };
}

export function diskLine(p: SizingPlan): PlanLine {
  const fs = p.facts.fsyncMs;
  return {
    label: 'Disk targets',
    value: [`WAL fsync p99 < ${WAL_FSYNC_P99_TARGET_MS} ms; backend commit p99 < ${BACKEND_COMMIT_P99_TARGET_MS} ms`],
    reason:
      'Every write waits for a WAL fsync on a quorum; check the disk with fio --fdatasync=1 before etcd moves in, then alert on etcd_disk_wal_fsync_duration_seconds and etcd_disk_backend_commit_duration_seconds.' +
      managedNote(p, 'chooses the disks'),
    page: '/etcd-disk/#alert-thresholds',
    pageTitle: 'Alert thresholds',
    refs: [SOURCES.etcdFaqWalFsyncTarget, SOURCES.etcdFaqBackendCommitTarget],
    warnings:
      fs > WAL_FSYNC_P99_TARGET_MS
        ? [
            warn(
              `The measured WAL fsync p99 of ${fmtMs(fs)} is above the ${WAL_FSYNC_P99_TARGET_MS} ms target: fix the disk before tuning timeouts.`,
            ),
          ]
        : [],
  };
}

export function databaseLine(p: SizingPlan): PlanLine {
  const db = p.main.db;
  const ev = p.eventsCluster?.db;
  const warnings: LineWarning[] = [];
  if (db.aboveSuggestedMax)
    warnings.push(warn(`${fmtInt(db.quotaToSetGiB)} GiB is above the 8 GiB quota etcd suggests at most.`));
  const big = [...db.tooLarge, ...(p.eventsCluster?.db.tooLarge ?? [])];
  if (big.length > 0)
    warnings.push({
      tone: 'refusal',
      text: `${big.join(', ')}: a mean object over etcd’s default 1.5 MiB request limit; etcd refuses such writes.`,
    });
  return {
    label: 'Database size and quota',
    value: [
      `≈ ${fmtBytes(db.onDiskBytes)} on disk; `,
      ...(db.quotaToSetGiB <= PLAN_DB_DEFAULTS.quotaGiB
        ? [
            `etcd’s default ${fmtInt(PLAN_DB_DEFAULTS.quotaGiB)} GiB quota covers the ${fmtInt(db.quotaToSetGiB)} GiB needed`,
          ]
        : [
            'quota ',
            { code: `--quota-backend-bytes=${String(db.quotaToSetGiB * 1024 ** 3)}` },
            ` (${fmtInt(db.quotaToSetGiB)} GiB)`,
          ]),
      ...(ev ? [`; Events cluster ≈ ${fmtBytes(ev.onDiskBytes)}, ${fmtInt(ev.quotaToSetGiB)} GiB`] : []),
    ],
    reason: `Live objects plus two compaction intervals of history, × ${fmtNum(1.5)} fragmentation, grown 0.2 % a day for a year plus 25 % headroom (the database-size calculator’s defaults).`,
    page: '/etcd-database/#estimating-the-database-size',
    pageTitle: 'Estimating the database size',
    refs: [SOURCES.etcdQuotaDefaults, SOURCES.etcdQuotaKvOverhead, SOURCES.etcdQuotaAvailable],
    warnings,
  };
}

export function maintenanceLine(p: SizingPlan): PlanLine {
  const stacked = p.facts.etcd === 'stacked';
  return {
    label: 'Compaction and defragmentation',
    value: [
      'kube-apiserver compacts every 5 min (',
      { code: '--etcd-compaction-interval' },
      ', default); etcd’s auto-compaction off; defragment one member at a time',
    ],
    reason: stacked
      ? 'A member being defragmented serves nothing until done: take its node’s kube-apiserver out of the load balancer, defragment, wait until it has caught up, then the next.'
      : 'A member being defragmented serves nothing until done: remove its URL from --etcd-servers (or stop it and run etcdutl defrag), wait until it has caught up, then the next.',
    page: '/etcd-database/#defragmenting-with-kube-apiserver-in-front',
    pageTitle: 'Defragmenting with kube-apiserver in front',
    refs: [SOURCES.apiserverCompactInterval, SOURCES.etcdDefragPerMember],
    warnings: [],
  };
}

export function timeoutsLine(p: SizingPlan): PlanLine {
  const r = p.timeouts;
  const warnings: LineWarning[] = [];
  if (!r.effective)
    warnings.push(
      warn(
        `No pair fits: 10 × the ${fmtMs(r.roundTripMs)} round trip is above etcd’s 50 s maximum. Bring the members closer together.`,
      ),
    );
  if (!r.server.accepted)
    warnings.push({ tone: 'refusal', text: `etcd v3.7.0 refuses this pair: ${r.server.message}` });
  return {
    label: 'Heartbeat and election timeout',
    value: [{ code: etcdFlags(r.heartbeatMs, r.electionMs) }],
    reason:
      r.heartbeatFrom === 'default' && r.electionFrom === 'default'
        ? `The ${fmtMs(r.roundTripMs)} round trip is below etcd’s defaults, so they stay (the tuning page’s election timeout ≥ 10 × round trip, and etcd’s own ≥ 5 × heartbeat).`
        : `Heartbeat at the ${fmtMs(r.roundTripMs)} round trip (the tuning page puts it at 0.5–1.5 × the round trip; this guide takes 1 ×, never below the default), election timeout ≥ 10 × it (the tuning page) and ≥ 5 × the heartbeat (etcd’s check), in whole ticks; the same on every member.`,
    page: '/etcd-timeouts/#where-the-two-rules-disagree',
    pageTitle: 'Where the two rules disagree',
    refs: [SOURCES.etcdTuningHeartbeatRtt, SOURCES.etcdTuningElectionRtt, SOURCES.etcdConfigValidateTimeouts],
    warnings,
  };
}
