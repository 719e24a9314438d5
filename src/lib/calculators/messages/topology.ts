/**
 * The topology calculator's words in each language it speaks (../topology.ts builds its form and
 * its answer from them). Figures come in computed; a catalogue only words them.
 */
import type { HostLoss } from '../../model/topology.ts';
import type { ViewText } from '../calc.ts';
import { fmtInt, plural } from '../format.ts';

export interface TopologyWords {
  membersLabel: string;
  controlPlaneLabel: string;
  stacked: string;
  external: string;
  /** Stacked hosts, when E = C. */
  stackedHosts: (hosts: number) => string;
  stackedImpossible: string;
  externalHosts: (hosts: number, e: number, c: number) => string;
  /** The model's warning when E ≠ C (src/lib/model/topology.ts), from its figures. */
  stackedMismatch: (e: number, c: number) => string;
  /** What one stacked host lost takes and leaves. */
  stackedLoss: (l: HostLoss) => string;
  /** What an etcd host lost, and a control-plane host lost, take and leave. */
  externalLoss: (etcdHost: HostLoss, controlPlaneHost: HostLoss) => string;
  rule: string;
}

/** One English clause for what a host loss leaves. */
function describeLossEn(l: HostLoss): string {
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

export const TOPOLOGY_EN: TopologyWords = {
  membersLabel: 'etcd members',
  controlPlaneLabel: 'Control-plane nodes',
  stacked: 'Stacked',
  external: 'External',
  stackedHosts: (h) => `${plural(h, 'host')}`,
  stackedImpossible: `not possible with E ≠ C`,
  externalHosts: (h, e, c) => `${plural(h, 'host')} (${e} + ${c})`,
  stackedMismatch: (e, c) =>
    `Stacked etcd runs one member on each control-plane node, so it has exactly ${c} etcd ${c === 1 ? 'member' : 'members'} on ${c} ${c === 1 ? 'host' : 'hosts'}; running ${e} etcd ${e === 1 ? 'member' : 'members'} needs external etcd, or ${e} control-plane ${e === 1 ? 'node' : 'nodes'}.`,
  stackedLoss: (l) => `Stacked: one host lost ${describeLossEn(l)}`,
  externalLoss: (a, b) =>
    `External: an etcd host lost ${describeLossEn(a)} A control-plane host lost ${describeLossEn(b)}`,
  rule: 'Stacked etcd runs one member on each control-plane node, so it needs E = C and takes C hosts; external etcd runs its E members on hosts of their own, E + C hosts in all.',
};

const count = (n: number, unit: string): string => `${fmtInt(n)} ${unit}`;

/** Japanese sentences for what a host loss takes and leaves, after the clause naming the host. */
function describeLossJa(l: HostLoss): string {
  const took = [
    l.etcdMembersLost ? `etcd メンバー ${count(l.etcdMembersLost, '台')}` : '',
    l.controlPlaneInstancesLost ? `コントロールプレーンのインスタンス ${count(l.controlPlaneInstancesLost, 'つ')}` : '',
  ]
    .filter(Boolean)
    .join('と');
  const etcd = !l.etcdHasQuorum
    ? 'etcd はクォーラムを失います'
    : l.etcdFurtherFailuresTolerated === 0
      ? 'etcd はこれ以上の障害に耐えられません'
      : `etcd はさらに ${count(l.etcdFurtherFailuresTolerated, '台')}の障害に耐えられます`;
  return `${took}が失われます。${etcd}。残る API サーバーは ${count(l.apiServersLeft, '台')}です。`;
}

export const TOPOLOGY_JA: TopologyWords = {
  membersLabel: 'etcd メンバー数',
  controlPlaneLabel: 'コントロールプレーンノード数',
  stacked: 'スタック型',
  external: '外部',
  stackedHosts: (h) => count(h, 'ホスト'),
  stackedImpossible: 'E ≠ C では構成できません',
  externalHosts: (h, e, c) => `${count(h, 'ホスト')}（${e} + ${c}）`,
  stackedMismatch: (e, c) =>
    `スタック型 etcd は各コントロールプレーンノードでメンバーを 1 つずつ動かすため、etcd メンバーはちょうど ${count(c, '台')}、ホストは ${count(c, '台')}になります。etcd メンバーを ${count(e, '台')}で動かすには、外部 etcd にするか、コントロールプレーンノードを ${count(e, '台')}にする必要があります。`,
  stackedLoss: (l) => `スタック型：ホストを 1 台失うと、${describeLossJa(l)}`,
  externalLoss: (a, b) =>
    `外部：etcd のホストを 1 台失うと、${describeLossJa(a)}コントロールプレーンのホストを 1 台失うと、${describeLossJa(b)}`,
  rule: 'スタック型 etcd は各コントロールプレーンノードでメンバーを 1 つずつ動かすため、E = C が必要で、ホストは C 台です。外部 etcd は E 台のメンバーを専用のホストで動かすため、ホストは合計 E + C 台です。',
};

/** The form's text in Japanese (the English is the view's own). */
export const TOPOLOGY_VIEW_JA: ViewText<'e' | 'c'> = {
  title: 'スタック型と外部 etcd のホスト数',
  fields: {
    e: { label: 'etcd メンバー数（E）', hint: (range) => `${range} 台。` },
    c: { label: 'コントロールプレーンノード数（C）', hint: (range) => `${range} 台。` },
  },
};
