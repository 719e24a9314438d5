/**
 * The API Priority and Fairness calculator's words in each language it speaks (../apf.ts builds
 * its form and its answer from them). Seats, shares and queue sizes come in computed; a catalogue
 * only words them. Level names and flags stay as kube-apiserver spells them.
 */
import type { LevelName } from '../../model/apf.ts';
import type { ViewText } from '../calc.ts';
import { fmtInt, plural } from '../format.ts';

/** What one level's detail says: its nominal seats, what it lends and borrows, how it queues. */
export interface LevelFigures {
  name: string;
  who: string;
  limit: number;
  shares: number;
  shareSum: number;
  nominal: number;
  replicas: number;
  lendable: number;
  lendablePercent: number;
  floor: number;
  borrow: number;
  idle: number;
  list: number;
}

export interface ApfWords {
  labels: { r: string; mri: string; mmri: string };
  /** Who a level's flow schemas send there. */
  who: Readonly<Record<LevelName, string>>;
  tableLabel: string;
  head: readonly [string, string, string, string, string, string, string];
  /** The last column's heading: nominal seats across the replicas. */
  acrossHead: (replicas: string) => string;
  perReplica: (mri: string, mmri: string) => string;
  acrossReplicas: (replicas: number) => string;
  nominalSum: string;
  nominalSumValue: (sum: string, shares: number) => string;
  waiting: string;
  exempt: (name: string, who: string) => string;
  nominal: (f: LevelFigures) => string;
  lends: (f: LevelFigures) => string;
  rejects: (list: number) => string;
  queues: (
    queues: number,
    handSize: number,
    lengthLimit: number,
    maxWaiting: number,
    perFlow: number,
    list: number,
    mutating: number,
  ) => string;
  perReplicaNote: string;
  columnsNote: (replicas: string) => string;
  zeroSum: string;
  rule: string;
}

export const APF_EN: ApfWords = {
  labels: { r: 'API-server replicas', mri: '--max-requests-inflight', mmri: '--max-mutating-requests-inflight' },
  who: {
    exempt: 'the system:masters group, and GET /healthz, /readyz, /livez',
    'catch-all': 'requests no other flow schema matched',
    system: 'the system:nodes group (kubelets), other than node health',
    'node-high': 'node health: kubelets updating their Node and Lease',
    'leader-election': 'leader election of the built-in controllers and scheduler',
    'workload-high': 'kube-controller-manager, kube-scheduler and kube-system service accounts',
    'workload-low': 'every other service account (controllers and operators in Pods)',
    'global-default': 'everything else, such as kubectl run by people',
  },
  tableLabel: 'Seats per priority level',
  head: ['Level', 'Shares', 'Nominal', 'Lendable', 'Range', 'Idle', 'LIST max'],
  acrossHead: (r) => `× ${r}`,
  perReplica: (mri, mmri) => `Seats per replica (${mri} + ${mmri})`,
  acrossReplicas: (r) => `Seats across ${plural(r, 'replica')}, spread evenly`,
  nominalSum: 'Nominal seats of the levels',
  nominalSumValue: (sum, shares) => `${sum} (${shares} shares; each level rounded up)`,
  waiting: 'Requests that may wait in queues, per replica',
  exempt: (name, who) =>
    `${name} (${who}): never queued or rejected, and with 0 shares it takes no nominal seats. Its requests still use seats: each adjustment subtracts what they recently used from the nominal seats' sum, and squeezes the limited levels toward their floors when what remains is no more than their lower bounds add up to.`,
  nominal: (f) =>
    `${f.name} (${f.who}): ceil(${fmtInt(f.limit)} × ${f.shares} / ${f.shareSum}) = ${fmtInt(f.nominal)} seats per replica, ${fmtInt(f.nominal * f.replicas)} across ${fmtInt(f.replicas)}.`,
  lends: (f) =>
    ` It lends up to ${fmtInt(f.lendable)} (${f.lendablePercent} %), so it keeps at least ${fmtInt(f.floor)}, and may borrow up to ${fmtInt(f.borrow)} more. With no demand anywhere its limit is ${fmtInt(f.idle)}; under load it moves every 10 s with recent demand.`,
  rejects: (list) =>
    ` It does not queue: once its seats are taken, further requests get HTTP 429 at once. A LIST may take up to ${fmtInt(list)} seats.`,
  queues: (q, hand, len, waiting, perFlow, list, mutating) =>
    ` ${q} queues, hand size ${hand}, ${len} per queue: up to ${fmtInt(waiting)} requests wait, ${fmtInt(perFlow)} at most from one flow. One LIST takes at most ${fmtInt(list)} seats here, a write's watch-event work at most ${fmtInt(mutating)}.`,
  perReplicaNote:
    'Each replica enforces its own limit on what reaches it: the total holds only when the load balancer spreads requests evenly, and one busy replica queues or rejects while others idle.',
  columnsNote: (r) =>
    `Range: every 10 s the controller moves a level's limit between nominal − lendable and nominal + what it may borrow; no bootstrap level caps borrowing, so each may borrow up to the whole limit. Idle: the limit while no level has demand, as after start-up: the nominal seats' sum shared out in proportion to the floors. LIST max: the most seats one LIST takes there. × ${r}: nominal seats across the replicas. exempt is never limited.`,
  zeroSum:
    'The two flags add up to 0: kube-apiserver refuses to start with API Priority and Fairness. Give either a positive value.',
  rule: 'Each replica has --max-requests-inflight + --max-mutating-requests-inflight seats; a limited level’s nominal seats are ceil(seats × its shares ÷ the sum of all shares), and it may lend its lendable percentage of them to other levels; every 10 s the controller re-divides the nominal seats’ sum in proportion to each level’s target (its lower bound, which is its floor or its recent peak demand up to nominal, or its smoothed recent demand when higher), each level kept between its lower bound and nominal + what it may borrow.',
};

export const APF_JA: ApfWords = {
  labels: {
    r: 'API サーバーのレプリカ数',
    mri: '--max-requests-inflight',
    mmri: '--max-mutating-requests-inflight',
  },
  who: {
    exempt: 'system:masters グループと、GET /healthz、/readyz、/livez',
    'catch-all': '他のどの FlowSchema にも一致しなかったリクエスト',
    system: 'system:nodes グループ（kubelet）のうち、ノードのヘルス以外',
    'node-high': 'ノードのヘルス：kubelet による Node と Lease の更新',
    'leader-election': '組み込みのコントローラーとスケジューラーのリーダー選出',
    'workload-high': 'kube-controller-manager、kube-scheduler、kube-system のサービスアカウント',
    'workload-low': 'その他すべてのサービスアカウント（Pod で動くコントローラーやオペレーター）',
    'global-default': 'それ以外すべて（人が実行する kubectl など）',
  },
  tableLabel: '優先度レベルごとのシート',
  head: ['レベル', 'シェア', '名目', '貸出可能', '範囲', 'アイドル時', 'LIST の最大'],
  acrossHead: (r) => `× ${r}`,
  perReplica: (mri, mmri) => `レプリカあたりのシート（${mri} + ${mmri}）`,
  acrossReplicas: (r) => `${fmtInt(r)} レプリカ全体のシート（均等に分散した場合）`,
  nominalSum: '各レベルの名目シートの合計',
  nominalSumValue: (sum, shares) => `${sum}（${shares} シェア。各レベルで切り上げ）`,
  waiting: 'キューで待機できるリクエスト数（レプリカあたり）',
  exempt: (name, who) =>
    `${name}（${who}）：キューに入れられることも拒否されることもなく、シェアが 0 なので名目シートを持ちません。それでもそのリクエストはシートを使います。調整のたびに、exempt のリクエストが最近使った分が名目シートの合計から差し引かれ、その残りが制限されたレベルの下側の境界の合計以下になったときに限り、各レベルが下限へ向けて押し下げられます。`,
  nominal: (f) =>
    `${f.name}（${f.who}）：ceil(${fmtInt(f.limit)} × ${f.shares} / ${f.shareSum}) = レプリカあたり ${fmtInt(f.nominal)} シート、${fmtInt(f.replicas)} レプリカで ${fmtInt(f.nominal * f.replicas)} シートです。`,
  lends: (f) =>
    `最大 ${fmtInt(f.lendable)} シート（${f.lendablePercent} %）を貸し出せるので、少なくとも ${fmtInt(f.floor)} シートは保ち、さらに最大 ${fmtInt(f.borrow)} シートを借りられます。どこにも需要がないときの上限は ${fmtInt(f.idle)} で、負荷があるときは最近の需要に応じて 10 秒ごとに動きます。`,
  rejects: (list) =>
    `キューには入れません。シートが埋まると、それ以降のリクエストはすぐに HTTP 429 を受けます。LIST は最大 ${fmtInt(list)} シートを使うことがあります。`,
  queues: (q, hand, len, waiting, perFlow, list, mutating) =>
    `キュー ${q} 個、ハンドサイズ ${hand}、キューあたり ${len} 件：最大 ${fmtInt(waiting)} 件のリクエストが待機でき、1 つのフローからは最大 ${fmtInt(perFlow)} 件です。ここでは 1 つの LIST が最大 ${fmtInt(list)} シート、書き込みのウォッチイベントの処理が最大 ${fmtInt(mutating)} シートを使います。`,
  perReplicaNote:
    '各レプリカは、自分に届いたものに自分の上限を課します。合計が成り立つのはロードバランサーがリクエストを均等に分散したときだけで、忙しいレプリカ 1 つがキューに入れたり拒否したりしている間に、他のレプリカが空いていることがあります。',
  columnsNote: (r) =>
    `範囲：コントローラーは 10 秒ごとに、レベルの上限を「名目 − 貸出可能」から「名目 + 借りられる分」の間で動かします。どのブートストラップのレベルも借用に上限を設けていないので、それぞれがサーバーの上限全体まで借りられます。アイドル時：どのレベルにも需要がないとき（起動直後など）の上限で、名目シートの合計を下限に比例して分けたものです。LIST の最大：そこで 1 つの LIST が使う最大のシート数です。× ${r}：全レプリカでの名目シートです。exempt は制限されません。`,
  zeroSum:
    '2 つのフラグの合計が 0 です。API Priority and Fairness が有効な場合、kube-apiserver は起動しません。どちらかに正の値を指定してください。',
  rule: '各レプリカは --max-requests-inflight + --max-mutating-requests-inflight のシートを持ちます。制限されたレベルの名目シートは ceil(シート × そのシェア ÷ 全シェアの合計) で、その貸出可能な割合を他のレベルに貸せます。コントローラーは 10 秒ごとに、名目シートの合計を各レベルの目標（下側の境界、つまり下限か名目までの最近のピーク需要、または平滑化した最近の需要のほうが大きければそれ）に比例して分け直し、各レベルを下側の境界と「名目 + 借りられる分」の間に保ちます。',
};

/** The form's text in Japanese (the English is the view's own). */
export const APF_VIEW_JA: ViewText<'r' | 'mri' | 'mmri' | 'pl'> = {
  title: 'API Priority and Fairness のシート',
  fields: {
    r: { label: APF_JA.labels.r, hint: (range) => `${range}。` },
    mri: { label: APF_JA.labels.mri, hint: (range) => `${range}。デフォルトは 400。` },
    mmri: { label: APF_JA.labels.mmri, hint: (range) => `${range}。デフォルトは 200。` },
    pl: { label: '調べる優先度レベル', options: { '': 'なし' } },
  },
};
