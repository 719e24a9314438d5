import { describe, expect, it } from 'vitest';
import { apiserverCalc, apiserverView } from '../../../src/lib/calculators/apiserver.ts';
import { hintOf, viewIn } from '../../../src/lib/calculators/calc.ts';
import { APISERVER_EN, APISERVER_JA } from '../../../src/lib/calculators/messages/apiserver.ts';
import { designDocMarkdown } from '../../../src/lib/calculators/render-markdown.ts';
import { JAPANESE, digits, expectSameAnswer, factValues } from '../../helpers/calc-language.ts';

const DEFAULTS = { r: '3', t: '60', n: '10000', s: '2048' };

describe('the API-server calculator in Japanese', () => {
  it('answers with the same figures, in Japanese, in every block', () => {
    const cases: Record<string, Partial<typeof DEFAULTS>> = {
      defaults: {},
      large: { r: '5', n: '1000000' },
      'one replica, no cached types': { r: '1', t: '0' },
      'no objects': { n: '0' },
      'one-byte objects': { n: '1', s: '1' },
      'the largest inputs': { r: '1000', t: '10000', n: '100000000', s: '10000000' },
    };
    for (const [name, change] of Object.entries(cases)) {
      const raw = { ...DEFAULTS, ...change };
      expectSameAnswer(apiserverCalc.compute(raw), apiserverCalc.compute(raw, 'ja'), name);
    }
    const ja = apiserverCalc.compute(DEFAULTS, 'ja');
    expect(factValues(ja.doc)).toEqual([
      '180',
      '30,000',
      '30,000',
      '58.59 MiB（レプリカあたり 19.53 MiB）',
      'どのレプリカでも、リクエストごとに etcd への読み取りが発生',
    ]);
    expect(factValues(apiserverCalc.compute({ ...DEFAULTS, n: '0' }, 'ja').doc)[3]).toBe(
      '0 バイト（レプリカあたり 0 バイト）',
    );
  });

  it('says the same notes in each language, with the same figures', () => {
    expect(APISERVER_JA.notes).toHaveLength(APISERVER_EN.notes.length);
    APISERVER_JA.notes.forEach((note, i) => expect(digits(note), note).toEqual(digits(APISERVER_EN.notes[i]!)));
    // Events are outside T: no watch cache by default, so no replica watch; their reads go to etcd.
    expect(APISERVER_EN.notes.join(' ')).toMatch(
      /Events have no watch cache by default, so they are not among the T types/,
    );
    expect(APISERVER_EN.notes.join(' ')).toMatch(/every 5 to 7\.5 minutes, in pages of 10,000/);
  });

  it('refuses the same inputs, with Japanese messages that name the field', () => {
    const cases: Record<string, Partial<typeof DEFAULTS>> = {
      'no replicas': { r: '0' },
      'a fraction of a type': { t: '1.5' },
      'a grouped object count': { n: '10.000' },
      'a word for the size': { s: 'big' },
      'too many replicas': { r: '1001' },
      'every field empty': { r: '', t: '', n: '', s: '' },
    };
    for (const [name, change] of Object.entries(cases)) {
      const raw = { ...DEFAULTS, ...change };
      const en = apiserverCalc.compute(raw);
      const ja = apiserverCalc.compute(raw, 'ja');
      expect(ja.state, name).toBeNull();
      expect(ja.doc, name).toBeNull();
      expect(Object.keys(ja.errors).sort(), name).toEqual(Object.keys(en.errors).sort());
      expect(Object.keys(ja.errors).length, name).toBeGreaterThan(0);
      for (const message of Object.values(ja.errors)) expect(message, name).toMatch(JAPANESE);
      expect(JSON.stringify(ja.result), name).toContain('まだ結果はありません');
    }
    const at = (change: Partial<typeof DEFAULTS>) => apiserverCalc.compute({ ...DEFAULTS, ...change }, 'ja').errors;
    expect(at({ r: '0' })['r']).toBe('API サーバーのレプリカ数は 1 以上にしてください（入力値 0）。');
    expect(at({ t: '1.5' })['t']).toBe(
      'ウォッチキャッシュを持つリソースタイプの数は整数にしてください（入力値 1.5）。',
    );
    expect(at({ s: 'big' })['s']).toMatch(/^オブジェクトの平均サイズは/);
  });

  it('the form and the design-doc copy speak Japanese', () => {
    const ja = viewIn(apiserverView, 'ja');
    expect(ja.title).toBe('API サーバーのレプリカが etcd にかけるコスト');
    expect(ja.fields.map((f) => f.key)).toEqual(apiserverView.fields.map((f) => f.key));
    for (const f of ja.fields) {
      expect(f.label, f.key).toMatch(JAPANESE);
      expect(hintOf('apiserver', f), f.key).toMatch(/^\d[\d,]*–[\d,]+。/);
    }
    expect(hintOf('apiserver', ja.fields[1]!)).toBe(
      '0–10,000。Events にはデフォルトでウォッチキャッシュがありません。',
    );
    expect(viewIn(apiserverView, 'en')).toBe(apiserverView);
    const md = designDocMarkdown(apiserverCalc.compute(DEFAULTS, 'ja').doc!, {
      title: ja.title,
      inputs: [{ label: ja.fields[0]!.label, value: '3' }],
      links: {},
      liveUrl: 'https://h.example/ja/control-plane/?r.r=3#r-title',
      version: 'guide abc1234',
    });
    expect(md).toContain('| 結果 | 値 |');
    expect(md).toContain('| etcd へのウォッチの数（R × T） | 180 |');
    expect(md).toContain('**ルール：** 各レプリカは自分専用のウォッチキャッシュを持ちます。');
  });
});
