/** The quorum calculator: quorum and failure tolerance for n members with k stopped. */
// Registers this calculator's URL state, so that it ships in this calculator's chunk only.
import '../model/schemas/quorum.ts';
import { checkStoppedWithinMembers } from '../model/input.ts';
import { MAX_MEMBERS, maintenanceTolerance, quorum, tolerance } from '../model/quorum.ts';
import * as SOURCES from '../model/sources.ts';
import { answer, invalid, take, text, whole, type CalcDef, type CalcView, type Raw } from './calc.ts';
import { facts, para, resultDoc } from './result-doc.ts';
import { plural } from './format.ts';

/** Why an even n buys nothing, for the n the reader entered. */
export function evenCountNote(n: number): string {
  if (n === 1) return 'One member tolerates no failure: any outage stops the cluster.';
  if (n % 2 === 0) {
    return `${n} is even: quorum is ${quorum(n)}, so it tolerates ${tolerance(n)} — the same as ${plural(n - 1, 'member')} (quorum ${quorum(n - 1)}), with one more machine that can fail.`;
  }
  // For odd n, n + 1 members tolerate what n do. The model takes at most MAX_MEMBERS, so at the top of
  // the range the note leaves out the counts it cannot look up.
  if (n + 2 > MAX_MEMBERS) return `${n} is odd: one more member would still tolerate only ${tolerance(n)}.`;
  return `${n} is odd: adding a member (${n + 1}, quorum ${quorum(n + 1)}) would still tolerate only ${tolerance(n + 1)}; the next gain is at ${n + 2}, which tolerates ${tolerance(n + 2)}.`;
}

/** Title and labelled fields, used only by the build to render the form (the browser reads the DOM). */
export const quorumView: CalcView<'quorum'> = {
  title: 'Quorum and failure tolerance',
  sources: ['etcdQuorum'],
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
  compute(raw: Readonly<Raw>) {
    const errors: Record<string, string> = {};
    const n = whole(raw, 'quorum', 'n', 'Members', errors);
    let k = whole(raw, 'quorum', 'k', 'Members stopped', errors);
    if (n !== null && k !== null) k = take(checkStoppedWithinMembers(k, n), 'k', errors);
    if (n === null || k === null) return invalid(errors);
    const m = maintenanceTolerance(n, k);
    return answer(
      errors,
      { n, k },
      resultDoc(
        [
          facts([
            ['Quorum', `${plural(m.quorum, 'member')} (⌊${n}/2⌋ + 1)`],
            ['Failures tolerated, all running', plural(m.toleranceWhenAllRunning, 'failure')],
            [
              `With ${k} stopped`,
              m.hasQuorum
                ? `${plural(m.furtherFailuresTolerated, 'further failure')} tolerated`
                : 'quorum already lost',
            ],
          ]),
          para(m.summary, m.hasQuorum ? 'lead' : 'warning'),
          para(evenCountNote(n), 'info'),
        ],
        'Quorum is ⌊n/2⌋ + 1 voting members; n members tolerate n − quorum failures, and each member stopped spends one of them.',
        [SOURCES.etcdQuorum],
      ),
    );
  },
};
