/**
 * API Priority and Fairness seats (a model): how kube-apiserver divides its concurrency limit among
 * the priority levels it creates by default, per replica and across replicas.
 *
 * All rules are read from kubernetes/kubernetes@v1.37.0:staging/src/k8s.io/apiserver (checked at
 * v0.37.0-beta.0 of the kubernetes/apiserver mirror):
 * - the server's limit is --max-requests-inflight + --max-mutating-requests-inflight, which must be
 *   positive: pkg/server/options/feature.go#L77-L85;
 * - each level's nominal limit is ceil(limit × shares / sum of shares over all levels), its lendable
 *   seats round(nominal × lendablePercent / 100), and it may borrow round(nominal ×
 *   borrowingLimitPercent / 100), or the server's whole limit when that percentage is unset:
 *   pkg/util/flowcontrol/apf_controller.go#L857-L879;
 * - the widest a request may be at a queuing level is max(1, min(ceil(0.15 × nominal), ⌊nominal /
 *   handSize⌋)): apf_controller.go#L61-L64 and #L884-L893, then capped by the work estimator at 100
 *   seats for a LIST (10 without SizeBasedListCostEstimate) and 10 for a write's watch-event seats:
 *   pkg/util/flowcontrol/request/config.go#L68-L82.
 */
import { idleLimits } from './apf-borrowing.ts';
import { assertWhole } from './input.ts';

/** Largest flag value the calculator accepts (kube-apiserver takes any non-negative int). */
export const MAX_INFLIGHT = 1_000_000;
/** Largest replica count the calculator accepts. */
export const MAX_REPLICAS = 1000;
/** Fraction of a level's nominal limit one request may take (priorityLevelMaxSeatsPercent). */
const MAX_SEATS_FRACTION = 0.15;
/** The work estimator's cap on a LIST's seats with SizeBasedListCostEstimate (beta, on since 1.34). */
export const MAX_LIST_SEATS = 100;
/** The work estimator's cap on a write's final (watch-event) seats. */
export const MAX_MUTATING_SEATS = 10;

/** Queuing parameters of a level whose limit response is Queue. */
export interface Queuing {
  queues: number;
  handSize: number;
  queueLengthLimit: number;
}

/** One PriorityLevelConfiguration that kube-apiserver creates. */
/** The bootstrap priority levels' names. */
export type LevelName =
  | 'exempt'
  | 'catch-all'
  | 'system'
  | 'node-high'
  | 'leader-election'
  | 'workload-high'
  | 'workload-low'
  | 'global-default';

/** One bootstrap priority level. Who its flow schemas send there is words: the calculator's catalogue says it by `name`. */
export interface BootstrapLevel {
  name: LevelName;
  /** `mandatory` levels cannot be changed away from these specs; `suggested` ones can be overridden. */
  origin: 'mandatory' | 'suggested';
  /** `exempt` requests are never queued or rejected; `limited` ones are. */
  type: 'exempt' | 'limited';
  nominalConcurrencyShares: number;
  lendablePercent: number;
  /** null: unset, so the level may borrow up to the server's whole limit. */
  borrowingLimitPercent: number | null;
  /** null: the level rejects (HTTP 429) instead of queuing, or is exempt. */
  queuing: Queuing | null;
}

/**
 * The bootstrap priority levels, as kube-apiserver v1.37 creates them. Each row is one object of
 * kubernetes/kubernetes@v1.37.0:staging/src/k8s.io/apiserver/pkg/apis/flowcontrol/bootstrap/default.go;
 * no level sets borrowingLimitPercent.
 */
export const BOOTSTRAP_LEVELS: readonly BootstrapLevel[] = [
  /** default.go#L86-L95: MandatoryPriorityLevelConfigurationExempt; its flow schema is default.go#L114-L137 (system:masters), and the suggested "probes" schema at #L282-L293 sends /healthz, /readyz and /livez here too. */
  {
    name: 'exempt',
    origin: 'mandatory',
    type: 'exempt',
    nominalConcurrencyShares: 0,
    lendablePercent: 0,
    borrowingLimitPercent: null,
    queuing: null,
  },
  /** default.go#L96-L107: MandatoryPriorityLevelConfigurationCatchAll (Reject, no queues). */
  {
    name: 'catch-all',
    origin: 'mandatory',
    type: 'limited',
    nominalConcurrencyShares: 5,
    lendablePercent: 0,
    borrowingLimitPercent: null,
    queuing: null,
  },
  /** default.go#L169-L185: SuggestedPriorityLevelConfigurationSystem. */
  {
    name: 'system',
    origin: 'suggested',
    type: 'limited',
    nominalConcurrencyShares: 30,
    lendablePercent: 33,
    borrowingLimitPercent: null,
    queuing: { queues: 64, handSize: 6, queueLengthLimit: 50 },
  },
  /** default.go#L186-L202: SuggestedPriorityLevelConfigurationNodeHigh. */
  {
    name: 'node-high',
    origin: 'suggested',
    type: 'limited',
    nominalConcurrencyShares: 40,
    lendablePercent: 25,
    borrowingLimitPercent: null,
    queuing: { queues: 64, handSize: 6, queueLengthLimit: 50 },
  },
  /** default.go#L204-L220: SuggestedPriorityLevelConfigurationLeaderElection. */
  {
    name: 'leader-election',
    origin: 'suggested',
    type: 'limited',
    nominalConcurrencyShares: 10,
    lendablePercent: 0,
    borrowingLimitPercent: null,
    queuing: { queues: 16, handSize: 4, queueLengthLimit: 50 },
  },
  /** default.go#L222-L238: SuggestedPriorityLevelConfigurationWorkloadHigh. */
  {
    name: 'workload-high',
    origin: 'suggested',
    type: 'limited',
    nominalConcurrencyShares: 40,
    lendablePercent: 50,
    borrowingLimitPercent: null,
    queuing: { queues: 128, handSize: 6, queueLengthLimit: 50 },
  },
  /** default.go#L240-L256: SuggestedPriorityLevelConfigurationWorkloadLow. */
  {
    name: 'workload-low',
    origin: 'suggested',
    type: 'limited',
    nominalConcurrencyShares: 100,
    lendablePercent: 90,
    borrowingLimitPercent: null,
    queuing: { queues: 128, handSize: 6, queueLengthLimit: 50 },
  },
  /** default.go#L258-L274: SuggestedPriorityLevelConfigurationGlobalDefault. */
  {
    name: 'global-default',
    origin: 'suggested',
    type: 'limited',
    nominalConcurrencyShares: 20,
    lendablePercent: 50,
    borrowingLimitPercent: null,
    queuing: { queues: 128, handSize: 6, queueLengthLimit: 50 },
  },
];

/** The level names, in {@link BOOTSTRAP_LEVELS} order. */
export const LEVEL_NAMES: readonly string[] = BOOTSTRAP_LEVELS.map((l) => l.name);

/** One level's seats on one replica. */
export interface LevelSeats {
  level: BootstrapLevel;
  /** Nominal concurrency limit (seats). */
  nominal: number;
  /** Seats other levels may borrow from it. */
  lendable: number;
  /** Lowest limit the periodic adjustment may give it: nominal − lendable. */
  min: number;
  /** Highest limit the periodic adjustment may give it: nominal + what it may borrow. */
  max: number;
  /**
   * Widest one request may be at this level before the estimator's own caps: null when the
   * controller sets none (a level without queues), so the estimator's caps alone apply.
   */
  maxSeatsPerRequest: number | null;
  /** Requests that may wait in its queues: queues × queueLengthLimit (0 when it does not queue). */
  maxWaiting: number;
  /**
   * Its current limit while no level has demand (after start-up, or an idle spell), from
   * {@link idleLimits}; null for the exempt level, which has no limit.
   */
  idle: number | null;
}

/** Result of {@link apfSeats}. */
export interface ApfSeats {
  /** The server's concurrency limit per replica: --max-requests-inflight + --max-mutating-requests-inflight. */
  perReplica: number;
  /** perReplica × replicas: what a load balancer that spreads requests evenly can use. */
  acrossReplicas: number;
  replicas: number;
  /** Sum of every level's nominal concurrency shares. */
  shareSum: number;
  /** Sum of the nominal limits; can exceed perReplica because each is rounded up. */
  nominalSum: number;
  levels: LevelSeats[];
  /** Requests all levels together may hold waiting in queues on one replica. */
  maxWaitingPerReplica: number;
}

/**
 * Seats per priority level for the bootstrap configuration, computed as kube-apiserver does.
 *
 * @param replicas - kube-apiserver replicas, whole number 1–1000.
 * @param maxRequestsInflight - --max-requests-inflight, whole number 0–1,000,000.
 * @param maxMutatingRequestsInflight - --max-mutating-requests-inflight, whole number 0–1,000,000.
 * @param levels - the priority levels (default: {@link BOOTSTRAP_LEVELS}); their shares must not all be 0.
 * @returns seats per replica and per level; floats are combined in the order Go combines them, so
 *   rounding matches upstream exactly.
 * @throws RangeError for out-of-range input, or when the two flags add up to 0 (kube-apiserver
 *   refuses to start: feature.go#L77-L78), or when no level has a share.
 */
export function apfSeats(
  replicas: number,
  maxRequestsInflight: number,
  maxMutatingRequestsInflight: number,
  levels: readonly BootstrapLevel[] = BOOTSTRAP_LEVELS,
): ApfSeats {
  assertWhole(replicas, 1, MAX_REPLICAS, 'API-server replicas');
  assertWhole(maxRequestsInflight, 0, MAX_INFLIGHT, '--max-requests-inflight');
  assertWhole(maxMutatingRequestsInflight, 0, MAX_INFLIGHT, '--max-mutating-requests-inflight');
  const limit = maxRequestsInflight + maxMutatingRequestsInflight;
  if (limit <= 0)
    throw new RangeError(
      '--max-requests-inflight and --max-mutating-requests-inflight add up to 0; with API Priority and Fairness they must add up to something positive.',
    );
  const shareSum = levels.reduce((s, l) => s + l.nominalConcurrencyShares, 0);
  if (shareSum <= 0) throw new RangeError('No priority level has a nominal concurrency share.');
  const bare = levels.map((level) => levelSeats(level, limit, shareSum));
  const idle = idleLimits(bare);
  const out = bare.map((l, i) => ({ ...l, idle: idle[i] ?? null }));
  return {
    perReplica: limit,
    acrossReplicas: limit * replicas,
    replicas,
    shareSum,
    nominalSum: out.reduce((s, l) => s + l.nominal, 0),
    levels: out,
    maxWaitingPerReplica: out.reduce((s, l) => s + l.maxWaiting, 0),
  };
}

/** finishQueueSetReconfigsLocked for one level (apf_controller.go#L859-L893). */
function levelSeats(level: BootstrapLevel, limit: number, shareSum: number): Omit<LevelSeats, 'idle'> {
  const nominal = Math.ceil((limit * level.nominalConcurrencyShares) / shareSum);
  // Math.round and Go's math.Round agree on non-negative numbers.
  const lendable = Math.round((nominal * level.lendablePercent) / 100);
  const borrowing =
    level.borrowingLimitPercent === null ? limit : Math.round((nominal * level.borrowingLimitPercent) / 100);
  const q = level.queuing;
  return {
    level,
    nominal,
    lendable,
    min: nominal - lendable,
    max: nominal + borrowing,
    maxSeatsPerRequest: q
      ? Math.max(1, Math.min(Math.ceil(nominal * MAX_SEATS_FRACTION), Math.trunc(nominal / q.handSize)))
      : null,
    maxWaiting: q ? q.queues * q.queueLengthLimit : 0,
  };
}

/**
 * The most seats one request can take at a level, after the work estimator's caps
 * (request/list_work_estimator.go#L59-L63 and mutating_work_estimator.go#L44-L48: a level without a
 * limit of its own gets the estimator's cap).
 *
 * @param seats - the level's entry from {@link apfSeats}.
 * @returns seats for a LIST, and the final (watch-event) seats of a write.
 */
export function widestRequest(seats: LevelSeats): { list: number; mutating: number } {
  const own = seats.maxSeatsPerRequest;
  return {
    list: own === null ? MAX_LIST_SEATS : Math.min(own, MAX_LIST_SEATS),
    mutating: own === null ? MAX_MUTATING_SEATS : Math.min(own, MAX_MUTATING_SEATS),
  };
}
