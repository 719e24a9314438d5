/**
 * A loopback TCP proxy that delays every byte by a fixed time in each direction, so a connection
 * through it gains `rttMs` of round-trip time. It stands in for netem, which this kernel lacks:
 * each etcd member's advertised peer URL points at its proxy, so all Raft traffic to that member
 * crosses it once. Each proxy runs in its own worker thread (delay-proxy-worker.ts), off the load
 * generator's event loop, and can sample the delay it really adds while a load runs.
 */
import { Worker } from 'node:worker_threads';

export interface DelayProxy {
  /** Port the proxy listens on (127.0.0.1). */
  port: number;
  /** Port it forwards to. */
  targetPort: number;
  rttMs: number;
  /** Starts sampling the added delay every `intervalMs` (one GET straight, one through the proxy). */
  startSampling(intervalMs?: number): void;
  /** Stops sampling; resolves with the added delay of each sample since the start, ms. */
  stopSampling(): Promise<number[]>;
  /** Takes `count` samples one after another (an idle measurement); resolves with them, ms. */
  samplePairs(count: number): Promise<number[]>;
  /** Destroys every connection, stops listening and ends the worker. */
  close(): Promise<void>;
}

interface Reply {
  op: string;
  port?: number;
  samples?: number[];
  message?: string;
}

/**
 * Starts a proxy on a free (or the given) 127.0.0.1 port forwarding to 127.0.0.1:`targetPort`,
 * delaying each direction by `rttMs` ÷ 2, in a worker thread.
 *
 * @param targetPort - the member's real peer port.
 * @param rttMs - round-trip time to add, ms, ≥ 0.
 * @param port - port to listen on; 0 picks a free one.
 * @param samplePath - HTTP path the delay samples GET (etcd's peer port answers `/version`).
 * @throws RangeError for a negative RTT; Error when the port cannot be bound (in use).
 */
export async function startDelayProxy(
  targetPort: number,
  rttMs: number,
  port = 0,
  samplePath = '/version',
): Promise<DelayProxy> {
  if (!(rttMs >= 0)) throw new RangeError(`RTT must be ≥ 0 ms, got ${rttMs}`);
  const worker = new Worker(new URL('./delay-proxy-worker.ts', import.meta.url), {
    workerData: { targetPort, rttMs, port, samplePath },
  });
  const next = (op: string): Promise<Reply> =>
    new Promise((resolve, reject) => {
      const onMessage = (m: Reply): void => {
        if (m.op !== op && m.op !== 'error') return;
        worker.off('message', onMessage);
        worker.off('error', reject);
        if (m.op === 'error') reject(new Error(m.message));
        else resolve(m);
      };
      worker.on('message', onMessage);
      worker.once('error', reject);
    });
  let ready: Reply;
  try {
    ready = await next('ready');
  } catch (e) {
    await worker.terminate();
    throw e;
  }
  let closed = false;
  return {
    port: ready.port!,
    targetPort,
    rttMs,
    startSampling: (intervalMs = 100) => worker.postMessage({ op: 'sample-start', intervalMs }),
    stopSampling: async () => {
      const reply = next('samples');
      worker.postMessage({ op: 'sample-stop' });
      return (await reply).samples ?? [];
    },
    samplePairs: async (count) => {
      const reply = next('samples');
      worker.postMessage({ op: 'pairs', count });
      return (await reply).samples ?? [];
    },
    close: async () => {
      if (closed) return;
      closed = true;
      const done = next('closed');
      worker.postMessage({ op: 'close' });
      await Promise.race([done, new Promise((r) => setTimeout(r, 2000))]);
      await worker.terminate();
    },
  };
}
