/**
 * The tested-limits calculator's words in each language it speaks (../limits.ts builds its form
 * and its answer from them). Counts, thresholds and ratios come in computed; a catalogue only
 * words them. Flag names stay as the components spell them.
 */
import type { CalculatorKey } from '../../model/calculator-state.ts';
import type { LimitCheck, LimitKey, LimitStatus } from '../../model/tested-limits.ts';

type Count = Exclude<CalculatorKey<'limits'>, 'sc'>;

export interface LimitsWords {
  title: string;
  /** Each count's field label, which a parser's message names too. */
  labels: Readonly<Record<Count, string>>;
  /** A count's hint: its range, and the unit when it has one (` KiB`). */
  hint: (range: string, unit: string) => string;
  scaleLabel: string;
  /** The dimension, short, as the result names it. */
  names: Readonly<Record<LimitKey, string>>;
  status: Readonly<Record<LimitStatus, string>>;
  /** After a figure, by the row's unit. */
  unit: Readonly<Record<LimitCheck['limit']['unit'], string>>;
  /** How a threshold's unit was read where thresholds.md leaves it open. */
  readAs: Readonly<Partial<Record<LimitKey, string>>>;
  /** How the threshold in use was found: scaled to the nodes, or by the per-core rule. */
  scaled: (threshold: string, nodes: string, largest: string) => string;
  perCore: (podsPerCore: number, cores: number) => string;
  /** One dimension: count and threshold (with units, how it was found, how its unit was read), ratio, status. */
  line: (count: string, threshold: string, how: string, readAs: string, ratio: string, status: string) => string;
  allZero: string;
  binds: (name: string, ratio: string, status: string) => string;
  high: (dimensions: number) => string;
  tooLarge: string;
  notHard: string;
  scaledNote: (nodes: string, largest: string) => string;
  unscaledNote: string;
  rule: (approachingFrom: string) => string;
}

export const LIMITS_EN: LimitsWords = {
  title: 'How close a cluster is to the tested limits',
  hint: (range, unit) => `${range}${unit}.`,
  scaleLabel: 'Lower the cluster-wide thresholds in proportion to nodes ÷ 5,000',
  labels: {
    n: 'Nodes',
    c: 'CPU cores of the node with the most pods',
    pn: 'Most pods on one node',
    p: 'Pods in the cluster',
    pns: 'Most pods in one namespace',
    ns: 'Namespaces',
    s: 'Services in the cluster',
    sns: 'Most Services in one namespace',
    ep: 'Most endpoints behind one Service',
    dns: 'Most Deployments in one namespace',
    o: 'Most objects of one type, not Events',
    ev: 'Events',
    os: 'Largest object (KiB)',
    ts: 'Largest total size of one type (MiB)',
    tk: 'Access tokens',
    tq: 'Access-token verifications per second',
  },
  names: {
    nodes: 'Nodes',
    pods: 'Pods',
    podsPerNode: 'Pods on one node',
    podsPerNamespace: 'Pods in one namespace',
    namespaces: 'Namespaces',
    services: 'Services',
    servicesPerNamespace: 'Services in one namespace',
    endpointsPerService: 'Endpoints of one Service',
    deploymentsPerNamespace: 'Deployments in one namespace',
    objectsPerType: 'Objects of one type',
    events: 'Events',
    objectSize: 'Largest object',
    typeSize: 'Total size of one type',
    tokens: 'Access tokens',
    tokenQps: 'Token verifications',
  },
  status: { within: 'well within', approaching: 'approaching', beyond: 'beyond the tested envelope' },
  unit: { count: '', KiB: ' KiB', MiB: ' MiB', QPS: '/s' },
  readAs: {
    objectSize: 'thresholds.md writes "1.5MB"; read as 1.5 MiB, etcd’s default --max-request-bytes',
    typeSize: 'thresholds.md writes "1.5GB"; read as 1.5 GiB, like the object size',
  },
  scaled: (t, n, largest) => ` (${t} × ${n} ÷ ${largest})`,
  perCore: (per, cores) => ` (${per} × ${cores} ${cores === 1 ? 'core' : 'cores'})`,
  line: (count, threshold, how, readAs, ratio, status) =>
    `${count} of ${threshold}${how}${readAs ? ` (${readAs})` : ''}: ratio ${ratio}, ${status}`,
  allZero: 'Every count is 0: nothing binds yet.',
  binds: (name, ratio, status) => `Binds first: ${name}, ratio ${ratio}, ${status}.`,
  high: (n) =>
    `${n} dimensions are at half their thresholds or more. The envelope is not a cube: far along one dimension, the room left on the others shrinks, so together they are further out than any one ratio says.`,
  tooLarge:
    'etcd refuses a request larger than --max-request-bytes (1.5 MiB by default): an object this large cannot be written unless that flag is raised on every member.',
  notHard:
    'These are thresholds, not hard limits: past one, performance degrades and the SLOs are no longer promised; the cluster does not fail at once. ',
  scaledNote: (n, largest) =>
    `Pods, namespaces and Services are compared at ${n} ÷ ${largest} of their 5,000-node value, as the thresholds say for smaller clusters.`,
  unscaledNote: 'Cluster-wide thresholds are compared at their 5,000-node value.',
  rule: (from) =>
    `Each count is divided by its sig-scalability threshold (the ratio); the largest ratio binds first. From ${from} a count is approaching its threshold (the guide’s margin, not upstream’s); above 1 it is beyond the tested envelope.`,
};

export const LIMITS_JA: LimitsWords = {
  title: 'クラスターがテスト済みの上限にどれだけ近いか',
  hint: (range, unit) => `${range}${unit}。`,
  scaleLabel: 'クラスター全体のしきい値をノード数 ÷ 5,000 に比例して下げる',
  labels: {
    n: 'ノード数',
    c: '最も多くの Pod を持つノードの CPU コア数',
    pn: '1 ノードあたりの最大 Pod 数',
    p: 'クラスター内の Pod 数',
    pns: '1 つの名前空間の最大 Pod 数',
    ns: '名前空間の数',
    s: 'クラスター内の Service 数',
    sns: '1 つの名前空間の最大 Service 数',
    ep: '1 つの Service の背後の最大エンドポイント数',
    dns: '1 つの名前空間の最大 Deployment 数',
    o: '1 つの種類の最大オブジェクト数（Events を除く）',
    ev: 'Events の数',
    os: '最大のオブジェクト（KiB）',
    ts: '1 つの種類の最大合計サイズ（MiB）',
    tk: 'アクセストークンの数',
    tq: '毎秒のアクセストークン検証数',
  },
  names: {
    nodes: 'ノード',
    pods: 'Pod 数',
    podsPerNode: '1 ノードの Pod',
    podsPerNamespace: '1 つの名前空間の Pod',
    namespaces: '名前空間',
    services: 'Service 数',
    servicesPerNamespace: '1 つの名前空間の Service',
    endpointsPerService: '1 つの Service のエンドポイント',
    deploymentsPerNamespace: '1 つの名前空間の Deployment',
    objectsPerType: '1 つの種類のオブジェクト',
    events: 'Events の数',
    objectSize: '最大のオブジェクト',
    typeSize: '1 つの種類の合計サイズ',
    tokens: 'アクセストークン',
    tokenQps: 'トークンの検証',
  },
  status: { within: '十分に余裕あり', approaching: 'しきい値に接近', beyond: 'テスト済みのエンベロープの外' },
  unit: { count: '', KiB: ' KiB', MiB: ' MiB', QPS: '/秒' },
  readAs: {
    objectSize: 'thresholds.md の表記は "1.5MB"。etcd のデフォルトの --max-request-bytes に合わせて 1.5 MiB と読む',
    typeSize: 'thresholds.md の表記は "1.5GB"。オブジェクトのサイズと同じく 1.5 GiB と読む',
  },
  scaled: (t, n, largest) => `（${t} × ${n} ÷ ${largest}）`,
  perCore: (per, cores) => `（${per} × ${cores} コア）`,
  line: (count, threshold, how, readAs, ratio, status) => {
    const of = `${threshold}${how}${readAs ? `（${readAs}）` : ''}`;
    // No space after a closing full-width parenthesis, one after a figure.
    return `しきい値 ${of}${of.endsWith('）') ? '' : ' '}に対して ${count}：比率 ${ratio}、${status}`;
  },
  allZero: 'どの数も 0 です。まだ何も制約になっていません。',
  binds: (name, ratio, status) => `最初に制約になるのは「${name}」です。比率 ${ratio}、${status}。`,
  high: (n) =>
    `${n} 個の次元が、それぞれのしきい値の半分以上に達しています。エンベロープは立方体ではありません。1 つの次元で遠くまで進むほど他の次元に残る余地は狭まるので、合わせるとどの比率が示すよりも外側にいます。`,
  tooLarge:
    'etcd は --max-request-bytes（デフォルトは 1.5 MiB）より大きなリクエストを拒否します。このフラグをすべてのメンバーで引き上げない限り、これほど大きなオブジェクトは書き込めません。',
  notHard:
    'これらはしきい値であって、厳密な上限ではありません。超えると性能が落ち、SLO は保証されなくなりますが、クラスターがすぐに壊れるわけではありません。',
  scaledNote: (n, largest) =>
    `Pod、名前空間、Service は、しきい値が小さなクラスターについて述べているとおり、5,000 ノードでの値に ${n} ÷ ${largest} を掛けた値と比べています。`,
  unscaledNote: 'クラスター全体のしきい値は、5,000 ノードでの値と比べています。',
  rule: (from) =>
    `各数を sig-scalability のしきい値で割ったもの（比率）を求め、最大の比率のものが最初に制約になります。比率が ${from} 以上ならしきい値に接近（アップストリームではなくこのガイドの余裕）、1 を超えるとテスト済みのエンベロープの外です。`,
};
