/**
 * Says a read route (src/lib/model/read-path.ts) in one language: each key the model returns
 * (src/lib/model/read-path-phrases.ts) is worded by that language's catalogue
 * (./messages/read-path.ts), so every language, English included, words the same decision.
 */
import {
  STATUS_TEXT,
  type FallbackWhen,
  type FreshPhrase,
  type ReadHttpError,
  type ReadRoute,
  type RouteNote,
  type ThenPhrase,
  type WhyPhrase,
} from '../model/read-path.ts';
import type { CalcLang } from './calc-words.ts';
import { READ_PATH_EN, READ_PATH_JA, type ReadPathWords } from './messages/read-path.ts';

export const READ_PATH_WORDS: Readonly<Record<CalcLang, ReadPathWords>> = { en: READ_PATH_EN, ja: READ_PATH_JA };

function whyText(w: ReadPathWords, p: WhyPhrase): string {
  switch (p.key) {
    case 'noCache':
      return w.why.noCache(p.resource);
    case 'getWithoutRv':
      return w.why.getWithoutRv;
    case 'getCacheNotReady':
      return w.why.getCacheNotReady;
    case 'getAnyVersion':
      return w.why.getAnyVersion(p.rv);
    case 'getWaits':
      return w.why.getWaits(p.rv, p.current);
    case 'getSeen':
      return w.why.getSeen(p.rv);
    case 'exact':
      return w.why.exact(w.why.exactSubject(p.subject), p.outcome);
    case 'notOlderThanMatch':
      return w.why.notOlderThanMatch;
    case 'latestNoSnapshots':
      return w.why.latestNoSnapshots;
    case 'latestConsistent':
      return w.why.latestConsistent(p.progressNotify);
    case 'consistent':
      return w.why.consistent(p.progressNotify);
    case 'listAnyVersion':
      return w.why.listAnyVersion(p.rv);
    case 'listNotOlderThan':
      return w.why.listNotOlderThan(p.rv);
  }
}

function thenText(w: ReadPathWords, p: ThenPhrase): string {
  switch (p.key) {
    case 'notReadyToEtcd':
      return w.then.notReadyToEtcd;
    case 'notReady429':
      return w.then.notReady429(p.selector);
    case 'etcdGet':
      return w.then.etcdGet(p.notOlderThan);
    case 'etcdAtRevision':
      return w.then.etcdAtRevision(p.rv);
    case 'etcdLatestContinue':
      return w.then.etcdLatestContinue(p.limit);
    case 'etcdLatest':
      return w.then.etcdLatest(p.notOlderThan, p.limit);
    case 'cacheConsistent':
      return w.then.cacheConsistent(p.fromKey);
    case 'cacheWaitsExact':
      return w.then.cacheWaitsExact(p.rv);
    case 'cacheFromSnapshot':
      return w.then.cacheFromSnapshot;
    case 'cacheWaits':
      return w.then.cacheWaits(p.current);
    case 'cacheSeen':
      return w.then.cacheSeen;
  }
}

function freshText(w: ReadPathWords, p: FreshPhrase): string {
  switch (p.key) {
    case 'notOlderThan':
      return w.fresh.notOlderThan(p.rv);
    case 'exact':
      return w.fresh.exact(p.rv, p.future);
    default:
      return w.fresh[p.key];
  }
}

function fallbackText(w: ReadPathWords, p: FallbackWhen): string {
  return p.key === 'consistent' ? w.fallbackWhen.consistent : w.fallbackWhen.cacheWait(p.rev, p.current);
}

function noteText(w: ReadPathWords, p: RouteNote): string {
  return p.key === 'getIgnores' ? w.note.getIgnores(p.params) : w.note[p.key];
}

/** A route's sentences in one language. */
export interface RouteWords {
  reason: string;
  etcdCost: string;
  freshness: string;
  /** When the fallback is taken; null without one. */
  fallbackWhen: string | null;
  /** When each of `mayFail` happens, in its order. */
  mayFailWhen: string[];
  notes: string[];
}

/**
 * Words a route in a language.
 * @param r - a route from `routeRead` (`ok: true`).
 * @param lang - the page's language.
 * @returns the reason (its sentences joined as the language joins them), the etcd cost, the
 *   freshness, the fallback's and failures' conditions and the notes.
 */
export function routeWords(r: ReadRoute, lang: CalcLang): RouteWords {
  const w = READ_PATH_WORDS[lang];
  return {
    reason: [whyText(w, r.reason.why), ...r.reason.then.map((t) => thenText(w, t))].join(w.sentenceGap),
    etcdCost: w.cost[r.etcdCost],
    freshness: freshText(w, r.freshnessDetail),
    fallbackWhen: r.fallback === null ? null : fallbackText(w, r.fallback.when),
    mayFailWhen: r.mayFail.map((f) => w.failsWhen[f.when]),
    notes: r.notes.map((n) => noteText(w, n)),
  };
}

/**
 * An error response in one line, as a client sees it: status, Retry-After, message.
 * `Retry-After: 1–30` is the unready cache's, which grows with how long the cache has been unready.
 * kube-apiserver's message stays as it sends it; the explorer's remark after it is said in the language.
 */
export function httpErrorText(e: ReadHttpError, lang: CalcLang): string {
  const w = READ_PATH_WORDS[lang];
  const ra = e.retryAfter;
  const retry =
    ra === null ? w.noRetryAfter : ra.min === ra.max ? w.retryAfter(ra.min) : w.retryAfterRange(ra.min, ra.max);
  const message = e.remark === 'decoderReasons' ? `${e.message}${w.decoderReasons}` : e.message;
  return w.httpError(e.status, STATUS_TEXT[e.status], retry, message);
}
