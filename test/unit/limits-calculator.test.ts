import { describe, expect, it } from 'vitest';
import { textOf } from '../../src/lib/calculators/tree.ts';
import { LIMIT_FIELDS, limitsCalc, limitsView } from '../../src/lib/calculators/limits.ts';
import { CALCULATOR_SCHEMAS, CALCULATOR_PREFIX, decodeCalculator } from '../../src/lib/model/calculator-state.ts';
import { defaultState } from '../../src/lib/model/url-state.ts';
import { TESTED_LIMITS } from '../../src/lib/model/tested-limits.ts';

const defaults = () => limitsCalc.toRaw(defaultState(CALCULATOR_SCHEMAS.limits));
const run = (over: Record<string, string>) => limitsCalc.compute({ ...defaults(), ...over });
const flat = (over: Record<string, string>) => textOf(run(over).result).replace(/\s+/g, ' ');

describe('tested-limits calculator', () => {
  it('asks for every modelled threshold, the cores of the busiest node, and the scaling choice', () => {
    const names = LIMIT_FIELDS.map(([, name]) => name);
    for (const l of TESTED_LIMITS) expect(names).toContain(l.key);
    expect(names).toContain('cores');
    expect(new Set(names).size).toBe(names.length);
    expect(limitsView.fields.map((f) => f.key)).toEqual([...LIMIT_FIELDS.map(([k]) => k), 'sc']);
    expect(limitsView.fields.find((f) => f.key === 'sc')?.kind).toBe('checkbox');
  });

  it('by default: 1,000 nodes scale pods to 30,000, and pods bind first, approaching', () => {
    const t = flat({});
    expect(t).toMatch(/^Binds first: Pods, ratio 0\.83, approaching\./);
    expect(t).toContain('Pods25,000 of 30,000 (150,000 × 1,000 ÷ 5,000): ratio 0.83, approaching');
    expect(t).toContain('Nodes1,000 of 5,000: ratio 0.2, well within');
    expect(t).toContain('not hard limits');
    expect(t).toContain('compared at 1,000 ÷ 5,000 of their 5,000-node value');
  });

  it('unchecked, the cluster-wide thresholds are the 5,000-node ones', () => {
    const t = flat({ sc: '0' });
    expect(t).toContain('Pods25,000 of 150,000: ratio 0.17, well within');
    expect(t).toContain('compared at their 5,000-node value');
    expect(run({ sc: '0' }).state?.sc).toBe(false);
  });

  it('a 4-core node with 50 pods is beyond the per-core rule, and that binds', () => {
    const out = run({ c: '4', pn: '50' });
    const t = textOf(out.result).replace(/\s+/g, ' ');
    expect(t).toMatch(/^Warning: Binds first: Pods on one node, ratio 1\.25, beyond the tested envelope\./);
    expect(t).toContain('50 of 40 (10 × 4 cores)');
    expect(out.result[0]).toMatchObject({ attrs: { class: 'calc__warn' } });
  });

  it('an object over 1,536 KiB gets etcd\u2019s request limit; several high dimensions get the envelope note', () => {
    expect(flat({ os: '1537' })).toContain('etcd refuses a request larger than --max-request-bytes');
    expect(flat({ os: '1536' })).not.toContain('etcd refuses');
    // The defaults have four dimensions past half (pods, pods per namespace and per node, Services).
    expect(flat({})).toMatch(/4 dimensions are at half their thresholds or more/);
    const low = { p: '1000', pns: '100', pn: '20', s: '100' };
    expect(flat(low)).not.toMatch(/dimensions are at half/);
    expect(flat({ ...low, ev: '600000' })).not.toMatch(/dimensions are at half/);
    expect(flat({ ...low, ev: '600000', tk: '1000' })).toMatch(/^.*2 dimensions are at half/);
  });

  it('marks each bad count on its own field and gives no result or link state', () => {
    const out = run({ n: '0', p: 'many', c: '2.5' });
    expect(Object.keys(out.errors).sort()).toEqual(['c', 'n', 'p']);
    expect(out.errors['n']).toMatch(/Nodes must be at least 1/);
    expect(out.errors['p']).toMatch(/Pods in the cluster must be a whole number/);
    expect(out.state).toBeNull();
    expect(textOf(out.result)).toMatch(/^No result yet: fix the 3 marked inputs/);
  });

  it('keeps its state in the URL under "l." and reads it back', () => {
    expect(CALCULATOR_PREFIX.limits).toBe('l.');
    const decoded = decodeCalculator('limits', new URLSearchParams({ 'l.n': '3000', 'l.sc': '0' }));
    expect(decoded.corrections).toEqual([]);
    expect(decoded.state.n).toBe(3000);
    expect(decoded.state.sc).toBe(false);
    expect(limitsCalc.toRaw(decoded.state).sc).toBe('0');
  });
});
