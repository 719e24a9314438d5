/**
 * Failure injection on a lab cluster: a member (follower or leader) killed in the middle of a write
 * load, and a majority killed with writes still being sent.
 */
import type { Etcd3 } from 'etcd3';
import { countPerInterval, failureWindow } from '../../../src/lib/lab/stats.ts';
import type { FailureResult, MajorityLossResult } from '../../../src/lib/lab/result.ts';
import { clientFor, errorText, grpcCode } from './client.ts';
import type { Cluster, Member } from './cluster.ts';

/** Name of the member the running ones call leader, or null when none answers within `timeoutMs`. */
export async function findLeader(running: Member[], timeoutMs = 10_000): Promise<string | null> {
  const deadline = Date.now() + timeoutMs;
  const clients = running.map((m) => clientFor(m.clientUrl, 300));
  try {
    while (Date.now() < deadline) {
      const ids = new Map<string, string>();
      const seen: { leaderId: string | null } = { leaderId: null };
      await Promise.all(
        clients.map(async (c, i) => {
          try {
            const s = await c.maintenance.status();
            ids.set(s.header.member_id, running[i]!.name);
            if (s.leader !== '0') seen.leaderId = s.leader;
          } catch {
            // member not answering yet
          }
        }),
      );
      const name = seen.leaderId ? ids.get(seen.leaderId) : undefined;
      if (name) return name;
      await new Promise((r) => setTimeout(r, 25));
    }
    return null;
  } finally {
    clients.forEach((c) => c.close());
  }
}

export interface FailureOptions {
  cluster: Cluster;
  role: 'leader' | 'follower';
  clients: number;
  /** Load before the stop, ms. */
  beforeMs: number;
  /** Bound on the load after the stop, ms: above `writeDeadlineMs`, so a write stuck at the kill ends first. */
  maxAfterMs: number;
  /** Load kept after every writer's first acknowledgement of a write sent after the stop, ms. */
  settleMs: number;
  prefix: string;
  /**
   * Deadline of each write, ms. Above etcd's own request timeout (5 s + 2 × election timeout), a
   * write stuck at the kill is ended by etcd, as kube-apiserver's writes are (its bound is 34 s),
   * not by this client.
   */
  writeDeadlineMs: number;
}

const VALUE_BYTES = 64;
/** Slice of the acknowledgement timeline, ms. */
const ACK_INTERVAL_MS = 100;

const roundOrNull = (x: number | null): number | null => (x === null ? null : Math.round(x));

/** One write as a writer saw it: when it was sent and ended (ms from the load's start), and how. */
interface Sent {
  sentAt: number;
  endedAt: number;
  ok: boolean;
  code: string | null;
}

/**
 * Per writer, from the kill to the acknowledgement of its first write sent at or after the kill
 * (null when none was acknowledged), and the writes that were in flight at the kill.
 */
export function clientOutages(
  perClient: readonly (readonly Sent[])[],
  stoppedAt: number,
): {
  outagesMs: (number | null)[];
  inFlight: { endedAfterMs: number; acknowledged: boolean; errorCode: string | null }[];
} {
  const outagesMs = perClient.map((writes) => {
    const first = writes.find((w) => w.sentAt >= stoppedAt && w.ok);
    return first ? first.endedAt - stoppedAt : null;
  });
  const inFlight = perClient.flatMap((writes) =>
    writes
      .filter((w) => w.sentAt < stoppedAt && w.endedAt >= stoppedAt)
      .map((w) => ({ endedAfterMs: Math.round(w.endedAt - stoppedAt), acknowledged: w.ok, errorCode: w.code })),
  );
  return { outagesMs: outagesMs.map(roundOrNull), inFlight };
}

/**
 * Kills a member of the given role in the middle of a write load to the other members, then reads
 * every acknowledged write back linearizably.
 * @throws Error when no leader is known before the stop.
 */
export async function stopDuringWrites(o: FailureOptions): Promise<FailureResult> {
  const all = o.cluster.members.filter(
    (m) => m.process && m.process.exitCode === null && m.process.signalCode === null,
  );
  const leaderBefore = await findLeader(all);
  if (!leaderBefore) throw new Error('no leader before the stop: the cluster is not healthy');
  const victim =
    o.role === 'leader' ? all.find((m) => m.name === leaderBefore)! : all.find((m) => m.name !== leaderBefore)!;
  const survivors = all.filter((m) => m !== victim);
  const conns: Etcd3[] = survivors.map((m) => clientFor(m.clientUrl, o.writeDeadlineMs));
  const acked = new Map<string, string>();
  const ackTimes: number[] = [];
  const perClient: Sent[][] = Array.from({ length: o.clients }, () => []);
  let attempted = 0;
  let errors = 0;
  let firstError: string | null = null;
  const start = performance.now();
  let stoppedAt = Number.POSITIVE_INFINITY;
  const hardEnd = start + o.beforeMs + o.maxAfterMs;
  // Every writer goes on until it has had a write sent after the kill acknowledged, plus settleMs.
  const recoveredAt: number[] = new Array<number>(o.clients).fill(Number.POSITIVE_INFINITY);
  const done = (): boolean => {
    const now = performance.now();
    return now > hardEnd || now > Math.max(...recoveredAt) + o.settleMs;
  };
  let electionMs: number | null = null;
  let leaderAfter: string | null;
  try {
    const writers = Promise.all(
      Array.from({ length: o.clients }, async (_, c) => {
        const conn = conns[c % conns.length]!;
        for (let i = 0; !done(); i++) {
          const key = `${o.prefix}c${c}/${String(i).padStart(7, '0')}`;
          const value = `${c}:${i}:`.padEnd(VALUE_BYTES, '.');
          attempted++;
          const sentAt = performance.now();
          try {
            await conn.put(key).value(value).exec();
            const t = performance.now();
            acked.set(key, value);
            ackTimes.push(t - start);
            perClient[c]!.push({ sentAt: sentAt - start, endedAt: t - start, ok: true, code: null });
            if (sentAt >= stoppedAt && recoveredAt[c] === Number.POSITIVE_INFINITY) recoveredAt[c] = t;
          } catch (e) {
            errors++;
            firstError ??= errorText(e);
            perClient[c]!.push({
              sentAt: sentAt - start,
              endedAt: performance.now() - start,
              ok: false,
              code: grpcCode(e),
            });
            await new Promise((r) => setTimeout(r, 5));
          }
        }
      }),
    );
    await new Promise((r) => setTimeout(r, o.beforeMs));
    stoppedAt = performance.now();
    await o.cluster.kill(victim.name);
    if (o.role === 'leader') {
      leaderAfter = await findLeader(survivors, o.maxAfterMs);
      if (leaderAfter) electionMs = Math.round(performance.now() - stoppedAt);
    } else {
      leaderAfter = await findLeader(survivors, 2000);
    }
    await writers;
    // Read back everything acknowledged, linearizably, from a survivor.
    const stored = await conns[0]!.getAll().prefix(o.prefix).strings();
    let readBack = 0;
    for (const [k, v] of acked) if (stored[k] === v) readBack++;
    const outages = clientOutages(perClient, stoppedAt - start);
    return {
      stoppedMember: victim.name,
      role: o.role,
      signal: 'SIGKILL',
      valueBytes: VALUE_BYTES,
      stoppedAtMs: Math.round(stoppedAt - start),
      writeFailureWindowMs: roundOrNull(failureWindow(ackTimes, stoppedAt - start)),
      electionMs,
      leaderBefore,
      leaderAfter,
      writesAttempted: attempted,
      writesAcknowledged: acked.size,
      writesReadBack: readBack,
      missing: acked.size - readBack,
      writeErrors: errors,
      firstError,
      acknowledgedPerInterval: { intervalMs: ACK_INTERVAL_MS, counts: countPerInterval(ackTimes, ACK_INTERVAL_MS) },
      writeDeadlineMs: o.writeDeadlineMs,
      clientOutagesMs: outages.outagesMs,
      inFlightAtKill: outages.inFlight,
    };
  } finally {
    conns.forEach((c) => c.close());
  }
}

/**
 * Kills members until fewer than a quorum run, then sends `attempts` writes to the running ones
 * with a deadline of `deadlineMs` each, and reports what the client saw.
 */
export async function majorityLoss(
  cluster: Cluster,
  attempts: number,
  deadlineMs: number,
  prefix: string,
): Promise<MajorityLossResult> {
  const n = cluster.members.length;
  const quorum = Math.floor(n / 2) + 1;
  const isUp = (m: Member): boolean =>
    m.process !== null && m.process.exitCode === null && m.process.signalCode === null;
  for (const m of cluster.members) {
    if (cluster.members.filter(isUp).length < quorum) break;
    if (isUp(m)) await cluster.kill(m.name);
  }
  const running = cluster.members.filter(isUp);
  const stopped = cluster.members.filter((m) => !isUp(m));
  const conns = running.map((m) => clientFor(m.clientUrl, deadlineMs));
  let refused = 0;
  let ackd = 0;
  let text: string | null = null;
  let code: string | null = null;
  const waits: number[] = [];
  try {
    await Promise.all(
      Array.from({ length: attempts }, async (_, i) => {
        const t0 = performance.now();
        try {
          await conns[i % conns.length]!.put(`${prefix}refused/${i}`).value('x').exec();
          ackd++;
        } catch (e) {
          refused++;
          waits.push(performance.now() - t0);
          text ??= errorText(e);
          code ??= grpcCode(e);
        }
      }),
    );
  } finally {
    conns.forEach((c) => c.close());
  }
  waits.sort((a, b) => a - b);
  return {
    stoppedMembers: stopped.map((m) => m.name),
    runningMembers: running.map((m) => m.name),
    writesAttempted: attempts,
    writesRefused: refused,
    writesAcknowledged: ackd,
    clientDeadlineMs: deadlineMs,
    refusedAfterMs: waits.length ? Math.round(waits[Math.floor(waits.length / 2)]!) : null,
    errorText: text,
    errorCode: code,
  };
}
