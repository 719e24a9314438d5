import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { mirrorDirOf } from '../../../src/lib/citations/providers/mirror.ts';
import { parseEtcdServersOverrides, type EtcdServersOverride } from '../../../src/lib/model/etcd-servers-overrides.ts';
import { goDeclaration, goOverridesVerdicts, goVersion } from '../../../src/tooling/go-overrides-verdicts.ts';

// Verdicts recorded by running Go's encoding/csv with pflag v1.0.10's readAsCSV and kube-apiserver
// v1.37.0-beta.0's ParseEtcdServersOverrides, copied from the snapshots (npm run fixtures:overrides).
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

// Where Go and the snapshots are at hand, the committed verdicts must be what upstream's code gives now.
const go = goVersion();
const snapshots = Boolean(mirrorDirOf('spf13/pflag') && mirrorDirOf('kubernetes/apiserver'));
describe('the recorded verdicts', () => {
  it.skipIf(!go || !snapshots)(
    `are what the copied Go parsers give today (${go && snapshots ? go : 'SKIPPED: needs Go and CITATION_MIRRORS entries for spf13/pflag and kubernetes/apiserver'})`,
    () => {
      expect(goOverridesVerdicts(fixture.cases.map((c) => c.value))).toEqual(fixture.cases);
    },
  );
});

describe('goDeclaration', () => {
  const source =
    'package x\n\nvar errX = fmt.Errorf("x")\n\nfunc f(a int) int {\n\tif a > 0 {\n\t\treturn a\n\t}\n\treturn 0\n}\n\nfunc g() {}\n';
  it('takes a block to its closing brace at column one, or a one-line declaration alone', () => {
    expect(goDeclaration(source, 'func f(', 'x.go')).toBe(
      'func f(a int) int {\n\tif a > 0 {\n\t\treturn a\n\t}\n\treturn 0\n}',
    );
    expect(goDeclaration(source, 'var errX = ', 'x.go')).toBe('var errX = fmt.Errorf("x")');
  });
  it('says which declaration upstream no longer has, or which never closes', () => {
    expect(() => goDeclaration(source, 'func h(', 'a/b@v1:x.go')).toThrow(
      'a/b@v1:x.go: no declaration starting "func h("; the upstream file has changed.',
    );
    expect(() => goDeclaration('func k() {\n\treturn\n', 'func k(', 'x.go')).toThrow(/never closes/);
  });
});
