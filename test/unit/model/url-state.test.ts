import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { decodeState, defaultState, encodeState, type StateSchema } from '../../../src/lib/model/url-state.ts';
import {
  CALCULATOR_PREFIX,
  CALCULATOR_SCHEMAS,
  decodeCalculator,
  type CalculatorId,
} from '../../../src/lib/model/calculator-state.ts';
import { HELP_TEXT_EXAMPLE } from '../../../src/lib/model/etcd-servers-overrides.ts';

const schema = {
  n: { kind: 'whole', min: 1, max: 99, default: 3 },
  p: { kind: 'decimal', min: 0, max: 1, default: 0.001 },
  xs: { kind: 'decimal-list', min: 0, max: 100, maxItems: 3, default: [1, 2] },
  mode: { kind: 'enum', values: ['a', 'b'], default: 'a' },
  on: { kind: 'bool', default: true },
  t: { kind: 'text', maxLength: 20, default: 'hi' },
} as const satisfies StateSchema;

describe('encodeState / decodeState', () => {
  it('round-trips a state and omits defaults', () => {
    const state = { n: 5, p: 0.25, xs: [3, 4.5], mode: 'b', on: false, t: '/events#x' };
    const params = encodeState(schema, state, 'c.');
    expect(params.toString()).toBe('c.n=5&c.p=0.25&c.xs=3%2C4.5&c.mode=b&c.on=0&c.t=%2Fevents%23x');
    expect(decodeState(schema, params, 'c.')).toEqual({ state, corrections: [] });
    expect(encodeState(schema, defaultState(schema)).toString()).toBe('');
  });

  it('clamps out-of-range numbers and replaces nonsense with defaults, reporting each', () => {
    const params = new URLSearchParams('n=500&p=-3&xs=1,abc,1e9,2,3&mode=evil&on=yes&t=<script>alert(1)</script>');
    const { state, corrections } = decodeState(schema, params);
    expect(state).toEqual({ n: 99, p: 0, xs: [1, 100, 2], mode: 'a', on: true, t: 'hi' });
    expect(corrections).toHaveLength(6);
    expect(corrections[0]).toBe('Link parameter "n" is above 99; using 99.');
  });

  it('a checkbox takes 1, 0, true or false, and a correction names all four', () => {
    for (const [raw, on] of [
      ['1', true],
      ['true', true],
      ['0', false],
      ['false', false],
    ] as const)
      expect(decodeState(schema, new URLSearchParams({ on: raw }))).toEqual({
        state: { ...defaultState(schema), on },
        corrections: [],
      });
    expect(decodeState(schema, new URLSearchParams('on=yes')).corrections).toEqual([
      'Link parameter "on" is not 1, 0, true or false; using the default.',
    ]);
  });

  it('the read-path explorer’s continue field keeps every old checkbox link: 1/0 and true/false', () => {
    expect(decodeCalculator('readPath', new URLSearchParams('p.cont=1')).state.cont).toBe('1');
    expect(decodeCalculator('readPath', new URLSearchParams('p.cont=latest')).state.cont).toBe('latest');
    for (const [old, kind] of [
      ['true', '1'],
      ['false', '0'],
    ] as const) {
      const t = decodeCalculator('readPath', new URLSearchParams(`p.cont=${old}`));
      expect(t.state.cont).toBe(kind);
      expect(t.corrections).toEqual([]);
    }
    // Every alias of every calculator names one of its field's values.
    for (const schema of Object.values(CALCULATOR_SCHEMAS))
      for (const spec of Object.values(schema))
        if (spec.kind === 'enum') for (const to of Object.values(spec.aliases ?? {})) expect(spec.values).toContain(to);
    const bad = decodeCalculator('readPath', new URLSearchParams('p.cont=yes'));
    expect(bad.state.cont).toBe('0');
    expect(bad.corrections).toEqual(['Link parameter "p.cont" is not one of the allowed values; using the default.']);
  });

  it.each(['NaN', 'Infinity', '-Infinity', '1e999', '2.5', '0x10', '3,5', '', ' '])(
    'n=%j gives a finite whole number',
    (raw) => {
      const { state } = decodeState(schema, new URLSearchParams({ n: raw }));
      expect(Number.isInteger(state.n)).toBe(true);
      expect(state.n).toBeGreaterThanOrEqual(1);
      expect(state.n).toBeLessThanOrEqual(99);
    },
  );

  it('never returns markup, control characters or out-of-schema values from hostile params (property)', () => {
    const hostile = fc.oneof(
      fc.string(),
      fc.constantFrom('<img src=x onerror=alert(1)>', 'javascript:alert(1)', '\u0000', 'NaN', '1e308', '-0', '"><svg>'),
    );
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom('n', 'p', 'xs', 'mode', 'on', 't', 'zz'), hostile), (dict) => {
        const { state } = decodeState(schema, new URLSearchParams(dict));
        expect(Number.isInteger(state.n) && state.n >= 1 && state.n <= 99).toBe(true);
        expect(Number.isFinite(state.p) && state.p >= 0 && state.p <= 1).toBe(true);
        expect(state.xs.length).toBeLessThanOrEqual(3);
        for (const x of state.xs) expect(Number.isFinite(x) && x >= 0 && x <= 100).toBe(true);
        expect(['a', 'b']).toContain(state.mode);
        expect(typeof state.on).toBe('boolean');
        // eslint-disable-next-line no-control-regex -- matching control characters is the point
        expect(state.t).not.toMatch(/[<>`\u0000-\u001f]/);
        expect(state.t.length).toBeLessThanOrEqual(20);
      }),
    );
  });
});

describe('clamping huge numbers', () => {
  it('clamps a huge whole number written in exponent form, and still refuses a fraction', () => {
    expect(decodeCalculator('quorum', new URLSearchParams('q.n=1e20'))).toMatchObject({
      state: { n: 99 },
      corrections: ['Link parameter "q.n" is above 99; using 99.'],
    });
    expect(decodeCalculator('quorum', new URLSearchParams('q.n=2.5')).state.n).toBe(3);
  });
});

describe('calculator schemas', () => {
  it('decode an empty query to the defaults of every calculator', () => {
    for (const id of Object.keys(CALCULATOR_SCHEMAS) as CalculatorId[]) {
      expect(decodeCalculator(id, new URLSearchParams()).corrections).toEqual([]);
    }
    expect(decodeCalculator('overrides', new URLSearchParams()).state.v).toBe(HELP_TEXT_EXAMPLE);
  });

  it('use distinct prefixes', () => {
    const prefixes = Object.values(CALCULATOR_PREFIX);
    expect(new Set(prefixes).size).toBe(prefixes.length);
  });

  it('clamp members stopped to members', () => {
    const d = decodeCalculator('quorum', new URLSearchParams('q.n=3&q.k=7'));
    expect(d.state).toEqual({ n: 3, k: 3 });
    expect(d.corrections).toEqual(['Link parameter "q.k" exceeds the 3 members; using 3.']);
  });

  it('keep failures + stopped within 49 for the maintenance calculator', () => {
    expect(decodeCalculator('maintenance', new URLSearchParams('m.f=40&m.k=40')).state).toEqual({ f: 40, k: 9 });
  });

  it('accept only digits for the read-path resourceVersion', () => {
    expect(decodeCalculator('readPath', new URLSearchParams('p.rv=123&p.verb=GET')).state).toMatchObject({
      rv: '123',
      verb: 'GET',
    });
    // Printable text is kept (the explorer answers with upstream's 400); markup and control characters are not.
    expect(decodeCalculator('readPath', new URLSearchParams('p.rv=abc')).state.rv).toBe('abc');
    expect(decodeCalculator('readPath', new URLSearchParams('p.rv=1%0A2')).state.rv).toBe('');
    expect(decodeCalculator('readPath', new URLSearchParams('p.rv=<b>')).state.rv).toBe('');
    // A pasted multi-line flag value survives a link; other control characters do not.
    const two = '/pods#https://a:2379\r\n/events#https://b:2379';
    expect(decodeCalculator('overrides', new URLSearchParams({ 'o.v': two })).state.v).toBe(two);
    expect(decodeCalculator('overrides', new URLSearchParams({ 'o.v': 'a\u0000b' })).corrections).toHaveLength(1);
  });

  it('round-trip a state through the URL', () => {
    const state = { ...decodeCalculator('availability', new URLSearchParams()).state, n: 5, p: 0.02, mode: 'mtbf' };
    const params = encodeState(CALCULATOR_SCHEMAS.availability, state, CALCULATOR_PREFIX.availability);
    expect(decodeCalculator('availability', new URLSearchParams(params.toString())).state).toEqual(state);
  });
});
