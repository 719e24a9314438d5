import { describe, expect, it } from 'vitest';
import { availabilityCalc, availabilityView } from '../../../src/lib/calculators/availability.ts';
import { hintOf, viewIn, type Outcome } from '../../../src/lib/calculators/calc.ts';
import { inlineText, type ResultDoc } from '../../../src/lib/calculators/result-doc.ts';
import { availabilityChart } from '../../../src/lib/calculators/chart.ts';
import { chartHighlight } from '../../../src/lib/calculators/chart-live.ts';
import { AVAILABILITY_JA } from '../../../src/lib/calculators/messages/availability.ts';
import { toHtml, type TreeElement } from '../../../src/lib/calculators/tree.ts';
import { JAPANESE, expectSameAnswer } from '../../helpers/calc-language.ts';

const BASE = { mode: 'p', p: '0.001', mtbf: '4380', mttr: '4', n: '5', k: '0' };

function both(raw: Record<string, string>): [Outcome, Outcome] {
  const full = { ...BASE, ...raw };
  return [availabilityCalc.compute(full), availabilityCalc.compute(full, 'ja')];
}

describe('the availability calculator in Japanese', () => {
  it('answers with the same figures, blocks and tones, in Japanese text throughout', () => {
    for (const raw of [
      {},
      { n: '1' },
      { n: '4', k: '2', p: '0.01' },
      { p: '0' },
      { p: '1' },
      { p: '0.1%' },
      { p: '1e-300' },
      { n: '99', p: '1e-9' },
      { mode: 'mtbf' },
      { mode: 'mtbf', mtbf: '999', mttr: '1', k: '1' },
    ]) {
      const label = JSON.stringify(raw);
      const [en, ja] = both(raw);
      expectSameAnswer(en, ja, label);
      expect(ja.highlight, label).toEqual(en.highlight);
      expect(ja.doc!.rule).toContain('⌊n/2⌋ + 1');
    }
  });

  it('keeps the figures and units exactly as English writes them', () => {
    const [en, ja] = both({ mode: 'mtbf', mtbf: '999', mttr: '1', k: '1' });
    const values = (d: ResultDoc) =>
      d.blocks.flatMap((b) => (b.kind === 'facts' ? b.rows.map((r) => inlineText(r.value)) : []));
    expect(values(ja.doc!)).toEqual(values(en.doc!));
    expect(values(ja.doc!).at(-1)).toMatch(/ min$/);
    const note = ja.doc!.blocks.find((b) => b.kind === 'para');
    expect(note && note.kind === 'para' && inlineText(note.content)).toContain('確率 0.001 で');
  });

  it('words the unbounded nines of p = 0 in Japanese', () => {
    const [en, ja] = both({ p: '0' });
    const nines = (d: ResultDoc) => {
      const facts = d.blocks.find((b) => b.kind === 'facts');
      return facts && facts.kind === 'facts' ? inlineText(facts.rows[1]!.value) : '';
    };
    expect(nines(en.doc!)).toMatch(/^unbounded/);
    expect(nines(ja.doc!)).toMatch(JAPANESE);
    expect(nines(ja.doc!)).toContain('p = 0');
  });

  it('refuses the same inputs as English, with Japanese messages on the same fields', () => {
    for (const raw of [
      { p: 'abc' },
      { p: '200%' },
      { p: '' },
      { mode: 'mtbf', mtbf: '0', mttr: '0' },
      { mode: 'mtbf', mtbf: 'x', mttr: '-1' },
      { n: '3', k: '4' },
      { n: '0', k: '' },
      { n: '10.000' },
    ]) {
      const label = JSON.stringify(raw);
      const [en, ja] = both(raw);
      expect(ja.state, label).toBeNull();
      expect(ja.doc, label).toBeNull();
      expect(ja.highlight, label).toBeNull();
      expect(Object.keys(ja.errors), label).toEqual(Object.keys(en.errors));
      for (const message of Object.values(ja.errors)) expect(message, label).toMatch(JAPANESE);
      expect(JSON.stringify(ja.result), label).toContain('まだ結果はありません');
    }
    expect(both({ mode: 'mtbf', mtbf: '0', mttr: '0' })[1].errors['mttr']).toBe(
      'MTBF + MTTR は 0 時間より大きくしてください。',
    );
    expect(both({ n: '3', k: '4' })[1].errors['k']).toBe(
      '停止中のメンバー数（4）は、構成上のメンバー数 3 を超えられません。',
    );
    expect(both({ p: '200%' })[1].errors['p']).toMatch(/^メンバーごとの利用不能率 p（パーセント）/);
  });

  it('has a Japanese form with the same fields and options', () => {
    const ja = viewIn(availabilityView, 'ja');
    expect(ja.title).toBe('可用性：クォーラムを失う確率');
    expect(ja.fields.map((f) => f.key)).toEqual(availabilityView.fields.map((f) => f.key));
    for (const f of ja.fields) {
      expect(f.label, f.key).toMatch(JAPANESE);
      expect(hintOf('availability', f) ?? '', f.key).not.toMatch(/[a-z]{3,}/i);
    }
    const mode = ja.fields.find((f) => f.key === 'mode')!;
    expect(mode.options!.map(([value]) => value)).toEqual(['p', 'mtbf']);
    expect(mode.options![0]![1]).toMatch(JAPANESE);
    expect(
      hintOf(
        'availability',
        ja.fields.find((f) => f.key === 'n')!,
      ),
    ).toMatch(/^1–\d+。$/);
    expect(viewIn(availabilityView, 'en')).toBe(availabilityView);
  });

  it('draws the chart with Japanese title, axes, series label and description, and the same figures', () => {
    for (const current of [null, { n: 5, k: 0, p: 0.01 }, { n: 9, k: 2, p: 1e-6 }, { n: 4, k: 1, p: 0.6 }]) {
      const en = availabilityChart(current);
      const ja = availabilityChart(current, AVAILABILITY_JA.chart);
      const texts = (svg: TreeElement) =>
        [...toHtml(svg).matchAll(/<(title|desc|text)[^>]*>([^<]*)</g)]
          .map((m) => m[2]!)
          .filter((t) => /[a-z]{3}/i.test(t) || JAPANESE.test(t));
      // Every worded text of the Japanese chart is Japanese; only tick values and "n = 5" stay as they are.
      for (const t of texts(ja)) expect(t, JSON.stringify(current)).toMatch(JAPANESE);
      expect(texts(en).length).toBe(texts(ja).length);
      const desc = (svg: TreeElement) => /<desc[^>]*>([^<]*)</.exec(toHtml(svg))![1]!;
      const figures = (t: string) => (t.match(/\d+(\.\d+)?/g) ?? []).sort();
      expect(figures(desc(ja)), JSON.stringify(current)).toEqual(figures(desc(en)));
      expect(chartHighlight(current, AVAILABILITY_JA.chart).desc).toBe(desc(ja));
    }
  });
});
