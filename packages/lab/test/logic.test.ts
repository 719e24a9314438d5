import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { claimRatios } from '../src/compare.ts';
import { parseLabResult } from '../../../src/lib/lab/result.ts';
import { labSummary, probeSummary } from '../src/summary.ts';
import { SITE_ROOT } from '../src/paths.ts';
import { parseNumberList, parsePositive } from '../src/args.ts';
import { bucketQuantile, parseMetrics } from '../src/prometheus.ts';
import { recommend } from '../src/recommend.ts';
import { pinningFailed, planPinning } from '../src/pinning.ts';

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
  const dir = join(SITE_ROOT, 'content', 'lab-results');
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
