import { describe, expect, it } from 'vitest';
import { hintOf, viewIn } from '../../../src/lib/calculators/calc.ts';
import { apfCalc, apfView } from '../../../src/lib/calculators/apf.ts';
import { APF_EN, APF_JA } from '../../../src/lib/calculators/messages/apf.ts';
import { inlineText } from '../../../src/lib/calculators/result-doc.ts';
import { BOOTSTRAP_LEVELS } from '../../../src/lib/model/apf.ts';
import { JAPANESE, digits, expectSameAnswer } from '../../helpers/calc-language.ts';

// No level picked, then each level: exempt, the rejecting catch-all, and the queuing ones.
const inputs = ['', ...BOOTSTRAP_LEVELS.map((l) => l.name)].flatMap((pl) => [
  { r: '3', mri: '400', mmri: '200', pl },
  { r: '1', mri: '3000', mmri: '1000', pl },
]);

describe('the API Priority and Fairness calculator in Japanese', () => {
  it('answers with the same state, blocks, tones, sources and figures, in Japanese in every block', () => {
    for (const raw of inputs) expectSameAnswer(apfCalc.compute(raw), apfCalc.compute(raw, 'ja'), JSON.stringify(raw));
  });

  it('says a picked level with the same figures, and names who lands there in both languages', () => {
    for (const raw of inputs.filter((i) => i.pl !== '')) {
      const lead = (lang: 'en' | 'ja') => {
        const b = apfCalc.compute(raw, lang).doc!.blocks.find((x) => x.kind === 'para' && x.tone === 'lead');
        return b && b.kind === 'para' ? inlineText(b.content) : '';
      };
      expect(lead('ja'), raw.pl).toMatch(JAPANESE);
      expect(lead('ja'), raw.pl).toContain(APF_JA.who[raw.pl as keyof typeof APF_JA.who]);
      expect(lead('en'), raw.pl).toContain(APF_EN.who[raw.pl as keyof typeof APF_EN.who]);
      // The English spells "one flow" and "One LIST" where the Japanese writes 「1 つ」.
      expect(digits(lead('ja')), raw.pl).toEqual(digits(lead('en').replace(/\bone\b/gi, '1')));
    }
    // Every bootstrap level has its words in each language.
    for (const l of BOOTSTRAP_LEVELS) for (const w of [APF_EN, APF_JA]) expect(w.who[l.name]).toBeTruthy();
  });

  it('refuses the same input, with Japanese messages, flags that add up to 0 included', () => {
    for (const bad of [{ r: '0' }, { mri: '2.5' }, { mmri: '10.000' }, { mri: '0', mmri: '0' }]) {
      const input = { r: '3', mri: '400', mmri: '200', pl: '', ...bad };
      const en = apfCalc.compute(input);
      const ja = apfCalc.compute(input, 'ja');
      expect(ja.state).toBeNull();
      expect(Object.keys(ja.errors)).toEqual(Object.keys(en.errors));
      for (const message of Object.values(ja.errors)) expect(message).toMatch(JAPANESE);
    }
    expect(apfCalc.compute({ r: '3', mri: '0', mmri: '0', pl: '' }, 'ja').errors['mmri']).toBe(APF_JA.zeroSum);
  });

  it('the form speaks Japanese with the same fields and options', () => {
    const ja = viewIn(apfView, 'ja');
    expect(ja.title).not.toBe(apfView.title);
    expect(ja.fields.map((f) => f.key)).toEqual(apfView.fields.map((f) => f.key));
    expect(ja.fields.find((f) => f.key === 'pl')!.options!.map(([v]) => v)).toEqual(
      apfView.fields.find((f) => f.key === 'pl')!.options!.map(([v]) => v),
    );
    expect(
      hintOf(
        'apf',
        ja.fields.find((f) => f.key === 'mri')!,
      ),
    ).toMatch(/デフォルトは 400。$/);
  });
});
