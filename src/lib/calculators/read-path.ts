/** The read-path explorer: where kube-apiserver v1.37 serves a GET or LIST, why, and what etcd pays. */
// Registers this calculator's URL state, so that it ships in this calculator's chunk only.
import '../model/schemas/read-path.ts';
import {
  routeRead,
  STATUS_TEXT,
  type ContinueToken,
  type ReadHttpError,
  type ReadRequest,
  type ReadResource,
} from '../model/read-path.ts';
import { answer, invalid, whole, type CalcDef, type CalcView, type Raw } from './calc.ts';
import { bullets, facts, para, refList, resultDoc } from './result-doc.ts';
import type { CalculatorState } from '../model/calculator-state.ts';
import type { CalcLang } from './calc-words.ts';
import {
  READ_PATH_EN,
  READ_PATH_JA,
  READ_PATH_VIEW_JA,
  type CostKey,
  type ExactOutcome,
  type ExactSubject,
  type IgnoredParam,
  type ReadPathWords,
} from './messages/read-path.ts';

const WORDS: Record<CalcLang, ReadPathWords> = { en: READ_PATH_EN, ja: READ_PATH_JA };

/**
 * An error response in one line, as a client sees it: status, Retry-After, message.
 * `Retry-After: 1–30` is the unready cache's, which grows with how long the cache has been unready.
 * kube-apiserver's message stays as it sends it, but for the explorer's remark in one of them.
 */
function httpErrorText(e: ReadHttpError, w: ReadPathWords): string {
  const ra = e.retryAfter;
  const retry =
    ra === null ? w.noRetryAfter : ra.min === ra.max ? w.retryAfter(ra.min) : w.retryAfterRange(ra.min, ra.max);
  const message = e.message === READ_PATH_EN.malformedContinue ? w.malformedContinue : e.message;
  return w.httpError(e.status, STATUS_TEXT[e.status], retry, message);
}

/** One of the model's sentences, in the words of a language. */
type Phrase = (w: ReadPathWords) => string;

/**
 * The model's English `text` in the language of `w`: `text` is read as a run of `phrases` (the
 * model joins its sentences with a space), each known by its English words, and each is said in `w`.
 * Text not made of them (a sentence the model has gained since) stays as the model wrote it.
 */
function say(text: string, phrases: readonly Phrase[], w: ReadPathWords): string {
  if (w === READ_PATH_EN) return text;
  const said: string[] = [];
  let rest = text;
  while (rest !== '') {
    let best: { phrase: Phrase; length: number } | null = null;
    for (const phrase of phrases) {
      const en = phrase(READ_PATH_EN);
      const ends = rest.length === en.length || rest[en.length] === ' ';
      if (en !== '' && ends && rest.startsWith(en) && en.length > (best?.length ?? 0))
        best = { phrase, length: en.length };
    }
    if (best === null) return text;
    said.push(best.phrase(w));
    rest = rest.slice(best.length + 1);
  }
  return said.join(w.sentenceGap);
}

const BOTH = [true, false] as const;

/** One phrase per value: `f` said with each of `values`. */
function each<T>(values: readonly T[], f: (w: ReadPathWords, v: T) => string): Phrase[] {
  return values.map((v) => (w) => f(w, v));
}

/** The sentences a route's reason is made of, with this request's figures. */
function reasonPhrases(q: ReadRequest): Phrase[] {
  const { resourceVersion: rv, currentRevision: current, limit } = q;
  const subjects: ExactSubject[] = [{ kind: 'match' }, { kind: 'firstPage' }, { kind: 'legacy', rv }];
  const outcomes: ExactOutcome[] = [
    { kind: 'noSnapshots' },
    { kind: 'waits', current },
    { kind: 'noProgressNotify' },
    { kind: 'parsesToZero', rv },
    { kind: 'gone' },
    { kind: 'held' },
  ];
  const notOlder = [null, rv];
  return [
    ...each(['events', 'size0', 'off'] as const, (w, res) => w.why.noCache(res)),
    (w) => w.why.getWithoutRv,
    (w) => w.why.getCacheNotReady,
    (w) => w.why.getAnyVersion(rv),
    (w) => w.why.getWaits(rv, current),
    (w) => w.why.getSeen(rv),
    ...subjects.flatMap((s) => each(outcomes, (w, o) => w.why.exact(w.why.exactSubject(s), o))),
    (w) => w.why.notOlderThanMatch,
    (w) => w.why.latestNoSnapshots,
    ...each(BOTH, (w, pn) => w.why.latestConsistent(pn)),
    ...each(BOTH, (w, pn) => w.why.consistent(pn)),
    (w) => w.why.listAnyVersion(rv),
    (w) => w.why.listNotOlderThan(rv),
    (w) => w.then.notReadyToEtcd,
    ...each(BOTH, (w, sel) => w.then.notReady429(sel)),
    ...each(notOlder, (w, v) => w.then.etcdGet(v)),
    ...each(notOlder, (w, v) => w.then.etcdAtRevision(v)),
    (w) => w.then.etcdLatestContinue(limit),
    ...each(notOlder, (w, v) => w.then.etcdLatest(v, limit)),
    ...each(BOTH, (w, fromKey) => w.then.cacheConsistent(fromKey)),
    (w) => w.then.cacheWaitsExact(rv),
    (w) => w.then.cacheFromSnapshot,
    (w) => w.then.cacheWaits(current),
    (w) => w.then.cacheSeen,
  ];
}

const COST_PHRASES: readonly Phrase[] = each(Object.keys(READ_PATH_EN.cost) as CostKey[], (w, key) => w.cost[key]);

function freshnessPhrases(rv: string): Phrase[] {
  return [
    (w) => w.fresh.linearizable,
    (w) => w.fresh.consistentFromCache,
    (w) => w.fresh.notOlderThan(rv),
    ...each(BOTH, (w, future) => w.fresh.exact(rv, future)),
    (w) => w.fresh.firstPage,
    (w) => w.fresh.latestContinue,
    (w) => w.fresh.any,
    (w) => w.fresh.none,
  ];
}

function fallbackPhrases(q: ReadRequest): Phrase[] {
  // The revision as upstream prints it (%d of the parsed value).
  const rev = /^\d+$/.test(q.resourceVersion) ? BigInt(q.resourceVersion).toString() : q.resourceVersion;
  return [(w) => w.fallbackWhen.consistent, (w) => w.fallbackWhen.cacheWait(rev, q.currentRevision)];
}

const FAILURE_PHRASES: readonly Phrase[] = [(w) => w.failsWhen.skipTimeoutFallback, (w) => w.failsWhen.compacted];

/** The parameters a GET of this request ignores, in the model's order. */
function ignoredByGet(q: ReadRequest): IgnoredParam[] {
  const ignored: (IgnoredParam | false)[] = [
    q.resourceVersionMatch !== '' && 'resourceVersionMatch',
    q.limit > 0 && 'limit',
    q.continueToken !== 'none' && 'continue',
    q.hasSelector && 'selectors',
  ];
  return ignored.filter((p): p is IgnoredParam => p !== false);
}

function notePhrases(q: ReadRequest): Phrase[] {
  const ignored = ignoredByGet(q);
  return [
    ...(ignored.length > 0 ? [(w: ReadPathWords) => w.note.getIgnores(ignored)] : []),
    (w) => w.note.rvZeroIgnoresLimit,
    (w) => w.note.rangeStream,
    (w) => w.note.noSelectorsInEtcd,
    (w) => w.note.events,
  ];
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
    const w = WORDS[lang];
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
            bullets(r.errors.map((e) => httpErrorText(e, w))),
            refList(r.errors.flatMap((e) => e.sources)),
          ],
          w.rule,
          [],
          lang,
        ),
      );
    }
    const notes = notePhrases(request);
    return answer(
      errors,
      state,
      resultDoc(
        [
          para({ strong: [w.served(r.servedBy)] }, r.servedBy === 'too-many-requests' ? 'refusal' : 'lead'),
          para(say(r.reason, reasonPhrases(request), w)),
          facts([
            [w.etcdCost, say(r.etcdCost, COST_PHRASES, w)],
            [w.freshness, say(r.freshnessText, freshnessPhrases(rv), w)],
            ...(r.response === null ? [] : [[w.response, httpErrorText(r.response, w)] as const]),
          ]),
          r.fallback === null
            ? null
            : para(
                w.ifNot(
                  w.servedBy[r.fallback.servedBy],
                  say(r.fallback.when, fallbackPhrases(request), w),
                  r.fallback.error === null ? null : httpErrorText(r.fallback.error, w),
                ),
                'info',
              ),
          ...r.mayFail.map((f) => para(w.alsoEnds(httpErrorText(f.error, w), say(f.when, FAILURE_PHRASES, w)), 'info')),
          ...r.notes.map((n) => para(say(n, notes, w), 'info')),
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
