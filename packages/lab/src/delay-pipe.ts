/**
 * The delaying TCP forwarder itself, and a sampler of the delay it really adds. Both run inside the
 * proxy's worker thread (delay-proxy-worker.ts), away from the load generator's event loop, so a
 * busy load generator cannot hold a chunk back past its due time.
 */
import { request, Agent } from 'node:http';
import { createServer, connect, type Server, type Socket } from 'node:net';
import { LOOPBACK } from './ports.ts';

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
 * Listens on 127.0.0.1:`port` (0: a free one) and forwards to 127.0.0.1:`targetPort`, delaying
 * each direction by `rttMs` ÷ 2.
 * @returns the server and a function that destroys every connection and stops listening.
 * @throws Error "proxy port … is in use" when the port cannot be bound.
 */
export async function listenDelayed(
  targetPort: number,
  rttMs: number,
  port: number,
): Promise<{ port: number; close: () => Promise<void> }> {
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
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise((r) => server.close(r));
    },
  };
}

/** One timed GET of `path` on 127.0.0.1:`port` over a kept-alive connection of `agent`, ms; rejects on errors. */
function timedGet(agent: Agent, port: number, path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const req = request({ host: LOOPBACK, port, path, agent, timeout: 5000 }, (res) => {
      res.resume();
      res.on('end', () => resolve(performance.now() - t0));
    });
    req.on('timeout', () => req.destroy(new Error(`GET ${path} on port ${port} timed out`)));
    req.on('error', reject);
    req.end();
  });
}

/**
 * Samples the delay the proxy adds: every `intervalMs`, one GET of `path` straight to the target and
 * one through the proxy, each on its own kept-alive connection; a sample is the difference of the
 * pair, so the target's own time to answer cancels out. Failed pairs are skipped.
 */
export class DelaySampler {
  private readonly direct = new Agent({ keepAlive: true, maxSockets: 1 });
  private readonly proxied = new Agent({ keepAlive: true, maxSockets: 1 });
  private samples: number[] = [];
  private timer: NodeJS.Timeout | null = null;
  private busy = false;

  private readonly targetPort: number;
  private readonly proxyPort: number;
  private readonly path: string;

  constructor(targetPort: number, proxyPort: number, path = '/version') {
    this.targetPort = targetPort;
    this.proxyPort = proxyPort;
    this.path = path;
  }

  /** One pair now; resolves with the added delay in ms, or null when either GET failed. */
  async pair(): Promise<number | null> {
    try {
      const direct = await timedGet(this.direct, this.targetPort, this.path);
      const through = await timedGet(this.proxied, this.proxyPort, this.path);
      return through - direct;
    } catch {
      return null;
    }
  }

  /** Starts sampling every `intervalMs` (a pair still running skips its turn); clears earlier samples. */
  start(intervalMs: number): void {
    this.stop();
    this.samples = [];
    this.timer = setInterval(() => {
      if (this.busy) return;
      this.busy = true;
      void this.pair().then((d) => {
        this.busy = false;
        if (d !== null) this.samples.push(d);
      });
    }, intervalMs);
  }

  /** Stops sampling and returns the samples taken since `start`, ms. */
  stop(): number[] {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    return this.samples;
  }

  /** Closes the kept-alive connections. */
  close(): void {
    this.stop();
    this.direct.destroy();
    this.proxied.destroy();
  }
}
