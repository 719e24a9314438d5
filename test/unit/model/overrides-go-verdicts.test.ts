import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { parseEtcdServersOverrides, type EtcdServersOverride } from '../../../src/lib/model/etcd-servers-overrides.ts';

// Verdicts recorded by running Go's encoding/csv with verbatim copies of pflag v1.0.10's
// readAsCSV and kube-apiserver v1.37.0-beta.0's ParseEtcdServersOverrides on each value.
interface Case {
  value: string;
  ok: boolean;
  stage?: 'flag' | 'override';
  overrides?: EtcdServersOverride[];
}
const fixture = JSON.parse(readFileSync(new URL('./fixtures/overrides-go-verdicts.json', import.meta.url), 'utf8')) as {
  cases: Case[];
};

describe('parseEtcdServersOverrides agrees with the Go implementation', () => {
  it('has a meaningful mix of cases', () => {
    expect(fixture.cases.length).toBeGreaterThan(500);
    expect(fixture.cases.filter((c) => c.ok).length).toBeGreaterThan(20);
    expect(fixture.cases.filter((c) => c.stage === 'flag').length).toBeGreaterThan(20);
    expect(fixture.cases.filter((c) => c.stage === 'override').length).toBeGreaterThan(20);
  });

  it('on every recorded value: accept/reject, failing stage, and parsed overrides', () => {
    const mismatches = fixture.cases.filter((c) => {
      const r = parseEtcdServersOverrides(c.value);
      if (r.ok !== c.ok) return true;
      if (!r.ok) return r.stage !== c.stage;
      return JSON.stringify(r.overrides) !== JSON.stringify(c.overrides);
    });
    expect(mismatches.map((c) => c.value)).toEqual([]);
  });
});
