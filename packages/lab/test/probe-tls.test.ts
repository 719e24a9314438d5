/** The probe against a real 3-member TLS cluster on loopback: reads only unless told, and its TLS errors. */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseLabResult } from '../../../src/lib/lab/result.ts';
import { probeSummary } from '../src/summary.ts';
import { Cleanup } from '../src/cleanup.ts';
import { clientFor } from '../src/client.ts';
import { startCluster, type Cluster } from '../src/cluster.ts';
import { PROBE_PREFIX, runProbe } from '../src/probe.ts';
import { LAB_CLI, SITE_ROOT } from '../src/paths.ts';
import { hasOpenssl, makeCa } from './certs.ts';
import { cli, etcdPath, listeningAddresses } from './etcd-under-test.ts';
import { processesMentioning } from './procs.ts';

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
