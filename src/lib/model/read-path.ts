/**
 * Read-path explorer: where kube-apiserver v1.37 serves a GET or LIST of a resource that has a
 * watch cache, and what that costs etcd. Rules are transcribed from the cacher's delegator
 * (kubernetes/kubernetes@v1.37.0:staging/src/k8s.io/apiserver/pkg/storage/cacher/delegator.go,
 * delegator/interface.go) and request validation
 * (staging/src/k8s.io/apimachinery/pkg/apis/meta/internalversion/validation/validation.go#L28-L51,
 * staging/src/k8s.io/apiserver/pkg/storage/interfaces.go#L351-L389). Semantics of the parameters:
 * https://kubernetes.io/docs/reference/using-api/api-concepts/#semantics-for-get-and-list
 *
 * Scope and simplifications:
 * - Not modelled: WATCH; a LIST with a `metadata.name` field selector (a non-recursive list,
 *   which Exact/continue always send to etcd, cacher.go#L1404-L1414); continue tokens with a
 *   negative resourceVersion (the "inconsistent continue" a 410 offers, treated upstream as a
 *   consistent read); an Exact resourceVersion newer than the cache (served from the cache after
 *   waiting, when etcd supports progress notify, cacher.go#L1433-L1444); races where the cache
 *   compacts a snapshot mid-request (falls back to etcd, delegator.go#L169-L171).
 * - A continue token's resourceVersion is that of the list's first page; whether the cache still
 *   holds it uses the same input as an Exact resourceVersion (`exactRvInCache`).
 */
import { assertWhole } from './input.ts';
import * as S from './sources.ts';

/** Request verb. */
export type ReadVerb = 'GET' | 'LIST';

/** Where the request is answered. 'too-many-requests' = HTTP 429 while the watch cache initialises. */
export type ReadServedBy =
  | 'watch-cache'
  | 'watch-cache-after-etcd-revision'
  | 'etcd-linearizable'
  | 'etcd-exact-revision'
  | 'too-many-requests';

/** How fresh the answer is. */
export type ReadFreshness = 'linearizable' | 'not-older-than' | 'exact' | 'any' | 'none';

/** The explorer's inputs. */
export interface ReadRequest {
  verb: ReadVerb;
  /** '' = unset, '0', or a resourceVersion such as '12345'. */
  resourceVersion: string;
  /** '' = unset, 'NotOlderThan' or 'Exact' (anything else is rejected like upstream). LIST only. */
  resourceVersionMatch: string;
  /** Page size, whole number ≥ 0; 0 = no limit. LIST only. */
  limit: number;
  /** Whether a continue token (from a previous page) is sent. LIST only. */
  continueToken: boolean;
  /** Whether this API server's watch cache for the resource has initialised. */
  cacheReady: boolean;
  /** Whether etcd supports RequestWatchProgress (etcd ≥ 3.4.31 / ≥ 3.5.13). */
  etcdSupportsProgressNotify: boolean;
  /** ListFromCacheSnapshot feature (beta, on by default since 1.34): the cache keeps snapshots for exact reads. */
  cacheSnapshots: boolean;
  /** Whether the cache still holds the snapshot for the Exact / legacy-exact / continue resourceVersion. */
  exactRvInCache: boolean;
  /** Whether a label or field selector is set. LIST only. */
  hasSelector: boolean;
}

/** Defaults: a plain consistent LIST against a ready cache and a current etcd. */
export const DEFAULT_READ_REQUEST: Readonly<ReadRequest> = {
  verb: 'LIST',
  resourceVersion: '',
  resourceVersionMatch: '',
  limit: 0,
  continueToken: false,
  cacheReady: true,
  etcdSupportsProgressNotify: true,
  cacheSnapshots: true,
  exactRvInCache: true,
  hasSelector: false,
};

/** A request kube-apiserver rejects: before routing, or (a GET with an unready cache) after reading etcd. */
export interface ReadValidationError {
  field: 'resourceVersion' | 'resourceVersionMatch' | 'continue';
  /**
   * HTTP status upstream answers with: 422 (Invalid ListOptions), 400 (BadRequest), or 500 where a
   * storage error reaches the handler unconverted (a GET the watch cache cannot parse).
   */
  status: 400 | 422 | 500;
  /** Upstream's message text. */
  message: string;
  /** True when kube-apiserver has already made one linearizable etcd read before it rejects the request. */
  afterEtcdRead?: boolean;
  /** The upstream lines that decide this error, as citation refs (for a 500, also the handler that makes it one). */
  sources: string[];
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
  /** What happens if the cache cannot catch up, when that changes the answer; else null. */
  fallback: { servedBy: ReadServedBy | 'error'; when: string; refs: string[] } | null;
  /** Parameters that this verb ignores, and other remarks. */
  notes: string[];
}

export type ReadResult = ReadRoute | { ok: false; errors: ReadValidationError[] };

const MAX_UINT64 = 18446744073709551615n;

/**
 * Whether `rv` parses to revision 0 ("0", "00", …). The watch cache then waits for nothing and
 * answers with what it holds (watch_cache.go waitUntilFreshLocked with revision 0), whereas the
 * delegator's own branches compare the text with "0", so "00" with a `limit` is still a legacy
 * exact read (interface.go#L38-L62): callers use this only where upstream has parsed the value.
 */
function parsesToZero(rv: string): boolean {
  return /^0+$/.test(rv);
}

/** How a revision-0 resourceVersion reads to the cache, in words. */
function anyVersionPhrase(rv: string): string {
  return rv === '0' ? 'resourceVersion "0" means any version' : `resourceVersion "${rv}" parses as 0, which means any version`;
}

/** Whether upstream's versioner parses `rv` (strconv.ParseUint base 10, 64-bit). */
function parsesAsResourceVersion(rv: string): boolean {
  if (rv === '' || rv === '0') return true;
  return /^\d+$/.test(rv) && BigInt(rv) <= MAX_UINT64;
}

/**
 * Validates a request like kube-apiserver: ListOptions validation (422) then storage list
 * validation (400); for GET only the resourceVersion syntax.
 *
 * @returns the errors, empty when the request is valid.
 */
export function validateReadRequest(r: ReadRequest): ReadValidationError[] {
  const errors: ReadValidationError[] = [];
  const rvInvalid = (): ReadValidationError => ({
    field: 'resourceVersion',
    status: 400,
    message: `invalid resource version: "${r.resourceVersion}" is not an unsigned 64-bit integer`,
    sources: [S.storageValidateListOptions],
  });
  if (r.verb === 'GET') {
    if (parsesAsResourceVersion(r.resourceVersion)) return errors;
    // GET has no request-level check. A ready cache parses the value and returns the storage error
    // as is, which the handler turns into a 500; an unready cache sends the GET to etcd first, and
    // the store rejects the value only after that read.
    const invalid = `resourceVersion: Invalid value: "${r.resourceVersion}": strconv.ParseUint: parsing ${JSON.stringify(r.resourceVersion)}: ${/^\d+$/.test(r.resourceVersion) ? 'value out of range' : 'invalid syntax'}`;
    errors.push(
      r.cacheReady
        ? { field: 'resourceVersion', status: 500, message: invalid, sources: [S.delegatorGetFromCache, S.handlerUnconvertedErrorIs500] }
        : { field: 'resourceVersion', status: 400, message: `invalid resource version: ${invalid}`, sources: [S.etcdStoreValidateMinimumRv], afterEtcdRead: true },
    );
    return errors;
  }
  const match = r.resourceVersionMatch;
  if (match !== '') {
    const api = (message: string): ReadValidationError => ({ field: 'resourceVersionMatch', status: 422, message, sources: [S.apiValidateListOptions] });
    if (r.resourceVersion === '') errors.push(api('resourceVersionMatch is forbidden unless resourceVersion is provided'));
    if (r.continueToken) errors.push(api('resourceVersionMatch is forbidden when continue is provided'));
    if (match !== 'Exact' && match !== 'NotOlderThan') errors.push(api(`Unsupported value: "${match}": supported values: "Exact", "NotOlderThan", ""`));
    if (match === 'Exact' && r.resourceVersion === '0') errors.push(api('resourceVersionMatch "exact" is forbidden for resourceVersion "0"'));
  }
  if (errors.length > 0) return errors;
  if (r.continueToken) {
    if (r.resourceVersion !== '' && r.resourceVersion !== '0') {
      errors.push({ field: 'continue', status: 400, message: 'specifying resource version is not allowed when using continue', sources: [S.storageValidateListOptions] });
    }
    return errors;
  }
  if (!parsesAsResourceVersion(r.resourceVersion)) errors.push(rvInvalid());
  return errors;
}

const COST = {
  none: 'None: the watch cache answers from memory, kept current by the watch it already holds on etcd.',
  linearizableGet: 'One linearizable range read of one key: the leader confirms its leadership with a quorum (ReadIndex) before answering.',
  linearizableList: 'One linearizable range read over the whole resource prefix (or one page of `limit` objects): etcd reads, and sends to the API server, every object of the resource — the most expensive read.',
  exactList: 'One range read at a past revision over the resource prefix (or one page): etcd reads every object of the resource as of that revision from its MVCC history; fails with 410 Gone if etcd has compacted it.',
  revisionThenCache: 'One linearizable single-key read (GetCurrentResourceVersion) to learn the current revision; the objects come from the cache.',
  rejected: 'None: the API server answers 429 with Retry-After while its watch cache initialises.',
} as const;

const FRESH = {
  linearizable: 'Linearizable: at least as new as any write completed before the request.',
  consistentFromCache: 'Linearizable: the cache waits until it has caught up with the current etcd revision (the same guarantee as reading etcd).',
  notOlderThan: (rv: string): string => `Not older than resourceVersion ${rv}: the cache waits (up to 3 s) until it has seen ${rv}, then answers with whatever it holds, possibly newer.`,
  exact: (rv: string): string => `Exactly resourceVersion ${rv}: the state as of that revision, however old.`,
  any: 'Any: whatever this API server\'s cache holds. It may be older than data the client has already seen, e.g. from another API-server replica.',
  none: 'No data returned.',
} as const;

type Omit2 = Omit<ReadRoute, 'ok' | 'notes'>;

/** Etcd route for a LIST that the delegator sends to storage: exact revision or latest. */
function etcdListRoute(r: ReadRequest, why: string, refs: string[]): Omit2 {
  const exactRv = r.resourceVersionMatch === 'Exact' || (r.resourceVersionMatch === '' && (r.continueToken || (r.limit > 0 && r.resourceVersion !== '' && r.resourceVersion !== '0')));
  if (exactRv) {
    const rvText = r.continueToken ? 'the continue token\'s resourceVersion' : r.resourceVersion;
    return {
      servedBy: 'etcd-exact-revision',
      reason: `${why} etcd reads at ${r.continueToken ? rvText : `revision ${rvText}`}.`,
      refs: [...refs, S.storageValidateListOptions],
      etcdCost: COST.exactList,
      etcdRequests: 1,
      freshness: 'exact',
      freshnessText: r.continueToken ? 'Exactly the revision of the first page (pages stay consistent with each other).' : FRESH.exact(r.resourceVersion),
      fallback: null,
    };
  }
  const notOlder = r.resourceVersion !== '' && r.resourceVersion !== '0';
  return {
    servedBy: 'etcd-linearizable',
    reason: `${why} etcd reads the latest revision${notOlder ? ` and the API server checks it is not older than ${r.resourceVersion}` : ''}.`,
    refs: [...refs, S.storageValidateListOptions],
    etcdCost: COST.linearizableList,
    etcdRequests: 1,
    freshness: 'linearizable',
    freshnessText: FRESH.linearizable,
    fallback: null,
  };
}

function routeGet(r: ReadRequest): Omit2 {
  if (r.resourceVersion === '') {
    return {
      servedBy: 'etcd-linearizable',
      reason: 'A GET without resourceVersion is a consistent read: the delegator always sends it to etcd, whatever the cache holds.',
      refs: [S.delegatorGetRvUnset, S.etcdStoreGet],
      etcdCost: COST.linearizableGet,
      etcdRequests: 1,
      freshness: 'linearizable',
      freshnessText: FRESH.linearizable,
      fallback: null,
    };
  }
  if (!r.cacheReady) {
    return {
      servedBy: 'etcd-linearizable',
      reason: `The watch cache is not ready, so the GET goes to etcd, which reads the latest revision${parsesToZero(r.resourceVersion) ? '' : ` and checks it is not older than ${r.resourceVersion}`}.`,
      refs: [S.delegatorGetNotReady, S.etcdStoreGet],
      etcdCost: COST.linearizableGet,
      etcdRequests: 1,
      freshness: 'linearizable',
      freshnessText: FRESH.linearizable,
      fallback: null,
    };
  }
  const zero = parsesToZero(r.resourceVersion);
  return {
    servedBy: 'watch-cache',
    reason: zero
      ? `${anyVersionPhrase(r.resourceVersion)}: the ready cache answers at once.`
      : `resourceVersion ${r.resourceVersion} is given and the cache is ready: the cache answers once it has seen ${r.resourceVersion}.`,
    refs: [S.delegatorGetFromCache, ...(zero ? [] : [S.waitUntilFreshLocked])],
    etcdCost: COST.none,
    etcdRequests: 0,
    freshness: zero ? 'any' : 'not-older-than',
    freshnessText: zero ? FRESH.any : FRESH.notOlderThan(r.resourceVersion),
    fallback: zero
      ? null
      : { servedBy: 'error', when: `The cache has not seen ${r.resourceVersion} within 3 s: the GET fails with "Too large resource version" (retry after 1 s); there is no etcd fallback for GET.`, refs: [S.waitUntilFreshLocked, S.watchCacheBlockTimeout] },
  };
}

function routeList(r: ReadRequest): Omit2 {
  const rv = r.resourceVersion;
  // Step 1: ShouldDelegateList (interface.go#L38-L62).
  let delegate: boolean;
  let consistent = false;
  let why: string;
  const refs: string[] = [S.delegatorListShouldDelegate];
  const exactDecision = (what: string, deciding: string[]): void => {
    refs.push(...deciding, S.cacherExactRvServable);
    if (!r.cacheSnapshots) {
      delegate = true;
      why = `${what}: without cache snapshots (ListFromCacheSnapshot off) only etcd can answer at an exact revision.`;
    } else if (!r.exactRvInCache) {
      delegate = true;
      why = `${what}: the cache no longer holds a snapshot at that revision.`;
    } else {
      delegate = false;
      why = `${what}: the cache holds a snapshot at that revision.`;
    }
  };
  if (r.resourceVersionMatch === 'Exact') {
    exactDecision('resourceVersionMatch=Exact', [S.shouldDelegateListExact, S.cacherShouldDelegateExactRV]);
  } else if (r.resourceVersionMatch === 'NotOlderThan') {
    refs.push(S.shouldDelegateListNotOlderThan);
    delegate = false;
    why = 'resourceVersionMatch=NotOlderThan is always served by the cache.';
  } else if (r.continueToken) {
    exactDecision('A continue token asks for the next page at the first page\'s revision', [S.shouldDelegateListContinue, S.cacherShouldDelegateContinue]);
  } else if (r.limit > 0 && rv !== '' && rv !== '0') {
    exactDecision(`limit with resourceVersion ${rv} (and no resourceVersionMatch) is the legacy exact match`, [S.shouldDelegateListLegacyExact, S.cacherShouldDelegateExactRV]);
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
    delegate = false;
    why = parsesToZero(rv) ? `${anyVersionPhrase(rv)}: served by the cache.` : `resourceVersion ${rv} without limit means "not older than": served by the cache.`;
  }

  // Step 2: delegated to etcd.
  if (delegate!) return etcdListRoute(r, why!, refs);

  // Step 3: cache not ready.
  if (!r.cacheReady) {
    if (!r.hasSelector && r.limit > 0) {
      return etcdListRoute(r, `${why!} But the cache is not ready and the request has a limit and no selector, so it goes to etcd.`, [...refs, S.delegatorListNotReady, S.shouldDelegateListOnNotReadyCache]);
    }
    return {
      servedBy: 'too-many-requests',
      reason: `${why!} But the cache is not ready and the request ${r.hasSelector ? 'has a selector' : 'has no limit'}, so it is not sent to etcd: the API server answers 429 Too Many Requests with Retry-After.`,
      refs: [...refs, S.delegatorListNotReady, S.shouldDelegateListOnNotReadyCache, S.cacherNotReady429],
      etcdCost: COST.rejected,
      etcdRequests: 0,
      freshness: 'none',
      freshnessText: FRESH.none,
      fallback: null,
    };
  }

  // Step 4: served by the ready cache.
  if (consistent) {
    return {
      servedBy: 'watch-cache-after-etcd-revision',
      reason: `${why!} The API server reads etcd's current revision, waits until the cache has caught up with it, then lists from the cache.`,
      refs: [...refs, S.delegatorListFromCache, S.getCurrentResourceVersion, S.waitUntilFreshLocked],
      etcdCost: COST.revisionThenCache,
      etcdRequests: 1,
      freshness: 'linearizable',
      freshnessText: FRESH.consistentFromCache,
      fallback: {
        servedBy: 'etcd-linearizable',
        when: 'The cache has not caught up within 3 s: the LIST falls back to a linearizable etcd list (unless the alpha gate ConsistentListFromCacheSkipTimeoutFallback, off by default, makes it a 429).',
        refs: [S.delegatorListConsistentFallback, S.watchCacheBlockTimeout],
      },
    };
  }
  const exact = r.resourceVersionMatch === 'Exact' || r.continueToken || (r.resourceVersionMatch === '' && r.limit > 0 && rv !== '' && rv !== '0');
  if (exact) {
    return {
      servedBy: 'watch-cache',
      reason: `${why!} The cache lists from that snapshot.`,
      refs: [...refs, S.delegatorListFromCache],
      etcdCost: COST.none,
      etcdRequests: 0,
      freshness: 'exact',
      freshnessText: r.continueToken ? 'Exactly the revision of the first page (pages stay consistent with each other).' : FRESH.exact(rv),
      fallback: null,
    };
  }
  const any = parsesToZero(rv);
  return {
    servedBy: 'watch-cache',
    reason: why!,
    refs: [...refs, S.delegatorListFromCache, ...(any ? [] : [S.waitUntilFreshLocked])],
    etcdCost: COST.none,
    etcdRequests: 0,
    freshness: any ? 'any' : 'not-older-than',
    freshnessText: any ? FRESH.any : FRESH.notOlderThan(rv),
    fallback: any
      ? null
      : { servedBy: 'error', when: `The cache has not seen ${rv} within 3 s: the LIST fails with "Too large resource version" (retry after 1 s); only consistent reads fall back to etcd.`, refs: [S.waitUntilFreshLocked, S.delegatorListConsistentFallback] },
  };
}

/**
 * Routes a read request the way kube-apiserver v1.37 does for a resource with a watch cache.
 *
 * @param request - the inputs; `limit` must be a whole number 0–2^53−1.
 * @returns `{ ok: false, errors }` for a request upstream rejects (messages as upstream), else the route:
 *   servedBy, reason, refs (citation refs of the deciding lines), etcdCost, freshness, fallback, notes.
 * @throws RangeError for a limit that is not a whole number ≥ 0.
 * Source: https://kubernetes.io/docs/reference/using-api/api-concepts/#semantics-for-get-and-list and the refs returned.
 */
export function routeRead(request: ReadRequest): ReadResult {
  assertWhole(request.limit, 0, Number.MAX_SAFE_INTEGER, 'limit');
  const errors = validateReadRequest(request);
  if (errors.length > 0) return { ok: false, errors };
  const notes: string[] = [];
  if (request.verb === 'GET') {
    const ignored = [
      request.resourceVersionMatch !== '' ? 'resourceVersionMatch' : '',
      request.limit > 0 ? 'limit' : '',
      request.continueToken ? 'continue' : '',
      request.hasSelector ? 'selectors' : '',
    ].filter(Boolean);
    const verb = ignored.length === 1 && ignored[0] !== 'selectors' ? 'is' : 'are';
    const list = ignored.length > 1 ? `${ignored.slice(0, -1).join(', ')} and ${ignored.at(-1)}` : ignored[0];
    if (ignored.length > 0) notes.push(`A GET of one object takes only resourceVersion; ${list} ${verb} ignored.`);
    return { ok: true, ...routeGet(request), notes };
  }
  const route = routeList(request);
  if (route.servedBy === 'watch-cache' && request.resourceVersion === '0' && request.limit > 0 && !request.continueToken) {
    notes.push('With resourceVersion "0" the watch cache ignores limit and returns the whole list in one response.');
    route.refs.push(S.cacherLimitIgnoredForRvZero);
  }
  if (route.servedBy === 'etcd-exact-revision') {
    notes.push('If etcd has compacted that revision (kube-apiserver compacts every 5 minutes by default), etcd answers 410 Gone and the client must list again.');
  }
  return { ok: true, ...route, notes };
}
