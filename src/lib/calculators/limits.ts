/** The tested-limits calculator: a cluster's counts against sig-scalability's thresholds. */
// Registers this calculator's URL state, so that it ships in this calculator's chunk only.
import '../model/schemas/limits.ts';
import {
  APPROACHING_FROM,
  LARGEST_TESTED_NODES,
  PODS_PER_CORE,
  TESTED_LIMITS,
  checkTestedLimits,
  type LimitCheck,
  type LimitKey,
} from '../model/tested-limits.ts';
import type { CalculatorKey, CalculatorState } from '../model/calculator-state.ts';
import * as SOURCES from '../model/sources.ts';
import {
  answer,
  invalid,
  text,
  whole,
  type CalcDef,
  type CalcView,
  type FieldDef,
  type Raw,
  type ViewText,
} from './calc.ts';
import type { CalcLang } from './calc-words.ts';
import { LIMITS_EN, LIMITS_JA, type LimitsWords } from './messages/limits.ts';
import { facts, para, resultDoc } from './result-doc.ts';
import { fmtInt, fmtNum, fmtNumApart } from './format.ts';

/** The calculator's field keys (short, in the URL) and the model's names for them. */
type Key = CalculatorKey<'limits'>;
type Count = Exclude<Key, 'sc'>;

const WORDS: Record<CalcLang, LimitsWords> = { en: LIMITS_EN, ja: LIMITS_JA };

/**
 * Each count's field: its key, the model's name for it and the unit its hint names. Exported for
 * the tests, which check that every threshold of the model has a field.
 */
export const LIMIT_FIELDS: readonly (readonly [Count, LimitKey | 'cores', string])[] = [
  ['n', 'nodes', ''],
  ['c', 'cores', ''],
  ['pn', 'podsPerNode', ''],
  ['p', 'pods', ''],
  ['pns', 'podsPerNamespace', ''],
  ['ns', 'namespaces', ''],
  ['s', 'services', ''],
  ['sns', 'servicesPerNamespace', ''],
  ['ep', 'endpointsPerService', ''],
  ['dns', 'deploymentsPerNamespace', ''],
  ['o', 'objectsPerType', ''],
  ['ev', 'events', ''],
  ['os', 'objectSize', ' KiB'],
  ['ts', 'typeSize', ' MiB'],
  ['tk', 'tokens', ''],
  ['tq', 'tokenQps', ''],
];

/** The form's text in one language, from its catalogue. */
function viewText(w: LimitsWords): ViewText<Key> {
  return {
    title: w.title,
    fields: {
      ...(Object.fromEntries(
        LIMIT_FIELDS.map(([key, , unit]) => [
          key,
          { label: w.labels[key], hint: (range: string) => w.hint(range, unit) },
        ]),
      ) as ViewText<Count>['fields']),
      sc: { label: w.scaleLabel },
    },
  };
}

/** Title and labelled fields, used only by the build to render the form (the browser reads the DOM). */
export const limitsView: CalcView<'limits'> = {
  title: LIMITS_EN.title,
  sources: ['scalabilityThresholdsCaveats'],
  translations: { ja: viewText(LIMITS_JA) },
  fields: [
    ...LIMIT_FIELDS.map(([key, , unit]): FieldDef<Key> => ({
      key,
      label: LIMITS_EN.labels[key],
      kind: 'text',
      inputmode: 'numeric',
      hint: (range) => LIMITS_EN.hint(range, unit),
    })),
    { key: 'sc', label: LIMITS_EN.scaleLabel, kind: 'checkbox' },
  ],
};

/** "25,000 of 30,000 (150,000 × 1,000 ÷ 5,000): ratio 0.83, approaching". */
function line(c: LimitCheck, nodes: number, w: LimitsWords): string {
  const u = w.unit[c.limit.unit];
  const how =
    c.derivation?.kind === 'scaled'
      ? w.scaled(fmtInt(c.limit.threshold), fmtInt(nodes), fmtInt(LARGEST_TESTED_NODES))
      : c.derivation?.kind === 'perCore'
        ? w.perCore(PODS_PER_CORE, c.derivation.cores)
        : '';
  return w.line(
    `${fmtInt(c.value)}${u}`,
    `${fmtInt(c.limitInUse)}${u}`,
    how,
    w.readAs[c.limit.key] ?? '',
    fmtNumApart(c.ratio, 1),
    w.status[c.status],
  );
}

export const limitsCalc: CalcDef<'limits'> = {
  id: 'limits',
  prefix: 'l',
  toRaw: (s) => ({
    ...(Object.fromEntries(LIMIT_FIELDS.map(([k]) => [k, text(s[k])])) as Record<Count, string>),
    sc: s.sc ? '1' : '0',
  }),
  compute(raw: Readonly<Raw>, lang: CalcLang = 'en') {
    const w = WORDS[lang];
    const errors: Record<string, string> = {};
    const state = { sc: raw['sc'] === '1' } as CalculatorState<'limits'>;
    const counts = {} as Record<LimitKey | 'cores', number>;
    for (const [k, name] of LIMIT_FIELDS) {
      const v = whole(raw, 'limits', k, w.labels[k], errors, lang);
      if (v !== null) state[k] = counts[name] = v;
    }
    if (Object.keys(errors).length > 0) return invalid(errors, lang);
    const scale = state.sc;
    const report = checkTestedLimits(counts, scale);
    const b = report.binding;
    const lead = b.ratio === 0 ? w.allZero : w.binds(w.names[b.limit.key], fmtNumApart(b.ratio, 1), w.status[b.status]);
    const blocks = [
      para(lead, b.status === 'beyond' ? 'warning' : 'lead'),
      facts(report.checks.map((c) => [w.names[c.limit.key], line(c, counts.nodes, w)] as const)),
      report.high.length >= 2 ? para(w.high(report.high.length), 'info') : null,
      counts.objectSize > TESTED_LIMITS.find((l) => l.key === 'objectSize')!.threshold
        ? para(w.tooLarge, 'refusal')
        : null,
      para(
        [
          w.notHard,
          scale && counts.nodes < LARGEST_TESTED_NODES
            ? w.scaledNote(fmtInt(counts.nodes), fmtInt(LARGEST_TESTED_NODES))
            : w.unscaledNote,
        ],
        'info',
      ),
    ];
    return answer(
      errors,
      state,
      resultDoc(blocks, w.rule(fmtNum(APPROACHING_FROM)), [SOURCES.scalabilityThresholdsCaveats], lang),
    );
  },
};
