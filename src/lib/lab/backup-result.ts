/**
 * The JSON result of one backup-and-restore measurement (`npm run lab -- backup`): one file per run,
 * `content/lab-results/backup-<label>-<start>.json`, beside the lab's other results but in a shape
 * of its own (`kind: "backup"`), which the lab's figures skip.
 *
 * Units are in the field names (`Ms` milliseconds, `Bytes` bytes, `PerSec` per second, `GiB`
 * gibibytes); times of day are ISO 8601 UTC strings. The machine is named (CPU, cores, disk) and its
 * load average is sampled through the run, because other jobs may share it and move the figures.
 * A step that failed leaves its field `null` and is listed in `errors`. Versioned by `schemaVersion`.
 */
import { z } from 'zod';
import { environmentSchema, firstIssues } from './result.ts';

/** Version of this shape; readers should refuse other versions. */
export const BACKUP_RESULT_SCHEMA_VERSION = 1;

const GIB = 1024 ** 3;

/** An `etcdctl` (or etcd) command's cost: wall time, and the CPU time its process used. */
export const commandTimeSchema = z.object({
  durationMs: z.number().nonnegative(),
  /** User and system CPU time of the command and its children, ms (from bash's `times`); null if unread. */
  cpuUserMs: z.number().nonnegative().nullable(),
  cpuSystemMs: z.number().nonnegative().nullable(),
  /** 1-minute load average when the command started. */
  loadAverage1mAtStart: z.number().nonnegative(),
});
export type CommandTime = z.infer<typeof commandTimeSchema>;

/** One database size: fill, snapshot save, snapshot status, restore, and a start on the restored directory. */
export const backupSizeRunSchema = z.object({
  /** The size asked for (the bytes of values written). */
  targetBytes: z.number().int().positive(),
  /** etcd's --quota-backend-bytes for this cluster: above the target, so the fill does not raise NOSPACE. */
  quotaBackendBytes: z.number().int().positive(),
  fill: z
    .object({
      keys: z.number().int().positive(),
      valueBytes: z.number().int().positive(),
      concurrency: z.number().int().positive(),
      durationMs: z.number().nonnegative(),
      /** Value bytes written ÷ duration. */
      writeBytesPerSec: z.number().nonnegative(),
    })
    .nullable(),
  /** The member's backend size after the fill (endpoint status `dbSize`), and its revision. */
  dbSizeBytes: z.number().int().nonnegative().nullable(),
  revision: z.number().int().nonnegative().nullable(),
  /** Cluster and member IDs before the backup and after the restore (hex, as etcdctl prints them). */
  clusterIdBefore: z.string().nullable(),
  memberIdBefore: z.string().nullable(),
  snapshotSave: commandTimeSchema
    .extend({
      fileBytes: z.number().int().nonnegative(),
      /** CPU time the etcd member used while it sent the snapshot (user + system, /proc), ms; null if unread. */
      serverCpuMs: z.number().nonnegative().nullable(),
    })
    .nullable(),
  snapshotStatus: commandTimeSchema
    .extend({
      hash: z.number().int().nonnegative(),
      revision: z.number().int().nonnegative(),
      totalKeys: z.number().int().nonnegative(),
      totalSizeBytes: z.number().int().nonnegative(),
    })
    .nullable(),
  restore: commandTimeSchema
    .extend({
      dataDirBytes: z.number().int().nonnegative(),
      /** Bytes of the snapshot file in the page cache when the restore started (fincore); null if unread. */
      snapshotCachedBytes: z.number().int().nonnegative().nullable(),
    })
    .nullable(),
  /**
   * etcd started on the restored directory: from spawn until /health reports a leader, and until a
   * linearizable read of the last key written returned its value (polled every 100 ms).
   */
  restoredStart: z
    .object({
      healthyMs: z.number().nonnegative(),
      firstReadMs: z.number().nonnegative(),
      loadAverage1mAtStart: z.number().nonnegative(),
      clusterIdAfter: z.string(),
      memberIdAfter: z.string(),
      revisionAfter: z.number().int().nonnegative(),
      /** Keys under the fill's prefix counted on the restored member: must equal `fill.keys`. */
      keysAfter: z.number().int().nonnegative(),
    })
    .nullable(),
  errors: z.array(z.object({ step: z.string(), message: z.string() })),
});
export type BackupSizeRun = z.infer<typeof backupSizeRunSchema>;

/** The 1-, 5- and 15-minute load averages (`os.loadavg()`). */
const loadTripleSchema = z.tuple([z.number().nonnegative(), z.number().nonnegative(), z.number().nonnegative()]);

export const backupResultSchema = z.object({
  schemaVersion: z.literal(BACKUP_RESULT_SCHEMA_VERSION),
  kind: z.literal('backup'),
  startedAt: z.iso.datetime(),
  endedAt: z.iso.datetime(),
  environment: environmentSchema,
  etcdctl: z.object({ path: z.string(), version: z.string() }),
  machine: z.object({
    memoryBytes: z.number().int().positive(),
    /** The data disk as sysfs describes it; `kind` is `virtual` for a paravirtual device (vd*, xvd*). */
    disk: z.object({
      device: z.string(),
      kind: z.enum(['virtual', 'nvme', 'ssd', 'hdd', 'unknown']),
      /** /sys/block/<dev>/queue/rotational (a hypervisor often reports 1 whatever lies behind it). */
      rotational: z.boolean().nullable(),
      model: z.string().nullable(),
    }),
    /** Sequential write of `probeBytes` in 1 MiB blocks then one fdatasync, on the data directory's disk. */
    sequentialWriteBytesPerSec: z.number().nonnegative(),
    probeBytes: z.number().int().positive(),
  }),
  loadAverage: z.object({
    atStart: loadTripleSchema,
    atEnd: loadTripleSchema,
    /** 1-minute load average sampled every `intervalMs` through the run. */
    intervalMs: z.number().positive(),
    samples1m: z.object({
      count: z.number().int().nonnegative(),
      min: z.number().nonnegative(),
      mean: z.number().nonnegative(),
      max: z.number().nonnegative(),
    }),
  }),
  settings: z.object({
    sizesBytes: z.array(z.number().int().positive()),
    valueBytes: z.number().int().positive(),
    concurrency: z.number().int().positive(),
  }),
  sizes: z.array(backupSizeRunSchema),
});
export type BackupResult = z.infer<typeof backupResultSchema>;

/**
 * Parses and checks a backup result read from JSON.
 * @throws Error naming the first wrong fields and the file.
 */
export function parseBackupResult(data: unknown, source = 'result'): BackupResult {
  const parsed = backupResultSchema.safeParse(data);
  if (!parsed.success) {
    const issues = firstIssues(parsed.error);
    throw new Error(
      `${source} is not a backup result of schema version ${BACKUP_RESULT_SCHEMA_VERSION}: ${issues}. Re-run npm run lab -- backup to write a current one.`,
    );
  }
  return parsed.data;
}

/** Seconds, rounded to hundredths. */
const seconds = (ms: number): number => Math.round(ms / 10) / 100;

/** One row of the measured table: a database size and what each step took. */
export interface BackupRow {
  /** The snapshot file's size (else the backend's), GiB. */
  dbSizeGiB: number;
  saveS: number | null;
  statusS: number | null;
  restoreS: number | null;
  startToReadS: number | null;
  /** (restore + start until the first read) ÷ database size. */
  restoreAndStartSPerGiB: number | null;
  restoreSPerGiB: number | null;
  saveSPerGiB: number | null;
  /**
   * What the lab checked of the restored member: as many keys under the fill's prefix as were
   * written, the last key's value at its full length (the start is not timed until it is), and a
   * cluster ID other than the original's. Not a comparison of every value.
   */
  verified: boolean;
}

/**
 * The table the chapter shows, one row per size, from a result. Per-GiB figures divide by the
 * size of the snapshot file (the database the restore rebuilds), else the member's backend size,
 * not the target.
 */
export function backupRows(r: BackupResult): BackupRow[] {
  return r.sizes.map((s) => {
    const gib = (s.snapshotSave?.fileBytes ?? s.dbSizeBytes ?? s.targetBytes) / GIB;
    const per = (ms: number | null): number | null => (ms === null ? null : Math.round((ms / 1000 / gib) * 100) / 100);
    const start = s.restoredStart;
    const restoreAndStart = s.restore && start ? s.restore.durationMs + start.firstReadMs : null;
    return {
      dbSizeGiB: Math.round(gib * 100) / 100,
      saveS: s.snapshotSave ? seconds(s.snapshotSave.durationMs) : null,
      statusS: s.snapshotStatus ? seconds(s.snapshotStatus.durationMs) : null,
      restoreS: s.restore ? seconds(s.restore.durationMs) : null,
      startToReadS: start ? seconds(start.firstReadMs) : null,
      restoreAndStartSPerGiB: per(restoreAndStart),
      restoreSPerGiB: per(s.restore?.durationMs ?? null),
      saveSPerGiB: per(s.snapshotSave?.durationMs ?? null),
      verified:
        start !== null &&
        s.fill !== null &&
        start.keysAfter === s.fill.keys &&
        s.clusterIdBefore !== null &&
        start.clusterIdAfter !== s.clusterIdBefore,
    };
  });
}

/** `x` with `digits` decimals, as the table shows it. */
const fixed = (x: number, digits = 1): string => x.toFixed(digits);

/** `a–b` with `digits` decimals, or one figure when both round the same. */
function span(xs: number[], digits: number): string {
  const lo = fixed(Math.min(...xs), digits);
  const hi = fixed(Math.max(...xs), digits);
  return lo === hi ? lo : `${lo}–${hi}`;
}

/**
 * The sentences under the measured table, computed from the result so that prose and data cannot
 * disagree: restore plus start per GiB over the sizes, the largest size's figures, the snapshot's
 * streaming rate and where its CPU went, what was checked of the restored member, the number of
 * keys, the page cache, the load the machine carried and the disk probe.
 * @returns an empty list when no size completed.
 */
export function backupFindings(r: BackupResult): string[] {
  const rows = backupRows(r).filter((x) => x.restoreAndStartSPerGiB !== null && x.saveSPerGiB !== null);
  if (rows.length === 0) return [];
  const per = rows.map((x) => x.restoreAndStartSPerGiB!);
  const largest = rows.reduce((a, b) => (b.dbSizeGiB > a.dbSizeGiB ? b : a));
  const out = [
    `Restore plus a start until the first read took ${span(per, 2)} s per GiB over the sizes measured; for the ${fixed(largest.dbSizeGiB, 2)} GiB database, ${fixed(largest.restoreS! + largest.startToReadS!)} s (restore ${fixed(largest.restoreS!)} s, start until the first read ${fixed(largest.startToReadS!)} s).`,
  ];
  const saves = r.sizes.filter((s) => s.snapshotSave !== null);
  const rates = saves.map((s) => s.snapshotSave!.fileBytes / 1024 ** 2 / (s.snapshotSave!.durationMs / 1000));
  const cpuShare = saves
    .map((s) => {
      const c = s.snapshotSave!;
      const client = c.cpuUserMs !== null && c.cpuSystemMs !== null ? c.cpuUserMs + c.cpuSystemMs : null;
      return client === null || c.serverCpuMs === null ? null : (client + c.serverCpuMs) / c.durationMs;
    })
    .filter((x): x is number => x !== null);
  out.push(
    `The snapshot save streamed ${span(rates, 0)} MiB/s` +
      (cpuShare.length > 0
        ? `; etcd and etcdctl together used ${span(cpuShare, 2)} CPU-seconds per second of it, on ${r.environment.cpuCount} cores.`
        : '.'),
  );
  const done = r.sizes.filter((s) => s.restoredStart !== null && s.fill !== null);
  const allKeys = done.every((s) => s.restoredStart!.keysAfter === s.fill!.keys);
  const newIds = done.every(
    (s) => s.restoredStart!.clusterIdAfter !== s.clusterIdBefore && s.restoredStart!.memberIdAfter !== s.memberIdBefore,
  );
  const sameRev = done.every((s) => s.restoredStart!.revisionAfter === s.revision);
  out.push(
    `On ${done.length === r.sizes.length ? 'every size' : `${done.length} of ${r.sizes.length} sizes`} the restored member ${allKeys ? 'counted as many keys under the fill’s prefix as were written' : 'did NOT count as many keys under the fill’s prefix as were written'} and returned the last key’s value at its full length, under ${newIds ? 'a new cluster ID and a new member ID' : 'an ID that did NOT change'}, at ${sameRev ? 'the revision the snapshot had' : 'a revision other than the snapshot’s'}; the other values were not read back.`,
  );
  const filled = r.sizes.filter((s) => s.fill !== null);
  if (filled.length > 0) {
    // A fresh member starts at revision 1 and each put adds one, so revision = keys + 1 means one version per key.
    const onceEach = filled.every((s) => s.revision === s.fill!.keys + 1);
    const keys = filled.map((s) => s.fill!.keys);
    const count = (n: number): string => n.toLocaleString('en-US');
    const lo = Math.min(...keys);
    const hi = Math.max(...keys);
    out.push(
      `The databases held ${lo === hi ? count(lo) : `${count(lo)}–${count(hi)}`} keys with values of ${fixed(r.settings.valueBytes / 1024 ** 2, r.settings.valueBytes % 1024 ** 2 === 0 ? 0 : 2)} MiB${onceEach ? ', each key written once' : ''}.`,
    );
  }
  const restoreCpu = r.sizes
    .map((s) => s.restore)
    .filter((x) => x !== null && x.cpuUserMs !== null && x.cpuSystemMs !== null && x.durationMs > 0)
    .map((x) => (x!.cpuUserMs! + x!.cpuSystemMs!) / x!.durationMs);
  if (restoreCpu.length > 0)
    out.push(
      `The restore was on a CPU for ${span(
        restoreCpu.map((x) => x * 100),
        0,
      )} % of its wall time (user + system); the rest it waited, for the disk or for a core.`,
    );
  const cached = r.sizes
    .filter((s) => typeof s.restore?.snapshotCachedBytes === 'number' && s.snapshotSave)
    .map((s) => Number(s.restore!.snapshotCachedBytes) / s.snapshotSave!.fileBytes);
  if (cached.length > 0)
    out.push(
      `When each restore started, ${span(
        cached.map((x) => Math.min(1, x) * 100),
        0,
      )} % of its snapshot file was in the page cache: the restore read it from memory, not from the disk.`,
    );
  const l = r.loadAverage.samples1m;
  out.push(
    `The 1-minute load average was ${fixed(l.min, 1)}–${fixed(l.max, 1)} (mean ${fixed(l.mean, 1)}) on ${r.environment.cpuCount} cores during the run, the lab's own etcd and client and tasks waiting on the disk included; the lab does not record CPU steal or other processes' CPU time.`,
    `At the start the disk took a ${fixed(r.machine.probeBytes / 1024 ** 2, 0)} MiB sequential write in 1 MiB blocks, then one fdatasync, at ${fixed(r.machine.sequentialWriteBytesPerSec / 1024 ** 2, 0)} MiB/s: a write of that size can land in the host's cache, so it is not a sustained rate for the disk.`,
  );
  return out;
}

/** How far one step's times moved between two runs: other ÷ this, over the sizes both measured. */
export interface StepSpread {
  step: 'save' | 'status' | 'restore' | 'start until the first read';
  /** Smallest and largest ratio of the other run's time to this run's, over the matching sizes. */
  minRatio: number;
  maxRatio: number;
}

/** Two runs side by side: their load and each step's spread. */
export interface BackupComparison {
  thisLoadMean: number;
  otherLoadMean: number;
  /** Whether both runs report the same CPU model and count, kernel and memory (host labels may differ). */
  sameHardware: boolean;
  /** Sizes (targetBytes) both runs completed. */
  sizesCompared: number;
  steps: StepSpread[];
  /** Steps × sizes on which the other run took longer, and on which it took less time. */
  otherSlower: number;
  otherFaster: number;
}

/**
 * Compares each step's wall time between two backup results, size by size (matched on
 * `targetBytes`), as ratios of `other`'s time to `r`'s. Used to show how much the figures move
 * between runs on one machine under different load.
 * @returns null when the runs share no completed size.
 */
export function compareBackupRuns(r: BackupResult, other: BackupResult): BackupComparison | null {
  const pick: [StepSpread['step'], (s: BackupSizeRun) => number | null][] = [
    ['save', (s) => s.snapshotSave?.durationMs ?? null],
    ['status', (s) => s.snapshotStatus?.durationMs ?? null],
    ['restore', (s) => s.restore?.durationMs ?? null],
    ['start until the first read', (s) => s.restoredStart?.firstReadMs ?? null],
  ];
  const pairs = r.sizes
    .map((a) => [a, other.sizes.find((b) => b.targetBytes === a.targetBytes)] as const)
    .filter(
      (p): p is readonly [BackupSizeRun, BackupSizeRun] =>
        p[1] !== undefined && p[0].restoredStart !== null && p[1].restoredStart !== null,
    );
  if (pairs.length === 0) return null;
  let otherSlower = 0;
  let otherFaster = 0;
  const steps = pick.map(([step, f]) => {
    const ratios = pairs
      .map(([a, b]) => {
        const x = f(a);
        const y = f(b);
        return x === null || y === null || x === 0 ? null : y / x;
      })
      .filter((x): x is number => x !== null);
    for (const q of ratios) {
      if (q > 1) otherSlower++;
      else if (q < 1) otherFaster++;
    }
    return { step, minRatio: Math.min(...ratios), maxRatio: Math.max(...ratios) };
  });
  return {
    thisLoadMean: r.loadAverage.samples1m.mean,
    otherLoadMean: other.loadAverage.samples1m.mean,
    sameHardware:
      r.environment.cpuModel === other.environment.cpuModel &&
      r.environment.cpuCount === other.environment.cpuCount &&
      r.environment.kernel === other.environment.kernel &&
      r.machine.memoryBytes === other.machine.memoryBytes,
    sizesCompared: pairs.length,
    steps,
    otherSlower,
    otherFaster,
  };
}

/** A ratio as the notes print it: two significant figures, at least one decimal. */
function ratio(x: number): string {
  return x >= 10 ? x.toFixed(0) : x.toFixed(x >= 1 ? 1 : 2);
}

/**
 * The comparison as one sentence for the notes under the table. When both directions occur it
 * says which one most step-and-size pairs took ("mostly slower but not on every pair"), or that
 * they split evenly; pairs with equal times count in neither direction.
 * @param otherName - the other run's file name, shown so that a reader can open it.
 */
export function comparisonFinding(c: BackupComparison, otherName: string): string {
  const steps = c.steps.map((s) => `${s.step} ${ratio(s.minRatio)}–${ratio(s.maxRatio)}×`).join(', ');
  const pairs = c.steps.length * c.sizesCompared;
  const counts = `slower on ${c.otherSlower} and faster on ${c.otherFaster} of the ${pairs} step-and-size pairs`;
  // Name a tendency only when both directions occur: one side at zero says it plainly, and an even
  // split is the only case without a tendency.
  const mixed = c.otherSlower > 0 && c.otherFaster > 0;
  const direction = !mixed
    ? counts
    : c.otherSlower === c.otherFaster
      ? `${counts}, as often one way as the other`
      : `mostly ${c.otherSlower > c.otherFaster ? 'slower' : 'faster'} but not on every pair (${counts})`;
  return `Against ${otherName} (${c.sameHardware ? 'the same CPU model and count, kernel and memory' : 'OTHER hardware'}, 1-minute load mean ${fixed(c.otherLoadMean, 1)} against ${fixed(c.thisLoadMean, 1)} here), over ${c.sizesCompared} sizes, that run took ${steps} as long as this one: ${direction}.`;
}
