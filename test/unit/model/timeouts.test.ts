import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  DEFAULT_ELECTION_MS,
  DEFAULT_HEARTBEAT_MS,
  docVerdict,
  effective,
  etcdFlags,
  kubeadmExtraArgs,
  MAX_DOC_ROUND_TRIP_MS,
  MAX_ELECTION_MS,
  recommend,
  serverVerdict,
} from '../../../src/lib/model/timeouts.ts';
import { BOUND_DEFAULTS, type BoundDefault } from '../../../src/lib/model/bound-defaults.ts';
import { CALCULATOR_SCHEMAS } from '../../../src/lib/model/calculator-state.ts';

describe('serverVerdict: what etcd v3.7.0 validation accepts', () => {
  it('accepts the defaults and exactly 5 × heartbeat, refuses one millisecond less', () => {
    expect(serverVerdict(100, 1000)).toEqual({ accepted: true, refusal: null, message: null });
    expect(serverVerdict(100, 500).accepted).toBe(true);
    const below = serverVerdict(100, 499);
    expect(below.refusal).toEqual({ rule: 'below-5x-heartbeat', minElectionMs: 500 });
    expect(below.message).toBe(
      '--election-timeout[499ms] should be at least as 5 times as --heartbeat-interval[100ms]',
    );
  });

  it('accepts 50000 ms, the maximum, and refuses 50001 ms with the server’s message', () => {
    expect(serverVerdict(10_000, 50_000).accepted).toBe(true);
    const over = serverVerdict(100, 50_001);
    expect(over.refusal).toEqual({ rule: 'above-max', maxElectionMs: 50_000 });
    expect(over.message).toBe('--election-timeout[50001ms] is too long, and should be set less than 50000ms');
  });

  it('reports only the first failing check, in the server’s order', () => {
    expect(serverVerdict(0, 0).refusal).toEqual({ rule: 'heartbeat-zero' });
    expect(serverVerdict(0, 0).message).toBe('--heartbeat-interval must be >0 (set to 0ms)');
    expect(serverVerdict(100, 0).refusal).toEqual({ rule: 'election-zero' });
    // Both below 5 × heartbeat and above the maximum: the 5 × check comes first.
    expect(serverVerdict(20_000, 60_000).refusal?.rule).toBe('below-5x-heartbeat');
  });

  it('refuses values that are not whole milliseconds in range', () => {
    expect(() => serverVerdict(1.5, 100)).toThrow(/Heartbeat interval \(ms\) must be a whole number/);
    expect(() => serverVerdict(100, -1)).toThrow(/Election timeout \(ms\) must be a whole number/);
    expect(() => serverVerdict(Number.NaN, 100)).toThrow(RangeError);
  });
});

describe('docVerdict: the tuning page’s rule', () => {
  it('asks for an election timeout of at least 10 × RTT and a heartbeat in 0.5–1.5 × RTT', () => {
    const v = docVerdict(100, 1000, 100);
    expect(v).toMatchObject({ heartbeatBandMs: [50, 150], heartbeatInBand: true, minElectionMs: 1000 });
    expect(v.electionMeetsRule).toBe(true);
    expect(docVerdict(100, 999, 100).electionMeetsRule).toBe(false);
    expect(docVerdict(151, 2000, 100).heartbeatInBand).toBe(false);
    expect(docVerdict(49, 2000, 100).heartbeatInBand).toBe(false);
  });

  it('disagrees with the server one way only: the server accepts pairs the page advises against', () => {
    // The tuning page's own example, 100/500, is accepted by etcd but below 10 × a 100 ms round trip.
    expect(serverVerdict(100, 500).accepted).toBe(true);
    expect(docVerdict(100, 500, 100).electionMeetsRule).toBe(false);
    // 10 ms RTT, election 100 ms ≥ 10 × RTT: the page's rule holds, but etcd refuses it with the default heartbeat.
    expect(docVerdict(100, 100, 10).electionMeetsRule).toBe(true);
    expect(serverVerdict(100, 100).accepted).toBe(false);
    // ...and the page's heartbeat band rules that heartbeat out, so the page as a whole does not allow the pair.
    expect(docVerdict(100, 100, 10).heartbeatInBand).toBe(false);
    expect(docVerdict(100, 100, 10).meetsPage).toBe(false);
  });

  it('never allows, with all its rules, a pair the server refuses (round trip above 0)', () => {
    let allowed = 0;
    for (const rtt of [0.4, 1, 3, 10, 33, 100, 777, 5000])
      for (const hb of [1, 2, 5, 7, 10, 15, 20, 50, 100, 150, 500, 1000, 5000, 7500])
        for (const el of [5, 10, 33, 67, 100, 133, 500, 1000, 10_000, 49_999, 50_000, 50_001, 75_000]) {
          const doc = docVerdict(hb, el, rtt);
          if (!doc.meetsPage) continue;
          allowed++;
          expect(serverVerdict(hb, el).accepted, `${hb}/${el} at ${rtt} ms`).toBe(true);
        }
    expect(allowed).toBeGreaterThan(10);
    // Both sides take exactly 50 000 ms and refuse one millisecond more.
    expect(docVerdict(5000, 50_000, 5000).meetsPage).toBe(true);
    expect(docVerdict(5000, 50_001, 5000).electionWithinLimit).toBe(false);
    expect(serverVerdict(5000, 50_001).accepted).toBe(false);
  });

  it('refuses input out of range', () => {
    expect(() => docVerdict(100, 1000, -1)).toThrow(/Round trip \(ms\)/);
    expect(() => docVerdict(100, Number.POSITIVE_INFINITY, 1)).toThrow(/Election timeout \(ms\)/);
  });
});

describe('effective: how raft runs an accepted pair', () => {
  it('counts whole ticks, drops a remainder, and gives the randomised window and late-heartbeat warning', () => {
    expect(effective(100, 1000)).toEqual({
      electionTicks: 10,
      electionMs: 1000,
      latestElectionMs: 1900,
      lateHeartbeatMs: 200,
    });
    expect(effective(300, 1700)).toMatchObject({ electionTicks: 5, electionMs: 1500, latestElectionMs: 2700 });
  });

  it('throws for a pair etcd refuses', () => {
    expect(() => effective(100, 400)).toThrow(/etcd refuses this pair: --election-timeout\[400ms\]/);
  });
});

describe('recommend', () => {
  it('keeps the defaults for a local network and says so', () => {
    const r = recommend(2);
    expect(r).toMatchObject({
      heartbeatMs: DEFAULT_HEARTBEAT_MS,
      electionMs: DEFAULT_ELECTION_MS,
      heartbeatFrom: 'default',
      electionFrom: 'default',
    });
    expect(r.server.accepted).toBe(true);
  });

  it('switches from the defaults at 100 ms, adds the fsync, and rounds up to whole ms and whole ticks', () => {
    expect(recommend(100)).toMatchObject({ heartbeatMs: 100, electionMs: 1000, heartbeatFrom: 'default' });
    expect(recommend(100.2)).toMatchObject({
      heartbeatMs: 101,
      electionMs: 1010,
      heartbeatFrom: 'round-trip',
      electionFrom: '10x-round-trip',
    });
    expect(recommend(120, 10)).toMatchObject({ roundTripMs: 130, heartbeatMs: 130, electionMs: 1300 });
    // 10 × 333.3 = 3333 ms, rounded up to 10 ticks of 334 ms.
    expect(recommend(333.3)).toMatchObject({ heartbeatMs: 334, electionMs: 3340 });
    expect(recommend(333.3).effective?.electionTicks).toBe(10);
  });

  it('fits at the documented limit (5 s round trip) and is refused one step past it', () => {
    expect(MAX_DOC_ROUND_TRIP_MS).toBe(5000);
    const at = recommend(5000);
    expect(at).toMatchObject({ heartbeatMs: 5000, electionMs: MAX_ELECTION_MS });
    expect(at.server.accepted).toBe(true);
    const past = recommend(5000.1);
    expect(past.electionMs).toBeGreaterThan(MAX_ELECTION_MS);
    expect(past.server.refusal?.rule).toBe('above-max');
    expect(past.effective).toBeNull();
  });

  it('every recommendation up to the documented limit is accepted and meets the documented rule (property)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 4000, noNaN: true }),
        fc.double({ min: 0, max: 1000, noNaN: true }),
        (rtt, fs) => {
          const r = recommend(rtt, fs);
          const doc = docVerdict(r.heartbeatMs, r.electionMs, r.roundTripMs);
          return (
            r.server.accepted &&
            doc.electionMeetsRule &&
            Number.isInteger(r.heartbeatMs) &&
            r.electionMs % r.heartbeatMs === 0 &&
            r.heartbeatMs >= DEFAULT_HEARTBEAT_MS &&
            r.electionMs >= DEFAULT_ELECTION_MS
          );
        },
      ),
    );
  });

  it('refuses bad input with the field named', () => {
    expect(() => recommend(-1)).toThrow(/Round trip \(ms\) must be a finite number from 0 to 60000; got -1/);
    expect(() => recommend(Number.NaN)).toThrow(/Round trip/);
    expect(() => recommend(1, 60_001)).toThrow(/Fsync p99 \(ms\)/);
  });
});

describe('the flags to paste', () => {
  it('writes etcd’s flags and kubeadm v1beta4’s extraArgs list', () => {
    expect(etcdFlags(300, 3000)).toBe('--heartbeat-interval=300 --election-timeout=3000');
    const yaml = kubeadmExtraArgs(300, 3000);
    expect(yaml).toContain('apiVersion: kubeadm.k8s.io/v1beta4');
    expect(yaml).toMatch(/ {4}extraArgs:\n {6}- name: heartbeat-interval\n {8}value: "300"\n/);
    expect(yaml).toMatch(/- name: election-timeout\n {8}value: "3000"$/);
  });
});

describe('bound defaults', () => {
  it('the calculator’s heartbeat and election defaults are the model’s etcd defaults, and are bound', () => {
    expect(CALCULATOR_SCHEMAS.timeouts.h.default).toBe(DEFAULT_HEARTBEAT_MS);
    expect(CALCULATOR_SCHEMAS.timeouts.e.default).toBe(DEFAULT_ELECTION_MS);
    const bound = BOUND_DEFAULTS.filter((b): b is BoundDefault => 'calculator' in b && b.calculator === 'timeouts').map(
      (b) => b.field,
    );
    expect(bound.sort()).toEqual(['e', 'h']);
    // Each pattern captures the default from the line as etcd v3.7.0 writes it.
    const lines: Record<string, string> = {
      h: '\t\tTickMs:                     100,',
      e: '\t\tElectionMs:                 1000,',
    };
    for (const b of BOUND_DEFAULTS.filter((x): x is BoundDefault => 'calculator' in x && x.calculator === 'timeouts')) {
      const m = new RegExp(b.pattern, 'u').exec(lines[b.field]!);
      expect(Number(m?.[1])).toBe(CALCULATOR_SCHEMAS.timeouts[b.field as 'h' | 'e'].default);
    }
  });
});
