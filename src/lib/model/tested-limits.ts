/**
 * sig-scalability's scalability thresholds as data, and how close a cluster's counts are to them.
 *
 * Every threshold is a row of the tables in kubernetes/community's
 * `sig-scalability/configs-and-limits/thresholds.md` at commit 24e7d8f5409c1a0121394a613746e524f781e044
 * (its `line` below; the refs and `<Value>` patterns are in ./tested-limits-sources.ts). The file's own caveats (L30-L42) are the rules of this module: the
 * thresholds are in most cases not hard limits (crossing one degrades performance, L31-L33); the
 * cluster-scope ones are given for the largest cluster and are "proportionally lower" for smaller
 * ones (L34-L36); and the envelope is not a cube, so being high on one dimension shrinks the room on
 * the others (L21-L24). Rows the file leaves "TBD" have no number and are not modelled.
 *
 * The object-size row is the one a program enforces: etcd refuses a request larger than
 * `--max-request-bytes`, 1.5 MiB by default (etcd-io/etcd@v3.7.0:server/embed/config.go#L67,
 * server/etcdserver/v3_server.go#L1098-L1100). The file writes "1.5MB"; the code's 1.5 × 1024 × 1024
 * bytes is used here.
 */
import { assertWhole } from './input.ts';

/** The node count the cluster-scope thresholds are given for: the largest tested cluster (thresholds.md#L60). */
export const LARGEST_TESTED_NODES = 5000;
/** Pods per node: at most this many (thresholds.md#L63, "min(110, 10*#cores)"). */
export const PODS_PER_NODE_CAP = 110;
/** Pods per node: at most this many per CPU core (thresholds.md#L63). */
export const PODS_PER_CORE = 10;

/**
 * A ratio from which a count is "approaching" its threshold. This is the guide's choice, not
 * upstream's: sig-scalability gives thresholds, not margins. Three quarters leaves room for the
 * growth a cluster sees between two reviews.
 */
export const APPROACHING_FROM = 0.75;
/**
 * A ratio from which a dimension counts as "high" for the envelope note: the envelope is not a cube,
 * so two dimensions past half their thresholds together are further out than either alone
 * (thresholds.md#L21-L24). Also the guide's choice.
 */
export const HIGH_FROM = 0.5;

/** The keys of the modelled thresholds; also the calculator's field keys. */
export type LimitKey =
  | 'nodes'
  | 'pods'
  | 'podsPerNode'
  | 'podsPerNamespace'
  | 'namespaces'
  | 'services'
  | 'servicesPerNamespace'
  | 'endpointsPerService'
  | 'deploymentsPerNamespace'
  | 'objectsPerType'
  | 'events'
  | 'objectSize'
  | 'typeSize'
  | 'tokens'
  | 'tokenQps';

/** Over what a threshold's count is taken: the file's column, or the row's own unit. */
export type LimitScope = 'cluster' | 'namespace' | 'node' | 'service' | 'resource type' | 'object';

/**
 * One threshold of thresholds.md. What it counts, and how a unit the file leaves open was read,
 * are words: the calculator's catalogue (src/lib/calculators/messages/limits.ts) and the table's
 * (src/lib/i18n/ui-text.ts `tables.limits`) say them by `key`.
 */
export interface TestedLimit {
  key: LimitKey;
  /** Over what the count is taken: the file's column ("cluster", "namespace", "resource type") or the row's own unit. */
  scope: LimitScope;
  /** The threshold, in `unit`; for pods per node the cap before the per-core rule (see {@link limitFor}). */
  threshold: number;
  /** What the number counts: objects, KiB, MiB or requests per second. */
  unit: 'count' | 'KiB' | 'MiB' | 'QPS';
  /** The cell as thresholds.md writes it. */
  upstream: string;
  /** The line of thresholds.md that holds the row. */
  line: number;
  /** Whether the threshold is one of the cluster-scope ones that are lower for clusters under 5,000 nodes (L34-L36). */
  scalesWithNodes: boolean;
}

/** The modelled thresholds: nodes and pods first, then Services, namespaced objects, tokens, and the storage rows (L51-L54). */
export const TESTED_LIMITS: readonly TestedLimit[] = [
  /** thresholds.md#L60: `#Nodes`, cluster 5000. */
  {
    key: 'nodes',
    scope: 'cluster',
    threshold: 5000,
    unit: 'count',
    upstream: '5000',
    line: 60,
    scalesWithNodes: false,
  },
  /** thresholds.md#L61: `#Namespaces`, cluster 10000. */
  {
    key: 'namespaces',
    scope: 'cluster',
    threshold: 10_000,
    unit: 'count',
    upstream: '10000',
    line: 61,
    scalesWithNodes: true,
  },
  /** thresholds.md#L62: `#Pods`, cluster 150000. */
  {
    key: 'pods',
    scope: 'cluster',
    threshold: 150_000,
    unit: 'count',
    upstream: '150000',
    line: 62,
    scalesWithNodes: true,
  },
  /** thresholds.md#L62: `#Pods`, namespace 3000. */
  {
    key: 'podsPerNamespace',
    scope: 'namespace',
    threshold: 3000,
    unit: 'count',
    upstream: '3000',
    line: 62,
    scalesWithNodes: false,
  },
  /** thresholds.md#L63: `#Pods per node`, min(110, 10*#cores). */
  {
    key: 'podsPerNode',
    scope: 'node',
    threshold: PODS_PER_NODE_CAP,
    unit: 'count',
    upstream: 'min(110, 10*#cores)',
    line: 63,
    scalesWithNodes: false,
  },
  /** thresholds.md#L64: `#Services`, cluster 10000. */
  {
    key: 'services',
    scope: 'cluster',
    threshold: 10_000,
    unit: 'count',
    upstream: '10000',
    line: 64,
    scalesWithNodes: true,
  },
  /** thresholds.md#L64: `#Services`, namespace 5000. */
  {
    key: 'servicesPerNamespace',
    scope: 'namespace',
    threshold: 5000,
    unit: 'count',
    upstream: '5000',
    line: 64,
    scalesWithNodes: false,
  },
  /** thresholds.md#L66: `#Endpoints per service`, 250. */
  {
    key: 'endpointsPerService',
    scope: 'service',
    threshold: 250,
    unit: 'count',
    upstream: '250',
    line: 66,
    scalesWithNodes: false,
  },
  /** thresholds.md#L69: `#Deployments`, namespace 2000. */
  {
    key: 'deploymentsPerNamespace',
    scope: 'namespace',
    threshold: 2000,
    unit: 'count',
    upstream: '2000',
    line: 69,
    scalesWithNodes: false,
  },
  /** thresholds.md#L73: `#AccessTokens`, 2000 in both columns. */
  {
    key: 'tokens',
    scope: 'cluster',
    threshold: 2000,
    unit: 'count',
    upstream: '2000',
    line: 73,
    scalesWithNodes: false,
  },
  /** thresholds.md#L74: `#AccessTokens verifications`, 5000 QPS in both columns. */
  {
    key: 'tokenQps',
    scope: 'cluster',
    threshold: 5000,
    unit: 'QPS',
    upstream: '5000 QPS',
    line: 74,
    scalesWithNodes: false,
  },
  /** thresholds.md#L51: `Number of objects (non Event)`, per resource type 150'000. */
  {
    key: 'objectsPerType',
    scope: 'resource type',
    threshold: 150_000,
    unit: 'count',
    upstream: "150'000",
    line: 51,
    scalesWithNodes: false,
  },
  /** thresholds.md#L52: `Number of objects (Event)`, per resource type 1'000'000. */
  {
    key: 'events',
    scope: 'resource type',
    threshold: 1_000_000,
    unit: 'count',
    upstream: "1'000'000",
    line: 52,
    scalesWithNodes: false,
  },
  /** thresholds.md#L53: `Size per object`, 1.5MB; etcd's default --max-request-bytes, 1.5 MiB = 1536 KiB, is used. */
  {
    key: 'objectSize',
    scope: 'object',
    threshold: 1536,
    unit: 'KiB',
    upstream: '1.5MB',
    line: 53,
    scalesWithNodes: false,
  },
  /** thresholds.md#L54: `Total size`, per resource type 1.5GB, read as 1.5 GiB = 1536 MiB like the object size. */
  {
    key: 'typeSize',
    scope: 'resource type',
    threshold: 1536,
    unit: 'MiB',
    upstream: '1.5GB',
    line: 54,
    scalesWithNodes: false,
  },
];

/** A cluster's counts, by threshold key, plus the CPU cores of the node with the most pods. */
export type ClusterCounts = Readonly<Record<LimitKey, number>> & {
  /** CPU cores of the node counted in `podsPerNode`, whole number 1–1024. */
  readonly cores: number;
};

/** Where a count stands against its threshold. */
export type LimitStatus = 'within' | 'approaching' | 'beyond';

/** One dimension of {@link checkTestedLimits}. */
export interface LimitCheck {
  limit: TestedLimit;
  /** The reader's count, in the row's unit. */
  value: number;
  /** The threshold the ratio uses, in the row's unit: scaled, or the per-core rule, where those apply. */
  limitInUse: number;
  /** How `limitInUse` was found, for the reader ("150,000 × 1,000 ÷ 5,000"); null when it is the file's number. */
  derivation: { kind: 'scaled'; factor: number } | { kind: 'perCore'; cores: number } | null;
  /** value ÷ limitInUse. */
  ratio: number;
  status: LimitStatus;
}

/** Result of {@link checkTestedLimits}. */
export interface LimitsReport {
  checks: LimitCheck[];
  /** The check with the highest ratio (the first such in table order): the dimension that binds first. */
  binding: LimitCheck;
  /** Checks at or past {@link HIGH_FROM}: two or more of them leave less room than each ratio says. */
  high: LimitCheck[];
  /** Whether cluster-scope thresholds were scaled to the node count. */
  scaled: boolean;
}

/** Upper bound for every count (objects, KiB, MiB, QPS): above the largest threshold by far, below what a double holds exactly. */
export const MAX_COUNT = 1e9;
/** Upper bound for a node's CPU cores. */
export const MAX_CORES = 1024;

/**
 * The pods-per-node threshold of a node with `cores` CPU cores: min(110, 10 × cores)
 * (thresholds.md#L63).
 *
 * @param cores - whole number 1–1024.
 * @throws RangeError otherwise.
 */
export function podsPerNodeLimit(cores: number): number {
  assertWhole(cores, 1, MAX_CORES, 'CPU cores');
  return Math.min(PODS_PER_NODE_CAP, PODS_PER_CORE * cores);
}

/** A ratio's status: beyond above 1, approaching from {@link APPROACHING_FROM}, else within. */
export function statusOf(ratio: number): LimitStatus {
  if (ratio > 1) return 'beyond';
  return ratio >= APPROACHING_FROM ? 'approaching' : 'within';
}

/**
 * The threshold a count is compared with, and how it was found.
 *
 * @param limit - a row of {@link TESTED_LIMITS}.
 * @param nodes - the cluster's nodes, whole number 1–1e9.
 * @param cores - CPU cores of the busiest node, 1–1024 (used by the pods-per-node row only).
 * @param scale - whether cluster-scope rows are scaled by min(1, nodes ÷ 5,000), the reading of thresholds.md#L34-L36.
 */
export function limitFor(
  limit: TestedLimit,
  nodes: number,
  cores: number,
  scale: boolean,
): Pick<LimitCheck, 'limitInUse' | 'derivation'> {
  if (limit.key === 'podsPerNode') {
    const perCore = podsPerNodeLimit(cores);
    return { limitInUse: perCore, derivation: perCore < PODS_PER_NODE_CAP ? { kind: 'perCore', cores } : null };
  }
  const factor = Math.min(1, nodes / LARGEST_TESTED_NODES);
  if (scale && limit.scalesWithNodes && factor < 1) {
    return { limitInUse: limit.threshold * factor, derivation: { kind: 'scaled', factor } };
  }
  return { limitInUse: limit.threshold, derivation: null };
}

/**
 * How close each of a cluster's counts is to its sig-scalability threshold.
 *
 * @param counts - one whole number 0–1e9 per {@link LimitKey} (nodes at least 1), in each row's
 *   unit (sizes in KiB and MiB, token verifications per second), and `cores` 1–1024.
 * @param scale - scale the cluster-scope thresholds of pods, namespaces and Services to the node
 *   count, min(1, nodes ÷ 5,000) (thresholds.md#L34-L36: "For smaller clusters, the limits are
 *   proportionally lower"); default true.
 * @returns every check in table order, the one that binds first, and the high ones.
 * @throws RangeError for a count that is not a whole number in range.
 */
export function checkTestedLimits(counts: ClusterCounts, scale = true): LimitsReport {
  for (const l of TESTED_LIMITS) assertWhole(counts[l.key], l.key === 'nodes' ? 1 : 0, MAX_COUNT, `counts.${l.key}`);
  assertWhole(counts.cores, 1, MAX_CORES, 'CPU cores');
  const checks = TESTED_LIMITS.map((limit): LimitCheck => {
    const value = counts[limit.key];
    const { limitInUse, derivation } = limitFor(limit, counts.nodes, counts.cores, scale);
    const ratio = value / limitInUse;
    return { limit, value, limitInUse, derivation, ratio, status: statusOf(ratio) };
  });
  const binding = checks.reduce((best, c) => (c.ratio > best.ratio ? c : best));
  return { checks, binding, high: checks.filter((c) => c.ratio >= HIGH_FROM), scaled: scale };
}
