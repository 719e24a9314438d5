/**
 * The read-path explorer's words in each language it speaks (../read-path.ts builds its form and
 * its answer from them). Figures and decisions come in computed; a catalogue only words them.
 *
 * The model (src/lib/model/read-path.ts) explains a route in keys with their figures
 * (src/lib/model/read-path-phrases.ts); the `cost`, `fresh`, `why`, `then`, `fallbackWhen`,
 * `failsWhen` and `note` words say each key, and ../read-path-words.ts picks them. kube-apiserver's
 * own error messages stay as kube-apiserver sends them (a client sees them in English); only the
 * explorer's remark after one of them is translated.
 */
import type {
  CostKey,
  ExactSubject,
  FallbackWhen,
  FreshPhrase,
  IgnoredParam,
  ReadServedBy,
  RouteNote,
  ThenPhrase,
  WhyPhrase,
} from '../../model/read-path.ts';
import type { PhraseWords } from '../phrase-words.ts';
import type { ViewText } from '../calc.ts';

export interface ReadPathWords {
  limitLabel: string;
  currentLabel: string;
  rule: string;
  /** Where a request is served, as a noun phrase ("If not: …"). */
  servedBy: Readonly<Record<ReadServedBy | 'error', string>>;
  /** The headline. */
  served: (by: ReadServedBy) => string;
  /** The lead of a refusal after `requests` etcd reads. */
  readsFirst: (requests: number) => string;
  rejectsBefore: string;
  noRetryAfter: string;
  retryAfter: (seconds: number) => string;
  /** The unready cache's Retry-After, which grows with the time it has been unready. */
  retryAfterRange: (min: number, max: number) => string;
  /** An error response in one line: status, reason phrase, Retry-After, kube-apiserver's message. */
  httpError: (status: number, statusText: string, retry: string, message: string) => string;
  etcdCost: string;
  freshness: string;
  response: string;
  /** What happens when the cache cannot answer in time. */
  ifNot: (where: string, when: string, error: string | null) => string;
  /** Another error response the route can end in, and when. */
  alsoEnds: (error: string, when: string) => string;
  decidingLines: string;
  /** What separates the model's sentences when they are said one after another. */
  sentenceGap: string;
  /** The explorer's remark after the 400 for a continue token that does not decode (the model's `remark: 'decoderReasons'`). */
  decoderReasons: string;
  cost: Readonly<Record<CostKey, string>>;
  fresh: PhraseWords<FreshPhrase>;
  /** Why a request goes where it goes: the first sentence of the model's reason. */
  why: PhraseWords<WhyPhrase>;
  /** What follows from it: the further sentences of the model's reason. */
  then: PhraseWords<ThenPhrase>;
  fallbackWhen: PhraseWords<FallbackWhen>;
  failsWhen: {
    skipTimeoutFallback: string;
    compacted: string;
  };
  note: PhraseWords<RouteNote>;
}

const SERVED_BY_EN: ReadPathWords['servedBy'] = {
  'watch-cache': 'the watch cache',
  'watch-cache-after-etcd-revision': 'the watch cache, after an etcd current-revision read',
  'etcd-linearizable': 'etcd, as a linearizable read',
  'etcd-exact-revision': 'etcd, at an exact revision',
  'too-many-requests': 'nobody: 429 Too Many Requests',
  error: 'an error',
};

const anyVersionEn = (rv: string): string =>
  rv === '0' ? 'resourceVersion "0" means any version' : `resourceVersion "${rv}" parses as 0, which means any version`;

const honouredEn = (limit: number): string => (limit > 0 ? `; the limit of ${limit} is honoured` : '');

/** The subject of an exact read, as the clause before a colon. */
const exactSubjectEn = (s: ExactSubject): string =>
  s.kind === 'match'
    ? 'resourceVersionMatch=Exact'
    : s.kind === 'firstPage'
      ? "A continue token asks for the next page at the first page's revision"
      : `limit with resourceVersion ${s.rv} (and no resourceVersionMatch) is the legacy exact match`;

export const READ_PATH_EN: ReadPathWords = {
  limitLabel: 'limit',
  currentLabel: 'etcd\u2019s current revision',
  rule: 'kube-apiserver v1.37 validates a LIST’s options (a GET’s resourceVersion is checked only where it is read), then its storage delegator picks the watch cache or etcd by verb, resourceVersion, resourceVersionMatch, limit, continue token, selector, cache readiness, snapshots and etcd’s progress-notify support; a valid request for a resource without a watch cache reads etcd.',
  servedBy: SERVED_BY_EN,
  served: (by) => `Served by ${SERVED_BY_EN[by]}.`,
  readsFirst: (n) =>
    `kube-apiserver reads etcd first (${n === 1 ? 'one request' : `${n} requests`}), then answers with an error:`,
  rejectsBefore: 'kube-apiserver rejects this request before reading anything:',
  noRetryAfter: 'no Retry-After',
  retryAfter: (s) => `Retry-After: ${s}`,
  retryAfterRange: (min, max) =>
    `Retry-After: ${min}–${max} (seconds, growing with the time the cache has been unready)`,
  httpError: (status, statusText, retry, message) => `${status} ${statusText}, ${retry}: ${message}`,
  etcdCost: 'etcd cost',
  freshness: 'Freshness',
  response: 'Response',
  ifNot: (where, when, error) => `If not: ${where}. ${when}${error === null ? '' : ` The client gets ${error}`}`,
  alsoEnds: (error, when) => `It can also end in ${error} — when ${when}`,
  decidingLines: 'Deciding upstream lines (kubernetes v1.37.0):',
  sentenceGap: ' ',
  decoderReasons: ' (the decoder’s reason: bad base64, bad JSON, an unknown version, an empty or unclean start key)',
  cost: {
    none: 'None: the watch cache answers from memory, kept current by the watch it already holds on etcd.',
    linearizableGet:
      'One linearizable range read of one key: the leader confirms its leadership with a quorum (ReadIndex) before the member answers.',
    linearizableList:
      'One linearizable range read over the whole resource prefix: etcd reads, and sends to the API server, every object of the resource — the most expensive read.',
    linearizablePage:
      'One linearizable range read of at most limit objects (further reads with a doubled page size while a selector filters objects out).',
    exactList:
      'One range read at a past revision over the resource prefix (or one page): etcd reads every object of the resource as of that revision from its MVCC history.',
    revisionThenCache:
      'One linearizable single-key read (GetCurrentResourceVersion) to learn the current revision; the objects come from the cache.',
    progress:
      'While the request waits, the cache asks etcd for a watch progress notification every 100 ms; the objects come from the cache.',
    waitNoProgress:
      'None: the cache waits for its watch to deliver newer events (without progress notify it cannot ask etcd); the objects come from the cache.',
    rejected: 'None: the API server answers 429 with Retry-After while its watch cache initialises.',
  },
  fresh: {
    linearizable: () => 'Linearizable: at least as new as any write completed before the request.',
    consistentFromCache: () =>
      'Linearizable: the cache waits until it has caught up with the current etcd revision (the same guarantee as reading etcd).',
    notOlderThan: ({ rv }) =>
      `Not older than resourceVersion ${rv}: whatever the cache holds once it has seen ${rv}, possibly newer.`,
    exact: ({ rv, future }) =>
      `Exactly resourceVersion ${rv}: the state as of that revision${future ? '' : ', however old'}.`,
    firstPage: () => 'Exactly the revision of the first page (pages stay consistent with each other).',
    latestContinue: () =>
      'This page is at the latest revision, but the pages together are no single snapshot: objects created, changed or deleted since the first page may show up.',
    any: () =>
      "Any: whatever this API server's cache holds. It may be older than data the client has already seen, e.g. from another API-server replica.",
    none: () => 'No data returned.',
  },
  why: {
    noCache: ({ resource: res }) =>
      res === 'events'
        ? 'Events have no watch cache: kube-apiserver sets the watch-cache size of core and events.k8s.io Events to 0 by default, so their storage reads etcd directly.'
        : res === 'size0'
          ? 'A resource set to --watch-cache-sizes=<resource>#0 has no watch cache: its storage reads etcd directly.'
          : 'With --watch-cache=false no resource has a watch cache: every storage reads etcd directly.',
    getWithoutRv: () =>
      'A GET without resourceVersion is a consistent read: the delegator always sends it to etcd, whatever the cache holds.',
    getCacheNotReady: () => 'The watch cache is not ready, so the GET goes to etcd:',
    getAnyVersion: ({ rv }) => `${anyVersionEn(rv)}: the ready cache answers at once.`,
    getWaits: ({ rv, current }) =>
      `resourceVersion ${rv} is newer than the cache has seen (${current}): the cache waits up to 3 s for it and answers once it has seen ${rv}.`,
    getSeen: ({ rv }) => `resourceVersion ${rv} is given and the cache has already seen it: the cache answers at once.`,
    exact: ({ subject, outcome: o }) => {
      const what = exactSubjectEn(subject);
      switch (o.kind) {
        case 'noSnapshots':
          return `${what}: without cache snapshots (ListFromCacheSnapshot off) only etcd can answer at an exact revision.`;
        case 'waits':
          return `${what}: the revision is newer than the cache has seen (${o.current}), and since etcd supports progress notify the cache waits for it instead of delegating.`;
        case 'noProgressNotify':
          return `${what}: the revision is newer than the cache has seen, and without progress notify (etcd ≥ 3.4.31 / ≥ 3.5.13) the cache cannot wait for it, so etcd answers.`;
        case 'parsesToZero':
          return `${what}, but "${o.rv}" parses as revision 0, at which the cache holds no snapshot.`;
        case 'gone':
          return `${what}: the cache no longer holds a snapshot at that revision.`;
        case 'held':
          return `${what}: the cache holds a snapshot at that revision.`;
      }
    },
    notOlderThanMatch: () => 'resourceVersionMatch=NotOlderThan is always served by the cache.',
    latestNoSnapshots: () =>
      'A continue token with resourceVersion −1 (the one a 410 hands out): without cache snapshots (ListFromCacheSnapshot off) the cacher sends every continue to etcd.',
    latestConsistent: ({ progressNotify: pn }) =>
      pn
        ? 'A continue token with resourceVersion −1 (the one a 410 hands out) asks for the rest of the list at the latest revision, which the cacher treats as a consistent read; the cache can serve it because etcd supports progress notify.'
        : 'A continue token with resourceVersion −1 (the one a 410 hands out) is a consistent read, and etcd lacks progress notify (needs ≥ 3.4.31 / ≥ 3.5.13), so the cache cannot prove it is current.',
    consistent: ({ progressNotify: pn }) =>
      pn
        ? 'No resourceVersion: a consistent read, which the cache can serve because etcd supports progress notify.'
        : 'No resourceVersion: a consistent read, and etcd lacks progress notify (needs ≥ 3.4.31 / ≥ 3.5.13), so the cache cannot prove it is current.',
    listAnyVersion: ({ rv }) => `${anyVersionEn(rv)}: served by the cache.`,
    listNotOlderThan: ({ rv }) => `resourceVersion ${rv} without limit means "not older than": served by the cache.`,
  },
  then: {
    notReadyToEtcd: () => 'But the cache is not ready and the request has a limit and no selector, so it goes to etcd.',
    notReady429: ({ selector: sel }) =>
      `But the cache is not ready and the request ${sel ? 'has a selector' : 'has no limit'}, so it is not sent to etcd: the API server answers 429 Too Many Requests with Retry-After.`,
    etcdGet: ({ notOlderThan: rv }) =>
      `etcd reads the latest revision${rv === null ? '' : ` and the store checks that it is not older than ${rv}`}.`,
    etcdAtRevision: ({ rv }) =>
      `etcd reads at ${rv === null ? "the continue token's revision (the first page's)" : `revision ${rv}`}.`,
    etcdLatestContinue: ({ limit }) =>
      `The continue token's resourceVersion is −1, so the store reads the next page at etcd's latest revision, from the token's key on${honouredEn(limit)}.`,
    etcdLatest: ({ notOlderThan: rv, limit }) =>
      `etcd reads the latest revision${rv === null ? '' : `, and the API server then checks that it is not older than ${rv}`}${honouredEn(limit)}.`,
    cacheConsistent: ({ fromKey }) =>
      `The API server reads etcd's current revision, waits until the cache has caught up with it, then lists from the cache${fromKey ? ", from the token's key on" : ''}.`,
    cacheWaitsExact: ({ rv }) =>
      `It waits up to 3 s for its watch to reach revision ${rv}, then lists from the snapshot at it.`,
    cacheFromSnapshot: () => 'The cache lists from that snapshot.',
    cacheWaits: ({ current }) => `It is newer than the cache has seen (${current}): the cache waits up to 3 s for it.`,
    cacheSeen: () => 'The cache has already seen it and answers at once.',
  },
  fallbackWhen: {
    consistent: () => 'The cache has not caught up within 3 s: the LIST falls back to a linearizable etcd list.',
    cacheWait: ({ rev: rv, current }) =>
      `etcd does not reach revision ${rv} within 3 s (it is at ${current}; only new writes move it). There is no etcd fallback here: only consistent LISTs fall back.`,
  },
  failsWhen: {
    skipTimeoutFallback:
      'the cache has not caught up within 3 s and the alpha gate ConsistentListFromCacheSkipTimeoutFallback (off by default) is on: no etcd fallback.',
    compacted:
      'etcd has compacted that revision (kube-apiserver asks for a compaction every 5 minutes by default); the client must list again.',
  },
  note: {
    getIgnores: ({ params }) => {
      const verb = params.length === 1 && params[0] !== 'selectors' ? 'is' : 'are';
      const list = params.length > 1 ? `${params.slice(0, -1).join(', ')} and ${params.at(-1)}` : params[0];
      return `A GET of one object takes only resourceVersion; ${list} ${verb} ignored.`;
    },
    rvZeroIgnoresLimit: () =>
      'With resourceVersion "0" the watch cache ignores limit and returns the whole list in one response.',
    rangeStream: () =>
      'With no limit and no continue token the store reads etcd with one RangeStream when etcd serves it (etcd v3.7; the EtcdRangeStream gate is beta and on by default in 1.37); against an older etcd it falls back to one Range and tries RangeStream again after 10 minutes.',
    noSelectorsInEtcd: () =>
      'etcd has no selectors: it returns every object in the range and the API server filters them.',
    events: () =>
      'Core Events and events.k8s.io Events are the same objects under one etcd prefix, so this holds for both APIs, and every WATCH of them is an etcd watch too.',
  },
};

const SERVED_BY_JA: ReadPathWords['servedBy'] = {
  'watch-cache': 'ウォッチキャッシュ',
  'watch-cache-after-etcd-revision': 'etcd の現在のリビジョンを読み取った後のウォッチキャッシュ',
  'etcd-linearizable': 'etcd（線形化可能な読み取り）',
  'etcd-exact-revision': 'etcd（特定のリビジョンでの読み取り）',
  'too-many-requests': 'なし（429 Too Many Requests）',
  error: 'エラー',
};

const SERVED_JA: Readonly<Record<ReadServedBy, string>> = {
  'watch-cache': 'ウォッチキャッシュが応答します。',
  'watch-cache-after-etcd-revision': 'etcd の現在のリビジョンを読み取った後、ウォッチキャッシュが応答します。',
  'etcd-linearizable': 'etcd が線形化可能な読み取りで応答します。',
  'etcd-exact-revision': 'etcd が特定のリビジョンで読み取って応答します。',
  'too-many-requests': '応答するものはありません（429 Too Many Requests）。',
};

const anyVersionJa = (rv: string): string =>
  rv === '0'
    ? 'resourceVersion "0" は任意のバージョンを意味します'
    : `resourceVersion "${rv}" は 0 と解釈され、任意のバージョンを意味します`;

const honouredJa = (limit: number): string => (limit > 0 ? `。limit に指定した ${limit} は守られます` : '');

const IGNORED_JA: Readonly<Record<IgnoredParam, string>> = {
  resourceVersionMatch: 'resourceVersionMatch',
  limit: 'limit',
  continue: 'continue',
  selectors: 'セレクター',
};

/** The subject of an exact read, as a clause that a sentence about the cache follows. */
const exactSubjectJa = (s: ExactSubject): string =>
  s.kind === 'match'
    ? 'resourceVersionMatch=Exact が指定されています'
    : s.kind === 'firstPage'
      ? 'continue トークンが、最初のページのリビジョンで次のページを要求しています'
      : `resourceVersionMatch を指定せずに limit と resourceVersion ${s.rv} を指定すると、従来方式の exact match になります`;

export const READ_PATH_JA: ReadPathWords = {
  limitLabel: 'limit',
  currentLabel: 'etcd の現在のリビジョン',
  rule: 'kube-apiserver v1.37 は LIST のオプションを検証し（GET の resourceVersion は、読み取られる箇所でのみ検査されます）、次にストレージデリゲーターが、動詞、resourceVersion、resourceVersionMatch、limit、continue トークン、セレクター、キャッシュの準備状態、スナップショット、etcd の進捗通知への対応をもとに、ウォッチキャッシュと etcd のどちらから読み取るかを選びます。ウォッチキャッシュを持たないリソースに対する有効なリクエストは、etcd から読み取られます。',
  servedBy: SERVED_BY_JA,
  served: (by) => SERVED_JA[by],
  readsFirst: (n) =>
    `kube-apiserver はまず etcd を${n === 1 ? '一度' : ` ${n} 回`}読み取り、その後エラーで応答します：`,
  rejectsBefore: 'kube-apiserver は、何も読み取らないうちにこのリクエストを拒否します：',
  noRetryAfter: 'Retry-After なし',
  retryAfter: (s) => `Retry-After: ${s}`,
  retryAfterRange: (min, max) =>
    `Retry-After: ${min}–${max}（秒。キャッシュの準備ができていない時間が長いほど大きくなります）`,
  httpError: (status, statusText, retry, message) => `${status} ${statusText}、${retry}：${message}`,
  etcdCost: 'etcd のコスト',
  freshness: '鮮度',
  response: 'レスポンス',
  ifNot: (where, when, error) =>
    `そうならない場合：${where}。${when}${error === null ? '' : `クライアントには次のエラーが返ります：${error}`}`,
  alsoEnds: (error, when) => `${when}は、次のエラーで終わることもあります：${error}`,
  decidingLines: 'この結果を決めたアップストリームのコード（kubernetes v1.37.0）：',
  sentenceGap: '',
  decoderReasons:
    '（デコーダーが返す理由：base64 の誤り、JSON の誤り、未知のバージョン、空または正規化されていない開始キー）',
  cost: {
    none: 'なし：ウォッチキャッシュは、etcd に対してすでに張っているウォッチで最新に保たれているメモリーから応答します。',
    linearizableGet:
      '単一キーに対する線形化可能な範囲読み取りを一度行います。メンバーが応答する前に、リーダーがクォーラムとの間で自分がリーダーであることを確認します（ReadIndex）。',
    linearizableList:
      'リソースのプレフィックス全体に対する線形化可能な範囲読み取りを一度行います。etcd はそのリソースのすべてのオブジェクトを読み取り、API サーバーに送ります。最もコストの高い読み取りです。',
    linearizablePage:
      '最大 limit 個のオブジェクトに対する線形化可能な範囲読み取りを一度行います（セレクターがオブジェクトを除外している間は、ページサイズを倍にしながら読み取りを続けます）。',
    exactList:
      'リソースのプレフィックス（または一ページ分）に対する、過去のリビジョンでの範囲読み取りを一度行います。etcd は、そのリビジョン時点のリソースのすべてのオブジェクトを MVCC の履歴から読み取ります。',
    revisionThenCache:
      '現在のリビジョンを知るために、単一キーに対する線形化可能な読み取り（GetCurrentResourceVersion）を一度行います。オブジェクトはキャッシュから返されます。',
    progress:
      'リクエストが待っている間、キャッシュは 100 ms ごとに etcd にウォッチの進捗通知を要求します。オブジェクトはキャッシュから返されます。',
    waitNoProgress:
      'なし：キャッシュは、自分のウォッチが新しいイベントを届けるのを待ちます（進捗通知がなければ etcd に要求できません）。オブジェクトはキャッシュから返されます。',
    rejected: 'なし：ウォッチキャッシュの初期化中、API サーバーは Retry-After 付きの 429 を返します。',
  },
  fresh: {
    linearizable: () => '線形化可能：リクエストの前に完了したどの書き込みと比べても古くありません。',
    consistentFromCache: () =>
      '線形化可能：キャッシュは etcd の現在のリビジョンに追いつくまで待ちます（etcd を読み取るのと同じ保証です）。',
    notOlderThan: ({ rv }) =>
      `resourceVersion ${rv} より古くない：キャッシュが ${rv} を観測した時点で保持しているものです。それより新しいこともあります。`,
    exact: ({ rv, future }) =>
      `resourceVersion ${rv} ちょうど：そのリビジョン時点の状態です${future ? '' : '（どれほど古くても）'}。`,
    firstPage: () => '最初のページのリビジョンちょうど（ページどうしの一貫性が保たれます）。',
    latestContinue: () =>
      'このページは最新のリビジョンのものですが、ページ全体としては単一のスナップショットになりません。最初のページの後に作成、変更、削除されたオブジェクトが現れることがあります。',
    any: () =>
      '任意：この API サーバーのキャッシュが保持しているものです。クライアントがすでに（たとえば別の API サーバーのレプリカから）受け取ったデータより古いことがあります。',
    none: () => 'データは返されません。',
  },
  why: {
    noCache: ({ resource: res }) =>
      res === 'events'
        ? 'Events はウォッチキャッシュを持ちません。kube-apiserver はデフォルトで core と events.k8s.io の Events のウォッチキャッシュサイズを 0 にしているので、そのストレージは etcd を直接読み取ります。'
        : res === 'size0'
          ? '--watch-cache-sizes=<resource>#0 を設定したリソースはウォッチキャッシュを持たず、そのストレージは etcd を直接読み取ります。'
          : '--watch-cache=false では、どのリソースもウォッチキャッシュを持たず、すべてのストレージが etcd を直接読み取ります。',
    getWithoutRv: () =>
      'resourceVersion を指定しない GET は一貫性のある読み取りです。キャッシュが何を保持していても、デリゲーターは常にそれを etcd に送ります。',
    getCacheNotReady: () => 'ウォッチキャッシュの準備ができていないため、GET は etcd に送られます。',
    getAnyVersion: ({ rv }) => `${anyVersionJa(rv)}。準備のできたキャッシュがすぐに応答します。`,
    getWaits: ({ rv, current }) =>
      `resourceVersion ${rv} はキャッシュが観測したリビジョン（${current}）より新しいので、キャッシュはそれを最大 3 秒待ち、${rv} を観測した時点で応答します。`,
    getSeen: ({ rv }) =>
      `resourceVersion ${rv} が指定されていて、キャッシュはそれをすでに観測しているので、すぐに応答します。`,
    exact: ({ subject, outcome: o }) => {
      const what = exactSubjectJa(subject);
      switch (o.kind) {
        case 'noSnapshots':
          return `${what}。キャッシュのスナップショットがない（ListFromCacheSnapshot が無効）ため、特定のリビジョンで応答できるのは etcd だけです。`;
        case 'waits':
          return `${what}。そのリビジョンはキャッシュが観測したリビジョン（${o.current}）より新しいものの、etcd が進捗通知に対応しているので、キャッシュは委譲せずにそれを待ちます。`;
        case 'noProgressNotify':
          return `${what}。そのリビジョンはキャッシュが観測したリビジョンより新しく、進捗通知（etcd ≥ 3.4.31 / ≥ 3.5.13）がなければキャッシュはそれを待てないため、etcd が応答します。`;
        case 'parsesToZero':
          return `${what}が、"${o.rv}" はリビジョン 0 と解釈され、キャッシュはそのリビジョンのスナップショットを持っていません。`;
        case 'gone':
          return `${what}。キャッシュはそのリビジョンのスナップショットをもう保持していません。`;
        case 'held':
          return `${what}。キャッシュはそのリビジョンのスナップショットを保持しています。`;
      }
    },
    notOlderThanMatch: () => 'resourceVersionMatch=NotOlderThan には常にキャッシュが応答します。',
    latestNoSnapshots: () =>
      'resourceVersion −1 を持つ continue トークン（410 が返すもの）です。キャッシュのスナップショットがない（ListFromCacheSnapshot が無効）ため、cacher はすべての continue を etcd に送ります。',
    latestConsistent: ({ progressNotify: pn }) =>
      pn
        ? 'resourceVersion −1 を持つ continue トークン（410 が返すもの）は、リストの残りを最新のリビジョンで要求します。cacher はこれを一貫性のある読み取りとして扱い、etcd が進捗通知に対応しているので、キャッシュが応答できます。'
        : 'resourceVersion −1 を持つ continue トークン（410 が返すもの）は一貫性のある読み取りですが、etcd が進捗通知に対応していない（≥ 3.4.31 / ≥ 3.5.13 が必要）ため、キャッシュは自分が最新であることを証明できません。',
    consistent: ({ progressNotify: pn }) =>
      pn
        ? 'resourceVersion の指定がないので、一貫性のある読み取りです。etcd が進捗通知に対応しているため、キャッシュが応答できます。'
        : 'resourceVersion の指定がないので、一貫性のある読み取りです。etcd が進捗通知に対応していない（≥ 3.4.31 / ≥ 3.5.13 が必要）ため、キャッシュは自分が最新であることを証明できません。',
    listAnyVersion: ({ rv }) => `${anyVersionJa(rv)}。キャッシュが応答します。`,
    listNotOlderThan: ({ rv }) =>
      `limit を指定しない resourceVersion ${rv} は「これより古くない」を意味し、キャッシュが応答します。`,
  },
  then: {
    notReadyToEtcd: () =>
      'しかし、キャッシュの準備ができておらず、リクエストに limit があってセレクターがないので、リクエストは etcd に送られます。',
    notReady429: ({ selector: sel }) =>
      `しかし、キャッシュの準備ができておらず、リクエストに${sel ? 'セレクターがある' : ' limit がない'}ので、リクエストは etcd に送られません。API サーバーは Retry-After 付きの 429 Too Many Requests を返します。`,
    etcdGet: ({ notOlderThan: rv }) =>
      `etcd は最新のリビジョンを読み取り${rv === null ? 'ます' : `、ストアはそれが ${rv} より古くないことを確認します`}。`,
    etcdAtRevision: ({ rv }) =>
      rv === null
        ? 'etcd は continue トークンのリビジョン（最初のページのリビジョン）で読み取ります。'
        : `etcd はリビジョン ${rv} で読み取ります。`,
    etcdLatestContinue: ({ limit }) =>
      `continue トークンの resourceVersion は −1 なので、ストアは次のページを、etcd の最新のリビジョンでトークンのキーから読み取ります${honouredJa(limit)}。`,
    etcdLatest: ({ notOlderThan: rv, limit }) =>
      `etcd は最新のリビジョンを読み取ります${rv === null ? '' : `。その後、API サーバーがそれが ${rv} より古くないことを確認します`}${honouredJa(limit)}。`,
    cacheConsistent: ({ fromKey }) =>
      `API サーバーは etcd の現在のリビジョンを読み取り、キャッシュがそれに追いつくまで待ってから、キャッシュから${fromKey ? 'トークンのキー以降を' : ''} list します。`,
    cacheWaitsExact: ({ rv }) =>
      `キャッシュは、自分のウォッチがリビジョン ${rv} に到達するまで最大 3 秒待ち、そのリビジョンのスナップショットから list します。`,
    cacheFromSnapshot: () => 'キャッシュはそのスナップショットから list します。',
    cacheWaits: ({ current }) =>
      `それはキャッシュが観測したリビジョン（${current}）より新しいので、キャッシュはそれを最大 3 秒待ちます。`,
    cacheSeen: () => 'キャッシュはそれをすでに観測しているので、すぐに応答します。',
  },
  fallbackWhen: {
    consistent: () =>
      'キャッシュが 3 秒以内に追いつかない場合です。LIST は etcd に対する線形化可能な list にフォールバックします。',
    cacheWait: ({ rev: rv, current }) =>
      `etcd が 3 秒以内にリビジョン ${rv} に到達しない場合です（etcd は現在 ${current} にあり、新しい書き込みがあって初めて進みます）。ここでは etcd へのフォールバックはありません。フォールバックするのは一貫性のある LIST だけです。`,
  },
  failsWhen: {
    skipTimeoutFallback:
      'キャッシュが 3 秒以内に追いつかず、アルファのゲート ConsistentListFromCacheSkipTimeoutFallback（デフォルトで無効）が有効な場合（etcd へのフォールバックはありません）',
    compacted:
      'etcd がそのリビジョンをコンパクションした場合（kube-apiserver はデフォルトで 5 分ごとにコンパクションを要求します。クライアントは list をやり直さなければなりません）',
  },
  note: {
    getIgnores: ({ params }) => {
      const list = params.map((p) => IGNORED_JA[p]).join('、');
      // A space between a Latin name and the particle, none after Japanese.
      return `単一オブジェクトの GET が受け取るのは resourceVersion だけです。${list}${/[!-~]$/.test(list) ? ' ' : ''}は無視されます。`;
    },
    rvZeroIgnoresLimit: () =>
      'resourceVersion "0" では、ウォッチキャッシュは limit を無視し、リスト全体を一度のレスポンスで返します。',
    rangeStream: () =>
      'limit も continue トークンもない場合、etcd が RangeStream に対応していれば（etcd v3.7。EtcdRangeStream ゲートは 1.37 ではベータで、デフォルトで有効）、ストアは一度の RangeStream で etcd を読み取ります。それより古い etcd に対しては一度の Range にフォールバックし、10 分後に改めて RangeStream を試します。',
    noSelectorsInEtcd: () =>
      'etcd にはセレクターがありません。etcd は範囲内のすべてのオブジェクトを返し、API サーバーがそれらを絞り込みます。',
    events: () =>
      'core の Events と events.k8s.io の Events は、同じ etcd プレフィックスの下にある同じオブジェクトです。したがってこのことは両方の API に当てはまり、それらに対する WATCH もすべて etcd のウォッチになります。',
  },
};

/** The form's text in Japanese (the English is the view's own). */
export const READ_PATH_VIEW_JA: ViewText<
  'verb' | 'res' | 'rv' | 'rvm' | 'limit' | 'cont' | 'sel' | 'cur' | 'ready' | 'held' | 'snap' | 'pn'
> = {
  title: '読み取り経路エクスプローラー（Kubernetes v1.37）',
  fields: {
    verb: { label: 'リクエスト', options: { GET: '1 つのオブジェクトを GET', LIST: 'コレクションを LIST' } },
    res: {
      label: 'リソース',
      options: {
        cached: 'ウォッチキャッシュを持つリソース（Pods、Nodes、ConfigMaps など）',
        events: 'Events（core または events.k8s.io）：デフォルトでウォッチキャッシュなし',
        size0: '--watch-cache-sizes=<resource>#0 を設定したリソース',
        off: '--watch-cache=false のときの任意のリソース',
      },
    },
    rv: { label: 'resourceVersion', hint: '空欄 = 未指定、"0" = 任意、または 12345 のような値。' },
    rvm: { label: 'resourceVersionMatch', options: { '': '未指定', Other: 'その他の値（"Other" として送信）' } },
    limit: { label: 'limit', hint: '0 = 制限なし。' },
    cont: {
      label: 'continue トークン',
      options: {
        '0': 'なし',
        '1': '前のページのもの（最初のページの resourceVersion を持つ）',
        latest: 'resourceVersion −1 を持つもの（410 が返すもの）',
        norv: 'resourceVersion を持たないもの',
        bad: '不正な形式（デコードできない）',
      },
    },
    sel: { label: 'ラベルセレクターまたはフィールドセレクターを指定している' },
    cur: {
      label: 'etcd の現在のリビジョン',
      hint: 'クラスターの最新の resourceVersion。準備のできたウォッチキャッシュはここまで追いついています。',
    },
    ready: { label: 'ウォッチキャッシュの準備ができている' },
    held: { label: 'キャッシュがその過去のリビジョンのスナップショットをまだ保持している' },
    snap: { label: 'ListFromCacheSnapshot が有効（ベータ、デフォルトで有効）' },
    pn: { label: 'etcd がウォッチの進捗要求に対応している（3.4.31 以降、3.5.13 以降）' },
  },
};
