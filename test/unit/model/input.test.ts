import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  checkStoppedWithinMembers,
  parseDecimal,
  parseFraction,
  parseWholeNumber,
  spellNumber,
  type NumberRule,
  type Parsed,
} from '../../../src/lib/model/input.ts';

const members = { min: 1, max: 99, label: 'Members' };

describe('parseWholeNumber', () => {
  it.each([
    ['3', 3],
    [' 5 ', 5],
    ['+7', 7],
    ['5.0', 5],
    ['1e1', 10],
    ['099', 99],
  ])('accepts %j as %d', (text, value) => {
    expect(parseWholeNumber(text, members)).toEqual({ ok: true, value });
  });

  it.each([
    ['', /Members is empty/],
    ['   ', /Members is empty/],
    ['-1', /cannot be negative/],
    ['-0.5', /cannot be negative/],
    ['2.5', /must be a whole number/],
    ['0', /at least 1/],
    ['100', /at most 99/],
    ['abc', /is not a number/],
    ['3a', /is not a number/],
    ['NaN', /is not a number/],
    ['Infinity', /is not a number/],
    ['1e400', /too large/],
    ['0x10', /is not a number/],
    [
      '1,000',
      /^Members: "1,000" is ambiguous — write "1000" if the comma separates thousands, or "1" if it is a decimal comma\.$/,
    ],
    [
      '1.000',
      /^Members: "1\.000" is ambiguous — write "1000" if the point separates thousands, or "1" if it is a decimal point\.$/,
    ],
    ['1.500', /^Members: leave out the thousands separator — write "1500"\.$/],
    ['1,000,000', /leave out the thousands separator — write "1000000"/],
    ['1.000.000', /leave out the thousands separator — write "1000000"/],
    ['10\u202f000', /leave out the thousands separator — write "10000"/],
    ["10'000", /leave out the thousands separator — write "10000"/],
    ['0,001', /"0,001" is not a whole number/],
    // A whole-number field has no use for a decimal point, so it does not suggest one.
    ['2,5', /must be a whole number from 1 to 99; "2,5" is not a whole number/],
    ['9'.repeat(100), /too long/],
  ])('rejects %j', (text, message) => {
    const r = parseWholeNumber(text, members);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatch(message);
  });
});

describe('parseDecimal and parseFraction', () => {
  it('suggests a decimal point for a decimal comma', () => {
    expect(parseFraction('0,5', 'p')).toEqual({ ok: false, error: 'p: use a decimal point — write "0.5", not "0,5".' });
  });
  it('reads "1,000" in a decimal field as ambiguous and "1,000,000" as thousands, never as 1.000', () => {
    const rule = { min: 0, max: 1e9, label: 'Writes per second' };
    expect(parseDecimal('1,000', rule)).toEqual({
      ok: false,
      error:
        'Writes per second: "1,000" is ambiguous — write "1000" if the comma separates thousands, or "1" if it is a decimal comma.',
    });
    expect(parseDecimal('1,000,000', rule)).toEqual({
      ok: false,
      error: 'Writes per second: leave out the thousands separator — write "1000000".',
    });
  });
  it('refuses a point before three digits as ambiguous, and suggests only spellings it accepts', () => {
    const rule = { min: 0, max: 1e9, label: 'Writes per second' };
    expect(parseDecimal('10.000', rule)).toEqual({
      ok: false,
      error:
        'Writes per second: "10.000" is ambiguous — write "10000" if the point separates thousands, or "10" if it is a decimal point.',
    });
    // 1.125 as a decimal needs a spelling that is not a thousands group.
    expect(parseDecimal('1.125', rule)).toMatchObject({
      ok: false,
      error: expect.stringContaining('or "1.1250" if it is a decimal point'),
    });
    expect(parseDecimal('1.1250', rule)).toEqual({ ok: true, value: 1.125 });
    expect(parseDecimal('0.125', rule)).toEqual({ ok: true, value: 0.125 });
    expect(parseDecimal('1000.125', rule)).toEqual({ ok: true, value: 1000.125 });
    expect(parseDecimal('10.000,5', rule)).toEqual({
      ok: false,
      error: 'Writes per second: leave out the thousands separator — write "10000.5".',
    });
    expect(parseDecimal('1,234.5', rule)).toEqual({
      ok: false,
      error: 'Writes per second: leave out the thousands separator — write "1234.5".',
    });
  });
  it('reads "0,001" as a decimal comma (a thousands group never starts with 0) and says to write 0.001', () => {
    expect(parseDecimal('0,001', { min: 0, max: 1, label: 'p' })).toEqual({
      ok: false,
      error: 'p: use a decimal point — write "0.001", not "0,001".',
    });
    expect(parseFraction('0,1%', 'p')).toEqual({
      ok: false,
      error: 'p (percent): use a decimal point — write "0.1%", not "0,1%".',
    });
  });
  it('accepts scientific notation and percent', () => {
    expect(parseFraction('1e-4', 'p')).toEqual({ ok: true, value: 1e-4 });
    expect(parseFraction('0.1%', 'p')).toEqual({ ok: true, value: 0.001 });
    expect(parseFraction('.5', 'p')).toEqual({ ok: true, value: 0.5 });
  });
  it('rejects out-of-range fractions', () => {
    expect(parseFraction('1.5', 'p').ok).toBe(false);
    expect(parseFraction('-0.1', 'p')).toMatchObject({ ok: false, error: expect.stringMatching(/cannot be negative/) });
    expect(parseFraction('150%', 'p').ok).toBe(false);
  });
  it('normalises -0 to 0', () => {
    expect(parseDecimal('-0', { min: 0, max: 1, label: 'x' })).toEqual({ ok: true, value: 0 });
    expect(Object.is((parseDecimal('-0', { min: 0, max: 1, label: 'x' }) as { value: number }).value, 0)).toBe(true);
  });
});

describe('numbers written in any locale: accepted with their value or refused, never misread (property)', () => {
  const LOCALES = [
    'en-US',
    'en-GB',
    'en-IN',
    'de-DE',
    'de-CH',
    'fr-FR',
    'es-ES',
    'it-IT',
    'nl-NL',
    'pt-BR',
    'pl-PL',
    'sv-SE',
    'ru-RU',
    'ja-JP',
  ];
  const wide: NumberRule = { min: -1e12, max: 1e12, label: 'x' };
  const value = fc.oneof(
    fc.integer({ min: 0, max: 1e9 }),
    fc.integer({ min: 0, max: 1e9 }).chain((i) => fc.integer({ min: 0, max: 999 }).map((f) => i + f / 1000)),
    fc.double({ min: 0, max: 1e6, noNaN: true }),
  );
  it('for every locale\u2019s grouped and ungrouped spelling', () => {
    fc.assert(
      fc.property(value, fc.constantFrom(...LOCALES), fc.boolean(), (x, locale, useGrouping) => {
        const text = new Intl.NumberFormat(locale, { useGrouping, maximumFractionDigits: 3 }).format(x);
        const shown = Number(
          new Intl.NumberFormat('en-US', { useGrouping: false, maximumFractionDigits: 3 }).format(x),
        );
        for (const r of [parseDecimal(text, wide), parseWholeNumber(text, wide)]) {
          if (r.ok) expect(r.value, `${locale} ${JSON.stringify(text)}`).toBe(shown);
          else expect(r.error.length).toBeGreaterThan(10);
        }
      }),
      { numRuns: 3000 },
    );
  });
  const quoted = (error: string): string[] =>
    [...error.matchAll(/write "([^"]*)"/g), ...error.matchAll(/or "([^"]*)" if/g)].map((m) => m[1]!);
  it('every spelling a message suggests is accepted, as one of the readings of what was typed', () => {
    const sample = parseDecimal('1.500', wide);
    expect(!sample.ok && quoted(sample.error)).toEqual(['1500', '1.5']);
    const grouped = fc
      .tuple(
        fc.integer({ min: 1, max: 999 }),
        fc.array(fc.integer({ min: 0, max: 999 }), { minLength: 1, maxLength: 3 }),
        fc.constantFrom('.', ',', ' ', '\u202f', "'"),
        fc.option(fc.stringMatching(/^[.,]\d{1,3}$/)),
      )
      .map(
        ([head, groups, sep, frac]) =>
          `${head}${groups.map((g) => sep + String(g).padStart(3, '0')).join('')}${frac ?? ''}`,
      );
    fc.assert(
      fc.property(fc.oneof(grouped, fc.stringMatching(/^\d{1,4},\d{1,4}$/)), fc.boolean(), (text, isWhole) => {
        const r: Parsed<number> = isWhole ? parseWholeNumber(text, wide) : parseDecimal(text, wide);
        if (r.ok) return;
        const suggestions = quoted(r.error);
        for (const s of suggestions) {
          const again = isWhole ? parseWholeNumber(s, wide) : parseDecimal(s, wide);
          // Accepted, or refused only for the field's range, never for how it is written.
          if (!again.ok)
            expect(again.error, `${JSON.stringify(text)} → ${s}`).toMatch(
              /must be at most|must be at least|cannot be negative/,
            );
        }
      }),
      { numRuns: 2000 },
    );
  });
  it('spellNumber writes every number so that it is read back exactly', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.double({ min: -1e12, max: 1e12, noNaN: true }),
          fc.integer({ min: 1, max: 999_999 }).map((n) => n / 1000),
        ),
        (x) => {
          expect(parseDecimal(spellNumber(x), wide)).toEqual({ ok: true, value: x === 0 ? 0 : x });
        },
      ),
      { numRuns: 3000 },
    );
    expect(spellNumber(1.125)).toBe('1.1250');
    expect(spellNumber(0.125)).toBe('0.125');
    expect(spellNumber(1000)).toBe('1000');
  });
});

describe('checkStoppedWithinMembers', () => {
  it('rejects k > n with a message naming both', () => {
    expect(checkStoppedWithinMembers(4, 3)).toEqual({
      ok: false,
      error: 'Members stopped (4) cannot exceed the 3 configured members.',
    });
    expect(checkStoppedWithinMembers(3, 3)).toEqual({ ok: true, value: 3 });
  });
});

describe('parsers never return NaN or Infinity (property)', () => {
  const rule = { min: -1e6, max: 1e6, label: 'x' };
  it('for arbitrary strings', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.double().map(String),
          fc.constantFrom('NaN', 'Infinity', '-Infinity', '1e999', '-1e999', '0x1', ' '),
        ),
        (text) => {
          for (const r of [parseWholeNumber(text, rule), parseDecimal(text, rule), parseFraction(text, 'p')]) {
            if (r.ok) {
              expect(Number.isFinite(r.value)).toBe(true);
            } else {
              expect(r.error.length).toBeGreaterThan(0);
            }
          }
        },
      ),
      { numRuns: 2000 },
    );
  });
  it('round-trips every in-range integer', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 99 }), (n) => {
        expect(parseWholeNumber(String(n), members)).toEqual({ ok: true, value: n });
      }),
    );
  });
  it('accepted whole numbers are integers within bounds', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const r = parseWholeNumber(text, members);
        if (r.ok) expect(Number.isInteger(r.value) && r.value >= 1 && r.value <= 99).toBe(true);
      }),
    );
  });
});
