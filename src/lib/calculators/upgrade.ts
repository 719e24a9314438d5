/** The upgrade calculator: control-plane node count from the upgrade strategy. */
// Registers this calculator's URL state, so that it ships in this calculator's chunk only.
import '../model/schemas/upgrade.ts';
import { controlPlaneNodesForUpgrade, type UpgradeStrategy } from '../model/upgrade.ts';
import * as SOURCES from '../model/sources.ts';
import { answer, invalid, text, whole, type CalcDef, type CalcView, type Raw } from './calc.ts';
import { facts, para, resultDoc } from './result-doc.ts';
import { maintenanceTolerance, tolerance } from '../model/quorum.ts';
import { plural } from './format.ts';
import { UPGRADE_STRATEGY_FIELD } from './upgrade-field.ts';

/**
 * What the node count means when etcd is stacked on the same nodes: the count is then also the
 * etcd member count, with etcd's failure tolerance (src/lib/model/quorum.ts). An in-place upgrade
 * stops one member at a time, which spends one failure of that margin.
 * @param nodes - control-plane nodes run normally, 1–99.
 * @param strategy - the upgrade strategy: 'in-place' also states the margin while a node is down.
 * @returns the sentence, and `warn` when stacked etcd on that many nodes tolerates no failure.
 */
export function stackedEtcdNote(nodes: number, strategy: UpgradeStrategy): { text: string; warn: boolean } {
  const t = tolerance(nodes);
  return { text: stackedEtcdText(nodes, strategy, t), warn: t === 0 };
}

function stackedEtcdText(nodes: number, strategy: UpgradeStrategy, t: number): string {
  const base =
    nodes === 1
      ? 'With stacked etcd this node is also the only etcd member, which tolerates 0 failures'
      : `With stacked etcd these ${plural(nodes, 'node')} are also ${plural(nodes, 'etcd member')}, which tolerate ${plural(t, 'failure')}`;
  if (t === 0)
    return `${base}: stacked etcd needs at least 3 nodes (5 for production, see the etcd chapter). The count above assumes external etcd.`;
  const odd = nodes % 2 === 0 ? `, the same as ${nodes - 1} would: stacked etcd should run an odd count` : '';
  if (strategy === 'surge') return `${base}${odd}.`;
  const during = maintenanceTolerance(nodes, 1).furtherFailuresTolerated;
  return `${base}${odd}. While a node is down for its upgrade, ${nodes - 1} of ${nodes} run and ${plural(during, 'further failure')} ${during === 1 ? 'is' : 'are'} tolerated.`;
}

/** Title and labelled fields, used only by the build to render the form (the browser reads the DOM). */
export const upgradeView: CalcView<'upgrade'> = {
  title: 'Control-plane nodes from the upgrade strategy',
  sources: ['etcdQuorum'],
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
  compute(raw: Readonly<Raw>) {
    const errors: Record<string, string> = {};
    const a = whole(raw, 'upgrade', 'a', 'Nodes that must stay up', errors);
    const s: UpgradeStrategy = raw['s'] === 'in-place' ? 'in-place' : 'surge';
    if (a === null) return invalid(errors);
    const r = controlPlaneNodesForUpgrade(a, s);
    const stacked = stackedEtcdNote(r.baseNodes, s);
    const rule =
      s === 'surge'
        ? 'Surge: a new node joins before an old one leaves, so A nodes keep A up and A + 1 exist briefly.'
        : 'In place: each step takes one node down to upgrade it, so A + 1 nodes keep A up.';
    return answer(
      errors,
      { a, s },
      resultDoc(
        [
          facts([
            ['Control-plane nodes to run', String(r.baseNodes)],
            ['Most nodes during the upgrade', String(r.peakNodesDuringUpgrade)],
            ['Fewest up during the upgrade', String(r.minimumUpDuringUpgrade)],
          ]),
          para(r.note, 'lead'),
          para(stacked.text, stacked.warn ? 'warning' : 'info'),
        ],
        rule,
        // The stacked-etcd note counts the failures that many members tolerate.
        [SOURCES.etcdQuorum],
      ),
    );
  },
};
