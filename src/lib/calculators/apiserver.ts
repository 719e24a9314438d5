/** The API-server calculator: what API-server replicas cost etcd and memory. */
// Registers this calculator's URL state, so that it ships in this calculator's chunk only.
import '../model/schemas/apiserver.ts';
import { apiserverReplicaLoad } from '../model/apiserver-replicas.ts';
import * as SOURCES from '../model/sources.ts';
import { answer, invalid, text, whole, type CalcDef, type CalcView, type Raw } from './calc.ts';
import { facts, para, resultDoc } from './result-doc.ts';
import { fmtInt } from './format.ts';
import type { CalcLang } from './calc-words.ts';
import { APISERVER_EN, APISERVER_JA, APISERVER_VIEW_JA, type ApiserverWords } from './messages/apiserver.ts';

const WORDS: Record<CalcLang, ApiserverWords> = { en: APISERVER_EN, ja: APISERVER_JA };

/** Title and labelled fields, used only by the build to render the form (the browser reads the DOM). */
export const apiserverView: CalcView<'apiserver'> = {
  title: 'What API-server replicas cost etcd',
  sources: ['delegatorGetRvUnset'],
  translations: { ja: APISERVER_VIEW_JA },
  fields: [
    { key: 'r', label: 'API-server replicas (R)', kind: 'text', inputmode: 'numeric', hint: (range) => `${range}.` },
    {
      key: 't',
      label: 'Resource types with a watch cache (T)',
      kind: 'text',
      inputmode: 'numeric',
      hint: (range) => `${range}. Events have none by default.`,
    },
    { key: 'n', label: 'Objects of those types (N)', kind: 'text', inputmode: 'numeric', hint: (range) => `${range}.` },
    {
      key: 's',
      label: 'Mean object size in bytes (S)',
      kind: 'text',
      inputmode: 'numeric',
      hint: (range) => `${range}.`,
    },
  ],
};

export const apiserverCalc: CalcDef<'apiserver'> = {
  id: 'apiserver',
  prefix: 'r',
  toRaw: (state) => ({ r: text(state.r), t: text(state.t), n: text(state.n), s: text(state.s) }),
  compute(raw: Readonly<Raw>, lang: CalcLang = 'en') {
    const w = WORDS[lang];
    const errors: Record<string, string> = {};
    const r = whole(raw, 'apiserver', 'r', w.replicasLabel, errors, lang);
    const t = whole(raw, 'apiserver', 't', w.typesLabel, errors, lang);
    const n = whole(raw, 'apiserver', 'n', w.objectsLabel, errors, lang);
    const s = whole(raw, 'apiserver', 's', w.sizeLabel, errors, lang);
    if (r === null || t === null || n === null || s === null) return invalid(errors, lang);
    const load = apiserverReplicaLoad(r, t, n, s);
    return answer(
      errors,
      { r, t, n, s },
      resultDoc(
        [
          facts([
            [w.etcdWatches, fmtInt(load.etcdWatches)],
            [w.listedOnRestart, fmtInt(load.objectsListedOnFullRestart)],
            [w.listedPerCheck, fmtInt(load.objectsListedPerConsistencyCheck)],
            [w.cacheMemory, w.cacheMemoryValue(load.watchCacheBytes, n * s)],
            [w.consistentGets, w.consistentGetsValue],
          ]),
          ...w.notes.map((note) => para(note, 'info')),
        ],
        w.rule,
        [SOURCES.delegatorGetRvUnset],
        lang,
      ),
    );
  },
};
