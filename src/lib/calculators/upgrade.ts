/** The upgrade calculator: control-plane node count from the upgrade strategy. */
// Registers this calculator's URL state, so that it ships in this calculator's chunk only.
import '../model/schemas/upgrade.ts';
import { controlPlaneNodesForUpgrade, type UpgradeStrategy } from '../model/upgrade.ts';
import * as SOURCES from '../model/sources.ts';
import { answer, invalid, text, whole, type CalcDef, type CalcView, type Raw } from './calc.ts';
import { facts, para, resultDoc } from './result-doc.ts';
import { maintenanceTolerance, tolerance } from '../model/quorum.ts';
import { UPGRADE_STRATEGY_FIELD } from './upgrade-field.ts';
import type { CalcLang } from './calc-words.ts';
import { UPGRADE_EN, UPGRADE_JA, UPGRADE_VIEW_JA, type StackedFigures, type UpgradeWords } from './messages/upgrade.ts';

const WORDS: Record<CalcLang, UpgradeWords> = { en: UPGRADE_EN, ja: UPGRADE_JA };

/**
 * What the node count means when etcd is stacked on the same nodes: the count is then also the
 * etcd member count, with etcd's failure tolerance (src/lib/model/quorum.ts). An in-place upgrade
 * stops one member at a time, which spends one failure of that margin.
 * @param nodes - control-plane nodes run normally, 1–99.
 * @param strategy - the upgrade strategy: 'in-place' also states the margin while a node is down.
 * @param lang - the language of the sentence.
 * @returns the sentence, and `warn` when stacked etcd on that many nodes tolerates no failure.
 */
export function stackedEtcdNote(
  nodes: number,
  strategy: UpgradeStrategy,
  lang: CalcLang = 'en',
): { text: string; warn: boolean } {
  const w = WORDS[lang];
  const t = tolerance(nodes);
  const f: StackedFigures = {
    nodes,
    tolerance: t,
    sameAsOneFewer: nodes % 2 === 0 ? nodes - 1 : null,
    duringUpgrade:
      strategy === 'surge'
        ? null
        : { running: nodes - 1, further: maintenanceTolerance(nodes, 1).furtherFailuresTolerated },
  };
  if (t === 0) return { text: w.stackedTooFew(f), warn: true };
  return { text: w.stacked(f), warn: false };
}

/** Title and labelled fields, used only by the build to render the form (the browser reads the DOM). */
export const upgradeView: CalcView<'upgrade'> = {
  title: 'Control-plane nodes from the upgrade strategy',
  sources: ['etcdQuorum'],
  translations: { ja: UPGRADE_VIEW_JA },
  fields: [
    {
      key: 'a',
      label: 'Nodes that must stay up (A)',
      kind: 'text',
      inputmode: 'numeric',
      hint: (range) => `${range}.`,
    },
    UPGRADE_STRATEGY_FIELD,
  ],
};

export const upgradeCalc: CalcDef<'upgrade'> = {
  id: 'upgrade',
  prefix: 'u',
  toRaw: (state) => ({ a: text(state.a), s: state.s }),
  compute(raw: Readonly<Raw>, lang: CalcLang = 'en') {
    const w = WORDS[lang];
    const errors: Record<string, string> = {};
    const a = whole(raw, 'upgrade', 'a', w.mustStayUpLabel, errors, lang);
    const s: UpgradeStrategy = raw['s'] === 'in-place' ? 'in-place' : 'surge';
    if (a === null) return invalid(errors, lang);
    const r = controlPlaneNodesForUpgrade(a, s);
    const stacked = stackedEtcdNote(r.baseNodes, s, lang);
    const rule = s === 'surge' ? w.ruleSurge : w.ruleInPlace;
    return answer(
      errors,
      { a, s },
      resultDoc(
        [
          facts([
            [w.nodesToRun, w.nodes(r.baseNodes)],
            [w.mostDuringUpgrade, w.nodes(r.peakNodesDuringUpgrade)],
            [w.fewestDuringUpgrade, w.nodes(r.minimumUpDuringUpgrade)],
          ]),
          para(w.note(r), 'lead'),
          para(stacked.text, stacked.warn ? 'warning' : 'info'),
        ],
        rule,
        // The stacked-etcd note counts the failures that many members tolerate.
        [SOURCES.etcdQuorum],
        lang,
      ),
    );
  },
};
