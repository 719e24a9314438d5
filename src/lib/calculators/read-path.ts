/** The read-path explorer: where kube-apiserver v1.37 serves a GET or LIST, why, and what etcd pays. */
// Registers this calculator's URL state, so that it ships in this calculator's chunk only.
import '../model/schemas/read-path.ts';
import {
  routeRead,
  STATUS_TEXT,
  type ContinueToken,
  type ReadHttpError,
  type ReadResource,
  type ReadServedBy,
} from '../model/read-path.ts';
import { answer, invalid, whole, type CalcDef, type CalcView, type Raw } from './calc.ts';
import { bullets, facts, para, refList, resultDoc } from './result-doc.ts';
import type { CalculatorState } from '../model/calculator-state.ts';

/** The rule every answer of the explorer applies. */
const RULE =
  'kube-apiserver v1.37 validates a LIST’s options (a GET’s resourceVersion is checked only where it is read), then its storage delegator picks the watch cache or etcd by verb, resourceVersion, resourceVersionMatch, limit, continue token, selector, cache readiness, snapshots and etcd’s progress-notify support; a valid request for a resource without a watch cache reads etcd.';

/** Plain words for where a request is served. */
const SERVED_BY: Readonly<Record<ReadServedBy | 'error', string>> = {
  'watch-cache': 'the watch cache',
  'watch-cache-after-etcd-revision': 'the watch cache, after an etcd current-revision read',
  'etcd-linearizable': 'etcd, as a linearizable read',
  'etcd-exact-revision': 'etcd, at an exact revision',
  'too-many-requests': 'nobody: 429 Too Many Requests',
  error: 'an error',
};

/**
 * An error response in one line, as a client sees it: status, Retry-After, message.
 * `Retry-After: 1–30` is the unready cache's, which grows with how long the cache has been unready.
 */
function httpErrorText(e: ReadHttpError): string {
  const ra = e.retryAfter;
  const retry =
    ra === null
      ? 'no Retry-After'
      : ra.min === ra.max
        ? `Retry-After: ${ra.min}`
        : `Retry-After: ${ra.min}–${ra.max} (seconds, growing with the time the cache has been unready)`;
  return `${e.status} ${STATUS_TEXT[e.status]}, ${retry}: ${e.message}`;
}

const bool = (raw: Readonly<Raw>, key: string): boolean => raw[key] === '1';
/** The watch-cache fields mean something only for a resource that has one. */
const cached = (raw: Readonly<Raw>): boolean => (raw['res'] ?? 'cached') === 'cached';
const RESOURCES: readonly ReadResource[] = ['cached', 'events', 'size0', 'off'];
/** The continue field's values (short, in the URL) and the model's kinds of token. */
const CONTINUE: Readonly<Record<string, ContinueToken>> = {
  '0': 'none',
  '1': 'first-page',
  latest: 'latest',
  norv: 'no-rv',
  bad: 'malformed',
};
/** The value sent for resourceVersionMatch "Other": one the API does not support. */
const OTHER_MATCH = 'Other';

/** Title and labelled fields, used only by the build to render the form (the browser reads the DOM). */
export const readPathView: CalcView<'readPath'> = {
  title: 'Read-path explorer (Kubernetes v1.37)',
  sources: [
    'apiValidateListOptions',
    'badRequestIs400',
    'cacherExactRvServable',
    'cacherGetWaits',
    'cacherLimitIgnoredForRvZero',
    'cacherNotReady429',
    'cacherShouldDelegateContinue',
    'cacherShouldDelegateExactRV',
    'consistentReadSupported',
    'delegatorGetFromCache',
    'delegatorGetNotReady',
    'delegatorGetRvUnset',
    'delegatorListConsistentFallback',
    'delegatorListFromCache',
    'delegatorListNotReady',
    'delegatorListShouldDelegate',
    'delegatorValidatesListFirst',
    'etcdListCompacted410',
    'etcdListFutureRevision',
    'etcdListMinimumRvAfterRead',
    'etcdListValidatesOptions',
    'etcdRangeStreamGate',
    'etcdStoreGet',
    'etcdStoreShouldStream',
    'etcdStoreValidateMinimumRv',
    'eventsWatchCacheOffByDefault',
    'getCurrentResourceVersion',
    'handlerUnconvertedErrorIs500',
    'inconsistentContinue410',
    'progressNotifyEtcdVersions',
    'progressRequestPeriod',
    'rangeStreamRecheck',
    'resourceExpiredIs410',
    'retryAfterHeader',
    'shouldDelegateListConsistent',
    'shouldDelegateListContinue',
    'shouldDelegateListExact',
    'shouldDelegateListLegacyExact',
    'shouldDelegateListNotOlderThan',
    'shouldDelegateListOnNotReadyCache',
    'shouldDelegateListRvZero',
    'storageContinueLatest',
    'storageDecodeContinue',
    'storageInvalidContinue400',
    'storageValidateListOptions',
    'timeoutErrorIs504',
    'tooLargeResourceVersionError',
    'tooManyRequestsIs429',
    'unreadyCacheRetryAfter',
    'waitAndGetExactSnapshot',
    'waitUntilFreshLocked',
    'watchCacheBlockTimeout',
    'watchCacheContinueLatest',
    'watchCacheDecorator',
    'watchCacheOffUndecorated',
    'watchCacheRetrySeconds',
    'watchCacheSizesMerged',
  ],
  fields: [
    {
      key: 'verb',
      label: 'Request',
      kind: 'select',
      options: [
        ['GET', 'GET one object'],
        ['LIST', 'LIST a collection'],
      ],
    },
    {
      key: 'res',
      label: 'Resource',
      kind: 'select',
      options: [
        ['cached', 'A resource with a watch cache (Pods, Nodes, ConfigMaps, …)'],
        ['events', 'Events (core or events.k8s.io): no watch cache by default'],
        ['size0', 'A resource set to --watch-cache-sizes=<resource>#0'],
        ['off', 'Any resource, with --watch-cache=false'],
      ],
    },
    {
      key: 'rv',
      label: 'resourceVersion',
      kind: 'text',
      inputmode: 'numeric',
      hint: 'Empty = unset, "0" = any, or a value such as 12345.',
    },
    {
      key: 'rvm',
      label: 'resourceVersionMatch',
      kind: 'select',
      options: [
        ['', 'unset'],
        ['NotOlderThan', 'NotOlderThan'],
        ['Exact', 'Exact'],
        ['Other', 'Another value (sent as "Other")'],
      ],
    },
    { key: 'limit', label: 'limit', kind: 'text', inputmode: 'numeric', hint: '0 = no limit.' },
    {
      key: 'cont',
      label: 'Continue token',
      kind: 'select',
      options: [
        ['0', 'none'],
        ['1', 'from the previous page (its first page’s resourceVersion)'],
        ['latest', 'with resourceVersion −1 (the one a 410 hands out)'],
        ['norv', 'without a resourceVersion'],
        ['bad', 'malformed (does not decode)'],
      ],
    },
    { key: 'sel', label: 'A label or field selector is set', kind: 'checkbox' },
    {
      key: 'cur',
      label: 'etcd\u2019s current revision',
      kind: 'text',
      inputmode: 'numeric',
      hint: 'The cluster\u2019s latest resourceVersion; a ready watch cache has caught up with it.',
    },
    { key: 'ready', label: 'The watch cache is ready', kind: 'checkbox' },
    { key: 'held', label: 'The cache still holds a snapshot at that past revision', kind: 'checkbox' },
    { key: 'snap', label: 'ListFromCacheSnapshot is on (beta, default on)', kind: 'checkbox' },
    { key: 'pn', label: 'etcd supports watch progress requests (3.4.31+, 3.5.13+)', kind: 'checkbox' },
  ],
};

export const readPathCalc: CalcDef<'readPath'> = {
  id: 'readPath',
  prefix: 'p',
  showWhen: { ready: cached, held: cached, snap: cached, pn: cached },
  toRaw: (s) => {
    const check = (on: boolean): string => (on ? '1' : '0');
    return {
      verb: s.verb,
      res: s.res,
      rv: s.rv,
      rvm: s.rvm,
      limit: String(s.limit),
      cur: String(s.cur),
      cont: s.cont,
      sel: check(s.sel),
      ready: check(s.ready),
      held: check(s.held),
      snap: check(s.snap),
      pn: check(s.pn),
    };
  },
  compute(raw: Readonly<Raw>) {
    const errors: Record<string, string> = {};
    const verb = raw['verb'] === 'GET' ? 'GET' : 'LIST';
    // A GET ignores limit upstream, so a bad limit is marked but does not hide the GET's answer;
    // the state stays null, so the URL and Copy link never carry a value the field does not show.
    const parsedLimit = whole(raw, 'readPath', 'limit', 'limit', errors);
    const cur = whole(raw, 'readPath', 'cur', 'etcd\u2019s current revision', errors);
    if (cur === null || (parsedLimit === null && verb === 'LIST')) return invalid(errors);
    const limit = parsedLimit ?? 0;
    const rvm = raw['rvm'] === 'Exact' || raw['rvm'] === 'NotOlderThan' || raw['rvm'] === OTHER_MATCH ? raw['rvm'] : '';
    const contKey = raw['cont'] !== undefined && raw['cont'] in CONTINUE ? raw['cont'] : '0';
    const res = RESOURCES.find((x) => x === raw['res']) ?? 'cached';
    const rv = raw['rv'] ?? '';
    const flags = {
      sel: bool(raw, 'sel'),
      ready: bool(raw, 'ready'),
      held: bool(raw, 'held'),
      snap: bool(raw, 'snap'),
      pn: bool(raw, 'pn'),
    };
    const state =
      parsedLimit === null
        ? null
        : { verb, res, rv, rvm, limit, cur, cont: contKey as CalculatorState<'readPath'>['cont'], ...flags };
    const r = routeRead({
      verb,
      resource: res,
      resourceVersion: rv,
      resourceVersionMatch: rvm,
      limit,
      continueToken: CONTINUE[contKey]!,
      currentRevision: cur,
      cacheReady: flags.ready,
      etcdSupportsProgressNotify: flags.pn,
      cacheSnapshots: flags.snap,
      exactRvInCache: flags.held,
      hasSelector: flags.sel,
    });
    if (!r.ok) {
      const first = Math.max(0, ...r.errors.map((e) => e.etcdRequestsFirst ?? 0));
      return answer(
        errors,
        state,
        resultDoc(
          [
            para(
              first > 0
                ? `kube-apiserver reads etcd first (${first === 1 ? 'one request' : `${first} requests`}), then answers with an error:`
                : 'kube-apiserver rejects this request before reading anything:',
              'refusal',
            ),
            bullets(r.errors.map((e) => httpErrorText(e))),
            refList(r.errors.flatMap((e) => e.sources)),
          ],
          RULE,
        ),
      );
    }
    return answer(
      errors,
      state,
      resultDoc(
        [
          para(
            { strong: [`Served by ${SERVED_BY[r.servedBy]}.`] },
            r.servedBy === 'too-many-requests' ? 'refusal' : 'lead',
          ),
          para(r.reason),
          facts([
            ['etcd cost', r.etcdCost],
            ['Freshness', r.freshnessText],
            ...(r.response === null ? [] : [['Response', httpErrorText(r.response)] as const]),
          ]),
          r.fallback === null
            ? null
            : para(
                `If not: ${SERVED_BY[r.fallback.servedBy]}. ${r.fallback.when}${r.fallback.error === null ? '' : ` The client gets ${httpErrorText(r.fallback.error)}`}`,
                'info',
              ),
          ...r.mayFail.map((f) => para(`It can also end in ${httpErrorText(f.error)} — when ${f.when}`, 'info')),
          ...r.notes.map((n) => para(n, 'info')),
          para('Deciding upstream lines (kubernetes v1.37.0):', 'info'),
          refList([...r.refs, ...(r.fallback?.refs ?? []), ...r.mayFail.flatMap((f) => f.refs)]),
        ],
        RULE,
      ),
    );
  },
};
