/** Free loopback ports, and a clear error for a port that is taken. */
import { createServer } from 'node:net';

/** Loopback only: the lab never listens on another interface. */
export const LOOPBACK = '127.0.0.1';

/**
 * Asks the kernel for `count` distinct free TCP ports on 127.0.0.1 (binds port 0, reads the port,
 * closes). A port can be taken again between this call and its use; etcd then exits with
 * "address already in use", which the cluster start reports.
 */
export async function freePorts(count: number): Promise<number[]> {
  const servers = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<import('node:net').Server>((resolve, reject) => {
          const s = createServer();
          s.once('error', reject);
          s.listen(0, LOOPBACK, () => resolve(s));
        }),
    ),
  );
  const ports = servers.map((s) => {
    const a = s.address();
    if (a === null || typeof a === 'string') throw new Error('could not read a free port');
    return a.port;
  });
  await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
  return ports;
}

/**
 * Resolves when `port` on 127.0.0.1 can be bound, or rejects with a message naming the port.
 * @throws Error "port 127.0.0.1:N is in use …" when something listens there.
 */
export async function assertPortFree(port: number): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const s = createServer();
    s.once('error', (e: NodeJS.ErrnoException) =>
      reject(
        new Error(
          e.code === 'EADDRINUSE'
            ? `port ${LOOPBACK}:${port} is in use by another process: stop it or let the lab pick free ports (omit the port).`
            : `cannot bind ${LOOPBACK}:${port}: ${e.message}`,
        ),
      ),
    );
    s.listen(port, LOOPBACK, () => s.close(() => resolve()));
  });
}
