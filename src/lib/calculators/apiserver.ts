/** The API-server calculator: what API-server replicas cost etcd and memory. */
// Registers this calculator's URL state, so that it ships in this calculator's chunk only.
import '../model/schemas/apiserver.ts';
import { apiserverReplicaLoad } from '../model/apiserver-replicas.ts';
import * as SOURCES from '../model/sources.ts';
import { answer, invalid, text, whole, type CalcDef, type CalcView, type Raw } from './calc.ts';
import { facts, para, resultDoc } from './result-doc.ts';
import { fmtBytes, fmtInt } from './format.ts';

/** Title and labelled fields, used only by the build to render the form (the browser reads the DOM). */
export const apiserverView: CalcView<'apiserver'> = {
  title: 'What API-server replicas cost etcd',
  sources: ['delegatorGetRvUnset'],
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
  compute(raw: Readonly<Raw>) {
    const errors: Record<string, string> = {};
    const r = whole(raw, 'apiserver', 'r', 'API-server replicas', errors);
    const t = whole(raw, 'apiserver', 't', 'Resource types with a watch cache', errors);
    const n = whole(raw, 'apiserver', 'n', 'Objects', errors);
    const s = whole(raw, 'apiserver', 's', 'Mean object size', errors);
    if (r === null || t === null || n === null || s === null) return invalid(errors);
    const load = apiserverReplicaLoad(r, t, n, s);
    return answer(
      errors,
      { r, t, n, s },
      resultDoc(
        [
          facts([
            ['etcd watches (R × T)', fmtInt(load.etcdWatches)],
            ['Objects listed from etcd when every replica restarts (R × N)', fmtInt(load.objectsListedOnFullRestart)],
            [
              'Objects listed from etcd by consistency checks, every 5–7.5 min (R × N)',
              fmtInt(load.objectsListedPerConsistencyCheck),
            ],
            [
              'Watch-cache memory across replicas (≈ R × N × S)',
              `${fmtBytes(load.watchCacheBytes)} (${fmtBytes(n * s)} per replica)`,
            ],
            ['Consistent GETs (resourceVersion unset)', 'still one etcd read each, on every replica'],
          ]),
          ...load.notes.map((note) => para(note, 'info')),
        ],
        'Each replica keeps its own watch cache: one etcd watch per cached type, a full LIST of each type when it starts and at every consistency check, and a copy of every cached object, so these grow with R; a consistent GET is one etcd read wherever it lands.',
        [SOURCES.delegatorGetRvUnset],
      ),
    );
  },
};
