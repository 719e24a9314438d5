/**
 * What the calculators' language tests compare between an English and a Japanese answer of the
 * same input (test/unit/calculators/i18n*.test.ts): the figures and the shape must agree, only the
 * words may differ.
 */
import { expect } from 'vitest';
import type { Outcome } from '../../src/lib/calculators/calc.ts';
import { inlineText, type ResultDoc } from '../../src/lib/calculators/result-doc.ts';

/** Any kana or kanji: the text is Japanese. */
export const JAPANESE = /[\u3040-\u30ff\u4e00-\u9fff]/;

/** The runs of digits in a text, sorted: the figures it says, whatever the word order. */
export const digits = (s: string): string[] => (s.match(/\d+/g) ?? []).sort();

/** Each block's kind, with a paragraph's tone in its place: the answer's shape. */
export const tones = (d: ResultDoc | null): string[] => d!.blocks.map((b) => (b.kind === 'para' ? b.tone : b.kind));

/** The value of every result figure, as text. */
export const factValues = (d: ResultDoc | null): string[] =>
  d!.blocks.flatMap((b) => (b.kind === 'facts' ? b.rows.map((r) => inlineText(r.value)) : []));

/** The values of every result figure in one text. */
export const factText = (d: ResultDoc | null): string => factValues(d).join(' ');

/**
 * Asserts that a calculator's Japanese answer is its English answer in other words: no errors,
 * the same state, block kinds, tones and sources, the same figures in its facts, and Japanese in
 * every paragraph, every fact label and the rule.
 * @param label - names the input in failure messages.
 */
export function expectSameAnswer(en: Outcome, ja: Outcome, label: string): void {
  expect(ja.errors, label).toEqual({});
  expect(ja.state, label).toEqual(en.state);
  expect([en.doc!.lang, ja.doc!.lang], label).toEqual(['en', 'ja']);
  expect(tones(ja.doc), label).toEqual(tones(en.doc));
  expect(ja.doc!.sources, label).toEqual(en.doc!.sources);
  for (const b of ja.doc!.blocks) {
    if (b.kind === 'para') expect(inlineText(b.content), label).toMatch(JAPANESE);
    if (b.kind === 'facts') for (const r of b.rows) expect(r.label, label).toMatch(JAPANESE);
  }
  expect(ja.doc!.rule, label).toMatch(JAPANESE);
  expect(digits(factText(ja.doc)), label).toEqual(digits(factText(en.doc)));
}

/**
 * Asserts that a calculator refuses an input in Japanese exactly where it refuses it in English:
 * no state, errors on the same fields, and each Japanese message in Japanese, starting with the
 * field's Japanese label (`labels[key]`).
 */
export function expectSameRefusal(en: Outcome, ja: Outcome, labels: Readonly<Record<string, string>>): void {
  expect(ja.state).toBeNull();
  expect(Object.keys(ja.errors)).toEqual(Object.keys(en.errors));
  for (const [key, message] of Object.entries(ja.errors)) {
    expect(message, key).toMatch(JAPANESE);
    expect(message.startsWith(labels[key]!), key).toBe(true);
  }
}
