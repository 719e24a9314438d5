/**
 * A loopback stand-in for the GitHub REST endpoints the citation provider uses,
 * answering from real git repositories (see ./git.ts). It listens on 127.0.0.1
 * only, counts requests per endpoint, records Authorization headers, honours
 * If-None-Match with 304, and can inject faults: status answers (rate limits, 5xx,
 * 404, a crafted 200), connection resets, answers cut off part-way, and hangs.
 *
 * Endpoints:
 *   GET /repos/{o}/{r}                              repo
 *   GET /repos/{o}/{r}/git/ref/{tags|heads}/{name}  ref   (ETag; 304 on If-None-Match)
 *   GET /repos/{o}/{r}/git/matching-refs/{prefix}   matching-refs (every ref under the prefix)
 *   GET /repos/{o}/{r}/git/tags/{sha}               tag   (annotated tag object)
 *   GET /repos/{o}/{r}/git/blobs/{sha}              blob  (raw with Accept vnd.github.raw[+json], else JSON base64)
 *   GET /repos/{o}/{r}/contents/{path}?ref=         contents, as GitHub answers it:
 *     file       {type:"file", path, sha, size, encoding:"base64", content}; over 1 MB
 *                encoding "none" and content ""; raw bytes with Accept vnd.github.raw
 *     directory  an array of entries (submodules listed as type "file", as GitHub does);
 *                {type:"dir", entries} with Accept vnd.github.object
 *     symlink    to a regular file in the repository: that file, under the target's path;
 *                otherwise {type:"symlink", target, sha, size}
 *     submodule  {type:"submodule", sha: <commit>, submodule_git_url}
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createTcpServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { posix } from 'node:path';

export type Endpoint = 'repo' | 'ref' | 'matching-refs' | 'tag' | 'blob' | 'contents' | 'unknown';

export interface RecordedRequest {
  method: string;
  /** Path and query as received. */
  url: string;
  endpoint: Endpoint;
  /** The status sent; 0 when the connection was reset or left hanging. */
  status: number;
  conditional: boolean;
  authorization: string | undefined;
  accept: string | undefined;
  /** The fault that answered it, if one did. */
  fault?: FaultKind;
}

export type FaultKind = 'status' | 'reset' | 'hang' | 'truncate';

export interface Fault {
  /** Which requests it applies to; default all. */
  endpoint?: Endpoint;
  /** Only requests whose URL (path and query, decoded) contains this text. */
  match?: string;
  /**
   * `status` (default): answer `status` with `headers` and `body`;
   * `reset`: destroy the connection without answering;
   * `hang`: accept the request and never answer;
   * `truncate`: send the real answer's headers and half its body, then destroy the connection.
   */
  kind?: FaultKind;
  status?: number;
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
    execFile(
      'git',
      ['--literal-pathspecs', '-C', dir, ...args],
      { encoding: 'buffer', maxBuffer: 1 << 30 },
      (err, stdout) => done({ ok: !err, out: stdout }),
    );
  });
}
const text = (b: Buffer): string => b.toString('utf8').trim();

interface Entry {
  mode: string;
  type: string;
  sha: string;
  path: string;
}

/** The tree entry at `path` in `ref` (`git ls-tree`), or undefined. */
async function lsTree(dir: string, ref: string, path: string): Promise<Entry | undefined> {
  const r = await run(dir, ['ls-tree', '-z', '--full-tree', ref, '--', path]);
  if (!r.ok) return undefined;
  for (const rec of r.out.toString('utf8').split('\0')) {
    const m = /^(\d{6}) (\w+) ([0-9a-f]{40})\t(.+)$/s.exec(rec);
    if (m && m[4] === path) return { mode: m[1]!, type: m[2]!, sha: m[3]!, path };
  }
  return undefined;
}

/** Entries directly inside directory `path` (`""` for the root). */
async function lsDir(dir: string, ref: string, path: string): Promise<Entry[]> {
  const r = await run(dir, ['ls-tree', '-z', '--full-tree', ref, ...(path ? ['--', `${path}/`] : [])]);
  if (!r.ok) return [];
  return r.out
    .toString('utf8')
    .split('\0')
    .flatMap((rec) => {
      const m = /^(\d{6}) (\w+) ([0-9a-f]{40})\t(.+)$/s.exec(rec);
      return m ? [{ mode: m[1]!, type: m[2]!, sha: m[3]!, path: m[4]! }] : [];
    });
}

const isRegular = (e: Entry | undefined): e is Entry => !!e && (e.mode === '100644' || e.mode === '100755');

/** Starts the server. @param repos - `owner/repo` → git directory. */
export async function startFakeGitHub(repos: Record<string, string> = {}): Promise<FakeGitHub> {
  const repoDirs = new Map(Object.entries(repos));
  const requests: RecordedRequest[] = [];
  let faults: Array<Fault & { left: number }> = [];

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const u = new URL(req.url ?? '/', 'http://127.0.0.1');
    const segs = u.pathname
      .split('/')
      .slice(1)
      .map((s) => decodeURIComponent(s));
    let endpoint: Endpoint = 'unknown';
    if (segs[0] === 'repos' && segs.length >= 3) {
      if (segs.length === 3) endpoint = 'repo';
      else if (segs[3] === 'git' && segs[4] === 'ref') endpoint = 'ref';
      else if (segs[3] === 'git' && segs[4] === 'matching-refs') endpoint = 'matching-refs';
      else if (segs[3] === 'git' && segs[4] === 'tags') endpoint = 'tag';
      else if (segs[3] === 'git' && segs[4] === 'blobs') endpoint = 'blob';
      else if (segs[3] === 'contents') endpoint = 'contents';
    }
    const ifNoneMatch = req.headers['if-none-match'];
    const accept = req.headers.accept;
    const rec: RecordedRequest = {
      method: req.method ?? 'GET',
      url: req.url ?? '',
      endpoint,
      status: 0,
      conditional: ifNoneMatch !== undefined,
      authorization: req.headers.authorization,
      accept,
    };
    requests.push(rec);
    let truncate = false;
    const send = (status: number, body: unknown, headers: Record<string, string> = {}): void => {
      rec.status = status;
      let b: Buffer | undefined;
      let type: Record<string, string> = {};
      if (Buffer.isBuffer(body)) b = body;
      else if (status !== 304) {
        b = Buffer.from(JSON.stringify(body));
        type = { 'content-type': 'application/json; charset=utf-8' };
      }
      if (!b) {
        res.writeHead(status, headers);
        res.end();
        return;
      }
      res.writeHead(status, { ...type, 'content-length': String(b.length), ...headers });
      if (truncate) {
        // Half the body, then the connection goes away.
        res.write(b.subarray(0, Math.floor(b.length / 2)), () => setTimeout(() => req.socket.destroy(), 10));
        return;
      }
      res.end(b);
    };

    const decodedUrl = decodeURIComponent(req.url ?? '');
    const fi = faults.findIndex(
      (f) => f.left > 0 && (!f.endpoint || f.endpoint === endpoint) && (!f.match || decodedUrl.includes(f.match)),
    );
    if (fi >= 0) {
      const f = faults[fi]!;
      f.left--;
      const kind = f.kind ?? 'status';
      rec.fault = kind;
      if (kind === 'reset') {
        req.socket.destroy();
        return;
      }
      if (kind === 'hang') return; // never answered; close() ends the connection
      if (kind === 'truncate') truncate = true;
      else return send(f.status ?? 500, f.body ?? { message: `injected ${f.status ?? 500}` }, f.headers);
    }
    if (req.method !== 'GET' || endpoint === 'unknown') return send(404, NOT_FOUND);
    const dir = repoDirs.get(`${segs[1]}/${segs[2]}`);
    if (!dir) return send(404, NOT_FOUND);

    if (endpoint === 'repo')
      return send(200, { full_name: `${segs[1]}/${segs[2]}`, private: false, default_branch: 'main' });

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
      return send(
        200,
        { ref: full, node_id: 'x', url: `${u.origin}${u.pathname}`, object: { type, sha, url: 'x' } },
        { etag },
      );
    }

    if (endpoint === 'matching-refs') {
      // GitHub answers an array (empty when nothing matches) of the refs under the prefix.
      const prefix = `refs/${segs.slice(5).join('/')}`;
      const r = await run(dir, ['for-each-ref', '--format=%(refname) %(objecttype) %(objectname)', 'refs/']);
      const refs = text(r.out)
        .split('\n')
        .filter((l) => l.startsWith(prefix))
        .map((l) => {
          const [ref, type, sha] = l.split(' ');
          return {
            ref,
            node_id: 'x',
            url: `${u.origin}/repos/${segs[1]}/${segs[2]}/git/${ref}`,
            object: { type, sha, url: 'x' },
          };
        });
      return send(200, refs);
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

    if (endpoint === 'blob') {
      const sha = segs[5] ?? '';
      if (!/^[0-9a-f]{40}$/.test(sha) || text((await run(dir, ['cat-file', '-t', sha])).out) !== 'blob')
        return send(404, NOT_FOUND);
      const bytes = (await run(dir, ['cat-file', 'blob', sha])).out;
      if ((accept ?? '').includes('application/vnd.github.raw'))
        return send(200, bytes, { 'content-type': 'application/vnd.github.raw', etag: `"${sha}"` });
      return send(
        200,
        { sha, size: bytes.length, encoding: 'base64', content: bytes.toString('base64'), node_id: 'x', url: 'x' },
        { etag: `"${sha}"` },
      );
    }

    // contents
    const path = segs.slice(4).join('/');
    const ref = u.searchParams.get('ref') ?? 'HEAD';
    if (!(await run(dir, ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`])).ok) {
      return send(404, {
        message: `No commit found for the ref ${ref}`,
        documentation_url: 'https://docs.github.com/rest',
        status: '404',
      });
    }
    const entry = path ? await lsTree(dir, ref, path) : { mode: '040000', type: 'tree', sha: '', path: '' };
    if (!entry) return send(404, NOT_FOUND);
    const raw = (accept ?? '').includes('application/vnd.github.raw');
    const describeEntry = (e: Entry, size: number | undefined) => ({
      // GitHub lists submodules as "file" in a directory listing (kept for backwards compatibility).
      type: e.type === 'tree' ? 'dir' : e.mode === '120000' ? 'symlink' : 'file',
      name: posix.basename(e.path),
      path: e.path,
      sha: e.sha,
      size: size ?? 0,
    });
    const fileAnswer = async (e: Entry): Promise<void> => {
      const bytes = (await run(dir, ['cat-file', 'blob', e.sha])).out;
      const etag = `"${e.sha}"`;
      if (ifNoneMatch === etag) return send(304, null, { etag });
      if (raw) return send(200, bytes, { 'content-type': 'application/vnd.github.raw', etag });
      // Like GitHub: the JSON form leaves content empty for files over 1 MB.
      const big = bytes.length > 1024 * 1024;
      return send(
        200,
        {
          type: 'file',
          name: posix.basename(e.path),
          path: e.path,
          sha: e.sha,
          size: bytes.length,
          encoding: big ? 'none' : 'base64',
          content: big ? '' : bytes.toString('base64'),
        },
        { etag },
      );
    };

    if (entry.type === 'tree') {
      const list = await Promise.all(
        (await lsDir(dir, ref, path)).map(async (e) =>
          describeEntry(e, e.type === 'blob' ? Number(text((await run(dir, ['cat-file', '-s', e.sha])).out)) : 0),
        ),
      );
      return send(
        200,
        (accept ?? '').includes('application/vnd.github.object')
          ? { type: 'dir', name: posix.basename(path), path, sha: entry.sha, entries: list }
          : list,
      );
    }
    if (entry.type === 'commit') {
      return send(200, {
        type: 'submodule',
        name: posix.basename(path),
        path,
        sha: entry.sha,
        size: 0,
        submodule_git_url: 'https://example.invalid/sub.git',
      });
    }
    if (entry.mode === '120000') {
      const target = (await run(dir, ['cat-file', 'blob', entry.sha])).out.toString('utf8');
      const resolved = posix.normalize(posix.join(posix.dirname(path), target));
      const to = resolved.startsWith('../') || resolved.startsWith('/') ? undefined : await lsTree(dir, ref, resolved);
      if (isRegular(to)) return fileAnswer(to);
      return send(200, {
        type: 'symlink',
        name: posix.basename(path),
        path,
        sha: entry.sha,
        size: Buffer.byteLength(target),
        target,
      });
    }
    return fileAnswer(entry);
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
      return requests.filter(
        (r) =>
          (!endpoint || r.endpoint === endpoint) &&
          (options.conditional === undefined || r.conditional === options.conditional),
      ).length;
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

/**
 * A loopback port that accepts connections and never answers (a hung server or a
 * middlebox swallowing requests). `connections` counts the connections it accepted.
 */
export async function silentServer(): Promise<{ url: string; connections: () => number; close: () => Promise<void> }> {
  const sockets = new Set<Socket>();
  let accepted = 0;
  const s = createTcpServer((socket) => {
    accepted++;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    socket.resume(); // read and ignore whatever arrives
  });
  await new Promise<void>((ok) => s.listen(0, '127.0.0.1', ok));
  const port = (s.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    connections: () => accepted,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((ok) => s.close(() => ok()));
    },
  };
}
