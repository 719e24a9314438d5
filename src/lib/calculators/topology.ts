/** The topology calculator: hosts for stacked and external etcd, and what one host failure takes. */
// Registers this calculator's URL state, so that it ships in this calculator's chunk only.
import '../model/schemas/topology.ts';
import { topologyHosts, type HostLoss } from '../model/topology.ts';
import * as SOURCES from '../model/sources.ts';
import { answer, invalid, text, whole, type CalcDef, type CalcView, type Raw } from './calc.ts';
import { facts, para, resultDoc } from './result-doc.ts';
import { plural } from './format.ts';

/** One sentence for what a host loss leaves. */
function describeLoss(l: HostLoss): string {
  const took = [
    l.etcdMembersLost ? plural(l.etcdMembersLost, 'etcd member') : '',
    l.controlPlaneInstancesLost ? plural(l.controlPlaneInstancesLost, 'control-plane instance') : '',
  ]
    .filter(Boolean)
    .join(' and ');
  const etcd = l.etcdHasQuorum
    ? `etcd tolerates ${plural(l.etcdFurtherFailuresTolerated, 'further failure')}`
    : 'etcd has lost quorum';
  return `takes ${took}; ${etcd}; ${plural(l.apiServersLeft, 'API server')} left.`;
}

/** Title and labelled fields, used only by the build to render the form (the browser reads the DOM). */
export const topologyView: CalcView<'topology'> = {
  title: 'Hosts for stacked and external etcd',
  sources: ['etcdQuorum'],
  fields: [
    { key: 'e', label: 'etcd members (E)', kind: 'text', inputmode: 'numeric', hint: (range) => `${range}.` },
    { key: 'c', label: 'Control-plane nodes (C)', kind: 'text', inputmode: 'numeric', hint: (range) => `${range}.` },
  ],
};

export const topologyCalc: CalcDef<'topology'> = {
  id: 'topology',
  prefix: 't',
  toRaw: (s) => ({ e: text(s.e), c: text(s.c) }),
  compute(raw: Readonly<Raw>) {
    const errors: Record<string, string> = {};
    const e = whole(raw, 'topology', 'e', 'etcd members', errors);
    const c = whole(raw, 'topology', 'c', 'Control-plane nodes', errors);
    if (e === null || c === null) return invalid(errors);
    const t = topologyHosts(e, c);
    return answer(
      errors,
      { e, c },
      resultDoc(
        [
          facts([
            ['Stacked', t.stacked.consistent ? `${plural(t.stacked.hosts, 'host')}` : `not possible with E ≠ C`],
            ['External', `${plural(t.external.hosts, 'host')} (${e} + ${c})`],
          ]),
          t.stacked.warning === null
            ? para(`Stacked: one host lost ${describeLoss(t.stacked.oneHostFailure)}`)
            : para(t.stacked.warning, 'warning'),
          para(
            `External: an etcd host lost ${describeLoss(t.external.etcdHostFailure)} A control-plane host lost ${describeLoss(t.external.controlPlaneHostFailure)}`,
          ),
        ],
        'Stacked etcd runs one member on each control-plane node, so it needs E = C and takes C hosts; external etcd runs its E members on hosts of their own, E + C hosts in all.',
        [SOURCES.etcdQuorum],
      ),
    );
  },
};
