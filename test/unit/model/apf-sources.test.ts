/**
 * The APF model's bootstrap levels against the chapter's citations of default.go: each level's
 * shares (and lendable percentage, where cited) are `expect` fragments of a verified citation on
 * the API-server capacity page, so a number the model holds is one the build checks upstream.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { extractFromSource } from '../../../src/lib/citations/extract.ts';
import { BOOTSTRAP_LEVELS } from '../../../src/lib/model/apf.ts';

const PAGE = 'content/docs/apiserver-capacity.mdx';
const DEFAULT_GO = 'staging/src/k8s.io/apiserver/pkg/apis/flowcontrol/bootstrap/default.go';

/** The level a citation's fragments name: `"system",` or the mandatory configurations' variable names. */
function levelOf(expect: readonly string[]): string | undefined {
  for (const e of expect) {
    const quoted = /^"([a-z-]+)",$/.exec(e)?.[1];
    if (quoted) return quoted;
    if (e.startsWith('MandatoryPriorityLevelConfigurationExempt')) return 'exempt';
    if (e.startsWith('MandatoryPriorityLevelConfigurationCatchAll')) return 'catch-all';
  }
  return undefined;
}

const number = (expect: readonly string[], field: string): number | undefined => {
  const hit = expect.map((e) => new RegExp(`^${field}:\\s+ptr\\.To\\(int32\\((\\d+)\\)\\),$`).exec(e)).find(Boolean);
  return hit ? Number(hit[1]) : undefined;
};

describe('APF bootstrap levels', () => {
  const { citations, errors } = extractFromSource(PAGE, readFileSync(join(process.cwd(), PAGE), 'utf8'));
  const cited = new Map<string, readonly string[]>();
  for (const c of citations) {
    if (c.ref.path !== DEFAULT_GO) continue;
    const level = levelOf(c.expect);
    if (level && number(c.expect, 'NominalConcurrencyShares') !== undefined) cited.set(level, c.expect);
  }

  it('the page cites every level the model holds, with its shares', () => {
    expect(errors).toEqual([]);
    expect([...cited.keys()].sort()).toEqual(BOOTSTRAP_LEVELS.map((l) => l.name).sort());
  });

  it.each(BOOTSTRAP_LEVELS.map((l) => [l.name, l] as const))('%s: shares and lendable % as cited', (name, level) => {
    const expectFragments = cited.get(name)!;
    expect(number(expectFragments, 'NominalConcurrencyShares')).toBe(level.nominalConcurrencyShares);
    const lendable = number(expectFragments, 'LendablePercent');
    if (lendable !== undefined) expect(lendable).toBe(level.lendablePercent);
  });
});
