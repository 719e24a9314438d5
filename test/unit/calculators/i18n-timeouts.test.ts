import { describe, expect, it } from 'vitest';
import { hintOf, viewIn } from '../../../src/lib/calculators/calc.ts';
import { inlineText } from '../../../src/lib/calculators/result-doc.ts';
import { TIMEOUTS_EN, TIMEOUTS_JA } from '../../../src/lib/calculators/messages/timeouts.ts';
import { sayPhrase } from '../../../src/lib/calculators/phrase-words.ts';
import { timeoutsCalc, timeoutsView } from '../../../src/lib/calculators/timeouts.ts';
import { JAPANESE, digits, expectSameAnswer, expectSameRefusal } from '../../helpers/calc-language.ts';

const paras = (raw: Record<string, string>, lang: 'en' | 'ja') =>
  timeoutsCalc
    .compute(raw, lang)
    .doc!.blocks.flatMap((b) => (b.kind === 'para' ? [{ tone: b.tone, text: inlineText(b.content) }] : []));

describe('the timeouts calculator in Japanese', () => {
  // Each branch: defaults kept, 10 × round trip, 5 × heartbeat, no pair fits; the reader's pair
  // accepted, refused, truncated, advised against, and ruled out by the heartbeat band only.
  const inputs = [
    { rtt: '1', fs: '0', h: '100', e: '1000' },
    { rtt: '50', fs: '2', h: '100', e: '1050' },
    { rtt: '150', fs: '0', h: '150', e: '1500' },
    { rtt: '100', fs: '0', h: '100', e: '500' },
    { rtt: '10', fs: '0', h: '100', e: '100' },
    { rtt: '6000', fs: '0', h: '1000', e: '50001' },
    { rtt: '33.3', fs: '0.5', h: '10', e: '5' },
    { rtt: '4999', fs: '1', h: '1', e: '50000' },
  ];

  it('answers with the same state, blocks, tones, sources and figures, in Japanese in every block', () => {
    for (const raw of inputs)
      expectSameAnswer(timeoutsCalc.compute(raw), timeoutsCalc.compute(raw, 'ja'), JSON.stringify(raw));
  });

  it('says each paragraph with the same figures, and keeps flags and etcd’s message as they are', () => {
    for (const raw of inputs) {
      const en = paras(raw, 'en');
      const ja = paras(raw, 'ja');
      expect(ja.map((p) => p.tone)).toEqual(en.map((p) => p.tone));
      ja.forEach((p, i) => {
        // The English spells the tuning page's "twice" and "5 ×" in words the Japanese says as figures.
        const figures = (t: string) => digits(t.replace(/twice/g, '2'));
        expect(figures(p.text), `${JSON.stringify(raw)} #${i}`).toEqual(figures(en[i]!.text));
      });
      const refusal = timeoutsCalc
        .compute(raw, 'ja')
        .doc!.blocks.find((b) => b.kind === 'para' && b.tone === 'refusal');
      if (refusal)
        expect(inlineText(refusal.kind === 'para' ? refusal.content : [])).toMatch(/should be (at least|set less)/);
    }
  });

  it('words every way the tuning page’s rule can fail, and joins them as the language joins sentences', () => {
    const misses = [
      sayPhrase(TIMEOUTS_JA.docMiss, { key: 'heartbeatBand', band: [5, 15], defaultsNote: true }),
      sayPhrase(TIMEOUTS_JA.docMiss, { key: 'electionBelow', minMs: 100 }),
      sayPhrase(TIMEOUTS_JA.docMiss, { key: 'electionAbove', maxMs: 50_000 }),
    ];
    for (const m of misses) expect(m).toMatch(JAPANESE);
    expect(misses[0]).toContain('5 ms〜15 ms');
    expect(misses[0]).toContain('デフォルト');
    expect(sayPhrase(TIMEOUTS_EN.docMiss, { key: 'heartbeatBand', band: [5, 15], defaultsNote: false })).toBe(
      'heartbeat outside 5 ms–15 ms (0.5–1.5 × round trip)',
    );
    const doc = timeoutsCalc.compute({ rtt: '10', fs: '0', h: '100', e: '60000' }, 'ja').doc!;
    const rule = doc.blocks.flatMap((b) => (b.kind === 'facts' ? b.rows : [])).at(-1)!;
    expect(inlineText(rule.value).split(TIMEOUTS_JA.missGap)).toHaveLength(2);
  });

  it('refuses the same input, with Japanese messages that name the field, and still refuses "10.000"', () => {
    for (const raw of [
      { rtt: '', fs: '0', h: '100', e: '1000' },
      { rtt: '10.000', fs: '0', h: '100', e: '1000' },
      { rtt: '1', fs: 'x', h: '100', e: '1000' },
      { rtt: '1', fs: '0', h: '2.5', e: '1000' },
      { rtt: '1', fs: '0', h: '100', e: '-1' },
    ]) {
      expectSameRefusal(timeoutsCalc.compute(raw), timeoutsCalc.compute(raw, 'ja'), TIMEOUTS_JA.labels);
    }
    expect(timeoutsCalc.compute({ rtt: '10.000', fs: '0', h: '100', e: '1000' }, 'ja').errors['rtt']).toMatch(
      /2 通りに読めます/,
    );
  });

  it('the form speaks Japanese with the same fields', () => {
    const ja = viewIn(timeoutsView, 'ja');
    expect(ja.title).not.toBe(timeoutsView.title);
    expect(ja.fields.map((f) => f.key)).toEqual(timeoutsView.fields.map((f) => f.key));
    for (const f of ja.fields) {
      expect(f.label, f.key).toMatch(JAPANESE);
      expect(hintOf('timeouts', f), f.key).toMatch(JAPANESE);
    }
    expect(viewIn(timeoutsView, 'en')).toBe(timeoutsView);
  });
});
