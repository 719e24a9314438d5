/**
 * Signals to `npm run lab`, the way a reader sends them: through npm, not to node directly. Each
 * case starts a real 3-member cluster, signals npm once the members run, and checks that no etcd
 * process, port or data directory is left and that no result was written. Skips visibly without
 * etcd; under CI=true a missing etcd fails (cluster.test.ts checks that).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findEtcd } from '../src/etcd-binary.ts';
import { assertPortFree } from '../src/ports.ts';
import { LAB_CLI, SITE_ROOT } from '../src/paths.ts';
import { listenPortsOf, processesMentioning } from './procs.ts';

let etcdPath: string | null;
try {
  etcdPath = findEtcd();
} catch {
  etcdPath = null;
}
if (!etcdPath) console.warn('lab signal tests SKIPPED: no etcd on PATH or ETCD_BIN');

/** A short lab run's arguments: one 3-member cluster, short loads, no failure scenarios. */
const shortRun = (out: string): string[] => [
  '--members',
  '3',
  '--rtt',
  '0',
  '--duration',
  '1',
  '--repeats',
  '1',
  '--no-failures',
  '--out',
  out,
];

/**
 * Resolves with the run's data directory once its etcd members are running (the first load has
 * begun), or rejects after `timeoutMs` with what the lab printed.
 */
function whenMembersRun(child: ChildProcess, timeoutMs: number): Promise<string> {
  let err = '';
  return new Promise<string>((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`no cluster within ${timeoutMs} ms:\n${err}`)), timeoutMs);
    child.stderr!.on('data', (d) => {
      err += d;
      const m = /data directories under (\S+)/.exec(err);
      if (m && /cluster m3-rtt0: running/.test(err) && processesMentioning(m[1]!).length >= 3) {
        clearTimeout(t);
        resolve(m[1]!);
      }
    });
  });
}

/** Polls `check` every 100 ms until it holds or `timeoutMs` passes; resolves with its last value. */
async function eventually(check: () => boolean, timeoutMs: number): Promise<boolean> {
  const end = Date.now() + timeoutMs;
  while (!check() && Date.now() < end) await new Promise((r) => setTimeout(r, 100));
  return check();
}

/** Asserts the run left nothing: no process, no port, no directory, no result. */
async function expectNothingLeft(dir: string, ports: number[], out: string): Promise<void> {
  expect(processesMentioning(dir)).toEqual([]);
  for (const p of ports) await assertPortFree(p);
  expect(existsSync(dir)).toBe(false);
  expect(readdirSync(out)).toEqual([]); // an interrupted run writes no result
}

describe.skipIf(!etcdPath)('signals to npm run lab', () => {
  for (const [signal, code] of [
    ['SIGTERM', 143],
    ['SIGINT', 130],
  ] as const) {
    it(`${signal} to npm stops every member, frees its ports, removes its directory and exits ${code}`, async () => {
      const out = mkdtempSync(join(tmpdir(), 'lab-out-'));
      const npm = spawn('npm', ['run', '-s', 'lab', '--', ...shortRun(out)], {
        cwd: SITE_ROOT,
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      const exited = new Promise<number | null>((r) => npm.on('exit', (c) => r(c)));
      try {
        const dir = await whenMembersRun(npm, 40_000);
        const ports = listenPortsOf(dir);
        expect(ports.length).toBe(6); // client and peer of each member
        npm.kill(signal);
        expect(await exited).toBe(code);
        // npm returns when the lab exits; the lab exits after its cleanup.
        await expectNothingLeft(dir, ports, out);
      } finally {
        npm.kill('SIGKILL');
        rmSync(out, { recursive: true, force: true });
      }
    }, 60_000);
  }

  it('cleans up when the process that started it is killed without passing a signal on', async () => {
    const out = mkdtempSync(join(tmpdir(), 'lab-out-'));
    // A shell that does not exec the lab (the `; :` keeps it), killed by SIGKILL: no signal reaches the lab.
    const command = [join(SITE_ROOT, 'node_modules/.bin/node'), LAB_CLI, ...shortRun(out)].join(' ');
    const sh = spawn('sh', ['-c', `${command}; :`], { stdio: ['ignore', 'ignore', 'pipe'] });
    try {
      const dir = await whenMembersRun(sh, 40_000);
      const ports = listenPortsOf(dir);
      sh.kill('SIGKILL');
      // The lab checks its parent every 500 ms; the cleanup then takes a few seconds at most.
      expect(await eventually(() => processesMentioning(dir).length === 0 && !existsSync(dir), 20_000)).toBe(true);
      await expectNothingLeft(dir, ports, out);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  }, 60_000);
});
