/**
 * Machine load over a measurement window, from two readings of Linux's /proc/stat: how busy the
 * CPUs were, and whether the window was CPU-bound (then it measures the machine's CPUs, not etcd).
 * Field order of the `cpu` line: user nice system idle iowait irq softirq steal guest guest_nice
 * (proc(5), https://man7.org/linux/man-pages/man5/proc.5.html); guest time is already in user.
 */

/** Jiffies from the aggregate `cpu` line: all of them, and the idle ones (idle + iowait). */
export interface CpuTimes {
  total: number;
  idle: number;
}

/**
 * Reads the aggregate `cpu` line of /proc/stat.
 * @throws Error when the text has no `cpu ` line.
 */
export function parseProcStat(text: string): CpuTimes {
  const line = text.split('\n').find((l) => l.startsWith('cpu '));
  if (!line) throw new Error('no aggregate cpu line in /proc/stat');
  const f = line.trim().split(/\s+/).slice(1).map(Number);
  // guest and guest_nice (fields 9 and 10) are counted in user and nice already.
  const total = f.slice(0, 8).reduce((a, b) => a + (Number.isFinite(b) ? b : 0), 0);
  return { total, idle: (f[3] ?? 0) + (f[4] ?? 0) };
}

/** Share of CPU time not idle between two readings, 0–1; null when no time passed. */
export function busyFraction(before: CpuTimes, after: CpuTimes): number | null {
  const total = after.total - before.total;
  if (!(total > 0)) return null;
  return Math.min(1, Math.max(0, 1 - (after.idle - before.idle) / total));
}

/**
 * Busy share at or above which a window counts as CPU-bound: the CPUs were (nearly) never idle,
 * so a process waiting for a CPU, not etcd's protocol or disk, may have set the figure.
 */
export const CPU_BOUND_FRACTION = 0.9;

/** Whether a window whose CPUs were `busy` busy (0–1) was CPU-bound; unknown (null) is not. */
export function isCpuBound(busy: number | null): boolean {
  return busy !== null && busy >= CPU_BOUND_FRACTION;
}
