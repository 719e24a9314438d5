/** The maintenance calculator: etcd members needed to survive f failures while k members are stopped. */
// Registers this calculator's URL state, so that it ships in this calculator's chunk only.
import '../model/schemas/maintenance.ts';
import { MAX_FAILURES_PLUS_STOPPED, membersForMaintenancePolicy } from '../model/maintenance.ts';
import { MAX_MEMBERS, maintenanceTolerance } from '../model/quorum.ts';
import * as SOURCES from '../model/sources.ts';
import { answer, invalid, text, whole, type CalcDef, type CalcView, type Raw } from './calc.ts';
import { facts, para, resultDoc } from './result-doc.ts';
import type { CalcLang } from './calc-words.ts';
import { MAINTENANCE_EN, MAINTENANCE_JA, MAINTENANCE_VIEW_JA, type MaintenanceWords } from './messages/maintenance.ts';

const WORDS: Record<CalcLang, MaintenanceWords> = { en: MAINTENANCE_EN, ja: MAINTENANCE_JA };

/** Title and labelled fields, used only by the build to render the form (the browser reads the DOM). */
export const maintenanceView: CalcView<'maintenance'> = {
  title: 'etcd members from the maintenance policy',
  sources: ['etcdFaqMaxClusterSize', 'etcdQuorum'],
  translations: { ja: MAINTENANCE_VIEW_JA },
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
  compute(raw: Readonly<Raw>, lang: CalcLang = 'en') {
    const w = WORDS[lang];
    const errors: Record<string, string> = {};
    const f = whole(raw, 'maintenance', 'f', w.failuresLabel, errors, lang);
    const k = whole(raw, 'maintenance', 'k', w.stoppedLabel, errors, lang);
    if (f !== null && k !== null && f + k > MAX_FAILURES_PLUS_STOPPED) {
      errors['k'] = w.tooMany(MAX_FAILURES_PLUS_STOPPED, MAX_MEMBERS, f + k);
    }
    if (f === null || k === null || errors['k']) return invalid(errors, lang);
    const r = membersForMaintenancePolicy(f, k);
    const check = maintenanceTolerance(r.members, k);
    return answer(
      errors,
      { f, k },
      resultDoc(
        [
          facts([
            [w.membersNeeded, w.membersValue(r.members, f, k)],
            [w.quorum, w.quorumValue(r.quorum)],
            [w.runningWith(k), w.runningValue(check.running, check.furtherFailuresTolerated)],
          ]),
          para(w.lead(r.members, f, k), 'lead'),
          // The model's warning, worded from its figures in the page's language.
          r.warning === null ? null : para(w.overSeven(r.members, r.quorum), 'warning'),
        ],
        w.rule,
        // etcd's FAQ behind the warning joins the deciding sources, which every channel links.
        r.warningSource === null ? [SOURCES.etcdQuorum] : [SOURCES.etcdQuorum, r.warningSource],
        lang,
      ),
    );
  },
};
