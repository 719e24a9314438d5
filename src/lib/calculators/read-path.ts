/** The read-path explorer: where kube-apiserver v1.37 serves a GET or LIST, why, and what etcd pays. */
// Registers this calculator's URL state, so that it ships in this calculator's chunk only.
import '../model/schemas/read-path.ts';
import { routeRead, type ContinueToken, type ReadRequest, type ReadResource } from '../model/read-path.ts';
import { answer, invalid, whole, type CalcDef, type CalcView, type Raw } from './calc.ts';
import { bullets, facts, para, refList, resultDoc } from './result-doc.ts';
import type { CalculatorState } from '../model/calculator-state.ts';
import type { CalcLang } from './calc-words.ts';
import { READ_PATH_VIEW_JA } from './messages/read-path.ts';
import { httpErrorText, READ_PATH_WORDS, routeWords } from './read-path-words.ts';

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
  translations: { ja: READ_PATH_VIEW_JA },
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
  compute(raw: Readonly<Raw>, lang: CalcLang = 'en') {
    const w = READ_PATH_WORDS[lang];
    const errors: Record<string, string> = {};
    const verb = raw['verb'] === 'GET' ? 'GET' : 'LIST';
    // A GET ignores limit upstream, so a bad limit is marked but does not hide the GET's answer;
    // the state stays null, so the URL and Copy link never carry a value the field does not show.
    const parsedLimit = whole(raw, 'readPath', 'limit', w.limitLabel, errors, lang);
    const cur = whole(raw, 'readPath', 'cur', w.currentLabel, errors, lang);
    if (cur === null || (parsedLimit === null && verb === 'LIST')) return invalid(errors, lang);
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
    const request: ReadRequest = {
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
    };
    const r = routeRead(request);
    if (!r.ok) {
      const first = Math.max(0, ...r.errors.map((e) => e.etcdRequestsFirst ?? 0));
      return answer(
        errors,
        state,
        resultDoc(
          [
            para(first > 0 ? w.readsFirst(first) : w.rejectsBefore, 'refusal'),
            bullets(r.errors.map((e) => httpErrorText(e, lang))),
            refList(r.errors.flatMap((e) => e.sources)),
          ],
          w.rule,
          [],
          lang,
        ),
      );
    }
    const said = routeWords(r, lang);
    return answer(
      errors,
      state,
      resultDoc(
        [
          para({ strong: [w.served(r.servedBy)] }, r.servedBy === 'too-many-requests' ? 'refusal' : 'lead'),
          para(said.reason),
          facts([
            [w.etcdCost, said.etcdCost],
            [w.freshness, said.freshness],
            ...(r.response === null ? [] : [[w.response, httpErrorText(r.response, lang)] as const]),
          ]),
          r.fallback === null
            ? null
            : para(
                w.ifNot(
                  w.servedBy[r.fallback.servedBy],
                  said.fallbackWhen!,
                  r.fallback.error === null ? null : httpErrorText(r.fallback.error, lang),
                ),
                'info',
              ),
          ...r.mayFail.map((f, i) => para(w.alsoEnds(httpErrorText(f.error, lang), said.mayFailWhen[i]!), 'info')),
          ...said.notes.map((n) => para(n, 'info')),
          para(w.decidingLines, 'info'),
          refList([...r.refs, ...(r.fallback?.refs ?? []), ...r.mayFail.flatMap((f) => f.refs)]),
        ],
        w.rule,
        [],
        lang,
      ),
    );
  },
};
