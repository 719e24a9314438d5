/**
 * The chapters' claims as ratios measured within one lab run, so machines can be compared by
 * direction and size of effect rather than by absolute numbers.
 */
import type { ClusterRun, LabResult } from '../../../src/lib/lab/result.ts';
import { median, ratio } from '../../../src/lib/lab/stats.ts';
import { resumedAfter, stopsOf } from '../../../src/lib/lab/stops.ts';

/** One claim's measured figure. */
export interface ClaimRatio {
  /** Stable id: `writes-5-over-1`, `serializable-over-linearizable`, `leader-loss-window`. */
  id: string;
  claim: string;
  /** The ratio (or, for the window, ms); null when the run lacks the clusters it needs. */
  value: number | null;
  unit: '×' | 'ms';
  /** Which clusters and statistics it came from. */
  basis: string;
}

function cluster(r: LabResult, members: number, rttMs: number): ClusterRun | undefined {
  return r.clusters.find((c) => c.members === members && c.rttRequestedMs === rttMs);
}

/**
 * The headline figures of a lab run, at the smallest RTT it measured:
 * - 5-member ÷ 1-member write throughput (the claim: more members add no write throughput, ≤ 1);
 * - serializable ÷ linearizable read latency p50 on 3 members (the claim: < 1, no confirmation round);
 * - when the 3-member leader is killed, the median over the kills of the time until every writer is
 *   writing again (version 1: the longest gap between acknowledgements, bounded by its 3 s deadline).
 */
export function claimRatios(r: LabResult): ClaimRatio[] {
  const rtt = r.clusters.length ? Math.min(...r.clusters.map((c) => c.rttRequestedMs)) : 0;
  const one = cluster(r, 1, rtt);
  const three = cluster(r, 3, rtt);
  const five = cluster(r, 5, rtt);
  const lin = three?.scenarios.linearizableRead?.latency.p50Ms;
  const ser = three?.scenarios.serializableRead?.latency.p50Ms;
  const kills = three ? stopsOf(three, 'leader') : [];
  const perWriter = kills.some((s) => s.clientOutagesMs);
  const resumed = kills.flatMap((s) => {
    const x = resumedAfter(s);
    return x ? [x.all] : [];
  });
  return [
    {
      id: 'writes-5-over-1',
      claim: 'More members add failure tolerance, not write throughput',
      value: ratio(five?.scenarios.write?.throughputPerSec, one?.scenarios.write?.throughputPerSec),
      unit: '×',
      basis: `write throughput, 5 members ÷ 1 member, ${rtt} ms RTT`,
    },
    {
      id: 'serializable-over-linearizable',
      claim: 'A serializable read skips the confirmation round a linearizable read pays',
      value: ratio(ser, lin),
      unit: '×',
      basis: `read latency p50, serializable ÷ linearizable, 3 members, ${rtt} ms RTT`,
    },
    perWriter
      ? {
          id: 'leader-loss-window',
          claim: 'A leader kill stops a writer until a new leader, or until etcd ends a write stuck at the kill',
          value: resumed.length ? median(resumed) : null,
          unit: 'ms',
          basis: `every writer writing again after a leader kill, median of ${resumed.length} kills, 3 members, ${rtt} ms RTT, election timeout ${three?.electionTimeoutMs ?? '?'} ms`,
        }
      : {
          id: 'leader-loss-window',
          claim: 'Losing the leader stops writes for about an election timeout',
          value: three?.scenarios.leaderStop?.writeFailureWindowMs ?? null,
          unit: 'ms',
          basis: `longest gap between acknowledged writes around a leader kill (3 s client deadline), 3 members, ${rtt} ms RTT, election timeout ${three?.electionTimeoutMs ?? '?'} ms`,
        },
  ];
}
