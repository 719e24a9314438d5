/**
 * The lab's pure parts of a measurement: the delay samples, each writer's outage after a kill, and
 * the redaction of a probe before it is published.
 */
import { describe, expect, it } from 'vitest';
import { redactProbe, redactText } from '../src/redact.ts';
import type { LabResult } from '../../../src/lib/lab/result.ts';
import { clientOutages } from '../src/failure.ts';
import { delayStats } from '../src/windows.ts';

describe('delay samples', () => {
  it('reports the delay samples by nearest rank, nulls without samples', () => {
    const d = delayStats(10, [12, 10, 11, 30, 10.5, 10.2, 10.1, 10.3, 10.4, 10.6]);
    expect(d).toEqual({ requestedMs: 10, samples: 10, p50Ms: 10.4, p90Ms: 12, p99Ms: 30 });
    expect(delayStats(2, [])).toEqual({ requestedMs: 2, samples: 0, p50Ms: null, p90Ms: null, p99Ms: null });
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
