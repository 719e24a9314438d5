/** The lab against bad input: a binary that is not etcd, a port in use, unreachable endpoints, SIGINT. */
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createServer } from 'node:net';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Cleanup } from '../src/cleanup.ts';
import { startCluster } from '../src/cluster.ts';
import { inspectEtcd } from '../src/etcd-binary.ts';
import { freePorts } from '../src/ports.ts';
import { runProbe } from '../src/probe.ts';
import { LAB_CLI, SITE_ROOT } from '../src/paths.ts';
import { cli, etcdPath } from './etcd-under-test.ts';
import { processesMentioning } from './procs.ts';

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
