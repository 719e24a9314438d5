/**
 * The write-path calculator's words in each language it speaks (../write-path.ts builds its form
 * and its answer from them). Figures come in computed; a catalogue only words them.
 */
import type { ViewText } from '../calc.ts';
import { fmtBytes, fmtMs, fmtNum, ordinal } from '../format.ts';

export interface WritePathWords {
  /** Field names in the parsers' messages. */
  writesLabel: string;
  entrySizeLabel: string;
  membersLabel: string;
  leaderFsyncLabel: string;
  roundTripsLabel: string;
  followerFsyncsLabel: string;
  /** The per-follower lists' own messages (../write-path.ts `parseMsList`). */
  listEmpty: (label: string, count: number) => string;
  listTooMany: (label: string, items: number, count: number) => string;
  /** The name of one item of a list, for the number parser's messages. */
  listItem: (label: string, index: number) => string;
  egress: string;
  /** Leader egress per second, and the product it comes from: writes × entry bytes × followers. */
  egressValue: (bytesPerSecond: number, writes: number, entryBytes: number, followers: number) => string;
  commitLatency: string;
  commitValue: (commitMs: number, quorum: number, acksNeeded: number) => string;
  /** What decides the commit time: one member alone, the leader's fsync, or the deciding follower ack. */
  singleMember: string;
  boundByLeader: (leaderFsyncMs: number, acksNeeded: number, decidingAckMs: number) => string;
  boundByFollowers: (acksNeeded: number, ackMs: readonly number[]) => string;
  /** The model's throughput note (src/lib/model/write-path.ts `throughputNote`), in this language. */
  throughputNote: string;
  modelNotMeasurement: string;
  rule: string;
}

export const WRITE_PATH_EN: WritePathWords = {
  writesLabel: 'Writes per second',
  entrySizeLabel: 'Mean entry size',
  membersLabel: 'Members',
  leaderFsyncLabel: 'Leader fsync',
  roundTripsLabel: 'Follower round trips',
  followerFsyncsLabel: 'Follower fsyncs',
  listEmpty: (label, count) => `${label} is empty: enter one time in ms per follower (${count}).`,
  listTooMany: (label, items, count) =>
    `${label}: ${items} values for ${count} ${count === 1 ? 'follower' : 'followers'}; remove ${items - count === 1 ? 'one' : items - count}.`,
  listItem: (label, i) => `${label}, item ${i}`,
  egress: 'Leader egress for replication',
  egressValue: (bps, w, b, f) => `${fmtBytes(bps)}/s (${fmtNum(w)} × ${fmtBytes(b)} × ${f})`,
  commitLatency: 'Commit latency',
  commitValue: (ms, q, acks) => `${fmtMs(ms)} (quorum ${q}: leader + ${acks})`,
  singleMember: 'A single member commits on its own fsync.',
  boundByLeader: (lf, acks, deciding) =>
    `The leader's own fsync (${fmtMs(lf)}) is the slowest step; the ${acks === 1 ? 'fastest follower acknowledges' : `${acks} fastest followers acknowledge`} by ${fmtMs(deciding)}.`,
  boundByFollowers: (acks, ackMs) =>
    `The leader waits for ${acks === 1 ? 'the fastest follower' : `the ${acks} fastest followers`}; follower acks (round trip + fsync), fastest first: ${ackMs.map(fmtMs).join(', ')}; the ${acks === 1 ? 'first' : ordinal(acks)} decides.`,
  throughputNote:
    'Every member stores every entry, so adding members adds no write capacity: throughput has no term that grows with n, while leader egress grows with n − 1.',
  modelNotMeasurement:
    'A model, not a measurement: heartbeats, snapshots, TLS framing, apply time and queueing are left out.',
  rule: 'An entry commits once a quorum has it on disk: commit latency = max(leader fsync, the (quorum − 1)-th fastest follower ack, each ack a round trip plus that follower’s fsync); the leader sends every entry to each of the n − 1 followers.',
};

/** Bytes as the English does, with "バイト" for the sizes below 1 KiB that English words "bytes". */
const bytesJa = (bytes: number): string => (bytes < 1024 ? `${fmtNum(bytes)} バイト` : fmtBytes(bytes));

export const WRITE_PATH_JA: WritePathWords = {
  writesLabel: '毎秒の書き込み数',
  entrySizeLabel: '平均エントリーサイズ',
  membersLabel: 'メンバー数',
  leaderFsyncLabel: 'リーダーの fsync',
  roundTripsLabel: 'フォロワーとの往復時間',
  followerFsyncsLabel: 'フォロワーの fsync',
  listEmpty: (label, count) =>
    `${label}が空です。フォロワーごとに ms 単位の時間を 1 つずつ入力してください（フォロワー ${count} 台）。`,
  listTooMany: (label, items, count) =>
    `${label}：フォロワー ${count} 台に対して値が ${items} 個あります。${items - count} 個削除してください。`,
  listItem: (label, i) => `${label}（${i} 番目の値）`,
  egress: 'レプリケーションでリーダーが送り出すトラフィック',
  egressValue: (bps, w, b, f) => `${bytesJa(bps)}/s（${fmtNum(w)} × ${bytesJa(b)} × ${f}）`,
  commitLatency: 'コミットのレイテンシー',
  commitValue: (ms, q, acks) => `${fmtMs(ms)}（クォーラム ${q}：リーダー + ${acks}）`,
  singleMember: 'メンバーが 1 台だけなら、自身の fsync だけでコミットします。',
  boundByLeader: (lf, acks, deciding) =>
    `最も遅いステップはリーダー自身の fsync（${fmtMs(lf)}）です。${acks === 1 ? '最も速いフォロワー' : `最も速い ${acks} 台のフォロワー`}は ${fmtMs(deciding)} までに確認応答を返します。`,
  boundByFollowers: (acks, ackMs) =>
    `リーダーは${acks === 1 ? '最も速いフォロワー' : `最も速い ${acks} 台のフォロワー`}の確認応答を待ちます。フォロワーの確認応答（往復時間 + fsync）は速い順に ${ackMs.map(fmtMs).join('、')} で、${acks === 1 ? '最初' : `${acks} 番目`}の値がコミットの時点を決めます。`,
  throughputNote:
    'すべてのメンバーがすべてのエントリーを保存するため、メンバーを増やしても書き込み能力は増えません。スループットには n とともに増える項がなく、n − 1 に比例して増えるのはリーダーの送信量のほうです。',
  modelNotMeasurement:
    'これはモデルであり、測定値ではありません。ハートビート、スナップショット、TLS のフレーミング、適用（apply）にかかる時間、キューイングは含めていません。',
  rule: 'エントリーは、クォーラムがそれをディスクに書き込んだ時点でコミットされます。コミットのレイテンシー = max(リーダーの fsync, (クォーラム − 1) 番目に速いフォロワーの確認応答) で、各確認応答は往復時間とそのフォロワーの fsync の和です。リーダーはすべてのエントリーを n − 1 台のフォロワーそれぞれに送ります。',
};

const PER_FOLLOWER_JA = 'フォロワーごとに 1 つずつ、スペースで区切って入力します。足りない分には最後の値が使われます。';

/** The form's text in Japanese (the English is the view's own). */
export const WRITE_PATH_VIEW_JA: ViewText<'w' | 'b' | 'n' | 'lf' | 'rtt' | 'fs'> = {
  title: '書き込み経路（モデル）',
  fields: {
    w: { label: '毎秒の書き込み数', hint: '1 秒あたりにコミットされる書き込みの数。' },
    b: { label: '平均エントリーサイズ（バイト）', hint: 'Raft エントリー 1 件あたりのバイト数。' },
    n: { label: 'メンバー数（n）', hint: (range) => `${range}。` },
    lf: { label: 'リーダーの fsync（ms）', hint: 'リーダーでの WAL の fsync。' },
    rtt: { label: 'フォロワーとの往復時間（ms）', hint: PER_FOLLOWER_JA },
    fs: { label: 'フォロワーの fsync（ms）', hint: PER_FOLLOWER_JA },
  },
};
