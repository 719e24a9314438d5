/** Finds the etcd binary and reads its version, refusing anything that is not etcd. */
import { execFile } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface EtcdBinary {
  path: string;
  /** e.g. `3.4.23`. */
  version: string;
  goVersion: string | null;
}

/**
 * `ETCD_BIN` when set, else the first `etcd` on PATH.
 * @throws Error saying how to install etcd or set ETCD_BIN when none is found.
 */
export function findEtcd(env: NodeJS.ProcessEnv = process.env): string {
  if (env.ETCD_BIN) return env.ETCD_BIN;
  for (const dir of (env.PATH ?? '').split(delimiter)) {
    const candidate = join(dir, 'etcd');
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  throw new Error(
    'no etcd binary found on PATH: install one (Debian: apt-get install -y etcd-server etcd-client) or set ETCD_BIN=/path/to/etcd.',
  );
}

/**
 * Parses `etcd --version` output ("etcd Version: 3.4.23 / Git SHA … / Go Version: go1.19.8").
 * @returns null when the text is not etcd's.
 */
export function parseEtcdVersion(text: string): { version: string; goVersion: string | null } | null {
  const version = /^etcd Version:\s*(\S+)/m.exec(text)?.[1];
  if (!version) return null;
  return { version, goVersion: /^Go Version:\s*(\S+)/m.exec(text)?.[1] ?? null };
}

/**
 * Runs `<path> --version` (5 s bound) and checks it is etcd.
 * @throws Error naming the path and what it printed when it is missing, hangs, or is not etcd.
 */
export async function inspectEtcd(path: string): Promise<EtcdBinary> {
  let out: string;
  try {
    const r = await run(path, ['--version'], { timeout: 5000, killSignal: 'SIGKILL' });
    out = `${r.stdout}${r.stderr}`;
  } catch (e) {
    const err = e as NodeJS.ErrnoException & { killed?: boolean; stdout?: string; stderr?: string };
    if (err.code === 'ENOENT')
      throw new Error(`etcd binary ${path} does not exist: fix ETCD_BIN or PATH.`, { cause: e });
    if (err.code === 'EACCES')
      throw new Error(`etcd binary ${path} is not executable: chmod +x it or fix ETCD_BIN.`, { cause: e });
    if (err.killed)
      throw new Error(`${path} --version did not finish within 5 s: is ETCD_BIN really etcd?`, {
        cause: e,
      });
    out = `${err.stdout ?? ''}${err.stderr ?? ''}`;
  }
  const parsed = parseEtcdVersion(out);
  if (!parsed) {
    const shown = out.trim().split('\n').slice(0, 2).join(' / ').slice(0, 200) || '(nothing)';
    throw new Error(
      `${path} is not an etcd binary: \`${path} --version\` printed ${JSON.stringify(shown)}, not "etcd Version: …". Set ETCD_BIN to etcd's server binary.`,
    );
  }
  return { path, ...parsed };
}
