/**
 * The --etcd-servers-overrides calculator's words in each language it speaks (../overrides.ts builds
 * its form, its row builder and its answer from them). The lint (src/lib/model/overrides-lint.ts)
 * answers in findings with their figures, which `finding` words; the parser's rejections and the
 * row builder's issues (etcd-servers-overrides.ts, flag-csv.ts) come as kinds with figures too,
 * which `rejection` and `rowIssue` word.
 * What kube-apiserver itself prints (the rejected value's message) is quoted as is, in English.
 */
import type { ItemProblem, Rejection, RowIssue } from '../../model/etcd-servers-overrides.ts';
import type { CsvProblem } from '../../model/flag-csv.ts';
import type { Finding, ItemRef } from '../../model/overrides-lint.ts';
import type { ViewText } from '../calc.ts';

export interface OverridesWords {
  /** How a sentence names one override. */
  label: (r: ItemRef) => string;
  acceptedEmpty: string;
  accepted: (n: number) => string;
  /** How the parsed list names the core group. */
  coreGroup: string;
  rejects: string;
  upstreamRule: string;
  noFindings: string;
  findingsLead: (n: number) => string;
  /** An informational finding. */
  note: (message: string) => string;
  rule: string;
  rejection: (r: Rejection) => string;
  finding: (f: Finding) => string;
  rowIssue: (p: RowIssue) => string;
  /** Between two messages under one row field. */
  gap: string;
  /** One builder row. */
  row: {
    legend: (n: number) => string;
    /** After each field's label, for screen readers: which override it belongs to. */
    which: (n: number) => string;
    group: string;
    groupHint: string;
    resource: string;
    resourceHint: string;
    servers: string;
    /** The Remove button: text read before the visible word, the word, text read after it. */
    remove: (n: number) => readonly [string, string, string];
  };
}

const enLabel = (r: ItemRef): string => `Override ${r.n} ("${r.item}")`;

const enProblem = (p: ItemProblem): string => {
  switch (p.kind) {
    case 'no-hash':
      return 'it has no "#" between group/resource and servers';
    case 'hashes':
      return `it has ${p.count} "#" characters; exactly one is allowed`;
    case 'no-slash':
      return `"${p.left}" has no "/" (write the core group as "/${p.left}")`;
    case 'slashes':
      return `"${p.left}" has ${p.count} "/" characters; exactly one is allowed (group/resource)`;
    case 'no-servers':
      return 'the server list after "#" is empty';
    case 'empty-server':
      return `server ${p.index} of "${p.servers}" is empty (a stray ";")`;
  }
};

const enCsv = (p: CsvProblem): string => {
  switch (p.kind) {
    case 'only-line-breaks':
      return 'the value holds only line breaks, so the flag parser finds no record (EOF)';
    case 'bare-quote':
      return `bare " in non-quoted-field (item ${p.item}: a double quote may only open a field)`;
    case 'after-quote':
      return `extraneous or missing " in quoted-field (item ${p.item}: text follows a closing quote)`;
    case 'unclosed-quote':
      return `extraneous or missing " in quoted-field (item ${p.item}: the quote is never closed)`;
  }
};

const enFinding = (f: Finding): string => {
  switch (f.kind) {
    case 'flag-name':
      return 'Paste only the value: the text after "--etcd-servers-overrides=".';
    case 'shell-quotes':
      return 'Single quotes are shell syntax: kube-apiserver would see them as part of the group and the last server. Remove them.';
    case 'csv-quotes-comma':
      return 'Double quotes made the flag parser read a comma as part of an item, not as the separator between overrides; separate servers with ";".';
    case 'csv-quotes-unneeded':
      return 'Double quotes are read as CSV quoting by the flag parser and removed; they are not needed.';
    case 'ignored-lines':
      return 'Only the first line is read: kube-apiserver silently ignores everything after the first line break.';
  }
  const label = enLabel(f.ref);
  switch (f.kind) {
    case 'edge-whitespace':
      return `${label} has leading or trailing whitespace, which kube-apiserver keeps as part of the group or server.`;
    case 'looks-like-server':
      return `${label} looks like a server: separate servers with ";" and overrides with ",".`;
    case 'override-after-semicolon':
      return `${label} contains another override after ";": separate overrides with "," and servers with ";".`;
    case 'inner-whitespace':
      return `${label}: "${f.left}" has whitespace inside or after it, which kube-apiserver keeps, so the override matches no resource.`;
    case 'key-prefix': {
      const suggestion =
        f.group !== null
          ? `"${f.group}/${f.resource}"`
          : `"group/${f.resource}" (e.g. "/${f.resource}" for the core group)`;
      return `${label}: "${f.left}" is an etcd key prefix; the flag wants the API group/resource, ${suggestion}.`;
    }
    case 'version':
      return `${label}: leave out the API version — write "${f.write}".`;
    case 'core-named':
      return `${label}: the core group is written empty — "/${f.resource}", not "${f.written}/${f.resource}".`;
    case 'empty-resource':
      return `${label}: the resource is empty; kube-apiserver accepts this but it matches no resource.`;
    case 'not-lowercase-plural':
      return `${label}: "${f.resource}" is not a lowercase plural resource name (like "pods", not "Pod").${f.meant === null ? '' : ` Did you mean "${f.meant}"?`}`;
    case 'not-builtin': {
      const also = f.builtIn.length > 0 ? ` Built in as ${f.builtIn.map((gr) => `"${gr}"`).join(' or ')}.` : '';
      return `${label}: "${f.groupResource}" is not a resource compiled into kube-apiserver 1.37 (approximate list); the flag applies only to those, not to CRDs.${also}`;
    }
    case 'events-cohabitation':
      return `${label}: events.k8s.io/events is stored with core events (the storage factory uses the core group's storage for both), so override "/events" as the help text does.`;
    case 'duplicate':
      return `${label} repeats "${f.key}" from override ${f.first}; only one takes effect.`;
    case 'server-whitespace':
      return `${label}: server ${f.server} has surrounding whitespace, kept as part of the URL.`;
    case 'duplicate-server':
      return `${label}: server "${f.server}" is listed twice.`;
    case 'plain-http':
      return `${label}: "${f.server}" uses plain http — etcd traffic is unencrypted and client certificates are not used. Use https://.`;
    case 'no-port':
      return `${label}: "${f.server}" has no port; etcd clients conventionally use 2379.`;
    case 'port-range':
      return `${label}: "${f.server}" has port ${f.port}, outside 1–65535.`;
    case 'not-url':
      return `${label}: "${f.server}" is not a URL like https://etcd-1.example:2379 (kube-apiserver does not check this).`;
  }
};

const enRowIssue = (p: RowIssue): string => {
  switch (p.kind) {
    case 'bad-name':
      return `Row ${p.row}: the ${p.field} "${p.value}" may not contain "/", "#", ",", a double quote or a line break.`;
    case 'no-servers':
      return `Row ${p.row}: add at least one etcd server.`;
    case 'empty-server':
      return `Row ${p.row}: server ${p.server} is empty.`;
    case 'bad-server':
      return `Row ${p.row}: server "${p.value}" may not contain ";", "#", ",", a double quote or a line break.`;
  }
};

export const OVERRIDES_EN: OverridesWords = {
  label: enLabel,
  acceptedEmpty: 'Accepted: an empty value means no overrides.',
  accepted: (n) => `Accepted by kube-apiserver v1.37: ${n} ${n === 1 ? 'override' : 'overrides'}.`,
  coreGroup: '(core)',
  rejects: 'kube-apiserver v1.37 rejects this value with:',
  upstreamRule: 'Upstream rule: ',
  noFindings: 'No further findings.',
  findingsLead: (n) => `What kube-apiserver does not check (${n}):`,
  note: (message) => `Note: ${message}`,
  rule: 'kube-apiserver reads the flag as one CSV record of group/resource#servers entries, servers separated by semicolons, and rejects the whole value at the first entry it cannot parse.',
  rejection: (r) =>
    r.stage === 'override'
      ? `${enLabel(r.ref)}: ${enProblem(r.problem)}.`
      : `The flag parser reads the value as CSV and fails: ${enCsv(r.problem)}.`,
  finding: enFinding,
  rowIssue: enRowIssue,
  gap: ' ',
  row: {
    legend: (n) => `Override ${n}`,
    which: (n) => ` (override ${n})`,
    group: 'Group',
    groupHint: 'empty = core',
    resource: 'Resource',
    resourceHint: 'e.g. events',
    servers: 'Servers',
    remove: (n) => ['', 'Remove', ` override ${n}`],
  },
};

const jaLabel = (r: ItemRef): string => `オーバーライド ${r.n}（"${r.item}"）`;

const jaProblem = (p: ItemProblem): string => {
  switch (p.kind) {
    case 'no-hash':
      return 'group/resource とサーバーの間に "#" がありません';
    case 'hashes':
      return `"#" が ${p.count} 個あります。使えるのは 1 個だけです`;
    case 'no-slash':
      return `"${p.left}" に "/" がありません（core グループは "/${p.left}" と書きます）`;
    case 'slashes':
      return `"${p.left}" に "/" が ${p.count} 個あります。使えるのは 1 個だけです（group/resource）`;
    case 'no-servers':
      return '"#" の後ろのサーバーリストが空です';
    case 'empty-server':
      return `"${p.servers}" の ${p.index} 番目のサーバーが空です（余分な ";" があります）`;
  }
};

// Go's csv.ParseError text stays as Go writes it; the explanation after it is ours.
const jaCsv = (p: CsvProblem): string => {
  switch (p.kind) {
    case 'only-line-breaks':
      return '値が改行だけなので、フラグのパーサーはレコードを 1 つも見つけられません（EOF）';
    case 'bare-quote':
      return `bare " in non-quoted-field（項目 ${p.item}：ダブルクォートを置けるのはフィールドの先頭だけです）`;
    case 'after-quote':
      return `extraneous or missing " in quoted-field（項目 ${p.item}：閉じたダブルクォートの後ろに文字があります）`;
    case 'unclosed-quote':
      return `extraneous or missing " in quoted-field（項目 ${p.item}：ダブルクォートが閉じられていません）`;
  }
};

const jaFinding = (f: Finding): string => {
  switch (f.kind) {
    case 'flag-name':
      return '値だけを貼り付けてください。"--etcd-servers-overrides=" の後ろの部分です。';
    case 'shell-quotes':
      return 'シングルクォートはシェルの構文です。kube-apiserver からは、グループと最後のサーバーの一部に見えます。取り除いてください。';
    case 'csv-quotes-comma':
      return 'ダブルクォートがあるため、フラグのパーサーはカンマをオーバーライド同士の区切りではなく、項目の一部として読みました。サーバー同士は ";" で区切ってください。';
    case 'csv-quotes-unneeded':
      return 'ダブルクォートは、フラグのパーサーが CSV の引用符として読んで取り除きます。付ける必要はありません。';
    case 'ignored-lines':
      return '読まれるのは最初の行だけです。kube-apiserver は、最初の改行より後ろをすべて、警告なしに無視します。';
  }
  const label = jaLabel(f.ref);
  switch (f.kind) {
    case 'edge-whitespace':
      return `${label}の先頭または末尾に空白があります。kube-apiserver はこの空白を、グループまたはサーバーの一部としてそのまま残します。`;
    case 'looks-like-server':
      return `${label}はサーバーのように見えます。サーバー同士は ";"、オーバーライド同士は "," で区切ってください。`;
    case 'override-after-semicolon':
      return `${label}には、";" の後ろに別のオーバーライドがあります。オーバーライド同士は ","、サーバー同士は ";" で区切ってください。`;
    case 'inner-whitespace':
      return `${label}："${f.left}" の途中または後ろに空白があります。kube-apiserver は空白をそのまま残すため、このオーバーライドはどのリソースにも一致しません。`;
    case 'key-prefix': {
      const wanted =
        f.group !== null
          ? `"${f.group}/${f.resource}" を書きます`
          : `"group/${f.resource}" を書きます（core グループなら "/${f.resource}" です）`;
      return `${label}："${f.left}" は etcd のキーのプレフィックスです。このフラグには、API の group/resource である ${wanted}。`;
    }
    case 'version':
      return `${label}：API のバージョンは書きません。"${f.write}" と書いてください。`;
    case 'core-named':
      return `${label}：core グループは空で書きます。"${f.written}/${f.resource}" ではなく "/${f.resource}" です。`;
    case 'empty-resource':
      return `${label}：リソースが空です。kube-apiserver は受け入れますが、どのリソースにも一致しません。`;
    case 'not-lowercase-plural':
      return `${label}："${f.resource}" は小文字・複数形のリソース名ではありません（"Pod" ではなく "pods" のように書きます）。${f.meant === null ? '' : `"${f.meant}" のことではありませんか？`}`;
    case 'not-builtin': {
      const also =
        f.builtIn.length > 0
          ? `組み込みのリソースとしては ${f.builtIn.map((gr) => `"${gr}"`).join(' または ')} があります。`
          : '';
      return `${label}："${f.groupResource}" は kube-apiserver 1.37 に組み込まれたリソースではありません（おおよその一覧による判定です）。このフラグが適用されるのは組み込みのリソースだけで、CRD には適用されません。${also}`;
    }
    case 'events-cohabitation':
      return `${label}：events.k8s.io/events は core の Events と一緒に保存されます（ストレージファクトリーは両方に core グループのストレージを使います）。ヘルプテキストと同じように "/events" をオーバーライドしてください。`;
    case 'duplicate':
      return `${label}は、オーバーライド ${f.first} と同じ "${f.key}" をもう一度指定しています。有効になるのは 1 つだけです。`;
    case 'server-whitespace':
      return `${label}：サーバー ${f.server} の前後に空白があります。空白は URL の一部としてそのまま残ります。`;
    case 'duplicate-server':
      return `${label}：サーバー "${f.server}" が 2 回書かれています。`;
    case 'plain-http':
      return `${label}："${f.server}" は暗号化なしの http を使っています。etcd の通信は暗号化されず、クライアント証明書も使われません。https:// を使ってください。`;
    case 'no-port':
      return `${label}："${f.server}" にポートがありません。etcd のクライアントは慣例として 2379 を使います。`;
    case 'port-range':
      return `${label}："${f.server}" のポート ${f.port} は、1–65535 の範囲外です。`;
    case 'not-url':
      return `${label}："${f.server}" は、https://etcd-1.example:2379 のような URL ではありません（kube-apiserver はこれをチェックしません）。`;
  }
};

const JA_FIELD = { group: 'グループ', resource: 'リソース' } as const;

const jaRowIssue = (p: RowIssue): string => {
  switch (p.kind) {
    case 'bad-name':
      return `行 ${p.row}：${JA_FIELD[p.field]} "${p.value}" には、"/"、"#"、","、ダブルクォート、改行を含められません。`;
    case 'no-servers':
      return `行 ${p.row}：etcd サーバーを 1 つ以上追加してください。`;
    case 'empty-server':
      return `行 ${p.row}：サーバー ${p.server} が空です。`;
    case 'bad-server':
      return `行 ${p.row}：サーバー "${p.value}" には、";"、"#"、","、ダブルクォート、改行を含められません。`;
  }
};

export const OVERRIDES_JA: OverridesWords = {
  label: jaLabel,
  acceptedEmpty: '受け入れられます。空の値は、オーバーライドがないことを意味します。',
  accepted: (n) => `kube-apiserver v1.37 はこの値を受け入れます。オーバーライドは ${n} 件です。`,
  coreGroup: '(core)',
  rejects: 'kube-apiserver v1.37 は、次のメッセージでこの値を拒否します：',
  upstreamRule: 'アップストリームのルール：',
  noFindings: 'ほかに指摘はありません。',
  findingsLead: (n) => `kube-apiserver がチェックしないこと（${n} 件）：`,
  note: (message) => `注：${message}`,
  rule: 'kube-apiserver はこのフラグを、group/resource#servers のエントリーが並んだ 1 つの CSV レコードとして読みます（サーバー同士はセミコロンで区切ります）。そして、解析できない最初のエントリーの時点で値全体を拒否します。',
  rejection: (r) =>
    r.stage === 'override'
      ? `${jaLabel(r.ref)}：${jaProblem(r.problem)}。`
      : `フラグのパーサーは値を CSV として読み、次の理由で失敗します：${jaCsv(r.problem)}。`,
  finding: jaFinding,
  rowIssue: jaRowIssue,
  gap: '',
  row: {
    legend: (n) => `オーバーライド ${n}`,
    which: (n) => `（オーバーライド ${n}）`,
    group: 'グループ',
    groupHint: '空 = core',
    resource: 'リソース',
    resourceHint: '例：events',
    servers: 'サーバー',
    remove: (n) => [`オーバーライド ${n} を`, '削除', ''],
  },
};

/** The row builder's build-time text (OverridesBuilder.astro): never shipped to the browser. */
export interface OverridesBuilderWords {
  hint: string;
  rowsNote: string;
  add: string;
  /** Before the built flag, its space included. */
  built: string;
}

export const OVERRIDES_BUILDER_EN: OverridesBuilderWords = {
  hint: 'Build the value from rows: group (empty for the core group), resource, and the etcd servers separated by spaces.',
  rowsNote:
    'The rows cannot show the value in the box below exactly (it has quotes, stray whitespace or an override kube-apiserver rejects). Edit it there, or add rows to replace it.',
  add: 'Add override',
  built: 'Built flag: ',
};

export const OVERRIDES_BUILDER_JA: OverridesBuilderWords = {
  hint: '行から値を組み立てます。各行に、グループ（core グループなら空）、リソース、スペースで区切った etcd サーバーを入力してください。',
  rowsNote:
    '下のボックスの値は、行では正確に表せません（引用符、余分な空白、または kube-apiserver が拒否するオーバーライドを含んでいます）。ボックスで直接編集するか、行を追加して置き換えてください。',
  add: 'オーバーライドを追加',
  built: '組み立てたフラグ：',
};

/** The form's text in Japanese (the English is the view's own). */
export const OVERRIDES_VIEW_JA: ViewText<'v'> = {
  title: '--etcd-servers-overrides のビルダーとパーサー',
  fields: {
    v: {
      label: 'チェックするフラグの値',
      hint: '"--etcd-servers-overrides=" の後ろの値を貼り付けるか、上の行で組み立ててください。',
    },
  },
};
