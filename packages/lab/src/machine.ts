/**
 * CPU time of the lab's processes and the machine's load over a window, from Linux /proc: what a
 * figure needs beside it to say whether it measured etcd or a machine short of CPU.
 */
import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { busyFraction, isCpuBound, parseProcStat, type CpuTimes } from '../../../src/lib/lab/cpu.ts';
import type { WindowMachine } from '../../../src/lib/lab/result.ts';

/**
 * CPU time (user + system, ms) a process has used so far, from /proc/<pid>/stat; null off Linux
 * or when the process is gone. Assumes the usual 100 clock ticks per second (USER_HZ).
 */
export function processCpuMs(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces) start at field 3; utime and stime are fields 14 and 15.
    const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(rest[11]) + Number(rest[12])) * 10;
  } catch {
    return null;
  }
}

function cpuTimes(): CpuTimes | null {
  try {
    return parseProcStat(readFileSync('/proc/stat', 'utf8'));
  } catch {
    return null;
  }
}

function loadAverage1(): number | null {
  try {
    return Number(readFileSync('/proc/loadavg', 'utf8').split(' ')[0]);
  } catch {
    return null;
  }
}

/**
 * Starts a window over the named processes (etcd members by name); the returned function ends it.
 * The lab's own process (the load generator and the proxies' worker threads) is measured too.
 */
export function startWindow(pids: Record<string, number | undefined>): () => WindowMachine {
  const t0 = performance.now();
  const machine0 = cpuTimes();
  const self0 = process.cpuUsage();
  const etcd0 = Object.fromEntries(Object.entries(pids).map(([n, pid]) => [n, processCpuMs(pid)]));
  return () => {
    const self = process.cpuUsage(self0);
    const machine1 = cpuTimes();
    const busy = machine0 && machine1 ? busyFraction(machine0, machine1) : null;
    const etcdCpuMs: Record<string, number> = {};
    for (const [n, pid] of Object.entries(pids)) {
      const a = etcd0[n];
      const b = processCpuMs(pid);
      if (a !== null && a !== undefined && b !== null) etcdCpuMs[n] = b - a;
    }
    return {
      wallMs: Math.round(performance.now() - t0),
      cpuCount: Math.max(1, cpus().length),
      machineBusyFraction: busy === null ? null : Math.round(busy * 1000) / 1000,
      loadAverage1: loadAverage1(),
      labProcessCpuMs: Math.round((self.user + self.system) / 1000),
      etcdCpuMs,
      cpuBound: isCpuBound(busy),
    };
  };
}
