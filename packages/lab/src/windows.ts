/**
 * One measured window of a load on a lab cluster: the load itself, the machine's load and each
 * process's CPU time over it, and the delay the proxies really added while it ran.
 */
import type { DelayStats, LoadResult, LoadWindow } from '../../../src/lib/lab/result.ts';
import type { Cluster } from './cluster.ts';
import { startWindow } from './machine.ts';

/** Interval between two delay samples of one proxy during a load, ms. */
const DELAY_SAMPLE_MS = 100;

/** p50/p90/p99 of `samples` (nearest rank), rounded to 0.01 ms; nulls without samples. */
export function delayStats(requestedMs: number, samples: readonly number[]): DelayStats {
  const s = [...samples].sort((a, b) => a - b);
  const at = (q: number): number | null =>
    s.length === 0 ? null : Math.round(s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)]! * 100) / 100;
  return { requestedMs, samples: s.length, p50Ms: at(0.5), p90Ms: at(0.9), p99Ms: at(0.99) };
}

/**
 * Runs `load` once as window number `order`: samples every proxy's delay and reads the CPU times
 * around it.
 * @returns the load's own result (for fields a window does not keep) and the window.
 */
export async function measureWindow<L extends LoadResult>(
  cluster: Cluster,
  order: number,
  load: () => Promise<L>,
): Promise<{ result: L; window: LoadWindow }> {
  const proxied = cluster.members.length > 1;
  const pids = Object.fromEntries(cluster.members.map((m) => [m.name, m.process?.pid]));
  if (proxied) for (const m of cluster.members) m.proxy.startSampling(DELAY_SAMPLE_MS);
  const end = startWindow(pids);
  let samples: number[] = [];
  let result: L;
  try {
    result = await load();
  } finally {
    // Always stop the samplers, also after a failed load.
    if (proxied) samples = (await Promise.all(cluster.members.map((m) => m.proxy.stopSampling()))).flat();
  }
  const machine = end();
  return {
    result,
    window: {
      order,
      clients: result.clients,
      durationMs: result.durationMs,
      ops: result.ops,
      errors: result.errors,
      throughputPerSec: result.throughputPerSec,
      latency: result.latency,
      machine,
      delay: proxied ? delayStats(cluster.members[0]!.proxy.rttMs, samples) : null,
    },
  };
}
