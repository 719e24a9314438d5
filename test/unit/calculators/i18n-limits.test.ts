import { describe, expect, it } from 'vitest';
import { hintOf, viewIn } from '../../../src/lib/calculators/calc.ts';
import { LIMIT_FIELDS, limitsCalc, limitsView } from '../../../src/lib/calculators/limits.ts';
import { LIMITS_JA } from '../../../src/lib/calculators/messages/limits.ts';
import { inlineText } from '../../../src/lib/calculators/result-doc.ts';
import { JAPANESE, digits, expectSameAnswer, expectSameRefusal } from '../../helpers/calc-language.ts';

const zero = Object.fromEntries(LIMIT_FIELDS.map(([k]) => [k, k === 'n' || k === 'c' ? '1' : '0']));
// Every branch: all zero, within, approaching, beyond with the envelope note, scaled and unscaled,
// the per-core rule, and an object past etcd's request limit.
const inputs: Record<string, string>[] = [
  { ...zero, sc: '1' },
  { ...zero, n: '1000', c: '16', p: '20000', sc: '1' },
  { ...zero, n: '1000', c: '4', pn: '40', p: '25000', ns: '1600', sc: '1' },
  { ...zero, n: '5000', c: '32', p: '160000', s: '9000', ev: '3000000', sc: '0' },
  { ...zero, n: '300', c: '8', os: '2000', ts: '1600', tq: '900', sc: '1' },
];

describe('the tested-limits calculator in Japanese', () => {
  it('answers with the same state, blocks, tones, sources and figures, in Japanese in every block', () => {
    for (const raw of inputs)
      expectSameAnswer(limitsCalc.compute(raw), limitsCalc.compute(raw, 'ja'), JSON.stringify(raw));
  });

  it('says every dimension with the same count, threshold, derivation and ratio', () => {
    for (const raw of inputs) {
      const rows = (lang: 'en' | 'ja') =>
        limitsCalc.compute(raw, lang).doc!.blocks.flatMap((b) => (b.kind === 'facts' ? b.rows : []));
      const en = rows('en');
      const ja = rows('ja');
      expect(ja.length).toBe(en.length);
      ja.forEach((r, i) => {
        expect(r.label).toMatch(JAPANESE);
        // "1 core" in English, 「1 コア」 in Japanese: the same figures either way.
        expect(digits(inlineText(r.value)), en[i]!.label).toEqual(digits(inlineText(en[i]!.value)));
      });
    }
  });

  it('refuses the same input, with Japanese messages that name the field, and still refuses "10.000"', () => {
    for (const bad of [{ n: '0' }, { p: '2.5' }, { ev: '10.000' }, { c: '2000' }, { tq: '' }]) {
      const input = { ...zero, sc: '1', ...bad };
      expectSameRefusal(limitsCalc.compute(input), limitsCalc.compute(input, 'ja'), LIMITS_JA.labels);
    }
    expect(limitsCalc.compute({ ...zero, sc: '1', ev: '10.000' }, 'ja').errors['ev']).toMatch(/2 通りに読めます/);
  });

  it('the form speaks Japanese with the same fields, and the hints keep their units', () => {
    const ja = viewIn(limitsView, 'ja');
    expect(ja.title).toBe(LIMITS_JA.title);
    expect(ja.fields.map((f) => f.key)).toEqual(limitsView.fields.map((f) => f.key));
    for (const f of ja.fields) expect(f.label, f.key).toMatch(JAPANESE);
    expect(
      hintOf(
        'limits',
        ja.fields.find((f) => f.key === 'os')!,
      ),
    ).toMatch(/ KiB。$/);
    expect(
      hintOf(
        'limits',
        limitsView.fields.find((f) => f.key === 'os')!,
      ),
    ).toMatch(/ KiB\.$/);
  });
});
