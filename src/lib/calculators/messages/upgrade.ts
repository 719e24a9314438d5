/**
 * The upgrade calculator's words in each language it speaks (../upgrade.ts builds its form and its
 * answer from them). Figures come in computed; a catalogue only words them.
 */
import type { UpgradeSizing } from '../../model/upgrade.ts';
import type { ViewText } from '../calc.ts';
import { fmtInt, plural } from '../format.ts';

/** What the stacked-etcd note words: the node count and the failures it tolerates, computed by ../upgrade.ts. */
export interface StackedFigures {
  /** Control-plane nodes run normally, also the stacked etcd member count. */
  nodes: number;
  /** Failures that many etcd members tolerate. */
  tolerance: number;
  /** For an even count, the odd count one below that tolerates as much; else null. */
  sameAsOneFewer: number | null;
  /** In place: members running while one node is down for its upgrade, and the failures still tolerated then. */
  duringUpgrade: { running: number; further: number } | null;
}

export interface UpgradeWords {
  mustStayUpLabel: string;
  nodesToRun: string;
  mostDuringUpgrade: string;
  fewestDuringUpgrade: string;
  /** A node count as a fact's value. */
  nodes: (n: number) => string;
  /** What the strategy does at each step, from the model's figures (src/lib/model/upgrade.ts). */
  note: (r: UpgradeSizing) => string;
  /** Stacked etcd on that many nodes tolerates no failure (1 or 2 nodes). */
  stackedTooFew: (f: StackedFigures) => string;
  /** Stacked etcd on that many nodes tolerates at least one failure. */
  stacked: (f: StackedFigures) => string;
  ruleSurge: string;
  ruleInPlace: string;
}

function stackedBaseEn(nodes: number, t: number): string {
  return nodes === 1
    ? 'With stacked etcd this node is also the only etcd member, which tolerates 0 failures'
    : `With stacked etcd these ${plural(nodes, 'node')} are also ${plural(nodes, 'etcd member')}, which tolerate ${plural(t, 'failure')}`;
}

export const UPGRADE_EN: UpgradeWords = {
  mustStayUpLabel: 'Nodes that must stay up',
  nodesToRun: 'Control-plane nodes to run',
  mostDuringUpgrade: 'Most nodes during the upgrade',
  fewestDuringUpgrade: 'Fewest up during the upgrade',
  nodes: (n) => String(n),
  note: (r) =>
    r.strategy === 'surge'
      ? `Run ${r.baseNodes}; each step adds a new node before removing an old one, so ${r.peakNodesDuringUpgrade} exist briefly.`
      : `Run ${r.baseNodes}; each step takes one node down to upgrade it, leaving ${r.minimumUpDuringUpgrade} up.`,
  stackedTooFew: (f) =>
    `${stackedBaseEn(f.nodes, f.tolerance)}: stacked etcd needs at least 3 nodes (5 for production, see the etcd chapter). The count above assumes external etcd.`,
  stacked: (f) => {
    const odd =
      f.sameAsOneFewer === null ? '' : `, the same as ${f.sameAsOneFewer} would: stacked etcd should run an odd count`;
    const base = `${stackedBaseEn(f.nodes, f.tolerance)}${odd}.`;
    const d = f.duringUpgrade;
    if (d === null) return base;
    return `${base} While a node is down for its upgrade, ${d.running} of ${f.nodes} run and ${plural(d.further, 'further failure')} ${d.further === 1 ? 'is' : 'are'} tolerated.`;
  },
  ruleSurge: 'Surge: a new node joins before an old one leaves, so A nodes keep A up and A + 1 exist briefly.',
  ruleInPlace: 'In place: each step takes one node down to upgrade it, so A + 1 nodes keep A up.',
};

const count = (n: number, unit: string): string => `${fmtInt(n)} ${unit}`;

function stackedBaseJa(nodes: number, t: number): string {
  return nodes === 1
    ? `スタック型 etcd では、このノードが唯一の etcd メンバーも兼ねるため、耐えられる障害は ${count(t, '台')}です`
    : `スタック型 etcd では、これら ${count(nodes, '台')}のノードが etcd メンバー ${count(nodes, '台')}も兼ねるため、耐えられる障害は ${count(t, '台')}です`;
}

export const UPGRADE_JA: UpgradeWords = {
  mustStayUpLabel: '稼働し続けなければならないノード数',
  nodesToRun: '運用するコントロールプレーンノード数',
  mostDuringUpgrade: 'アップグレード中の最大ノード数',
  fewestDuringUpgrade: 'アップグレード中に稼働する最小ノード数',
  nodes: (n) => count(n, '台'),
  note: (r) =>
    r.strategy === 'surge'
      ? `${count(r.baseNodes, '台')}で運用します。各ステップで古いノードを削除する前に新しいノードを追加するため、一時的に ${count(r.peakNodesDuringUpgrade, '台')}になります。`
      : `${count(r.baseNodes, '台')}で運用します。各ステップでノードを 1 台停止してアップグレードするため、その間は ${count(r.minimumUpDuringUpgrade, '台')}が稼働します。`,
  stackedTooFew: (f) =>
    `${stackedBaseJa(f.nodes, f.tolerance)}。スタック型 etcd には少なくとも 3 台のノードが必要です（本番環境では 5 台。etcd の章を参照してください）。上の台数は外部 etcd を前提としています。`,
  stacked: (f) => {
    const odd =
      f.sameAsOneFewer === null
        ? ''
        : `。これは ${count(f.sameAsOneFewer, '台')}の場合と変わらないため、スタック型 etcd は奇数台で運用してください`;
    const base = `${stackedBaseJa(f.nodes, f.tolerance)}${odd}。`;
    const d = f.duringUpgrade;
    if (d === null) return base;
    const further =
      d.further === 0 ? 'それ以上の障害には耐えられません' : `さらに ${count(d.further, '台')}の障害に耐えられます`;
    return `${base}アップグレードのためにノードを 1 台停止している間は、${count(f.nodes, '台')}中 ${count(d.running, '台')}が稼働し、${further}。`;
  },
  ruleSurge:
    'サージ：古いノードが抜ける前に新しいノードが加わるため、A 台あれば A 台の稼働を保てます。一時的には A + 1 台になります。',
  ruleInPlace:
    'インプレース：各ステップでノードを 1 台停止してアップグレードするため、A 台の稼働を保つには A + 1 台が必要です。',
};

/** The form's text in Japanese (the English is the view's own, and the strategy field's, ../upgrade-field.ts). */
export const UPGRADE_VIEW_JA: ViewText<'a' | 's'> = {
  title: 'アップグレード戦略から決めるコントロールプレーンノード数',
  fields: {
    a: { label: '稼働し続けなければならないノード数（A）', hint: (range) => `${range} 台。` },
    s: {
      label: 'アップグレード戦略',
      options: {
        surge: 'サージ：新しいノードを追加してから古いノードを削除する',
        'in-place': 'インプレース：ノードを 1 台ずつ停止し、アップグレードして再起動する',
      },
    },
  },
};
