import { describe, expect, it } from 'vitest';
import { textOf } from '../../src/lib/calculators/tree.ts';
import { limitsCalc, limitsView } from '../../src/lib/calculators/limits.ts';
import { CALCULATOR_SCHEMAS, CALCULATOR_PREFIX, decodeCalculator } from '../../src/lib/model/calculator-state.ts';
import { defaultState } from '../../src/lib/model/url-state.ts';
import { TESTED_LIMITS } from '../../src/lib/model/tested-limits.ts';

const defaults = () => limitsCalc.toRaw(defaultState(CALCULATOR_SCHEMAS.limits));
const run = (over: Record<string, string>) => limitsCalc.compute({ ...defaults(), ...over });
const flat = (over: Record<string, string>) => textOf(run(over).result).replace(/\s+/g, ' ');

describe('tested-limits calculator', () => {
  it('asks for every modelled threshold, the cores of the busiest node, and the scaling choice', () => {
    const keys = limitsView.fields.map((f) => f.key);
    for (const l of TESTED_LIMITS) expect(keys).toContain(l.key);
    expect(keys).toContain('cores');
    expect(limitsView.fields.find((f) => f.key === 'scale')?.kind).toBe('checkbox');
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
    const t = flat({ scale: '0' });
    expect(t).toContain('Pods25,000 of 150,000: ratio 0.17, well within');
    expect(t).toContain('compared at their 5,000-node value');
    expect(run({ scale: '0' }).state?.scale).toBe(false);
  });

  it('a 4-core node with 50 pods is beyond the per-core rule, and that binds', () => {
    const out = run({ cores: '4', podsPerNode: '50' });
    const t = textOf(out.result).replace(/\s+/g, ' ');
    expect(t).toMatch(/^Binds first: Pods on one node, ratio 1\.25, beyond the tested envelope\./);
    expect(t).toContain('50 of 40 (10 × 4 cores)');
    expect(out.result[0]).toMatchObject({ attrs: { class: 'calc__warn' } });
  });

  it('an object over 1,536 KiB gets etcd\u2019s request limit; several high dimensions get the envelope note', () => {
    expect(flat({ objectSize: '1537' })).toContain('etcd refuses a request larger than --max-request-bytes');
    expect(flat({ objectSize: '1536' })).not.toContain('etcd refuses');
    // The defaults have four dimensions past half (pods, pods per namespace and per node, Services).
    expect(flat({})).toMatch(/4 dimensions are at half their thresholds or more/);
    const low = { pods: '1000', podsPerNamespace: '100', podsPerNode: '20', services: '100' };
    expect(flat(low)).not.toMatch(/dimensions are at half/);
    expect(flat({ ...low, events: '600000' })).not.toMatch(/dimensions are at half/);
    expect(flat({ ...low, events: '600000', tokens: '1000' })).toMatch(/^.*2 dimensions are at half/);
  });

  it('marks each bad count on its own field and gives no result or link state', () => {
    const out = run({ nodes: '0', pods: 'many', cores: '2.5' });
    expect(Object.keys(out.errors).sort()).toEqual(['cores', 'nodes', 'pods']);
    expect(out.errors['nodes']).toMatch(/Nodes must be at least 1/);
    expect(out.errors['pods']).toMatch(/Pods in the cluster must be a whole number/);
    expect(out.state).toBeNull();
    expect(textOf(out.result)).toMatch(/^No result yet: fix the 3 marked inputs/);
  });

  it('keeps its state in the URL under "l." and reads it back', () => {
    expect(CALCULATOR_PREFIX.limits).toBe('l.');
    const decoded = decodeCalculator('limits', new URLSearchParams({ 'l.nodes': '3000', 'l.scale': '0' }));
    expect(decoded.corrections).toEqual([]);
    expect(decoded.state.nodes).toBe(3000);
    expect(decoded.state.scale).toBe(false);
    expect(limitsCalc.toRaw(decoded.state).scale).toBe('0');
  });
});
