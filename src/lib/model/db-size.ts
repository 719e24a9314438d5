/**
 * etcd database size from what a Kubernetes cluster stores: live objects, the history kept between
 * compactions, and the free pages bbolt keeps until a defragmentation; then days to the backend
 * quota and the quota to set.
 *
 * Rules and their sources (etcd v3.7.0, k8s.io/apiserver of Kubernetes v1.37):
 * - Every revision of a key is stored until a compaction removes the superseded ones
 *   (etcd maintenance guide, "History compaction").
 * - kube-apiserver compacts every --etcd-compaction-interval (default 5 min,
 *   storagebackend.DefaultCompactInterval) to the revision it saw one interval earlier
 *   (staging/src/k8s.io/apiserver/pkg/storage/etcd3/compact.go, `Compact(ctx, client, compactTime, rev)`
 *   with the `rev` of the previous tick). So right after a compaction one interval of history is kept, and
 *   just before the next one two intervals: the peak this model sizes for.
 * - The quota is checked against the backend's file size, free pages included (`b.be.Size()` in
 *   server/storage/quota.go; `Size()` in server/storage/backend/backend.go), not against the bytes in
 *   use: pages freed by a compaction count until a defragmentation returns them.
 * - etcd charges a put `kvOverhead` (256) bytes plus key and value against the quota
 *   (server/storage/quota.go, `costPut`): the default per-key overhead here.
 *
 * Assumptions (the reader's inputs, not upstream facts): the fragmentation factor (file size ÷ bytes
 * in use before a defragmentation), linear growth, and a write rate that grows with the data.
 */
import { parseDecimal, parseWholeNumber, type Parsed } from './input.ts';

/** Bytes in one GiB. */
export const GIB = 1024 ** 3;

/**
 * Largest backend quota etcd suggests, in GiB: `MaxQuotaBytes` in server/storage/quota.go (v3.7.0),
 * shown beside the calculator as a `<Value>` of that line.
 */
export const SUGGESTED_MAX_QUOTA_GIB = 8;

/**
 * Largest request etcd accepts by default, in bytes: `DefaultMaxRequestBytes` (1.5 MiB) in
 * server/embed/config.go (v3.7.0); a larger proposal is refused with "request is too large".
 */
export const DEFAULT_MAX_REQUEST_BYTES = 1.5 * 1024 * 1024;

/** Most resource rows accepted. */
export const MAX_ROWS = 40;

/** One resource as the reader describes it. */
export interface ResourceRow {
  /** Name for the result, e.g. "pods" (letters, digits, `.`, `-`, `_`, `/`). */
  name: string;
  /** Objects stored, whole number ≥ 0. */
  objects: number;
  /** Mean serialized size of one object in etcd, bytes ≥ 0 (kube-apiserver stores protobuf for built-in types). */
  meanBytes: number;
  /** Writes (creates, updates, deletes) of this resource per second, all objects together, ≥ 0. */
  writesPerSecond: number;
}

const NAME = /^[A-Za-z0-9][A-Za-z0-9._/-]{0,62}$/;

/**
 * Reads resource rows from text: one resource a line, `name objects mean-bytes writes`, separated
 * by spaces or tabs; blank lines and lines starting with `#` are ignored. Writes are per second, or
 * per day with a `/d` suffix (`500/d`, divided by 86,400); `/s` may be written too.
 *
 * @param text - what the reader typed.
 * @returns the rows (1 to {@link MAX_ROWS}), or a message naming the line and what to write.
 */
export function parseResourceRows(text: string): Parsed<ResourceRow[]> {
  const rows: ResourceRow[] = [];
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (line === '' || line.startsWith('#')) continue;
    const at = `Line ${i + 1}`;
    const cols = line.split(/\s+/);
    if (cols.length !== 4)
      return fail(
        `${at} has ${cols.length} columns; write four: name, objects, mean bytes, writes (e.g. "pods 3000 6000 2").`,
      );
    const [name, objects, bytes, writes] = cols as [string, string, string, string];
    if (!NAME.test(name))
      return fail(`${at}: the name "${name}" may hold only letters, digits, ".", "-", "_" and "/" (at most 63).`);
    const n = parseWholeNumber(objects, { min: 0, max: 1e9, label: `${at}, objects` });
    if (!n.ok) return n;
    const b = parseDecimal(bytes, { min: 0, max: 1e9, label: `${at}, mean bytes` });
    if (!b.ok) return b;
    const perDay = /\/d$/i.test(writes);
    const w = parseDecimal(writes.replace(/\/[sd]$/i, ''), {
      min: 0,
      max: perDay ? 1e11 : 1e6,
      label: `${at}, writes${perDay ? ' per day' : ' per second'}`,
    });
    if (!w.ok) return w;
    rows.push({
      name,
      objects: n.value,
      meanBytes: b.value,
      writesPerSecond: perDay ? w.value / 86_400 : w.value,
    });
    if (rows.length > MAX_ROWS) return fail(`More than ${MAX_ROWS} resources: merge the small ones into one row.`);
  }
  if (rows.length === 0)
    return fail('Enter at least one resource: "name objects mean-bytes writes", e.g. "pods 3000 6000 2".');
  return { ok: true, value: rows };
}

const fail = (error: string): Parsed<never> => ({ ok: false, error });

/** Inputs of {@link estimateDbSize}. */
export interface DbSizeInput {
  rows: readonly ResourceRow[];
  /** kube-apiserver's --etcd-compaction-interval, minutes > 0. */
  compactionMinutes: number;
  /** Bytes etcd adds to each stored revision beyond the value, ≥ 0: `kvOverhead` (256) plus the key's length, which the caller adds. */
  keyOverheadBytes: number;
  /** File size ÷ bytes in use before a defragmentation, ≥ 1 (assumption; measure it, see the chapter). */
  fragmentation: number;
  /** Growth of the data per day, percent of today's size (linear), ≥ 0. */
  growthPercentPerDay: number;
  /** The backend quota in force (--quota-backend-bytes), GiB > 0. */
  quotaGiB: number;
  /** How far ahead the quota to set must last, days ≥ 1. */
  horizonDays: number;
  /** Room kept above the size expected at the horizon, percent ≥ 0. */
  headroomPercent: number;
}

/** One row of the estimate. */
export interface RowEstimate {
  name: string;
  /** objects × (meanBytes + keyOverhead). */
  liveBytes: number;
  /** writesPerSecond × 2 × interval: superseded revisions held at the peak, just before a compaction. */
  revisionsKept: number;
  /** revisionsKept × (meanBytes + keyOverhead). */
  historyBytes: number;
}

/** Result of {@link estimateDbSize}; sizes in bytes. */
export interface DbSizeEstimate {
  rows: RowEstimate[];
  /** Σ liveBytes: the latest revision of every key. */
  liveBytes: number;
  /** Σ historyBytes at the peak (two compaction intervals of writes). */
  historyBytes: number;
  /** Σ revisionsKept at the peak. */
  revisionsKept: number;
  /** liveBytes + historyBytes: what etcd_mvcc_db_total_size_in_use_in_bytes would show at the peak. */
  logicalBytes: number;
  /** logicalBytes × fragmentation: the file size the quota is compared with, before a defragmentation. */
  onDiskBytes: number;
  quotaBytes: number;
  /** onDiskBytes ÷ quotaBytes. */
  quotaUsed: number;
  /**
   * Days until onDiskBytes reaches the quota at linear growth: (quota − onDisk) ÷ (onDisk × g / 100);
   * 0 when already at or over it; null when growth is 0 and it is under (never).
   */
  daysToQuota: number | null;
  /** onDiskBytes × (1 + g / 100 × horizon): the file size expected at the horizon. */
  onDiskAtHorizonBytes: number;
  /** onDiskAtHorizon × (1 + headroom / 100), rounded up to a whole GiB (at least 1): the quota to set. */
  quotaToSetGiB: number;
  /** quotaToSetGiB > {@link SUGGESTED_MAX_QUOTA_GIB}. */
  aboveSuggestedMax: boolean;
  /** Rows whose mean object plus key overhead exceeds the default request limit. */
  tooLarge: string[];
}

function check(ok: boolean, what: string): void {
  if (!ok) throw new RangeError(what);
}

/**
 * Estimates the database size a set of resources needs, and the quota to set.
 *
 * Formulas (per row r, with s = meanBytes + keyOverhead and T = compaction interval in seconds):
 * live = objects × s; revisions kept = writes/s × 2T; history = revisions kept × s;
 * logical = Σ live + Σ history; on disk = logical × fragmentation;
 * days to quota = (quota − on disk) ÷ (on disk × g/100);
 * quota to set = max(1, ⌈on disk × (1 + g/100 × horizon) × (1 + headroom/100) ÷ 1 GiB⌉) GiB.
 *
 * @throws RangeError for values outside their documented domain (the calculator's schema keeps them in).
 */
export function estimateDbSize(input: DbSizeInput): DbSizeEstimate {
  const { compactionMinutes: ci, keyOverheadBytes: ko, fragmentation: fr } = input;
  check(input.rows.length > 0, 'At least one resource row is needed.');
  check(Number.isFinite(ci) && ci > 0, `Compaction interval must be more than 0 minutes; got ${ci}.`);
  check(Number.isFinite(ko) && ko >= 0, `Per-key overhead must be 0 or more bytes; got ${ko}.`);
  check(Number.isFinite(fr) && fr >= 1, `Fragmentation factor must be 1 or more; got ${fr}.`);
  check(input.growthPercentPerDay >= 0, `Growth must be 0 % or more a day; got ${input.growthPercentPerDay}.`);
  check(input.quotaGiB > 0, `Quota must be more than 0 GiB; got ${input.quotaGiB}.`);
  check(input.horizonDays >= 1, `Horizon must be at least 1 day; got ${input.horizonDays}.`);
  check(input.headroomPercent >= 0, `Headroom must be 0 % or more; got ${input.headroomPercent}.`);

  const window = 2 * ci * 60;
  const rows = input.rows.map((r) => {
    const s = r.meanBytes + ko;
    const revisionsKept = r.writesPerSecond * window;
    return { name: r.name, liveBytes: r.objects * s, revisionsKept, historyBytes: revisionsKept * s };
  });
  const sum = (f: (r: RowEstimate) => number) => rows.reduce((a, r) => a + f(r), 0);
  const liveBytes = sum((r) => r.liveBytes);
  const historyBytes = sum((r) => r.historyBytes);
  const logicalBytes = liveBytes + historyBytes;
  const onDiskBytes = logicalBytes * fr;
  const quotaBytes = input.quotaGiB * GIB;
  const g = input.growthPercentPerDay / 100;
  const daysToQuota =
    onDiskBytes >= quotaBytes
      ? 0
      : g === 0 || onDiskBytes === 0
        ? null
        : (quotaBytes - onDiskBytes) / (onDiskBytes * g);
  const onDiskAtHorizonBytes = onDiskBytes * (1 + g * input.horizonDays);
  const quotaToSetGiB = Math.max(1, Math.ceil((onDiskAtHorizonBytes * (1 + input.headroomPercent / 100)) / GIB));
  return {
    rows,
    liveBytes,
    historyBytes,
    revisionsKept: sum((r) => r.revisionsKept),
    logicalBytes,
    onDiskBytes,
    quotaBytes,
    quotaUsed: onDiskBytes / quotaBytes,
    daysToQuota,
    onDiskAtHorizonBytes,
    quotaToSetGiB,
    aboveSuggestedMax: quotaToSetGiB > SUGGESTED_MAX_QUOTA_GIB,
    tooLarge: input.rows.filter((r) => r.meanBytes + ko > DEFAULT_MAX_REQUEST_BYTES).map((r) => r.name),
  };
}
