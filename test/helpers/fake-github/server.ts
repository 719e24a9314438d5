/**
 * A loopback stand-in for the GitHub REST endpoints the citation provider uses,
 * answering from real git repositories (see ./git.ts). It listens on 127.0.0.1
 * only, counts requests per endpoint, records Authorization headers, honours
 * If-None-Match with 304, and can inject faults (rate limits, 5xx, 404).
 *
 * Endpoints:
 *   GET /repos/{o}/{r}                              repo
 *   GET /repos/{o}/{r}/git/ref/{tags|heads}/{name}  ref   (ETag; 304 on If-None-Match)
 *   GET /repos/{o}/{r}/git/tags/{sha}               tag   (annotated tag object)
 *   GET /repos/{o}/{r}/contents/{path}?ref=         contents (raw with Accept vnd.github.raw,
 *                                                   else JSON with base64 content, empty over 1 MB)
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Endpoint = 'repo' | 'ref' | 'tag' | 'contents' | 'unknown';

export interface RecordedRequest {
  method: string;
  /** Path and query as received. */
  url: string;
  endpoint: Endpoint;
  status: number;
  conditional: boolean;
  authorization: string | undefined;
}

export interface Fault {
  /** Which requests it applies to; default all. */
  endpoint?: Endpoint;
  status: number;
  headers?: Record<string, string>;
  body?: unknown;
  /** How many matching requests it answers (default 1). */
  times?: number;
}

export interface FakeGitHub {
  /** `http://127.0.0.1:<port>` — pass as GITHUB_API_URL. */
  url: string;
  requests: RecordedRequest[];
  /** Requests to `endpoint` (all when omitted), optionally only conditional ones. */
  count(endpoint?: Endpoint, options?: { conditional?: boolean }): number;
  /** Queues a fault; faults answer before the repositories do, in order. */
  fault(f: Fault): void;
  /** Clears requests and faults. */
  reset(): void;
  /** Serves (or stops serving, with undefined) `owner/repo` from a git directory. */
  setRepo(name: string, dir: string | undefined): void;
  close(): Promise<void>;
}

const NOT_FOUND = { message: 'Not Found', documentation_url: 'https://docs.github.com/rest', status: '404' };

function run(dir: string, args: string[]): Promise<{ ok: boolean; out: Buffer }> {
  return new Promise((done) => {
    execFile('git', ['-C', dir, ...args], { encoding: 'buffer', maxBuffer: 1 << 30 }, (err, stdout) => done({ ok: !err, out: stdout }));
  });
}
const text = (b: Buffer): string => b.toString('utf8').trim();

/** Starts the server. @param repos - `owner/repo` → git directory. */
export async function startFakeGitHub(repos: Record<string, string> = {}): Promise<FakeGitHub> {
  const repoDirs = new Map(Object.entries(repos));
  const requests: RecordedRequest[] = [];
  let faults: Array<Fault & { left: number }> = [];

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const u = new URL(req.url ?? '/', 'http://127.0.0.1');
    const segs = u.pathname.split('/').slice(1).map((s) => decodeURIComponent(s));
    let endpoint: Endpoint = 'unknown';
    if (segs[0] === 'repos' && segs.length >= 3) {
      if (segs.length === 3) endpoint = 'repo';
      else if (segs[3] === 'git' && segs[4] === 'ref') endpoint = 'ref';
      else if (segs[3] === 'git' && segs[4] === 'tags') endpoint = 'tag';
      else if (segs[3] === 'contents') endpoint = 'contents';
    }
    const ifNoneMatch = req.headers['if-none-match'];
    const rec: RecordedRequest = { method: req.method ?? 'GET', url: req.url ?? '', endpoint, status: 0, conditional: ifNoneMatch !== undefined, authorization: req.headers.authorization };
    requests.push(rec);
    const send = (status: number, body: unknown, headers: Record<string, string> = {}): void => {
      rec.status = status;
      if (Buffer.isBuffer(body)) {
        res.writeHead(status, { 'content-length': String(body.length), ...headers });
        res.end(body);
      } else if (status === 304) {
        res.writeHead(304, headers);
        res.end();
      } else {
        const b = Buffer.from(JSON.stringify(body));
        res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': String(b.length), ...headers });
        res.end(b);
      }
    };

    const fi = faults.findIndex((f) => f.left > 0 && (!f.endpoint || f.endpoint === endpoint));
    if (fi >= 0) {
      const f = faults[fi]!;
      f.left--;
      return send(f.status, f.body ?? { message: `injected ${f.status}` }, f.headers);
    }
    if (req.method !== 'GET' || endpoint === 'unknown') return send(404, NOT_FOUND);
    const dir = repoDirs.get(`${segs[1]}/${segs[2]}`);
    if (!dir) return send(404, NOT_FOUND);

    if (endpoint === 'repo') return send(200, { full_name: `${segs[1]}/${segs[2]}`, private: false, default_branch: 'main' });

    if (endpoint === 'ref') {
      const kind = segs[5];
      const name = segs.slice(6).join('/');
      if ((kind !== 'tags' && kind !== 'heads') || !name) return send(404, NOT_FOUND);
      const full = `refs/${kind}/${name}`;
      const r = await run(dir, ['rev-parse', '--verify', '--quiet', full]);
      if (!r.ok) return send(404, NOT_FOUND);
      const sha = text(r.out);
      const type = text((await run(dir, ['cat-file', '-t', sha])).out);
      const etag = `W/"${createHash('sha1').update(`${full} ${sha}`).digest('hex')}"`;
      if (ifNoneMatch === etag) return send(304, null, { etag });
      return send(200, { ref: full, node_id: 'x', url: `${u.origin}${u.pathname}`, object: { type, sha, url: 'x' } }, { etag });
    }

    if (endpoint === 'tag') {
      const sha = segs[5] ?? '';
      const t = await run(dir, ['cat-file', 'tag', sha]);
      if (!/^[0-9a-f]{40}$/.test(sha) || !t.ok) return send(404, NOT_FOUND);
      const head = t.out.toString('utf8');
      const object = /^object ([0-9a-f]{40})$/m.exec(head)?.[1];
      const type = /^type (\w+)$/m.exec(head)?.[1];
      const tag = /^tag (.+)$/m.exec(head)?.[1];
      return send(200, { sha, tag, object: { sha: object, type, url: 'x' } }, { etag: `"${sha}"` });
    }

    // contents
    const path = segs.slice(4).join('/');
    const ref = u.searchParams.get('ref') ?? 'HEAD';
    const blob = await run(dir, ['rev-parse', '--verify', '--quiet', `${ref}:${path}`]);
    if (!path || !blob.ok) return send(404, NOT_FOUND);
    const sha = text(blob.out);
    if (text((await run(dir, ['cat-file', '-t', sha])).out) !== 'blob') return send(200, []);
    const bytes = (await run(dir, ['cat-file', 'blob', sha])).out;
    const etag = `"${sha}"`;
    if (ifNoneMatch === etag) return send(304, null, { etag });
    if ((req.headers.accept ?? '').includes('application/vnd.github.raw')) {
      return send(200, bytes, { 'content-type': 'application/vnd.github.raw', etag });
    }
    // Like GitHub: the JSON form leaves content empty for files over 1 MB.
    const big = bytes.length > 1024 * 1024;
    return send(200, { type: 'file', path, sha, size: bytes.length, encoding: big ? 'none' : 'base64', content: big ? '' : bytes.toString('base64') }, { etag });
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((e: unknown) => {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ message: `fake-github failure: ${(e as Error).message}` }));
    });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const port = (server.address() as AddressInfo).port;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    count(endpoint, options = {}) {
      return requests.filter((r) => (!endpoint || r.endpoint === endpoint) && (options.conditional === undefined || r.conditional === options.conditional)).length;
    },
    fault(f) {
      faults.push({ ...f, left: f.times ?? 1 });
    },
    reset() {
      requests.length = 0;
      faults = [];
    },
    setRepo(name, dir) {
      if (dir) repoDirs.set(name, dir);
      else repoDirs.delete(name);
    },
    close() {
      server.closeAllConnections();
      return new Promise<void>((ok) => server.close(() => ok()));
    },
  };
}

/** A loopback port with nothing listening (for "no network" tests). */
export async function closedPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((ok) => s.listen(0, '127.0.0.1', ok));
  const port = (s.address() as AddressInfo).port;
  await new Promise<void>((ok) => s.close(() => ok()));
  return port;
}
