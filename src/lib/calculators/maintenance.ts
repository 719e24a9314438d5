/** The maintenance calculator: etcd members needed to survive f failures while k members are stopped. */
// Registers this calculator's URL state, so that it ships in this calculator's chunk only.
import '../model/schemas/maintenance.ts';
import { MAX_FAILURES_PLUS_STOPPED, membersForMaintenancePolicy } from '../model/maintenance.ts';
import { maintenanceTolerance } from '../model/quorum.ts';
import * as SOURCES from '../model/sources.ts';
import { answer, invalid, text, whole, type CalcDef, type CalcView, type Raw } from './calc.ts';
import { facts, para, resultDoc } from './result-doc.ts';
import { plural } from './format.ts';

/** Title and labelled fields, used only by the build to render the form (the browser reads the DOM). */
export const maintenanceView: CalcView<'maintenance'> = {
  title: 'etcd members from the maintenance policy',
  sources: ['etcdFaqMaxClusterSize', 'etcdQuorum'],
  fields: [
    {
      key: 'f',
      label: 'Failures to survive during maintenance (f)',
      kind: 'text',
      inputmode: 'numeric',
      hint: (range) => `${range}.`,
    },
    {
      key: 'k',
      label: 'Members stopped at once (k)',
      kind: 'text',
      inputmode: 'numeric',
      hint: (range) => `${range}; f + k at most ${MAX_FAILURES_PLUS_STOPPED}.`,
    },
  ],
};

export const maintenanceCalc: CalcDef<'maintenance'> = {
  id: 'maintenance',
  prefix: 'm',
  toRaw: (s) => ({ f: text(s.f), k: text(s.k) }),
  compute(raw: Readonly<Raw>) {
    const errors: Record<string, string> = {};
    const f = whole(raw, 'maintenance', 'f', 'Failures to survive', errors);
    const k = whole(raw, 'maintenance', 'k', 'Members stopped at once', errors);
    if (f !== null && k !== null && f + k > MAX_FAILURES_PLUS_STOPPED) {
      errors['k'] =
        `Failures plus stopped members must be at most ${MAX_FAILURES_PLUS_STOPPED} (that is 99 members); got ${f + k}.`;
    }
    if (f === null || k === null || errors['k']) return invalid(errors);
    const r = membersForMaintenancePolicy(f, k);
    const check = maintenanceTolerance(r.members, k);
    return answer(
      errors,
      { f, k },
      resultDoc(
        [
          facts([
            ['Members needed', `${r.members} = 2 × (${f} + ${k}) + 1`],
            ['Quorum', plural(r.quorum, 'member')],
            [
              `Running with ${k} stopped`,
              `${check.running}, so ${plural(check.furtherFailuresTolerated, 'further failure')} tolerated`,
            ],
          ]),
          para(
            `Smallest n with n − k − quorum(n) ≥ f: ${plural(r.members, 'member')} ${r.members === 1 ? 'survives' : 'survive'} ${plural(f, 'failure')} while ${k} ${k === 1 ? 'is' : 'are'} stopped` +
              (r.members > 1 ? `; ${r.members - 1} would not.` : '.'),
            'lead',
          ),
          r.warning === null ? null : para(r.warning, 'warning'),
        ],
        'The smallest n with n − k − quorum(n) ≥ f, quorum(n) = ⌊n/2⌋ + 1: that is n = 2 × (f + k) + 1.',
        // etcd's FAQ behind the warning joins the deciding sources, which every channel links.
        r.warningSource === null ? [SOURCES.etcdQuorum] : [SOURCES.etcdQuorum, r.warningSource],
      ),
    );
  },
};
