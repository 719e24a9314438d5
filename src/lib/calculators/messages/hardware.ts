/**
 * The hardware calculator's words in each language it speaks (../hardware.ts builds its form and
 * its answer from them, ../hardware-words.ts the model's phrases). Figures and classes come in
 * computed; a catalogue only words them. Class names, instance types and flags stay as the guide
 * and etcd write them.
 */
import type {
  BeyondPhrase,
  BoundingInput,
  BoundReason,
  ClassRef,
  ExampleMachine,
  ExamplePhrase,
  HardwareNote,
  KeysReason,
} from '../../model/hardware.ts';
import type { ViewText } from '../calc.ts';
import { fmtInt, fmtNum, plural } from '../format.ts';
import type { PhraseWords } from '../phrase-words.ts';

export interface HardwareWords {
  /** The fields as a parser's message names them. */
  labels: { n: string; c: string; rps: string; gb: string; keys: string };
  /** An input as the lead names what decided the class. */
  inputName: Readonly<Record<BoundingInput, string>>;
  /** The lead: the class, and what decided it (`decidedBy` already named), or why nothing did. */
  lead: (className: string, decidedBy: readonly string[]) => string;
  leadByDefault: (className: string) => string;
  leadNoInput: (className: string) => string;
  machineLabel: (provider: ExampleMachine['provider']) => string;
  machine: (m: ExampleMachine) => string;
  iopsLabel: string;
  iops: (sequentialIops: number, heavilyLoaded: boolean) => string;
  networkLabel: string;
  network: Readonly<Record<'1GbE' | '10GbE', string>>;
  enterOne: string;
  /** Each bounded input's reasoning, by the model's key. */
  reason: {
    clients: PhraseWords<BoundReason>;
    requestsPerSecond: PhraseWords<BoundReason>;
    dataGB: PhraseWords<BoundReason>;
  };
  keysReason: PhraseWords<KeysReason>;
  example: PhraseWords<ExamplePhrase>;
  nodesAlone: (nodes: number) => string;
  beyond: PhraseWords<BeyondPhrase>;
  note: PhraseWords<HardwareNote>;
  rule: string;
}

// The model's figures formatted as the guide's tables write them: en-US, at most two decimals.
const nodesEn = (n: number): string => plural(n, 'node');
const namedEn = (c: ClassRef): string => `${c.name} (${fmtNum(c.exampleNodes)} nodes)`;

export const HARDWARE_EN: HardwareWords = {
  labels: { n: 'Kubernetes nodes', c: 'etcd clients', rps: 'Requests per second', gb: 'Data size', keys: 'Keys' },
  inputName: { clients: 'clients', requestsPerSecond: 'request rate', dataGB: 'data size', keys: 'keys' },
  lead: (name, by) => `${name} cluster, decided by ${by.join(', ')}.`,
  leadByDefault: (name) =>
    `${name} cluster by default: nodes alone decide no class, and no client count, request rate, data size or key count is given.`,
  leadNoInput: (name) => `${name} cluster: no input given, so the smallest class.`,
  machineLabel: (provider) => `${provider} example`,
  machine: (m) =>
    `${m.type}: ${m.vcpus} vCPUs, ${fmtNum(m.memoryGB)} GB memory, ${fmtInt(m.maxConcurrentIops)} max concurrent IOPS, ${fmtNum(m.diskMBps)} MB/s disk`,
  iopsLabel: 'Sequential IOPS the disk needs',
  iops: (n, heavy) =>
    `${n} (${heavy ? 'heavily loaded' : 'typical'}); cloud figures are concurrent IOPS, up to 10× higher`,
  networkLabel: 'Network',
  network: { '10GbE': '10GbE (large clusters)', '1GbE': '1GbE (common deployments)' },
  enterOne: 'Enter at least one input; 0 means unknown.',
  reason: {
    clients: {
      notGiven: () => 'Clients not given.',
      under: ({ value, shown, bound, className }) =>
        `${shown} ${value === 1 ? 'client' : 'clients'} < ${fmtNum(bound)} (${className}).`,
      over: ({ value, shown, bound, className }) =>
        `${shown} ${value === 1 ? 'client' : 'clients'} ≥ ${fmtNum(bound)}, the bound of ${className}.`,
    },
    requestsPerSecond: {
      notGiven: () => 'Request rate not given.',
      under: ({ shown, bound, className }) => `${shown} requests/s < ${fmtNum(bound)} (${className}).`,
      over: ({ shown, bound, className }) => `${shown} requests/s ≥ ${fmtNum(bound)}, the bound of ${className}.`,
    },
    dataGB: {
      notGiven: () => 'Data size not given.',
      under: ({ shown, bound, className }) => `${shown} GB ≤ ${fmtNum(bound)} GB (${className}).`,
      over: ({ shown, bound, className }) => `${shown} GB > ${fmtNum(bound)} GB, the bound of ${className}.`,
    },
  },
  keysReason: {
    notGiven: () => 'Keys not given.',
    fewKeys: ({ keys, memoryGB }) =>
      `${plural(keys, 'key')}: fewer than the "millions of keys" for which the guide asks ${memoryGB[0]} GB to ${memoryGB[1]} GB.`,
    manyKeys: ({ keys, memoryGB, className, machineMemoryGB }) =>
      `${plural(keys, 'key')}: "millions of keys" needs ${memoryGB[0]}–${memoryGB[1]} GB, so at least ${className} (${machineMemoryGB.map((m) => `${fmtNum(m)} GB`).join(' / ')}).`,
  },
  example: {
    at: ({ nodes, className }) =>
      `${nodesEn(nodes)}: the example workload the guide names for ${className}, an illustration, not a bound.`,
    fewer: ({ nodes, first }) =>
      `${nodesEn(nodes)}: fewer than the example workload of ${namedEn(first)}, the smallest the guide names.`,
    more: ({ nodes, largest }) =>
      `${nodesEn(nodes)}: more than every example workload of the guide; the largest is ${namedEn(largest)}.`,
    between: ({ nodes, lower, upper }) =>
      `${nodesEn(nodes)}: between the example workloads of ${namedEn(lower)} and ${namedEn(upper)}; they illustrate the classes and bound nothing.`,
  },
  nodesAlone: (nodes) =>
    `${nodesEn(nodes)} alone does not pick a class: the guide defines its classes by clients, requests per second and data size, and neither those nor a key count is given. Read the request rate (the rate of kube-apiserver's etcd_requests_total, summed over the API-server replicas) and the database size of a cluster like yours, and enter those.`,
  beyond: {
    pastExamples: ({ nodes, largest }) =>
      `${fmtNum(nodes)} nodes is past the largest example workload in the guide (${fmtNum(largest.exampleNodes)} nodes, ${largest.name}); the class comes from the bounds above, not from the node count.`,
    openEnded: ({ className, largeName }) =>
      `${className} is open-ended: the guide defines it only as more than ${largeName}'s bounds, and its example machines are one point, not a limit; past them, measure.`,
  },
  note: {
    nodesAboveExample: ({ nodes, chosen }) =>
      `${nodesEn(nodes)} is more than the ${fmtNum(chosen.exampleNodes)}-node example workload of ${chosen.name}. The guide's classes rest on the bounds, so ${chosen.name} stands; check that the figures entered are those of the whole cluster.`,
    boundaryGap: ({ clients, requestsPerSecond, largeName }) =>
      `The guide puts exactly ${fmtNum(clients)} clients or ${fmtNum(requestsPerSecond)} requests/s in no class (${largeName} is "fewer than", xLarge "more than"); counted as xLarge.`,
    overSuggestedQuota: ({ dataGB }) =>
      `${fmtNum(dataGB)} GB is more than the 8 GiB etcd suggests at most for --quota-backend-bytes; etcd warns at start-up when the quota is set above it.`,
    overDefaultQuota: ({ dataGB }) =>
      `${fmtNum(dataGB)} GB is more than etcd's default quota of 2 GiB: set --quota-backend-bytes above it, or etcd raises the NOSPACE alarm and refuses writes.`,
    dataOverMemory: ({ dataGB, memoryGB, className }) =>
      `${fmtNum(dataGB)} GB of data does not fit in the ${fmtNum(memoryGB)} GB of the smaller ${className} example; etcd reads its database through a memory map, so it would read from disk.`,
    dataNotLoad: ({ className }) =>
      `${className} here comes from the data size, and data size alone does not make a cluster heavily loaded: the guide's 500 sequential IOPS is for thousands of clients or tens of thousands of requests per second, so 50 stands.`,
  },
  rule: 'The smallest of the hardware guide’s four classes that covers every input given: its client, request-rate and data bounds, and 16 GB of memory for millions of keys. Nodes are compared with the classes’ example workloads but decide nothing, since the guide defines the classes by the three bounds alone; an input of 0 is unknown and decides nothing.',
};

const nodesJa = (n: number): string => `${fmtNum(n)} ノード`;
const namedJa = (c: ClassRef): string => `${c.name}（${fmtNum(c.exampleNodes)} ノード）`;

export const HARDWARE_JA: HardwareWords = {
  labels: {
    n: 'Kubernetes のノード数',
    c: 'etcd のクライアント数',
    rps: '毎秒のリクエスト数',
    gb: 'データサイズ',
    keys: 'キー数',
  },
  inputName: {
    clients: 'クライアント数',
    requestsPerSecond: 'リクエストレート',
    dataGB: 'データサイズ',
    keys: 'キー数',
  },
  lead: (name, by) =>
    `${name} クラスターです。決め手は${by.length > 1 ? `${by.slice(0, -1).join('、')}と${by.at(-1)}` : by[0]}です。`,
  leadByDefault: (name) =>
    `デフォルトで ${name} クラスターです。ノード数だけではクラスは決まらず、クライアント数、リクエストレート、データサイズ、キー数のいずれも入力されていません。`,
  leadNoInput: (name) => `${name} クラスターです。入力がないので、最小のクラスにしています。`,
  machineLabel: (provider) => `${provider} の例`,
  machine: (m) =>
    `${m.type}：${m.vcpus} vCPU、メモリー ${fmtNum(m.memoryGB)} GB、最大並列 IOPS ${fmtInt(m.maxConcurrentIops)}、ディスク ${fmtNum(m.diskMBps)} MB/s`,
  iopsLabel: 'ディスクに必要なシーケンシャル IOPS',
  iops: (n, heavy) => `${n}（${heavy ? '高負荷' : '通常'}）。クラウドの数字は並列 IOPS で、最大 10 倍高く出ます`,
  networkLabel: 'ネットワーク',
  network: { '10GbE': '10GbE（大規模なクラスター）', '1GbE': '1GbE（一般的なデプロイ）' },
  enterOne: '少なくとも 1 つ入力してください。0 は不明を意味します。',
  reason: {
    clients: {
      notGiven: () => 'クライアント数は未入力です。',
      under: ({ shown, bound, className }) => `クライアント ${shown} < ${fmtNum(bound)}（${className}）。`,
      over: ({ shown, bound, className }) => `クライアント ${shown} ≥ ${fmtNum(bound)}（${className} の上限）。`,
    },
    requestsPerSecond: {
      notGiven: () => 'リクエストレートは未入力です。',
      under: ({ shown, bound, className }) => `${shown} リクエスト/秒 < ${fmtNum(bound)}（${className}）。`,
      over: ({ shown, bound, className }) => `${shown} リクエスト/秒 ≥ ${fmtNum(bound)}（${className} の上限）。`,
    },
    dataGB: {
      notGiven: () => 'データサイズは未入力です。',
      under: ({ shown, bound, className }) => `データ ${shown} GB ≤ ${fmtNum(bound)} GB（${className}）。`,
      over: ({ shown, bound, className }) => `データ ${shown} GB > ${fmtNum(bound)} GB（${className} の上限）。`,
    },
  },
  keysReason: {
    notGiven: () => 'キー数は未入力です。',
    fewKeys: ({ keys, memoryGB }) =>
      `キー ${fmtNum(keys)} 個：ガイドが ${memoryGB[0]}〜${memoryGB[1]} GB を求める「百万単位のキー（millions of keys）」には届きません。`,
    manyKeys: ({ keys, memoryGB, className, machineMemoryGB }) =>
      `キー ${fmtNum(keys)} 個：「百万単位のキー」には ${memoryGB[0]}〜${memoryGB[1]} GB が必要なので、少なくとも ${className} です（${machineMemoryGB.map((m) => `${fmtNum(m)} GB`).join(' / ')}）。`,
  },
  example: {
    at: ({ nodes, className }) =>
      `${nodesJa(nodes)}：ガイドが ${className} の例として挙げるワークロードです。例示であり、上限ではありません。`,
    fewer: ({ nodes, first }) =>
      `${nodesJa(nodes)}：ガイドが挙げる最小の例である ${namedJa(first)}のワークロードより少ない数です。`,
    more: ({ nodes, largest }) =>
      `${nodesJa(nodes)}：ガイドのどの例のワークロードよりも多い数です。最大の例は ${namedJa(largest)}です。`,
    between: ({ nodes, lower, upper }) =>
      `${nodesJa(nodes)}：${namedJa(lower)}と ${namedJa(upper)}の例のワークロードの間です。例はクラスを示すためのもので、何の上限でもありません。`,
  },
  nodesAlone: (nodes) =>
    `${nodesJa(nodes)}だけではクラスは決まりません。ガイドはクラスをクライアント数、毎秒のリクエスト数、データサイズで定めており、それらもキー数も入力されていません。あなたのクラスター（または似たクラスター）で、リクエストレート（kube-apiserver の etcd_requests_total のレートを、全 API サーバーのレプリカについて合計したもの）とデータベースのサイズを読み取り、それを入力してください。`,
  beyond: {
    pastExamples: ({ nodes, largest }) =>
      `${nodesJa(nodes)}は、ガイドが挙げる最大の例のワークロード（${fmtNum(largest.exampleNodes)} ノード、${largest.name}）を超えています。クラスはノード数ではなく、上のそれぞれの上限から決まります。`,
    openEnded: ({ className, largeName }) =>
      `${className} には上限がありません。ガイドはこれを ${largeName} の上限を超えるものとしか定めておらず、その例のマシンは一点にすぎず、上限ではありません。それを超えるなら測定してください。`,
  },
  note: {
    nodesAboveExample: ({ nodes, chosen }) =>
      `${nodesJa(nodes)}は、${chosen.name} の例のワークロード（${fmtNum(chosen.exampleNodes)} ノード）より多い数です。ガイドのクラスは上限に基づくので ${chosen.name} のままですが、入力した数字がクラスター全体のものかを確かめてください。`,
    boundaryGap: ({ clients, requestsPerSecond, largeName }) =>
      `ガイドでは、クライアントがちょうど ${fmtNum(clients)}、またはリクエストがちょうど毎秒 ${fmtNum(requestsPerSecond)} の場合、どのクラスにも入りません（${largeName} は "fewer than"、xLarge は "more than"）。ここでは xLarge として数えています。`,
    overSuggestedQuota: ({ dataGB }) =>
      `${fmtNum(dataGB)} GB は、etcd が --quota-backend-bytes の上限として勧める 8 GiB を超えています。クォータをそれより大きく設定すると、etcd は起動時に警告を出します。`,
    overDefaultQuota: ({ dataGB }) =>
      `${fmtNum(dataGB)} GB は、etcd のデフォルトのクォータ 2 GiB を超えています。--quota-backend-bytes をそれより大きく設定してください。そうしないと etcd は NOSPACE アラームを発生させ、書き込みを拒否します。`,
    dataOverMemory: ({ dataGB, memoryGB, className }) =>
      `${fmtNum(dataGB)} GB のデータは、${className} の小さいほうの例のメモリー ${fmtNum(memoryGB)} GB に収まりません。etcd はデータベースをメモリーマップ経由で読むので、ディスクから読むことになります。`,
    dataNotLoad: ({ className }) =>
      `ここでの ${className} はデータサイズから決まったもので、データサイズだけではクラスターは高負荷になりません。ガイドの 500 シーケンシャル IOPS は数千のクライアントか毎秒数万のリクエストに対するものなので、50 のままです。`,
  },
  rule: 'ハードウェアガイドの 4 つのクラスのうち、入力したすべての値をカバーする最小のクラスです。クライアント数、リクエストレート、データサイズの上限と、百万単位のキーに対する 16 GB のメモリーで判断します。ノード数はクラスの例のワークロードと比べますが、ガイドはクラスを 3 つの上限だけで定めているので、何も決めません。0 の入力は不明を意味し、何も決めません。',
};

/** The form's text in Japanese (the English is the view's own). */
export const HARDWARE_VIEW_JA: ViewText<'n' | 'c' | 'rps' | 'gb' | 'keys'> = {
  title: 'ハードウェアガイドから決める etcd のマシンサイズ',
  fields: {
    n: { label: 'Kubernetes のノード数', hint: (range) => `${range}。不明なら 0。` },
    c: { label: 'etcd のクライアント数', hint: (range) => `${range}。不明なら 0。` },
    rps: { label: 'etcd への毎秒のリクエスト数', hint: (range) => `${range}。不明なら 0。` },
    gb: { label: 'データサイズ（GB）', hint: (range) => `${range}。データベースのサイズ。不明なら 0。` },
    keys: { label: 'キー数', hint: (range) => `${range}。不明なら 0。` },
  },
};
