/**
 * The words of the lab's figures in each language: table headers, chart labels, the findings and
 * the "Measured with" paragraph under a figure. The figure builders compute every number, branch
 * and condition once and hand the formatted numbers to these phrases, so that both languages say
 * the same figures; only the words around them differ. English is the guide's original text, byte
 * for byte.
 */

/** A spread of values as the figures print it ("1,234 (1,100–1,300) ms"), already formatted. */
type S = string;

/** What the paragraph under a figure says of the run, formatted. */
export interface WhereFacts {
  day: string;
  etcdVersion: string;
  host: string;
  cpuCount: number;
  cpuModel: string;
  kernel: string;
  filesystem: string | undefined;
  clients: number;
  readClientsPerMember: number | undefined;
  clientName: string;
  clientVersion: string;
  /** The method note (methodNote), a sentence or more. */
  method: string;
}

export interface LabFigureWords {
  lang: string;
  /** A value not measured or that cannot be computed. */
  na: string;
  none: string;
  /** Sentences run together into a paragraph (a chart's description). */
  paragraph: (sentences: readonly string[]) => string;
  /** A ratio, from its formatted number: "0.35 ×". */
  ratio: (x: string) => string;
  members: (n: number) => string;
  cluster: (members: number, rtt: string) => string;
  /** Windows counted against all the windows: "2 of 5". */
  windowsOf: (n: number, total: number) => string;
  /** The accessible name of a figure's table. */
  tableName: (title: string) => string;
  head: { membersRtt: string; delay: string; cpuBound: string };
  machine: {
    notBound: (busy: string) => string;
    bound: (bound: number, total: number, cpus: number, busy: string) => string;
    offItem: (cluster: string, measured: string, requested: string) => string;
    off: (items: readonly string[]) => string;
  };
  method: {
    oneWindow: (window: string) => string;
    windows: (repeats: number, window: string, warmUp: string) => string;
    machine: (busy: S, load: S, bound: number, total: number) => string;
    unpinned: (reason: string) => string;
    join: (parts: readonly string[]) => string;
  };
  writes: {
    head: string[];
    finding: (cluster: string, ratio: string, windows: number, extremes: [string, string] | null) => string;
    title: string;
    desc: (clients: number, maxMembers: number, findings: string) => string;
    yLabel: string;
    series: (rtt: string) => string;
  };
  reads: {
    head: string[];
    part: (ratio: string, members: number) => string;
    finding: (rtt: string, parts: readonly string[], perMember: number | undefined) => string;
    title: string;
    desc: (perMember: number | undefined, findings: string) => string;
    yLabel: string;
    series: string[];
  };
  loss: {
    head: string[];
    role: (role: 'leader' | 'follower') => string;
    stuckCell: (n: string, waited: S) => string;
    title: string;
    desc: (findings: string) => string;
    yLabel: string;
    series: string[];
    electionTimeout: (ms: string) => string;
    versionOne: (all: S, election: S) => string;
    leader: (kills: number, election: S, first: S, all: S) => string;
    stuck: (stuck: string, writers: string, waited: S) => string;
    byDeadline: (parts: readonly [all: S, deadlineS: string][]) => string;
    follower: (kills: number, all: S) => string;
    allReadBack: (acked: string) => string;
    missing: (missing: string, acked: string) => string;
  };
  timeline: {
    head: string[];
    leaderKilled: string;
    newLeader: string;
    gap: (cluster: string, gap: string, election: string, timeout: string) => string;
    gaps: (kills: number, gaps: S) => string;
    title: string;
    desc: (interval: string, cluster: string, from: string, to: string, findings: string) => string;
    yLabel: (interval: string) => string;
    series: (cluster: string) => string;
    slices: (from: string, to: string) => string;
    inAll: (n: string) => string;
  };
  majority: {
    head: string[];
    title: string;
    stopped: (stopped: readonly number[], members: number) => string;
    refused: (refused: string, attempted: string) => string;
    deadlines: (xs: readonly string[]) => string;
    errors: (xs: readonly string[]) => string;
    noneAcked: (repetitions: string, clusters: number) => string;
    acked: (acked: string) => string;
    saw: (errors: readonly string[]) => string;
  };
  disk: { head: string[]; title: string; finding: (p50: string, p99: string, writes: string, block: string) => string };
  /** The paragraph under a figure: text, `npm run lab` as code, text, the link to the raw JSON, text. */
  where: (f: WhereFacts) => { before: string; after: string; link: string; end: string };
}

const EN_HEAD = {
  membersRtt: 'Members · RTT',
  delay: 'Delay added during load: p50 (median window) / p99 (highest window)',
  cpuBound: 'CPU-bound windows',
};
const enMembers = (n: number): string => `${n} member${n === 1 ? '' : 's'}`;

const en: LabFigureWords = {
  lang: 'en',
  na: 'n/a',
  none: 'none',
  paragraph: (xs) => xs.join(' '),
  ratio: (x) => `${x} ×`,
  members: enMembers,
  cluster: (m, rtt) => `${enMembers(m)}, ${rtt} ms RTT`,
  windowsOf: (n, total) => `${n} of ${total}`,
  tableName: (title) => `${title}: the numbers`,
  head: EN_HEAD,
  machine: {
    notBound: (busy) => `No window of this figure was CPU-bound (the CPUs were ${busy} % busy at the median).`,
    bound: (bound, total, cpus, busy) =>
      `${bound} of ${total} windows of this figure ${bound === 1 ? 'was' : 'were'} CPU-bound (all ${cpus} CPUs at least 90 % busy; ${busy} % at the median): there the figure measures a machine short of CPU as much as etcd.`,
    offItem: (c, m, r) => `${c}: ${m} ms for ${r} ms requested`,
    off: (items) =>
      `The delay measured during the loads was more than 20 % off the requested RTT: ${items.join('; ')}.`,
  },
  method: {
    oneWindow: (w) => `One ${w} window per load and cluster, without warm-up or repetition.`,
    windows: (n, w, warm) =>
      `${n} windows of ${w} per load and cluster after a ${warm} warm-up, in shuffled rounds; each member stop repeated ${n} times`,
    machine: (busy, load, bound, total) =>
      `the CPUs were ${busy} % busy during the windows (median, range), load average ${load}, and ${bound} of ${total} windows were CPU-bound`,
    unpinned: (reason) => `no process was pinned to a CPU: ${reason}`,
    join: (parts) => `${parts.join('; ')}.`,
  },
  writes: {
    head: [EN_HEAD.membersRtt, 'Writes/s, median (range)', 'p50', 'p99', '÷ 1 member', EN_HEAD.delay, EN_HEAD.cpuBound],
    finding: (c, ratio, n, x) =>
      `${c} ÷ 1 member: ${ratio} the write throughput, medians of ${n} windows${x ? ` (${x[0]}–${x[1]} between the windows' extremes)` : ''}.`,
    title: 'Write throughput against etcd members',
    desc: (clients, max, findings) =>
      `Median writes per second over the measured windows, with their range, with ${clients} clients for 1 to ${max} members. ${findings}`,
    yLabel: 'writes/s',
    series: (rtt) => `${rtt} ms RTT`,
  },
  reads: {
    head: [
      'Cluster',
      'Clients',
      'Linearizable p50, median (range)',
      'Serializable p50, median (range)',
      'Linearizable p99',
      'Serializable p99',
      'p50 linearizable ÷ serializable',
      EN_HEAD.delay,
      EN_HEAD.cpuBound,
    ],
    part: (ratio, m) => `${ratio} (${m} members)`,
    finding: (rtt, parts, per) =>
      `At ${rtt} ms added RTT a linearizable read's median was ${parts.join(' and ')} a serializable one's${per ? `, with ${per} clients per member` : ''}.`,
    title: 'Median read latency: linearizable against serializable',
    desc: (per, findings) =>
      `Median latency of single-key range reads per cluster (members · added RTT), the median over the measured windows with their range${per ? `, ${per} clients per member` : ''}. ${findings}`,
    yLabel: 'median latency, ms',
    series: ['linearizable', 'serializable'],
  },
  loss: {
    head: [
      EN_HEAD.membersRtt,
      'Stopped',
      'Repeats',
      'New leader after',
      'First writer writing again after',
      'Every writer writing again after',
      'Writes stuck at the kill, ended by etcd after',
      'Acknowledged',
      'Missing',
    ],
    role: (role) => role,
    stuckCell: (n, s) => `${n}: ${s}`,
    title: 'Until every writer writes again after a member stops',
    desc: (findings) =>
      `Per cluster (members · added RTT), the median over the kills, with the range, of the time from the kill until every writer had a write sent after the kill acknowledged, for a follower and for the leader killed. ${findings}`,
    yLabel: 'every writer writing again after, ms',
    series: ['follower stopped', 'leader stopped'],
    electionTimeout: (x) => `election timeout ${x} ms`,
    versionOne: (all, e) =>
      `Writes failed for ${all} after the leader was killed, a new leader after ${e}; every writer's deadline was 3 s, which bounds these figures.`,
    leader: (n, e, first, all) =>
      `After the leader was killed (${n} kills), a surviving member reported a new leader after ${e}, the first writer was writing again after ${first}, and every writer after ${all}.`,
    stuck: (n, writers, s) =>
      `${n} of ${writers} writers had a write stuck at the kill (sent to a follower, which had passed it to the killed leader); etcd ended each with an error after ${s}, its request timeout of 5 s + 2 × the election timeout, so those writers waited that long whatever their own deadline.`,
    byDeadline: (parts) =>
      `By client deadline, every writer was writing again after ${parts.map(([all, d]) => `${all} with ${d} s`).join(' and ')}.`,
    follower: (n, all) => `After a follower was killed (${n} kills), every writer was writing again after ${all}.`,
    allReadBack: (acked) => `All ${acked} acknowledged writes were read back afterwards.`,
    missing: (missing, acked) => `${missing} of ${acked} acknowledged writes were not read back afterwards.`,
  },
  timeline: {
    head: ['From the kill', 'Acknowledged writes'],
    leaderKilled: 'leader killed',
    newLeader: 'new leader',
    gap: (c, gap, e, t) =>
      `${c}: no write was acknowledged for ${gap} after the leader was killed; a new leader was reported after ${e} (election timeout ${t} ms).`,
    gaps: (n, s) =>
      `Over the ${n} leader kills of this cluster, the longest stretch without any acknowledged write was ${s}; every writer was writing again only later (the figure above).`,
    title: 'Acknowledged writes around the first leader kill',
    desc: (i, c, from, to, findings) =>
      `Acknowledged writes per ${i} ms, ${c}, from ${from} to ${to} around the kill. ${findings}`,
    yLabel: (i) => `writes per ${i} ms`,
    series: (c) => `acknowledged writes, ${c}`,
    slices: (from, to) => `${from} to ${to}`,
    inAll: (n) => `${n} in all`,
  },
  majority: {
    head: [
      EN_HEAD.membersRtt,
      'Stopped',
      'Repetitions',
      'Writes refused',
      'Acknowledged',
      'Refused after (median, range)',
      'Client deadline',
      'Error the client saw',
    ],
    title: 'Writes with a majority of members stopped',
    stopped: (stopped, m) => `${stopped.join(' or ')} of ${m}`,
    refused: (r, a) => `${r} of ${a}`,
    deadlines: (xs) => xs.join(', '),
    errors: (xs) => xs.join('; '),
    noneAcked: (n, clusters) =>
      `With a majority stopped, no write was acknowledged in any of the ${n} repetitions over ${clusters} clusters.`,
    acked: (acked) =>
      `With a majority stopped, ${acked} writes were still acknowledged: a contradiction of the quorum rule to investigate.`,
    saw: (errors) => `The client saw: ${errors.map((e) => `“${e}”`).join('; ')}.`,
  },
  disk: {
    head: ['Writes', 'Block', 'p50', 'p90', 'p99', 'max'],
    title: 'fdatasync latency of the lab disk',
    finding: (p50, p99, n, b) => `fdatasync on the lab's data disk: p50 ${p50}, p99 ${p99} (${n} writes of ${b} B).`,
  },
  where: (f) => ({
    before: 'Measured with ',
    after: ` on ${f.day}: etcd ${f.etcdVersion}, every member a process on one machine (${f.host}: ${f.cpuCount} × ${f.cpuModel}, ${f.kernel}${f.filesystem !== undefined ? `, data on ${f.filesystem}` : ''}), with ${f.clients} clients for the writes${f.readClientsPerMember ? ` and ${f.readClientsPerMember} per member for the reads` : ''}, and the etcd client ${f.clientName} ${f.clientVersion}. ${f.method} The members share that machine's CPU and disk, so read the ratios, not the absolute numbers. `,
    link: 'Raw JSON',
    end: '.',
  }),
};

const JA_HEAD = {
  membersRtt: 'メンバー数 · RTT',
  delay: '負荷中に加わった遅延：p50（中央値の区間）/ p99（最大の区間）',
  cpuBound: 'CPU 律速の計測区間',
};
const jaCluster = (m: number, rtt: string): string => `メンバー ${m} 台（RTT ${rtt} ms）`;
const jaPerMember = (per: number | undefined): string => (per ? `（メンバーあたりクライアント ${per} 個）` : '');
// The lab records why it pinned no process in English; the usual reason is said in Japanese.
const TOO_FEW_CPUS =
  /^(\d+) CPUs for up to (\d+) members, the load generator and its proxies: too few to give each its own, so they share them$/;

const ja: LabFigureWords = {
  lang: 'ja',
  na: 'データなし',
  none: 'なし',
  paragraph: (xs) => xs.join(''),
  ratio: (x) => `${x} 倍`,
  members: (n) => `メンバー ${n} 台`,
  cluster: jaCluster,
  windowsOf: (n, total) => `${total} 区間中 ${n} 区間`,
  tableName: (title) => `${title}（数値の表）`,
  head: JA_HEAD,
  machine: {
    notBound: (busy) => `この図の計測区間に CPU 律速のものはありませんでした（CPU のビジー率は中央値で ${busy} %）。`,
    bound: (bound, total, cpus, busy) =>
      `この図の計測区間 ${total} 区間中 ${bound} 区間が CPU 律速でした（${cpus} 個の CPU すべてのビジー率が 90 % 以上、中央値は ${busy} %）。これらの区間では、この図は etcd と同じ程度に、CPU の足りないマシンを測っています。`,
    offItem: (c, m, r) => `${c} で要求 ${r} ms に対して ${m} ms`,
    off: (items) =>
      `負荷をかけている間に測った遅延は、要求した RTT から 20 % を超えてずれていました（${items.join('、')}）。`,
  },
  method: {
    oneWindow: (w) => `負荷とクラスターごとに ${w} の計測区間を 1 回ずつ、ウォームアップも繰り返しもなしで測りました。`,
    windows: (n, w, warm) =>
      `負荷とクラスターごとに、${warm} のウォームアップの後、${w} の計測区間を ${n} 回、ラウンドごとに順序を入れ替えて測りました。メンバーの停止はそれぞれ ${n} 回繰り返しました`,
    machine: (busy, load, bound, total) =>
      `計測区間中の CPU のビジー率は ${busy} %（中央値、範囲）、ロードアベレージは ${load} で、${total} 区間中 ${bound} 区間が CPU 律速でした`,
    unpinned: (reason) => {
      const m = TOO_FEW_CPUS.exec(reason);
      return m
        ? `どのプロセスも CPU に固定していません。CPU ${m[1]} 個に対してメンバーが最大 ${m[2]} 台あり、さらに負荷生成器とそのプロキシも動くため、それぞれに専用の CPU を割り当てるには足りず、共有しています`
        : `どのプロセスも CPU に固定していません（記録された理由：${reason}）`;
    },
    join: (parts) => `${parts.join('。')}。`,
  },
  writes: {
    head: [
      JA_HEAD.membersRtt,
      '書き込み/秒、中央値（範囲）',
      'p50',
      'p99',
      'メンバー 1 台との比',
      JA_HEAD.delay,
      JA_HEAD.cpuBound,
    ],
    finding: (c, ratio, n, x) =>
      `${c}の書き込みスループットは、メンバー 1 台の ${ratio}でした（${n} 区間の中央値どうしの比${x ? `。区間の両極端どうしでは ${x[0]}–${x[1]} 倍` : ''}）。`,
    title: 'etcd のメンバー数と書き込みスループット',
    desc: (clients, max, findings) =>
      `メンバー 1〜${max} 台、クライアント ${clients} 個で測った、毎秒の書き込み数です。計測区間ごとの値の中央値と範囲を示します。${findings}`,
    yLabel: '書き込み/秒',
    series: (rtt) => `RTT ${rtt} ms`,
  },
  reads: {
    head: [
      'クラスター',
      'クライアント数',
      '線形化可能な読み取りの p50、中央値（範囲）',
      'シリアライズ可能な読み取りの p50、中央値（範囲）',
      '線形化可能な読み取りの p99',
      'シリアライズ可能な読み取りの p99',
      'p50 の比（線形化可能 ÷ シリアライズ可能）',
      JA_HEAD.delay,
      JA_HEAD.cpuBound,
    ],
    part: (ratio, m) => `メンバー ${m} 台で ${ratio}`,
    finding: (rtt, parts, per) =>
      `追加した RTT が ${rtt} ms のとき、線形化可能な読み取りのレイテンシーの中央値は、シリアライズ可能な読み取りに対して${parts.join('、')}でした${jaPerMember(per)}。`,
    title: '読み取りレイテンシーの中央値：線形化可能な読み取りとシリアライズ可能な読み取り',
    desc: (per, findings) =>
      `クラスター（メンバー数 · 追加した RTT）ごとの、単一キーの範囲読み取りのレイテンシーの中央値です。計測区間ごとの中央値の中央値と、その範囲を示します${jaPerMember(per)}。${findings}`,
    yLabel: 'レイテンシーの中央値（ms）',
    series: ['線形化可能', 'シリアライズ可能'],
  },
  loss: {
    head: [
      JA_HEAD.membersRtt,
      '停止したメンバー',
      '繰り返し回数',
      '新しいリーダーまで',
      '最初の書き込みクライアントの再開まで',
      '全書き込みクライアントの再開まで',
      'kill 時に滞留した書き込み：件数、etcd が終わらせるまで',
      '確認応答された書き込み',
      '読み戻せなかった書き込み',
    ],
    role: (role) => (role === 'leader' ? 'リーダー' : 'フォロワー'),
    stuckCell: (n, s) => `${n} 件：${s}`,
    title: 'メンバーの停止から全書き込みクライアントが再開するまで',
    desc: (findings) =>
      `フォロワーまたはリーダーを kill してから、すべての書き込みクライアントで kill 後に送った書き込みが確認応答されるまでの時間を、クラスター（メンバー数 · 追加した RTT）ごとに示します（kill ごとの値の中央値と範囲）。${findings}`,
    yLabel: '全クライアントの再開まで（ms）',
    series: ['フォロワー停止', 'リーダー停止'],
    electionTimeout: (x) => `選出タイムアウト ${x} ms`,
    versionOne: (all, e) =>
      `リーダーを kill した後、書き込みは ${all} の間失敗し、新しいリーダーは ${e} 後に選ばれました。書き込みクライアントのデッドラインはどれも 3 秒だったため、これらの値はこのデッドラインに制約されています。`,
    leader: (n, e, first, all) =>
      `リーダーを kill した後（kill ${n} 回）、生き残ったメンバーが新しいリーダーを報告するまでに ${e}、最初の書き込みクライアントが再開するまでに ${first}、すべての書き込みクライアントが再開するまでに ${all} かかりました。`,
    stuck: (n, writers, s) =>
      `書き込みクライアント ${writers} のうち ${n} では、kill の時点で書き込みが滞留していました（フォロワーに送られ、そのフォロワーが kill されたリーダーへ転送済みだった書き込みです）。etcd はそれぞれを ${s} 後にエラーで終わらせました。これは etcd のリクエストタイムアウト（5 秒 + 選出タイムアウト 2 回分）にあたり、これらの書き込みクライアントは自身のデッドラインにかかわらず、その時間だけ待たされました。`,
    byDeadline: (parts) =>
      `クライアントのデッドライン別に見ると、すべての書き込みクライアントが再開するまでの時間は、${parts.map(([all, d]) => `デッドライン ${d} 秒で ${all}`).join('、')} でした。`,
    follower: (n, all) =>
      `フォロワーを kill した後（kill ${n} 回）、すべての書き込みクライアントが再開するまでの時間は ${all} でした。`,
    allReadBack: (acked) => `確認応答された書き込み ${acked} 件は、すべて後から読み戻せました。`,
    missing: (missing, acked) =>
      `確認応答された書き込み ${acked} 件のうち ${missing} 件は、後から読み戻せませんでした。`,
  },
  timeline: {
    head: ['kill からの時間', '確認応答された書き込み数'],
    leaderKilled: 'リーダーを kill',
    newLeader: '新しいリーダー',
    gap: (c, gap, e, t) =>
      `${c}：リーダーを kill してから ${gap} の間、確認応答された書き込みはありませんでした。新しいリーダーが報告されたのは ${e} 後です（選出タイムアウトは ${t} ms）。`,
    gaps: (n, s) =>
      `このクラスターでの ${n} 回のリーダーの kill で、確認応答された書き込みがまったくなかった最長の期間は ${s} でした。すべての書き込みクライアントが再開したのは、それより後です（上の図）。`,
    title: '最初のリーダーの kill 前後に確認応答された書き込み',
    desc: (i, c, from, to, findings) =>
      `${c}で、kill の前後 ${from} から ${to} まで、${i} ms ごとに確認応答された書き込みの数です。${findings}`,
    yLabel: (i) => `${i} ms あたりの書き込み数`,
    series: (c) => `確認応答された書き込み（${c}）`,
    slices: (from, to) => `${from}〜${to}`,
    inAll: (n) => `計 ${n}`,
  },
  majority: {
    head: [
      JA_HEAD.membersRtt,
      '停止したメンバー',
      '繰り返し回数',
      '拒否された書き込み',
      '確認応答された書き込み',
      '拒否までの時間（中央値、範囲）',
      'クライアントのデッドライン',
      'クライアントが受け取ったエラー',
    ],
    title: '過半数のメンバーを停止したときの書き込み',
    stopped: (stopped, m) => `${m} 台中 ${stopped.join(' または ')} 台`,
    refused: (r, a) => `${a} 件中 ${r} 件`,
    deadlines: (xs) => xs.join('、'),
    errors: (xs) => xs.join('、'),
    noneAcked: (n, clusters) =>
      `過半数のメンバーを停止した状態では、${clusters} クラスターでの計 ${n} 回の繰り返しのいずれでも、確認応答された書き込みはありませんでした。`,
    acked: (acked) =>
      `過半数のメンバーを停止した状態でも、${acked} 件の書き込みが確認応答されました。クォーラムの規則に反するため、調べる必要があります。`,
    saw: (errors) => `クライアントが受け取ったエラー：${errors.map((e) => `「${e}」`).join('、')}。`,
  },
  disk: {
    head: ['書き込み数', 'ブロックサイズ', 'p50', 'p90', 'p99', '最大'],
    title: '検証ラボのディスクの fdatasync レイテンシー',
    finding: (p50, p99, n, b) =>
      `検証ラボのデータディスクでの fdatasync：p50 ${p50}、p99 ${p99}（${b} B の書き込み ${n} 回）。`,
  },
  where: (f) => ({
    before: '',
    after: ` で ${f.day} に計測しました。etcd は ${f.etcdVersion} で、すべてのメンバーを単一のマシン上のプロセスとして動かしました（${f.host}：${f.cpuCount} × ${f.cpuModel}、${f.kernel}${f.filesystem !== undefined ? `、データは ${f.filesystem} 上` : ''}）。クライアントは書き込みに ${f.clients} 個${f.readClientsPerMember ? `、読み取りにメンバーあたり ${f.readClientsPerMember} 個` : ''}で、etcd のクライアントライブラリは ${f.clientName} ${f.clientVersion} です。${f.method}メンバーはこのマシンの CPU とディスクを共有しているため、絶対値ではなく比率に注目してください。元データは`,
    link: '生の JSON',
    end: 'で確認できます。',
  }),
};

const WORDS: Readonly<Record<string, LabFigureWords>> = { en, ja };

/** The languages the figures speak. */
export const LAB_FIGURE_LANGS: readonly string[] = Object.keys(WORDS);

/**
 * The words for a content language (a BCP 47 tag such as `ja` or `ja-JP`); English for a language
 * without a table, as the guide falls back to its English pages.
 */
export function labFigureWords(lang: string | undefined = 'en'): LabFigureWords {
  return WORDS[lang.split('-')[0]!] ?? en;
}
