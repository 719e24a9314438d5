import { describe, expect, it } from 'vitest';
import { viewIn } from '../../../src/lib/calculators/calc.ts';
import {
  buildFromRows,
  overridesCalc,
  overridesView,
  rowErrors,
  rowTree,
  type RowText,
} from '../../../src/lib/calculators/overrides.ts';
import { OVERRIDES_BUILDER_EN, OVERRIDES_BUILDER_JA } from '../../../src/lib/calculators/messages/overrides.ts';
import { designDocMarkdown } from '../../../src/lib/calculators/render-markdown.ts';
import { inlineText, type Block, type ResultDoc } from '../../../src/lib/calculators/result-doc.ts';
import { textOf, toHtml, type Tree } from '../../../src/lib/calculators/tree.ts';
import { HELP_TEXT_EXAMPLE } from '../../../src/lib/model/etcd-servers-overrides.ts';
import { JAPANESE } from '../../helpers/calc-language.ts';

/** What the Japanese words show when they could not read a model sentence back. */

/**
 * Values that take every branch: accepted (none, one, several), each lint finding, each reason
 * ParseEtcdServersOverrides rejects an override for, and each way the flag parser fails.
 */
const VALUES = [
  '',
  HELP_TEXT_EXAMPLE,
  '/events#https://etcd-ev-1.example:2379;https://etcd-ev-2.example:2379,coordination.k8s.io/leases#https://10.0.0.7:2379',
  // Lint findings, warnings and notes.
  '/pods#https://a:2379;/events#https://b:2379',
  '/pods#https://a:2379,https://b:2379',
  '/registry/events#https://a:2379',
  '/registry/deployments#https://a:2379',
  'registry/pods#https://a:2379',
  'apps/v1/deployments#https://a:2379',
  'core/pods#https://a:2379',
  'v1/pods#https://a:2379',
  '/events#https://a:2379,/events#https://b:2379',
  '/events#https://a:2379;https://a:2379',
  ' /events#https://a:2379',
  '/events#https://a:2379; https://b:2379',
  'apps /deployments#https://etcd-1:2379',
  "'/events#https://a:2379'",
  '"/events#https://a:2379"',
  '"/pods#https://a:2379,https://b:2379"',
  '/events#https://a:2379\n/pods#https://b:2379',
  '/events#etcd-1:2379',
  '/events#https://etcd-1',
  '/events#https://a:99999',
  '/Pods#https://a:2379',
  '/Widgets#https://a:2379',
  'apps/#https://a:2379',
  'stable.example.com/crontabs#https://a:2379',
  '/deployments#https://a:2379',
  'events.k8s.io/events#https://a:2379,/events#https://a:2379',
  '--etcd-servers-overrides=/events#https://a:2379',
  // Rejected overrides.
  '/events',
  '/events#http://a#b',
  'events#http://a',
  'a/b/c#x',
  '/events#',
  '/events#http://a;;https://b:2379',
  // The flag parser fails.
  '\n\n',
  'a"b',
  '"a"b',
  '"abc',
];

const tones = (d: ResultDoc): string[] => d.blocks.map((b) => (b.kind === 'para' ? `para:${b.tone}` : b.kind));
const paras = (d: ResultDoc): string[] => d.blocks.flatMap((b) => (b.kind === 'para' ? [inlineText(b.content)] : []));
const others = (d: ResultDoc): Block[] => d.blocks.filter((b) => b.kind !== 'para');
/** The numbers in a sentence, and the literal text it quotes (group/resources, servers, separators). */
const numbers = (s: string): string[] => (s.match(/\d+/g) ?? []).sort();
const quoted = (s: string): string[] => [...s.matchAll(/"([^"]*)"/g)].map((m) => m[1]!).sort();
/** Whether every element of `part` is in `whole`, as many times. */
const within = (part: readonly string[], whole: readonly string[]): boolean => {
  const left = [...whole];
  return part.every((x) => {
    const i = left.indexOf(x);
    if (i < 0) return false;
    left.splice(i, 1);
    return true;
  });
};

describe('the overrides calculator in Japanese', () => {
  it.each(VALUES)('%j: the same verdict and findings, said in Japanese', (v) => {
    const en = overridesCalc.compute({ v });
    const ja = overridesCalc.compute({ v }, 'ja');
    expect(ja.state).toEqual(en.state);
    expect(ja.errors).toEqual({});
    expect(en.doc!.lang).toBe('en');
    expect(ja.doc!.lang).toBe('ja');
    expect(tones(ja.doc!)).toEqual(tones(en.doc!));
    // kube-apiserver's message and the parsed list are quoted as they are.
    expect(others(ja.doc!)).toEqual(others(en.doc!));
    expect(ja.doc!.sources).toEqual(en.doc!.sources);
    expect(ja.doc!.rule).toMatch(JAPANESE);
    const [enParas, jaParas] = [paras(en.doc!), paras(ja.doc!)];
    jaParas.forEach((text, i) => {
      const english = enParas[i]!;
      expect(text, english).toMatch(JAPANESE);
      expect(within(numbers(english), numbers(text)), `${english}\n${text}`).toBe(true);
      // The literal text of the value: group/resources, servers, the override as written.
      expect(quoted(text), `${english}\n${text}`).toEqual(quoted(english));
    });
  });

  it('names the override a finding is about as the English does, and its notes as notes', () => {
    const ja = overridesCalc.compute({ v: '/events#https://a:2379;https://a:2379' }, 'ja');
    expect(paras(ja.doc!)).toContain(
      '注：オーバーライド 1（"/events#https://a:2379;https://a:2379"）：サーバー "https://a:2379" が 2 回書かれています。',
    );
    const rejected = overridesCalc.compute({ v: 'events#http://a' }, 'ja');
    expect(paras(rejected.doc!)).toContain(
      'オーバーライド 1（"events#http://a"）："events" に "/" がありません（core グループは "/events" と書きます）。',
    );
  });

  it('the design-doc copy frames the answer in Japanese', () => {
    const out = overridesCalc.compute({ v: '/events#' }, 'ja');
    const view = viewIn(overridesView, 'ja');
    const md = designDocMarkdown(out.doc!, {
      title: view.title,
      inputs: [{ label: view.fields[0]!.label, value: '/events#' }],
      links: {},
      liveUrl: 'https://h.example/ja/etcd-writes/?o.v=%2Fevents%23#o-title',
      version: 'guide abc1234',
    });
    expect(md).toContain('> **拒否：** kube-apiserver v1.37 は、次のメッセージでこの値を拒否します：');
    expect(md).toContain('**ルール：** kube-apiserver はこのフラグを');
    expect(md).toContain('| チェックするフラグの値 | /events\\# |');
  });

  it('the form speaks Japanese with the same fields', () => {
    const ja = viewIn(overridesView, 'ja');
    expect(ja.title).toBe('--etcd-servers-overrides のビルダーとパーサー');
    expect(ja.fields.map((f) => [f.key, f.kind])).toEqual(overridesView.fields.map((f) => [f.key, f.kind]));
    for (const f of ja.fields) {
      expect(f.label).toMatch(JAPANESE);
      expect(String(f.hint)).toMatch(JAPANESE);
    }
    expect(viewIn(overridesView, 'en')).toBe(overridesView);
  });
});

describe('the overrides row builder in Japanese', () => {
  const rows: RowText[] = [
    { group: 'a/b', resource: 'x#y', servers: '' },
    { group: '', resource: 'pods', servers: 'https://a;b https://c,d' },
  ];

  it('says why a row cannot be written, for the same fields, in Japanese', () => {
    const build = buildFromRows(rows);
    const en = rowErrors(build);
    const ja = rowErrors(build, 'ja');
    expect(Object.keys(ja)).toEqual(Object.keys(en));
    expect(ja).toEqual({
      '0:group': '行 1：グループ "a/b" には、"/"、"#"、","、ダブルクォート、改行を含められません。',
      '0:resource': '行 1：リソース "x#y" には、"/"、"#"、","、ダブルクォート、改行を含められません。',
      '0:servers': '行 1：etcd サーバーを 1 つ以上追加してください。',
      '1:servers':
        '行 2：サーバー "https://a;b" には、";"、"#"、","、ダブルクォート、改行を含められません。' +
        '行 2：サーバー "https://c,d" には、";"、"#"、","、ダブルクォート、改行を含められません。',
    });
    expect(en['1:servers']).toBe(
      'Row 2: server "https://a;b" may not contain ";", "#", ",", a double quote or a line break. Row 2: server "https://c,d" may not contain ";", "#", ",", a double quote or a line break.',
    );
    expect(rowErrors(buildFromRows([{ group: '', resource: 'pods', servers: 'https://a:2379' }]), 'ja')).toEqual({});
  });

  it('labels a row, its fields and its Remove button in Japanese, with the same inputs', () => {
    const row = rows[1]!;
    const errors = { '0:servers': '行 1：etcd サーバーを 1 つ以上追加してください。' };
    const en = rowTree(0, row, errors, true);
    const ja = rowTree(0, row, errors, true, 'ja');
    const inputs = (t: Tree): unknown[] =>
      typeof t === 'string' ? [] : [...(t.tag === 'input' ? [t.attrs] : []), ...t.children.flatMap(inputs)];
    expect(inputs(ja).map((a) => ({ ...(a as object), placeholder: '' }))).toEqual(
      inputs(en).map((a) => ({ ...(a as object), placeholder: '' })),
    );
    expect(toHtml(ja)).toContain('<legend>オーバーライド 1</legend>');
    expect(toHtml(ja)).toContain('グループ<span class="sr-only">（オーバーライド 1）</span>');
    expect(toHtml(ja)).toContain('placeholder="空 = core"');
    expect(toHtml(ja)).toContain('placeholder="https://etcd-0:2379 https://etcd-1:2379"');
    expect(toHtml(ja)).toContain('行 1：etcd サーバーを 1 つ以上追加してください。');
    const button = (t: Tree): Tree | undefined =>
      typeof t === 'string' ? undefined : t.tag === 'button' ? t : t.children.map(button).find(Boolean);
    expect(textOf(button(ja)!)).toBe('オーバーライド 1 を削除');
    expect(textOf(button(en)!)).toBe('Remove override 1');
    // The English row is the one the builder always rendered.
    expect(toHtml(en)).toContain(
      '<button type="button" class="calc__button" data-remove="0">Remove<span class="sr-only"> override 1</span></button>',
    );
  });

  it('the builder’s own text has Japanese words for each English one', () => {
    expect(Object.keys(OVERRIDES_BUILDER_JA)).toEqual(Object.keys(OVERRIDES_BUILDER_EN));
    for (const text of Object.values(OVERRIDES_BUILDER_JA)) expect(text).toMatch(JAPANESE);
    expect(OVERRIDES_BUILDER_EN.built).toBe('Built flag: ');
  });
});
