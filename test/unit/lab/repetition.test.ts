/**
 * The pure parts added for repeated, attributable measurements: shuffles and spreads, machine load
 * from /proc/stat, each writer's outage after a kill, the declared drawn run, and the redaction of a
 * probe before it is published.
 */
import { describe, expect, it } from 'vitest';
import { chooseLabRun, undeclaredNewerRuns } from '../../../src/lib/lab/choose-run.ts';
import { busyFraction, isCpuBound, parseProcStat } from '../../../src/lib/lab/cpu.ts';
import { redactProbe, redactText } from '../../../src/lib/lab/redact.ts';
import type { LabResult, LoadWindow } from '../../../src/lib/lab/result.ts';
import { seededRandom, shuffled, spreadOf, summarizeWindows, windowOrder } from '../../../src/lib/lab/windows.ts';
import { clientOutages } from '../../../src/tooling/lab/failure.ts';
import { delayStats } from '../../../src/tooling/lab/windows.ts';

describe('shuffled windows', () => {
  it('the same seed gives the same order; every round holds every load once', () => {
    const loads = ['w', 'l', 's', 'm'];
    const a = windowOrder(loads, 5, seededRandom(42));
    expect(windowOrder(loads, 5, seededRandom(42))).toEqual(a);
    expect(a).toHaveLength(20);
    for (let r = 0; r < 5; r++) expect([...a.slice(r * 4, r * 4 + 4)].sort()).toEqual([...loads].sort());
    // Not one fixed order: over 5 rounds at least two rounds differ.
    expect(new Set([0, 1, 2, 3, 4].map((r) => a.slice(r * 4, r * 4 + 4).join())).size).toBeGreaterThan(1);
    expect(shuffled([1, 2, 3], seededRandom(1)).sort()).toEqual([1, 2, 3]);
  });

  it('summarises windows by medians and sums, keeping them', () => {
    const w = (t: number, p50: number, order: number): LoadWindow => ({
      order,
      clients: 4,
      durationMs: 1000,
      ops: t,
      errors: 1,
      throughputPerSec: t,
      latency: { count: t, p50Ms: p50, p90Ms: p50 * 2, p99Ms: p50 * 3, maxMs: p50 * 4, meanMs: p50 },
      machine: null,
      delay: null,
    });
    const s = summarizeWindows([w(100, 5, 0), w(300, 1, 1), w(200, 3, 2)], { valueBytes: 10, keys: 5 }, null);
    expect(s.throughputPerSec).toBe(200);
    expect(s.latency.p50Ms).toBe(3);
    expect(s.latency.p99Ms).toBe(9);
    expect(s.ops).toBe(600);
    expect(s.errors).toBe(3);
    expect(s.durationMs).toBe(3000);
    expect(s.windows).toHaveLength(3);
    expect(spreadOf([3, 1, 2])).toEqual({ median: 2, min: 1, max: 3, n: 3 });
    expect(() => summarizeWindows([], { valueBytes: 1, keys: 1 }, null)).toThrow(RangeError);
  });

  it('reports the delay samples by nearest rank, nulls without samples', () => {
    const d = delayStats(10, [12, 10, 11, 30, 10.5, 10.2, 10.1, 10.3, 10.4, 10.6]);
    expect(d).toEqual({ requestedMs: 10, samples: 10, p50Ms: 10.4, p90Ms: 12, p99Ms: 30 });
    expect(delayStats(2, [])).toEqual({ requestedMs: 2, samples: 0, p50Ms: null, p90Ms: null, p99Ms: null });
  });
});

describe('machine load', () => {
  it('reads the aggregate cpu line and gives the busy share between two readings', () => {
    const a = parseProcStat('cpu  100 0 50 800 50 0 0 0 0 0\ncpu0 50 0 25 400 25 0 0 0 0 0\n');
    const b = parseProcStat('cpu  190 0 100 850 60 0 0 0 0 0\n');
    expect(a).toEqual({ total: 1000, idle: 850 });
    // 200 jiffies passed, 60 of them idle or waiting for I/O.
    expect(busyFraction(a, b)).toBeCloseTo(0.7, 5);
    expect(busyFraction(a, a)).toBeNull();
    expect(isCpuBound(0.95)).toBe(true);
    expect(isCpuBound(0.7)).toBe(false);
    expect(isCpuBound(null)).toBe(false);
    expect(() => parseProcStat('intr 1 2')).toThrow(/no aggregate cpu line/);
  });
});

describe('writers after a kill', () => {
  it('counts from the kill to the first acknowledged write sent after it, and lists the writes in flight', () => {
    const kill = 1000;
    const { outagesMs, inFlight } = clientOutages(
      [
        // In flight at the kill, stuck, ended by etcd after 7 s; then a write sent after the kill.
        [
          { sentAt: 990, endedAt: 8000, ok: false, code: 'UNAVAILABLE' },
          { sentAt: 8005, endedAt: 8010, ok: true, code: null },
        ],
        // Acknowledged just after the kill (committed before it): does not end the outage.
        [
          { sentAt: 995, endedAt: 1002, ok: true, code: null },
          { sentAt: 1002, endedAt: 2100, ok: true, code: null },
        ],
        // Never wrote again within the bound.
        [{ sentAt: 999, endedAt: 5000, ok: false, code: 'DEADLINE_EXCEEDED' }],
      ],
      kill,
    );
    expect(outagesMs).toEqual([7010, 1100, null]);
    expect(inFlight).toEqual([
      { endedAfterMs: 7000, acknowledged: false, errorCode: 'UNAVAILABLE' },
      { endedAfterMs: 2, acknowledged: true, errorCode: null },
      { endedAfterMs: 4000, acknowledged: false, errorCode: 'DEADLINE_EXCEEDED' },
    ]);
  });
});

describe('the drawn run', () => {
  const runs = [
    { name: 'lab-a', result: { kind: 'lab', startedAt: '2026-12-01T10:00:00Z' } },
    { name: 'lab-b', result: { kind: 'lab', startedAt: '2026-12-02T10:00:00Z' } },
    { name: 'probe-c', result: { kind: 'probe', startedAt: '2026-12-03T10:00:00Z' } },
  ];
  it('is the declared one, not the newest, unless a figure names another; newer lab runs are named', () => {
    expect(chooseLabRun(runs, 'lab-a')!.name).toBe('lab-a');
    expect(chooseLabRun(runs, 'lab-a', 'lab-b')!.name).toBe('lab-b');
    expect(chooseLabRun(runs, 'lab-x')).toBeUndefined();
    expect(undeclaredNewerRuns(runs, 'lab-a').map((r) => r.name)).toEqual(['lab-b']);
    expect(undeclaredNewerRuns(runs, 'lab-b')).toEqual([]);
  });
});

describe('publishing a probe', () => {
  it('replaces endpoints, member names, URLs and addresses in error texts', () => {
    expect(redactText('dial tcp 10.1.2.3:2379: refused; https://etcd-0.example.internal:2379 and [fd00::1]:2380')).toBe(
      'dial tcp <address>: refused; <address> and <address>',
    );
    const probe = {
      kind: 'probe',
      environment: { hostLabel: 'bastion-7' },
      probe: {
        endpoints: ['https://10.0.0.11:2379', 'https://10.0.0.12:2379'],
        members: [
          {
            name: 'etcd-a',
            id: '8e9e',
            clientUrls: ['https://10.0.0.11:2379'],
            peerUrls: ['https://10.0.0.11:2380'],
            statusError: null,
          },
          {
            name: 'etcd-b',
            id: '91bc',
            clientUrls: ['https://10.0.0.12:2379'],
            peerUrls: ['https://10.0.0.12:2380'],
            statusError: 'https://10.0.0.12:2379 refused',
          },
        ],
        leader: 'etcd-b',
        metricsUrl: 'https://10.0.0.11:2379/metrics',
        metricsError: null,
        linearizableRead: null,
        serializableRead: null,
        write: null,
        recommendation: { notes: ['measured at 10.0.0.11:2379'] },
      },
    } as unknown as LabResult;
    const r = redactProbe(probe);
    const text = JSON.stringify(r);
    for (const secret of ['10.0.0.1', 'etcd-a', 'etcd-b', '8e9e', 'bastion-7']) expect(text).not.toContain(secret);
    expect(r.probe!.endpoints).toEqual(['endpoint-1', 'endpoint-2']);
    expect(r.probe!.leader).toBe('member-2');
    expect(r.probe!.members[1]!.statusError).toBe('<address> refused');
    expect(r.probe!.redacted).toBe(true);
    expect(redactProbe(probe, true).environment.hostLabel).toBe('bastion-7');
  });
});
