/**
 * The lab against a real 3-member etcd cluster on loopback: a short run checking the claims'
 * direction with generous margins, and its cleanup. Skips visibly without etcd; under CI=true a
 * missing etcd fails. Bad input and the TLS probe have files of their own, so that the two
 * workers of the lab's group share the cluster time.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseLabResult, type LabResult } from '../../../src/lib/lab/result.ts';
import { labSummary } from '../src/summary.ts';
import { planPinning } from '../src/pinning.ts';
import { Cleanup } from '../src/cleanup.ts';
import { inspectEtcd, type EtcdBinary } from '../src/etcd-binary.ts';
import { runLab } from '../src/run.ts';
import { etcdPath } from './etcd-under-test.ts';
import { processesMentioning } from './procs.ts';

const ci = process.env.CI === 'true';
if (!etcdPath) console.warn('lab cluster tests SKIPPED: no etcd on PATH or ETCD_BIN (apt-get install -y etcd-server)');

it('finds an etcd binary (required under CI=true)', (ctx) => {
  if (!etcdPath && !ci) ctx.skip('no etcd on PATH or ETCD_BIN (apt-get install -y etcd-server)');
  expect(etcdPath, 'no etcd binary: .ci/run installs etcd-server from Debian; set ETCD_BIN otherwise').not.toBeNull();
});

describe.skipIf(!etcdPath)('lab on a real 3-member cluster', () => {
  let etcd: EtcdBinary;
  let result: LabResult;
  let dataDir: string;
  let parent: string;
  const cleanup = new Cleanup();
  afterAll(() => rmSync(parent, { recursive: true, force: true }));

  beforeAll(async () => {
    etcd = await inspectEtcd(etcdPath!);
    parent = mkdtempSync(join(tmpdir(), 'lab-test-'));
    dataDir = join(parent, 'run');
    result = await runLab({
      etcd,
      memberCounts: [3],
      rttMs: [2],
      durationMs: 1000,
      warmUpMs: 300,
      repeats: 2,
      clients: 4,
      readClientsPerMember: 1,
      valueBytes: 1024,
      dataDir,
      cleanup,
    });
    await cleanup.run();
    // Generous: two kills of the leader can each wait out etcd's 7 s request timeout on a loaded machine.
  }, 180_000);

  it('writes a result that parses and names the etcd version', () => {
    expect(parseLabResult(JSON.parse(JSON.stringify(result))).environment.etcdVersion).toBe(etcd.version);
    expect(labSummary(result)).toContain(`etcd **${etcd.version}**`);
    const c = result.clusters[0]!;
    expect(c.errors).toEqual([]);
    expect(c.rtt).toHaveLength(3);
    expect(result.fsync!.writes).toBeGreaterThan(0);
  });

  it('repeats every load in windows, each with the machine, the CPU of every member and the delay measured', () => {
    const s = result.clusters[0]!.scenarios;
    for (const l of [s.write, s.linearizableRead, s.serializableRead, s.mixed]) {
      expect(l!.windows).toHaveLength(2);
      for (const w of l!.windows!) {
        expect(w.machine!.cpuCount).toBeGreaterThan(0);
        expect(Object.keys(w.machine!.etcdCpuMs).sort()).toEqual(['m1', 'm2', 'm3']);
        expect(w.delay!.samples).toBeGreaterThan(0);
        // Each direction waits 1 ms in the proxy, so no sample through it can be shorter than the direct one by much.
        expect(w.delay!.p50Ms!).toBeGreaterThan(0);
      }
    }
    // 8 windows in all, numbered 0–7 in the shuffled order.
    const orders = [s.write, s.linearizableRead, s.serializableRead, s.mixed].flatMap((l) =>
      l!.windows!.map((w) => w.order),
    );
    expect(orders.sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    // One read client per member, writes with the clients given.
    expect(s.linearizableRead!.clients).toBe(3);
    expect(s.write!.clients).toBe(4);
    // Pinned only where each of the 3 members and the load generator can have CPUs of their own.
    expect(result.settings.pinning).toEqual({
      pinned: planPinning(availableParallelism(), 3).pinned,
      reason: planPinning(availableParallelism(), 3).reason,
    });
  });

  it('serializable reads are not slower than linearizable ones (25 % margin)', () => {
    const s = result.clusters[0]!.scenarios;
    expect(s.linearizableRead!.ops).toBeGreaterThan(0);
    expect(s.serializableRead!.ops).toBeGreaterThan(0);
    expect(s.serializableRead!.latency.p50Ms).toBeLessThanOrEqual(s.linearizableRead!.latency.p50Ms * 1.25);
  });

  it('every writer writes again after each leader kill, and a write stuck at the kill is ended by etcd, not by the client', () => {
    const kills = result.clusters[0]!.scenarios.leaderStops!;
    expect(kills.map((k) => k.writeDeadlineMs)).toEqual([12_000, 34_000]);
    for (const k of kills) {
      expect(k.clientOutagesMs).toHaveLength(4);
      for (const o of k.clientOutagesMs!) expect(o).not.toBeNull();
      // No writer was back before a new leader could exist (the kill itself is the earliest).
      expect(Math.min(...(k.clientOutagesMs as number[]))).toBeGreaterThan(0);
      for (const w of k.inFlightAtKill!.filter((x) => !x.acknowledged)) {
        expect(w.errorCode).not.toBe('DEADLINE_EXCEEDED');
        expect(w.endedAfterMs).toBeLessThan(k.writeDeadlineMs!);
      }
    }
  });

  it('committed writes survive a leader stop, and a new leader is elected', () => {
    const l = result.clusters[0]!.scenarios.leaderStop!;
    expect(l.role).toBe('leader');
    expect(l.writesAcknowledged).toBeGreaterThan(0);
    expect(l.writesReadBack).toBe(l.writesAcknowledged);
    expect(l.missing).toBe(0);
    expect(l.leaderAfter).not.toBeNull();
    expect(l.leaderAfter).not.toBe(l.leaderBefore);
    // Writes pause for about an election timeout: more than a heartbeat, bounded well below the load.
    expect(l.writeFailureWindowMs!).toBeGreaterThan(100);
    expect(l.writeFailureWindowMs!).toBeLessThan(10_000);
    // The timeline holds every acknowledgement, and the slices just after the kill hold none.
    const timeline = l.acknowledgedPerInterval!;
    expect(timeline.counts.reduce((a, b) => a + b, 0)).toBe(l.writesAcknowledged);
    const stopSlice = Math.floor(l.stoppedAtMs / timeline.intervalMs);
    expect(timeline.counts.slice(stopSlice + 2, stopSlice + 3)).toEqual([0]);
    for (const f of result.clusters[0]!.scenarios.followerStops!) {
      expect(f.missing).toBe(0);
      expect(f.writesAcknowledged).toBeGreaterThan(0);
    }
    for (const k of result.clusters[0]!.scenarios.leaderStops!) expect(k.missing).toBe(0);
  });

  it('majority loss refuses every write with the client error, each repetition after the members came back', () => {
    const s = result.clusters[0]!.scenarios;
    expect(s.majorityLosses).toHaveLength(2);
    expect(s.majorityLoss).toEqual(s.majorityLosses![0]);
    for (const m of s.majorityLosses!) {
      expect(m.runningMembers).toHaveLength(1);
      expect(m.writesAcknowledged).toBe(0);
      expect(m.writesRefused).toBe(m.writesAttempted);
      expect(m.errorText).toMatch(/etcdserver|deadline|unavailable/i);
    }
    // Had the stopped members not come back, the second repetition would have found no majority to stop.
    expect(s.majorityLosses![1]!.stoppedMembers).toHaveLength(2);
    expect(result.clusters[0]!.errors).toEqual([]);
  });

  it('leaves no process and no directory behind', () => {
    expect(existsSync(dataDir)).toBe(false);
    expect(processesMentioning(dataDir)).toEqual([]);
  });
});
