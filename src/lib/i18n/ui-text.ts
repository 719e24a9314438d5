/**
 * The guide's own interface text in each language: the citation notices, the sources list and its
 * markers' accessible names, the footer's version stamp and last-updated line, and the print
 * margins. Starlight translates its own interface (https://starlight.astro.build/guides/i18n/);
 * this is the text our components add. A typed catalogue rather than Starlight's `t()` strings,
 * because most of these sentences take figures and the compiler then checks that every language
 * takes the same ones.
 */
import type { CitationStatus } from '../citations/verify.ts';
import type { MissingCommit } from '../guide-version.ts';
import type { BuildDateReason } from '../page-history.ts';
import type { LimitKey, LimitScope } from '../model/tested-limits.ts';

/** How each language writes what the citation layer says of a citation. */
export interface CitationWords {
  /** A state's name in counts: `3 verified`. */
  stateCount: (n: number, state: CitationStatus) => string;
  noCitations: string;
  list: (parts: string[]) => string;
  /** A state in words, beside a marker and in the sources list. */
  verified: string;
  provisional: (checkedAt: string) => string;
  pending: string;
  failed: string;
  unverified: string;
  /** Line ranges as a screen reader says them. */
  spokenLines: (start: number, end: number) => string;
  /** `source 3` / `sources 3, 5`. */
  sources: (numbers: string[]) => string;
  legendProvisional: (mark: string, checkedAt: string) => string;
  legendUnchecked: (mark: string) => string;
  /** A `<Value>`'s unit as the MDX writes it (` minutes`), in this language; an unknown unit is shown as written. */
  unit: (unit: string) => string;
  /** A `<Value>` with no recorded value, and one in a build without verification. */
  valueNotPinned: string;
  valueUnverified: string;
  /** An `<Excerpt>`'s own words (src/components/Excerpt.astro). */
  excerpt: {
    /** Around the short commit in a verified excerpt's header: `verified against abc1234`. */
    verifiedBefore: string;
    verifiedAfter: string;
    /** After the state's sentence on the card of an excerpt shown without code, up to its link. */
    card: (provisional: boolean) => string;
    cardEnd: string;
  };
  /** A popover's sentence on the citation's state (src/lib/citations/popover-data.ts). */
  note: {
    verified: string;
    provisional: (checkedAt: string) => string;
    pending: string;
    failed: string;
    unverified: string;
  };
  /** The popover's own words around the entry (src/components/cite/popover.ts). */
  popover: PopoverWords;
}

/** What the popover script writes around an entry; sent with the page's sources list. */
export interface PopoverWords {
  /** Before a tag: `At v3.7.0, commit abc1234.` */
  at: string;
  commitAfterRef: string;
  atCommit: string;
  notPinned: string;
  /** `(read from {repo})`. */
  readFrom: string;
  permalink: string;
  sourcesList: string;
}

/** Everything else our components print. */
export interface UiText {
  lang: string;
  /** The language's comma and full stop, where our components join a sentence around an element. */
  comma: string;
  period: string;
  citations: CitationWords;
  notice: {
    label: string;
    /** Before the link to the Evidence page. */
    text: (notVerified: number, total: number, states: string, legend: string) => string;
    evidenceLink: string;
  };
  sourcesList: {
    heading: string;
    at: string;
    commit: string;
    noCommit: string;
    readFrom: (repo: string) => string;
    citedAt: string;
    backTo: (i: number, n: number) => string;
    shownByCalculator: string;
  };
  stamp: {
    label: string;
    guide: string;
    built: string;
    cites: (releases: string[]) => string;
    onThisPage: string;
    /** The heading of the printed list of the article's links (src/components/footer/print.ts). */
    printLinks: string;
    /** The printed sheet's bottom margin; `__PRINT_DATE__` is filled in when printing. */
    printFooter: (commit: string, date: string, releases: string[]) => string;
  };
  lastUpdated: {
    updated: string;
    built: string;
    changeTo: string;
    /** Why the build date stands in; `input` names the input git could not date when it is not the page's MDX. */
    buildDate: (reason: BuildDateReason, input: string | null) => string;
    /** The language's parentheses around the line's note. */
    paren: readonly [string, string];
  };
  /** The guide's commit in the footer, the print margins and the book (src/lib/guide-version.ts `commitNoteIn`). */
  commit: {
    /** A build with uncommitted changes to tracked files. */
    modified: (short: string) => string;
    missing: (m: MissingCommit) => string;
  };
  /** An exported wiki page's provenance table, for a wiki without front matter (src/lib/wiki-export/front-matter.ts). */
  provenance: { thisPage: string; value: string; source: string; guide: string; built: string };
  /** The printed book's title page and contents (scripts/print.ts, src/lib/book.ts). */
  book: {
    title: string;
    contents: string;
    /** `commit` is a short SHA or why there is none (`isCommit` false); `releases` name the cited versions. */
    version: (commit: string, isCommit: boolean, date: string, releases: string[]) => string;
  };
  /**
   * A heading's "copy a citation of this section" button (src/plugins/rehype-section-cite.ts) and
   * what it announces; `{section}` and `{citation}` are filled in by the page's script.
   */
  sectionCite: { label: (title: string) => string; tooltip: string; copied: string; blocked: string };
  /** The model's tables in the prose (src/components/tables/). */
  tables: {
    members: string;
    quorum: string;
    failuresTolerated: string;
    toleratedNormally: string;
    runningWithStopped: (stopped: number) => string;
    furtherFailures: string;
    quorumLost: string;
    layout: string;
    etcdMembers: string;
    controlPlaneNodes: string;
    hosts: string;
    oneHostTakes: string;
    layouts: { stackedMinimum: string; externalKubeadm: string; externalProduction: string; stackedFive: string };
    stackedLoss: string;
    externalLoss: string;
    /** The hardware guide's classes (src/components/tables/HardwareClassTable.astro). */
    hardware: {
      class: string;
      clients: string;
      requestsPerSecond: string;
      data: string;
      exampleWorkload: string;
      exampleMachine: string;
      vcpus: string;
      memory: string;
      maxConcurrentIops: string;
      disk: string;
    };
    /** sig-scalability's thresholds (src/components/tables/TestedLimitsTable.astro). */
    limits: {
      quantity: string;
      scope: string;
      threshold: string;
      upstream: string;
      line: string;
      lowerBelow: (nodes: string) => string;
      yes: string;
      no: string;
      perSecond: string;
      /** The pods-per-node threshold, a rule rather than a number. */
      podsPerNodeRule: string;
      /** What each row counts. */
      quantities: Readonly<Record<LimitKey, string>>;
      scopes: Readonly<Record<LimitScope, string>>;
    };
    /** API Priority and Fairness's bootstrap levels (src/components/tables/ApfLevelsTable.astro). */
    apf: {
      level: string;
      shares: string;
      nominal: string;
      lendable: string;
      floor: string;
      idle: string;
      listMax: string;
      sum: string;
    };
  };
}

const EN_BUILD_DATE: Record<BuildDateReason, string> = {
  'no-checkout': 'not built from a git checkout',
  uncommitted: 'uncommitted changes',
  untracked: 'not in git history',
  shallow: 'shallow clone: the history that dates it was not fetched',
  unknown: 'git cannot date it',
  'no-history': 'no history for this page',
};

const JA_BUILD_DATE: Record<BuildDateReason, string> = {
  'no-checkout': 'このサイトは git のチェックアウトからビルドされていません',
  uncommitted: 'コミットされていない変更があります',
  untracked: 'git の履歴にありません',
  shallow: 'シャロークローンのため、日付の特定に必要な履歴を取得していません',
  unknown: 'git で日付を特定できません',
  'no-history': 'このページの履歴がありません',
};

// Units the Japanese pages' <Value>s carry; symbols such as ms, GiB and QPS read the same in both.
const JA_UNITS: Record<string, string> = {
  // An ordinal suffix ("99th percentile"): a Japanese sentence says the bare number.
  th: '',
  ' minutes': ' 分',
  ' s': ' 秒',
  ' seconds': ' 秒',
  ' entries': ' 件',
  ' bytes': ' バイト',
};

const EN: UiText = {
  lang: 'en',
  comma: ', ',
  period: '.',
  citations: {
    stateCount: (n, state) => `${n} ${state}`,
    noCitations: 'no upstream citations',
    list: (parts) => parts.join(', '),
    verified: 'verified',
    provisional: (at) => `provisional, checked at ${at}`,
    pending: 'pending, not pinned to a commit yet',
    failed: 'failed verification',
    unverified: 'not verified in this build',
    spokenLines: (start, end) => (start === end ? `line ${start}` : `lines ${start} to ${end}`),
    sources: (numbers) => `${numbers.length === 1 ? 'source' : 'sources'} ${numbers.join(', ')}`,
    legendProvisional: (mark, at) =>
      `${mark} marks a provisional citation: the cited release could not be read, so its lines were checked at ${at} instead.`,
    legendUnchecked: (mark) =>
      `${mark} marks one whose lines this build did not check (pending: no commit pinned yet; or pinned but not readable here).`,
    unit: (unit) => unit,
    valueNotPinned: 'value not pinned',
    valueUnverified: 'value not verified in this build',
    excerpt: {
      verifiedBefore: 'verified against ',
      verifiedAfter: '',
      card: (provisional) =>
        ` The code is shown only for verified citations. Read the lines ${provisional ? 'that were checked' : 'cited'} on GitHub: `,
      cardEnd: '.',
    },
    note: {
      verified: 'Verified in this build.',
      provisional: (at) =>
        `Provisional: the cited release could not be read, so these lines were checked at ${at} instead; they are not verified at the cited tag.`,
      pending: 'Pending: this citation is not pinned to a commit yet, so its lines are not verified.',
      failed: 'This citation failed verification.',
      unverified: 'This build could not read the pinned source, so the lines are not verified here.',
    },
    popover: {
      at: 'At ',
      commitAfterRef: ', commit ',
      atCommit: 'At commit ',
      notPinned: 'not pinned',
      readFrom: ' (read from {repo})',
      permalink: 'Permalink',
      sourcesList: 'Sources list',
    },
  },
  notice: {
    label: 'Citation status',
    text: (n, total, states, legend) =>
      `${n} of ${total} upstream citations on this page are not verified in this build (${states}). ${legend ? `${legend} ` : ''}The sources list at the end of the page gives each citation's state.`,
    evidenceLink: 'See the evidence page',
  },
  sourcesList: {
    heading: 'Sources',
    at: 'at',
    commit: 'commit',
    noCommit: 'no commit pinned',
    readFrom: (repo) => ` (read from ${repo})`,
    citedAt: 'Cited at',
    backTo: (i, n) => `back to citation ${i} of source ${n}`,
    shownByCalculator: ' Shown by the calculator on this page.',
  },
  stamp: {
    label: 'Version of this guide',
    guide: 'Guide',
    built: 'built',
    cites: (releases) => `Cites ${releases.join(' and ')}.`,
    onThisPage: 'Upstream citations on this page:',
    printLinks: 'Links',
    printFooter: (commit, date, releases) =>
      `Guide ${commit}, built ${date}${releases.length ? ` · cites ${releases.join(' and ')}` : ''} · printed __PRINT_DATE__`,
  },
  commit: {
    modified: (short) => `${short} (modified)`,
    missing: (m) =>
      `unknown commit (${m.why === 'noGit' ? 'git is not installed' : m.why === 'notCheckout' ? 'not a git checkout' : `git printed "${m.printed}" for HEAD`})`,
  },
  provenance: { thisPage: 'This page', value: 'Value', source: 'Source', guide: 'Guide', built: 'Built' },
  book: {
    title: 'Sizing etcd and the Kubernetes control plane',
    contents: 'Contents',
    version: (commit, isCommit, date, releases) =>
      `Guide ${isCommit ? `commit ${commit}` : commit}, built ${date}; ${releases.join(', ')}`,
  },
  sectionCite: {
    label: (title) => `Copy a citation of the section “${title}”`,
    tooltip: 'Copy a citation of this section',
    copied: 'Copied a citation of “{section}”.',
    blocked: 'Copying is blocked here. The citation: {citation}',
  },
  lastUpdated: {
    updated: 'Last updated',
    built: 'Built',
    changeTo: 'a change to',
    buildDate: (reason, input) => `${EN_BUILD_DATE[reason]}${input ? ` (${input})` : ''}, so this is the build date`,
    paren: ['(', ')'],
  },
  tables: {
    members: 'Members',
    quorum: 'Quorum',
    failuresTolerated: 'Failures tolerated',
    toleratedNormally: 'Tolerated normally',
    runningWithStopped: (k) => `Running with ${k === 1 ? 'one' : k} stopped`,
    furtherFailures: 'Further failures tolerated',
    quorumLost: 'quorum lost',
    layout: 'Layout',
    etcdMembers: 'etcd members',
    controlPlaneNodes: 'Control-plane nodes',
    hosts: 'Hosts',
    oneHostTakes: 'One host lost takes',
    layouts: {
      stackedMinimum: 'Stacked, minimum',
      externalKubeadm: 'External, kubeadm minimum',
      externalProduction: "External, this guide's production shape",
      stackedFive: 'Stacked with five etcd members',
    },
    stackedLoss: 'one etcd member and one control-plane instance',
    externalLoss: 'an etcd member or a control-plane instance',
    hardware: {
      class: 'Class',
      clients: 'Clients',
      requestsPerSecond: 'Requests/s',
      data: 'Data',
      exampleWorkload: 'Example workload (Kubernetes nodes)',
      exampleMachine: 'Example machine',
      vcpus: 'vCPUs',
      memory: 'Memory (GB)',
      maxConcurrentIops: 'Max concurrent IOPS',
      disk: 'Disk (MB/s)',
    },
    limits: {
      quantity: 'Quantity',
      scope: 'Scope',
      threshold: 'Threshold',
      upstream: 'thresholds.md writes',
      line: 'Line',
      lowerBelow: (nodes) => `Lower below ${nodes} nodes`,
      yes: 'yes',
      no: 'no',
      perSecond: ' per second',
      podsPerNodeRule: 'min(110, 10 × cores)',
      quantities: {
        nodes: 'Nodes',
        namespaces: 'Namespaces',
        pods: 'Pods',
        podsPerNamespace: 'Pods in one namespace',
        podsPerNode: 'Pods on one node',
        services: 'Services',
        servicesPerNamespace: 'Services in one namespace',
        endpointsPerService: 'Endpoints of one Service',
        deploymentsPerNamespace: 'Deployments in one namespace',
        tokens: 'Access tokens',
        tokenQps: 'Access-token verifications',
        objectsPerType: 'Objects of one type (not Events)',
        events: 'Events',
        objectSize: 'Size of the largest object',
        typeSize: 'Total size of one type',
      },
      scopes: {
        cluster: 'cluster',
        namespace: 'namespace',
        node: 'node',
        service: 'service',
        'resource type': 'resource type',
        object: 'object',
      },
    },
    apf: {
      level: 'Level',
      shares: 'Shares',
      nominal: 'Nominal',
      lendable: 'Lendable',
      floor: 'Floor',
      idle: 'Idle',
      listMax: 'LIST max',
      sum: 'Sum',
    },
  },
};

const JA_STATES: Record<CitationStatus, string> = {
  verified: '検証済み',
  provisional: '暫定',
  pending: '保留中',
  unverified: '未検証',
  failed: '検証失敗',
};

const JA: UiText = {
  lang: 'ja',
  comma: '、',
  period: '。',
  citations: {
    stateCount: (n, state) => `${JA_STATES[state]} ${n} 件`,
    noCitations: 'アップストリームの引用なし',
    list: (parts) => parts.join('、'),
    verified: '検証済み',
    provisional: (at) => `暫定：${at} で確認`,
    pending: '保留中：まだコミットに固定されていません',
    failed: '検証に失敗',
    unverified: 'このビルドでは未検証',
    spokenLines: (start, end) => (start === end ? `${start} 行目` : `${start} 行目から ${end} 行目`),
    sources: (numbers) => `出典 ${numbers.join('、')}`,
    legendProvisional: (mark, at) =>
      `${mark} は暫定の引用です。引用先のリリースを読めなかったため、代わりに ${at} で該当行を確認しました。`,
    legendUnchecked: (mark) =>
      `${mark} は、このビルドで該当行を確認していない引用です（保留中でまだコミットに固定されていないか、固定済みでもここでは読めないもの）。`,
    unit: (unit) => JA_UNITS[unit] ?? unit,
    valueNotPinned: '［値は未固定］',
    valueUnverified: '［このビルドでは未検証の値］',
    excerpt: {
      verifiedBefore: '',
      verifiedAfter: ' で検証済み',
      card: (provisional) =>
        `コードは検証済みの引用でのみ表示します。${provisional ? '確認に使った' : '引用した'}行は GitHub で読めます：`,
      cardEnd: '',
    },
    note: {
      verified: 'このビルドで検証済みです。',
      provisional: (at) =>
        `暫定：引用先のリリースを読めなかったため、代わりに ${at} でこれらの行を確認しました。引用したタグでは検証されていません。`,
      pending: '保留中：この引用はまだコミットに固定されていないため、該当行は検証されていません。',
      failed: 'この引用は検証に失敗しました。',
      unverified: 'このビルドでは固定したソースを読めなかったため、ここでは該当行を検証していません。',
    },
    popover: {
      at: 'タグ ',
      commitAfterRef: '、コミット ',
      atCommit: 'コミット ',
      notPinned: '未固定',
      readFrom: '（{repo} から読み取り）',
      permalink: 'パーマリンク',
      sourcesList: '出典一覧',
    },
  },
  notice: {
    label: '引用の状態',
    text: (n, total, states, legend) =>
      `このページのアップストリームの引用 ${total} 件のうち ${n} 件は、このビルドでは検証されていません（${states}）。${legend}各引用の状態はページ末尾の出典一覧に示しています。`,
    evidenceLink: 'エビデンスのページを見る',
  },
  sourcesList: {
    heading: '出典',
    at: 'タグ',
    commit: 'コミット',
    noCommit: 'コミット未固定',
    readFrom: (repo) => `（${repo} から読み取り）`,
    citedAt: '引用箇所',
    backTo: (i, n) => `出典 ${n} の引用箇所 ${i} に戻る`,
    shownByCalculator: ' このページの計算ツールが表示しています。',
  },
  stamp: {
    label: 'このガイドの版',
    guide: 'ガイド',
    built: 'ビルド日',
    cites: (releases) => `引用先は ${releases.join('、')}。`,
    onThisPage: 'このページのアップストリームの引用：',
    printLinks: 'リンク',
    printFooter: (commit, date, releases) =>
      `ガイド ${commit}、ビルド日 ${date}${releases.length ? ` · 引用先 ${releases.join('、')}` : ''} · 印刷日 __PRINT_DATE__`,
  },
  commit: {
    modified: (short) => `${short}（未コミットの変更あり）`,
    missing: (m) =>
      `コミット不明（${m.why === 'noGit' ? 'git がインストールされていません' : m.why === 'notCheckout' ? 'git のチェックアウトではありません' : `git が HEAD について "${m.printed}" を出力しました`}）`,
  },
  provenance: { thisPage: 'このページ', value: '値', source: '元のページ', guide: 'ガイド', built: 'ビルド日' },
  book: {
    title: 'etcd と Kubernetes コントロールプレーンのサイジング',
    contents: '目次',
    version: (commit, isCommit, date, releases) =>
      `${isCommit ? `ガイドのコミット ${commit}` : `ガイド：${commit}`}、ビルド日 ${date}。${releases.length > 0 ? `引用先は ${releases.join('、')}。` : ''}`,
  },
  sectionCite: {
    label: (title) => `節「${title}」の引用をコピー`,
    tooltip: 'この節の引用をコピー',
    copied: '「{section}」の引用をコピーしました。',
    blocked: 'ここではコピーが禁止されています。引用：{citation}',
  },
  lastUpdated: {
    updated: '最終更新',
    built: 'ビルド日',
    changeTo: '変更元',
    buildDate: (reason, input) =>
      `${JA_BUILD_DATE[reason]}${input ? `（${input}）` : ''}。そのためビルド日を示しています`,
    paren: ['（', '）'],
  },
  tables: {
    members: 'メンバー数',
    quorum: 'クォーラム',
    failuresTolerated: '耐えられる障害数',
    toleratedNormally: '通常時に耐えられる障害数',
    runningWithStopped: (k) => `${k} 台停止中の稼働数`,
    furtherFailures: 'さらに耐えられる障害数',
    quorumLost: 'クォーラム喪失',
    layout: '構成',
    etcdMembers: 'etcd メンバー数',
    controlPlaneNodes: 'コントロールプレーンノード数',
    hosts: 'ホスト数',
    oneHostTakes: 'ホスト 1 台の障害で失うもの',
    layouts: {
      stackedMinimum: 'スタック型 etcd、最小構成',
      externalKubeadm: '外部 etcd、kubeadm の最小構成',
      externalProduction: '外部 etcd、このガイドの本番構成',
      stackedFive: 'スタック型 etcd、etcd メンバー 5 台',
    },
    stackedLoss: 'etcd メンバー 1 台とコントロールプレーンのインスタンス 1 つ',
    externalLoss: 'etcd メンバー 1 台、またはコントロールプレーンのインスタンス 1 つ',
    hardware: {
      class: 'クラス',
      clients: 'クライアント数',
      requestsPerSecond: 'リクエスト/秒',
      data: 'データ',
      exampleWorkload: '例のワークロード（ノード数）',
      exampleMachine: '例のマシン',
      vcpus: 'vCPU',
      memory: 'メモリー（GB）',
      maxConcurrentIops: '最大並列 IOPS',
      disk: 'ディスク（MB/s）',
    },
    limits: {
      quantity: '対象',
      scope: 'スコープ',
      threshold: 'しきい値',
      upstream: 'thresholds.md の表記',
      line: '行',
      lowerBelow: (nodes) => `${nodes} ノード未満で下げる`,
      yes: 'はい',
      no: 'いいえ',
      perSecond: '/秒',
      podsPerNodeRule: 'min(110, 10 × コア数)',
      quantities: {
        nodes: 'ノード',
        namespaces: '名前空間',
        pods: 'Pod',
        podsPerNamespace: '1 つの名前空間の Pod',
        podsPerNode: '1 ノードの Pod',
        services: 'Service',
        servicesPerNamespace: '1 つの名前空間の Service',
        endpointsPerService: '1 つの Service のエンドポイント',
        deploymentsPerNamespace: '1 つの名前空間の Deployment',
        tokens: 'アクセストークン',
        tokenQps: 'アクセストークンの検証',
        objectsPerType: '1 つの種類のオブジェクト（Events を除く）',
        events: 'Events',
        objectSize: '最大のオブジェクトのサイズ',
        typeSize: '1 つの種類の合計サイズ',
      },
      scopes: {
        cluster: 'クラスター',
        namespace: '名前空間',
        node: 'ノード',
        service: 'Service',
        'resource type': 'リソースの種類',
        object: 'オブジェクト',
      },
    },
    apf: {
      level: 'レベル',
      shares: 'シェア',
      nominal: '名目',
      lendable: '貸出可能',
      floor: '下限',
      idle: 'アイドル時',
      listMax: 'LIST の最大',
      sum: '合計',
    },
  },
};

const CATALOGUES: Record<string, UiText> = { en: EN, ja: JA };

/**
 * The interface text for a page language (a BCP 47 tag such as `ja` or `en`); English for a
 * language the guide has no catalogue for, as Starlight falls back to its English strings.
 */
export function uiText(lang: string | undefined): UiText {
  return CATALOGUES[lang?.split('-')[0] ?? 'en'] ?? EN;
}

/** The languages with a catalogue, for the test that each names the same things. */
export const UI_LANGS: readonly string[] = Object.keys(CATALOGUES);
