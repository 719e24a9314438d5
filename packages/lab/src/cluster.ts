/**
 * An etcd cluster of real processes on 127.0.0.1: free ports, one data directory per member, and a
 * delay proxy in front of each member's peer port (the advertised peer URL is the proxy's), so
 * every message between two members crosses one proxy.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import { Agent, fetch } from 'undici';
import type { Cleanup } from './cleanup.ts';
import { startDelayProxy, type DelayProxy } from './delay-proxy.ts';
import { assertPortFree, freePorts, LOOPBACK } from './ports.ts';

export interface ClusterOptions {
  etcdBin: string;
  members: number;
  /** RTT the proxies add between members, ms. */
  rttMs: number;
  /** Parent directory of the members' data directories (made, and removed by the cleanup). */
  dir: string;
  cleanup: Cleanup;
  heartbeatMs?: number;
  electionTimeoutMs?: number;
  /** Fixed ports (client, peer per member) instead of free ones; for tests of ports in use. */
  ports?: { client: number; peer: number }[];
  /** Bound on waiting for the cluster to elect a leader and answer, ms (default 30 000). */
  readyTimeoutMs?: number;
  /**
   * Serve clients over TLS with these PEM files and require client certificates signed by `caFile`
   * (peers stay plain: only the client side is probed).
   */
  tls?: { caFile: string; certFile: string; keyFile: string };
  /** More etcd flags for every member, e.g. `--quota-backend-bytes=…` (also on a restart). */
  extraArgs?: string[];
  /** The CPU of each member (member i on `cpus[i]`), set with util-linux's `taskset`; absent: not pinned. */
  cpus?: readonly number[];
}

export interface Member {
  name: string;
  clientUrl: string;
  clientPort: number;
  peerPort: number;
  proxy: DelayProxy;
  dataDir: string;
  process: ChildProcess | null;
  /** The last lines etcd wrote, for error messages. */
  log: string[];
}

export interface Cluster {
  members: Member[];
  heartbeatMs: number;
  electionTimeoutMs: number;
  /** Kills one member (SIGKILL, so it cannot hand over leadership) and waits for it to exit. */
  kill(name: string): Promise<void>;
  /** Starts a killed member again on its data directory and waits until it answers /health. */
  restart(name: string): Promise<void>;
  /** Kills every member, closes the proxies, removes the data directories. */
  close(): Promise<void>;
}

const LOG_LINES = 30;

function waitExit(child: ChildProcess, timeoutMs: number): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const t = setTimeout(
      () => reject(new Error(`etcd pid ${child.pid} did not exit within ${timeoutMs} ms`)),
      timeoutMs,
    );
    child.once('exit', () => {
      clearTimeout(t);
      resolve();
    });
  });
}

/** Turns etcd's last log lines into the reason it exited, when it is a known one. */
export function explainEtcdExit(log: string[]): string {
  const text = log.join('\n');
  const inUse = /listen tcp ([\d.:]+): bind: address already in use/.exec(text);
  if (inUse) return `port ${inUse[1]} is in use by another process: stop it, or let the lab pick free ports.`;
  if (/permission denied/i.test(text)) return 'permission denied (data directory or port): see the log below.';
  return 'see its last log lines below.';
}

/** GET `url` with a timeout; resolves with the status and body, rejects on network errors. */
async function get(url: string, timeoutMs: number, dispatcher?: Agent): Promise<{ status: number; body: string }> {
  const r = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), ...(dispatcher ? { dispatcher } : {}) });
  return { status: r.status, body: await r.text() };
}

/**
 * Starts `members` etcd processes and waits (bounded) until every one answers /health with a leader.
 *
 * @throws Error naming the member, the reason (port in use …) and its last log lines when a member
 *   exits early or the cluster is not healthy within `readyTimeoutMs`. Whatever was started is
 *   registered with `cleanup` before the wait, so a failed start leaves nothing behind once the
 *   cleanup runs.
 */
export async function startCluster(o: ClusterOptions): Promise<Cluster> {
  const heartbeatMs = o.heartbeatMs ?? 100;
  const electionTimeoutMs = o.electionTimeoutMs ?? 1000;
  const readyTimeoutMs = o.readyTimeoutMs ?? 30_000;
  // Client, peer and proxy port of every member from one call, so they are distinct: a proxy
  // listening on "any free port" could otherwise be handed a port chosen for a member that has
  // not bound it yet.
  const picked = o.ports ? [] : await freePorts(o.members * 3);
  const ports =
    o.ports ?? Array.from({ length: o.members }, (_, i) => ({ client: picked[3 * i]!, peer: picked[3 * i + 1]! }));
  const proxyPorts = o.ports ? [] : Array.from({ length: o.members }, (_, i) => picked[3 * i + 2]!);
  // Given ports are checked first, for a clear message before any process starts.
  if (o.ports) for (const p of o.ports) for (const port of [p.client, p.peer]) await assertPortFree(port);
  mkdirSync(o.dir, { recursive: true });
  const scheme = o.tls ? 'https' : 'http';
  const tlsAgent = o.tls
    ? new Agent({
        connect: {
          ca: readFileSync(o.tls.caFile),
          cert: readFileSync(o.tls.certFile),
          key: readFileSync(o.tls.keyFile),
        },
      })
    : undefined;
  const members: Member[] = [];
  const closeCluster = async (): Promise<void> => {
    await Promise.all(
      members.map(async (m) => {
        if (m.process && m.process.exitCode === null && m.process.signalCode === null) {
          m.process.kill('SIGKILL');
          await waitExit(m.process, 10_000);
        }
        await m.proxy.close();
      }),
    );
    await tlsAgent?.close();
    rmSync(o.dir, { recursive: true, force: true });
  };
  const undo = o.cleanup.add(`cluster in ${o.dir}`, closeCluster);
  for (let i = 0; i < o.members; i++) {
    const name = `m${i + 1}`;
    const { client, peer } = ports[i]!;
    const proxy = await startDelayProxy(peer, o.rttMs, proxyPorts[i] ?? 0);
    members.push({
      name,
      clientPort: client,
      peerPort: peer,
      clientUrl: `${scheme}://${LOOPBACK}:${client}`,
      proxy,
      dataDir: join(o.dir, name),
      process: null,
      log: [],
    });
  }
  const initialCluster = members.map((m) => `${m.name}=http://${LOOPBACK}:${m.proxy.port}`).join(',');

  const spawnMember = (m: Member): void => {
    // taskset sets the CPU and then execs etcd: the child's PID is etcd's.
    const cpu = o.cpus?.[members.indexOf(m)];
    const command = cpu === undefined ? [o.etcdBin] : ['taskset', '-c', String(cpu), o.etcdBin];
    const child = spawn(
      command[0]!,
      [
        ...command.slice(1),
        `--name=${m.name}`,
        `--data-dir=${m.dataDir}`,
        `--listen-client-urls=${m.clientUrl}`,
        `--advertise-client-urls=${m.clientUrl}`,
        `--listen-peer-urls=http://${LOOPBACK}:${m.peerPort}`,
        `--initial-advertise-peer-urls=http://${LOOPBACK}:${m.proxy.port}`,
        `--initial-cluster=${initialCluster}`,
        '--initial-cluster-state=new',
        `--initial-cluster-token=lab-${process.pid}-${o.members}-${o.rttMs}`,
        `--heartbeat-interval=${heartbeatMs}`,
        `--election-timeout=${electionTimeoutMs}`,
        '--logger=zap',
        '--log-outputs=stderr',
        ...(o.tls
          ? [
              `--cert-file=${o.tls.certFile}`,
              `--key-file=${o.tls.keyFile}`,
              `--trusted-ca-file=${o.tls.caFile}`,
              '--client-cert-auth',
            ]
          : []),
        ...(o.extraArgs ?? []),
      ],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    m.process = child;
    let partial = '';
    child.stderr!.setEncoding('utf8');
    child.stderr!.on('data', (chunk: string) => {
      const lines = (partial + chunk).split('\n');
      partial = lines.pop() ?? '';
      m.log.push(...lines);
      if (m.log.length > LOG_LINES) m.log.splice(0, m.log.length - LOG_LINES);
    });
  };

  const waitHealthy = async (targets: Member[]): Promise<void> => {
    const deadline = Date.now() + readyTimeoutMs;
    const pending = new Set(targets);
    while (pending.size > 0) {
      for (const m of pending) {
        const child = m.process!;
        if (child.exitCode !== null || child.signalCode !== null) {
          throw new Error(
            `etcd member ${m.name} exited (code ${child.exitCode ?? child.signalCode}) while starting: ${explainEtcdExit(m.log)}\nIts last log lines:\n${m.log.slice(-3).join('\n')}`,
          );
        }
        try {
          const r = await get(`${m.clientUrl}/health`, 1000, tlsAgent);
          if (r.status === 200 && /"health":\s*"true"/.test(r.body)) pending.delete(m);
        } catch {
          // not up yet
        }
      }
      if (pending.size === 0) break;
      if (Date.now() > deadline) {
        const names = [...pending].map((m) => m.name).join(', ');
        const m = [...pending][0]!;
        throw new Error(
          `etcd members ${names} were not healthy within ${readyTimeoutMs} ms (no leader elected?). Last log of ${m.name}:\n${m.log.slice(-8).join('\n')}`,
        );
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  };

  try {
    members.forEach(spawnMember);
    await waitHealthy(members);
  } catch (e) {
    await undo();
    throw e;
  }

  const byName = (name: string): Member => {
    const m = members.find((x) => x.name === name);
    if (!m) throw new Error(`no member ${name}`);
    return m;
  };
  return {
    members,
    heartbeatMs,
    electionTimeoutMs,
    kill: async (name) => {
      const m = byName(name);
      if (!m.process) return;
      m.process.kill('SIGKILL');
      await waitExit(m.process, 10_000);
    },
    restart: async (name) => {
      const m = byName(name);
      m.log.length = 0;
      spawnMember(m);
      await waitHealthy([m]);
    },
    close: undo,
  };
}
