/** The availability calculator: probability of lost quorum, nines and minutes per year, with the chart. */
import { AVAILABILITY_URL } from '../model/schemas/availability.ts';
import { MINUTES_PER_YEAR, quorumLossProbability, unavailabilityFromMtbf } from '../model/availability.ts';
import { checkStoppedWithinMembers, parseFraction } from '../model/input.ts';
import { defaultState } from '../model/url-state.ts';
import type { ChartCurrent } from './chart-live.ts';
import * as SOURCES from '../model/sources.ts';
import { answer, decimal, invalid, take, text, whole, type CalcDef, type CalcView, type Raw } from './calc.ts';
import { facts, para, resultDoc } from './result-doc.ts';
import { fmtNum, fmtProb } from './format.ts';
import { calcWords, type CalcLang } from './calc-words.ts';
import {
  AVAILABILITY_EN,
  AVAILABILITY_JA,
  AVAILABILITY_VIEW_JA,
  type AvailabilityWords,
} from './messages/availability.ts';

const WORDS: Record<CalcLang, AvailabilityWords> = { en: AVAILABILITY_EN, ja: AVAILABILITY_JA };

/**
 * Minutes for reading: "1.58 min", tiny values in powers of ten, never "0" for a positive value.
 * @param log10 - log10 of the minutes when known, for a value that underflowed to 0 (see fmtProb).
 */
export function fmtMinutes(min: number, log10: number | null = null): string {
  return min >= 0.01 ? `${fmtNum(min)} min` : `${fmtProb(min, log10)} min`;
}

const DEFAULTS = defaultState(AVAILABILITY_URL.schema);
const byP = (raw: Readonly<Raw>): boolean => raw['mode'] !== 'mtbf';
const byMtbf = (raw: Readonly<Raw>): boolean => !byP(raw);

/** Title and labelled fields, used only by the build to render the form (the browser reads the DOM). */
export const availabilityView: CalcView<'availability'> = {
  title: 'Availability: probability of lost quorum',
  sources: ['etcdQuorum'],
  translations: { ja: AVAILABILITY_VIEW_JA },
  fields: [
    {
      key: 'mode',
      label: 'Give member unavailability as',
      kind: 'select',
      options: [
        ['p', 'a probability p'],
        ['mtbf', 'MTBF and MTTR'],
      ],
    },
    {
      key: 'p',
      label: 'Per-member unavailability (p)',
      kind: 'text',
      inputmode: 'decimal',
      hint: '0 to 1, e.g. 0.001, or a percentage such as 0.1%.',
    },
    {
      key: 'mtbf',
      label: 'Mean time between failures (MTBF, hours)',
      kind: 'text',
      inputmode: 'decimal',
      hint: 'Hours, e.g. 4380 (half a year).',
    },
    {
      key: 'mttr',
      label: 'Mean time to repair (MTTR, hours)',
      kind: 'text',
      inputmode: 'decimal',
      hint: 'Hours, e.g. 4.',
    },
    { key: 'n', label: 'Members (n)', kind: 'text', inputmode: 'numeric', hint: (range) => `${range}.` },
    { key: 'k', label: 'Members stopped for maintenance (k)', kind: 'text', inputmode: 'numeric', hint: '0 to n.' },
  ],
};

export const availabilityCalc: CalcDef<'availability'> = {
  id: 'availability',
  prefix: 'a',
  showWhen: { p: byP, mtbf: byMtbf, mttr: byMtbf },
  toRaw: (s) => ({ mode: s.mode, p: text(s.p), mtbf: text(s.mtbf), mttr: text(s.mttr), n: text(s.n), k: text(s.k) }),
  compute(raw: Readonly<Raw>, lang: CalcLang = 'en') {
    const w = WORDS[lang];
    const numberWords = calcWords(lang).number;
    const errors: Record<string, string> = {};
    const mode: 'p' | 'mtbf' = byP(raw) ? 'p' : 'mtbf';
    let p: number | null = null;
    let mtbf: number | null = null;
    let mttr: number | null = null;
    if (mode === 'p') p = take(parseFraction(raw['p'] ?? '', w.pLabel, numberWords), 'p', errors);
    else {
      mtbf = decimal(raw, 'availability', 'mtbf', w.mtbfLabel, errors, lang);
      mttr = decimal(raw, 'availability', 'mttr', w.mttrLabel, errors, lang);
      if (mtbf !== null && mttr !== null) {
        if (mtbf + mttr > 0) p = unavailabilityFromMtbf(mtbf, mttr);
        else errors['mttr'] = w.mtbfMttrZero;
      }
    }
    const n = whole(raw, 'availability', 'n', w.membersLabel, errors, lang);
    let k = whole(raw, 'availability', 'k', w.stoppedLabel, errors, lang);
    if (n !== null && k !== null) k = take(checkStoppedWithinMembers(k, n, w.stoppedLabel, numberWords), 'k', errors);
    if (p === null || n === null || k === null) return { ...invalid(errors, lang), highlight: null };
    const r = quorumLossProbability(n, p, k);
    // The other mode's fields keep their defaults, which the URL leaves out.
    const state =
      mode === 'p'
        ? { ...DEFAULTS, mode, p, n, k }
        : { ...DEFAULTS, mode, mtbf: mtbf ?? DEFAULTS.mtbf, mttr: mttr ?? DEFAULTS.mttr, n, k };
    return answer(
      errors,
      state,
      resultDoc(
        [
          facts([
            ...(mode === 'mtbf' ? [[w.pFromMtbf, fmtProb(p)] as const] : []),
            [w.lostQuorum, fmtProb(r.lostQuorum, r.log10LostQuorum, r.keepsQuorum)],
            [w.nines, r.nines === null ? w.ninesUnbounded : fmtNum(r.nines)],
            [
              w.timeWithoutQuorum,
              fmtMinutes(
                r.minutesPerYearWithoutQuorum,
                r.log10LostQuorum === null ? null : r.log10LostQuorum + Math.log10(MINUTES_PER_YEAR),
              ),
            ],
          ]),
          para(w.model(n, k, r.quorum, fmtProb(p)), 'info'),
        ],
        w.rule,
        [SOURCES.etcdQuorum],
        lang,
      ),
      { n, k, p } satisfies ChartCurrent,
    );
  },
};
