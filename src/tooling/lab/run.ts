/**
 * One lab run: for every requested RTT and member count, a fresh cluster, the loads, the failure
 * injection, then the cluster's removal; the disk's fdatasync latency once; one result object.
 */
import type { Etcd3 } from 'etcd3';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { LAB_RESULT_SCHEMA_VERSION, type ClusterRun, type LabResult } from '../../lib/lab/result.ts';
import type { Cleanup } from './cleanup.ts';
import { clientFor } from './client.ts';
import { step } from './step.ts';
import { measurePairRtt, startCluster } from './cluster.ts';
import type { EtcdBinary } from './etcd-binary.ts';
import { environment } from './environment.ts';
import { majorityLoss, stopDuringWrites } from './failure.ts';
import { measureFsync } from './fsync.ts';
import { mixedLoad, populate, readLoad, writeLoad, type LoadOptions } from './load.ts';

export interface LabOptions {
  etcd: EtcdBinary;
  memberCounts: number[];
  rttMs: number[];
  /** Length of each load, ms. */
  durationMs: number;
  clients: number;
  valueBytes: number;
  /** Directory for this run's data directories (made here, removed at the end). */
  dataDir: string;
  cleanup: Cleanup;
  hostLabel?: string | undefined;
  /** Skip the failure scenarios (follower, leader, majority). */
  noFailures?: boolean;
  log?: (line: string) => void;
}

/** Keys the loads spread over. */
const KEYS = 100;
/** Share of reads in the mixed load (Kubernetes' traffic is mostly reads). */
const MIXED_READ_FRACTION = 0.8;
/** Deadline of each write during a stop, ms: above an election timeout, so most blocked writes complete. */
const FAILURE_WRITE_DEADLINE_MS = 3000;
/** Deadline of each write after majority loss, ms: past etcd 3.4's request timeout (5 s + 2 × election timeout). */
const MAJORITY_DEADLINE_MS = 10_000;

/** The clusters a run starts: every member count at every RTT, except one member (no peers) at the first RTT only. */
export function clusterPlan(memberCounts: number[], rttMs: number[]): { members: number; rttMs: number }[] {
  const plan: { members: number; rttMs: number }[] = [];
  rttMs.forEach((rtt, i) => {
    for (const members of memberCounts) if (members > 1 || i === 0) plan.push({ members, rttMs: rtt });
  });
  return plan;
}

/** Starts, measures and removes one cluster. @throws Error when the cluster does not start. */
async function runCluster(o: LabOptions, members: number, rttMs: number): Promise<ClusterRun> {
  const log = o.log ?? (() => {});
  const id = `m${members}-rtt${rttMs}`;
  log(`cluster ${id}: starting ${members} member(s), ${rttMs} ms RTT between members`);
  const cluster = await startCluster({
    etcdBin: o.etcd.path,
    members,
    rttMs,
    dir: join(o.dataDir, id),
    cleanup: o.cleanup,
  });
  const run: ClusterRun = {
    id,
    members,
    memberNames: cluster.members.map((m) => m.name),
    rttRequestedMs: rttMs,
    rtt: [],
    heartbeatMs: cluster.heartbeatMs,
    electionTimeoutMs: cluster.electionTimeoutMs,
    scenarios: {
      write: null,
      linearizableRead: null,
      serializableRead: null,
      mixed: null,
      followerStop: null,
      leaderStop: null,
      majorityLoss: null,
    },
    skipped: [],
    errors: [],
  };
  const conns: Etcd3[] = cluster.members.map((m) => clientFor(m.clientUrl, 5000));
  try {
    if (members > 1) run.rtt = (await step(run, 'rtt', log, () => measurePairRtt(cluster, rttMs))) ?? [];
    const load = (prefix: string): LoadOptions => ({
      connections: conns,
      clients: o.clients,
      durationMs: o.durationMs,
      valueBytes: o.valueBytes,
      prefix: `/lab/${id}/${prefix}/`,
      keys: KEYS,
    });
    const s = run.scenarios;
    s.write = await step(run, 'write', log, () => writeLoad(load('w')));
    await step(run, 'populate', log, () => populate(load('r')));
    s.linearizableRead = await step(run, 'linearizableRead', log, () => readLoad(load('r'), false));
    s.serializableRead = await step(run, 'serializableRead', log, () => readLoad(load('r'), true));
    s.mixed = await step(run, 'mixed', log, () => mixedLoad(load('r'), MIXED_READ_FRACTION, false));
    conns.forEach((c) => c.close());
    if (o.noFailures) {
      for (const scenario of ['followerStop', 'leaderStop', 'majorityLoss'])
        run.skipped.push({ scenario, reason: 'failure scenarios switched off (--no-failures)' });
    } else if (members < 3) {
      for (const scenario of ['followerStop', 'leaderStop', 'majorityLoss'])
        run.skipped.push({ scenario, reason: `${members} member(s): no member can stop with quorum kept` });
    } else {
      const failure = {
        cluster,
        clients: o.clients,
        beforeMs: 1500,
        maxAfterMs: 15_000,
        settleMs: 1000,
        writeDeadlineMs: FAILURE_WRITE_DEADLINE_MS,
      };
      s.followerStop = await step(run, 'followerStop', log, () =>
        stopDuringWrites({ ...failure, role: 'follower', prefix: `/lab/${id}/fs/` }),
      );
      if (s.followerStop) {
        const name = s.followerStop.stoppedMember;
        await step(run, 'restart', log, () => cluster.restart(name));
      }
      s.leaderStop = await step(run, 'leaderStop', log, () =>
        stopDuringWrites({ ...failure, role: 'leader', prefix: `/lab/${id}/ls/` }),
      );
      s.majorityLoss = await step(run, 'majorityLoss', log, () =>
        majorityLoss(cluster, 3, MAJORITY_DEADLINE_MS, `/lab/${id}/ml/`),
      );
    }
  } finally {
    conns.forEach((c) => c.close());
    await cluster.close();
  }
  return run;
}

/**
 * Runs the whole plan and returns the result (not yet written). Clusters run one after another so
 * they do not share the CPU with each other.
 * @throws Error when a cluster cannot start; what was started is removed by `o.cleanup`.
 */
export async function runLab(o: LabOptions): Promise<LabResult> {
  const startedAt = new Date().toISOString();
  mkdirSync(o.dataDir, { recursive: true });
  const removeDir = o.cleanup.add(`lab directory ${o.dataDir}`, () =>
    rmSync(o.dataDir, { recursive: true, force: true }),
  );
  const log = o.log ?? (() => {});
  log(`fsync: ${o.dataDir}`);
  const fsync = measureFsync(o.dataDir);
  const env = environment(o.etcd, o.dataDir, o.hostLabel);
  const clusters: ClusterRun[] = [];
  for (const { members, rttMs } of clusterPlan(o.memberCounts, o.rttMs))
    clusters.push(await runCluster(o, members, rttMs));
  await removeDir();
  return {
    schemaVersion: LAB_RESULT_SCHEMA_VERSION,
    kind: 'lab',
    startedAt,
    endedAt: new Date().toISOString(),
    environment: env,
    settings: {
      durationMs: o.durationMs,
      clients: o.clients,
      valueBytes: o.valueBytes,
      memberCounts: o.memberCounts,
      rttMs: o.rttMs,
    },
    fsync,
    clusters,
    probe: null,
  };
}
