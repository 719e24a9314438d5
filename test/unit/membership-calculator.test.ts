import { describe, expect, it } from 'vitest';
import { parse } from 'node-html-parser';
import { membershipCalc } from '../../src/lib/calculators/membership.ts';
import { textOf, toHtml } from '../../src/lib/calculators/tree.ts';
import { CALCULATOR_SCHEMAS, decodeCalculator } from '../../src/lib/model/calculator-state.ts';
import { defaultState } from '../../src/lib/model/url-state.ts';

const defaults = membershipCalc.toRaw(defaultState(CALCULATOR_SCHEMAS.membership));
const run = (over: Record<string, string> = {}) => membershipCalc.compute({ ...defaults, ...over });
/** The step table's body rows as cell texts. */
const table = (over: Record<string, string> = {}) =>
  parse(toHtml(run(over).result))
    .querySelectorAll('.calc__steps tbody tr')
    .map((tr) => tr.querySelectorAll('td').map((td) => td.text));

describe('membership calculator', () => {
  it('defaults to replacing a failed member of three, removed first, the new one as a learner', () => {
    expect(defaults).toEqual({ p: 'replace', n: '3', m: '5', d: '1', o: 'remove-first', l: '1' });
    const t = textOf(run().result);
    expect(t).toMatch(/Steps4/);
    expect(t).toMatch(/Tightest margin0 further failures/);
    expect(t).toMatch(/At the end3 voting members, quorum 2, tolerates 1/);
    expect(table().map((r) => [r[0], r[2], r[3], r[4], r[5], r[7], r[8]])).toEqual([
      ['0', '3', '2', '0', '2', '0', ''],
      ['1', '2', '2', '0', '2', '0', 'accepts'],
      ['2', '2', '2', '1', '2', '0', 'accepts'],
      ['3', '2', '2', '1', '2', '0', 'accepts'],
      ['4', '3', '3', '0', '2', '1', 'accepts'],
    ]);
  });

  it('adding first is flagged: etcd refuses it, and forced it leaves no quorum', () => {
    const out = run({ o: 'add-first', l: '0' });
    const html = parse(toHtml(out.result));
    expect(html.querySelector('.calc__warn')?.text).toMatch(/refuses step 1.*no quorum after step 1/);
    const flagged = html.querySelectorAll('tr[data-flag]').map((tr) => tr.getAttribute('data-flag'));
    expect(flagged).toEqual(['refused']);
    expect(table({ o: 'add-first', l: '0' })[1]).toEqual([
      '1',
      'Add a voter\netcdctl member add <new-name> --peer-urls=<new-peer-url>',
      '4',
      '2',
      '3',
      '1',
      '-1 (no quorum)',
      'refuses',
    ]);
    // No learner in this plan, so no learner column.
    expect(html.querySelectorAll('.calc__steps th').map((th) => th.text)).not.toContain('Learners');
    expect(html.querySelector('.calc__reasons')?.text).toMatch(/unhealthy cluster/);
  });

  it('grows 3 → 5 and shrinks 5 → 3 with the end count checked against the plan', () => {
    expect(textOf(run({ p: 'grow', d: '0' }).result)).toMatch(/At the end5 voting members, quorum 3, tolerates 2/);
    expect(textOf(run({ p: 'shrink', n: '5', m: '3', d: '0' }).result)).toMatch(/At the end3 voting members/);
    expect(run({ p: 'grow', n: '5', m: '5' }).errors['m']).toBe('To grow, the end count must be more than 5; got 5.');
    expect(run({ p: 'shrink', n: '3', m: '5' }).errors['m']).toBe(
      'To shrink, the end count must be fewer than 3; got 5.',
    );
    // A replacement ignores the end count.
    expect(run({ m: '1' }).errors).toEqual({});
  });

  it('refuses nonsense with a message on the field', () => {
    expect(run({ d: '4' }).errors['d']).toBe('Members down (4) cannot exceed the 3 configured members.');
    expect(run({ n: '1', d: '0' }).errors['n']).toMatch(/at least 2 members/);
    expect(run({ n: 'three' }).errors['n']).toBeTruthy();
    expect(textOf(run({ n: '' }).result)).toMatch(/^No result yet/);
  });

  it('says when the start already lacks a quorum', () => {
    expect(textOf(run({ d: '2' }).result)).toMatch(/No quorum at the start.*--force-new-cluster/);
  });

  it('a link with more members down than members is clamped', () => {
    const d = decodeCalculator('membership', new URLSearchParams('j.n=3&j.d=7'));
    expect(d.state.d).toBe(3);
    expect(d.corrections).toEqual(['Link parameter "j.d" exceeds the 3 members; using 3.']);
  });
});
