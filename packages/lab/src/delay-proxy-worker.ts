/**
 * Worker-thread entry of one delay proxy: listens, forwards with the delay, and samples the delay
 * it adds on request. Messages from the parent: `{ op: 'sample-start', intervalMs }`,
 * `{ op: 'sample-stop' }` (answered with `{ op: 'samples', samples }`), `{ op: 'pairs', count }`
 * (answered with `{ op: 'samples', samples }`), `{ op: 'close' }` (answered with `{ op: 'closed' }`).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { DelaySampler, listenDelayed } from './delay-pipe.ts';

const { targetPort, rttMs, port, samplePath } = workerData as {
  targetPort: number;
  rttMs: number;
  port: number;
  samplePath: string;
};
const port$ = parentPort!;
try {
  const proxy = await listenDelayed(targetPort, rttMs, port);
  const sampler = new DelaySampler(targetPort, proxy.port, samplePath);
  port$.on('message', (m: { op: string; intervalMs?: number; count?: number }) => {
    if (m.op === 'sample-start') sampler.start(m.intervalMs ?? 100);
    else if (m.op === 'sample-stop') port$.postMessage({ op: 'samples', samples: sampler.stop() });
    else if (m.op === 'pairs')
      void (async () => {
        const samples: number[] = [];
        await sampler.pair(); // warms both connections
        for (let i = 0; i < (m.count ?? 15); i++) {
          const d = await sampler.pair();
          if (d !== null) samples.push(d);
        }
        port$.postMessage({ op: 'samples', samples });
      })();
    else if (m.op === 'close')
      void (async () => {
        sampler.close();
        await proxy.close();
        port$.postMessage({ op: 'closed' });
      })();
  });
  port$.postMessage({ op: 'ready', port: proxy.port });
} catch (e) {
  port$.postMessage({ op: 'error', message: (e as Error).message });
}
