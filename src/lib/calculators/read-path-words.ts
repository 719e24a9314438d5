/**
 * Says a read route (src/lib/model/read-path.ts) in one language: each key the model returns
 * (src/lib/model/read-path-phrases.ts) is worded by that language's catalogue
 * (./messages/read-path.ts), so every language, English included, words the same decision.
 */
import { STATUS_TEXT, type ReadHttpError, type ReadRoute } from '../model/read-path.ts';
import type { CalcLang } from './calc-words.ts';
import { sayPhrase } from './phrase-words.ts';
import { READ_PATH_EN, READ_PATH_JA, type ReadPathWords } from './messages/read-path.ts';

export const READ_PATH_WORDS: Readonly<Record<CalcLang, ReadPathWords>> = { en: READ_PATH_EN, ja: READ_PATH_JA };

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
    reason: [sayPhrase(w.why, r.reason.why), ...r.reason.then.map((t) => sayPhrase(w.then, t))].join(w.sentenceGap),
    etcdCost: w.cost[r.etcdCost],
    freshness: sayPhrase(w.fresh, r.freshnessDetail),
    fallbackWhen: r.fallback === null ? null : sayPhrase(w.fallbackWhen, r.fallback.when),
    mayFailWhen: r.mayFail.map((f) => w.failsWhen[f.when]),
    notes: r.notes.map((n) => sayPhrase(w.note, n)),
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
