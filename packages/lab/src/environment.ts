/** What the lab records about the machine, and where it puts data directories. */
import { readFileSync, realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, hostname, release, tmpdir, platform } from 'node:os';
import { join } from 'node:path';
import type { Environment } from '../../../src/lib/lab/result.ts';
import type { EtcdBinary } from './etcd-binary.ts';

const require = createRequire(import.meta.url);

/** Version of an installed npm package, from its package.json. */
export function packageVersion(name: string): string {
  try {
    return (require(`${name}/package.json`) as { version: string }).version;
  } catch {
    // Packages with an `exports` map that hides package.json.
    const main = require.resolve(name);
    const root = main.slice(0, main.lastIndexOf(`/node_modules/${name}/`) + `/node_modules/${name}/`.length);
    return (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string }).version;
  }
}

/** The mount holding `path` (longest mount-point prefix in /proc/mounts), or null off Linux. */
export function mountOf(path: string): { filesystem: string; device: string; mountPoint: string } | null {
  let mounts: string;
  try {
    mounts = readFileSync('/proc/mounts', 'utf8');
  } catch {
    return null;
  }
  const real = realpathSync(path);
  let best: { filesystem: string; device: string; mountPoint: string } | null = null;
  for (const line of mounts.split('\n')) {
    const [device, mountPoint, filesystem] = line.split(' ');
    if (!device || !mountPoint || !filesystem) continue;
    const inside = real === mountPoint || real.startsWith(mountPoint.endsWith('/') ? mountPoint : `${mountPoint}/`);
    if (inside && (!best || mountPoint.length > best.mountPoint.length)) best = { device, mountPoint, filesystem };
  }
  return best;
}

/** Filesystems in memory: a WAL there measures nothing about disks. */
const MEMORY_FILESYSTEMS = new Set(['tmpfs', 'ramfs']);

/**
 * Parent for the lab's data directories: the system temporary directory when it is on a real
 * disk, else `<repo>/.cache/lab` (git-ignored).
 */
export function labDataRoot(repoRoot: string): string {
  const m = mountOf(tmpdir());
  if (m && !MEMORY_FILESYSTEMS.has(m.filesystem)) return join(tmpdir(), 'etcd-lab');
  return join(repoRoot, '.cache', 'lab');
}

/**
 * The environment block of a result.
 * @param etcd - the lab's binary, or the probed server's version (`path` null).
 * @param dataDir - the data directories' parent, or null in a probe.
 */
export function environment(
  etcd: { path: string | null; version: string; goVersion: string | null },
  dataDir: string | null,
  hostLabel = hostname(),
): Environment {
  const cpu = cpus();
  const mount = dataDir ? mountOf(dataDir) : null;
  return {
    hostLabel,
    etcdBinary: etcd.path,
    etcdVersion: etcd.version,
    etcdGoVersion: etcd.goVersion,
    nodeVersion: process.version,
    clientLibrary: { name: 'etcd3', version: packageVersion('etcd3') },
    histogramLibrary: { name: 'hdr-histogram-js', version: packageVersion('hdr-histogram-js') },
    cpuModel: cpu[0]?.model.trim() ?? 'unknown',
    cpuCount: Math.max(1, cpu.length),
    kernel: release(),
    platform: `${platform()}-${process.arch}`,
    dataDir: dataDir
      ? { path: dataDir, filesystem: mount?.filesystem ?? 'unknown', device: mount?.device ?? 'unknown' }
      : null,
  };
}

export type { EtcdBinary };
