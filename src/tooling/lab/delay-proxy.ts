/**
 * A loopback TCP proxy that delays every byte by a fixed time in each direction, so a connection
 * through it gains `rttMs` of round-trip time. It stands in for netem, which this kernel lacks:
 * each etcd member's advertised peer URL points at its proxy, so all Raft traffic to that member
 * crosses it once.
 */
import { createServer, connect, type Server, type Socket } from 'node:net';
import { LOOPBACK } from './ports.ts';

export interface DelayProxy {
  /** Port the proxy listens on (127.0.0.1). */
  port: number;
  /** Port it forwards to. */
  targetPort: number;
  rttMs: number;
  /** Destroys every connection and stops listening. */
  close(): Promise<void>;
}

/**
 * Forwards chunks from `from` to `to` after `delayMs`, in order (one queue, one timer).
 * Zero delay pipes directly.
 */
function delayedPipe(from: Socket, to: Socket, delayMs: number): void {
  if (delayMs <= 0) {
    from.pipe(to);
    return;
  }
  const queue: { due: number; chunk: Buffer }[] = [];
  let timer: NodeJS.Timeout | null = null;
  const flush = (): void => {
    timer = null;
    const now = performance.now();
    while (queue.length > 0 && queue[0]!.due <= now + 0.2) {
      if (!to.destroyed) to.write(queue.shift()!.chunk);
      else queue.shift();
    }
    if (queue.length > 0) timer = setTimeout(flush, Math.max(0, queue[0]!.due - performance.now()));
    else if (from.readableEnded && !to.destroyed) to.end();
  };
  from.on('data', (chunk: Buffer) => {
    queue.push({ due: performance.now() + delayMs, chunk });
    timer ??= setTimeout(flush, delayMs);
  });
  from.on('end', () => {
    if (queue.length === 0 && !to.destroyed) to.end();
  });
}

/**
 * Starts a proxy on a free (or the given) 127.0.0.1 port forwarding to 127.0.0.1:`targetPort`,
 * delaying each direction by `rttMs` ÷ 2.
 *
 * @param targetPort - the member's real peer port.
 * @param rttMs - round-trip time to add, ms, ≥ 0.
 * @param port - port to listen on; 0 picks a free one.
 * @throws Error when the port cannot be bound (in use).
 */
export async function startDelayProxy(targetPort: number, rttMs: number, port = 0): Promise<DelayProxy> {
  if (!(rttMs >= 0)) throw new RangeError(`RTT must be ≥ 0 ms, got ${rttMs}`);
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = connect(targetPort, LOOPBACK);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.setNoDelay(true);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    delayedPipe(client, upstream, rttMs / 2);
    delayedPipe(upstream, client, rttMs / 2);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', (e: NodeJS.ErrnoException) =>
      reject(new Error(e.code === 'EADDRINUSE' ? `proxy port ${LOOPBACK}:${port} is in use` : e.message)),
    );
    server.listen(port, LOOPBACK, () => resolve());
  });
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('delay proxy has no port');
  return {
    port: address.port,
    targetPort,
    rttMs,
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise((r) => server.close(r));
    },
  };
}
