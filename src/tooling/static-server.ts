import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import compression from '@polka/compression';
import sirv from 'sirv';
import { GZIP_LEVEL } from '../lib/quality/page-weight.ts';

export interface StaticSite {
  /** Origin plus base, ending in `/`, e.g. `http://127.0.0.1:41234/wiki/sizing/`. */
  url: string;
  /** `http://127.0.0.1:<port>`. */
  origin: string;
  close(): Promise<void>;
}

type Handler = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

/**
 * Serves a built site on 127.0.0.1 (a free port), mounted under `base` the way a wiki would
 * host it. Anything outside the base answers 404, so an unprefixed link fails.
 *
 * Files are served by sirv. With `options.host`, it answers like a production static host, for
 * Lighthouse, which scores transfer sizes and caching: every text response (HTML, CSS, JS, JSON,
 * XML, SVG) gzipped at the page weights' level (GZIP_LEVEL, 9) when the client accepts gzip (by `@polka/compression`, which
 * leaves Brotli off, so the bytes on the wire are the gzip figures the audit reports), hashed
 * `_astro/` assets cached for a year, pages revalidated. Default: sirv's plain dev serving
 * (files read on each request, no caching, no compression).
 *
 * @param dir - a build directory (`dist/`).
 * @param base - the base path the build was made for (`SITE_BASE`), `/` or e.g. `/wiki/sizing`.
 */
export async function serveStatic(dir: string, base = '/', options: { host?: boolean } = {}): Promise<StaticSite> {
  const handler = options.host ? hostLike(dir) : (sirv(dir, { dev: true, etag: false }) as Handler);
  const prefix = base === '/' ? '' : base.replace(/\/$/, '');
  const server = createServer((req, res) => {
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
  if (!address || typeof address === 'string') throw new Error('serveStatic: the server has no port');
  const origin = `http://127.0.0.1:${address.port}`;
  return {
    origin,
    url: `${origin}${prefix}/`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** sirv behind a gzip middleware, with a static host's cache headers (see serveStatic). */
function hostLike(dir: string): Handler {
  const files = sirv(dir, {
    etag: false,
    setHeaders: (res, pathname) => {
      res.setHeader(
        'Cache-Control',
        pathname.startsWith('/_astro/') ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate',
      );
      res.setHeader('Vary', 'Accept-Encoding');
    },
  }) as Handler;
  // threshold 0: a host compresses small files too, and the page weights count them gzipped.
  const gzip = compression({ level: GZIP_LEVEL, threshold: 0 });
  return (req, res, next) => gzip(req, res, () => files(req, res, next));
}
