/**
 * The step tables of the membership chapter as built: the first shows the calculator's default
 * plan, and every table's numbers are the model's for the plan its label names.
 */
import { parse } from 'node-html-parser';
import { describe, expect, it } from 'vitest';
import { CALCULATOR_SCHEMAS } from '../../src/lib/model/calculator-state.ts';
import { planMembership, type MembershipInput } from '../../src/lib/model/membership.ts';
import { defaultState } from '../../src/lib/model/url-state.ts';
import { readPage } from '../helpers/built-pages.ts';
import { DIST } from '../helpers/paths.ts';

const tables = parse(readPage(DIST, 'membership/')).querySelectorAll('main table[data-table="membership"]');
/** Voting, running, learners, quorum, tolerates, margin and etcd's verdict of each row, as the page shows them. */
const shown = (i: number): string[][] =>
  tables[i]!.querySelectorAll('tbody tr').map((tr) =>
    tr
      .querySelectorAll('td')
      .slice(2)
      .map((td) => td.text.trim()),
  );
const modelled = (input: MembershipInput): string[][] =>
  planMembership(input).steps.map((s) => [
    String(s.voters),
    String(s.running),
    String(s.learners),
    String(s.quorum),
    String(s.tolerance),
    s.hasQuorum ? String(s.margin) : `${s.margin} (no quorum)`,
    s.index === 0 ? '' : s.refusal === null ? 'accepts' : 'refuses',
  ]);

describe('membership chapter step tables', () => {
  const d = defaultState(CALCULATOR_SCHEMAS.membership);
  const calculatorDefault: MembershipInput = {
    plan: d.p as MembershipInput['plan'],
    members: d.n,
    target: d.m,
    down: d.d,
    learners: d.l,
    order: d.o as MembershipInput['order'],
  };

  it('opens with the calculator’s default plan, as the model computes it', () => {
    expect(tables.length).toBeGreaterThanOrEqual(5);
    expect(shown(0)).toEqual(modelled(calculatorDefault));
  });

  it.each([
    [1, { ...calculatorDefault, order: 'add-first', learners: false }],
    [2, { ...calculatorDefault, plan: 'grow', down: 0 }],
    [3, { ...calculatorDefault, plan: 'grow', down: 0, learners: false }],
    [4, { ...calculatorDefault, plan: 'shrink', members: 5, target: 3, down: 0 }],
  ] as const)('table %i shows the model’s numbers for its plan', (i, input) => {
    expect(shown(i)).toEqual(modelled(input));
  });

  it('flags the refused add-first step the prose describes', () => {
    expect(shown(1)[1]).toEqual(['4', '2', '0', '3', '1', '-1 (no quorum)', 'refuses']);
  });
});
