import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { h, textOf, toHtml } from '../../src/lib/calculators/tree.ts';
import { severeNotes } from '../../src/lib/calculators/result-doc.ts';
import { availabilityChart, CHART_HEIGHT, CHART_WIDTH } from '../../src/lib/calculators/chart.ts';
import {
  CHART_MARGIN,
  CHART_P,
  CHART_X_RANGE,
  CHART_Y,
  CHART_Y_RANGE,
  chartHighlight,
  chartPath,
  chartX,
  chartY,
} from '../../src/lib/calculators/chart-live.ts';
import { decadeTicks, linePath, logScale } from '../../src/lib/calculators/log-scale.ts';
import { lostQuorumSeries } from '../../src/lib/model/availability.ts';
import { refLink, useSourceLinks } from '../../src/lib/calculators/ref-link.ts';
import { calcWords } from '../../src/lib/calculators/calc-words.ts';
import * as SOURCES from '../../src/lib/model/sources.ts';
import { parseCitationRef } from '../../src/lib/citations/ref.ts';
import { fmtBytes, fmtProb, fmtProbLog10, ordinal, powerOfTen } from '../../src/lib/calculators/format.ts';
import {
  hintOf,
  rangeText,
  whole,
  type CalcDef,
  type CalcView,
  type FieldDef,
  type Outcome,
  type Raw,
} from '../../src/lib/calculators/calc.ts';
import { CALCULATORS, loadCalculator, renderCalculator } from '../../src/lib/calculators/registry.ts';
import { quorumCalc, quorumView, evenCountNote } from '../../src/lib/calculators/quorum.ts';
import { availabilityCalc, availabilityView, fmtMinutes } from '../../src/lib/calculators/availability.ts';
import { writePathCalc, writePathView, parseMsList } from '../../src/lib/calculators/write-path.ts';
import { apiserverCalc, apiserverView } from '../../src/lib/calculators/apiserver.ts';
import { stackedEtcdNote, upgradeCalc, upgradeView } from '../../src/lib/calculators/upgrade.ts';
import { maintenanceCalc, maintenanceView } from '../../src/lib/calculators/maintenance.ts';
import { topologyCalc, topologyView } from '../../src/lib/calculators/topology.ts';
import {
  buildFromRows,
  builtFlagTree,
  overridesCalc,
  overridesView,
  rowsFromValue,
  type RowText,
} from '../../src/lib/calculators/overrides.ts';
import { readPathCalc, readPathView } from '../../src/lib/calculators/read-path.ts';
import { timeoutsCalc, timeoutsView } from '../../src/lib/calculators/timeouts.ts';
import { hardwareCalc, hardwareView } from '../../src/lib/calculators/hardware.ts';
import { dbSizeCalc, dbSizeView } from '../../src/lib/calculators/db-size.ts';
import { limitsCalc, limitsView } from '../../src/lib/calculators/limits.ts';
import { apfCalc, apfView } from '../../src/lib/calculators/apf.ts';
import { membershipCalc, membershipView } from '../../src/lib/calculators/membership.ts';
import { planCalc, planView } from '../../src/lib/calculators/plan.ts';
import {
  CALCULATOR_PREFIX,
  CALCULATOR_SCHEMAS,
  decodeCalculator,
  numberSpec,
  type CalculatorId,
  type CalculatorState,
} from '../../src/lib/model/calculator-state.ts';
import {
  defaultState,
  encodeState,
  type FieldSpec,
  type StateOf,
  type StateSchema,
} from '../../src/lib/model/url-state.ts';
import { tolerance } from '../../src/lib/model/quorum.ts';

/**
 * A calculator seen through string keys, as the form and the URL see it, so that one test can loop
 * over all of them; each definition is typed by its own schema (see the type checks below).
 */
interface LooseCalc {
  id: CalculatorId;
  showWhen?: Readonly<Record<string, ((raw: Readonly<Raw>) => boolean) | undefined>>;
  toRaw(state: Readonly<Record<string, unknown>>): Record<string, string>;
  compute(raw: Readonly<Raw>): Outcome;
}
interface LooseView {
  title: string;
  fields: readonly FieldDef[];
}
const loose = <Id extends CalculatorId>(d: CalcDef<Id>): LooseCalc => d;
const PAIRS: [LooseCalc, LooseView][] = [
  [loose(quorumCalc), quorumView],
  [loose(availabilityCalc), availabilityView],
  [loose(writePathCalc), writePathView],
  [loose(apiserverCalc), apiserverView],
  [loose(upgradeCalc), upgradeView],
  [loose(maintenanceCalc), maintenanceView],
  [loose(topologyCalc), topologyView],
  [loose(overridesCalc), overridesView],
  [loose(readPathCalc), readPathView],
  [loose(timeoutsCalc), timeoutsView],
  [loose(hardwareCalc), hardwareView],
  [loose(dbSizeCalc), dbSizeView],
  [loose(limitsCalc), limitsView],
  [loose(apfCalc), apfView],
  [loose(membershipCalc), membershipView],
  [loose(planCalc), planView],
];
const ALL: LooseCalc[] = PAIRS.map(([d]) => d);
/**
 * Numeric fields whose hint says something else than the schema's range: a unit, an example, what 0
 * means, or a tighter bound that depends on another field ("0 to n").
 */
const HINTS_WITHOUT_RANGE = new Set([
  'quorum.k',
  'availability.k',
  'availability.p',
  'availability.mtbf',
  'availability.mttr',
  'writePath.w',
  'writePath.b',
  'writePath.lf',
  'readPath.limit',
  'readPath.cur',
]);
const defaults = (d: LooseCalc) => d.toRaw(defaultState(CALCULATOR_SCHEMAS[d.id]) as Record<string, unknown>);

describe('tree', () => {
  it('escapes text and attribute values, so user text never becomes markup', () => {
    const t = h('p', { title: '"><img src=x onerror=alert(1)>' }, '<script>alert(1)</script> & more');
    const html = toHtml(t);
    expect(html).toBe(
      '<p title="&quot;&gt;&lt;img src=x onerror=alert(1)&gt;">&lt;script&gt;alert(1)&lt;/script&gt; &amp; more</p>',
    );
    expect(textOf(t)).toBe('<script>alert(1)</script> & more');
  });
  it('drops skipped children and writes void elements without a closing tag', () => {
    expect(toHtml(h('div', {}, null, false, undefined, h('input', { value: 'a' }), 'x'))).toBe(
      '<div><input value="a">x</div>',
    );
  });
});

describe('format', () => {
  it('formats probabilities, powers of ten, bytes and minutes without NaN or Infinity', () => {
    expect(fmtProb(0)).toBe('0');
    expect(fmtProb(0.0297)).toBe('0.0297');
    expect(fmtProb(2.997e-6)).toBe('3.0 × 10⁻⁶');
    expect(powerOfTen(-16)).toBe('10⁻¹⁶');
    expect(fmtBytes(61_440_000)).toBe('58.59 MiB');
    expect(fmtBytes(512)).toBe('512 bytes');
    expect(fmtMinutes(1e-9)).toBe('1.0 × 10⁻⁹ min');
    expect(fmtMinutes(0)).toBe('0 min');
    expect(fmtProbLog10(Math.log10(2.997e-6))).toBe('3.0 × 10⁻⁶');
    expect(fmtProbLog10(-599.52)).toBe('3.0 × 10⁻⁶⁰⁰');
    expect(fmtProbLog10(Math.log10(9.99e-5))).toBe('1.0 × 10⁻⁴');
  });

  it('shows a probability near 1 by its distance from 1, never as floating-point noise', () => {
    expect(fmtProb(0.9999999999999999)).toBe('1 − 1.1 × 10⁻¹⁶');
    expect(fmtProb(0.9999999999999999, null, 0)).toBe('1');
    expect(fmtProb(1, null, 1e-20)).toBe('1 − 1.0 × 10⁻²⁰');
    expect(fmtProb(1)).toBe('1');
    expect(fmtProb(0.9996)).toBe('1 − 4.0 × 10⁻⁴');
    expect(fmtProb(0.999)).toBe('0.999');
    expect(fmtProb(0.5)).toBe('0.5');
  });

  // Every number a result shows: no run of digits that only floating-point rounding produces.
  const NOISE = /\d\.\d*(?:0{6,}[1-9]|9{6,})\d*|\d{17,}/;
  it('availability: 4 members with 2 stopped have certainly lost quorum ("1"), never 0.9999999999999999', () => {
    const out = availabilityCalc.compute({ ...defaults(availabilityCalc), p: '0.01', n: '4', k: '2' });
    const text = textOf(out.result);
    expect(text).toContain('P(lost quorum)1Nines');
    expect(text).not.toMatch(NOISE);
    const chart = chartHighlight({ n: 4, k: 2, p: 0.01 }).desc;
    expect(chart).toContain('P(lost quorum) = 1.');
  });

  it('no calculator result shows floating-point noise, for any valid input (property)', () => {
    const num = fc.oneof(
      fc.integer({ min: 0, max: 100_000 }).map(String),
      fc.double({ min: 0, max: 1000, noNaN: true }).map((v) => String(Number(v.toPrecision(4)))),
      fc.constantFrom('0.1', '0.2', '0.3', '0.7', '1e-9', '0.9999', '0.999999'),
    );
    const members = fc.integer({ min: 1, max: 99 }).map(String);
    const cases: [LooseCalc, fc.Arbitrary<Record<string, string>>][] = [
      [
        availabilityCalc,
        fc.record({
          p: fc.oneof(
            fc.double({ min: 0, max: 1, noNaN: true }).map(String),
            fc.constantFrom('0.01', '0.1', '0.3', '0.999'),
          ),
          n: members,
          k: fc.integer({ min: 0, max: 99 }).map(String),
        }),
      ],
      [
        availabilityCalc,
        fc.record({
          mode: fc.constant('mtbf'),
          mtbf: num,
          mttr: num,
          n: members,
          k: fc.integer({ min: 0, max: 3 }).map(String),
        }),
      ],
      [
        writePathCalc,
        fc.record({
          w: num,
          b: num,
          n: fc.integer({ min: 1, max: 9 }).map(String),
          lf: num,
          rtt: fc.array(num, { minLength: 1, maxLength: 3 }).map((a) => a.join(' ')),
          fs: num,
        }),
      ],
    ];
    for (const [d, arb] of cases) {
      fc.assert(
        fc.property(arb, (raw) => {
          const out = d.compute({ ...defaults(d), ...raw });
          if (out.state === null) return;
          expect(textOf(out.result), JSON.stringify(raw)).not.toMatch(NOISE);
        }),
        { numRuns: 400 },
      );
    }
  });

  it('availability: a P(lost quorum) below what a double holds is shown from its logarithm, matching the nines', () => {
    const text = textOf(availabilityCalc.compute({ ...defaults(availabilityCalc), p: '1e-300' }).result);
    expect(text).toMatch(/P\(lost quorum\)3\.0 × 10⁻⁶⁰⁰/);
    expect(text).toContain('599.52');
  });
});

describe('availability chart', () => {
  it('returns an SVG with title, desc, four series, log-decade ticks and axis labels', () => {
    const svg = toHtml(availabilityChart(null));
    expect(svg).toMatch(
      new RegExp(
        `^<svg class="chart" viewBox="0 0 ${CHART_WIDTH} ${CHART_HEIGHT}" role="img" aria-labelledby="a-chart-title a-chart-desc"`,
      ),
    );
    expect(svg).toContain('<title id="a-chart-title">');
    expect(svg).toContain('<desc id="a-chart-desc">');
    expect([...svg.matchAll(/<path d="M[^"]+" data-members="(\d)"/g)].map((m) => m[1])).toEqual(['1', '3', '5', '7']);
    const ticks = [...svg.matchAll(/<text class="chart__tick"[^>]*>([^<]+)</g)].map((m) => m[1]);
    expect(ticks).toEqual(['10⁻⁴', '10⁻³', '10⁻²', '10⁻¹', '10⁻¹⁶', '10⁻¹²', '10⁻⁸', '10⁻⁴', '1']);
    expect(svg).toContain('Per-member unavailability p (log scale)');
    expect(svg).toContain('P(lost quorum), log scale');
    expect(svg).not.toContain('chart__marker');
    expect(svg).not.toMatch(/NaN|Infinity/);
  });
  it('highlights the reader\u2019s series and marks p; a count not drawn gets its own series', () => {
    const on = toHtml(availabilityChart({ n: 5, k: 0, p: 0.01 }));
    expect(on).toMatch(/<g class="chart__series chart__series--current"><path d="M[^"]+" data-members="5"/);
    expect(on).toContain('<circle class="chart__marker"');
    const own = availabilityChart({ n: 9, k: 2, p: 1e-6 });
    const html = toHtml(own);
    expect(html).toMatch(/data-members="9" data-stopped="2"/);
    expect(textOf(own)).toContain('outside the drawn range');
    expect(html).not.toMatch(/NaN|Infinity/);
  });
});

describe('chart geometry (one implementation, build and browser)', () => {
  const x = logScale(CHART_P, CHART_X_RANGE);
  const y = logScale(CHART_Y, CHART_Y_RANGE);
  const path = linePath<{ p: number; lostQuorum: number }>(
    (d) => x(d.p),
    (d) => y(d.lostQuorum),
  );

  it('maps the domain onto the plot area, log-linearly and monotonically, clamping outside the domain', () => {
    expect(x(CHART_P[0])).toBeCloseTo(CHART_MARGIN.left, 9);
    expect(x(CHART_P[1])).toBeCloseTo(CHART_WIDTH - CHART_MARGIN.right, 9);
    expect(y(CHART_Y[0])).toBeCloseTo(CHART_HEIGHT - CHART_MARGIN.bottom, 9);
    expect(y(CHART_Y[1])).toBeCloseTo(CHART_MARGIN.top, 9);
    // Outside the domain: pinned to the edge.
    for (const v of [0, 1e-300, 1e-5]) expect(x(v)).toBe(x(CHART_P[0]));
    for (const v of [1, 7]) expect(x(v)).toBe(x(CHART_P[1]));
    expect(y(0)).toBe(y(CHART_Y[0]));
    // Equal ratios, equal distances: every decade is as wide as the next.
    const decades = [-16, -12, -8, -4].map((e) => y(10 ** (e + 4)) - y(10 ** e));
    for (const d of decades) expect(d).toBeCloseTo(decades[0]!, 9);
    fc.assert(
      fc.property(
        fc.double({ min: 1e-4, max: 0.5, noNaN: true }),
        fc.double({ min: 1e-4, max: 0.5, noNaN: true }),
        (a, b) => {
          if (a < b) expect(x(a)).toBeLessThanOrEqual(x(b));
          // y grows downwards: a higher probability sits higher on the chart.
          if (a < b) expect(y(a)).toBeGreaterThanOrEqual(y(b));
        },
      ),
      { numRuns: 200 },
    );
    expect(() => logScale([0, 1], [0, 1])).toThrow(/positive, increasing domain/);
  });

  it('ticks every decade of the domain, or every 4th', () => {
    expect(decadeTicks(CHART_P)).toEqual([-4, -3, -2, -1]);
    expect(decadeTicks(CHART_Y, 4)).toEqual([-16, -12, -8, -4, 0]);
  });

  it('writes path data through every point of a series, one decimal, M then L (property)', () => {
    for (const s of lostQuorumSeries({ members: [1, 3, 5, 7, 99], pMin: CHART_P[0], pMax: CHART_P[1] })) {
      const d = path(s.points);
      const points = [...d.matchAll(/([ML])(-?[\d.]+),(-?[\d.]+)/g)];
      expect(points.map((m) => m[0]).join('')).toBe(d);
      expect(points.map((m) => m[1]).join('')).toBe(`M${'L'.repeat(s.points.length - 1)}`);
      points.forEach((m, i) => {
        expect(Number(m[2])).toBe(Math.round(x(s.points[i]!.p) * 10) / 10);
        expect(Number(m[3])).toBe(Math.round(y(s.points[i]!.lostQuorum) * 10) / 10);
        expect(m[2]!).toMatch(/^-?\d+(\.\d)?$/);
      });
      expect(chartPath(s.points)).toBe(d);
    }
    expect(path([])).toBe('');
  });

  it('the chart\u2019s scales are these, and the build draws the highlight the browser redraws (property)', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1, noNaN: true }), (v) => {
        expect(chartX(v)).toBe(x(v));
        expect(chartY(v)).toBe(y(v));
      }),
      { numRuns: 100 },
    );
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 99 }),
        fc.nat(99),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (n, k, p) => {
          const current = { n, k: Math.min(k, n), p };
          const live = availabilityChart(current).children.at(-1);
          expect(live).toEqual(h('g', { 'data-chart-live': '' }, ...chartHighlight(current).layer));
        },
      ),
      { numRuns: 80 },
    );
    expect(chartHighlight(null)).toEqual({ reference: null, layer: [], desc: expect.stringMatching(/^Log–log chart/) });
  });

  it('names the highlighted point with a singular for one member', () => {
    expect(chartHighlight({ n: 1, k: 0, p: 0.01 }).desc).toContain('Highlighted: 1 member at p = 0.01');
    expect(chartHighlight({ n: 5, k: 1, p: 0.01 }).desc).toContain('Highlighted: 5 members with 1 stopped at p = 0.01');
  });

  it('the build puts the highlight in the live layer the browser replaces', () => {
    const html = toHtml(availabilityChart({ n: 9, k: 2, p: 0.01 }));
    expect(html).toMatch(
      /<g data-chart-live=""><g class="chart__series chart__series--current"><path d="M[^"]+" data-members="9" data-stopped="2"><\/path>.*<circle class="chart__marker"[^>]*><\/circle><\/g><\/svg>$/,
    );
    expect(toHtml(availabilityChart(null))).toMatch(/<g data-chart-live=""><\/g><\/svg>$/);
  });
});

describe('reference links', () => {
  const refs = Object.values(SOURCES).filter((r) => !r.startsWith('https://'));
  it('link each model ref to the href the build verified, labelled with file, lines and tag', () => {
    expect(refs.length).toBeGreaterThan(20);
    useSourceLinks(
      Object.fromEntries(refs.map((r, i) => [r, { href: `https://example.test/${i}`, status: 'verified' }])),
    );
    refs.forEach((ref, i) => {
      const c = parseCitationRef(ref);
      const lines = c.start === c.end ? `L${c.start}` : `L${c.start}–${c.end}`;
      expect(toHtml(refLink(ref, calcWords('en')))).toBe(
        toHtml(
          h(
            'a',
            { href: `https://example.test/${i}`, class: 'calc__ref', 'data-status': 'verified' },
            `${c.path.split('/').pop()!} ${lines} @ ${c.ref}`,
          ),
        ),
      );
    });
  });
  it('say when a citation is not verified', () => {
    const ref = refs[0]!;
    for (const [status, note] of [
      ['pending', 'pending, not pinned to a commit yet'],
      ['provisional', 'provisional, checked at v1.37.0-beta.0'],
      ['unverified', 'not verified in this build'],
    ] as const) {
      useSourceLinks({ [ref]: { href: 'https://example.test/x', status, note } });
      expect(toHtml(refLink(ref, calcWords('en')))).toContain(`<span class="calc__ref-state"> (${note})</span></a>`);
    }
  });
  it('never invent a link: an unknown ref is text in the browser and an error in the build', () => {
    const unknown = 'acme/none@v1.0.0:a.go#L1-L2';
    expect(toHtml(refLink(unknown, calcWords('en')))).toBe(
      '<span class="calc__ref">a.go L1–2 @ v1.0.0 (link unavailable)</span>',
    );
    expect(toHtml(refLink(unknown, calcWords('ja')))).toBe(
      '<span class="calc__ref">a.go L1–2 @ v1.0.0（リンクなし）</span>',
    );
    useSourceLinks({}, { strict: true });
    expect(() => refLink(unknown, calcWords('en'))).toThrow(/No verified link for acme\/none@v1\.0\.0:a\.go#L1-L2/);
    useSourceLinks({}, { strict: false });
    expect(() => refLink('https://etcd.io/docs/', calcWords('en'))).toThrow(/Not a citation ref/);
  });
});

describe('calculator views', () => {
  it.each(PAIRS.map(([d, v]) => [d.id, d, v] as const))(
    '%s: every labelled field is a URL-state key, and showWhen names only fields',
    (_id, d, v) => {
      const keys = Object.keys(CALCULATOR_SCHEMAS[d.id]);
      expect(v.fields.map((f) => f.key).filter((k) => !keys.includes(k))).toEqual([]);
      expect(Object.keys(d.toRaw(defaultState(CALCULATOR_SCHEMAS[d.id]) as Record<string, unknown>)).sort()).toEqual(
        v.fields.map((f) => f.key).sort(),
      );
      for (const k of Object.keys(d.showWhen ?? {})) expect(v.fields.map((f) => f.key)).toContain(k);
    },
  );
});

describe('the registry', () => {
  it('has one entry per URL schema, each with that calculator\u2019s definition', async () => {
    expect(Object.keys(CALCULATORS).sort()).toEqual(Object.keys(CALCULATOR_SCHEMAS).sort());
    for (const id of Object.keys(CALCULATORS) as CalculatorId[]) {
      const entry = await CALCULATORS[id]();
      expect(entry.def.id).toBe(id);
      expect(PAIRS.find(([d]) => d.id === id)?.[1]).toBe(entry.view);
    }
    await expect(loadCalculator('nope' as CalculatorId)).rejects.toThrow(/No calculator "nope": use one of quorum, /);
  });

  it('renders the default state, and only the availability calculator has a figure', async () => {
    for (const id of Object.keys(CALCULATORS) as CalculatorId[]) {
      const r = renderCalculator(id, await loadCalculator(id));
      expect(r.out.errors).toEqual({});
      expect(r.figure === null).toBe(id !== 'availability');
      expect(r.fields.filter((f) => f.hidden).map((f) => f.key)).toEqual(id === 'availability' ? ['mtbf', 'mttr'] : []);
    }
  });

  // What a definition may name is checked by the types: astro check type-checks this file.
  it('refuses, at type-check time, a key its schema does not have', () => {
    const raw = { n: '3', k: '0' };
    // @ts-expect-error: the quorum schema has no field "m".
    expect(() => whole(raw, 'quorum', 'm', 'Members', {})).toThrow(/no numeric field "m"/);
    // @ts-expect-error: "k" of upgrade does not exist; its fields are "a" and "s".
    const view: CalcView<'upgrade'> = { title: 't', fields: [{ key: 'k', label: 'k', kind: 'text' }] };
    expect(view.fields).toHaveLength(1);
    // @ts-expect-error: "s" is the upgrade strategy, an enum without bounds.
    expect(() => numberSpec('upgrade', 's')).toThrow(/no numeric field "s"/);
    const def: CalcDef<'topology'> = {
      id: 'topology',
      prefix: 't',
      // @ts-expect-error: toRaw must give text for the topology fields e and c, and no other.
      toRaw: (s) => ({ e: String(s.e), n: String(s.c) }),
      compute: () => ({ errors: {}, doc: null, result: [], state: { e: 1, c: 1 } }),
    };
    expect(def.id).toBe('topology');
  });
});

describe('hints come from the URL schema', () => {
  const ranged = PAIRS.flatMap(([d, v]) =>
    v.fields.filter((f) => typeof f.hint === 'function').map((f) => [`${d.id}.${f.key}`, d.id, f] as const),
  );

  it('every numeric field with bounds of its own says them in its hint', () => {
    const numeric = PAIRS.flatMap(([d, v]) =>
      v.fields
        .filter((f) => {
          const spec: FieldSpec | undefined = (CALCULATOR_SCHEMAS[d.id] as StateSchema)[f.key];
          return (
            (spec?.kind === 'whole' || spec?.kind === 'decimal') &&
            spec.min < spec.max &&
            !HINTS_WITHOUT_RANGE.has(`${d.id}.${f.key}`)
          );
        })
        .map((f) => `${d.id}.${f.key}`),
    );
    expect(ranged.map(([name]) => name).sort()).toEqual(numeric.sort());
    expect(ranged.length).toBe(61);
  });

  it.each(ranged)(
    '%s: the hint states the schema\u2019s bounds, and the field and the link refuse what lies beyond',
    (_name, id, f) => {
      const spec = numberSpec(id, f.key as never);
      const hint = hintOf(id, f as never)!;
      expect(hint).toContain(rangeText(spec));
      expect(hint.match(/[\d,]+–[\d,]+/g)).toEqual([rangeText(spec)]);
      // No hand-written bound anywhere else in the hint.
      expect(hint.replace(rangeText(spec), '')).not.toMatch(/\d–\d/);
      // A typed value just past the top is refused with the same message as before the hints were derived.
      const d = PAIRS.find(([c]) => c.id === id)![0];
      const over = spec.kind === 'whole' ? spec.max + 1 : spec.max * 2;
      const out = d.compute({ ...defaults(d), [f.key]: String(over) });
      expect(out.errors[f.key]).toMatch(new RegExp(`must be at most ${spec.max}; got ${over}\\.$`));
      // An out-of-range link value is clamped, with the notice it always gave.
      const decoded = decodeCalculator(id, new URLSearchParams({ [`${CALCULATOR_PREFIX[id]}${f.key}`]: String(over) }));
      expect(decoded.corrections[0]).toBe(
        `Link parameter "${CALCULATOR_PREFIX[id]}${f.key}" is above ${spec.max}; using ${spec.max}.`,
      );
    },
  );

  it('rangeText writes bounds as the hints did: en dash, thousands separators', () => {
    expect(rangeText({ min: 1, max: 99 })).toBe('1–99');
    expect(rangeText({ min: 0, max: 1e8 })).toBe('0–100,000,000');
    expect(() => hintOf('availability', { key: 'mode', label: 'm', kind: 'select', hint: (r) => r })).toThrow(
      /field "mode" has a range hint but no bounds/,
    );
  });
});

describe('calculator definitions', () => {
  it.each(ALL.map((d) => [d.id, d] as const))(
    '%s: the default state computes a result and a clean URL state',
    (_id, d) => {
      const out = d.compute(defaults(d));
      expect(out.errors).toEqual({});
      expect(out.state).not.toBeNull();
      expect(textOf(out.result).length).toBeGreaterThan(20);
      expect(textOf(out.result)).not.toMatch(/NaN|Infinity|undefined/);
      // The state it reports round-trips through the URL helpers unchanged.
      const schema: StateSchema = CALCULATOR_SCHEMAS[d.id];
      const params = encodeState(schema, out.state as StateOf<StateSchema>, CALCULATOR_PREFIX[d.id]);
      const back = decodeCalculator(d.id, params);
      expect(back.corrections).toEqual([]);
      expect(d.toRaw(back.state as Record<string, unknown>)).toEqual(defaults(d));
    },
  );

  // Each numeric field at the bounds its hint and URL schema advertise, alone and with every other
  // numeric field at its own bound: compute must answer (a result or field messages), never throw.
  it.each(ALL.map((d) => [d.id, d] as const))(
    '%s: every advertised bound, alone and combined, computes without throwing',
    (_id, d) => {
      const schema = CALCULATOR_SCHEMAS[d.id] as unknown as Record<
        string,
        { kind: string; min?: number; max?: number }
      >;
      const numeric = Object.entries(schema).filter(([, s]) => s.kind === 'whole' || s.kind === 'decimal');
      const cases: Record<string, string>[] = [];
      for (const [key, s] of numeric) for (const v of [s.min!, s.max!]) cases.push({ [key]: String(v) });
      for (const pick of ['min', 'max'] as const)
        cases.push(Object.fromEntries(numeric.map(([key, s]) => [key, String(s[pick])])));
      for (const c of cases) {
        const raw = { ...defaults(d), ...c };
        let out;
        expect(() => (out = d.compute(raw)), JSON.stringify(c)).not.toThrow();
        const text = textOf(out!.result);
        expect(text.length, JSON.stringify(c)).toBeGreaterThan(0);
        expect(text, JSON.stringify(c)).not.toMatch(/NaN|Infinity|undefined/);
      }
    },
  );

  it('quorum: 99 members, the largest count, gets a result and a note that does not look past 99', () => {
    const out = quorumCalc.compute({ n: '99', k: '0' });
    expect(out.errors).toEqual({});
    expect(textOf(out.result)).toContain('50 members (⌊99/2⌋ + 1)');
    expect(evenCountNote(99)).toBe('99 is odd: one more member would still tolerate only 49.');
    expect(evenCountNote(97)).toContain('the next gain is at 99, which tolerates 49');
    expect(evenCountNote(2)).toContain('the same as 1 member (quorum 1)');
  });

  it('upgrade: says what the count means for stacked etcd (2 tolerate nothing, 4 no more than 3, in place one fewer)', () => {
    expect(stackedEtcdNote(2, 'surge')).toMatchObject({
      text: expect.stringMatching(/2 etcd members, which tolerate 0 failures: stacked etcd needs at least 3 nodes/),
      warn: true,
    });
    expect(stackedEtcdNote(4, 'surge')).toMatchObject({
      text: expect.stringMatching(/tolerate 1 failure, the same as 3 would/),
      warn: false,
    });
    expect(stackedEtcdNote(5, 'surge').text).toBe(
      'With stacked etcd these 5 nodes are also 5 etcd members, which tolerate 2 failures.',
    );
    // In place, one member is down at a time: 3 stacked nodes then tolerate nothing more.
    expect(stackedEtcdNote(3, 'in-place').text).toBe(
      'With stacked etcd these 3 nodes are also 3 etcd members, which tolerate 1 failure. While a node is down for its upgrade, 2 of 3 run and 0 further failures are tolerated.',
    );
    expect(stackedEtcdNote(5, 'in-place').text).toMatch(/4 of 5 run and 1 further failure is tolerated\.$/);
    expect(textOf(upgradeCalc.compute({ a: '2', s: 'surge' }).result)).toContain(
      'The count above assumes external etcd.',
    );
  });

  it('reads right at the edges a fuzzing pass found (singulars, fractions, tiny values)', () => {
    const t = (d: LooseCalc, raw: Record<string, string>) => textOf(d.compute({ ...defaults(d), ...raw }).result);
    expect(t(quorumCalc, { n: '1', k: '0' })).toContain('1 of 1 member running');
    expect(t(availabilityCalc, { n: '1' })).toContain('1 member needs 1 up');
    expect(t(upgradeCalc, { a: '1', s: 'surge' })).toContain(
      'this node is also the only etcd member, which tolerates 0 failures',
    );
    expect(t(topologyCalc, { e: '2', c: '1' })).toContain(
      'exactly 1 etcd member on 1 host; running 2 etcd members needs external etcd, or 2 control-plane nodes',
    );
    expect(t(writePathCalc, { w: '0.4' })).toContain('(0.4 × 1 KiB × 2)');
    expect(t(writePathCalc, { b: '1' })).toContain('× 1 byte ×');
    expect(t(readPathCalc, { verb: 'GET', sel: '1' })).toContain('selectors are ignored');
    expect(t(readPathCalc, { verb: 'GET', rvm: 'Exact', limit: '5', cont: '1', sel: '1' })).toContain(
      'resourceVersionMatch, limit, continue and selectors are ignored',
    );
    expect(parseMsList('1 2 3', 2, 'RTT')).toEqual({ ok: false, error: 'RTT: 3 values for 2 followers; remove one.' });
    expect(parseMsList('-1', 2, 'RTT')).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^RTT, item 1 cannot be negative/),
    });
    expect(t(readPathCalc, { rv: '0', limit: '10', cont: '1' })).not.toContain('ignores limit');
    expect(t(readPathCalc, { rv: '0', limit: '10' })).toContain('ignores limit');
    expect(t(availabilityCalc, { n: '99', p: '1e-9' })).toContain(
      'Expected time without quorum per year2.7 × 10⁻⁴¹⁶ min',
    );
    expect(fmtProb(0.9999999)).toBe('1 − 1.0 × 10⁻⁷');
  });

  it('apf: shows the defaults\u2019 seats per replica and across replicas, and explains the level picked', () => {
    const base = { r: '3', mri: '400', mmri: '200', pl: '' };
    const out = apfCalc.compute(base);
    const t = textOf(out.result);
    expect(t).toMatch(/Seats per replica \(400 \+ 200\)600/);
    expect(t).toMatch(/Seats across 3 replicas, spread evenly1,800/);
    expect(t).toMatch(/602 \(245 shares/);
    // Range 24–845, then the limit with no demand (floor × 602 / 258), not nominal − ⌊lendable / 2⌋ = 135.
    expect(t).toMatch(/workload-low10024522124–8455637735/);
    expect(t).toMatch(/catch-all513013–6133010039/);
    expect(out.doc?.sources).toEqual(expect.arrayContaining([SOURCES.apfFirstAdjustment, SOURCES.apfFairShare]));
    expect(textOf(apfCalc.compute({ ...base, r: '1' }).result)).toMatch(/Seats across 1 replica, spread evenly600/);
    const low = textOf(apfCalc.compute({ ...base, pl: 'workload-low' }).result);
    expect(low).toMatch(/ceil\(600 × 100 \/ 245\) = 245 seats per replica, 735 across 3/);
    expect(low).toMatch(/One LIST takes at most 37 seats/);
    expect(low).toMatch(/With no demand anywhere its limit is 56; under load it moves every 10 s/);
    expect(textOf(apfCalc.compute({ ...base, pl: 'exempt' }).result)).toMatch(/never queued or rejected/);
    expect(textOf(apfCalc.compute({ ...base, pl: 'catch-all' }).result)).toMatch(/HTTP 429 at once/);
    // An unknown level is not an error: nothing is inspected and the link drops it.
    expect(apfCalc.compute({ ...base, pl: '<b>' }).state).toEqual({ r: 3, mri: 400, mmri: 200, pl: '' });
  });

  it('apf: refuses two zero flags with kube-apiserver\u2019s reason, and bad numbers with the field\u2019s message', () => {
    const zero = apfCalc.compute({ r: '1', mri: '0', mmri: '0', pl: '' });
    expect(zero.state).toBeNull();
    expect(zero.errors['mmri']).toMatch(/add up to 0: kube-apiserver refuses to start/);
    const bad = apfCalc.compute({ r: '0', mri: '-1', mmri: '2.5', pl: '' });
    expect(Object.keys(bad.errors).sort()).toEqual(['mmri', 'mri', 'r']);
  });

  it('read path: a bad limit is marked, but a GET (which ignores limit) still gets its answer and no link state', () => {
    const get = readPathCalc.compute({ ...defaults(readPathCalc), verb: 'GET', limit: 'abc' });
    expect(get.errors['limit']).toMatch(/limit must be a whole number/);
    expect(get.state).toBeNull();
    expect(textOf(get.result)).toMatch(/Served by etcd, as a linearizable read\./);
    expect(textOf(readPathCalc.compute({ ...defaults(readPathCalc), limit: 'abc' }).result)).toMatch(/^No result yet/);
  });

  it('read path: every error shows its status and Retry-After as kube-apiserver sends them', () => {
    const t = (raw: Record<string, string>) =>
      textOf(readPathCalc.compute({ ...defaults(readPathCalc), ...raw }).result);
    // The Exact LIST at a revision newer than the cache: the cache waits, then 504 with Retry-After: 1.
    const future = t({ rv: '999999', rvm: 'Exact', held: '0' });
    expect(future).toMatch(/^Served by the watch cache\./);
    expect(future).toContain(
      '504 Gateway Timeout, Retry-After: 1: Timeout: Too large resource version: 999999, current: 100000',
    );
    expect(t({ rv: '999999', rvm: 'Exact', pn: '0' })).toContain(
      'kube-apiserver reads etcd first (2 requests), then answers with an error:504 Gateway Timeout, no Retry-After: Timeout: Too large resource version: 999999, current: 100000',
    );
    expect(t({ ready: '0' })).toContain(
      'Response429 Too Many Requests, Retry-After: 1–30 (seconds, growing with the time the cache has been unready): storage is (re)initializing',
    );
    expect(t({ rvm: 'Exact' })).toContain(
      '422 Unprocessable Entity, no Retry-After: resourceVersionMatch is forbidden unless resourceVersion is provided',
    );
    expect(t({ rv: '500', rvm: 'Exact', held: '0' })).toContain(
      'It can also end in 410 Gone, no Retry-After: The resourceVersion for the provided list is too old.',
    );
  });

  it('read path: a resource without a watch cache reads etcd, honours limit with "0", and hides the cache\'s fields', () => {
    const out = (raw: Record<string, string>) => readPathCalc.compute({ ...defaults(readPathCalc), ...raw });
    const events = textOf(out({ res: 'events', rv: '0', limit: '10' }).result);
    expect(events).toMatch(/^Served by etcd, as a linearizable read\./);
    expect(events).toContain('the limit of 10 is honoured');
    expect(events).not.toContain('ignores limit');
    expect(textOf(out({ res: 'off', verb: 'GET', rv: '100001' }).result)).toContain(
      'kube-apiserver reads etcd first (one request), then answers with an error:504 Gateway Timeout, no Retry-After',
    );
    expect(out({ res: 'size0' }).state).toMatchObject({ res: 'size0', cur: 100000 });
    for (const key of ['ready', 'held', 'snap', 'pn'] as const) {
      expect(readPathCalc.showWhen![key]!({ ...defaults(readPathCalc), res: 'events' })).toBe(false);
      expect(readPathCalc.showWhen![key]!(defaults(readPathCalc))).toBe(true);
    }
    // An unknown resource in the fields is read as the default, like the URL schema does.
    expect(out({ res: 'bogus' }).state).toMatchObject({ res: 'cached' });
    expect(decodeCalculator('readPath', new URLSearchParams('p.res=events&p.cur=42')).state).toMatchObject({
      res: 'events',
      cur: 42,
    });
    expect(out({ cur: '0' }).errors['cur']).toBeTruthy();
  });

  it('result sentences use English ordinals and plurals at the edges', () => {
    expect(['1', '2', '3', '4', '11', '12', '13', '21', '22', '101', '111'].map((n) => ordinal(Number(n)))).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '12th',
      '13th',
      '21st',
      '22nd',
      '101st',
      '111th',
    ]);
    expect(
      textOf(writePathCalc.compute({ ...defaults(writePathCalc), n: '5', rtt: '1 1 5 5', fs: '2' }).result),
    ).toContain('the 2nd decides');
    const alone = textOf(maintenanceCalc.compute({ f: '0', k: '0' }).result);
    expect(alone).toContain('1 member survives 0 failures while 0 are stopped.');
    expect(alone).not.toContain('0 would not');
  });

  it.each(PAIRS.filter(([, v]) => v.fields.some((f) => f.kind === 'text')).map(([d, v]) => [d.id, d, v] as const))(
    '%s: letters, a decimal comma or emptiness in any number field give a message and no result numbers',
    (_id, d, v) => {
      for (const f of v.fields.filter((x) => x.kind === 'text' && x.key !== 'rv')) {
        for (const bad of ['abc', '0,5', '']) {
          // Hidden fields (MTBF/MTTR while p is chosen) are not read: switch to the mode that shows them.
          const when = d.showWhen?.[f.key];
          const base = when && !when(defaults(d)) ? { ...defaults(d), mode: 'mtbf' } : defaults(d);
          const out = d.compute({ ...base, [f.key]: bad });
          expect(out.errors[f.key], `${f.key}=${JSON.stringify(bad)}`).toBeTruthy();
          expect(out.state).toBeNull();
          expect(textOf(out.result)).toMatch(/^No result yet/);
        }
      }
    },
  );

  it('quorum: 3 members with 1 stopped tolerate 0 more, 5 tolerate 1; k > n is refused', () => {
    expect(textOf(quorumCalc.compute({ n: '3', k: '1' }).result)).toContain('0 further failures tolerated');
    expect(textOf(quorumCalc.compute({ n: '5', k: '1' }).result)).toContain('1 further failure tolerated');
    expect(quorumCalc.compute({ n: '3', k: '4' }).errors['k']).toMatch(/cannot exceed the 3 configured members/);
    expect(textOf(quorumCalc.compute({ n: '3', k: '3' }).result)).toContain('quorum already lost');
  });

  it('the even-count note says an even n tolerates what n − 1 does (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 49 }), (half) => {
        const n = 2 * half;
        expect(evenCountNote(n)).toContain(
          `tolerates ${tolerance(n)} — the same as ${n - 1} ${n - 1 === 1 ? 'member' : 'members'}`,
        );
      }),
    );
  });

  it('maintenance: f + k over 49 is refused on k; 5 etcd + 2 control-plane external = 7 hosts', () => {
    expect(maintenanceCalc.compute({ f: '30', k: '20' }).errors['k']).toMatch(/at most 49/);
    expect(textOf(topologyCalc.compute({ e: '5', c: '2' }).result)).toContain('7 hosts (5 + 2)');
    expect(textOf(topologyCalc.compute({ e: '5', c: '2' }).result)).toContain('not possible with E ≠ C');
  });

  it('hardware: names the class, the deciding inputs and the example machines; 0 means unknown', () => {
    const out = hardwareCalc.compute({ n: '100', c: '0', rps: '300', gb: '0.2', keys: '0' });
    const t = textOf(out.result);
    expect(t).toContain('Medium cluster, decided by request rate, data size.');
    expect(t).toContain('m4.xlarge: 4 vCPUs, 16 GB memory, 6,000 max concurrent IOPS, 93.75 MB/s disk');
    expect(t).toContain('n1-standard-4 + 150GB PD SSD: 4 vCPUs, 15 GB memory');
    expect(t).toContain('100 nodes: between the example workloads of Small (50 nodes) and Medium (250 nodes)');
    expect(t).not.toContain('Clients not given');
    expect(out.state).toEqual({ n: 100, c: 0, rps: 300, gb: 0.2, keys: 0 });
    const empty = textOf(hardwareCalc.compute({ n: '0', c: '0', rps: '0', gb: '0', keys: '0' }).result);
    expect(empty).toContain('Small cluster: no input given, so the smallest class.');
  });

  it('hardware: nodes alone pick no class, and the answer warns so instead of sizing from them', () => {
    const out = hardwareCalc.compute({ n: '3000', c: '0', rps: '0', gb: '0', keys: '0' });
    const t = textOf(out.result);
    expect(t).toContain('Small cluster by default: nodes alone decide no class');
    expect(t).toContain('Sequential IOPS the disk needs50 (typical)');
    expect(severeNotes(out.doc!)).toEqual([
      ['warning', expect.stringMatching(/^3,000 nodes alone does not pick a class/)],
    ]);
  });

  it('hardware: past the largest example it says so instead of extrapolating; bad text is refused per field', () => {
    const t = textOf(hardwareCalc.compute({ n: '5000', c: '0', rps: '20000', gb: '3', keys: '0' }).result);
    expect(t).toContain('xLarge cluster, decided by request rate, data size.');
    expect(t).toContain('5,000 nodes is past the largest example workload in the guide (3,000 nodes, xLarge)');
    expect(t).not.toContain('extrapolate');
    expect(t).toContain('xLarge is open-ended');
    expect(t).toContain("more than etcd's default quota of 2 GiB");
    expect(t).toContain('Sequential IOPS the disk needs500 (heavily loaded)');
    expect(t).toContain('Network10GbE (large clusters)');
    const byData = textOf(hardwareCalc.compute({ n: '0', c: '10', rps: '50', gb: '1.5', keys: '0' }).result);
    expect(byData).toContain('xLarge cluster, decided by data size.');
    expect(byData).toContain('Sequential IOPS the disk needs50 (typical)');
    const keysAndNodes = hardwareCalc.compute({ n: '500', c: '0', rps: '0', gb: '0', keys: '2000000' });
    expect(textOf(keysAndNodes.result)).toContain('Medium cluster, decided by keys.');
    expect(severeNotes(keysAndNodes.doc!)).toEqual([]);
    const bad = hardwareCalc.compute({ n: '-3', c: '1.5', rps: 'lots', gb: '0,5', keys: '1e13' });
    expect(bad.state).toBeNull();
    expect(bad.errors).toEqual({
      n: expect.stringMatching(/^Kubernetes nodes cannot be negative/),
      c: expect.stringMatching(/^etcd clients must be a whole number/),
      rps: expect.stringMatching(/"lots" is not a number/),
      gb: expect.stringMatching(/use a decimal point — write "0.5"/),
      keys: expect.stringMatching(/^Keys must be at most 1000000000000/),
    });
  });

  it('availability: MTBF/MTTR gives p = MTTR / (MTBF + MTTR); both zero is refused', () => {
    const raw = { ...defaults(availabilityCalc), mode: 'mtbf', mtbf: '999', mttr: '1' };
    expect(textOf(availabilityCalc.compute(raw).result)).toContain('MTTR / (MTBF + MTTR)0.001');
    expect(availabilityCalc.compute({ ...raw, mtbf: '0', mttr: '0' }).errors['mttr']).toMatch(/above 0 hours/);
    expect(textOf(availabilityCalc.compute({ ...defaults(availabilityCalc), p: '0' }).result)).toContain('unbounded');
  });

  it('timeouts: recommends by the documented rule, pastes etcd and kubeadm flags, and checks the reader\u2019s pair both ways', () => {
    const base = { rtt: '2', fs: '0', h: '100', e: '1000' };
    const at = (raw: Partial<typeof base>) => timeoutsCalc.compute({ ...base, ...raw });
    const lan = textOf(at({}).result);
    expect(lan).toContain('--heartbeat-interval=100 --election-timeout=1000');
    expect(lan).toContain('etcd v3.7.0accepts them');
    expect(lan).toContain('value: "1000"');
    const wan = at({ rtt: '120', fs: '10' });
    expect(textOf(wan.result)).toContain('130 ms (120 ms + fsync 10 ms)');
    expect(textOf(wan.result)).toContain('--heartbeat-interval=130 --election-timeout=1300');
    // The defaults over a 130 ms round trip: etcd accepts them, the tuning page asks for 1,300 ms.
    expect(textOf(wan.result)).toMatch(/election timeout below 1,300 ms \(10 × round trip\)/);
    expect(textOf(wan.result)).toMatch(/etcd accepts a pair the tuning page advises against/);
    // 10 ms RTT and 100/100: the page's election rule alone holds, its heartbeat band does not; etcd refuses.
    const refused = textOf(at({ rtt: '10', e: '100' }).result);
    expect(refused).toContain('should be at least as 5 times as --heartbeat-interval[100ms]');
    expect(refused).toMatch(/heartbeat outside 5 ms–15 ms/);
    expect(refused).toMatch(
      /election rule alone would allow this election timeout, but its heartbeat band rules this heartbeat out/,
    );
    expect(refused).not.toMatch(/election rule holds, yet etcd refuses/);
    // Past a 5 s round trip no pair fits under the 50,000 ms maximum.
    const far = textOf(at({ rtt: '6000' }).result);
    expect(far).toContain('is too long, and should be set less than 50000ms');
    expect(far).toMatch(/No pair fits/);
    expect(far).not.toContain('extraArgs');
    // Bad input is marked on its field.
    expect(at({ h: '1.5' }).errors['h']).toMatch(/Heartbeat interval must be a whole number; got 1\.5/);
    expect(at({ rtt: '-1' }).errors['rtt']).toMatch(/Round trip cannot be negative/);
    expect(at({ e: '' }).state).toBeNull();
  });

  it('write path: per-follower lists pad with the last value, refuse extras and decimal commas', () => {
    expect(parseMsList('1 2', 4, 'RTT')).toEqual({ ok: true, value: [1, 2, 2, 2] });
    expect(parseMsList('1; 2, 3', 3, 'RTT')).toEqual({ ok: true, value: [1, 2, 3] });
    expect(parseMsList('1 2 3', 2, 'RTT')).toMatchObject({
      ok: false,
      error: expect.stringMatching(/3 values for 2 followers/),
    });
    expect(parseMsList('0,5', 2, 'RTT')).toMatchObject({ ok: false, error: expect.stringMatching(/decimal point/) });
    expect(parseMsList('', 0, 'RTT')).toEqual({ ok: true, value: [] });
    const out = writePathCalc.compute({ w: '1000', b: '1024', n: '5', lf: '2', rtt: '1 1 5 5', fs: '2' });
    expect(textOf(out.result)).toContain('Commit latency3 ms');
  });

  it('read path: links each deciding line through the links the build verified', () => {
    useSourceLinks({
      [SOURCES.delegatorGetRvUnset]: { href: 'https://example.test/rv-unset', status: 'pending', note: 'pending' },
    });
    const out = readPathCalc.compute({ ...defaults(readPathCalc), verb: 'GET' });
    expect(toHtml(out.result)).toContain(
      '<a href="https://example.test/rv-unset" class="calc__ref" data-status="pending">delegator.go L120–125 @ v1.37.0<span class="calc__ref-state"> (pending)</span></a>',
    );
  });
});

describe('every numeric field of every calculator', () => {
  type Spec = { kind: string; min?: number; max?: number };
  const NUMERIC = PAIRS.flatMap(([d]) =>
    Object.entries(CALCULATOR_SCHEMAS[d.id] as unknown as Record<string, Spec>)
      .filter(([, s]) => s.kind === 'whole' || s.kind === 'decimal' || s.kind === 'decimal-list')
      .map(([key, s]) => [`${d.id}.${key}`, d, key, s] as const),
  );
  /** The default field text, in the mode that shows `key` (MTBF and MTTR are read only in that mode). */
  const baseFor = (d: LooseCalc, key: string): Record<string, string> => {
    const when = d.showWhen?.[key];
    return when && !when(defaults(d)) ? { ...defaults(d), mode: 'mtbf' } : defaults(d);
  };
  const suggestions = (error: string): string[] =>
    [...error.matchAll(/write "([^"]*)"/g), ...error.matchAll(/or "([^"]*)" if/g)].map((m) => m[1]!);

  it('covers the numeric fields of every calculator that has them', () => {
    expect(new Set(NUMERIC.map(([, d]) => d.id))).toEqual(
      new Set([
        'quorum',
        'availability',
        'writePath',
        'apiserver',
        'upgrade',
        'maintenance',
        'topology',
        'readPath',
        'timeouts',
        'hardware',
        'dbSize',
        'limits',
        'apf',
        'membership',
        'plan',
      ]),
    );
    expect(NUMERIC.length).toBe(73);
  });

  // A German browser writes ten thousand as "10.000" and one thousand as "1.000": such a number is
  // refused with a message that says how to write it, whichever field it is typed in.
  it.each(NUMERIC)(
    '%s: grouped digits and decimal commas are refused with a message, never read as another number',
    (_name, d, key) => {
      for (const bad of [
        '10.000',
        '1.000',
        '10,000',
        '1,000',
        '1.000.000',
        '10.000,5',
        '10\u00a0000',
        '10\u202f000',
        "10'000",
        '0,001',
        '2,5',
      ]) {
        const out = d.compute({ ...baseFor(d, key), [key]: bad });
        const error = out.errors[key];
        expect(error, `${key}=${JSON.stringify(bad)}`).toBeTruthy();
        expect(out.state).toBeNull();
        expect(textOf(out.result)).toMatch(/^No result yet/);
        // "0,001" is never a thousands group: no "write 0001".
        expect(error).not.toContain('0001');
        // What the message suggests is accepted there, unless it is out of the field's range.
        for (const spelling of suggestions(error!)) {
          const again = d.compute({ ...baseFor(d, key), [key]: spelling }).errors[key];
          if (again)
            expect(again, `${key}: ${bad} → ${spelling}`).toMatch(
              /at most|at least|cannot be negative|cannot exceed|must be a whole number|values for/,
            );
        }
      }
    },
  );

  it.each(NUMERIC)(
    '%s: a link value that is not a number keeps the default, with a notice, and the field is never blank',
    (_name, d, key) => {
      for (const bad of ['abc', '10.000', 'NaN']) {
        const params = new URLSearchParams({ [`${CALCULATOR_PREFIX[d.id]}${key}`]: bad });
        const decoded = decodeCalculator(d.id, params);
        const schema = CALCULATOR_SCHEMAS[d.id] as unknown as Record<string, { default: unknown }>;
        expect((decoded.state as Record<string, unknown>)[key], `${key}=${bad}`).toEqual(schema[key]!.default);
        expect(decoded.corrections.join(' ')).toContain(`"${CALCULATOR_PREFIX[d.id]}${key}"`);
        const raw = d.toRaw(decoded.state as Record<string, unknown>);
        expect(raw[key]).toBe(defaults(d)[key]);
        expect(raw[key]).not.toBe('');
        expect(d.compute({ ...baseFor(d, key), [key]: raw[key]! }).errors).toEqual({});
      }
    },
  );

  it('write path: a link list with no number, or an empty one, keeps the default with a notice; one member keeps the defaults in its link', () => {
    const decode = (q: string) => decodeCalculator('writePath', new URLSearchParams(q));
    expect(decode('w.rtt=abc')).toMatchObject({
      state: { rtt: [0.5, 1] },
      corrections: ['Link parameter "w.rtt" has no number from 0 to 1000000; using the default.'],
    });
    expect(decode('w.fs=')).toMatchObject({
      state: { fs: [2, 2] },
      corrections: ['Link parameter "w.fs" has no number from 0 to 1000000; using the default.'],
    });
    expect(writePathCalc.compute(writePathCalc.toRaw(decode('w.rtt=abc').state)).errors).toEqual({});
    // One member has no follower: its lists are unused, and the state it links to is the defaults'.
    const alone = writePathCalc.compute({ ...defaults(writePathCalc), n: '1', rtt: '', fs: '' });
    expect(alone).toMatchObject({ errors: {}, state: { n: 1, rtt: [0.5, 1], fs: [2, 2] } });
    const params = encodeState(CALCULATOR_SCHEMAS.writePath, alone.state as CalculatorState<'writePath'>, 'w.');
    expect(params.toString()).toBe('w.n=1');
    expect(decodeCalculator('writePath', params).corrections).toEqual([]);
    // More values than followers are the calculator's to refuse, with its message.
    expect(writePathCalc.compute(writePathCalc.toRaw(decode('w.n=3&w.fs=1,2,3,4').state)).errors['fs']).toBe(
      'Follower fsyncs: 4 values for 2 followers; remove 2.',
    );
  });

  it('a state with a value such as 1.125 goes to the link and into the field in a spelling that reads back exactly', () => {
    const state = { w: 1.125, b: 2048.5, n: 3, lf: 1.125, rtt: [0.125, 1.125], fs: [2, 3.375] };
    const params = encodeState(CALCULATOR_SCHEMAS.writePath, state, 'w.');
    expect(params.get('w.lf')).toBe('1.1250');
    const back = decodeCalculator('writePath', params);
    expect(back).toEqual({ state, corrections: [] });
    const raw = writePathCalc.toRaw(back.state);
    expect(raw).toMatchObject({ lf: '1.1250', rtt: '0.125 1.1250' });
    expect(writePathCalc.compute(raw)).toMatchObject({ errors: {}, state });
  });
});

describe('overrides builder rows', () => {
  it('the built flag may wrap after each separator, never inside a host or port, and its text is the flag', () => {
    const value = '/pods#https://etcd-4:2379;https://etcd-5:2379,/events#https://etcd-6:2379';
    const tree = builtFlagTree(value);
    expect(textOf(tree)).toBe(`--etcd-servers-overrides=${value}`);
    expect(toHtml(tree)).toBe(
      '--etcd-servers-overrides=<wbr>/pods#<wbr>https://etcd-4:2379;<wbr>https://etcd-5:2379,<wbr>/events#<wbr>https://etcd-6:2379',
    );
    expect(toHtml(builtFlagTree(''))).toBe('--etcd-servers-overrides=');
  });

  const name = fc.stringMatching(/^[a-z][a-z0-9.-]{0,12}$/);
  const row = fc.record({
    group: fc.oneof(fc.constant(''), name),
    resource: name,
    servers: fc
      .array(fc.stringMatching(/^https:\/\/[a-z0-9-]{1,10}:2379$/), { minLength: 1, maxLength: 3 })
      .map((s) => s.join(' ')),
  });
  it('the built value always fills the same rows back in (property)', () => {
    fc.assert(
      fc.property(fc.array(row, { minLength: 1, maxLength: 5 }), (rows: RowText[]) => {
        const built = buildFromRows(rows);
        expect(built.ok).toBe(true);
        if (built.ok) expect(rowsFromValue(built.value)).toEqual(rows);
      }),
    );
  });
  it('the help-text example parses into two rows; values rows cannot hold exactly give null', () => {
    expect(rowsFromValue('/pods#http://etcd4:2379;http://etcd5:2379,/events#http://etcd6:2379')).toEqual([
      { group: '', resource: 'pods', servers: 'http://etcd4:2379 http://etcd5:2379' },
      { group: '', resource: 'events', servers: 'http://etcd6:2379' },
    ]);
    expect(rowsFromValue('/events# http://a:2379')).toBeNull();
    expect(rowsFromValue('/events#')).toBeNull();
  });
});
