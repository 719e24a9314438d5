/**
 * The JSON result of one evidence-lab run (`npm run lab`) or one probe of a reader's cluster
 * (`npm run lab -- probe`): one file per run under `content/lab-results/`.
 *
 * Units are in the field names (`Ms` milliseconds, `Bytes` bytes, `PerSec` per second); times of
 * day are ISO 8601 UTC strings. A scenario that was not run, or that does not apply (no failure
 * injection on a 1-member cluster), is `null`, and its reason is in `skipped`; a scenario whose step
 * failed keeps `null` and the failure is listed in `errors`. The shape is versioned by
 * `schemaVersion`: a change that breaks readers bumps it.
 */
import { z } from 'zod';

/**
 * Version of this shape. Version 2 added the repeated windows (`windows`), the machine's load and
 * each process's CPU time per window, the delay measured during each load, the per-client outage
 * of a leader stop and its client deadline, and the probe's write accounting. Version-1 results
 * stay readable as they were written (every field added since is optional and absent in them);
 * they hold one unrepeated window per cell, so the figures do not draw them (drawn-runs.ts).
 */
export const LAB_RESULT_SCHEMA_VERSION = 2;

/** The versions a reader accepts. */
export const READABLE_SCHEMA_VERSIONS = [1, 2] as const;

/**
 * Latency percentiles of one scenario, in milliseconds, from an HDR histogram of every
 * completed operation (errors excluded). `count` is the number of recorded operations.
 */
export const latencyStatsSchema = z.object({
  count: z.number().int().nonnegative(),
  p50Ms: z.number().nonnegative(),
  p90Ms: z.number().nonnegative(),
  p99Ms: z.number().nonnegative(),
  maxMs: z.number().nonnegative(),
  meanMs: z.number().nonnegative(),
});
export type LatencyStats = z.infer<typeof latencyStatsSchema>;

/**
 * The machine over one measurement window: CPU time of each etcd member and of the lab's own
 * process (the load generator and the delay proxies' worker threads together), the share of the
 * machine's CPU time that was busy, and the 1-minute load average at the window's end.
 */
export const windowMachineSchema = z.object({
  wallMs: z.number().nonnegative(),
  cpuCount: z.number().int().positive(),
  /** Busy share of all CPUs over the window, 0–1 (/proc/stat); null off Linux. */
  machineBusyFraction: z.number().min(0).max(1).nullable(),
  loadAverage1: z.number().nonnegative().nullable(),
  labProcessCpuMs: z.number().nonnegative(),
  /** CPU time per etcd member over the window, ms, by member name. */
  etcdCpuMs: z.record(z.string(), z.number().nonnegative()),
  /** Busy share ≥ 0.9 (src/lib/lab/cpu.ts): the window measured a machine short of CPU. */
  cpuBound: z.boolean(),
});
export type WindowMachine = z.infer<typeof windowMachineSchema>;

/**
 * The delay the proxies really added while a load ran: each sample is a GET of a member's peer
 * `/version` through its proxy minus one straight to it, taken in the proxy's worker thread.
 */
export const delayStatsSchema = z.object({
  requestedMs: z.number().nonnegative(),
  samples: z.number().int().nonnegative(),
  p50Ms: z.number().nullable(),
  p90Ms: z.number().nullable(),
  p99Ms: z.number().nullable(),
});
export type DelayStats = z.infer<typeof delayStatsSchema>;

/** One measured window of a load (after the cluster's warm-up), in the cluster's shuffled order. */
export const loadWindowSchema = z.object({
  /** Position of this window among all the cluster's measured windows, from 0. */
  order: z.number().int().nonnegative(),
  clients: z.number().int().positive(),
  durationMs: z.number().nonnegative(),
  ops: z.number().int().nonnegative(),
  errors: z.number().int().nonnegative(),
  throughputPerSec: z.number().nonnegative(),
  latency: latencyStatsSchema,
  machine: windowMachineSchema.nullable(),
  /** Null for a cluster without peers (one member: no proxy). */
  delay: delayStatsSchema.nullable(),
});
export type LoadWindow = z.infer<typeof loadWindowSchema>;

/**
 * One bounded load: `clients` concurrent callers, each issuing its next request when the previous
 * one completes (closed loop), for `durationMs`. `ops` counts acknowledged operations, `errors`
 * failed ones; `throughputPerSec` = ops ÷ measured duration.
 */
export const loadResultSchema = z.object({
  clients: z.number().int().positive(),
  /** Size of each written value (writes and the values read back by reads). */
  valueBytes: z.number().int().nonnegative(),
  /** Keys the load spreads over (reads pick one at random, writes cycle through them). */
  keys: z.number().int().positive(),
  durationMs: z.number().nonnegative(),
  ops: z.number().int().nonnegative(),
  errors: z.number().int().nonnegative(),
  throughputPerSec: z.number().nonnegative(),
  latency: latencyStatsSchema,
  /** First error message seen, if any, to tell what failed. */
  firstError: z.string().nullable(),
  /**
   * The measured windows (schema version 2). With windows, `throughputPerSec` and each latency
   * percentile are the medians over the windows, `ops` and `errors` their sums, `durationMs` the
   * sum of their lengths.
   */
  windows: z.array(loadWindowSchema).optional(),
});
export type LoadResult = z.infer<typeof loadResultSchema>;

/** A mixed load: reads and writes interleaved by one client pool; `readFraction` 0–1. */
export const mixedResultSchema = loadResultSchema.extend({
  readFraction: z.number().min(0).max(1),
  /** Whether the mixed load's reads were serializable (false: linearizable). */
  serializableReads: z.boolean(),
  readLatency: latencyStatsSchema,
  writeLatency: latencyStatsSchema,
});
export type MixedResult = z.infer<typeof mixedResultSchema>;

/**
 * One member stopped in the middle of a write load (by SIGKILL, a crash: a SIGTERM would let a
 * leader hand over its role first). Writers send only to the members that stay up.
 */
export const failureResultSchema = z.object({
  /** Name of the stopped member (`m1` …). */
  stoppedMember: z.string(),
  role: z.enum(['leader', 'follower']),
  signal: z.literal('SIGKILL'),
  /** Size of each value written during the stop (small, so every write can be read back in one range). */
  valueBytes: z.number().int().nonnegative(),
  /** When the member was stopped, ms after the load started. */
  stoppedAtMs: z.number().nonnegative(),
  /**
   * The longest stretch with no acknowledged write after the stop: the longest gap between
   * consecutive acknowledgements that ends after it (the first gap starts at the last
   * acknowledgement before it). Null when no write was acknowledged after the stop within the bound.
   */
  writeFailureWindowMs: z.number().nonnegative().nullable(),
  /** From the stop until a surviving member reports a new leader; null for a follower stop (no election). */
  electionMs: z.number().nonnegative().nullable(),
  /** Leader name before and after the stop (after: null if none was seen within the bound). */
  leaderBefore: z.string(),
  leaderAfter: z.string().nullable(),
  writesAttempted: z.number().int().nonnegative(),
  writesAcknowledged: z.number().int().nonnegative(),
  /** Acknowledged writes whose key and value were read back (linearizably) after the run. */
  writesReadBack: z.number().int().nonnegative(),
  /** Acknowledged writes not read back: must be 0. */
  missing: z.number().int().nonnegative(),
  writeErrors: z.number().int().nonnegative(),
  firstError: z.string().nullable(),
  /**
   * Writes acknowledged in each `intervalMs` slice of the load, from its start (slice i covers
   * [i × intervalMs, (i + 1) × intervalMs)); `stoppedAtMs` falls in slice ⌊stoppedAtMs ÷ intervalMs⌋.
   * Added after schema version 1 was first published: absent in the earliest results.
   */
  acknowledgedPerInterval: z
    .object({ intervalMs: z.number().positive(), counts: z.array(z.number().int().nonnegative()) })
    .optional(),
  /** Deadline the client gave each write, ms (schema version 2; 3 000 in version 1). */
  writeDeadlineMs: z.number().positive().optional(),
  /**
   * Per writer: from the kill to the acknowledgement of its first write sent after the kill, ms;
   * null when it had none within the bound (schema version 2). This includes the wait for the
   * write it had in flight at the kill, as a client sees it.
   */
  clientOutagesMs: z.array(z.number().nonnegative().nullable()).optional(),
  /**
   * The writes in flight at the kill: how long after the kill each ended, how it ended and the
   * gRPC code of a failure (schema version 2).
   */
  inFlightAtKill: z
    .array(
      z.object({
        endedAfterMs: z.number().nonnegative(),
        acknowledged: z.boolean(),
        errorCode: z.string().nullable(),
      }),
    )
    .optional(),
});
export type FailureResult = z.infer<typeof failureResultSchema>;

/** A majority of members stopped: writes to the survivors must be refused. */
export const majorityLossResultSchema = z.object({
  stoppedMembers: z.array(z.string()),
  runningMembers: z.array(z.string()),
  writesAttempted: z.number().int().nonnegative(),
  writesRefused: z.number().int().nonnegative(),
  writesAcknowledged: z.number().int().nonnegative(),
  /** Deadline the client gave each write, ms. */
  clientDeadlineMs: z.number().positive(),
  /** How long the client waited before the refusal, ms (median over the attempts). */
  refusedAfterMs: z.number().nonnegative().nullable(),
  /** The error text the client library reported, as it reported it. */
  errorText: z.string().nullable(),
  /** The gRPC status code name (`DEADLINE_EXCEEDED`, `UNAVAILABLE` …) when the error carried one. */
  errorCode: z.string().nullable(),
});
export type MajorityLossResult = z.infer<typeof majorityLossResultSchema>;

/** Round-trip time added between two members by the loopback delay proxies. */
export const pairRttSchema = z.object({
  a: z.string(),
  b: z.string(),
  requestedMs: z.number().nonnegative(),
  /** Median RTT through the proxy minus median RTT direct, measured with small HTTP requests. */
  measuredMs: z.number(),
});
export type PairRtt = z.infer<typeof pairRttSchema>;

/** Disk latency the way etcd's WAL uses it: small appends, each followed by fdatasync. */
export const fsyncResultSchema = z.object({
  /** Directory the test file was written in (the data directories' parent). */
  dir: z.string(),
  writes: z.number().int().positive(),
  blockBytes: z.number().int().positive(),
  latency: latencyStatsSchema,
});
export type FsyncResult = z.infer<typeof fsyncResultSchema>;

/** Where the run happened. */
export const environmentSchema = z.object({
  /** A label for the machine, given with --label or the hostname. */
  hostLabel: z.string(),
  etcdBinary: z.string().nullable(),
  /** As `etcd --version` (or the probed server) reports it, e.g. `3.4.23`. */
  etcdVersion: z.string(),
  etcdGoVersion: z.string().nullable(),
  nodeVersion: z.string(),
  clientLibrary: z.object({ name: z.string(), version: z.string() }),
  histogramLibrary: z.object({ name: z.string(), version: z.string() }),
  cpuModel: z.string(),
  cpuCount: z.number().int().positive(),
  kernel: z.string(),
  platform: z.string(),
  /** The data directories' disk: filesystem type and device, from /proc/mounts. Null in a probe. */
  dataDir: z.object({ path: z.string(), filesystem: z.string(), device: z.string() }).nullable(),
});
export type Environment = z.infer<typeof environmentSchema>;

/** One cluster the lab started and measured. */
export const clusterRunSchema = z.object({
  /** Stable id within the run, e.g. `m3-rtt10`. */
  id: z.string(),
  members: z.number().int().positive(),
  memberNames: z.array(z.string()),
  rttRequestedMs: z.number().nonnegative(),
  /** One entry per pair of members; empty for one member. */
  rtt: z.array(pairRttSchema),
  /** etcd's --heartbeat-interval and --election-timeout the members ran with, ms. */
  heartbeatMs: z.number().positive(),
  electionTimeoutMs: z.number().positive(),
  scenarios: z.object({
    write: loadResultSchema.nullable(),
    linearizableRead: loadResultSchema.nullable(),
    serializableRead: loadResultSchema.nullable(),
    mixed: mixedResultSchema.nullable(),
    /** The first repetition of each stop (in version 1 the only one). */
    followerStop: failureResultSchema.nullable(),
    leaderStop: failureResultSchema.nullable(),
    majorityLoss: majorityLossResultSchema.nullable(),
    /** Every repetition of each stop, in order (schema version 2). */
    followerStops: z.array(failureResultSchema).optional(),
    leaderStops: z.array(failureResultSchema).optional(),
    /** Every repetition of the majority loss, in order (runs since 2026-12-03; before, the one). */
    majorityLosses: z.array(majorityLossResultSchema).optional(),
  }),
  /** Position of this cluster in the run's shuffled plan, from 0 (schema version 2). */
  order: z.number().int().nonnegative().optional(),
  /** Scenarios not run and why, e.g. `{ scenario: 'leaderStop', reason: 'one member' }`. */
  skipped: z.array(z.object({ scenario: z.string(), reason: z.string() })),
  /** Steps that failed, with the message; the run goes on with the next step. */
  errors: z.array(z.object({ step: z.string(), message: z.string() })),
});
export type ClusterRun = z.infer<typeof clusterRunSchema>;

/** A member as a probe saw it. */
export const probedMemberSchema = z.object({
  name: z.string(),
  id: z.string(),
  clientUrls: z.array(z.string()),
  peerUrls: z.array(z.string()),
  isLearner: z.boolean(),
  isLeader: z.boolean(),
  /** From the member's own status; null when it did not answer. */
  version: z.string().nullable(),
  dbSizeBytes: z.number().nonnegative().nullable(),
  dbSizeInUseBytes: z.number().nonnegative().nullable(),
  raftTerm: z.number().nonnegative().nullable(),
  statusError: z.string().nullable(),
});
export type ProbedMember = z.infer<typeof probedMemberSchema>;

/** Percentiles estimated from a Prometheus histogram on /metrics, in ms (bucket upper bounds). */
export const metricHistogramSchema = z.object({
  name: z.string(),
  count: z.number().nonnegative(),
  p50Ms: z.number().nonnegative().nullable(),
  p99Ms: z.number().nonnegative().nullable(),
});
export type MetricHistogram = z.infer<typeof metricHistogramSchema>;

/** The guide's recommendation for a cluster, with the rule behind each figure. */
export const recommendationSchema = z.object({
  currentMembers: z.number().int().nonnegative(),
  recommendedMembers: z.number().int().positive(),
  toleratedFailures: z.number().int().nonnegative(),
  /** Used ÷ quota, 0–1; null when the quota is unknown. */
  quotaUsedFraction: z.number().nonnegative().nullable(),
  /** RTT the timeouts were derived from, ms. */
  rttMs: z.number().nonnegative().nullable(),
  heartbeatMs: z.number().positive(),
  electionTimeoutMs: z.number().positive(),
  notes: z.array(z.string()),
});
export type Recommendation = z.infer<typeof recommendationSchema>;

/** What a probe of an existing cluster measured. */
export const probeResultSchema = z.object({
  endpoints: z.array(z.string()),
  tls: z.boolean(),
  members: z.array(probedMemberSchema),
  leader: z.string().nullable(),
  /** From etcd_server_quota_backend_bytes on /metrics; null when not reachable. */
  quotaBytes: z.number().positive().nullable(),
  linearizableRead: loadResultSchema.nullable(),
  serializableRead: loadResultSchema.nullable(),
  /** Only with --allow-writes, under the lab prefix, deleted afterwards. */
  write: loadResultSchema.nullable(),
  writesAllowed: z.boolean(),
  /** Keys the probe deleted at the end (0 without --allow-writes). */
  keysWrittenAndDeleted: z.number().int().nonnegative(),
  /**
   * Puts the probe sent (the fill and the write load, acknowledged or not), the value bytes they
   * carried, and the keys found under its prefix after the deletion: 0 unless the deletion failed
   * (schema version 2). Every put is a revision the cluster keeps until it compacts.
   */
  putsSent: z.number().int().nonnegative().optional(),
  valueBytesSent: z.number().int().nonnegative().optional(),
  keysLeft: z.number().int().nonnegative().nullable().optional(),
  /** Whether endpoints, member names and URLs were replaced before publishing (schema version 2). */
  redacted: z.boolean().optional(),
  metricsUrl: z.string().nullable(),
  metricsError: z.string().nullable(),
  /** etcd_disk_wal_fsync_duration_seconds and etcd_disk_backend_commit_duration_seconds. */
  metrics: z.array(metricHistogramSchema),
  /**
   * Member-to-member RTT used for the timeouts, ms: the p50 of etcd_network_peer_round_trip_time_seconds,
   * or null without it. Version-1 probes fell back to linearizable − serializable read p50, which
   * overstates the RTT (the read also waits for the leader's apply and queues), so it is no longer used.
   */
  rttEstimateMs: z.number().nonnegative().nullable(),
  recommendation: recommendationSchema,
});
export type ProbeResult = z.infer<typeof probeResultSchema>;

/** One run: the lab (`clusters`, `fsync`) or a probe (`probe`). */
export const labResultSchema = z.object({
  schemaVersion: z.union([z.literal(1), z.literal(2)]),
  kind: z.enum(['lab', 'probe']),
  startedAt: z.iso.datetime(),
  endedAt: z.iso.datetime(),
  environment: environmentSchema,
  /** The command line's settings, as given. */
  settings: z.object({
    durationMs: z.number().positive(),
    clients: z.number().int().positive(),
    valueBytes: z.number().int().nonnegative(),
    memberCounts: z.array(z.number().int().positive()),
    rttMs: z.array(z.number().nonnegative()),
    /** Measured windows per load after the warm-up, and the warm-up per cluster, ms (schema version 2). */
    repeats: z.number().int().positive().optional(),
    warmUpMs: z.number().nonnegative().optional(),
    /**
     * Clients per member of the read loads (schema version 2): the read loads run this many clients
     * per member, so a linearizable read's latency compares clusters at the same load per member;
     * writes and the mixed load keep `clients` in all.
     */
    readClientsPerMember: z.number().int().positive().optional(),
    /** Seed of the shuffles of the cluster plan and of each cluster's windows (schema version 2). */
    shuffleSeed: z.number().int().nonnegative().optional(),
    /** Client deadlines the member stops alternate between, ms (schema version 2). */
    failureDeadlinesMs: z.array(z.number().positive()).optional(),
    /** Whether members and the load generator were pinned to their own CPUs, and why not (schema version 2). */
    pinning: z.object({ pinned: z.boolean(), reason: z.string() }).optional(),
  }),
  fsync: fsyncResultSchema.nullable(),
  clusters: z.array(clusterRunSchema),
  probe: probeResultSchema.nullable(),
});
export type LabResult = z.infer<typeof labResultSchema>;

/** The first five problems zod found, as `path: message` joined with "; ", for a result's error message. */
export function firstIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`)
    .join('; ');
}

/**
 * Parses and checks a result read from JSON.
 *
 * @param data - the parsed JSON value.
 * @param source - file name for the message.
 * @throws Error naming the first wrong fields and the file, when `data` is not a result of this version.
 */
export function parseLabResult(data: unknown, source = 'result'): LabResult {
  const parsed = labResultSchema.safeParse(data);
  if (!parsed.success) {
    const issues = firstIssues(parsed.error);
    throw new Error(
      `${source} is not a lab result of schema version ${READABLE_SCHEMA_VERSIONS.join(' or ')}: ${issues}. Re-run npm run lab to write a current one.`,
    );
  }
  return parsed.data;
}
