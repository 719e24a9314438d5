/**
 * The maintenance calculator's words in each language it speaks (../maintenance.ts builds its form
 * and its answer from them). Figures come in computed; a catalogue only words them.
 */
import { MAX_FAILURES_PLUS_STOPPED } from '../../model/quorum.ts';
import type { ViewText } from '../calc.ts';
import { fmtInt, plural } from '../format.ts';

export interface MaintenanceWords {
  failuresLabel: string;
  stoppedLabel: string;
  /** f + k over the most the model sizes (`max`, that is `maxMembers` members); `got` is f + k. */
  tooMany: (max: number, maxMembers: number, got: number) => string;
  membersNeeded: string;
  membersValue: (members: number, f: number, k: number) => string;
  quorum: string;
  quorumValue: (quorum: number) => string;
  runningWith: (k: number) => string;
  runningValue: (running: number, further: number) => string;
  /** The headline: the smallest n, what it survives, and that one fewer would not. */
  lead: (members: number, f: number, k: number) => string;
  /**
   * The warning above etcd's 7 members (the model's `warning`, worded here from its figures).
   * @param members - the member count, more than 7.
   */
  overSeven: (members: number, quorum: number) => string;
  rule: string;
}

export const MAINTENANCE_EN: MaintenanceWords = {
  failuresLabel: 'Failures to survive',
  stoppedLabel: 'Members stopped at once',
  tooMany: (max, maxMembers, got) =>
    `Failures plus stopped members must be at most ${max} (that is ${maxMembers} members); got ${got}.`,
  membersNeeded: 'Members needed',
  membersValue: (n, f, k) => `${n} = 2 × (${f} + ${k}) + 1`,
  quorum: 'Quorum',
  quorumValue: (q) => plural(q, 'member'),
  runningWith: (k) => `Running with ${k} stopped`,
  runningValue: (running, further) => `${running}, so ${plural(further, 'further failure')} tolerated`,
  lead: (n, f, k) =>
    `Smallest n with n − k − quorum(n) ≥ f: ${plural(n, 'member')} ${n === 1 ? 'survives' : 'survive'} ${plural(f, 'failure')} while ${k} ${k === 1 ? 'is' : 'are'} stopped` +
    (n > 1 ? `; ${n - 1} would not.` : '.'),
  overSeven: (n, q) => `${n} members is more than the 7 etcd recommends at most; every write must reach ${q} of them.`,
  rule: 'The smallest n with n − k − quorum(n) ≥ f, quorum(n) = ⌊n/2⌋ + 1: that is n = 2 × (f + k) + 1.',
};

export const MAINTENANCE_JA: MaintenanceWords = {
  failuresLabel: '耐えるべき障害数',
  stoppedLabel: '同時に停止するメンバー数',
  tooMany: (max, maxMembers, got) =>
    `障害数と停止するメンバー数の合計は ${max} 以下にしてください（メンバー ${maxMembers} 台に相当します。入力値 ${got}）。`,
  membersNeeded: '必要なメンバー数',
  membersValue: (n, f, k) => `${n} = 2 × (${f} + ${k}) + 1`,
  quorum: 'クォーラム',
  quorumValue: (q) => `${fmtInt(q)} 台`,
  runningWith: (k) => (k === 0 ? '稼働数（停止なし）' : `${k} 台停止中の稼働数`),
  runningValue: (running, further) => `${running} 台（さらに ${fmtInt(further)} 台の障害に耐えられます）`,
  lead: (n, f, k) =>
    `n − k − quorum(n) ≥ f を満たす最小の n は ${n} です。` +
    (k === 0 ? `${fmtInt(n)} 台のメンバーで` : `${fmtInt(n)} 台のメンバーなら、${k} 台を停止している間も`) +
    (f === 0 ? 'クォーラムを保てます。' : ` ${fmtInt(f)} 台の障害に耐えられます。`) +
    (n > 1 ? `${n - 1} 台では足りません。` : ''),
  overSeven: (n, q) =>
    `${n} 台は、etcd が推奨する上限の 7 台を超えています。すべての書き込みが、そのうち ${q} 台に届く必要があります。`,
  rule: 'quorum(n) = ⌊n/2⌋ + 1 として、n − k − quorum(n) ≥ f を満たす最小の n です。つまり n = 2 × (f + k) + 1 です。',
};

/** The form's text in Japanese (the English is the view's own). */
export const MAINTENANCE_VIEW_JA: ViewText<'f' | 'k'> = {
  title: 'メンテナンス方針から決める etcd のメンバー数',
  fields: {
    f: { label: 'メンテナンス中に耐えるべき障害数（f）', hint: (range) => `${range}。` },
    k: {
      label: '同時に停止するメンバー数（k）',
      hint: (range) => `${range}。f + k は ${MAX_FAILURES_PLUS_STOPPED} 以下。`,
    },
  },
};
