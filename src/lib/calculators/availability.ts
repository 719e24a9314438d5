/** The availability calculator: probability of lost quorum, nines and minutes per year, with the chart. */
import { AVAILABILITY_URL } from '../model/schemas/availability.ts';
import { MINUTES_PER_YEAR, quorumLossProbability, unavailabilityFromMtbf } from '../model/availability.ts';
import { checkStoppedWithinMembers, parseFraction } from '../model/input.ts';
import { defaultState } from '../model/url-state.ts';
import type { ChartCurrent } from './chart-live.ts';
import * as SOURCES from '../model/sources.ts';
import { answer, decimal, invalid, take, text, whole, type CalcDef, type CalcView, type Raw } from './calc.ts';
import { facts, para, resultDoc } from './result-doc.ts';
import { fmtNum, fmtProb, plural } from './format.ts';

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
  compute(raw: Readonly<Raw>) {
    const errors: Record<string, string> = {};
    const mode: 'p' | 'mtbf' = byP(raw) ? 'p' : 'mtbf';
    let p: number | null = null;
    let mtbf: number | null = null;
    let mttr: number | null = null;
    if (mode === 'p') p = take(parseFraction(raw['p'] ?? '', 'Per-member unavailability p'), 'p', errors);
    else {
      mtbf = decimal(raw, 'availability', 'mtbf', 'MTBF', errors);
      mttr = decimal(raw, 'availability', 'mttr', 'MTTR', errors);
      if (mtbf !== null && mttr !== null) {
        if (mtbf + mttr > 0) p = unavailabilityFromMtbf(mtbf, mttr);
        else errors['mttr'] = 'MTBF + MTTR must be above 0 hours.';
      }
    }
    const n = whole(raw, 'availability', 'n', 'Members', errors);
    let k = whole(raw, 'availability', 'k', 'Members stopped', errors);
    if (n !== null && k !== null) k = take(checkStoppedWithinMembers(k, n), 'k', errors);
    if (p === null || n === null || k === null) return { ...invalid(errors), highlight: null };
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
            ...(mode === 'mtbf' ? [['Per-member unavailability p = MTTR / (MTBF + MTTR)', fmtProb(p)] as const] : []),
            ['P(lost quorum)', fmtProb(r.lostQuorum, r.log10LostQuorum, r.keepsQuorum)],
            [
              'Nines of quorum availability',
              r.nines === null ? 'unbounded: with p = 0 the model never loses quorum' : fmtNum(r.nines),
            ],
            [
              'Expected time without quorum per year',
              fmtMinutes(
                r.minutesPerYearWithoutQuorum,
                r.log10LostQuorum === null ? null : r.log10LostQuorum + Math.log10(MINUTES_PER_YEAR),
              ),
            ],
          ]),
          para(
            `${plural(n, 'member')}${k ? ` with ${k} stopped` : ''} ${n === 1 ? 'needs' : 'need'} ${r.quorum} up. A model: each running member is down with probability ${fmtProb(p)}, independently of the others; correlated failures (one rack, one bad release) make reality worse.`,
            'info',
          ),
        ],
        'Quorum is lost when fewer than quorum(n) = ⌊n/2⌋ + 1 of the n − k running members are up; each is down with probability p, independently, so the binomial distribution gives the chance.',
        [SOURCES.etcdQuorum],
      ),
      { n, k, p } satisfies ChartCurrent,
    );
  },
};
