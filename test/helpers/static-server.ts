import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import { gzipSync } from 'node:zlib';
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
 *
 * @param options.host - `true` to answer like a production static host (gzip level 9 when
 *   the client accepts it, hashed `_astro/` assets cached for a year, pages revalidated), for
 *   Lighthouse, which scores transfer sizes and caching. Default: sirv's plain dev serving.
 */
export async function serveStatic(dir: string, base = '/', options: { host?: boolean } = {}): Promise<StaticSite> {
  const handler = options.host ? hostLike(dir) : sirv(dir, { dev: true, etag: false });
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

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json',
  '.xml': 'application/xml',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.wasm': 'application/wasm',
};
const COMPRESSIBLE = new Set(['.html', '.css', '.js', '.mjs', '.json', '.xml', '.txt', '.svg']);

/** A request handler that serves `dir` the way a production static host does (see serveStatic). */
function hostLike(dir: string): (req: IncomingMessage, res: ServerResponse, next: () => void) => void {
  const gz = new Map<string, Buffer>();
  return (req, res, next) => {
    void (async () => {
      const path = normalize(decodeURIComponent((req.url ?? '/').split(/[?#]/)[0]!));
      if (path.includes('..')) return next();
      let file = join(dir, path);
      const info = await stat(file).catch(() => undefined);
      if (info?.isDirectory()) file = join(file, 'index.html');
      const body = await readFile(file).catch(() => undefined);
      if (!body) return next();
      const ext = extname(file);
      res.setHeader('Content-Type', TYPES[ext] ?? 'application/octet-stream');
      res.setHeader('Cache-Control', path.startsWith('/_astro/') ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate');
      res.setHeader('Vary', 'Accept-Encoding');
      let out: Buffer = body;
      if (COMPRESSIBLE.has(ext) && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) {
        out = gz.get(file) ?? gzipSync(body, { level: 9 });
        gz.set(file, out);
        res.setHeader('Content-Encoding', 'gzip');
      }
      res.setHeader('Content-Length', out.length);
      res.end(req.method === 'HEAD' ? undefined : out);
    })().catch(() => {
      res.statusCode = 500;
      res.end();
    });
  };
}
