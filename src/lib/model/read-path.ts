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
import * as S from './sources.ts';

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
  when: string;
  error: ReadHttpError;
  refs: string[];
}

/** Where and how a valid request is served. */
export interface ReadRoute {
  ok: true;
  servedBy: ReadServedBy;
  /** Why, in one or two sentences. */
  reason: string;
  /** Upstream lines that decide it (citation refs). */
  refs: string[];
  /** What the request costs etcd. */
  etcdCost: string;
  /** etcd requests made in the normal case (0 for the watch cache). */
  etcdRequests: number;
  freshness: ReadFreshness;
  freshnessText: string;
  /** The response itself when it is an error (servedBy 'too-many-requests'); else null. */
  response: ReadHttpError | null;
  /** What happens if the cache cannot answer in time, when that changes the answer; else null. */
  fallback: { servedBy: ReadServedBy | 'error'; when: string; refs: string[]; error: ReadHttpError | null } | null;
  /** Other error responses this route can end in, each with its condition. */
  mayFail: ReadFailure[];
  /** Parameters that this verb ignores, and other remarks. */
  notes: string[];
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

/** How a revision-0 resourceVersion reads to the cache, in words. */
function anyVersionPhrase(rv: string): string {
  return rv === '0'
    ? 'resourceVersion "0" means any version'
    : `resourceVersion "${rv}" parses as 0, which means any version`;
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
        : 'invalid continue token: continue key is not valid: […] (the decoder’s reason: bad base64, bad JSON, an unknown version, an empty or unclean start key)',
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

const COST = {
  none: 'None: the watch cache answers from memory, kept current by the watch it already holds on etcd.',
  linearizableGet:
    'One linearizable range read of one key: the leader confirms its leadership with a quorum (ReadIndex) before the member answers.',
  linearizableList:
    'One linearizable range read over the whole resource prefix: etcd reads, and sends to the API server, every object of the resource — the most expensive read.',
  linearizablePage:
    'One linearizable range read of at most limit objects (further reads with a doubled page size while a selector filters objects out).',
  exactList:
    'One range read at a past revision over the resource prefix (or one page): etcd reads every object of the resource as of that revision from its MVCC history.',
  revisionThenCache:
    'One linearizable single-key read (GetCurrentResourceVersion) to learn the current revision; the objects come from the cache.',
  progress:
    'While the request waits, the cache asks etcd for a watch progress notification every 100 ms; the objects come from the cache.',
  waitNoProgress:
    'None: the cache waits for its watch to deliver newer events (without progress notify it cannot ask etcd); the objects come from the cache.',
  rejected: 'None: the API server answers 429 with Retry-After while its watch cache initialises.',
} as const;

const FRESH = {
  linearizable: 'Linearizable: at least as new as any write completed before the request.',
  consistentFromCache:
    'Linearizable: the cache waits until it has caught up with the current etcd revision (the same guarantee as reading etcd).',
  notOlderThan: (rv: string): string =>
    `Not older than resourceVersion ${rv}: whatever the cache holds once it has seen ${rv}, possibly newer.`,
  exact: (rv: string, future = false): string =>
    `Exactly resourceVersion ${rv}: the state as of that revision${future ? '' : ', however old'}.`,
  firstPage: 'Exactly the revision of the first page (pages stay consistent with each other).',
  latestContinue:
    'This page is at the latest revision, but the pages together are no single snapshot: objects created, changed or deleted since the first page may show up.',
  any: "Any: whatever this API server's cache holds. It may be older than data the client has already seen, e.g. from another API-server replica.",
  none: 'No data returned.',
} as const;

type RouteBody = Omit<ReadRoute, 'ok' | 'notes'>;

/** A route body with no error response, fallback or failure. */
function body(
  b: Omit<RouteBody, 'response' | 'fallback' | 'mayFail'> &
    Partial<Pick<RouteBody, 'fallback' | 'mayFail' | 'response'>>,
): RouteBody {
  return { response: null, fallback: null, mayFail: [], ...b };
}

/** What a cache wait for a newer revision costs etcd, and the lines behind it. */
function waitCost(r: ReadRequest): { etcdCost: string; refs: string[] } {
  return r.etcdSupportsProgressNotify
    ? { etcdCost: COST.progress, refs: [S.progressRequestPeriod] }
    : { etcdCost: COST.waitNoProgress, refs: [] };
}

/** What the watch cache does for a revision it has not seen yet: waits up to 3 s, then 504 with Retry-After: 1. */
function cacheWaitFallback(r: ReadRequest, rv: string): RouteBody['fallback'] {
  return {
    servedBy: 'error',
    when: `etcd does not reach revision ${revText(rv)} within 3 s (it is at ${r.currentRevision}; only new writes move it). There is no etcd fallback here: only consistent LISTs fall back.`,
    refs: [S.waitUntilFreshLocked, S.watchCacheBlockTimeout, S.watchCacheRetrySeconds, ...TOO_LARGE_REFS],
    error: tooLarge(rv, r.currentRevision, 1),
  };
}

/**
 * The etcd store's LIST, as storage.ValidateListOptions and store.GetList read the request: a read at
 * an exact revision (Exact, a continue token, or a limit with a non-zero resourceVersion and no match),
 * else at the latest revision with the not-older-than check after the read.
 */
function etcdList(r: ReadRequest, why: string, refs: string[]): RouteBody | ReadError {
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
    const at = firstPage ? "the continue token's revision (the first page's)" : `revision ${rv}`;
    return body({
      servedBy: 'etcd-exact-revision',
      reason: `${why} etcd reads at ${at}.`,
      refs: allRefs,
      etcdCost: COST.exactList,
      etcdRequests: 1,
      freshness: 'exact',
      freshnessText: firstPage ? FRESH.firstPage : FRESH.exact(rv),
      mayFail: [
        {
          when: 'etcd has compacted that revision (kube-apiserver asks for a compaction every 5 minutes by default); the client must list again.',
          error: firstPage ? CONTINUE_COMPACTED_410 : COMPACTED_410,
          refs: [S.etcdListCompacted410, S.resourceExpiredIs410, ...(firstPage ? [S.inconsistentContinue410] : [])],
        },
      ],
    });
  }
  if (latest) {
    return body({
      servedBy: 'etcd-linearizable',
      reason: `${why} The continue token's resourceVersion is −1, so the store reads the next page at etcd's latest revision, from the token's key on${r.limit > 0 ? `; the limit of ${r.limit} is honoured` : ''}.`,
      refs: [...allRefs, S.storageContinueLatest],
      etcdCost: r.limit > 0 ? COST.linearizablePage : COST.linearizableList,
      etcdRequests: 1,
      freshness: 'linearizable',
      freshnessText: FRESH.latestContinue,
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
    reason: `${why} etcd reads the latest revision${notOlder ? `, and the API server then checks that it is not older than ${rv}` : ''}${r.limit > 0 ? `; the limit of ${r.limit} is honoured` : ''}.`,
    refs: [...allRefs, ...(notOlder ? [S.etcdListMinimumRvAfterRead] : [])],
    etcdCost: r.limit > 0 ? COST.linearizablePage : COST.linearizableList,
    etcdRequests: 1,
    freshness: 'linearizable',
    freshnessText: FRESH.linearizable,
  });
}

/** The etcd store's GET: always the latest revision, with the not-older-than check after the read. */
function etcdGet(r: ReadRequest, why: string, refs: string[]): RouteBody | ReadError {
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
    reason: `${why} etcd reads the latest revision${notOlder ? ` and the store checks that it is not older than ${rv}` : ''}.`,
    refs,
    etcdCost: COST.linearizableGet,
    etcdRequests: 1,
    freshness: 'linearizable',
    freshnessText: FRESH.linearizable,
  });
}

/** Why a resource has no watch cache, and the lines that decide it. */
function noCache(r: ReadRequest): { why: string; refs: string[] } {
  switch (r.resource) {
    case 'events':
      return {
        why: 'Events have no watch cache: kube-apiserver sets the watch-cache size of core and events.k8s.io Events to 0 by default, so their storage reads etcd directly.',
        refs: [S.eventsWatchCacheOffByDefault, S.watchCacheSizesMerged, S.watchCacheDecorator],
      };
    case 'size0':
      return {
        why: 'A resource set to --watch-cache-sizes=<resource>#0 has no watch cache: its storage reads etcd directly.',
        refs: [S.watchCacheDecorator],
      };
    default:
      return {
        why: 'With --watch-cache=false no resource has a watch cache: every storage reads etcd directly.',
        refs: [S.watchCacheOffUndecorated, S.watchCacheDecorator],
      };
  }
}

function routeGet(r: ReadRequest): RouteBody | ReadError {
  const rv = r.resourceVersion;
  if (r.resource !== 'cached') {
    const c = noCache(r);
    return etcdGet(r, c.why, [...c.refs, S.etcdStoreGet]);
  }
  if (rv === '') {
    return etcdGet(
      r,
      'A GET without resourceVersion is a consistent read: the delegator always sends it to etcd, whatever the cache holds.',
      [S.delegatorGetRvUnset, S.etcdStoreGet],
    );
  }
  if (!r.cacheReady) {
    return etcdGet(r, 'The watch cache is not ready, so the GET goes to etcd:', [
      S.delegatorGetNotReady,
      S.etcdStoreGet,
    ]);
  }
  const zero = parsesToZero(rv);
  const waits = isFuture(rv, r.currentRevision);
  return body({
    servedBy: 'watch-cache',
    reason: zero
      ? `${anyVersionPhrase(rv)}: the ready cache answers at once.`
      : waits
        ? `resourceVersion ${rv} is newer than the cache has seen (${r.currentRevision}): the cache waits up to 3 s for it and answers once it has seen ${rv}.`
        : `resourceVersion ${rv} is given and the cache has already seen it: the cache answers at once.`,
    refs: [
      S.delegatorGetFromCache,
      ...(zero ? [] : [S.cacherGetWaits, S.waitUntilFreshLocked]),
      ...(waits ? waitCost(r).refs : []),
    ],
    etcdCost: waits ? waitCost(r).etcdCost : COST.none,
    etcdRequests: 0,
    freshness: zero ? 'any' : 'not-older-than',
    freshnessText: zero ? FRESH.any : FRESH.notOlderThan(rv),
    fallback: waits ? cacheWaitFallback(r, rv) : null,
  });
}

function routeList(r: ReadRequest): RouteBody | ReadError {
  const rv = r.resourceVersion;
  if (r.resource !== 'cached') {
    const c = noCache(r);
    return etcdList(r, c.why, c.refs);
  }
  // Step 1: ShouldDelegateList (interface.go#L38-L62).
  let delegate = false;
  let consistent = false;
  let waitsForFuture = false;
  let why = '';
  const refs: string[] = [S.delegatorListShouldDelegate];
  const exactDecision = (what: string, deciding: string[], atRv: string | null): void => {
    refs.push(...deciding, S.cacherExactRvServable);
    if (!r.cacheSnapshots) {
      delegate = true;
      why = `${what}: without cache snapshots (ListFromCacheSnapshot off) only etcd can answer at an exact revision.`;
    } else if (atRv !== null && isFuture(atRv, r.currentRevision)) {
      // shouldDelegateExactRV: a revision the cache has not seen is delegated only when the cache cannot wait for it.
      delegate = !r.etcdSupportsProgressNotify;
      waitsForFuture = !delegate;
      why = r.etcdSupportsProgressNotify
        ? `${what}: the revision is newer than the cache has seen (${r.currentRevision}), and since etcd supports progress notify the cache waits for it instead of delegating.`
        : `${what}: the revision is newer than the cache has seen, and without progress notify (etcd ≥ 3.4.31 / ≥ 3.5.13) the cache cannot wait for it, so etcd answers.`;
      if (!r.etcdSupportsProgressNotify) refs.push(S.progressNotifyEtcdVersions);
    } else if (atRv !== null && parsesToZero(atRv)) {
      delegate = true;
      why = `${what}, but "${atRv}" parses as revision 0, at which the cache holds no snapshot.`;
    } else if (!r.exactRvInCache) {
      delegate = true;
      why = `${what}: the cache no longer holds a snapshot at that revision.`;
    } else {
      why = `${what}: the cache holds a snapshot at that revision.`;
    }
  };
  if (r.resourceVersionMatch === 'Exact') {
    exactDecision('resourceVersionMatch=Exact', [S.shouldDelegateListExact, S.cacherShouldDelegateExactRV], rv);
  } else if (r.resourceVersionMatch === 'NotOlderThan') {
    refs.push(S.shouldDelegateListNotOlderThan);
    why = 'resourceVersionMatch=NotOlderThan is always served by the cache.';
  } else if (r.continueToken === 'latest') {
    // ShouldDelegateContinue: without snapshots every continue goes to etcd; with them, a token at −1 is a consistent read.
    refs.push(S.shouldDelegateListContinue, S.cacherShouldDelegateContinue);
    if (!r.cacheSnapshots) {
      delegate = true;
      why =
        'A continue token with resourceVersion −1 (the one a 410 hands out): without cache snapshots (ListFromCacheSnapshot off) the cacher sends every continue to etcd.';
    } else {
      consistent = true;
      delegate = !r.etcdSupportsProgressNotify;
      why = r.etcdSupportsProgressNotify
        ? 'A continue token with resourceVersion −1 (the one a 410 hands out) asks for the rest of the list at the latest revision, which the cacher treats as a consistent read; the cache can serve it because etcd supports progress notify.'
        : 'A continue token with resourceVersion −1 (the one a 410 hands out) is a consistent read, and etcd lacks progress notify (needs ≥ 3.4.31 / ≥ 3.5.13), so the cache cannot prove it is current.';
      if (!r.etcdSupportsProgressNotify) refs.push(S.progressNotifyEtcdVersions);
    }
  } else if (r.continueToken === 'first-page') {
    exactDecision(
      "A continue token asks for the next page at the first page's revision",
      [S.shouldDelegateListContinue, S.cacherShouldDelegateContinue],
      null,
    );
  } else if (r.limit > 0 && rv !== '' && rv !== '0') {
    exactDecision(
      `limit with resourceVersion ${rv} (and no resourceVersionMatch) is the legacy exact match`,
      [S.shouldDelegateListLegacyExact, S.cacherShouldDelegateExactRV],
      rv,
    );
  } else if (rv === '') {
    refs.push(S.shouldDelegateListConsistent, S.consistentReadSupported);
    consistent = true;
    delegate = !r.etcdSupportsProgressNotify;
    why = r.etcdSupportsProgressNotify
      ? 'No resourceVersion: a consistent read, which the cache can serve because etcd supports progress notify.'
      : 'No resourceVersion: a consistent read, and etcd lacks progress notify (needs ≥ 3.4.31 / ≥ 3.5.13), so the cache cannot prove it is current.';
    if (!r.etcdSupportsProgressNotify) refs.push(S.progressNotifyEtcdVersions);
  } else {
    refs.push(S.shouldDelegateListRvZero);
    why = parsesToZero(rv)
      ? `${anyVersionPhrase(rv)}: served by the cache.`
      : `resourceVersion ${rv} without limit means "not older than": served by the cache.`;
  }

  // Step 2: delegated to etcd.
  if (delegate) return etcdList(r, why, refs);

  // Step 3: cache not ready.
  if (!r.cacheReady) {
    if (!r.hasSelector && r.limit > 0) {
      return etcdList(
        r,
        `${why} But the cache is not ready and the request has a limit and no selector, so it goes to etcd.`,
        [...refs, S.delegatorListNotReady, S.shouldDelegateListOnNotReadyCache],
      );
    }
    return body({
      servedBy: 'too-many-requests',
      reason: `${why} But the cache is not ready and the request ${r.hasSelector ? 'has a selector' : 'has no limit'}, so it is not sent to etcd: the API server answers 429 Too Many Requests with Retry-After.`,
      refs: [
        ...refs,
        S.delegatorListNotReady,
        S.shouldDelegateListOnNotReadyCache,
        S.cacherNotReady429,
        S.unreadyCacheRetryAfter,
        S.tooManyRequestsIs429,
        S.retryAfterHeader,
      ],
      etcdCost: COST.rejected,
      etcdRequests: 0,
      freshness: 'none',
      freshnessText: FRESH.none,
      response: { status: 429, message: 'storage is (re)initializing', retryAfter: UNREADY_RETRY_AFTER },
    });
  }

  // Step 4: served by the ready cache.
  if (consistent) {
    const latest = r.continueToken === 'latest';
    return body({
      servedBy: 'watch-cache-after-etcd-revision',
      reason: `${why} The API server reads etcd's current revision, waits until the cache has caught up with it, then lists from the cache${latest ? ", from the token's key on" : ''}.`,
      refs: [
        ...refs,
        S.delegatorListFromCache,
        ...(latest ? [S.watchCacheContinueLatest] : []),
        S.getCurrentResourceVersion,
        S.waitUntilFreshLocked,
      ],
      etcdCost: COST.revisionThenCache,
      etcdRequests: 1,
      freshness: 'linearizable',
      freshnessText: latest ? FRESH.latestContinue : FRESH.consistentFromCache,
      fallback: {
        servedBy: 'etcd-linearizable',
        when: 'The cache has not caught up within 3 s: the LIST falls back to a linearizable etcd list.',
        refs: [S.delegatorListConsistentFallback, S.watchCacheBlockTimeout],
        error: null,
      },
      mayFail: [
        {
          when: 'the cache has not caught up within 3 s and the alpha gate ConsistentListFromCacheSkipTimeoutFallback (off by default) is on: no etcd fallback.',
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
      reason: waitsForFuture
        ? `${why} It waits up to 3 s for its watch to reach revision ${rv}, then lists from the snapshot at it.`
        : `${why} The cache lists from that snapshot.`,
      refs: [...refs, S.delegatorListFromCache, S.waitAndGetExactSnapshot, ...(waitsForFuture ? waitCost(r).refs : [])],
      etcdCost: waitsForFuture ? waitCost(r).etcdCost : COST.none,
      etcdRequests: 0,
      freshness: 'exact',
      freshnessText: r.continueToken === 'first-page' ? FRESH.firstPage : FRESH.exact(rv, waitsForFuture),
      fallback: waitsForFuture ? cacheWaitFallback(r, rv) : null,
    });
  }
  const any = parsesToZero(rv);
  const waits = isFuture(rv, r.currentRevision);
  return body({
    servedBy: 'watch-cache',
    reason: any
      ? why
      : `${why} ${waits ? `It is newer than the cache has seen (${r.currentRevision}): the cache waits up to 3 s for it.` : 'The cache has already seen it and answers at once.'}`,
    refs: [
      ...refs,
      S.delegatorListFromCache,
      ...(any ? [] : [S.waitUntilFreshLocked]),
      ...(waits ? waitCost(r).refs : []),
    ],
    etcdCost: waits ? waitCost(r).etcdCost : COST.none,
    etcdRequests: 0,
    freshness: any ? 'any' : 'not-older-than',
    freshnessText: any ? FRESH.any : FRESH.notOlderThan(rv),
    fallback: waits ? cacheWaitFallback(r, rv) : null,
  });
}

/** The note on how the etcd store reads a LIST without limit or continue token. */
const RANGE_STREAM_NOTE =
  'With no limit and no continue token the store reads etcd with one RangeStream when etcd serves it (etcd v3.7; the EtcdRangeStream gate is beta and on by default in 1.37); against an older etcd it falls back to one Range and tries RangeStream again after 10 minutes.';

/**
 * Routes a read request the way kube-apiserver v1.37 does.
 *
 * @param request - the inputs; `limit` must be a whole number 0–2^53−1, `currentRevision` 1–1e15.
 * @returns `{ ok: false, errors }` for a request upstream answers with an error (validation, or a
 *   revision newer than etcd's read from etcd; messages, statuses and Retry-After as upstream),
 *   else the route: servedBy, reason, refs (citation refs of the deciding lines), etcdCost,
 *   freshness, the error response (429), fallback, the failures it may end in, notes.
 * @throws RangeError for a limit or currentRevision out of range.
 * Source: https://kubernetes.io/docs/reference/using-api/api-concepts/#semantics-for-get-and-list and the refs returned.
 */
export function routeRead(request: ReadRequest): ReadResult {
  assertWhole(request.limit, 0, Number.MAX_SAFE_INTEGER, 'limit');
  assertWhole(request.currentRevision, 1, MAX_REVISION, 'current revision');
  const errors = validateReadRequest(request);
  if (errors.length > 0) return { ok: false, errors };
  const notes: string[] = [];
  if (request.verb === 'GET') {
    const ignored = [
      request.resourceVersionMatch !== '' ? 'resourceVersionMatch' : '',
      request.limit > 0 ? 'limit' : '',
      hasContinue(request) ? 'continue' : '',
      request.hasSelector ? 'selectors' : '',
    ].filter(Boolean);
    const verb = ignored.length === 1 && ignored[0] !== 'selectors' ? 'is' : 'are';
    const list = ignored.length > 1 ? `${ignored.slice(0, -1).join(', ')} and ${ignored.at(-1)}` : ignored[0];
    if (ignored.length > 0) notes.push(`A GET of one object takes only resourceVersion; ${list} ${verb} ignored.`);
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
    notes.push('With resourceVersion "0" the watch cache ignores limit and returns the whole list in one response.');
    route.refs.push(S.cacherLimitIgnoredForRvZero);
  }
  const readsEtcd = route.servedBy === 'etcd-linearizable' || route.servedBy === 'etcd-exact-revision';
  if (readsEtcd && request.limit === 0 && !hasContinue(request)) {
    notes.push(RANGE_STREAM_NOTE);
    route.refs.push(S.rangeStreamRecheck);
  }
  if (readsEtcd && request.hasSelector)
    notes.push('etcd has no selectors: it returns every object in the range and the API server filters them.');
  if (request.resource === 'events')
    notes.push(
      'Core Events and events.k8s.io Events are the same objects under one etcd prefix, so this holds for both APIs, and every WATCH of them is an etcd watch too.',
    );
  return { ok: true, ...route, notes };
}
