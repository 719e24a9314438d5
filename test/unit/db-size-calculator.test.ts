import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { dbSizeCalc } from '../../src/lib/calculators/db-size.ts';
import { textOf } from '../../src/lib/calculators/tree.ts';
import { BOUND_DEFAULTS, type BoundDefault } from '../../src/lib/model/bound-defaults.ts';
import { CALCULATOR_SCHEMAS } from '../../src/lib/model/calculator-state.ts';
import { DEFAULT_MAX_REQUEST_BYTES, SUGGESTED_MAX_QUOTA_GIB } from '../../src/lib/model/db-size.ts';
import { defaultState } from '../../src/lib/model/url-state.ts';

const defaults = () => dbSizeCalc.toRaw(defaultState(CALCULATOR_SCHEMAS.dbSize));
const run = (over: Record<string, string>) => dbSizeCalc.compute({ ...defaults(), ...over });

describe('database-size calculator', () => {
  it('shows the default rows’ sizes, worked out by hand from the formulas', () => {
    // Live: Σ objects × (bytes + 256) = 52,799,520; history: Σ writes × 600 s × (bytes + 256) = 29,927,760,
    // 20,460 revisions; × 1.5 on disk = 124,090,920 bytes (118.34 MiB), 5.78 % of 2 GiB;
    // (2 GiB − on disk) ÷ (on disk × 0.2 %) = 8,152.9 days.
    const out = run({});
    expect(out.errors).toEqual({});
    const t = textOf(out.result);
    expect(t).toContain('Live data (latest revision of every key)50.35 MiB');
    expect(t).toContain('History before a compaction (20,460 revisions, 2 × 5 min of writes)28.54 MiB');
    expect(t).toContain('On disk before a defragmentation (× 1.5)118.34 MiB');
    expect(t).toContain('Share of the 2 GiB quota5.78 %');
    expect(t).toContain('Days until the quota at 0.2 % a day8,152 days');
    expect(t).toContain('1 GiB (the 2 GiB in force already covers it)');
    // A flag value has no thousands separators.
    expect(t).toContain('1 GiB is --quota-backend-bytes=1073741824.');
    expect(t).not.toMatch(/NaN|Infinity/);
  });
  it('reads writes per day written with /d', () => {
    const perSecond = textOf(run({ rows: 'x 0 744 1' }).result);
    const perDay = textOf(run({ rows: 'x 0 744 86400/d' }).result);
    // 1 write/s × 600 s × (744 + 256) bytes = 600,000 bytes either way.
    expect(perSecond).toContain('585.94 KiB');
    expect(perDay).toContain('585.94 KiB');
  });
  it('warns above the suggested maximum quota and for objects over the request limit', () => {
    const t = textOf(run({ rows: 'blobs 10000 2000000 0', fr: '1' }).result);
    expect(t).toMatch(/above the 8 GiB etcd suggests at most/);
    expect(t).toMatch(/blobs: a mean object over 1\.5 MiB is over etcd’s default request limit/);
  });
  it('refuses bad rows and bad numbers on their own fields, with what to write', () => {
    const out = run({ rows: 'pods 3000', fr: '0.5', ci: '0' });
    expect(out.state).toBeNull();
    expect(out.errors['rows']).toMatch(/^Line 1 has 2 columns; write four/);
    expect(out.errors['fr']).toMatch(/Fragmentation factor/);
    expect(out.errors['ci']).toMatch(/Compaction interval/);
    expect(textOf(out.result)).toMatch(/^No result yet: fix the 3 marked inputs\./);
  });
  it('keeps the rows and every number in the state it returns', () => {
    const out = run({ rows: 'a 1 2 3/d', q: '4' });
    expect(out.state).toMatchObject({ rows: 'a 1 2 3/d', q: 4, ci: 5, ko: 256 });
  });
});

describe('database-size defaults bound to upstream', () => {
  const page = readFileSync(new URL('../../content/docs/etcd-database.mdx', import.meta.url), 'utf8');
  const mine = BOUND_DEFAULTS.filter((b): b is BoundDefault => 'calculator' in b && b.calculator === 'dbSize');
  it('binds the compaction interval, the per-key overhead and the quota', () => {
    expect(mine.map((b) => b.field).sort()).toEqual(['ci', 'ko', 'q']);
  });
  it.each(mine)('$field: the page shows the same ref and pattern as a <Value>', (b) => {
    expect(page).toContain(`<Value ref="${b.ref}" pattern="${b.pattern}"`);
    expect(Object.keys(CALCULATOR_SCHEMAS.dbSize)).toContain(b.field);
  });
});

describe('database-size model constants agree with the upstream values the lock recorded', () => {
  interface Entry {
    key: string;
    values?: Record<string, string>;
  }
  const lock = JSON.parse(readFileSync(new URL('../../citations.lock.json', import.meta.url), 'utf8')) as {
    entries: Entry[];
  };
  const valueOf = (key: string, pattern: string): number => {
    const v = lock.entries.find((e) => e.key === key)?.values?.[pattern];
    if (v === undefined) throw new Error(`No value recorded for ${key} with ${pattern}: run npm run cite -- pin.`);
    return Number(v);
  };
  it('suggested maximum quota: MaxQuotaBytes in GiB', () => {
    expect(
      valueOf(
        'etcd-io/etcd@v3.7.0:server/storage/quota.go#L33',
        'MaxQuotaBytes = int64\\((\\d+) \\* 1024 \\* 1024 \\* 1024\\)',
      ),
    ).toBe(SUGGESTED_MAX_QUOTA_GIB);
  });
  it('request limit: DefaultMaxRequestBytes in MiB', () => {
    expect(
      valueOf(
        'etcd-io/etcd@v3.7.0:server/embed/config.go#L67',
        'DefaultMaxRequestBytes\\s+= (\\d+(?:\\.\\d+)?) \\* 1024 \\* 1024',
      ) *
        1024 *
        1024,
    ).toBe(DEFAULT_MAX_REQUEST_BYTES);
  });
});
