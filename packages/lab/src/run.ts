/**
 * One lab run: the clusters of the plan in a shuffled order, each fresh; for each, a warm-up, then
 * every load repeated in shuffled rounds, the member stops repeated, a majority loss, then the
 * cluster's removal; the disk's fdatasync latency once; one result object.
 */
import type { Etcd3 } from 'etcd3';
import { mkdirSync, rmSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import {
  LAB_RESULT_SCHEMA_VERSION,
  type ClusterRun,
  type FailureResult,
  type LabResult,
  type LoadResult,
  type LoadWindow,
  type MajorityLossResult,
  type MixedResult,
} from '../../../src/lib/lab/result.ts';
import { pinningFailed, planPinning, type PinningPlan } from './pinning.ts';
import { median } from '../../../src/lib/lab/stats.ts';
import { medianLatency, seededRandom, shuffled, summarizeWindows, windowOrder } from '../../../src/lib/lab/windows.ts';
import type { Cleanup } from './cleanup.ts';
import { clientFor, errorText } from './client.ts';
import { step } from './step.ts';
import { startCluster, type Cluster } from './cluster.ts';
import type { EtcdBinary } from './etcd-binary.ts';
import { environment } from './environment.ts';
import { majorityLoss, stopDuringWrites } from './failure.ts';
import { measureFsync } from './fsync.ts';
import { mixedLoad, populate, readLoad, writeLoad, type LoadOptions } from './load.ts';
import { measureWindow } from './windows.ts';

export interface LabOptions {
  etcd: EtcdBinary;
  memberCounts: number[];
  rttMs: number[];
  /** Length of each measured window, ms. */
  durationMs: number;
  /** Clients of the write and mixed loads, in all. */
  clients: number;
  /** Clients per member of the read loads (default 2). */
  readClientsPerMember?: number;
  valueBytes: number;
  /** Measured windows per load, and repetitions of each member stop (default 5). */
  repeats?: number;
  /** Warm-up per load before the measured windows, ms (default: one window, at most 2 s). */
  warmUpMs?: number;
  /** Seed of the shuffles (default: from the clock; recorded either way). */
  seed?: number;
  /** Client deadlines the member stops alternate between, ms (default 12 000 and 34 000). */
  failureDeadlinesMs?: number[];
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
/**
 * Client deadlines of the writes during a member stop, ms. Both are above etcd's request timeout
 * (5 s + 2 × election timeout: 7 s at the lab's 1 s), so etcd, not the client, ends a write stuck
 * at the kill; 34 s is kube-apiserver's bound on a create or update (requestTimeoutUpperBound).
 * Two deadlines alternate so that a result that moved with the deadline would show it.
 */
export const FAILURE_DEADLINES_MS = [12_000, 34_000];
/** Deadline of each write after majority loss, ms: past etcd 3.4's request timeout (5 s + 2 × election timeout). */
const MAJORITY_DEADLINE_MS = 10_000;
const LOADS = ['write', 'linearizableRead', 'serializableRead', 'mixed'] as const;
type LoadName = (typeof LOADS)[number];

/** The clusters a run starts: every member count at every RTT, except one member (no peers) at the first RTT only. */
export function clusterPlan(memberCounts: number[], rttMs: number[]): { members: number; rttMs: number }[] {
  const plan: { members: number; rttMs: number }[] = [];
  rttMs.forEach((rtt, i) => {
    for (const members of memberCounts) if (members > 1 || i === 0) plan.push({ members, rttMs: rtt });
  });
  return plan;
}

/** A run of a cluster that did not start: its error, no scenarios. */
function notStarted(id: string, members: number, rttMs: number, order: number, message: string): ClusterRun {
  return {
    id,
    members,
    memberNames: [],
    rttRequestedMs: rttMs,
    rtt: [],
    heartbeatMs: 100,
    electionTimeoutMs: 1000,
    scenarios: {
      write: null,
      linearizableRead: null,
      serializableRead: null,
      mixed: null,
      followerStop: null,
      leaderStop: null,
      majorityLoss: null,
    },
    order,
    skipped: [],
    errors: [{ step: 'start', message }],
  };
}

interface Ctx {
  o: LabOptions;
  cluster: Cluster;
  run: ClusterRun;
  conns: Etcd3[];
  log: (l: string) => void;
  random: () => number;
  repeats: number;
}

/** The loads of one cluster, measured: warm-up, then `repeats` shuffled rounds of windows. */
async function measureLoads(c: Ctx): Promise<void> {
  const { o, cluster, run, log } = c;
  const readClients = (o.readClientsPerMember ?? 2) * run.members;
  const load = (prefix: string, clients: number, durationMs: number): LoadOptions => ({
    connections: c.conns,
    clients,
    durationMs,
    valueBytes: o.valueBytes,
    prefix: `/lab/${run.id}/${prefix}/`,
    keys: KEYS,
  });
  const runLoad = (name: LoadName, durationMs: number): Promise<LoadResult | MixedResult> =>
    name === 'write'
      ? writeLoad(load('w', o.clients, durationMs))
      : name === 'linearizableRead'
        ? readLoad(load('r', readClients, durationMs), false)
        : name === 'serializableRead'
          ? readLoad(load('r', readClients, durationMs), true)
          : mixedLoad(load('r', o.clients, durationMs), MIXED_READ_FRACTION, false);
  await step(run, 'populate', log, () => populate(load('r', 1, 0)));
  const warmUpMs = o.warmUpMs ?? Math.min(o.durationMs, 2000);
  if (warmUpMs > 0)
    await step(run, 'warm-up', log, async () => {
      for (const name of LOADS) await runLoad(name, warmUpMs);
    });
  const windows = new Map<LoadName, LoadWindow[]>(LOADS.map((n) => [n, []]));
  const mixed: MixedResult[] = [];
  const firstErrors = new Map<LoadName, string | null>();
  const order = windowOrder(LOADS, c.repeats, c.random);
  for (const [i, name] of order.entries()) {
    const w = await step(run, `${name} #${windows.get(name)!.length + 1}`, log, () =>
      measureWindow(cluster, i, () => runLoad(name, o.durationMs)),
    );
    if (!w) continue;
    windows.get(name)!.push(w.window);
    if (!firstErrors.get(name)) firstErrors.set(name, w.result.firstError);
    if (name === 'mixed') mixed.push(w.result as MixedResult);
  }
  const summary = (name: LoadName): LoadResult | null => {
    const ws = windows.get(name)!;
    return ws.length === 0
      ? null
      : summarizeWindows(ws, { valueBytes: o.valueBytes, keys: KEYS }, firstErrors.get(name) ?? null);
  };
  const s = run.scenarios;
  s.write = summary('write');
  s.linearizableRead = summary('linearizableRead');
  s.serializableRead = summary('serializableRead');
  const m = summary('mixed');
  s.mixed =
    m && mixed.length > 0
      ? {
          ...m,
          readFraction: MIXED_READ_FRACTION,
          serializableReads: false,
          readLatency: medianLatency(mixed.map((x) => x.readLatency)),
          writeLatency: medianLatency(mixed.map((x) => x.writeLatency)),
        }
      : null;
}

/** The member stops, each repeated: a follower, then the leader, each member restarted after. */
async function measureStops(c: Ctx): Promise<void> {
  const { o, cluster, run, log } = c;
  const deadlines = o.failureDeadlinesMs ?? FAILURE_DEADLINES_MS;
  const followerStops: FailureResult[] = [];
  const leaderStops: FailureResult[] = [];
  for (let r = 0; r < c.repeats; r++) {
    const deadline = deadlines[r % deadlines.length]!;
    const failure = {
      cluster,
      clients: o.clients,
      beforeMs: 1500,
      maxAfterMs: deadline + 5000,
      settleMs: 1000,
      writeDeadlineMs: deadline,
    };
    for (const role of ['follower', 'leader'] as const) {
      const short = role === 'follower' ? 'fs' : 'ls';
      const s = await step(run, `${role}Stop #${r + 1} (deadline ${deadline / 1000} s)`, log, () =>
        stopDuringWrites({ ...failure, role, prefix: `/lab/${run.id}/${short}${r}/` }),
      );
      if (!s) continue;
      (role === 'follower' ? followerStops : leaderStops).push(s);
      await step(run, `restart ${s.stoppedMember}`, log, () => cluster.restart(s.stoppedMember));
    }
  }
  run.scenarios.followerStop = followerStops[0] ?? null;
  run.scenarios.leaderStop = leaderStops[0] ?? null;
  run.scenarios.followerStops = followerStops;
  run.scenarios.leaderStops = leaderStops;
  const losses = await measureMajorityLosses(c);
  run.scenarios.majorityLoss = losses[0] ?? null;
  run.scenarios.majorityLosses = losses;
}

/**
 * A majority stopped, `repeats` times: each time the stopped members are started again and the
 * cluster is healthy (it has a leader) before the next. The last one's members stay down; the
 * cluster is removed next. A failed step ends the repetitions, since the cluster's state is unknown.
 */
async function measureMajorityLosses(c: Ctx): Promise<MajorityLossResult[]> {
  const { cluster, run, log } = c;
  const losses: MajorityLossResult[] = [];
  for (let r = 0; r < c.repeats; r++) {
    const m = await step(run, `majorityLoss #${r + 1}`, log, () =>
      majorityLoss(cluster, 3, MAJORITY_DEADLINE_MS, `/lab/${run.id}/ml${r}/`),
    );
    if (!m) break;
    losses.push(m);
    if (r + 1 === c.repeats) break;
    const back = await step(run, `restart ${m.stoppedMembers.join(', ')}`, log, async () => {
      await Promise.all(m.stoppedMembers.map((name) => cluster.restart(name)));
      return true;
    });
    if (!back) break;
  }
  return losses;
}

/**
 * Applies a pinning plan's load-generator half: this process and all its threads (the delay
 * proxies' workers, and any started later, which inherit it) onto the generator's CPUs, with
 * util-linux's `taskset`. Members are pinned as they start (./cluster.ts).
 * @returns the plan, or an unpinned one saying what failed (taskset missing, or refused).
 */
function pinProcesses(plan: PinningPlan, log: (line: string) => void): PinningPlan {
  if (!plan.pinned) return plan;
  try {
    execFileSync('taskset', ['-a', '-cp', plan.generatorCpus, String(process.pid)], { stdio: 'pipe' });
  } catch (e) {
    const failed = pinningFailed(plan, errorText(e).split('\n')[0]!);
    log(`pinning: ${failed.reason}`);
    return failed;
  }
  log(`pinning: ${plan.reason}`);
  return plan;
}

/** Starts, measures and removes one cluster. @throws Error when the cluster does not start. */
async function runCluster(
  o: LabOptions,
  members: number,
  rttMs: number,
  order: number,
  random: () => number,
  memberCpus?: readonly number[],
): Promise<ClusterRun> {
  const log = o.log ?? (() => {});
  const id = `m${members}-rtt${rttMs}`;
  log(`cluster ${id}: starting ${members} member(s), ${rttMs} ms RTT between members`);
  const start = (): Promise<Cluster> =>
    startCluster({
      etcdBin: o.etcd.path,
      members,
      rttMs,
      dir: join(o.dataDir, id),
      cleanup: o.cleanup,
      ...(memberCpus ? { cpus: memberCpus } : {}),
    });
  let cluster: Cluster;
  try {
    cluster = await start();
  } catch (e) {
    // Free ports are picked, released, then bound: another process can take one in between. Once more, on new ports.
    if (o.cleanup.interruptedBySignal || !/is in use/.test(errorText(e))) throw e;
    log(`cluster ${id}: a port was taken meanwhile (${errorText(e)}); starting again on other ports`);
    cluster = await start();
  }
  log(`cluster ${id}: running`);
  const run: ClusterRun = {
    ...notStarted(id, members, rttMs, order, ''),
    memberNames: cluster.members.map((m) => m.name),
    heartbeatMs: cluster.heartbeatMs,
    electionTimeoutMs: cluster.electionTimeoutMs,
    errors: [],
  };
  const conns: Etcd3[] = cluster.members.map((m) => clientFor(m.clientUrl, 5000));
  const c: Ctx = { o, cluster, run, conns, log, random, repeats: o.repeats ?? 5 };
  try {
    if (members > 1)
      run.rtt =
        (await step(run, 'rtt', log, async () => {
          // Idle, before any load: each pair through the proxy of its second member.
          const added = new Map<string, number>();
          for (const m of cluster.members) added.set(m.name, median(await m.proxy.samplePairs(15)));
          const ms = cluster.members;
          return ms.flatMap((a, i) =>
            ms.slice(i + 1).map((b) => ({
              a: a.name,
              b: b.name,
              requestedMs: rttMs,
              measuredMs: Math.round(added.get(b.name)! * 100) / 100,
            })),
          );
        })) ?? [];
    await measureLoads(c);
    conns.forEach((x) => x.close());
    const skip = (reason: string): void => {
      for (const scenario of ['followerStop', 'leaderStop', 'majorityLoss']) run.skipped.push({ scenario, reason });
    };
    if (o.noFailures) skip('failure scenarios switched off (--no-failures)');
    else if (members < 3) skip(`${members} member(s): no member can stop with quorum kept`);
    else await measureStops(c);
  } finally {
    conns.forEach((x) => x.close());
    await cluster.close();
  }
  return run;
}

/**
 * Runs the whole plan and returns the result (not yet written). Clusters run one after another so
 * they do not share the CPU with each other. A cluster that does not start is recorded with its
 * error and the run goes on, so the clusters already measured are kept.
 * @throws Error after a signal (the cleanup is then under way and nothing is written).
 */
export async function runLab(o: LabOptions): Promise<LabResult> {
  const startedAt = new Date().toISOString();
  mkdirSync(o.dataDir, { recursive: true });
  const removeDir = o.cleanup.add(`lab directory ${o.dataDir}`, () =>
    rmSync(o.dataDir, { recursive: true, force: true }),
  );
  const log = o.log ?? (() => {});
  const seed = o.seed ?? Date.now() % 2 ** 31;
  const random = seededRandom(seed);
  log(`fsync: ${o.dataDir}`);
  const fsync = measureFsync(o.dataDir);
  const env = environment(o.etcd, o.dataDir, o.hostLabel);
  const clusters: ClusterRun[] = [];
  const pinning = pinProcesses(planPinning(availableParallelism(), Math.max(...o.memberCounts)), log);
  const memberCpus = pinning.pinned ? pinning.memberCpus : undefined;
  const plan = shuffled(clusterPlan(o.memberCounts, o.rttMs), random);
  for (const [i, { members, rttMs }] of plan.entries()) {
    try {
      clusters.push(await runCluster(o, members, rttMs, i, random, memberCpus));
    } catch (e) {
      if (o.cleanup.interruptedBySignal) throw e;
      log(`cluster m${members}-rtt${rttMs}: FAILED to start: ${errorText(e)}`);
      clusters.push(notStarted(`m${members}-rtt${rttMs}`, members, rttMs, i, errorText(e)));
    }
  }
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
      repeats: o.repeats ?? 5,
      warmUpMs: o.warmUpMs ?? Math.min(o.durationMs, 2000),
      readClientsPerMember: o.readClientsPerMember ?? 2,
      shuffleSeed: seed,
      failureDeadlinesMs: o.failureDeadlinesMs ?? FAILURE_DEADLINES_MS,
      pinning: { pinned: pinning.pinned, reason: pinning.reason },
    },
    fsync,
    clusters,
    probe: null,
  };
}
