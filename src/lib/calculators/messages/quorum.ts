/**
 * The quorum calculator's words in each language it speaks (../quorum.ts builds its form and its
 * answer from them). Figures come in computed; a catalogue only words them.
 */
import type { MaintenanceTolerance } from '../../model/quorum.ts';
import type { ViewText } from '../calc.ts';
import { fmtInt } from '../format.ts';
import { plural } from '../format.ts';

export interface QuorumWords {
  membersLabel: string;
  stoppedLabel: string;
  quorum: string;
  toleratedAllRunning: string;
  withStopped: (k: number) => string;
  quorumValue: (quorum: number, n: number) => string;
  failures: (n: number) => string;
  furtherTolerated: (n: number) => string;
  quorumAlreadyLost: string;
  /** The headline: how many run, the quorum, and what is left (or how many must come back). */
  summary: (m: MaintenanceTolerance) => string;
  oneMember: string;
  even: (n: number, quorum: number, tolerance: number, quorumBelow: number) => string;
  oddAtTop: (n: number, tolerance: number) => string;
  odd: (n: number, quorumAbove: number, toleranceAbove: number, toleranceTwoAbove: number) => string;
  rule: string;
}

export const QUORUM_EN: QuorumWords = {
  membersLabel: 'Members',
  stoppedLabel: 'Members stopped',
  quorum: 'Quorum',
  toleratedAllRunning: 'Failures tolerated, all running',
  withStopped: (k) => `With ${k} stopped`,
  quorumValue: (q, n) => `${plural(q, 'member')} (⌊${n}/2⌋ + 1)`,
  failures: (n) => plural(n, 'failure'),
  furtherTolerated: (n) => `${plural(n, 'further failure')} tolerated`,
  quorumAlreadyLost: 'quorum already lost',
  summary: (m) => m.summary,
  oneMember: 'One member tolerates no failure: any outage stops the cluster.',
  even: (n, q, t, below) =>
    `${n} is even: quorum is ${q}, so it tolerates ${t} — the same as ${plural(n - 1, 'member')} (quorum ${below}), with one more machine that can fail.`,
  oddAtTop: (n, t) => `${n} is odd: one more member would still tolerate only ${t}.`,
  odd: (n, qa, ta, t2) =>
    `${n} is odd: adding a member (${n + 1}, quorum ${qa}) would still tolerate only ${ta}; the next gain is at ${n + 2}, which tolerates ${t2}.`,
  rule: 'Quorum is ⌊n/2⌋ + 1 voting members; n members tolerate n − quorum failures, and each member stopped spends one of them.',
};

const count = (n: number, unit: string): string => `${fmtInt(n)} ${unit}`;

export const QUORUM_JA: QuorumWords = {
  membersLabel: 'メンバー数',
  stoppedLabel: '停止中のメンバー数',
  quorum: 'クォーラム',
  toleratedAllRunning: '全台稼働時に耐えられる障害',
  withStopped: (k) => `${k} 台停止中`,
  quorumValue: (q, n) => `${count(q, '台')}（⌊${n}/2⌋ + 1）`,
  failures: (n) => count(n, '台'),
  furtherTolerated: (n) =>
    n === 0 ? `これ以上の障害には耐えられません（${count(0, '台')}）` : `さらに ${count(n, '台')}の障害に耐えられます`,
  quorumAlreadyLost: 'すでにクォーラムを失っています',
  summary: (m) =>
    m.hasQuorum
      ? `${m.members} 台中 ${m.running} 台が稼働中です。クォーラムは ${m.quorum} なので、${m.furtherFailuresTolerated === 0 ? 'これ以上の障害には耐えられません' : `さらに ${m.furtherFailuresTolerated} 台の障害に耐えられます`}。`
      : `クォーラムを失っています。${m.members} 台中 ${m.running} 台が稼働中ですが、クォーラムは ${m.quorum} です。クラスターが書き込みを受け付けるには、あと ${m.membersShortOfQuorum} 台が復帰する必要があります。`,
  oneMember: 'メンバーが 1 台では障害に耐えられません。どの停止でもクラスターが止まります。',
  even: (n, q, t, below) =>
    `${n} は偶数です。クォーラムは ${q} なので耐えられる障害は ${t} 台で、${n - 1} 台（クォーラム ${below}）と変わりません。故障しうるマシンが 1 台増えるだけです。`,
  oddAtTop: (n, t) => `${n} は奇数です。メンバーを 1 台増やしても、耐えられる障害は ${t} 台のままです。`,
  odd: (n, qa, ta, t2) =>
    `${n} は奇数です。メンバーを 1 台増やしても（${n + 1} 台、クォーラム ${qa}）、耐えられる障害は ${ta} 台のままです。次に増えるのは ${n + 2} 台のときで、${t2} 台の障害に耐えられます。`,
  rule: 'クォーラムは投票メンバーの ⌊n/2⌋ + 1 です。n 台のメンバーは n − クォーラム 台の障害に耐えられ、メンテナンスで停止したメンバーは 1 台ごとにその 1 つを使います。',
};

/** The form's text in Japanese (the English is the view's own). */
export const QUORUM_VIEW_JA: ViewText<'n' | 'k'> = {
  title: 'クォーラムと障害耐性',
  fields: {
    n: { label: 'メンバー数（n）', hint: (range) => `構成上の etcd メンバー数。${range}。` },
    k: { label: 'メンテナンスで停止中のメンバー数（k）', hint: '0 から n まで。' },
  },
};
