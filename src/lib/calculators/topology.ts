/** The topology calculator: hosts for stacked and external etcd, and what one host failure takes. */
// Registers this calculator's URL state, so that it ships in this calculator's chunk only.
import '../model/schemas/topology.ts';
import { topologyHosts } from '../model/topology.ts';
import * as SOURCES from '../model/sources.ts';
import { answer, invalid, text, whole, type CalcDef, type CalcView, type Raw } from './calc.ts';
import { facts, para, resultDoc } from './result-doc.ts';
import type { CalcLang } from './calc-words.ts';
import { TOPOLOGY_EN, TOPOLOGY_JA, TOPOLOGY_VIEW_JA, type TopologyWords } from './messages/topology.ts';

const WORDS: Record<CalcLang, TopologyWords> = { en: TOPOLOGY_EN, ja: TOPOLOGY_JA };

/** Title and labelled fields, used only by the build to render the form (the browser reads the DOM). */
export const topologyView: CalcView<'topology'> = {
  title: 'Hosts for stacked and external etcd',
  sources: ['etcdQuorum'],
  translations: { ja: TOPOLOGY_VIEW_JA },
  fields: [
    { key: 'e', label: 'etcd members (E)', kind: 'text', inputmode: 'numeric', hint: (range) => `${range}.` },
    { key: 'c', label: 'Control-plane nodes (C)', kind: 'text', inputmode: 'numeric', hint: (range) => `${range}.` },
  ],
};

export const topologyCalc: CalcDef<'topology'> = {
  id: 'topology',
  prefix: 't',
  toRaw: (s) => ({ e: text(s.e), c: text(s.c) }),
  compute(raw: Readonly<Raw>, lang: CalcLang = 'en') {
    const w = WORDS[lang];
    const errors: Record<string, string> = {};
    const e = whole(raw, 'topology', 'e', w.membersLabel, errors, lang);
    const c = whole(raw, 'topology', 'c', w.controlPlaneLabel, errors, lang);
    if (e === null || c === null) return invalid(errors, lang);
    const t = topologyHosts(e, c);
    return answer(
      errors,
      { e, c },
      resultDoc(
        [
          facts([
            [w.stacked, t.stacked.consistent ? w.stackedHosts(t.stacked.hosts) : w.stackedImpossible],
            [w.external, w.externalHosts(t.external.hosts, e, c)],
          ]),
          // The model's warning is set exactly when E ≠ C; its sentence is worded here from E and C.
          t.stacked.warning === null
            ? para(w.stackedLoss(t.stacked.oneHostFailure))
            : para(w.stackedMismatch(e, c), 'warning'),
          para(w.externalLoss(t.external.etcdHostFailure, t.external.controlPlaneHostFailure)),
        ],
        w.rule,
        [SOURCES.etcdQuorum],
        lang,
      ),
    );
  },
};
