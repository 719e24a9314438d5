import { describe, expect, test } from 'vitest';
import { barChart, niceTicks } from '../../../src/lib/charts/bar-chart.ts';
import {
  labFigure,
  leaderLossFigure,
  leaderTimelineFigure,
  readsFigure,
  writesFigure,
} from '../../../src/lib/charts/lab-figures.ts';
import { methodNote } from '../../../src/lib/charts/lab-figure-format.ts';
import { textOf, toHtml, type TreeElement } from '../../../src/lib/calculators/tree.ts';
import { parseLabResult, type ClusterRun, type LabResult, type LoadResult } from '../../../src/lib/lab/result.ts';

const stats = (p50: number) => ({
  count: 100,
  p50Ms: p50,
  p90Ms: p50 * 1.5,
  p99Ms: p50 * 3,
  maxMs: p50 * 5,
  meanMs: p50,
});
const load = (throughput: number, p50: number): LoadResult => ({
  clients: 8,
  valueBytes: 2048,
  keys: 1000,
  durationMs: 5000,
  ops: Math.round(throughput * 5),
  errors: 0,
  throughputPerSec: throughput,
  latency: stats(p50),
  firstError: null,
});
const stop = (role: 'leader' | 'follower', window: number) => ({
  stoppedMember: 'm1',
  role,
  signal: 'SIGKILL' as const,
  valueBytes: 64,
  stoppedAtMs: 1000,
  writeFailureWindowMs: window,
  electionMs: role === 'leader' ? window - 10 : null,
  leaderBefore: 'm1',
  leaderAfter: role === 'leader' ? 'm2' : 'm1',
  writesAttempted: 500,
  writesAcknowledged: 480,
  writesReadBack: 480,
  missing: 0,
  writeErrors: 20,
  firstError: null,
});

/** A cluster whose write throughput falls and read latency rises with members and RTT. */
function cluster(members: number, rtt: number): ClusterRun {
  const names = Array.from({ length: members }, (_, i) => `m${i + 1}`);
  return {
    id: `m${members}-rtt${rtt}`,
    members,
    memberNames: names,
    rttRequestedMs: rtt,
    rtt: [],
    heartbeatMs: 100,
    electionTimeoutMs: 1000,
    scenarios: {
      write: load(4000 / members / (1 + rtt), 1 + rtt),
      linearizableRead: load(6000, 0.5 + rtt),
      serializableRead: load(9000, 0.4),
      mixed: null,
      followerStop: members > 1 ? stop('follower', 40 + rtt) : null,
      leaderStop: members > 1 ? stop('leader', 1100 + rtt * 10) : null,
      majorityLoss: null,
    },
    skipped: [],
    errors: [],
  };
}

function result(clusters: ClusterRun[]): LabResult {
  return parseLabResult({
    schemaVersion: 1,
    kind: 'lab',
    startedAt: '2026-12-01T10:00:00.000Z',
    endedAt: '2026-12-01T10:08:00.000Z',
    environment: {
      hostLabel: 'lab-host',
      etcdBinary: '/usr/bin/etcd',
      etcdVersion: '3.4.23',
      etcdGoVersion: 'go1.19',
      nodeVersion: 'v24.0.0',
      clientLibrary: { name: 'etcd3', version: '1.1.2' },
      histogramLibrary: { name: 'hdr-histogram-js', version: '3.0.1' },
      cpuModel: 'Test CPU',
      cpuCount: 2,
      kernel: 'Linux 6.1',
      platform: 'linux',
      dataDir: { path: '/var/tmp/lab', filesystem: 'ext4', device: '/dev/sda1' },
    },
    settings: { durationMs: 5000, clients: 8, valueBytes: 2048, memberCounts: [1, 3, 5], rttMs: [0, 2] },
    fsync: null,
    clusters,
    probe: null,
  });
}

const full = (): LabResult => result([cluster(1, 0), cluster(3, 0), cluster(5, 0), cluster(3, 2), cluster(5, 2)]);

describe('niceTicks', () => {
  test.each([
    [0, [0, 0.2, 0.4, 0.6, 0.8, 1]],
    [7, [0, 2, 4, 6, 8]],
    [1234, [0, 500, 1000, 1500]],
    [0.37, [0, 0.1, 0.2, 0.3, 0.4]],
  ])('covers %s from 0 in a few round steps', (max, ticks) => {
    expect(niceTicks(max)).toEqual(ticks);
  });
  test('the last tick is never below max, and there are 3 to 7 ticks', () => {
    for (const max of [1, 3, 9.5, 11, 99, 101, 4999, 12345.6]) {
      const t = niceTicks(max);
      expect(t.at(-1)).toBeGreaterThanOrEqual(max);
      expect(t.length).toBeGreaterThanOrEqual(3);
      expect(t.length).toBeLessThanOrEqual(7);
    }
  });
  test('rejects a negative or infinite max', () => {
    expect(() => niceTicks(-1)).toThrow(RangeError);
    expect(() => niceTicks(Infinity)).toThrow(/finite number/);
  });
});

describe('barChart', () => {
  const spec = {
    id: 't',
    title: 'T',
    desc: 'D',
    yLabel: 'y',
    series: ['a', 'b'],
    groups: [
      {
        label: 'g1',
        bars: [
          { series: 0, value: 10, label: '10' },
          { series: 1, value: 5, label: '5' },
        ],
      },
      { label: 'g2', bars: [{ series: 0, value: null, label: 'n/a' }] },
    ],
    reference: { value: 8, label: 'ref' },
  };
  const rects = (svg: TreeElement): TreeElement[] =>
    svg.children.filter((c): c is TreeElement => typeof c !== 'string' && c.tag === 'rect' && 'data-value' in c.attrs);

  test('bar heights are proportional to values on a shared axis from 0', () => {
    const svg = barChart(spec);
    const [a, b] = rects(svg);
    expect(Number(a!.attrs['height'])).toBeCloseTo(2 * Number(b!.attrs['height']), 0);
    expect(textOf(svg)).toContain('n/a');
    expect(toHtml(svg)).toMatch(
      /^<svg class="bar-chart" viewBox="0 0 560 300" role="img" aria-labelledby="t-title t-desc"/,
    );
    expect(toHtml(svg)).toContain('class="bar-chart__reference"');
  });
  test('a negative value or an unknown series is an error naming the bar', () => {
    const bad = { ...spec, groups: [{ label: 'g', bars: [{ series: 0, value: -1, label: '' }] }] };
    expect(() => barChart(bad)).toThrow(/bar "g" has value -1/);
    const unknown = { ...spec, groups: [{ label: 'g', bars: [{ series: 2, value: 1, label: '' }] }] };
    expect(() => barChart(unknown)).toThrow(/names series 2, which is not in the legend/);
  });
});

describe('lab figures', () => {
  test('writes: one group per member count, one series per RTT, ratios against one member', () => {
    const r = full();
    const f = writesFigure(r)!;
    expect(f.chart!.series).toEqual(['0 ms RTT', '2 ms RTT']);
    expect(f.chart!.groups.map((g) => g.label)).toEqual(['1 member', '3 members', '5 members']);
    expect(f.chart!.groups[0]!.bars).toHaveLength(1);
    const one = r.clusters[0]!.scenarios.write!.throughputPerSec;
    const five = r.clusters[2]!.scenarios.write!.throughputPerSec;
    expect(f.findings[0]).toBe(
      `5 members, 0 ms RTT ÷ 1 member: ${(five / one).toFixed(2)} × the write throughput, medians of 1 windows.`,
    );
    expect(f.table[0]).toEqual([
      'Members · RTT',
      'Writes/s, median (range)',
      'p50',
      'p99',
      '÷ 1 member',
      'Delay added during load: p50 (median window) / p99 (highest window)',
      'CPU-bound windows',
    ]);
    expect(f.table).toHaveLength(1 + 5);
  });

  test('reads: linearizable beside serializable per cluster, with the p50 ratio', () => {
    const f = readsFigure(full())!;
    expect(f.chart!.series).toEqual(['linearizable', 'serializable']);
    expect(f.chart!.groups).toHaveLength(5);
    const lin = ((0.5 + 2) / 0.4).toFixed(2);
    expect(f.findings).toContain(
      `At 2 ms added RTT a linearizable read's median was ${lin} × (3 members) and ${lin} × (5 members) a serializable one's.`,
      // a version-1 result does not say how many clients per member read
    );
    expect(f.table[1]![0]).toBe('1');
  });

  test('leader loss of a version-1 run: its one gap per stop, said to be bounded by the 3 s deadline', () => {
    const f = leaderLossFigure(full())!;
    expect(f.chart!.reference).toEqual({ value: 1000, label: 'election timeout 1,000 ms' });
    expect(f.chart!.groups.map((g) => g.bars.map((b) => b.value))).toEqual([
      [40, 1100],
      [40, 1100],
      [42, 1120],
      [42, 1120],
    ]);
    expect(f.findings[0]).toMatch(/every writer's deadline was 3 s, which bounds these figures/);
    expect(f.findings.at(-1)).toBe(
      `All ${(480 * 8).toLocaleString('en-US')} acknowledged writes were read back afterwards.`,
    );
  });

  test('leader loss with repeated kills: new leader, first and every writer apart, stuck writes, by deadline', () => {
    const c = cluster(3, 0);
    const kill = (deadline: number, election: number, outages: number[], stuck: number[]) => ({
      ...stop('leader', 0),
      electionMs: election,
      writeDeadlineMs: deadline,
      clientOutagesMs: outages,
      inFlightAtKill: [
        ...stuck.map((e) => ({ endedAfterMs: e, acknowledged: false, errorCode: 'UNAVAILABLE' })),
        { endedAfterMs: 3, acknowledged: true, errorCode: null },
      ],
    });
    c.scenarios.leaderStops = [
      kill(12_000, 1000, [1020, 7010, 1030], [7000]),
      kill(34_000, 1100, [1120, 7020, 1110], [7005]),
      kill(12_000, 1200, [1210, 7030, 1220], [7002]),
    ];
    c.scenarios.followerStops = [];
    c.scenarios.followerStop = null;
    const f = leaderLossFigure(result([cluster(1, 0), c]))!;
    // The bar: every writer writing again, median over the kills, with the range as a whisker.
    expect(f.chart!.groups[0]!.bars[1]).toMatchObject({ value: 7020, range: { lo: 7010, hi: 7030 } });
    expect(f.findings[0]).toBe(
      'After the leader was killed (3 kills), a surviving member reported a new leader after 1,100 (1,000–1,200) ms, the first writer was writing again after 1,110 (1,020–1,210) ms, and every writer after 7,020 (7,010–7,030) ms.',
    );
    expect(f.findings[1]).toMatch(/^3 of 9 writers had a write stuck at the kill .* after 7,002 \(7,000–7,005\) ms/);
    expect(f.findings[2]).toBe(
      'By client deadline, every writer was writing again after 7,010 (7,010–7,030) ms with 12 s and 7,020 ms with 34 s.',
    );
    expect(f.table[1]).toEqual([
      '3 · 0 ms',
      'leader',
      '3',
      '1,100 (1,000–1,200) ms',
      '1,110 (1,020–1,210) ms',
      '7,020 (7,010–7,030) ms',
      '3: 7,002 (7,000–7,005) ms',
      '1,440',
      '0',
    ]);
  });

  test('windows: medians with their range, CPU-bound windows and a delay off the request are said', () => {
    const machine = (busy: number) => ({
      wallMs: 5000,
      cpuCount: 2,
      machineBusyFraction: busy,
      loadAverage1: 3,
      labProcessCpuMs: 900,
      etcdCpuMs: { m1: 500 },
      cpuBound: busy >= 0.9,
    });
    const windowed = (tps: number[], delayP50: number | null): LoadResult => {
      const windows = tps.map((t, i) => ({
        order: i,
        clients: 8,
        durationMs: 5000,
        ops: t * 5,
        errors: 0,
        throughputPerSec: t,
        latency: stats(2 + i),
        machine: machine(i === 0 ? 0.95 : 0.5),
        delay: delayP50 === null ? null : { requestedMs: 10, samples: 50, p50Ms: delayP50, p90Ms: 20, p99Ms: 30 },
      }));
      return { ...load(tps[2]!, 4), windows };
    };
    const one = cluster(1, 0);
    one.scenarios.write = windowed([1000, 1100, 1050, 990, 1020], null);
    const five = cluster(5, 10);
    five.scenarios.write = windowed([500, 520, 510, 480, 530], 14);
    const r = result([one, five]);
    const f = writesFigure(r)!;
    expect(f.chart!.groups[1]!.bars[0]).toMatchObject({ value: 510, range: { lo: 480, hi: 530 } });
    expect(f.table[2]).toEqual(['5 · 10 ms', '510 (480–530)', '4.00 ms', '12 ms', '0.49 ×', '14.0 / 30 ms', '1 of 5']);
    expect(f.findings[0]).toBe(
      "5 members, 10 ms RTT ÷ 1 member: 0.49 × the write throughput, medians of 5 windows (0.44–0.54 between the windows' extremes).",
    );
    expect(f.findings[1]).toMatch(/^2 of 10 windows of this figure were CPU-bound/);
    expect(f.findings[2]).toBe(
      'The delay measured during the loads was more than 20 % off the requested RTT: 5 · 10 ms: 14.0 ms for 10 ms requested.',
    );
    const svg = toHtml(barChart(f.chart!));
    expect(svg).toContain('data-range="480–530"');
  });

  test('leader timeline: writes per slice with the kill and the new leader marked, the gap in the table', () => {
    const counts = [5, 6, 7, 4, 0, 0, 0, 0, 0, 3, 8, 9];
    const c = cluster(3, 0);
    c.scenarios.leaderStop = {
      ...stop('leader', 500),
      stoppedAtMs: 400,
      electionMs: 450,
      acknowledgedPerInterval: { intervalMs: 100, counts },
    };
    const f = leaderTimelineFigure(result([cluster(1, 0), c, cluster(5, 0)]))!;
    expect(f.chart!.groups.map((g) => g.bars[0]!.value)).toEqual(counts);
    expect(f.chart!.markers).toEqual([
      { at: 4, label: 'leader killed' },
      { at: 8.5, label: 'new leader' },
    ]);
    // Whole seconds from the kill only: slice 4 starts at the kill.
    expect(f.chart!.groups.map((g) => g.label).filter(Boolean)).toEqual(['0.0 s']);
    expect(f.table.slice(1)).toEqual([
      ['-0.2 s', '7'],
      ['-0.1 s', '4'],
      ['0.0 s', '0'],
      // Labels are slice starts: the four empty slices start at 0.1, 0.2, 0.3 and 0.4 s.
      ['0.1 s to 0.4 s', '0 in all'],
      ['0.5 s', '3'],
      ['0.6 s', '8'],
      ['0.7 s', '9'],
    ]);
    expect(f.findings[0]).toBe(
      '3 members, 0 ms RTT: no write was acknowledged for 500 ms after the leader was killed; a new leader was reported after 450 ms (election timeout 1,000 ms).',
    );
    // With more kills of the same cluster, their gaps give the spread.
    c.scenarios.leaderStops = [c.scenarios.leaderStop, { ...c.scenarios.leaderStop, writeFailureWindowMs: 900 }];
    expect(leaderTimelineFigure(result([cluster(1, 0), c, cluster(5, 0)]))!.findings[1]).toBe(
      'Over the 2 leader kills of this cluster, the longest stretch without any acknowledged write was 500 (500–900) ms; every writer was writing again only later (the figure above).',
    );
    // One empty slice after the kill's is a row of its own, not a range.
    c.scenarios.leaderStop = {
      ...c.scenarios.leaderStop,
      acknowledgedPerInterval: { intervalMs: 100, counts: [5, 6, 7, 4, 0, 0, 3, 8] },
    };
    expect(leaderTimelineFigure(result([c]))!.table.slice(3, 6)).toEqual([
      ['0.0 s', '0'],
      ['0.1 s', '0'],
      ['0.2 s', '3'],
    ]);
    const svg = toHtml(barChart(f.chart!));
    expect(svg).toContain('class="bar-chart__marker"');
    expect(svg).not.toContain('class="bar-chart__value"');
    expect(leaderTimelineFigure(full())).toBeNull();
  });

  test('majority loss and the disk are tables with their findings, and no chart', () => {
    const c = cluster(3, 0);
    const loss = {
      stoppedMembers: ['m1', 'm2'],
      runningMembers: ['m3'],
      writesAttempted: 3,
      writesRefused: 3,
      writesAcknowledged: 0,
      clientDeadlineMs: 10_000,
      refusedAfterMs: 7010,
      errorText: '14 UNAVAILABLE: etcdserver: request timed out',
      errorCode: 'UNAVAILABLE',
    };
    // An older result has the one repetition.
    c.scenarios.majorityLoss = loss;
    const one = labFigure('majority-loss', result([c]))!;
    expect(one.chart).toBeNull();
    expect(one.table[1]).toEqual([
      '3 · 0 ms',
      '2 of 3',
      '1',
      '3 of 3',
      '0',
      '7,010 ms',
      '10,000 ms',
      '14 UNAVAILABLE: etcdserver: request timed out',
    ]);
    // Repetitions are summed and their waits give the spread; the first stands in for the old field.
    c.scenarios.majorityLosses = [loss, { ...loss, refusedAfterMs: 7050 }, { ...loss, refusedAfterMs: 7001 }];
    const m = labFigure('majority-loss', result([c]))!;
    expect(m.table[1]!.slice(2, 6)).toEqual(['3', '9 of 9', '0', '7,010 (7,001–7,050) ms']);
    expect(m.findings).toEqual([
      'With a majority stopped, no write was acknowledged in any of the 3 repetitions over 1 clusters.',
      'The client saw: “14 UNAVAILABLE: etcdserver: request timed out”.',
    ]);
    c.scenarios.majorityLosses = [loss, { ...loss, writesRefused: 2, writesAcknowledged: 1 }];
    expect(labFigure('majority-loss', result([c]))!.findings[0]).toBe(
      'With a majority stopped, 1 writes were still acknowledged: a contradiction of the quorum rule to investigate.',
    );
    const r = { ...result([c]), fsync: { dir: '/d', writes: 500, blockBytes: 4096, latency: stats(2) } };
    expect(labFigure('disk', r)!.findings).toEqual([
      "fdatasync on the lab's data disk: p50 2.00 ms, p99 6.00 ms (500 writes of 4,096 B).",
    ]);
    expect(labFigure('disk', result([c]))).toBeNull();
  });

  test('a run without the scenario gives no figure rather than an empty one', () => {
    const onlyOne = result([cluster(1, 0)]);
    expect(leaderLossFigure(onlyOne)).toBeNull();
    expect(writesFigure(onlyOne)!.findings).toEqual([]);
    expect(() =>
      barChart({
        ...writesFigure(onlyOne)!.chart!,
        groups: [{ label: 'g', bars: [{ series: 0, value: 1, label: '', range: { lo: 2, hi: 1 } }] }],
      }),
    ).toThrow(/range 2–1/);
    const noReads = result([{ ...cluster(3, 0), scenarios: { ...cluster(3, 0).scenarios, linearizableRead: null } }]);
    expect(labFigure('reads', noReads)).toBeNull();
  });
});

describe('how a run was measured', () => {
  test('a version-1 run says it had one window and no warm-up', () => {
    expect(methodNote(full())).toBe('One 5 s window per load and cluster, without warm-up or repetition.');
  });
  test('a repeated run says its windows, the machine load and why nothing was pinned', () => {
    const r = full();
    r.settings = {
      ...r.settings,
      repeats: 5,
      warmUpMs: 2000,
      pinning: { pinned: false, reason: '2 CPUs for up to 5 members' },
    };
    const w = r.clusters[0]!.scenarios.write!;
    w.windows = [0.95, 0.5].map((busy, i) => ({
      order: i,
      clients: 8,
      durationMs: 5000,
      ops: 10,
      errors: 0,
      throughputPerSec: 2,
      latency: w.latency,
      machine: {
        wallMs: 5000,
        cpuCount: 2,
        machineBusyFraction: busy,
        loadAverage1: 4,
        labProcessCpuMs: 1,
        etcdCpuMs: {},
        cpuBound: busy >= 0.9,
      },
      delay: null,
    }));
    expect(methodNote(r)).toBe(
      '5 windows of 5 s per load and cluster after a 2 s warm-up, in shuffled rounds; each member stop repeated 5 times; the CPUs were 50 (50–95) % busy during the windows (median, range), load average 4.0, and 1 of 2 windows were CPU-bound; no process was pinned to a CPU: 2 CPUs for up to 5 members.',
    );
  });
});
