/**
 * The backup-and-restore measurement: for each database size, a fresh one-member etcd cluster on
 * loopback (the lab's cluster module), filled with large values to that size; then, timed, an
 * `etcdctl snapshot save` from the running member, `etcdctl snapshot status` of the file, and
 * `etcdctl snapshot restore` into a new data directory after the member is killed (SIGKILL) and its
 * directory removed; then etcd started on the restored directory until a linearizable read returns
 * the last key written at its full length. The restore uses a token of its own
 * (`lab-restored-<pid>`, where the cluster module starts with `lab-<pid>-<members>-<rtt>`), so the
 * restored member's IDs differ because the token does. The load average
 * is sampled throughout, since the machine may be shared.
 */
import type { Etcd3 } from 'etcd3';
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  closeSync,
  fdatasyncSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeSync,
} from 'node:fs';
import { loadavg, totalmem } from 'node:os';
import { basename, join } from 'node:path';
import {
  BACKUP_RESULT_SCHEMA_VERSION,
  type BackupResult,
  type BackupSizeRun,
  type CommandTime,
} from '../../../src/lib/lab/backup-result.ts';
import type { Cleanup } from './cleanup.ts';
import { clientFor, errorText } from './client.ts';
import { step } from './step.ts';
import { startCluster, type Cluster } from './cluster.ts';
import type { EtcdBinary } from './etcd-binary.ts';
import { timedEtcdctl } from './etcdctl.ts';
import { environment, mountOf } from './environment.ts';
import { LOOPBACK } from './ports.ts';
import { processCpuMs } from './machine.ts';

export interface BackupOptions {
  etcd: EtcdBinary;
  etcdctl: { path: string; version: string };
  /** Database sizes to fill to, bytes of values written (each its own cluster). */
  sizesBytes: number[];
  /** Size of each value written by the fill (default 1 MiB: few requests, under etcd's 1.5 MiB request limit). */
  valueBytes?: number;
  /** Puts in flight during the fill (default 8). */
  concurrency?: number;
  /** Directory for this run's clusters, snapshots and restored directories (made here, removed at the end). */
  dataDir: string;
  cleanup: Cleanup;
  hostLabel?: string | undefined;
  /** Bound on each etcdctl command, ms (default 20 min). */
  commandTimeoutMs?: number;
  /** Bytes of the sequential-write probe of the disk (default 256 MiB). */
  diskProbeBytes?: number;
  log?: (line: string) => void;
}

const MIB = 1024 ** 2;
/** Where the fill writes; the restored member is checked for the same keys. */
const PREFIX = '/backup-lab/';
const LOAD_INTERVAL_MS = 1000;

/** The fill's key for value `i`: fixed width, so the last key is the largest. */
export function fillKey(i: number): string {
  return `${PREFIX}${String(i).padStart(8, '0')}`;
}

/**
 * The quota a cluster of `targetBytes` runs with: 1.5 × the target plus 256 MiB, so that bbolt's
 * page overhead and free pages never raise etcd's NOSPACE alarm during the fill.
 */
export function quotaFor(targetBytes: number): number {
  return Math.ceil(targetBytes * 1.5 + 256 * MIB);
}

/**
 * The whole disk behind a device path (`/dev/vda1` → `vda`, `/dev/nvme0n1p2` → `nvme0n1`) and what
 * sysfs says about it.
 * @param sysBlock - sysfs block directory (a parameter for tests).
 */
export function diskOf(
  device: string,
  sysBlock = '/sys/block',
): { device: string; kind: BackupResult['machine']['disk']['kind']; rotational: boolean | null; model: string | null } {
  const name = basename(device);
  let disk = name;
  try {
    const disks = readdirSync(sysBlock);
    disk =
      disks.find((d) => d === name) ??
      disks.filter((d) => name.startsWith(d)).sort((a, b) => b.length - a.length)[0] ??
      name;
  } catch {
    // no sysfs
  }
  const read = (f: string): string | null => {
    try {
      return readFileSync(join(sysBlock, disk, f), 'utf8').trim() || null;
    } catch {
      return null;
    }
  };
  const rot = read('queue/rotational');
  const rotational = rot === null ? null : rot === '1';
  const kind = /^(vd|xvd)/.test(disk)
    ? 'virtual'
    : disk.startsWith('nvme')
      ? 'nvme'
      : rotational === null
        ? 'unknown'
        : rotational
          ? 'hdd'
          : 'ssd';
  return { device: disk, kind, rotational, model: read('device/model') };
}

/** Sequential write of `bytes` in 1 MiB blocks, then one fdatasync: bytes per second. */
export function sequentialWrite(dir: string, bytes: number): number {
  const path = join(dir, `seq-probe-${process.pid}.bin`);
  const block = randomBytes(MIB);
  const fd = openSync(path, 'w');
  try {
    const t0 = performance.now();
    for (let off = 0; off < bytes; off += MIB) writeSync(fd, block, 0, Math.min(MIB, bytes - off), off);
    fdatasyncSync(fd);
    return Math.round(bytes / ((performance.now() - t0) / 1000));
  } finally {
    closeSync(fd);
    rmSync(path, { force: true });
  }
}

/** Bytes of the files under `dir` (apparent sizes). */
export function treeBytes(dir: string): number {
  let total = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) total += treeBytes(p);
    else if (e.isFile()) total += statSync(p).size;
  }
  return total;
}

/**
 * Bytes of `file` in the page cache (util-linux `fincore`), or null when fincore is missing: a
 * restore that reads its snapshot from memory measures the copy and the hash, not the disk.
 */
export function cachedBytes(file: string): number | null {
  try {
    const out = execFileSync('fincore', ['--bytes', '--noheadings', '--output', 'RES', file], {
      encoding: 'utf8',
      timeout: 10_000,
    });
    const n = Number(out.trim());
    return Number.isFinite(n) ? n : null;
  } catch {
    return null;
  }
}

/** A uint64 id as etcd's status returns it (decimal string) in the hex etcdctl prints. */
function hexId(id: string): string {
  return BigInt(id).toString(16);
}

/** Writes `keys` values of `valueBytes` with `concurrency` puts in flight. @throws the first put's error. */
async function fill(client: Etcd3, keys: number, valueBytes: number, concurrency: number): Promise<void> {
  const value = randomBytes(valueBytes);
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let i = next++; i < keys; i = next++) await client.put(fillKey(i)).value(value);
    }),
  );
}

/** Fill, save, status, restore and restart for one size. @throws Error when the cluster cannot start. */
async function runSize(o: BackupOptions, targetBytes: number): Promise<BackupSizeRun> {
  const log = o.log ?? (() => {});
  const valueBytes = o.valueBytes ?? MIB;
  const concurrency = o.concurrency ?? 8;
  const timeoutMs = o.commandTimeoutMs ?? 20 * 60_000;
  const keys = Math.max(1, Math.ceil(targetBytes / valueBytes));
  const quota = quotaFor(targetBytes);
  const dir = join(o.dataDir, `size-${targetBytes}`);
  log(`backup: ${(targetBytes / MIB).toFixed(0)} MiB: ${keys} values of ${valueBytes} bytes, quota ${quota} bytes`);
  const cluster: Cluster = await startCluster({
    etcdBin: o.etcd.path,
    members: 1,
    rttMs: 0,
    dir,
    cleanup: o.cleanup,
    extraArgs: [`--quota-backend-bytes=${quota}`],
    readyTimeoutMs: 60_000,
  });
  const member = cluster.members[0]!;
  const run: BackupSizeRun = {
    targetBytes,
    quotaBackendBytes: quota,
    fill: null,
    dbSizeBytes: null,
    revision: null,
    clusterIdBefore: null,
    memberIdBefore: null,
    snapshotSave: null,
    snapshotStatus: null,
    restore: null,
    restoredStart: null,
    errors: [],
  };
  const timed = (args: string[]): Promise<Awaited<ReturnType<typeof timedEtcdctl>> & CommandTime> => {
    const loadAverage1mAtStart = loadavg()[0]!;
    return timedEtcdctl(o.etcdctl.path, args, timeoutMs, (kill) => o.cleanup.add('etcdctl', kill)).then((r) => ({
      ...r,
      loadAverage1mAtStart,
    }));
  };
  const time = (r: CommandTime): CommandTime => ({
    durationMs: Math.round(r.durationMs),
    cpuUserMs: r.cpuUserMs,
    cpuSystemMs: r.cpuSystemMs,
    loadAverage1mAtStart: r.loadAverage1mAtStart,
  });
  const snapshot = join(dir, 'snapshot.db');
  const restored = join(dir, 'm1-restored');
  const peerUrl = `http://${LOOPBACK}:${member.proxy.port}`;
  const client = clientFor(member.clientUrl, 60_000);
  try {
    run.fill = await step(run, 'fill', log, async () => {
      const t0 = performance.now();
      await fill(client, keys, valueBytes, concurrency);
      const durationMs = Math.round(performance.now() - t0);
      return {
        keys,
        valueBytes,
        concurrency,
        durationMs,
        writeBytesPerSec: Math.round((keys * valueBytes) / (durationMs / 1000)),
      };
    });
    if (!run.fill) return run;
    await step(run, 'status', log, async () => {
      // etcd commits its backend in batches (every 100 ms by default): let the last batch land,
      // so that the size read is the size of the database the snapshot copies.
      await new Promise((r) => setTimeout(r, 1000));
      const st = await client.maintenance.status();
      run.dbSizeBytes = Number(st.dbSize);
      run.revision = Number(st.header.revision);
      run.clusterIdBefore = hexId(st.header.cluster_id);
      run.memberIdBefore = hexId(st.header.member_id);
    });
    run.snapshotSave = await step(run, 'snapshotSave', log, async () => {
      const cpu0 = processCpuMs(member.process?.pid);
      const r = await timed(['--endpoints', member.clientUrl, '--command-timeout=20m', 'snapshot', 'save', snapshot]);
      const cpu1 = processCpuMs(member.process?.pid);
      return {
        ...time(r),
        fileBytes: statSync(snapshot).size,
        serverCpuMs: cpu0 === null || cpu1 === null ? null : cpu1 - cpu0,
      };
    });
    if (!run.snapshotSave) return run;
    run.snapshotStatus = await step(run, 'snapshotStatus', log, async () => {
      const r = await timed(['snapshot', 'status', snapshot, '-w', 'json']);
      const s = JSON.parse(r.stdout) as { hash: number; revision: number; totalKey: number; totalSize: number };
      return { ...time(r), hash: s.hash, revision: s.revision, totalKeys: s.totalKey, totalSizeBytes: s.totalSize };
    });
    client.close();
    // A restore replaces a lost member: the old one is killed (SIGKILL) and its directory removed first,
    // so the restore and the start have the machine's disk and CPU to themselves.
    await cluster.kill(member.name);
    rmSync(member.dataDir, { recursive: true, force: true });
    run.restore = await step(run, 'restore', log, async () => {
      const snapshotCachedBytes = cachedBytes(snapshot);
      const r = await timed([
        'snapshot',
        'restore',
        snapshot,
        `--data-dir=${restored}`,
        `--name=${member.name}`,
        `--initial-cluster=${member.name}=${peerUrl}`,
        `--initial-advertise-peer-urls=${peerUrl}`,
        `--initial-cluster-token=lab-restored-${process.pid}`,
      ]);
      return { ...time(r), dataDirBytes: treeBytes(restored), snapshotCachedBytes };
    });
    if (!run.restore) return run;
    run.restoredStart = await step(run, 'restoredStart', log, async () => {
      const loadAverage1mAtStart = loadavg()[0]!;
      // The cluster module starts a member on `dataDir`; pointing it at the restored directory
      // starts etcd there with the same flags (the initial-cluster flags are ignored on a
      // directory that already holds a member).
      member.dataDir = restored;
      const t0 = performance.now();
      await cluster.restart(member.name);
      const healthyMs = Math.round(performance.now() - t0);
      const after = clientFor(member.clientUrl, 2000);
      try {
        const last = fillKey(keys - 1);
        const deadline = t0 + 60_000;
        let firstReadMs: number | null = null;
        let lastError = 'no read answered';
        while (firstReadMs === null) {
          try {
            const v = await after.get(last).buffer();
            if (v !== null && v.length === valueBytes) firstReadMs = Math.round(performance.now() - t0);
            else lastError = `key ${last} came back ${v === null ? 'missing' : `with ${v.length} bytes`}`;
          } catch (e) {
            lastError = errorText(e);
          }
          if (firstReadMs === null) {
            if (performance.now() > deadline) throw new Error(`no read of ${last} within 60 s: ${lastError}`);
            await new Promise((r) => setTimeout(r, 100));
          }
        }
        const st = await after.maintenance.status();
        const keysAfter = await after.getAll().prefix(PREFIX).count();
        return {
          healthyMs,
          firstReadMs,
          loadAverage1mAtStart,
          clusterIdAfter: hexId(st.header.cluster_id),
          memberIdAfter: hexId(st.header.member_id),
          revisionAfter: Number(st.header.revision),
          keysAfter,
        };
      } finally {
        after.close();
      }
    });
  } finally {
    client.close();
    await cluster.close();
  }
  return run;
}

/**
 * Runs every size, one cluster after another, and returns the result (not yet written).
 * @throws Error when a cluster cannot start, or after SIGINT/SIGTERM; what was started is removed
 *   by `o.cleanup`.
 */
export async function runBackup(o: BackupOptions): Promise<BackupResult> {
  const startedAt = new Date().toISOString();
  const atStart = loadavg() as [number, number, number];
  const samples: number[] = [];
  const sampler = setInterval(() => samples.push(loadavg()[0]!), LOAD_INTERVAL_MS);
  sampler.unref();
  const stopSampler = o.cleanup.add('load sampler', () => clearInterval(sampler));
  mkdirSync(o.dataDir, { recursive: true });
  const removeDir = o.cleanup.add(`backup directory ${o.dataDir}`, () =>
    rmSync(o.dataDir, { recursive: true, force: true }),
  );
  const log = o.log ?? (() => {});
  const probeBytes = o.diskProbeBytes ?? 256 * MIB;
  const env = environment(o.etcd, o.dataDir, o.hostLabel);
  const mount = mountOf(o.dataDir);
  const disk = diskOf(mount?.device ?? 'unknown');
  log(`backup: sequential write of ${probeBytes / MIB} MiB in ${o.dataDir}`);
  const sequentialWriteBytesPerSec = sequentialWrite(o.dataDir, probeBytes);
  const sizes: BackupSizeRun[] = [];
  for (const bytes of o.sizesBytes) {
    sizes.push(await runSize(o, bytes));
    if (o.cleanup.interruptedBySignal) throw new Error('interrupted by a signal: no result written');
  }
  await removeDir();
  await stopSampler();
  const round = (x: number): number => Math.round(x * 100) / 100;
  return {
    schemaVersion: BACKUP_RESULT_SCHEMA_VERSION,
    kind: 'backup',
    startedAt,
    endedAt: new Date().toISOString(),
    environment: env,
    etcdctl: o.etcdctl,
    machine: { memoryBytes: totalmem(), disk, sequentialWriteBytesPerSec, probeBytes },
    loadAverage: {
      atStart: atStart.map(round) as [number, number, number],
      atEnd: (loadavg() as [number, number, number]).map(round) as [number, number, number],
      intervalMs: LOAD_INTERVAL_MS,
      samples1m: {
        count: samples.length,
        min: round(samples.length ? Math.min(...samples) : atStart[0]),
        mean: round(samples.length ? samples.reduce((a, b) => a + b, 0) / samples.length : atStart[0]),
        max: round(samples.length ? Math.max(...samples) : atStart[0]),
      },
    },
    settings: { sizesBytes: o.sizesBytes, valueBytes: o.valueBytes ?? MIB, concurrency: o.concurrency ?? 8 },
    sizes,
  };
}
