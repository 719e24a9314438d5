/** What the lab tests read from /proc: processes by command line, and the ports an etcd was told to listen on. */
import { readdirSync, readFileSync } from 'node:fs';

/** Processes whose command line mentions `text` (Linux /proc). */
export function processesMentioning(text: string): number[] {
  const pids: number[] = [];
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      if (readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(text)) pids.push(Number(pid));
    } catch {
      // gone
    }
  }
  return pids;
}

/**
 * Ports in the `--listen-client-urls` and `--listen-peer-urls` of the processes whose command line
 * mentions `text`: the ports an etcd member of the lab holds.
 */
export function listenPortsOf(text: string): number[] {
  const ports: number[] = [];
  for (const pid of processesMentioning(text)) {
    try {
      const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      for (const a of args) {
        const m = /^--listen-(?:client|peer)-urls=https?:\/\/127\.0\.0\.1:(\d+)$/.exec(a);
        if (m) ports.push(Number(m[1]));
      }
    } catch {
      // gone
    }
  }
  return ports;
}
