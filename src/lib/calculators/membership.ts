/**
 * The membership calculator: a replacement, a grow or a shrink of an etcd cluster, step by step,
 * with the quorum and the failure margin after each step and the steps etcd refuses by default
 * (the model: src/lib/model/membership.ts).
 */
import '../model/schemas/membership.ts';
import { checkStoppedWithinMembers } from '../model/input.ts';
import {
  DEFAULT_MAX_LEARNERS,
  planMembership,
  type MembershipPlan,
  type MembershipResult,
  type MembershipStep,
  type ReplaceOrder,
} from '../model/membership.ts';
import { answer, invalid, take, text, whole, type CalcDef, type CalcView, type Raw } from './calc.ts';
import { facts, para, resultDoc, type Block, type Cell, type Inline } from './result-doc.ts';
import { stepSources } from './membership-sources.ts';

export { stepSources };
import { plural } from './format.ts';

const PLANS: readonly MembershipPlan[] = ['replace', 'grow', 'shrink'];

/** Title and labelled fields, used only by the build to render the form (the browser reads the DOM). */
export const membershipView: CalcView<'membership'> = {
  title: 'Membership change, step by step',
  sources: [
    'etcdClusterReadyToAdd',
    'etcdClusterReadyToPromote',
    'etcdClusterReadyToRemove',
    'etcdQuorum',
    'etcdServerMayAddMember',
    'etcdServerMayRemoveMember',
  ],
  fields: [
    {
      key: 'p',
      label: 'Plan',
      kind: 'select',
      options: [
        ['replace', 'Replace one member'],
        ['grow', 'Grow the cluster'],
        ['shrink', 'Shrink the cluster'],
      ],
    },
    {
      key: 'n',
      label: 'Voting members at the start',
      kind: 'text',
      inputmode: 'numeric',
      hint: (range) => `${range}; at least 2 to replace one.`,
    },
    {
      key: 'm',
      label: 'Voting members at the end',
      kind: 'text',
      inputmode: 'numeric',
      hint: (range) => `${range}; grow and shrink only: more than at the start to grow, fewer to shrink.`,
    },
    {
      key: 'd',
      label: 'Members down at the start',
      kind: 'text',
      inputmode: 'numeric',
      hint: (range) => `${range}; at most the start count: failed or stopped, still configured.`,
    },
    {
      key: 'o',
      label: 'Order (replace only)',
      kind: 'select',
      options: [
        ['remove-first', 'Remove the old member, then add the new one'],
        ['add-first', 'Add the new member, then remove the old one'],
      ],
    },
    { key: 'l', label: 'Add new members as learners, then promote them', kind: 'checkbox' },
  ],
};

const ACTION_LABEL: Readonly<Record<MembershipStep['action'], string>> = {
  start: 'Start',
  'remove-down': 'Remove a down member',
  'remove-running': 'Remove a running member',
  'add-voter': 'Add a voter',
  'add-learner': 'Add a learner',
  'start-voter': 'Start the new voter',
  'start-learner': 'Start the learner, let it catch up',
  promote: 'Promote the learner',
};

function marginText(s: MembershipStep): string {
  return s.hasQuorum ? String(s.margin) : `${s.margin} (no quorum)`;
}

/** The step table: one row per step, with what etcd says of it. */
export function stepTable(r: MembershipResult): Block {
  // The learner column only where a learner appears, so that the table fits a narrow column.
  const learners = r.steps.some((s) => s.learners > 0);
  const head = [
    'Step',
    'Action',
    'Voting',
    'Running',
    ...(learners ? ['Learners'] : []),
    'Quorum',
    'Tolerates',
    'Margin',
    'etcd',
  ];
  const cell = (...content: Inline[]): Cell => ({ content });
  return {
    kind: 'table',
    label: 'Steps of the plan',
    className: 'calc__steps',
    head,
    rows: r.steps.map((s) => ({
      ...(s.refusal !== null || !s.hasQuorum ? { flag: s.refusal !== null ? 'refused' : 'no-quorum' } : {}),
      cells: [
        cell(String(s.index)),
        cell(ACTION_LABEL[s.action], ...(s.command ? [{ br: true } as const, { code: s.command }] : [])),
        cell(String(s.voters)),
        cell(String(s.running)),
        ...(learners ? [cell(String(s.learners))] : []),
        cell(String(s.quorum)),
        cell(String(s.tolerance)),
        cell(marginText(s)),
        cell(s.index === 0 ? '' : s.refusal !== null ? 'refuses' : 'accepts'),
      ],
    })),
  };
}

/** Why each flagged step is flagged, and what each step asks the operator to wait for. */
function reasons(r: MembershipResult): Block {
  const steps = r.steps.slice(1);
  return {
    kind: 'list',
    className: 'calc__reasons',
    numbers: steps.map((s) => s.index),
    items: steps.map((s) => [
      s.description,
      ...(s.refusal ? [{ strong: [` ${s.refusal}`] }] : []),
      ...(!s.hasQuorum ? [{ strong: [` No quorum: ${s.running} running, ${s.quorum} needed.`] }] : []),
    ]),
  };
}

/** Checks the end count against the plan; null when it fits. */
function targetProblem(plan: MembershipPlan, n: number, m: number): string | null {
  if (plan === 'grow' && m <= n) return `To grow, the end count must be more than ${n}; got ${m}.`;
  if (plan === 'shrink' && m >= n) return `To shrink, the end count must be fewer than ${n}; got ${m}.`;
  return null;
}

export const membershipCalc: CalcDef<'membership'> = {
  id: 'membership',
  // Every field stays shown (no showWhen): the plan select changes which ones the model reads, and
  // the hints say so, so a reader switching plans never sees the form jump.
  prefix: 'j',
  toRaw: (s) => ({ p: s.p, n: text(s.n), m: text(s.m), d: text(s.d), o: s.o, l: s.l ? '1' : '0' }),
  compute(raw: Readonly<Raw>) {
    const errors: Record<string, string> = {};
    const p: MembershipPlan = PLANS.find((x) => x === raw['p']) ?? 'replace';
    const o: ReplaceOrder = raw['o'] === 'add-first' ? 'add-first' : 'remove-first';
    const l = raw['l'] === '1';
    const n = whole(raw, 'membership', 'n', 'Voting members at the start', errors);
    const m = whole(raw, 'membership', 'm', 'Voting members at the end', errors);
    let d = whole(raw, 'membership', 'd', 'Members down', errors);
    if (n !== null && d !== null) d = take(checkStoppedWithinMembers(d, n, 'Members down'), 'd', errors);
    if (n !== null && p === 'replace' && n < 2)
      errors['n'] = 'Replacing needs at least 2 members: grow a one-member cluster to 3 first.';
    if (n !== null && m !== null && p !== 'replace') {
      const problem = targetProblem(p, n, m);
      if (problem) errors['m'] = problem;
    }
    if (n === null || m === null || d === null || Object.keys(errors).length > 0) return invalid(errors);
    const r = planMembership({ plan: p, members: n, target: m, down: d, learners: l, order: o });
    const end = r.steps[r.steps.length - 1]!;
    const bad = r.refusedAt !== null || r.quorumLostAt !== null;
    return answer(
      errors,
      { p, n, m, d, o, l },
      resultDoc(
        [
          facts([
            ['Steps', String(r.steps.length - 1)],
            [
              'Tightest margin',
              r.noQuorumAtStart
                ? 'no quorum at the start'
                : r.smallestMargin < 0
                  ? `no quorum (${r.smallestMargin})`
                  : plural(r.smallestMargin, 'further failure'),
            ],
            ['At the end', `${plural(end.voters, 'voting member')}, quorum ${end.quorum}, tolerates ${end.tolerance}`],
          ]),
          para(r.summary, r.refusedAt !== null ? 'refusal' : bad ? 'warning' : 'lead'),
          stepTable(r),
          r.steps.length > 1 ? reasons(r) : null,
          ...r.notes.map((t) => para(t, 'info')),
          l
            ? para(
                `Learners join one at a time: etcd allows ${plural(DEFAULT_MAX_LEARNERS, 'learner')} by default (--max-learners), so each is promoted before the next is added.`,
                'info',
              )
            : null,
          para(
            'Margin = running voters − quorum: further failures tolerated at that moment. Learners have no vote and count in no quorum. ' +
              '“refuses” is etcd v3.7.0 with its default --strict-reconfig-check; the numbers on a refused row are what forcing it would leave.',
            'info',
          ),
        ],
        'Each change adds, removes or promotes one member; quorum is ⌊voters/2⌋ + 1 (learners do not vote) and the margin is running voters − quorum. With its default --strict-reconfig-check, etcd v3.7.0 refuses an add unless the member handling it is connected to a quorum of the enlarged cluster (and, for a voter, the started voters make one), a removal unless the started voters left make the smaller quorum (and, for a running member, the connected ones still do), and a promotion unless the started voters and the learner make a quorum of the enlarged cluster.',
        stepSources(r),
      ),
    );
  },
};
