/**
 * The etcdctl binary of the backup measurement: found beside etcd, checked, and run with its wall
 * and CPU time measured. etcd 3.4 restores with `etcdctl snapshot restore`; from v3.6 only `etcdutl`
 * restores (https://etcd.io/docs/v3.7/op-guide/recovery/, last paragraph), and Debian's etcd-client
 * 3.4 ships no etcdutl.
 */
import { execFile, spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * `ETCDCTL_BIN` when set, else the first `etcdctl` on PATH.
 * @throws Error saying how to install it or set ETCDCTL_BIN when none is found.
 */
export function findEtcdctl(env: NodeJS.ProcessEnv = process.env): string {
  if (env.ETCDCTL_BIN) return env.ETCDCTL_BIN;
  for (const dir of (env.PATH ?? '').split(delimiter)) {
    const candidate = join(dir, 'etcdctl');
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  throw new Error(
    'no etcdctl binary found on PATH: install one (Debian: apt-get install -y etcd-client) or set ETCDCTL_BIN=/path/to/etcdctl.',
  );
}

/**
 * Parses `etcdctl version` output ("etcdctl version: 3.4.23 / API version: 3.4").
 * @returns the version, or null when the text is not etcdctl's.
 */
export function parseEtcdctlVersion(text: string): string | null {
  return /^etcdctl version:\s*(\S+)/m.exec(text)?.[1] ?? null;
}

/**
 * Runs `<path> version` (5 s bound) and checks it is etcdctl.
 * @throws Error naming the path and what it printed when it is missing or not etcdctl.
 */
export async function inspectEtcdctl(path: string): Promise<{ path: string; version: string }> {
  let out: string;
  try {
    const r = await run(path, ['version'], { timeout: 5000, killSignal: 'SIGKILL', env: etcdctlEnv() });
    out = `${r.stdout}${r.stderr}`;
  } catch (e) {
    const err = e as NodeJS.ErrnoException & { stdout?: string; stderr?: string };
    if (err.code === 'ENOENT')
      throw new Error(`etcdctl binary ${path} does not exist: fix ETCDCTL_BIN or PATH.`, { cause: e });
    out = `${err.stdout ?? ''}${err.stderr ?? ''}`;
  }
  const version = parseEtcdctlVersion(out);
  if (!version)
    throw new Error(
      `${path} is not etcdctl: \`${path} version\` printed ${JSON.stringify(out.trim().slice(0, 200) || '(nothing)')}. Set ETCDCTL_BIN to etcd's client binary.`,
    );
  return { path, version };
}

/** etcdctl 3.4 speaks the v2 API unless told otherwise. */
function etcdctlEnv(): NodeJS.ProcessEnv {
  return { ...process.env, ETCDCTL_API: '3' };
}

/**
 * Parses the children's line of bash's `times` builtin ("0m1.234s 0m0.567s") into ms.
 * @returns null when the text has no such line.
 */
export function parseBashTimes(text: string): { userMs: number; systemMs: number } | null {
  const lines = text
    .trim()
    .split('\n')
    .filter((l) => /^\d+m[\d.]+s \d+m[\d.]+s$/.test(l.trim()));
  const last = lines.at(-1);
  if (!last) return null;
  const [user, sys] = last
    .trim()
    .split(' ')
    .map((t) => {
      const m = /^(\d+)m([\d.]+)s$/.exec(t)!;
      return Math.round((Number(m[1]) * 60 + Number(m[2])) * 1000);
    });
  return { userMs: user!, systemMs: sys! };
}

export interface TimedRun {
  stdout: string;
  durationMs: number;
  cpuUserMs: number | null;
  cpuSystemMs: number | null;
}

/**
 * Runs `etcdctl args…` under bash, so that bash's `times` reports the CPU the command used, and
 * measures its wall time.
 * @param timeoutMs - the command is killed (SIGKILL) after this long.
 * @param onSpawn - receives the child, so a signal handler can kill it.
 * @throws Error with etcdctl's last output lines when it exits non-zero or times out.
 */
export function timedEtcdctl(
  etcdctl: string,
  args: string[],
  timeoutMs: number,
  onSpawn?: (kill: () => void) => () => void,
): Promise<TimedRun> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    // `times` prints the shell's own times, then its children's; the second line is etcdctl's.
    const child = spawn('bash', ['-c', '"$@"; rc=$?; times >&2; exit $rc', 'timed', etcdctl, ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: etcdctlEnv(),
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr = (stderr + d).slice(-8000)));
    const forget = onSpawn?.(() => child.kill('SIGKILL')) ?? (() => {});
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', (e) => {
      clearTimeout(timer);
      forget();
      reject(e);
    });
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      forget();
      const durationMs = performance.now() - t0;
      if (code !== 0) {
        const why = signal ? `was killed (${signal}; bound ${timeoutMs} ms)` : `exited ${code}`;
        const tail = stderr.trim().split('\n').slice(-4).join('\n');
        reject(new Error(`etcdctl ${args.slice(0, 2).join(' ')} ${why}:\n${tail}`));
        return;
      }
      const times = parseBashTimes(stderr);
      resolve({ stdout, durationMs, cpuUserMs: times?.userMs ?? null, cpuSystemMs: times?.systemMs ?? null });
    });
  });
}
