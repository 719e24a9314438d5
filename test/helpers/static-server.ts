import { createServer, type Server } from 'node:http';
import sirv from 'sirv';

export interface StaticSite {
  /** Origin plus base, ending in `/`, e.g. `http://127.0.0.1:41234/wiki/sizing/`. */
  url: string;
  origin: string;
  close(): Promise<void>;
}

/**
 * Serves a built site on loopback, mounted under `base` the way a wiki would
 * host it. Anything outside the base answers 404, so an unprefixed link fails.
 */
export async function serveStatic(dir: string, base = '/'): Promise<StaticSite> {
  const handler = sirv(dir, { dev: true, etag: false });
  const prefix = base === '/' ? '' : base;
  const server: Server = createServer((req, res) => {
    const url = req.url ?? '/';
    if (prefix && !(url === prefix || url.startsWith(prefix + '/'))) {
      res.statusCode = 404;
      res.end('outside base');
      return;
    }
    req.url = url.slice(prefix.length) || '/';
    handler(req, res, () => {
      res.statusCode = 404;
      res.end('not found');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('server has no port');
  const origin = `http://127.0.0.1:${address.port}`;
  return {
    origin,
    url: `${origin}${prefix}/`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
