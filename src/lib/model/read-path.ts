/**
 * Read-path explorer: where kube-apiserver v1.37 serves a GET or LIST, and what that costs etcd,
 * for a resource with a watch cache and for one without (Events by default, any resource set to
 * `--watch-cache-sizes=<resource>#0`, every resource with `--watch-cache=false`). Rules are
 * transcribed from the cacher's delegator
 * (kubernetes/kubernetes@v1.37.0:staging/src/k8s.io/apiserver/pkg/storage/cacher/delegator.go,
 * delegator/interface.go), the etcd3 store (storage/etcd3/store.go) and request validation
 * (staging/src/k8s.io/apimachinery/pkg/apis/meta/internalversion/validation/validation.go#L28-L51,
 * staging/src/k8s.io/apiserver/pkg/storage/interfaces.go#L351-L389). Semantics of the parameters:
 * https://kubernetes.io/docs/reference/using-api/api-concepts/#semantics-for-get-and-list
 *
 * Scope and simplifications:
 * - Not modelled: WATCH; a LIST with a `metadata.name` field selector (a non-recursive list,
 *   which Exact/continue always send to etcd, cacher.go#L1404-L1414); races where the cache
 *   compacts a snapshot mid-request (falls back to etcd, delegator.go#L169-L171); a watch cache
 *   that lags behind etcd (a ready cache is taken to have caught up with `currentRevision`).
 * - Continue tokens (storage/continue.go DecodeContinue) come in the kinds of {@link ContinueToken}:
 *   one from the previous page carries that list's first-page revision, an older one; whether the
 *   cache still holds it uses the same input as an Exact resourceVersion (`exactRvInCache`). One
 *   with resourceVersion −1 is what a 410 for a compacted page hands out (etcd3/errors.go): the
 *   storage reads it at the latest revision and the cacher treats it as a consistent read. One
 *   without a resourceVersion (0) or that does not decode is a 400 before anything is read.
 */
import { assertWhole } from './input.ts';
import type {
  CostKey,
  ExactOutcome,
  ExactSubject,
  FailsWhen,
  FallbackWhen,
  FreshPhrase,
  IgnoredParam,
  RouteNote,
  RouteReason,
  ThenPhrase,
  UncachedResource,
  WhyPhrase,
} from './read-path-phrases.ts';
import * as S from './sources.ts';

export type * from './read-path-phrases.ts';

/** Request verb. */
export type ReadVerb = 'GET' | 'LIST';

/**
 * The resource's storage: 'cached' has a watch cache; the others have none, so the store reads
 * etcd directly: 'events' (core and events.k8s.io Events, size 0 by default), 'size0'
 * (`--watch-cache-sizes=<resource>#0`), 'off' (`--watch-cache=false`, every resource).
 */
export type ReadResource = 'cached' | 'events' | 'size0' | 'off';

/** Where the request is answered. 'too-many-requests' = HTTP 429 while the watch cache initialises. */
export type ReadServedBy =
  'watch-cache' | 'watch-cache-after-etcd-revision' | 'etcd-linearizable' | 'etcd-exact-revision' | 'too-many-requests';

/** How fresh the answer is. */
export type ReadFreshness = 'linearizable' | 'not-older-than' | 'exact' | 'any' | 'none';

/**
 * Which continue token a LIST sends:
 * - 'none': no token;
 * - 'first-page': the token of the previous page, carrying the first page's revision (> 0);
 * - 'latest': a token with resourceVersion −1, as a 410 for a compacted page hands out: the next
 *   page at the latest revision, so the list as a whole is not one snapshot;
 * - 'no-rv': a token that decodes but has no resourceVersion (0), which upstream rejects;
 * - 'malformed': a token that is not base64url JSON of a meta.k8s.io/v1 token, or whose start key
 *   is empty or not a clean path (path.Clean changes it: `..`, `a//b`, a trailing `/`).
 */
export type ContinueToken = 'none' | 'first-page' | 'latest' | 'no-rv' | 'malformed';

/** The explorer's inputs. */
export interface ReadRequest {
  verb: ReadVerb;
  /** Which storage the resource has (watch cache or not). */
  resource: ReadResource;
  /** '' = unset, '0', or a resourceVersion such as '12345'. */
  resourceVersion: string;
  /** '' = unset, 'NotOlderThan' or 'Exact' (anything else is rejected like upstream). LIST only. */
  resourceVersionMatch: string;
  /** Page size, whole number ≥ 0; 0 = no limit. LIST only. */
  limit: number;
  /** Which continue token is sent, if any. LIST only. */
  continueToken: ContinueToken;
  /** etcd's current revision, whole number ≥ 1; a ready watch cache has caught up with it. */
  currentRevision: number;
  /** Whether this API server's watch cache for the resource has initialised. */
  cacheReady: boolean;
  /** Whether etcd supports RequestWatchProgress (etcd ≥ 3.4.31 / ≥ 3.5.13). */
  etcdSupportsProgressNotify: boolean;
  /** ListFromCacheSnapshot feature (beta, on by default since 1.34): the cache keeps snapshots for exact reads. */
  cacheSnapshots: boolean;
  /** For a revision the cache has already seen: whether it still holds a snapshot at it. */
  exactRvInCache: boolean;
  /** Whether a label or field selector is set. LIST only. */
  hasSelector: boolean;
}

/** Defaults: a plain consistent LIST of a cached resource against a ready cache and a current etcd. */
export const DEFAULT_READ_REQUEST: Readonly<ReadRequest> = {
  verb: 'LIST',
  resource: 'cached',
  resourceVersion: '',
  resourceVersionMatch: '',
  limit: 0,
  continueToken: 'none',
  currentRevision: 100000,
  cacheReady: true,
  etcdSupportsProgressNotify: true,
  cacheSnapshots: true,
  exactRvInCache: true,
  hasSelector: false,
};

/** The Retry-After header kube-apiserver sends, in seconds (min === max for a fixed value). */
export interface RetryAfter {
  min: number;
  max: number;
}

/** An error response as kube-apiserver writes it. */
export interface ReadHttpError {
  /** HTTP status code. */
  status: 400 | 410 | 422 | 429 | 500 | 504;
  /** Upstream's message text. */
  message: string;
  /**
   * The explorer's remark after a message that upstream fills with a detail the explorer cannot
   * know: `'decoderReasons'` lists what makes a continue token fail to decode.
   */
  remark?: 'decoderReasons';
  /** The Retry-After header, or null when none is sent (the handler sets it only for RetryAfterSeconds > 0). */
  retryAfter: RetryAfter | null;
}

/** A request kube-apiserver answers with an error: at validation, or after reading etcd. */
export interface ReadError extends ReadHttpError {
  field: 'resourceVersion' | 'resourceVersionMatch' | 'continue';
  /**
   * When kube-apiserver has already read etcd before it answers with this error, how many etcd
   * requests it made; absent for a request rejected before anything is read.
   */
  etcdRequestsFirst?: number;
  /** The upstream lines that decide this error, as citation refs (for a 500, also the handler that makes it one). */
  sources: string[];
}

/** An error response a route ends in under a condition. */
export interface ReadFailure {
  when: FailsWhen;
  error: ReadHttpError;
  refs: string[];
}

/** Where and how a valid request is served. */
export interface ReadRoute {
  ok: true;
  servedBy: ReadServedBy;
  /** Why, sentence by sentence. */
  reason: RouteReason;
  /** Upstream lines that decide it (citation refs). */
  refs: string[];
  /** What the request costs etcd. */
  etcdCost: CostKey;
  /** etcd requests made in the normal case (0 for the watch cache). */
  etcdRequests: number;
  freshness: ReadFreshness;
  /** The freshness in detail, with its figures. */
  freshnessDetail: FreshPhrase;
  /** The response itself when it is an error (servedBy 'too-many-requests'); else null. */
  response: ReadHttpError | null;
  /** What happens if the cache cannot answer in time, when that changes the answer; else null. */
  fallback: {
    servedBy: ReadServedBy | 'error';
    when: FallbackWhen;
    refs: string[];
    error: ReadHttpError | null;
  } | null;
  /** Other error responses this route can end in, each with its condition. */
  mayFail: ReadFailure[];
  /** Parameters that this verb ignores, and other remarks. */
  notes: RouteNote[];
}

export type ReadResult = ReadRoute | { ok: false; errors: ReadError[] };

const MAX_UINT64 = 18446744073709551615n;
/** Upper bound of `currentRevision`, within JavaScript's safe integers. */
export const MAX_REVISION = 1e15;

/** HTTP reason phrases of the statuses the explorer shows. */
export const STATUS_TEXT: Readonly<Record<ReadHttpError['status'], string>> = {
  400: 'Bad Request',
  410: 'Gone',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  504: 'Gateway Timeout',
};

/** Retry-After of a watch-cache wait that timed out (resourceVersionTooHighRetrySeconds). */
const RETRY_1S: RetryAfter = { min: 1, max: 1 };
/** Retry-After of a 429 from an unready cache: from 1 s, growing with the time unready, capped at 30 s. */
export const UNREADY_RETRY_AFTER: RetryAfter = { min: 1, max: 30 };

/**
 * The Retry-After of a LIST rejected by an unready watch cache, as calculateRetryAfterForUnreadyCache
 * computes it from how long the cache has been unready: ⌊min(30, max(1, e^(0.06·s)))⌋.
 *
 * @param secondsUnready - time since the cache left the ready state, seconds ≥ 0.
 */
export function unreadyCacheRetryAfter(secondsUnready: number): number {
  return Math.trunc(Math.min(30, Math.max(1, Math.exp(0.06 * secondsUnready))));
}

/**
 * Whether `rv` parses to revision 0 ("0", "00", …). The watch cache then waits for nothing and
 * answers with what it holds (watch_cache.go waitUntilFreshLocked with revision 0), whereas the
 * delegator's own branches compare the text with "0", so "00" with a `limit` is still a legacy
 * exact match for the delegator (interface.go#L38-L62): callers use this only where upstream has
 * parsed the value.
 */
function parsesToZero(rv: string): boolean {
  return /^0+$/.test(rv);
}

/** Whether upstream's versioner parses `rv` (strconv.ParseUint base 10, 64-bit). */
function parsesAsResourceVersion(rv: string): boolean {
  if (rv === '' || rv === '0') return true;
  return /^\d+$/.test(rv) && BigInt(rv) <= MAX_UINT64;
}

/** A parsed, non-zero resourceVersion newer than etcd's current revision. */
function isFuture(rv: string, current: number): boolean {
  return rv !== '' && !parsesToZero(rv) && BigInt(rv) > BigInt(current);
}

/** The revision as upstream prints it (%d of the parsed value). */
function revText(rv: string): string {
  return BigInt(rv).toString();
}

/** storage.NewTooLargeResourceVersionError: a 504 Timeout, with Retry-After only when retrySeconds > 0. */
function tooLarge(rv: string, current: number, retrySeconds: number): ReadHttpError {
  return {
    status: 504,
    message: `Timeout: Too large resource version: ${revText(rv)}, current: ${current}`,
    retryAfter: retrySeconds > 0 ? { min: retrySeconds, max: retrySeconds } : null,
  };
}

/** The refs behind a 504 Too large resource version and its Retry-After header. */
const TOO_LARGE_REFS = [S.tooLargeResourceVersionError, S.timeoutErrorIs504, S.retryAfterHeader];

const COMPACTED_410: ReadHttpError = {
  status: 410,
  message: 'The resourceVersion for the provided list is too old.',
  retryAfter: null,
};
/** Whether the request carries a continue token of any kind. */
const hasContinue = (r: ReadRequest): boolean => r.continueToken !== 'none';

/**
 * The 400 DecodeContinue's error becomes in ValidateListOptions, by the kind of bad token. The
 * check runs in the cacher's delegator for a resource with a watch cache (whether the cache is
 * ready or not), else in the etcd3 store's GetList, in both cases before etcd is read.
 */
function invalidContinue(kind: 'no-rv' | 'malformed', resource: ReadResource): ReadError {
  return {
    field: 'continue',
    status: 400,
    message:
      kind === 'no-rv'
        ? 'invalid continue token: continue key is not valid: incorrect encoded start resourceVersion (version meta.k8s.io/v1)'
        : 'invalid continue token: continue key is not valid: […]',
    ...(kind === 'malformed' ? { remark: 'decoderReasons' as const } : {}),
    retryAfter: null,
    sources: [
      S.storageDecodeContinue,
      S.storageInvalidContinue400,
      resource === 'cached' ? S.delegatorValidatesListFirst : S.etcdListValidatesOptions,
      S.badRequestIs400,
    ],
  };
}

const CONTINUE_COMPACTED_410: ReadHttpError = {
  status: 410,
  message:
    'The provided continue parameter is too old to display a consistent list result. You can start a new list without the continue parameter, or use the continue token in this response to retrieve the remainder of the results. […]',
  retryAfter: null,
};

/**
 * Validates a request like kube-apiserver: ListOptions validation (422) then storage list
 * validation (400); for GET only the resourceVersion syntax.
 *
 * @returns the errors, empty when the request is valid.
 */
function validateReadRequest(r: ReadRequest): ReadError[] {
  const errors: ReadError[] = [];
  const rvInvalid = (): ReadError => ({
    field: 'resourceVersion',
    status: 400,
    message: `invalid resource version: "${r.resourceVersion}" is not an unsigned 64-bit integer`,
    retryAfter: null,
    sources: [S.storageValidateListOptions],
  });
  if (r.verb === 'GET') {
    if (parsesAsResourceVersion(r.resourceVersion)) return errors;
    // GET has no request-level check. A ready cache parses the value and returns the storage error
    // as is, which the handler turns into a 500; the etcd store (no cache, or an unready one) reads
    // etcd first and rejects the value only after that read.
    const invalid = `resourceVersion: Invalid value: "${r.resourceVersion}": strconv.ParseUint: parsing ${JSON.stringify(r.resourceVersion)}: ${/^\d+$/.test(r.resourceVersion) ? 'value out of range' : 'invalid syntax'}`;
    errors.push(
      r.resource === 'cached' && r.cacheReady
        ? {
            field: 'resourceVersion',
            status: 500,
            message: invalid,
            retryAfter: null,
            sources: [S.delegatorGetFromCache, S.handlerUnconvertedErrorIs500],
          }
        : {
            field: 'resourceVersion',
            status: 400,
            message: `invalid resource version: ${invalid}`,
            retryAfter: null,
            sources: [S.etcdStoreValidateMinimumRv],
            etcdRequestsFirst: 1,
          },
    );
    return errors;
  }
  const match = r.resourceVersionMatch;
  if (match !== '') {
    const api = (message: string): ReadError => ({
      field: 'resourceVersionMatch',
      status: 422,
      message,
      retryAfter: null,
      sources: [S.apiValidateListOptions],
    });
    if (r.resourceVersion === '')
      errors.push(api('resourceVersionMatch is forbidden unless resourceVersion is provided'));
    if (hasContinue(r)) errors.push(api('resourceVersionMatch is forbidden when continue is provided'));
    if (match !== 'Exact' && match !== 'NotOlderThan')
      errors.push(api(`Unsupported value: "${match}": supported values: "Exact", "NotOlderThan", ""`));
    if (match === 'Exact' && r.resourceVersion === '0')
      errors.push(api('resourceVersionMatch "exact" is forbidden for resourceVersion "0"'));
  }
  if (errors.length > 0) return errors;
  if (hasContinue(r)) {
    // ValidateListOptions decodes the token before it looks at resourceVersion (interfaces.go#L352-L359).
    if (r.continueToken === 'no-rv' || r.continueToken === 'malformed') {
      errors.push(invalidContinue(r.continueToken, r.resource));
      return errors;
    }
    if (r.resourceVersion !== '' && r.resourceVersion !== '0') {
      errors.push({
        field: 'continue',
        status: 400,
        message: 'specifying resource version is not allowed when using continue',
        retryAfter: null,
        sources: [S.storageValidateListOptions],
      });
    }
    return errors;
  }
  if (!parsesAsResourceVersion(r.resourceVersion)) errors.push(rvInvalid());
  return errors;
}

type RouteBody = Omit<ReadRoute, 'ok' | 'notes'>;

/** A route body with no error response, fallback or failure. */
function body(
  b: Omit<RouteBody, 'response' | 'fallback' | 'mayFail'> &
    Partial<Pick<RouteBody, 'fallback' | 'mayFail' | 'response'>>,
): RouteBody {
  return { response: null, fallback: null, mayFail: [], ...b };
}

/** What a cache wait for a newer revision costs etcd, and the lines behind it. */
function waitCost(r: ReadRequest): { etcdCost: CostKey; refs: string[] } {
  return r.etcdSupportsProgressNotify
    ? { etcdCost: 'progress', refs: [S.progressRequestPeriod] }
    : { etcdCost: 'waitNoProgress', refs: [] };
}

/** What the watch cache does for a revision it has not seen yet: waits up to 3 s, then 504 with Retry-After: 1. */
function cacheWaitFallback(r: ReadRequest, rv: string): RouteBody['fallback'] {
  return {
    servedBy: 'error',
    when: { key: 'cacheWait', rev: revText(rv), current: r.currentRevision },
    refs: [S.waitUntilFreshLocked, S.watchCacheBlockTimeout, S.watchCacheRetrySeconds, ...TOO_LARGE_REFS],
    error: tooLarge(rv, r.currentRevision, 1),
  };
}

/**
 * The etcd store's LIST, as storage.ValidateListOptions and store.GetList read the request: a read at
 * an exact revision (Exact, a continue token, or a limit with a non-zero resourceVersion and no match),
 * else at the latest revision with the not-older-than check after the read.
 */
function etcdList(r: ReadRequest, why: WhyPhrase, refs: string[], before: ThenPhrase[] = []): RouteBody | ReadError {
  const rv = r.resourceVersion;
  const parsedNonZero = rv !== '' && !parsesToZero(rv);
  const firstPage = r.continueToken === 'first-page';
  const latest = r.continueToken === 'latest';
  const exact =
    firstPage ||
    (!latest &&
      parsedNonZero &&
      (r.resourceVersionMatch === 'Exact' || (r.resourceVersionMatch === '' && r.limit > 0)));
  const streams = !hasContinue(r) && r.limit === 0;
  const allRefs = [
    ...refs,
    S.storageValidateListOptions,
    ...(streams ? [S.etcdStoreShouldStream, S.etcdRangeStreamGate] : []),
  ];
  if (exact) {
    if (!firstPage && isFuture(rv, r.currentRevision)) {
      return {
        field: 'resourceVersion',
        ...tooLarge(rv, r.currentRevision, 0),
        etcdRequestsFirst: 2,
        sources: [...allRefs, S.etcdListFutureRevision, ...TOO_LARGE_REFS],
      };
    }
    return body({
      servedBy: 'etcd-exact-revision',
      reason: { why, then: [...before, { key: 'etcdAtRevision', rv: firstPage ? null : rv }] },
      refs: allRefs,
      etcdCost: 'exactList',
      etcdRequests: 1,
      freshness: 'exact',
      freshnessDetail: firstPage ? { key: 'firstPage' } : { key: 'exact', rv, future: false },
      mayFail: [
        {
          when: 'compacted',
          error: firstPage ? CONTINUE_COMPACTED_410 : COMPACTED_410,
          refs: [S.etcdListCompacted410, S.resourceExpiredIs410, ...(firstPage ? [S.inconsistentContinue410] : [])],
        },
      ],
    });
  }
  if (latest) {
    return body({
      servedBy: 'etcd-linearizable',
      reason: { why, then: [...before, { key: 'etcdLatestContinue', limit: r.limit }] },
      refs: [...allRefs, S.storageContinueLatest],
      etcdCost: r.limit > 0 ? 'linearizablePage' : 'linearizableList',
      etcdRequests: 1,
      freshness: 'linearizable',
      freshnessDetail: { key: 'latestContinue' },
      mayFail: [],
    });
  }
  const notOlder = parsedNonZero;
  if (notOlder && isFuture(rv, r.currentRevision)) {
    return {
      field: 'resourceVersion',
      ...tooLarge(rv, r.currentRevision, 0),
      etcdRequestsFirst: 1,
      sources: [...allRefs, S.etcdListMinimumRvAfterRead, S.etcdStoreValidateMinimumRv, ...TOO_LARGE_REFS],
    };
  }
  return body({
    servedBy: 'etcd-linearizable',
    reason: { why, then: [...before, { key: 'etcdLatest', notOlderThan: notOlder ? rv : null, limit: r.limit }] },
    refs: [...allRefs, ...(notOlder ? [S.etcdListMinimumRvAfterRead] : [])],
    etcdCost: r.limit > 0 ? 'linearizablePage' : 'linearizableList',
    etcdRequests: 1,
    freshness: 'linearizable',
    freshnessDetail: { key: 'linearizable' },
  });
}

/** The etcd store's GET: always the latest revision, with the not-older-than check after the read. */
function etcdGet(r: ReadRequest, why: WhyPhrase, refs: string[]): RouteBody | ReadError {
  const rv = r.resourceVersion;
  const notOlder = rv !== '' && !parsesToZero(rv);
  if (notOlder && isFuture(rv, r.currentRevision)) {
    return {
      field: 'resourceVersion',
      ...tooLarge(rv, r.currentRevision, 0),
      etcdRequestsFirst: 1,
      sources: [...refs, S.etcdStoreValidateMinimumRv, ...TOO_LARGE_REFS],
    };
  }
  return body({
    servedBy: 'etcd-linearizable',
    reason: { why, then: [{ key: 'etcdGet', notOlderThan: notOlder ? rv : null }] },
    refs,
    etcdCost: 'linearizableGet',
    etcdRequests: 1,
    freshness: 'linearizable',
    freshnessDetail: { key: 'linearizable' },
  });
}

/** The lines that decide why a resource has no watch cache. */
function noCacheRefs(resource: UncachedResource): string[] {
  switch (resource) {
    case 'events':
      return [S.eventsWatchCacheOffByDefault, S.watchCacheSizesMerged, S.watchCacheDecorator];
    case 'size0':
      return [S.watchCacheDecorator];
    default:
      return [S.watchCacheOffUndecorated, S.watchCacheDecorator];
  }
}

function routeGet(r: ReadRequest): RouteBody | ReadError {
  const rv = r.resourceVersion;
  if (r.resource !== 'cached') {
    return etcdGet(r, { key: 'noCache', resource: r.resource }, [...noCacheRefs(r.resource), S.etcdStoreGet]);
  }
  if (rv === '') return etcdGet(r, { key: 'getWithoutRv' }, [S.delegatorGetRvUnset, S.etcdStoreGet]);
  if (!r.cacheReady) return etcdGet(r, { key: 'getCacheNotReady' }, [S.delegatorGetNotReady, S.etcdStoreGet]);
  const zero = parsesToZero(rv);
  const waits = isFuture(rv, r.currentRevision);
  const why: WhyPhrase = zero
    ? { key: 'getAnyVersion', rv }
    : waits
      ? { key: 'getWaits', rv, current: r.currentRevision }
      : { key: 'getSeen', rv };
  return body({
    servedBy: 'watch-cache',
    reason: { why, then: [] },
    refs: [
      S.delegatorGetFromCache,
      ...(zero ? [] : [S.cacherGetWaits, S.waitUntilFreshLocked]),
      ...(waits ? waitCost(r).refs : []),
    ],
    etcdCost: waits ? waitCost(r).etcdCost : 'none',
    etcdRequests: 0,
    freshness: zero ? 'any' : 'not-older-than',
    freshnessDetail: zero ? { key: 'any' } : { key: 'notOlderThan', rv },
    fallback: waits ? cacheWaitFallback(r, rv) : null,
  });
}

/** The delegator's decision for a LIST of a cached resource (ShouldDelegateList, interface.go#L38-L62). */
interface ListDecision {
  delegate: boolean;
  consistent: boolean;
  waitsForFuture: boolean;
  why: WhyPhrase;
  refs: string[];
}

function decideList(r: ReadRequest): ListDecision {
  const rv = r.resourceVersion;
  const refs: string[] = [S.delegatorListShouldDelegate];
  const pn = r.etcdSupportsProgressNotify;
  const decided = (why: WhyPhrase, delegate = false, consistent = false, waitsForFuture = false): ListDecision => ({
    delegate,
    consistent,
    waitsForFuture,
    why,
    refs,
  });
  const exactDecision = (subject: ExactSubject, deciding: string[], atRv: string | null): ListDecision => {
    refs.push(...deciding, S.cacherExactRvServable);
    const exact = (outcome: ExactOutcome): WhyPhrase => ({ key: 'exact', subject, outcome });
    if (!r.cacheSnapshots) return decided(exact({ kind: 'noSnapshots' }), true);
    if (atRv !== null && isFuture(atRv, r.currentRevision)) {
      // shouldDelegateExactRV: a revision the cache has not seen is delegated only when the cache cannot wait for it.
      if (!pn) refs.push(S.progressNotifyEtcdVersions);
      return pn
        ? decided(exact({ kind: 'waits', current: r.currentRevision }), false, false, true)
        : decided(exact({ kind: 'noProgressNotify' }), true);
    }
    if (atRv !== null && parsesToZero(atRv)) return decided(exact({ kind: 'parsesToZero', rv: atRv }), true);
    return r.exactRvInCache ? decided(exact({ kind: 'held' })) : decided(exact({ kind: 'gone' }), true);
  };
  if (r.resourceVersionMatch === 'Exact')
    return exactDecision({ kind: 'match' }, [S.shouldDelegateListExact, S.cacherShouldDelegateExactRV], rv);
  if (r.resourceVersionMatch === 'NotOlderThan') {
    refs.push(S.shouldDelegateListNotOlderThan);
    return decided({ key: 'notOlderThanMatch' });
  }
  if (r.continueToken === 'latest') {
    // ShouldDelegateContinue: without snapshots every continue goes to etcd; with them, a token at −1 is a consistent read.
    refs.push(S.shouldDelegateListContinue, S.cacherShouldDelegateContinue);
    if (!r.cacheSnapshots) return decided({ key: 'latestNoSnapshots' }, true);
    if (!pn) refs.push(S.progressNotifyEtcdVersions);
    return decided({ key: 'latestConsistent', progressNotify: pn }, !pn, true);
  }
  if (r.continueToken === 'first-page')
    return exactDecision({ kind: 'firstPage' }, [S.shouldDelegateListContinue, S.cacherShouldDelegateContinue], null);
  if (r.limit > 0 && rv !== '' && rv !== '0')
    return exactDecision({ kind: 'legacy', rv }, [S.shouldDelegateListLegacyExact, S.cacherShouldDelegateExactRV], rv);
  if (rv === '') {
    refs.push(S.shouldDelegateListConsistent, S.consistentReadSupported);
    if (!pn) refs.push(S.progressNotifyEtcdVersions);
    return decided({ key: 'consistent', progressNotify: pn }, !pn, true);
  }
  refs.push(S.shouldDelegateListRvZero);
  return decided(parsesToZero(rv) ? { key: 'listAnyVersion', rv } : { key: 'listNotOlderThan', rv });
}

function routeList(r: ReadRequest): RouteBody | ReadError {
  const rv = r.resourceVersion;
  if (r.resource !== 'cached') return etcdList(r, { key: 'noCache', resource: r.resource }, noCacheRefs(r.resource));
  const { delegate, consistent, waitsForFuture, why, refs } = decideList(r);

  // Delegated to etcd.
  if (delegate) return etcdList(r, why, refs);

  // The cache is not ready.
  if (!r.cacheReady) {
    if (!r.hasSelector && r.limit > 0) {
      return etcdList(
        r,
        why,
        [...refs, S.delegatorListNotReady, S.shouldDelegateListOnNotReadyCache],
        [{ key: 'notReadyToEtcd' }],
      );
    }
    return body({
      servedBy: 'too-many-requests',
      reason: { why, then: [{ key: 'notReady429', selector: r.hasSelector }] },
      refs: [
        ...refs,
        S.delegatorListNotReady,
        S.shouldDelegateListOnNotReadyCache,
        S.cacherNotReady429,
        S.unreadyCacheRetryAfter,
        S.tooManyRequestsIs429,
        S.retryAfterHeader,
      ],
      etcdCost: 'rejected',
      etcdRequests: 0,
      freshness: 'none',
      freshnessDetail: { key: 'none' },
      response: { status: 429, message: 'storage is (re)initializing', retryAfter: UNREADY_RETRY_AFTER },
    });
  }

  // Served by the ready cache.
  if (consistent) {
    const latest = r.continueToken === 'latest';
    return body({
      servedBy: 'watch-cache-after-etcd-revision',
      reason: { why, then: [{ key: 'cacheConsistent', fromKey: latest }] },
      refs: [
        ...refs,
        S.delegatorListFromCache,
        ...(latest ? [S.watchCacheContinueLatest] : []),
        S.getCurrentResourceVersion,
        S.waitUntilFreshLocked,
      ],
      etcdCost: 'revisionThenCache',
      etcdRequests: 1,
      freshness: 'linearizable',
      freshnessDetail: latest ? { key: 'latestContinue' } : { key: 'consistentFromCache' },
      fallback: {
        servedBy: 'etcd-linearizable',
        when: { key: 'consistent' },
        refs: [S.delegatorListConsistentFallback, S.watchCacheBlockTimeout],
        error: null,
      },
      mayFail: [
        {
          when: 'skipTimeoutFallback',
          error: {
            status: 429,
            message: `Timeout: Too large resource version: ${r.currentRevision}, current: …`,
            retryAfter: RETRY_1S,
          },
          refs: [
            S.delegatorListConsistentFallback,
            S.watchCacheRetrySeconds,
            S.tooManyRequestsIs429,
            S.retryAfterHeader,
          ],
        },
      ],
    });
  }
  const exact =
    r.resourceVersionMatch === 'Exact' ||
    r.continueToken === 'first-page' ||
    (r.resourceVersionMatch === '' && r.limit > 0 && rv !== '' && rv !== '0');
  if (exact) {
    return body({
      servedBy: 'watch-cache',
      reason: { why, then: [waitsForFuture ? { key: 'cacheWaitsExact', rv } : { key: 'cacheFromSnapshot' }] },
      refs: [...refs, S.delegatorListFromCache, S.waitAndGetExactSnapshot, ...(waitsForFuture ? waitCost(r).refs : [])],
      etcdCost: waitsForFuture ? waitCost(r).etcdCost : 'none',
      etcdRequests: 0,
      freshness: 'exact',
      freshnessDetail:
        r.continueToken === 'first-page' ? { key: 'firstPage' } : { key: 'exact', rv, future: waitsForFuture },
      fallback: waitsForFuture ? cacheWaitFallback(r, rv) : null,
    });
  }
  const any = parsesToZero(rv);
  const waits = isFuture(rv, r.currentRevision);
  return body({
    servedBy: 'watch-cache',
    reason: {
      why,
      then: any ? [] : [waits ? { key: 'cacheWaits', current: r.currentRevision } : { key: 'cacheSeen' }],
    },
    refs: [
      ...refs,
      S.delegatorListFromCache,
      ...(any ? [] : [S.waitUntilFreshLocked]),
      ...(waits ? waitCost(r).refs : []),
    ],
    etcdCost: waits ? waitCost(r).etcdCost : 'none',
    etcdRequests: 0,
    freshness: any ? 'any' : 'not-older-than',
    freshnessDetail: any ? { key: 'any' } : { key: 'notOlderThan', rv },
    fallback: waits ? cacheWaitFallback(r, rv) : null,
  });
}

/**
 * Routes a read request the way kube-apiserver v1.37 does.
 *
 * @param request - the inputs; `limit` must be a whole number 0–2^53−1, `currentRevision` 1–1e15.
 * @returns `{ ok: false, errors }` for a request upstream answers with an error (validation, or a
 *   revision newer than etcd's read from etcd; messages, statuses and Retry-After as upstream),
 *   else the route: servedBy, reason, refs (citation refs of the deciding lines), etcdCost,
 *   freshness, the error response (429), fallback, the failures it may end in, notes. The reason,
 *   cost, freshness detail, conditions and notes are keys with their figures (./read-path-phrases.ts),
 *   which each language's catalogue words.
 * @throws RangeError for a limit or currentRevision out of range.
 * Source: https://kubernetes.io/docs/reference/using-api/api-concepts/#semantics-for-get-and-list and the refs returned.
 */
export function routeRead(request: ReadRequest): ReadResult {
  assertWhole(request.limit, 0, Number.MAX_SAFE_INTEGER, 'limit');
  assertWhole(request.currentRevision, 1, MAX_REVISION, 'current revision');
  const errors = validateReadRequest(request);
  if (errors.length > 0) return { ok: false, errors };
  const notes: RouteNote[] = [];
  if (request.verb === 'GET') {
    const ignored: IgnoredParam[] = [];
    if (request.resourceVersionMatch !== '') ignored.push('resourceVersionMatch');
    if (request.limit > 0) ignored.push('limit');
    if (hasContinue(request)) ignored.push('continue');
    if (request.hasSelector) ignored.push('selectors');
    if (ignored.length > 0) notes.push({ key: 'getIgnores', params: ignored });
    const route = routeGet(request);
    return 'field' in route ? { ok: false, errors: [route] } : { ok: true, ...route, notes };
  }
  const route = routeList(request);
  if ('field' in route) return { ok: false, errors: [route] };
  if (
    route.servedBy === 'watch-cache' &&
    request.resourceVersion === '0' &&
    request.limit > 0 &&
    !hasContinue(request)
  ) {
    notes.push({ key: 'rvZeroIgnoresLimit' });
    route.refs.push(S.cacherLimitIgnoredForRvZero);
  }
  const readsEtcd = route.servedBy === 'etcd-linearizable' || route.servedBy === 'etcd-exact-revision';
  if (readsEtcd && request.limit === 0 && !hasContinue(request)) {
    notes.push({ key: 'rangeStream' });
    route.refs.push(S.rangeStreamRecheck);
  }
  if (readsEtcd && request.hasSelector) notes.push({ key: 'noSelectorsInEtcd' });
  if (request.resource === 'events') notes.push({ key: 'events' });
  return { ok: true, ...route, notes };
}
