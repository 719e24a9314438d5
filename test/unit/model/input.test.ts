import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { checkStoppedWithinMembers, parseDecimal, parseFraction, parseWholeNumber } from '../../../src/lib/model/input.ts';

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
    ['1,000', /thousands separator — write "1000"/],
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
    expect(parseDecimal('1,000', rule)).toEqual({ ok: false, error: 'Writes per second: "1,000" is ambiguous — write "1000" if the comma separates thousands, or "1.000" if it is a decimal comma.' });
    expect(parseDecimal('1,000,000', rule)).toEqual({ ok: false, error: 'Writes per second: leave out the thousands separator — write "1000000".' });
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

describe('checkStoppedWithinMembers', () => {
  it('rejects k > n with a message naming both', () => {
    expect(checkStoppedWithinMembers(4, 3)).toEqual({ ok: false, error: 'Members stopped (4) cannot exceed the 3 configured members.' });
    expect(checkStoppedWithinMembers(3, 3)).toEqual({ ok: true, value: 3 });
  });
});

describe('parsers never return NaN or Infinity (property)', () => {
  const rule = { min: -1e6, max: 1e6, label: 'x' };
  it('for arbitrary strings', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.double().map(String), fc.constantFrom('NaN', 'Infinity', '-Infinity', '1e999', '-1e999', '0x1', ' ')), (text) => {
        for (const r of [parseWholeNumber(text, rule), parseDecimal(text, rule), parseFraction(text, 'p')]) {
          if (r.ok) {
            expect(Number.isFinite(r.value)).toBe(true);
          } else {
            expect(r.error.length).toBeGreaterThan(0);
          }
        }
      }),
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
