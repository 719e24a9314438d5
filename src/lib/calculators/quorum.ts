/** The quorum calculator: quorum and failure tolerance for n members with k stopped. */
// Registers this calculator's URL state, so that it ships in this calculator's chunk only.
import '../model/schemas/quorum.ts';
import { checkStoppedWithinMembers } from '../model/input.ts';
import { MAX_MEMBERS, maintenanceTolerance, quorum, tolerance } from '../model/quorum.ts';
import * as SOURCES from '../model/sources.ts';
import { answer, invalid, take, text, whole, type CalcDef, type CalcView, type Raw } from './calc.ts';
import { facts, para, resultDoc } from './result-doc.ts';
import { calcWords, type CalcLang } from './calc-words.ts';
import { QUORUM_EN, QUORUM_JA, QUORUM_VIEW_JA, type QuorumWords } from './messages/quorum.ts';

const WORDS: Record<CalcLang, QuorumWords> = { en: QUORUM_EN, ja: QUORUM_JA };

/** Why an even n buys nothing, for the n the reader entered, in `lang`. */
export function evenCountNote(n: number, lang: CalcLang = 'en'): string {
  const w = WORDS[lang];
  if (n === 1) return w.oneMember;
  if (n % 2 === 0) return w.even(n, quorum(n), tolerance(n), quorum(n - 1));
  // For odd n, n + 1 members tolerate what n do. The model takes at most MAX_MEMBERS, so at the top of
  // the range the note leaves out the counts it cannot look up.
  if (n + 2 > MAX_MEMBERS) return w.oddAtTop(n, tolerance(n));
  return w.odd(n, quorum(n + 1), tolerance(n + 1), tolerance(n + 2));
}

/** Title and labelled fields, used only by the build to render the form (the browser reads the DOM). */
export const quorumView: CalcView<'quorum'> = {
  title: 'Quorum and failure tolerance',
  sources: ['etcdQuorum'],
  translations: { ja: QUORUM_VIEW_JA },
  fields: [
    {
      key: 'n',
      label: 'Members (n)',
      kind: 'text',
      inputmode: 'numeric',
      hint: (range) => `Configured etcd members, ${range}.`,
    },
    { key: 'k', label: 'Members stopped for maintenance (k)', kind: 'text', inputmode: 'numeric', hint: '0 to n.' },
  ],
};

export const quorumCalc: CalcDef<'quorum'> = {
  id: 'quorum',
  prefix: 'q',
  toRaw: (s) => ({ n: text(s.n), k: text(s.k) }),
  compute(raw: Readonly<Raw>, lang: CalcLang = 'en') {
    const w = WORDS[lang];
    const errors: Record<string, string> = {};
    const n = whole(raw, 'quorum', 'n', w.membersLabel, errors, lang);
    let k = whole(raw, 'quorum', 'k', w.stoppedLabel, errors, lang);
    if (n !== null && k !== null)
      k = take(checkStoppedWithinMembers(k, n, w.stoppedLabel, calcWords(lang).number), 'k', errors);
    if (n === null || k === null) return invalid(errors, lang);
    const m = maintenanceTolerance(n, k);
    return answer(
      errors,
      { n, k },
      resultDoc(
        [
          facts([
            [w.quorum, w.quorumValue(m.quorum, n)],
            [w.toleratedAllRunning, w.failures(m.toleranceWhenAllRunning)],
            [w.withStopped(k), m.hasQuorum ? w.furtherTolerated(m.furtherFailuresTolerated) : w.quorumAlreadyLost],
          ]),
          para(w.summary(m), m.hasQuorum ? 'lead' : 'warning'),
          para(evenCountNote(n, lang), 'info'),
        ],
        w.rule,
        [SOURCES.etcdQuorum],
        lang,
      ),
    );
  },
};
