import { describe, expect, it } from 'vitest';
import {
  DEFAULT_MAX_REQUEST_BYTES,
  GIB,
  SUGGESTED_MAX_QUOTA_GIB,
  estimateDbSize,
  parseResourceRows,
  type DbSizeInput,
} from '../../../src/lib/model/db-size.ts';
import { DB_SIZE_EXAMPLE_ROWS } from '../../../src/lib/model/db-size-example.ts';

const base: DbSizeInput = {
  rows: [{ name: 'pods', objects: 1000, meanBytes: 1000, writesPerSecond: 1 }],
  compactionMinutes: 5,
  keyOverheadBytes: 0,
  fragmentation: 2,
  growthPercentPerDay: 1,
  quotaGiB: 1,
  horizonDays: 100,
  headroomPercent: 25,
};

describe('parseResourceRows', () => {
  it('reads name, objects, mean bytes and writes, skipping comments and blank lines', () => {
    const r = parseResourceRows('# comment\n\npods 3000 6000 2\r\nleases\t120  400 12\n');
    expect(r).toEqual({
      ok: true,
      value: [
        { name: 'pods', objects: 3000, meanBytes: 6000, writesPerSecond: 2 },
        { name: 'leases', objects: 120, meanBytes: 400, writesPerSecond: 12 },
      ],
    });
  });
  it('reads writes per day with a /d suffix (divided by 86,400) and allows /s', () => {
    const r = parseResourceRows('configmaps 10 100 86400/d\nsecrets 1 1 3/s\nleases 1 1 2/D');
    expect(r.ok && r.value.map((x) => x.writesPerSecond)).toEqual([1, 3, 2 / 86_400]);
    const bad = parseResourceRows('pods 1 1 x/d');
    expect(!bad.ok && bad.error).toMatch(/^Line 1, writes per day/);
  });
  it('accepts the example rows', () => {
    const r = parseResourceRows(DB_SIZE_EXAMPLE_ROWS);
    expect(r.ok && r.value.map((x) => x.name)).toEqual(['pods', 'leases', 'events', 'configmaps', 'secrets']);
  });
  it('names the line and says what to write', () => {
    expect(parseResourceRows('pods 3000 6000')).toEqual({
      ok: false,
      error: 'Line 1 has 3 columns; write four: name, objects, mean bytes, writes (e.g. "pods 3000 6000 2").',
    });
    const frac = parseResourceRows('# x\npods 3000.5 6000 2');
    expect(!frac.ok && frac.error).toMatch(/^Line 2, objects must be a whole number/);
    const neg = parseResourceRows('pods 1 -5 2');
    expect(!neg.ok && neg.error).toMatch(/^Line 1, mean bytes/);
    const name = parseResourceRows('p;ds 1 5 2');
    expect(!name.ok && name.error).toMatch(/the name "p;ds" may hold only/);
    const grouped = parseResourceRows('pods 10,000 5 2');
    expect(!grouped.ok && grouped.error).toMatch(/^Line 1, objects/);
  });
  it('refuses empty input and too many rows', () => {
    expect(parseResourceRows('# only a comment\n').ok).toBe(false);
    const many = Array.from({ length: 41 }, (_, i) => `r${i} 1 1 1`).join('\n');
    const r = parseResourceRows(many);
    expect(!r.ok && r.error).toMatch(/More than 40 resources/);
    expect(parseResourceRows(many.split('\n').slice(0, 40).join('\n')).ok).toBe(true);
  });
});

describe('estimateDbSize', () => {
  it('adds live data and two compaction intervals of writes, then applies the fragmentation factor', () => {
    const e = estimateDbSize(base);
    expect(e.liveBytes).toBe(1_000_000);
    // 1 write/s × 2 × 300 s = 600 revisions of 1,000 bytes.
    expect(e.revisionsKept).toBe(600);
    expect(e.historyBytes).toBe(600_000);
    expect(e.logicalBytes).toBe(1_600_000);
    expect(e.onDiskBytes).toBe(3_200_000);
    expect(e.quotaBytes).toBe(GIB);
    expect(e.quotaUsed).toBeCloseTo(3_200_000 / GIB, 12);
  });
  it('charges the per-key overhead on every live object and every kept revision', () => {
    const e = estimateDbSize({ ...base, keyOverheadBytes: 256 });
    expect(e.liveBytes).toBe(1000 * 1256);
    expect(e.historyBytes).toBe(600 * 1256);
  });
  it('gives days to the quota at linear growth, 0 when over it and null without growth', () => {
    expect(estimateDbSize(base).daysToQuota).toBeCloseTo((GIB - 3_200_000) / 32_000, 6);
    expect(estimateDbSize({ ...base, growthPercentPerDay: 0 }).daysToQuota).toBeNull();
    expect(estimateDbSize({ ...base, quotaGiB: 0.001 }).daysToQuota).toBe(0);
  });
  it('sets the quota from the size at the horizon plus headroom, rounded up to a whole GiB', () => {
    const big = estimateDbSize({
      ...base,
      rows: [{ name: 'x', objects: 1_000_000, meanBytes: 1000, writesPerSecond: 0 }],
      fragmentation: 1,
      growthPercentPerDay: 1,
      horizonDays: 100,
      headroomPercent: 25,
    });
    // 1e9 bytes × (1 + 0.01 × 100) × 1.25 = 2.5e9 bytes = 2.33 GiB → 3 GiB.
    expect(big.onDiskAtHorizonBytes).toBe(2e9);
    expect(big.quotaToSetGiB).toBe(3);
    expect(big.aboveSuggestedMax).toBe(false);
    expect(estimateDbSize(base).quotaToSetGiB).toBe(1);
  });
  it('warns above the suggested maximum and for objects over the request limit', () => {
    const e = estimateDbSize({
      ...base,
      rows: [
        { name: 'huge', objects: 10_000, meanBytes: DEFAULT_MAX_REQUEST_BYTES + 1, writesPerSecond: 0 },
        { name: 'ok', objects: 1, meanBytes: DEFAULT_MAX_REQUEST_BYTES, writesPerSecond: 0 },
      ],
    });
    expect(e.quotaToSetGiB).toBeGreaterThan(SUGGESTED_MAX_QUOTA_GIB);
    expect(e.aboveSuggestedMax).toBe(true);
    expect(e.tooLarge).toEqual(['huge']);
  });
  it('refuses values outside their domain', () => {
    expect(() => estimateDbSize({ ...base, rows: [] })).toThrow(RangeError);
    expect(() => estimateDbSize({ ...base, compactionMinutes: 0 })).toThrow(/Compaction interval/);
    expect(() => estimateDbSize({ ...base, fragmentation: 0.5 })).toThrow(/Fragmentation factor/);
    expect(() => estimateDbSize({ ...base, quotaGiB: 0 })).toThrow(/Quota/);
  });
});
