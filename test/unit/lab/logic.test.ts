import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { claimRatios } from '../../../src/lib/lab/compare.ts';
import { parseLabResult } from '../../../src/lib/lab/result.ts';
import { labSummary, probeSummary } from '../../../src/lib/lab/summary.ts';
import { ROOT } from '../../../src/tooling/paths.ts';
import { parseNumberList, parsePositive } from '../../../src/lib/lab/args.ts';
import { bucketQuantile, parseMetrics } from '../../../src/lib/lab/prometheus.ts';
import { recommend } from '../../../src/lib/lab/recommend.ts';
import { countPerInterval, failureWindow, median, ratio } from '../../../src/lib/lab/stats.ts';
import { timeoutsForRtt } from '../../../src/lib/lab/timeouts.ts';
import { pinningFailed, planPinning } from '../../../src/lib/lab/pinning.ts';

describe('failure window', () => {
  it('is the gap around the stop between acknowledgements', () => {
    expect(failureWindow([100, 900, 950, 2100, 2200], 1000)).toBe(2100 - 950);
    expect(failureWindow([2200, 100, 2100, 950], 1000)).toBe(2100 - 950);
  });
  it('is not ended by writes committed before the stop and acknowledged just after it', () => {
    expect(failureWindow([900, 990, 1001, 1003, 2100, 2110], 1000)).toBe(2100 - 1003);
  });
  it('starts at the stop when nothing was acknowledged before it, and is null when nothing came after', () => {
    expect(failureWindow([1500, 1600], 1000)).toBe(500);
    expect(failureWindow([100, 200], 1000)).toBeNull();
    expect(failureWindow([], 1000)).toBeNull();
  });
});

describe('acknowledgements per interval', () => {
  it('counts events per slice up to the last one', () => {
    expect(countPerInterval([0, 50, 99.9, 100, 350], 100)).toEqual([3, 1, 0, 1]);
    expect(countPerInterval([], 100)).toEqual([]);
    expect(() => countPerInterval([1], 0)).toThrow(RangeError);
  });
});

describe('median and ratio', () => {
  it('median takes the lower middle and refuses an empty list', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2);
    expect(() => median([])).toThrow(RangeError);
  });
  it('ratio rounds to 2 decimals and is null without both values', () => {
    expect(ratio(1, 3)).toBe(0.33);
    expect(ratio(null, 3)).toBeNull();
    expect(ratio(3, 0)).toBeNull();
    expect(ratio(3, undefined)).toBeNull();
  });
});

describe('timeouts from the RTT', () => {
  it('keeps etcd defaults for small RTTs and unknown RTT', () => {
    expect(timeoutsForRtt(null)).toEqual({ heartbeatMs: 100, electionTimeoutMs: 1000, refusal: null });
    expect(timeoutsForRtt(0)).toEqual({ heartbeatMs: 100, electionTimeoutMs: 1000, refusal: null });
    expect(timeoutsForRtt(50)).toEqual({ heartbeatMs: 100, electionTimeoutMs: 1000, refusal: null });
  });
  it('follows the timeouts model: heartbeat ⌈RTT⌉, election ≥ 10 × RTT in whole heartbeats, refused past 50 s', () => {
    expect(timeoutsForRtt(200)).toEqual({ heartbeatMs: 200, electionTimeoutMs: 2000, refusal: null });
    expect(timeoutsForRtt(101)).toEqual({ heartbeatMs: 101, electionTimeoutMs: 1010, refusal: null });
    const far = timeoutsForRtt(10_000);
    expect(far.electionTimeoutMs).toBe(100_000);
    expect(far.refusal).toMatch(/50000/);
  });
  it('refuses negative or non-finite RTT', () => {
    expect(() => timeoutsForRtt(-1)).toThrow(RangeError);
    expect(() => timeoutsForRtt(Number.NaN)).toThrow(RangeError);
  });
});

describe('pinning members and the load generator', () => {
  it('pins only when each member has a CPU and the load generator two', () => {
    expect(planPinning(2, 5)).toEqual({
      pinned: false,
      reason:
        '2 CPUs for up to 5 members, the load generator and its proxies: too few to give each its own, so they share them',
    });
    expect(planPinning(6, 5).pinned).toBe(false);
    expect(planPinning(7, 5)).toEqual({
      pinned: true,
      reason: 'member i on CPU i (0–4), the load generator and its proxy threads on CPUs 5–6',
      memberCpus: [0, 1, 2, 3, 4],
      generatorCpus: '5-6',
    });
    expect(planPinning(16, 3)).toMatchObject({ memberCpus: [0, 1, 2], generatorCpus: '3-15' });
  });

  it('a plan that could not be applied is recorded unpinned, saying what failed', () => {
    expect(pinningFailed(planPinning(7, 5), 'taskset: not found')).toEqual({
      pinned: false,
      reason:
        'member i on CPU i (0–4), the load generator and its proxy threads on CPUs 5–6 was planned, but pinning failed (taskset: not found), so processes share the CPUs',
    });
  });
});

describe('recommendation', () => {
  const base = { dbSizeBytes: null, quotaBytes: null, rttMs: null };
  it('recommends an odd member count from the quorum model', () => {
    expect(recommend({ ...base, votingMembers: 1 }).recommendedMembers).toBe(3);
    expect(recommend({ ...base, votingMembers: 4 })).toMatchObject({ recommendedMembers: 3, toleratedFailures: 1 });
    expect(recommend({ ...base, votingMembers: 5 })).toMatchObject({ recommendedMembers: 5, toleratedFailures: 2 });
    expect(recommend({ ...base, votingMembers: 9 }).recommendedMembers).toBe(7);
    expect(() => recommend({ ...base, votingMembers: -1 })).toThrow(RangeError);
  });
  it('reports quota headroom and warns above 80 %', () => {
    const low = recommend({ ...base, votingMembers: 3, dbSizeBytes: 100, quotaBytes: 1000 });
    expect(low.quotaUsedFraction).toBe(0.1);
    expect(low.notes.join(' ')).not.toMatch(/NOSPACE/);
    const high = recommend({ ...base, votingMembers: 3, dbSizeBytes: 900, quotaBytes: 1000 });
    expect(high.notes.join(' ')).toMatch(/NOSPACE/);
    expect(recommend({ ...base, votingMembers: 3 }).quotaUsedFraction).toBeNull();
  });
  it('derives timeouts from the RTT through timeoutsForRtt', () => {
    expect(recommend({ ...base, votingMembers: 3, rttMs: 200 })).toMatchObject({
      heartbeatMs: 200,
      electionTimeoutMs: 2000,
    });
    expect(recommend({ ...base, votingMembers: 3, rttMs: 10_000 }).notes.join('\n')).toMatch(
      /etcd would refuse to start with these: .*50000/,
    );
  });
});

describe('Prometheus text', () => {
  const text = [
    '# HELP etcd_disk_wal_fsync_duration_seconds x',
    '# TYPE etcd_disk_wal_fsync_duration_seconds histogram',
    'etcd_disk_wal_fsync_duration_seconds_bucket{le="0.001"} 50',
    'etcd_disk_wal_fsync_duration_seconds_bucket{le="0.002"} 90',
    'etcd_disk_wal_fsync_duration_seconds_bucket{le="0.004"} 99',
    'etcd_disk_wal_fsync_duration_seconds_bucket{le="+Inf"} 100',
    'etcd_disk_wal_fsync_duration_seconds_sum 0.1',
    'etcd_disk_wal_fsync_duration_seconds_count 100',
    'etcd_server_quota_backend_bytes 2.147483648e+09',
  ].join('\n');
  it('reads histograms and gauges, and sums scrapes', () => {
    const m = parseMetrics(text);
    const h = m.histograms.get('etcd_disk_wal_fsync_duration_seconds')!;
    expect(h.count).toBe(100);
    expect(bucketQuantile(h, 0.5)).toBe(0.001);
    expect(bucketQuantile(h, 0.9)).toBe(0.002);
    expect(bucketQuantile(h, 0.99)).toBe(0.004);
    expect(bucketQuantile(h, 1)).toBeNull(); // in the +Inf bucket
    expect(m.values.get('etcd_server_quota_backend_bytes')).toBe(2147483648);
    parseMetrics(text, m);
    expect(m.histograms.get('etcd_disk_wal_fsync_duration_seconds')!.count).toBe(200);
  });
  it('has no quantile for an empty histogram and refuses a quantile outside 0–1', () => {
    expect(bucketQuantile({ buckets: new Map(), count: 0 }, 0.5)).toBeNull();
    expect(() => bucketQuantile({ buckets: new Map(), count: 0 }, 2)).toThrow(RangeError);
  });
});

describe('command-line numbers', () => {
  it('parses lists and positives with clear messages', () => {
    expect(parseNumberList('0, 2,10,2', '--rtt', { min: 0, max: 500, whole: false })).toEqual([0, 2, 10]);
    expect(() => parseNumberList('1,x', '--members', { min: 1, max: 7, whole: true })).toThrow(/--members: "x"/);
    expect(() => parseNumberList('', '--members', { min: 1, max: 7, whole: true })).toThrow(/needs a list/);
    expect(() => parseNumberList('9', '--members', { min: 1, max: 7, whole: true })).toThrow(/from 1 to 7/);
    expect(parsePositive('2.5', '--duration', 120)).toBe(2.5);
    expect(() => parsePositive('0', '--duration', 120)).toThrow(/--duration must be/);
    expect(() => parsePositive('1.5', '--clients', 10, true)).toThrow(/whole/);
  });
});

describe('committed results', () => {
  const dir = join(ROOT, 'content', 'lab-results');
  // Backup measurements have their own schema, checked in backup.test.ts.
  const files = readdirSync(dir).filter((f) => f.endsWith('.json') && !f.startsWith('backup-'));
  it('exist', () => expect(files.length).toBeGreaterThan(0));
  it.each(files)('%s parses, and its summary names the etcd version and the claims', (file) => {
    const r = parseLabResult(JSON.parse(readFileSync(join(dir, file), 'utf8')), file);
    const summary = r.kind === 'lab' ? labSummary(r) : probeSummary(r);
    expect(summary).toContain(r.environment.etcdVersion);
    if (r.kind === 'lab') {
      const claims = claimRatios(r);
      expect(claims.map((c) => c.id)).toEqual([
        'writes-5-over-1',
        'serializable-over-linearizable',
        'leader-loss-window',
      ]);
      for (const c of r.clusters)
        for (const f of [c.scenarios.followerStop, c.scenarios.leaderStop]) if (f) expect(f.missing).toBe(0);
    }
  });
  it('refuses a result of another shape with the field named', () => {
    expect(() => parseLabResult({ schemaVersion: 1, kind: 'lab' }, 'x.json')).toThrow(
      /x\.json is not a lab result.*startedAt/,
    );
  });
});
