/**
 * What the read-path model (./read-path.ts) says about a route, as keys with their figures and no
 * words: each language's catalogue (src/lib/calculators/messages/read-path.ts) words every key, so
 * the English is written once, there, like the Japanese.
 */

/** A resource without a watch cache. */
export type UncachedResource = 'events' | 'size0' | 'off';

/** What decides an exact read: resourceVersionMatch=Exact, a first-page continue token, or the legacy limit match. */
export type ExactSubject = { kind: 'match' } | { kind: 'firstPage' } | { kind: 'legacy'; rv: string };

/** How the cache answers an exact read. `current` is etcd's revision, `rv` the request's. */
export type ExactOutcome =
  | { kind: 'noSnapshots' }
  | { kind: 'waits'; current: number }
  | { kind: 'noProgressNotify' }
  | { kind: 'parsesToZero'; rv: string }
  | { kind: 'gone' }
  | { kind: 'held' };

/** Why the delegator routes the request as it does: the first sentence of a route's reason. */
export type WhyPhrase =
  | { key: 'noCache'; resource: UncachedResource }
  | { key: 'getWithoutRv' }
  | { key: 'getCacheNotReady' }
  | { key: 'getAnyVersion'; rv: string }
  | { key: 'getWaits'; rv: string; current: number }
  | { key: 'getSeen'; rv: string }
  | { key: 'exact'; subject: ExactSubject; outcome: ExactOutcome }
  | { key: 'notOlderThanMatch' }
  | { key: 'latestNoSnapshots' }
  | { key: 'latestConsistent'; progressNotify: boolean }
  | { key: 'consistent'; progressNotify: boolean }
  | { key: 'listAnyVersion'; rv: string }
  | { key: 'listNotOlderThan'; rv: string };

/**
 * What then happens: the second sentence, when there is one. `notOlderThan` is the resourceVersion
 * checked after an etcd read at the latest revision (null: no check); `limit` 0 is no limit.
 */
export type ThenPhrase =
  | { key: 'notReadyToEtcd' }
  | { key: 'notReady429'; selector: boolean }
  | { key: 'etcdGet'; notOlderThan: string | null }
  /** `rv` null: the continue token's (first page's) revision. */
  | { key: 'etcdAtRevision'; rv: string | null }
  | { key: 'etcdLatestContinue'; limit: number }
  | { key: 'etcdLatest'; notOlderThan: string | null; limit: number }
  | { key: 'cacheConsistent'; fromKey: boolean }
  | { key: 'cacheWaitsExact'; rv: string }
  | { key: 'cacheFromSnapshot' }
  | { key: 'cacheWaits'; current: number }
  | { key: 'cacheSeen' };

/** A route's reason: why, then what follows, sentence by sentence (none when the first says it all). */
export interface RouteReason {
  why: WhyPhrase;
  then: readonly ThenPhrase[];
}

/** What a request costs etcd. */
export type CostKey =
  | 'none'
  | 'linearizableGet'
  | 'linearizableList'
  | 'linearizablePage'
  | 'exactList'
  | 'revisionThenCache'
  | 'progress'
  | 'waitNoProgress'
  | 'rejected';

/** How fresh the answer is, in detail. `future`: the exact revision is one the cache waits for. */
export type FreshPhrase =
  | { key: 'linearizable' }
  | { key: 'consistentFromCache' }
  | { key: 'notOlderThan'; rv: string }
  | { key: 'exact'; rv: string; future: boolean }
  | { key: 'firstPage' }
  | { key: 'latestContinue' }
  | { key: 'any' }
  | { key: 'none' };

/** When a route takes its fallback: a consistent LIST's cache wait, or a wait for a revision etcd has not reached (`rev` as upstream prints it). */
export type FallbackWhen = { key: 'consistent' } | { key: 'cacheWait'; rev: string; current: number };

/** When a route ends in one of its other errors. */
export type FailsWhen = 'skipTimeoutFallback' | 'compacted';

/** The parameters a GET ignores. */
export type IgnoredParam = 'resourceVersionMatch' | 'limit' | 'continue' | 'selectors';

/** A remark on a route: what a GET ignores, a limit the cache ignores, RangeStream, selectors in etcd, Events. */
export type RouteNote =
  | { key: 'getIgnores'; params: readonly IgnoredParam[] }
  | { key: 'rvZeroIgnoresLimit' }
  | { key: 'rangeStream' }
  | { key: 'noSelectorsInEtcd' }
  | { key: 'events' };
