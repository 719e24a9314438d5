/**
 * What the lab's cluster tests share: the etcd binary under test (null when this machine has none),
 * the lab CLI run as a child process, and the addresses a process listens on.
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { join } from 'node:path';
import { findEtcd } from '../src/etcd-binary.ts';
import { LAB_CLI, SITE_ROOT } from '../src/paths.ts';

/** The etcd binary the tests start (PATH or ETCD_BIN), or null when there is none. */
export const etcdPath: string | null = (() => {
  try {
    return findEtcd();
  } catch {
    return null;
  }
})();

export function listeningAddresses(pid: number): string[] {
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
export function cli(
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
