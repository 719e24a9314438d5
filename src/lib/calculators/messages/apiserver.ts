/**
 * The API-server calculator's words in each language it speaks (../apiserver.ts builds its form
 * and its answer from them). Figures come in computed; a catalogue only words them.
 */
import type { ViewText } from '../calc.ts';
import { fmtBytes, fmtNum } from '../format.ts';

export interface ApiserverWords {
  /** Field names in the parser's messages. */
  replicasLabel: string;
  typesLabel: string;
  objectsLabel: string;
  sizeLabel: string;
  etcdWatches: string;
  listedOnRestart: string;
  listedPerCheck: string;
  cacheMemory: string;
  /** Watch-cache memory across replicas, and that of one replica. */
  cacheMemoryValue: (totalBytes: number, perReplicaBytes: number) => string;
  consistentGets: string;
  consistentGetsValue: string;
  /** What the figures leave out or imply, in order: the copies per replica, consistent GETs, Events, consistency checks, memory as a lower bound. */
  notes: readonly string[];
  rule: string;
}

export const APISERVER_EN: ApiserverWords = {
  replicasLabel: 'API-server replicas',
  typesLabel: 'Resource types with a watch cache',
  objectsLabel: 'Objects',
  sizeLabel: 'Mean object size',
  etcdWatches: 'etcd watches (R × T)',
  listedOnRestart: 'Objects listed from etcd when every replica restarts (R × N)',
  listedPerCheck: 'Objects listed from etcd by consistency checks, every 5–7.5 min (R × N)',
  cacheMemory: 'Watch-cache memory across replicas (≈ R × N × S)',
  cacheMemoryValue: (total, one) => `${fmtBytes(total)} (${fmtBytes(one)} per replica)`,
  consistentGets: 'Consistent GETs (resourceVersion unset)',
  consistentGetsValue: 'still one etcd read each, on every replica',
  notes: [
    'Each replica keeps its own copy of every cached object, so watch-cache memory and restart list traffic grow with R.',
    'A GET with resourceVersion unset is served from etcd on every replica, whatever the cache holds.',
    'Events have no watch cache by default, so they are not among the T types: every Event GET and LIST is an etcd read, and every client watch on Events is an etcd watch of its own.',
    'With DetectCacheInconsistency (beta, on by default), each replica also lists every cached object from etcd every 5 to 7.5 minutes, in pages of 10,000, to check its cache.',
    'Memory is a lower bound: the cache also keeps a window of recent events and, with ListFromCacheSnapshot, snapshots sharing those objects.',
  ],
  rule: 'Each replica keeps its own watch cache: one etcd watch per cached type, a full LIST of each type when it starts and at every consistency check, and a copy of every cached object, so these grow with R; a consistent GET is one etcd read wherever it lands.',
};

/** Bytes as the English does, with "バイト" for the sizes below 1 KiB that English words "bytes". */
const bytesJa = (bytes: number): string => (bytes < 1024 ? `${fmtNum(bytes)} バイト` : fmtBytes(bytes));

export const APISERVER_JA: ApiserverWords = {
  replicasLabel: 'API サーバーのレプリカ数',
  typesLabel: 'ウォッチキャッシュを持つリソースタイプの数',
  objectsLabel: 'オブジェクト数',
  sizeLabel: 'オブジェクトの平均サイズ',
  etcdWatches: 'etcd へのウォッチの数（R × T）',
  listedOnRestart: '全レプリカの再起動時に etcd から list されるオブジェクト数（R × N）',
  listedPerCheck: '整合性チェックで 5〜7.5 分ごとに etcd から list されるオブジェクト数（R × N）',
  cacheMemory: '全レプリカのウォッチキャッシュのメモリー（≈ R × N × S）',
  cacheMemoryValue: (total, one) => `${bytesJa(total)}（レプリカあたり ${bytesJa(one)}）`,
  consistentGets: '一貫性のある GET（resourceVersion 未設定）',
  consistentGetsValue: 'どのレプリカでも、リクエストごとに etcd への読み取りが発生',
  notes: [
    '各レプリカはキャッシュ対象のすべてのオブジェクトを自分専用にコピーして持つため、ウォッチキャッシュのメモリーと、再起動時の list のトラフィックは R とともに増えます。',
    'resourceVersion を指定しない GET は、キャッシュの内容にかかわらず、どのレプリカでも etcd から返されます。',
    'Events にはデフォルトでウォッチキャッシュがないため、T 個のリソースタイプには含まれません。Event に対する GET と LIST はすべて etcd の読み取りになり、Events に対するクライアントのウォッチは、それぞれが独立した etcd のウォッチになります。',
    'DetectCacheInconsistency（ベータ、デフォルトで有効）により、各レプリカはキャッシュを検査するため、5〜7.5 分ごとにキャッシュ対象のすべてのオブジェクトを、10,000 件ずつのページに分けて etcd から list します。',
    'このメモリー量は下限です。キャッシュは直近のイベントの履歴も保持し、ListFromCacheSnapshot が有効な場合は、それらのオブジェクトを共有するスナップショットも保持します。',
  ],
  rule: '各レプリカは自分専用のウォッチキャッシュを持ちます。キャッシュ対象のタイプごとに etcd のウォッチを 1 つ保ち、起動時と整合性チェックのたびに各タイプを完全に LIST し、キャッシュ対象のすべてのオブジェクトのコピーを保持するため、これらはどれも R とともに増えます。一貫性のある GET は、どのレプリカに届いても etcd の読み取り 1 回です。',
};

/** The form's text in Japanese (the English is the view's own). */
export const APISERVER_VIEW_JA: ViewText<'r' | 't' | 'n' | 's'> = {
  title: 'API サーバーのレプリカが etcd にかけるコスト',
  fields: {
    r: { label: 'API サーバーのレプリカ数（R）', hint: (range) => `${range}。` },
    t: {
      label: 'ウォッチキャッシュを持つリソースタイプの数（T）',
      hint: (range) => `${range}。Events にはデフォルトでウォッチキャッシュがありません。`,
    },
    n: { label: 'それらのタイプのオブジェクト数（N）', hint: (range) => `${range}。` },
    s: { label: 'オブジェクトの平均サイズ（バイト、S）', hint: (range) => `${range}。` },
  },
};
