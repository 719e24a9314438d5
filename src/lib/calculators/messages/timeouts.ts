/**
 * The timeouts calculator's words in each language it speaks (../timeouts.ts builds its form and
 * its answer from them). Figures, flags and etcd's own refusal message come in computed; a
 * catalogue only words them. etcd's message stays as etcd prints it.
 */
import type { DocVerdict, Effective, Recommendation } from '../../model/timeouts.ts';
import type { ViewText } from '../calc.ts';
import type { PhraseWords } from '../phrase-words.ts';
import { fmtInt, fmtMs } from '../format.ts';

/** Why the tuning page's rule does not hold for the reader's pair: one part per failed check. */
export type DocMiss =
  | { key: 'heartbeatBand'; band: DocVerdict['heartbeatBandMs']; defaultsNote: boolean }
  | { key: 'electionBelow'; minMs: number }
  | { key: 'electionAbove'; maxMs: number };

export interface TimeoutsWords {
  /** The fields as a parser's message names them. */
  labels: { rtt: string; fs: string; h: string; e: string };
  roundTripUsed: string;
  /** The round trip with the fsync added in: `12 ms (10 ms + fsync 2 ms)`. */
  roundTripWithFsync: (roundTripMs: number, rttMs: number, fsyncMs: number) => string;
  recommended: string;
  /** The fact's label for etcd's verdict on the recommended pair. */
  server: string;
  accepts: string;
  /** Before etcd's own message. */
  refuses: string;
  /** Why the heartbeat is what it is, by the term that set it. */
  heartbeatFrom: Readonly<Record<Recommendation['heartbeatFrom'], (roundTripMs: number) => string>>;
  /** Why the election timeout is what it is, by the term that set it. */
  electionFrom: Readonly<Record<Recommendation['electionFrom'], string>>;
  /** The two reasons in one line; `inTicks` when the election timeout was rounded to whole ticks. */
  why: (heartbeat: string, election: string, inTicks: boolean) => string;
  runs: (e: Effective) => string;
  paste: string;
  kubeadm: string;
  noPairFits: (maxElectionMs: number, maxRoundTripMs: number) => string;
  /** The fact's label for etcd's verdict on the reader's pair, after its flags. */
  yours: (flags: string) => string;
  docRule: string;
  meetsPage: string;
  docMiss: PhraseWords<DocMiss>;
  /** What joins the parts of {@link docMiss}. */
  missGap: string;
  /** Before etcd's own message, when the reader's pair is refused. */
  willNotStart: string;
  /** Before the refs to the unsigned fields and the tick division. */
  truncates: (electionMs: number, heartbeatMs: number, runs: Effective) => string;
  acceptsAdvisedAgainst: string;
  bandRulesOut: string;
  rule: (
    defaults: { heartbeatMs: number; electionMs: number },
    maxElectionMs: number,
    maxRoundTripMs: number,
  ) => string;
}

export const TIMEOUTS_EN: TimeoutsWords = {
  labels: { rtt: 'Round trip', fs: 'Fsync p99', h: 'Heartbeat interval', e: 'Election timeout' },
  roundTripUsed: 'Round trip used',
  roundTripWithFsync: (rt, rtt, fs) => `${fmtMs(rt)} (${fmtMs(rtt)} + fsync ${fmtMs(fs)})`,
  recommended: 'Recommended',
  server: 'etcd v3.7.0',
  accepts: 'accepts them',
  refuses: 'refuses them: ',
  heartbeatFrom: {
    default: (rt) => `the round trip (${fmtMs(rt)}) is below etcd's default heartbeat, so the default stays`,
    'round-trip': () => 'the heartbeat is the round trip in whole ms',
  },
  electionFrom: {
    default: "10 × the round trip is below etcd's default election timeout, so the default stays",
    '10x-round-trip': 'the election timeout is 10 × the round trip, as the tuning page asks',
    '5x-heartbeat': 'the election timeout is 5 × the heartbeat, the least etcd accepts',
  },
  why: (hb, el, inTicks) => `Why: ${hb}; ${el}${inTicks ? ', in whole heartbeat ticks' : ''}.`,
  runs: (e) =>
    `A follower that hears nothing starts an election after ${fmtMs(e.electionMs)} to ${fmtMs(e.latestElectionMs)} (${e.electionTicks} ticks, randomised up to twice that); the leader logs a late heartbeat past ${fmtMs(e.lateHeartbeatMs)}.`,
  paste: 'Paste on every member (all members need the same values):',
  kubeadm: 'Or, for kubeadm’s stacked etcd (ClusterConfiguration v1beta4):',
  noPairFits: (max, maxRt) =>
    `No pair fits: the tuning page's 10 × round trip is above etcd's ${fmtMs(max)} maximum once the round trip passes ${fmtMs(maxRt)}. Bring the members closer together rather than stretching the timeouts.`,
  yours: (flags) => `Your ${flags}: etcd v3.7.0`,
  docRule: 'Tuning page’s rule for this round trip',
  meetsPage: 'meets it',
  docMiss: {
    heartbeatBand: ({ band, defaultsNote }) =>
      `heartbeat outside ${fmtMs(band[0])}–${fmtMs(band[1])} (0.5–1.5 × round trip)${defaultsNote ? ', though the page says the defaults work on a local network' : ''}`,
    electionBelow: ({ minMs }) => `election timeout below ${fmtMs(minMs)} (10 × round trip)`,
    electionAbove: ({ maxMs }) => `election timeout above the page’s ${fmtMs(maxMs)} upper limit`,
  },
  missGap: '; ',
  willNotStart: 'etcd v3.7.0 will not start with your pair: ',
  truncates: (el, hb, runs) =>
    `etcd truncates your election timeout to whole heartbeat ticks: ${fmtInt(el)} ÷ ${fmtInt(hb)} is ${fmtInt(runs.electionTicks)} ticks, so it runs as ${fmtMs(runs.electionMs)}, not ${fmtMs(el)} (followers start an election after ${fmtMs(runs.electionMs)} to ${fmtMs(runs.latestElectionMs)}). `,
  acceptsAdvisedAgainst:
    'etcd accepts a pair the tuning page advises against: it checks only 5 × heartbeat, never the round trip.',
  bandRulesOut:
    'The tuning page’s election rule alone would allow this election timeout, but its heartbeat band rules this heartbeat out: with all its rules the page never allows a pair etcd refuses.',
  rule: (d, max, maxRt) =>
    `Round trip R = network round trip + fsync; heartbeat = max(${fmtInt(d.heartbeatMs)}, ⌈R⌉) ms, election timeout = max(${fmtInt(d.electionMs)}, ⌈10 × R⌉, 5 × heartbeat) ms in whole heartbeat ticks (the tuning page’s 10 × round trip, never below etcd’s defaults). etcd accepts an election timeout of at least 5 × heartbeat and at most ${fmtMs(max)}, so past R = ${fmtMs(maxRt)} no pair fits.`,
};

export const TIMEOUTS_JA: TimeoutsWords = {
  labels: { rtt: 'ラウンドトリップ', fs: 'fsync の p99', h: 'ハートビート間隔', e: '選出タイムアウト' },
  roundTripUsed: '計算に使ったラウンドトリップ',
  roundTripWithFsync: (rt, rtt, fs) => `${fmtMs(rt)}（${fmtMs(rtt)} + fsync ${fmtMs(fs)}）`,
  recommended: '推奨値',
  server: 'etcd v3.7.0 の判定',
  accepts: '受け付けます',
  refuses: '拒否します：',
  heartbeatFrom: {
    default: (rt) =>
      `ラウンドトリップ（${fmtMs(rt)}）が etcd のデフォルトのハートビートより短いので、デフォルトのままにしています`,
    'round-trip': () => 'ハートビートはラウンドトリップを ms 単位の整数にしたものです',
  },
  electionFrom: {
    default: 'ラウンドトリップの 10 倍が etcd のデフォルトの選出タイムアウトより短いので、デフォルトのままにしています',
    '10x-round-trip': '選出タイムアウトは、チューニングのページが求めるとおりラウンドトリップの 10 倍です',
    '5x-heartbeat': '選出タイムアウトは、etcd が受け付ける最小値であるハートビートの 5 倍です',
  },
  why: (hb, el, inTicks) => `理由：${hb}。${el}${inTicks ? '（ハートビートのティックの整数倍に丸めています）' : ''}。`,
  runs: (e) =>
    `リーダーから何も届かないフォロワーは、${fmtMs(e.electionMs)}〜${fmtMs(e.latestElectionMs)} 後に選出を始めます（${e.electionTicks} ティック。最大でその 2 倍まで無作為に延びます）。ハートビートの送信間隔が ${fmtMs(e.lateHeartbeatMs)} を超えると、リーダーは遅延としてログに記録します。`,
  paste: 'すべてのメンバーに貼り付けてください（全メンバーで同じ値にする必要があります）：',
  kubeadm: 'または、kubeadm のスタック型 etcd の場合（ClusterConfiguration v1beta4）：',
  noPairFits: (max, maxRt) =>
    `当てはまる組み合わせはありません。ラウンドトリップが ${fmtMs(maxRt)} を超えると、チューニングのページの「ラウンドトリップの 10 倍」が etcd の上限 ${fmtMs(max)} を上回ります。タイムアウトを延ばすのではなく、メンバー同士を近くに置いてください。`,
  yours: (flags) => `入力した ${flags}：etcd v3.7.0 の判定`,
  docRule: 'このラウンドトリップに対するチューニングのページのルール',
  meetsPage: '満たしています',
  docMiss: {
    heartbeatBand: ({ band, defaultsNote }) =>
      `ハートビートが ${fmtMs(band[0])}〜${fmtMs(band[1])}（ラウンドトリップの 0.5〜1.5 倍）の範囲外${defaultsNote ? '（ただしページはローカルネットワークならデフォルトで問題なく動くとしています）' : ''}`,
    electionBelow: ({ minMs }) => `選出タイムアウトが ${fmtMs(minMs)}（ラウンドトリップの 10 倍）未満`,
    electionAbove: ({ maxMs }) => `選出タイムアウトがページの上限 ${fmtMs(maxMs)} 超`,
  },
  missGap: '、',
  willNotStart: 'etcd v3.7.0 は、入力した組み合わせでは起動しません：',
  truncates: (el, hb, runs) =>
    `etcd は入力した選出タイムアウトをハートビートのティックの整数倍に切り捨てます。${fmtInt(el)} ÷ ${fmtInt(hb)} は ${fmtInt(runs.electionTicks)} ティックなので、${fmtMs(el)} ではなく ${fmtMs(runs.electionMs)} として動きます（フォロワーは ${fmtMs(runs.electionMs)}〜${fmtMs(runs.latestElectionMs)} 後に選出を始めます）。`,
  acceptsAdvisedAgainst:
    'etcd は、チューニングのページが勧めない組み合わせも受け付けます。etcd が確認するのはハートビートの 5 倍だけで、ラウンドトリップは見ません。',
  bandRulesOut:
    'チューニングのページの選出タイムアウトのルールだけならこの値は許されますが、ハートビートの範囲のルールがこのハートビートを除外します。ページのルールをすべて合わせると、etcd が拒否する組み合わせをページが許すことはありません。',
  rule: (d, max, maxRt) =>
    `ラウンドトリップ R = ネットワークのラウンドトリップ + fsync。ハートビート = max(${fmtInt(d.heartbeatMs)}, ⌈R⌉) ms、選出タイムアウト = max(${fmtInt(d.electionMs)}, ⌈10 × R⌉, 5 × ハートビート) ms をハートビートのティックの整数倍にしたもの（チューニングのページの「ラウンドトリップの 10 倍」を使い、etcd のデフォルトを下回らせません）。etcd が受け付ける選出タイムアウトはハートビートの 5 倍以上 ${fmtMs(max)} 以下なので、R が ${fmtMs(maxRt)} を超えると当てはまる組み合わせはありません。`,
};

/** The form's text in Japanese (the English is the view's own). */
export const TIMEOUTS_VIEW_JA: ViewText<'rtt' | 'fs' | 'h' | 'e'> = {
  title: 'ラウンドトリップから決めるハートビートと選出タイムアウト',
  fields: {
    rtt: {
      label: 'メンバー間のラウンドトリップ（ms）',
      hint: (range) => `すべてのメンバーの組の p99 または最大値。${range}。`,
    },
    fs: { label: 'WAL の fsync の p99（ms）', hint: (range) => `${range}。0 ならディスクを含めません。` },
    h: { label: 'お使いの --heartbeat-interval（ms）', hint: (range) => `ms 単位の整数。${range}。` },
    e: { label: 'お使いの --election-timeout（ms）', hint: (range) => `ms 単位の整数。${range}。` },
  },
};
