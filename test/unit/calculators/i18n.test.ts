import { describe, expect, it } from 'vitest';
import { calcLang, calcWords } from '../../../src/lib/calculators/calc-words.ts';
import { viewIn, hintOf } from '../../../src/lib/calculators/calc.ts';
import { designDocMarkdown } from '../../../src/lib/calculators/render-markdown.ts';
import { quorumCalc, quorumView } from '../../../src/lib/calculators/quorum.ts';
import { inlineText } from '../../../src/lib/calculators/result-doc.ts';
import { parseWholeNumber } from '../../../src/lib/model/input.ts';
import { NUMBER_WORDS } from '../../../src/lib/model/input-words.ts';
import { JAPANESE, digits } from '../../helpers/calc-language.ts';

const rule = { min: 1, max: 99, label: 'メンバー数', words: NUMBER_WORDS.ja };

describe('the calculators in Japanese', () => {
  it('a page language picks the calculators’ language, English for any other', () => {
    expect(calcLang('ja')).toBe('ja');
    expect(calcLang('ja-JP')).toBe('ja');
    expect(calcLang('fr')).toBe('en');
    expect(calcLang(undefined)).toBe('en');
    expect(calcWords('ja').severity.warning).toBe('警告');
  });

  it('the number parser keeps its rules and says them in Japanese: "10.000" is still refused', () => {
    for (const text of ['10.000', '1,000', '0,5', '', 'abc', '100', '0', '2.5']) {
      const en = parseWholeNumber(text, { min: rule.min, max: rule.max, label: 'Members' });
      const ja = parseWholeNumber(text, rule);
      expect(ja.ok, text).toBe(en.ok);
      if (!ja.ok) {
        expect(ja.error, text).toMatch(JAPANESE);
        expect(ja.error.startsWith('メンバー数'), text).toBe(true);
      }
    }
    const ambiguous = parseWholeNumber('10.000', { ...rule, max: 100_000 });
    expect(ambiguous).toEqual({ ok: false, error: expect.stringMatching(/2 通りに読めます.*10000.*10/) });
    expect(parseWholeNumber(' 5 ', rule)).toEqual({ ok: true, value: 5 });
  });

  it('the quorum calculator answers with the same figures, in Japanese, in every block', () => {
    for (const raw of [
      { n: '5', k: '1' },
      { n: '4', k: '0' },
      { n: '3', k: '2' },
      { n: '1', k: '0' },
    ]) {
      const en = quorumCalc.compute(raw);
      const ja = quorumCalc.compute(raw, 'ja');
      expect(ja.state).toEqual(en.state);
      expect(ja.doc!.lang).toBe('ja');
      expect(en.doc!.lang).toBe('en');
      expect(ja.doc!.blocks.map((b) => b.kind)).toEqual(en.doc!.blocks.map((b) => b.kind));
      const tones = (d: typeof en.doc) => d!.blocks.map((b) => (b.kind === 'para' ? b.tone : b.kind));
      expect(tones(ja.doc)).toEqual(tones(en.doc));
      for (const b of ja.doc!.blocks) {
        const text =
          b.kind === 'para' ? inlineText(b.content) : b.kind === 'facts' ? b.rows.map((r) => r.label).join() : '';
        expect(text, JSON.stringify(raw)).toMatch(JAPANESE);
      }
      const flat = (d: typeof en.doc) =>
        d!.blocks.flatMap((b) => (b.kind === 'facts' ? b.rows.map((r) => inlineText(r.value)) : []));
      expect(digits(flat(ja.doc).join(' ')), JSON.stringify(raw)).toEqual(digits(flat(en.doc).join(' ')));
    }
    const bad = quorumCalc.compute({ n: '3', k: '4' }, 'ja');
    expect(bad.errors['k']).toBe('停止中のメンバー数（4）は、構成上のメンバー数 3 を超えられません。');
    expect(JSON.stringify(bad.result)).toContain('まだ結果はありません');
  });

  it('the form and the design-doc copy speak the page’s language', () => {
    const ja = viewIn(quorumView, 'ja');
    expect(ja.title).toBe('クォーラムと障害耐性');
    expect(ja.fields.map((f) => f.key)).toEqual(quorumView.fields.map((f) => f.key));
    expect(hintOf('quorum', ja.fields[0]!)).toMatch(/^構成上の etcd メンバー数。1–\d+。$/);
    expect(viewIn(quorumView, 'en')).toBe(quorumView);
    const out = quorumCalc.compute({ n: '3', k: '2' }, 'ja');
    const md = designDocMarkdown(out.doc!, {
      title: ja.title,
      inputs: [{ label: ja.fields[0]!.label, value: '3' }],
      links: {},
      liveUrl: 'https://h.example/ja/etcd-sizing/?q.n=3&q.k=2#q-title',
      version: 'guide abc1234',
    });
    expect(md).toContain('| 入力 | 値 |');
    expect(md).toContain('| 結果 | 値 |');
    expect(md).toContain('> **警告：** クォーラムを失っています。');
    expect(md).toContain('**ルール：** クォーラムは');
    expect(md).toContain('**ライブの計算ツール：** [クォーラムと障害耐性]');
  });
});
