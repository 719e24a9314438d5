/**
 * The lab against real etcd processes on loopback: a short 3-member run checking the claims'
 * direction with generous margins, the probe over TLS, bad input, and cleanup. Skips visibly
 * without etcd; under CI=true a missing etcd fails.
 */
import { spawn } from 'node:child_process';
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  writeFileSync,
  chmodSync,
} from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createServer } from 'node:net';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseLabResult, type LabResult } from '../../../src/lib/lab/result.ts';
import { labSummary, probeSummary } from '../src/summary.ts';
import { planPinning } from '../src/pinning.ts';
import { Cleanup } from '../src/cleanup.ts';
import { clientFor } from '../src/client.ts';
import { startCluster, type Cluster } from '../src/cluster.ts';
import { findEtcd, inspectEtcd, type EtcdBinary } from '../src/etcd-binary.ts';
import { freePorts } from '../src/ports.ts';
import { PROBE_PREFIX, runProbe } from '../src/probe.ts';
import { runLab } from '../src/run.ts';
import { LAB_CLI, SITE_ROOT } from '../src/paths.ts';
import { hasOpenssl, makeCa } from './certs.ts';
import { processesMentioning } from './procs.ts';

let etcdPath: string | null = null;
try {
  etcdPath = findEtcd();
} catch {
  etcdPath = null;
}
const ci = process.env.CI === 'true';
if (!etcdPath) console.warn('lab cluster tests SKIPPED: no etcd on PATH or ETCD_BIN (apt-get install -y etcd-server)');

it('finds an etcd binary (required under CI=true)', (ctx) => {
  if (!etcdPath && !ci) ctx.skip('no etcd on PATH or ETCD_BIN (apt-get install -y etcd-server)');
  expect(etcdPath, 'no etcd binary: .ci/run installs etcd-server from Debian; set ETCD_BIN otherwise').not.toBeNull();
});

/** Local addresses (hex `IP:PORT` as /proc/net/tcp writes them) that process `pid` listens on. */
function listeningAddresses(pid: number): string[] {
  const inodes = new Set<string>();
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    try {
      const m = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
      if (m) inodes.add(m[1]!);
    } catch {
      // closed meanwhile
    }
  }
  const out: string[] = [];
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
      const f = line.trim().split(/\s+/);
      // f[1] local address, f[3] state (0A = LISTEN), f[9] inode
      if (f[3] === '0A' && inodes.has(f[9]!)) out.push(f[1]!);
    }
  }
  return out;
}

/** Runs the lab CLI; resolves with exit code and output. Bounded by `timeoutMs`. */
function cli(
  args: string[],
  env: NodeJS.ProcessEnv = {},
  timeoutMs = 30_000,
): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(join(SITE_ROOT, 'node_modules/.bin/node'), [LAB_CLI, ...args], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    const t = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('exit', (code) => {
      clearTimeout(t);
      resolve({ code, out });
    });
  });
}

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

describe.skipIf(!etcdPath)('bad input', () => {
  it('refuses a binary that is not etcd, in the API and the CLI', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lab-notetcd-'));
    const fake = join(dir, 'etcd');
    writeFileSync(fake, '#!/bin/sh\necho "hello from something else"\n');
    chmodSync(fake, 0o755);
    await expect(inspectEtcd(fake)).rejects.toThrow(/is not an etcd binary.*hello from something else/);
    await expect(inspectEtcd(join(dir, 'missing'))).rejects.toThrow(/does not exist/);
    await expect(inspectEtcd('/bin/true')).rejects.toThrow(/is not an etcd binary/);
    const r = await cli(['--members', '1'], { ETCD_BIN: fake });
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/is not an etcd binary/);
    rmSync(dir, { recursive: true, force: true });
  });

  it('reports a port in use and removes what it started', async () => {
    // Drops every connection, so the health checks that reach it end and close() can finish.
    const blocker = createServer((socket) => socket.destroy());
    await new Promise<void>((r) => blocker.listen(0, '127.0.0.1', () => r()));
    const used = (blocker.address() as import('node:net').AddressInfo).port;
    const [peer] = await freePorts(1);
    const cleanup = new Cleanup();
    const parent = mkdtempSync(join(tmpdir(), 'lab-port-'));
    const dir = join(parent, 'c');
    await expect(
      startCluster({
        etcdBin: etcdPath!,
        members: 1,
        rttMs: 0,
        dir,
        cleanup,
        ports: [{ client: used, peer: peer! }],
        readyTimeoutMs: 15_000,
      }),
    ).rejects.toThrow(new RegExp(`port 127\\.0\\.0\\.1:${used} is in use`));
    expect(await cleanup.run()).toEqual([]);
    expect(existsSync(dir)).toBe(false);
    expect(processesMentioning(dir)).toEqual([]);
    await new Promise((r) => blocker.close(r));
    rmSync(parent, { recursive: true, force: true });
  }, 30_000);

  it('pins a member to the CPU it is given, and etcd itself runs there', async (ctx) => {
    if (availableParallelism() < 2) ctx.skip('needs 2 CPUs to tell a pinned member from an unpinned one');
    const cpu = availableParallelism() - 1;
    const cleanup = new Cleanup();
    const parent = mkdtempSync(join(tmpdir(), 'lab-pin-'));
    const cluster = await startCluster({
      etcdBin: etcdPath!,
      members: 1,
      rttMs: 0,
      dir: join(parent, 'c'),
      cleanup,
      cpus: [cpu],
    });
    try {
      const pid = cluster.members[0]!.process!.pid!;
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      expect(/^Cpus_allowed_list:\s*(\S+)$/m.exec(status)?.[1]).toBe(String(cpu));
      expect(readFileSync(`/proc/${pid}/comm`, 'utf8').trim()).toBe('etcd');
    } finally {
      expect(await cleanup.run()).toEqual([]);
      rmSync(parent, { recursive: true, force: true });
    }
  }, 30_000);

  it('names an unreachable endpoint and a non-etcd port, with a non-zero exit', async () => {
    const [closed] = await freePorts(1);
    await expect(
      runProbe({
        endpoints: `http://127.0.0.1:${closed}`,
        allowWrites: false,
        durationMs: 200,
        clients: 1,
        valueBytes: 0,
      }),
    ).rejects.toThrow(/connection refused/);
    const http = createHttpServer((_, res) => res.end('not etcd'));
    await new Promise<void>((r) => http.listen(0, '127.0.0.1', () => r()));
    const port = (http.address() as import('node:net').AddressInfo).port;
    await expect(
      runProbe({
        endpoints: `http://127.0.0.1:${port}`,
        allowWrites: false,
        durationMs: 200,
        clients: 1,
        valueBytes: 0,
      }),
    ).rejects.toThrow(/not as etcd's v3 gRPC API|did not answer/);
    http.closeAllConnections();
    await new Promise((r) => http.close(r));
    const r = await cli(['probe', '--endpoints', `http://127.0.0.1:${closed}`]);
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/connection refused/);
    const bad = await cli(['probe', '--endpoints', 'localhost']);
    expect(bad.code).toBe(2); // a usage error
    expect(bad.out).toMatch(/not a URL/);
  }, 30_000);

  it('cleans up on SIGINT in the middle of a run', async () => {
    const out = mkdtempSync(join(tmpdir(), 'lab-out-'));
    const child = spawn(
      join(SITE_ROOT, 'node_modules/.bin/node'),
      [LAB_CLI, '--members', '3', '--rtt', '0', '--duration', '5', '--repeats', '1', '--out', out],
      {
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    );
    let err = '';
    const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
    const dir = await new Promise<string>((resolve, reject) => {
      const t = setTimeout(() => reject(new Error(`the lab did not start a load within 40 s:\n${err}`)), 40_000);
      child.stderr.on('data', (d) => {
        err += d;
        const m = /data directories under (\S+)/.exec(err);
        // The first measured window done, whichever load the shuffle put first.
        if (m && /#1: done/.test(err)) {
          clearTimeout(t);
          resolve(m[1]!);
        }
      });
    });
    expect(processesMentioning(dir).length).toBeGreaterThan(0);
    child.kill('SIGINT');
    expect(await exited).toBe(130);
    expect(existsSync(dir)).toBe(false);
    expect(processesMentioning(dir)).toEqual([]);
    expect(readdirSync(out)).toEqual([]); // an interrupted run writes no result
    rmSync(out, { recursive: true, force: true });
  }, 60_000);
});

describe.skipIf(!etcdPath || !hasOpenssl())('probe of a TLS cluster', () => {
  let dir: string;
  let certs: ReturnType<typeof makeCa>;
  let other: ReturnType<typeof makeCa>;
  let cluster: Cluster;
  const cleanup = new Cleanup();

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'lab-tls-'));
    certs = makeCa(dir, 'good');
    other = makeCa(dir, 'other');
    cluster = await startCluster({
      etcdBin: etcdPath!,
      members: 3,
      rttMs: 0,
      dir: join(dir, 'cluster'),
      cleanup,
      tls: { caFile: certs.ca, certFile: certs.serverCert, keyFile: certs.serverKey },
    });
  }, 40_000);
  afterAll(async () => {
    await cleanup.run();
    rmSync(dir, { recursive: true, force: true });
    if (cluster) expect(processesMentioning(join(dir, 'cluster'))).toEqual([]);
  });

  const endpoints = (): string => cluster.members.map((m) => m.clientUrl).join(',');
  /** The probe command with this cluster's endpoints and the good certificates. */
  const probeArgs = (): string[] => [
    'probe',
    '--endpoints',
    endpoints(),
    '--cacert',
    certs.ca,
    '--cert',
    certs.clientCert,
    '--key',
    certs.clientKey,
  ];

  it('listens on loopback only', () => {
    for (const m of cluster.members) {
      const addresses = listeningAddresses(m.process!.pid!);
      expect(addresses.length).toBeGreaterThanOrEqual(2); // client and peer
      // 127.0.0.1 is 0100007F in /proc/net/tcp's little-endian hex.
      for (const a of addresses) expect(a.split(':')[0]).toBe('0100007F');
    }
  });

  it('reads status, members, leader, quota and metrics without writing', async () => {
    const r = await runProbe({
      endpoints: endpoints(),
      cacert: certs.ca,
      cert: certs.clientCert,
      key: certs.clientKey,
      allowWrites: false,
      durationMs: 500,
      clients: 2,
      valueBytes: 1024,
    });
    const p = parseLabResult(JSON.parse(JSON.stringify(r))).probe!;
    expect(p.tls).toBe(true);
    expect(p.members).toHaveLength(3);
    expect(p.leader).not.toBeNull();
    expect(p.members.filter((m) => m.isLeader)).toHaveLength(1);
    expect(p.linearizableRead!.ops).toBeGreaterThan(0);
    expect(p.serializableRead!.ops).toBeGreaterThan(0);
    expect(p.write).toBeNull();
    expect(p.keysWrittenAndDeleted).toBe(0);
    expect(p.quotaBytes).toBeGreaterThan(0);
    expect(p.metrics.map((m) => m.name)).toContain('etcd_disk_wal_fsync_duration_seconds');
    expect(p.recommendation.recommendedMembers).toBe(3);
    // The timeouts come from etcd's peer round-trip metric, the only RTT the probe uses: its median
    // once etcd has observed a round trip, none before (a young cluster may have no observation yet).
    const peer = p.metrics.find((m) => m.name === 'etcd_network_peer_round_trip_time_seconds');
    expect(p.rttEstimateMs).toBe(peer?.p50Ms ?? null);
    expect(p.recommendation.rttMs).toBe(p.rttEstimateMs);
    expect(probeSummary(r)).toContain('## Recommendation');
    expect(r.environment.etcdVersion).toBe(p.members[0]!.version);
  }, 20_000);

  it('writes only with --allow-writes, under the lab prefix, and deletes them', async () => {
    const r = await runProbe({
      endpoints: endpoints(),
      cacert: certs.ca,
      cert: certs.clientCert,
      key: certs.clientKey,
      allowWrites: true,
      durationMs: 300,
      clients: 2,
      valueBytes: 512,
    });
    expect(r.probe!.write!.ops).toBeGreaterThan(0);
    expect(r.probe!.keysWrittenAndDeleted).toBeGreaterThan(0);
    // It says what it wrote: the 100-key fill plus every put of the load, sent or acknowledged.
    expect(r.probe!.putsSent).toBeGreaterThanOrEqual(100 + r.probe!.write!.ops);
    expect(r.probe!.valueBytesSent).toBe(r.probe!.putsSent! * 512);
    expect(r.probe!.keysLeft).toBe(0);
    expect(probeSummary(r)).toMatch(/puts \(.* of values\) to 100 keys .* 0 are left/);
    const c = clientFor(cluster.members[0]!.clientUrl, 5000, {
      ca: readFileSync(certs.ca),
      cert: readFileSync(certs.clientCert),
      key: readFileSync(certs.clientKey),
    });
    try {
      expect(await c.getAll().prefix(PROBE_PREFIX).count()).toBe(0);
    } finally {
      c.close();
    }
  }, 20_000);

  it('an interrupted --allow-writes probe stops its writers, deletes its keys and leaves none', async () => {
    const out = mkdtempSync(join(tmpdir(), 'lab-probe-out-'));
    const child = spawn(
      join(SITE_ROOT, 'node_modules/.bin/node'),
      [LAB_CLI, ...probeArgs(), '--allow-writes', '--duration', '30', '--clients', '4', '--out', out],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
    let err = '';
    const prefix = await new Promise<string>((resolve, reject) => {
      const t = setTimeout(() => reject(new Error(`the probe did not start writing:\n${err}`)), 20_000);
      child.stderr.on('data', (d) => {
        err += d;
        const m = /probe: writing under (\S+):/.exec(err);
        if (m) {
          clearTimeout(t);
          resolve(m[1]!);
        }
      });
    });
    const c = clientFor(cluster.members[0]!.clientUrl, 5000, {
      ca: readFileSync(certs.ca),
      cert: readFileSync(certs.clientCert),
      key: readFileSync(certs.clientKey),
    });
    try {
      // Wait until the load is writing, then interrupt it mid-load.
      const until = Date.now() + 10_000;
      while ((await c.getAll().prefix(prefix).count()) < 100 && Date.now() < until)
        await new Promise((r) => setTimeout(r, 100));
      child.kill('SIGINT');
      expect(await exited).toBe(130);
      expect(await c.getAll().prefix(prefix).count()).toBe(0);
      expect(readdirSync(out)).toEqual([]);
    } finally {
      c.close();
      child.kill('SIGKILL');
      rmSync(out, { recursive: true, force: true });
    }
  }, 40_000);

  it('writes a probe outside the site by default, never into content/lab-results/', async () => {
    const site = join(SITE_ROOT, 'content', 'lab-results');
    const before = readdirSync(site);
    const r = await cli([...probeArgs(), '--duration', '0.2', '--clients', '1']);
    const file = /result written to (\S+) \(not published\)/.exec(r.out)?.[1];
    try {
      expect(r.code, r.out).toBe(0);
      expect(file!.startsWith(join(SITE_ROOT, 'lab-probes') + '/')).toBe(true);
      expect(readdirSync(site)).toEqual(before);
    } finally {
      if (file) rmSync(file, { force: true });
    }
  }, 30_000);

  it('says an http:// endpoint on a TLS port speaks TLS, and how to write it', async () => {
    const plain = cluster.members[0]!.clientUrl.replace('https://', 'http://');
    await expect(
      runProbe({ endpoints: plain, allowWrites: false, durationMs: 200, clients: 1, valueBytes: 0, deadlineMs: 3000 }),
    ).rejects.toThrow(/speaks TLS: write it as https:\/\//);
  }, 20_000);

  it('says the TLS handshake failed when the CA is wrong', async () => {
    await expect(
      runProbe({
        endpoints: endpoints(),
        cacert: other.ca,
        cert: other.clientCert,
        key: other.clientKey,
        allowWrites: false,
        durationMs: 200,
        clients: 1,
        valueBytes: 0,
      }),
    ).rejects.toThrow(/TLS handshake .* failed.*--cacert/);
  }, 20_000);

  // Last in this block: it stops a member.
  it("still reports when one member is down, naming that endpoint's error, and a member it was not given", async () => {
    const probe = (list: string) =>
      runProbe({
        endpoints: list,
        cacert: certs.ca,
        cert: certs.clientCert,
        key: certs.clientKey,
        allowWrites: false,
        durationMs: 200,
        clients: 1,
        valueBytes: 0,
      });
    const [a, b, c] = cluster.members;
    const partial = (await probe(`${a!.clientUrl},${b!.clientUrl}`)).probe!;
    expect(partial.members.find((m) => m.clientUrls.includes(c!.clientUrl))!.statusError).toMatch(
      /not among --endpoints/,
    );
    c!.process!.kill('SIGKILL');
    await new Promise((resolve) => c!.process!.once('exit', resolve));
    const down = (await probe(endpoints())).probe!;
    const member = down.members.find((m) => m.clientUrls.includes(c!.clientUrl))!;
    expect(member.version).toBeNull();
    expect(member.statusError).toContain(new URL(c!.clientUrl).host);
    expect(down.members.filter((m) => m.statusError === null)).toHaveLength(2);
  }, 30_000);
});
