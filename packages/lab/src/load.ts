/**
 * Bounded closed-loop loads against etcd: each of `clients` callers sends its next request when
 * the previous one completes, until the duration ends. Clients are spread round-robin over the
 * given etcd3 connections (one per member).
 */
import type { Etcd3 } from 'etcd3';
import { randomBytes } from 'node:crypto';
import type { LoadResult, MixedResult } from '../../../src/lib/lab/result.ts';
import { errorText } from './client.ts';
import { LatencyRecorder } from './histogram.ts';

export interface LoadOptions {
  connections: Etcd3[];
  clients: number;
  durationMs: number;
  valueBytes: number;
  /** Key prefix, e.g. `/lab/m3-rtt0/`. */
  prefix: string;
  keys: number;
  /** Ends the load early: no client sends another request once it is aborted. */
  signal?: AbortSignal;
  /** Counts every request sent (acknowledged or not), for a probe that must say what it wrote. */
  sent?: { count: number };
}

type Op = (conn: Etcd3, client: number, i: number) => Promise<void>;

interface Tally {
  ops: number;
  errors: number;
  firstError: string | null;
}

/** Runs `op` in a closed loop and hands each acknowledged op's latency (ms) to `record`. */
async function closedLoop(
  o: LoadOptions,
  op: Op,
  record: (ms: number, client: number, i: number) => void,
): Promise<Tally & { elapsedMs: number }> {
  const tally: Tally = { ops: 0, errors: 0, firstError: null };
  const start = performance.now();
  const end = start + o.durationMs;
  await Promise.all(
    Array.from({ length: o.clients }, async (_, client) => {
      const conn = o.connections[client % o.connections.length]!;
      for (let i = 0; performance.now() < end && !o.signal?.aborted; i++) {
        const t0 = performance.now();
        if (o.sent) o.sent.count++;
        try {
          await op(conn, client, i);
          record(performance.now() - t0, client, i);
          tally.ops++;
        } catch (e) {
          tally.errors++;
          tally.firstError ??= errorText(e);
          // A failing endpoint answers at once; do not spin on it.
          await new Promise((r) => setTimeout(r, 10));
        }
      }
    }),
  );
  return { ...tally, elapsedMs: performance.now() - start };
}

function result(o: LoadOptions, t: Tally & { elapsedMs: number }, rec: LatencyRecorder): LoadResult {
  return {
    clients: o.clients,
    valueBytes: o.valueBytes,
    keys: o.keys,
    durationMs: Math.round(t.elapsedMs),
    ops: t.ops,
    errors: t.errors,
    throughputPerSec: Math.round((t.ops / (t.elapsedMs / 1000)) * 10) / 10,
    latency: rec.stats(),
    firstError: t.firstError,
  };
}

const keyOf = (o: LoadOptions, n: number): string => `${o.prefix}k${String(n % o.keys).padStart(6, '0')}`;

/** Writes `o.keys` keys of `o.valueBytes` each, so reads find values of the same size. */
export async function populate(o: LoadOptions): Promise<void> {
  const value = randomBytes(o.valueBytes);
  const conn = o.connections[0]!;
  for (let n = 0; n < o.keys && !o.signal?.aborted; n += 20)
    await Promise.all(
      Array.from({ length: Math.min(20, o.keys - n) }, (_, j) => {
        if (o.sent) o.sent.count++;
        return conn
          .put(keyOf(o, n + j))
          .value(value)
          .exec();
      }),
    );
}

/** Puts of `valueBytes` values, cycling over `keys` keys (one revision per put, like object updates). */
export async function writeLoad(o: LoadOptions): Promise<LoadResult> {
  const value = randomBytes(o.valueBytes);
  const rec = new LatencyRecorder();
  const t = await closedLoop(
    o,
    async (conn, client, i) => {
      await conn
        .put(keyOf(o, client * 7919 + i))
        .value(value)
        .exec();
    },
    (ms) => rec.record(ms),
  );
  return result(o, t, rec);
}

/** Single-key range reads of random populated keys; `serializable` reads the member's local copy. */
export async function readLoad(o: LoadOptions, serializable: boolean): Promise<LoadResult> {
  const rec = new LatencyRecorder();
  const t = await closedLoop(
    o,
    async (conn) => {
      await conn
        .get(keyOf(o, Math.floor(Math.random() * o.keys)))
        .serializable(serializable)
        .buffer();
    },
    (ms) => rec.record(ms),
  );
  return result(o, t, rec);
}

/**
 * Reads and writes from one pool: each request is a read with probability `readFraction`.
 * Reads are linearizable unless `serializable`.
 */
export async function mixedLoad(o: LoadOptions, readFraction: number, serializable = false): Promise<MixedResult> {
  const value = randomBytes(o.valueBytes);
  const all = new LatencyRecorder();
  const reads = new LatencyRecorder();
  const writes = new LatencyRecorder();
  const kinds = new Map<number, boolean>();
  const t = await closedLoop(
    o,
    async (conn, client) => {
      const isRead = Math.random() < readFraction;
      // Each client has one op in flight, so its latest kind is the one being recorded.
      kinds.set(client, isRead);
      const key = keyOf(o, Math.floor(Math.random() * o.keys));
      if (isRead) await conn.get(key).serializable(serializable).buffer();
      else await conn.put(key).value(value).exec();
    },
    (ms, client) => {
      const isRead = kinds.get(client) ?? false;
      all.record(ms);
      (isRead ? reads : writes).record(ms);
    },
  );
  return {
    ...result(o, t, all),
    readFraction,
    serializableReads: serializable,
    readLatency: reads.stats(),
    writeLatency: writes.stats(),
  };
}
