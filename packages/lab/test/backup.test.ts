/**
 * The backup measurement: its pure parts, every committed backup result against its schema, and a
 * real run at 16 MiB (fill, snapshot save, status, restore, start on the restored directory) when
 * etcd and etcdctl are installed. Skips visibly without them; under CI=true a missing one fails.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseSizesGiB } from '../src/args.ts';
import {
  backupFindings,
  backupRows,
  compareBackupRuns,
  comparisonFinding,
  parseBackupResult,
} from '../../../src/lib/lab/backup-result.ts';
import { backupSummary } from '../src/backup-summary.ts';
import { diskOf, fillKey, quotaFor, runBackup, treeBytes } from '../src/backup.ts';
import { processCpuMs } from '../src/machine.ts';
import { Cleanup } from '../src/cleanup.ts';
import { findEtcd, inspectEtcd } from '../src/etcd-binary.ts';
import { findEtcdctl, inspectEtcdctl, parseBashTimes, parseEtcdctlVersion } from '../src/etcdctl.ts';
import { LAB_CLI, SITE_ROOT } from '../src/paths.ts';
import { processesMentioning } from './procs.ts';

const MIB = 1024 ** 2;
const GIB = 1024 ** 3;

function found(f: () => string): string | null {
  try {
    return f();
  } catch {
    return null;
  }
}
const etcdPath = found(findEtcd);
const etcdctlPath = found(findEtcdctl);
const ci = process.env.CI === 'true';
if (!etcdPath || !etcdctlPath)
  console.warn(
    'lab backup test SKIPPED: no etcd or etcdctl on PATH (apt-get install -y etcd-server etcd-client, or set ETCD_BIN and ETCDCTL_BIN)',
  );

it('finds etcd and etcdctl (required under CI=true)', (ctx) => {
  if ((!etcdPath || !etcdctlPath) && !ci)
    ctx.skip('no etcd or etcdctl on PATH (apt-get install -y etcd-server etcd-client)');
  expect(etcdPath, 'no etcd binary: .ci/run installs etcd-server from Debian').not.toBeNull();
  expect(etcdctlPath, 'no etcdctl binary: .ci/run installs etcd-client from Debian').not.toBeNull();
});

describe('pure parts', () => {
  it('parses sizes in GiB, fractions included, and refuses the rest with the flag named', () => {
    expect(parseSizesGiB('1,2,4')).toEqual([GIB, 2 * GIB, 4 * GIB]);
    expect(parseSizesGiB('0.015625')).toEqual([16 * MIB]);
    expect(() => parseSizesGiB('0')).toThrow(/--sizes: "0" is not a number from/);
    expect(() => parseSizesGiB('9')).toThrow(/--sizes: "9"/);
    expect(() => parseSizesGiB('1,x')).toThrow(/--sizes: "x"/);
  });
  it('reads etcdctl versions and the CPU times bash reports', () => {
    expect(parseEtcdctlVersion('etcdctl version: 3.4.23\nAPI version: 3.4\n')).toBe('3.4.23');
    expect(parseEtcdctlVersion('etcd Version: 3.4.23')).toBeNull();
    expect(parseBashTimes('log line\n0m0.001s 0m0.002s\n1m2.500s 0m0.250s\n')).toEqual({
      userMs: 62_500,
      systemMs: 250,
    });
    expect(parseBashTimes('no times here')).toBeNull();
  });
  it('keys sort in write order, and the quota leaves room above the target', () => {
    expect(fillKey(9) < fillKey(10)).toBe(true);
    expect(quotaFor(4 * GIB)).toBeGreaterThan(4 * GIB * 1.4);
  });
  it('names the whole disk behind a partition, and what sysfs says of it', () => {
    const sys = mkdtempSync(join(tmpdir(), 'sysblock-'));
    for (const [dev, rot] of [
      ['vda', '1'],
      ['nvme0n1', '0'],
      ['sda', '1'],
      ['sdb', '0'],
    ] as const) {
      mkdirSync(join(sys, dev, 'queue'), { recursive: true });
      writeFileSync(join(sys, dev, 'queue', 'rotational'), `${rot}\n`);
    }
    mkdirSync(join(sys, 'sdb', 'device'));
    writeFileSync(join(sys, 'sdb', 'device', 'model'), 'Fast SSD  \n');
    expect(diskOf('/dev/vda1', sys)).toEqual({ device: 'vda', kind: 'virtual', rotational: true, model: null });
    expect(diskOf('/dev/nvme0n1p2', sys).kind).toBe('nvme');
    expect(diskOf('/dev/sda3', sys).kind).toBe('hdd');
    expect(diskOf('/dev/sdb', sys)).toEqual({ device: 'sdb', kind: 'ssd', rotational: false, model: 'Fast SSD' });
    expect(diskOf('/dev/mapper/root', sys).kind).toBe('unknown');
    rmSync(sys, { recursive: true, force: true });
  });
  it('counts the bytes of a directory tree', () => {
    const d = mkdtempSync(join(tmpdir(), 'tree-'));
    mkdirSync(join(d, 'a'));
    writeFileSync(join(d, 'a', 'x'), Buffer.alloc(1000));
    writeFileSync(join(d, 'y'), Buffer.alloc(24));
    expect(treeBytes(d)).toBe(1024);
    rmSync(d, { recursive: true, force: true });
  });
  it('reads its own CPU time from /proc', () => {
    if (!existsSync('/proc/self/stat')) return;
    expect(processCpuMs(process.pid)).toBeGreaterThan(0);
    expect(processCpuMs(2 ** 30)).toBeNull();
  });
});

describe('committed backup results', () => {
  const dir = join(SITE_ROOT, 'content', 'lab-results');
  const files = readdirSync(dir).filter((f) => f.startsWith('backup-') && f.endsWith('.json'));
  it('exist', () => expect(files.length).toBeGreaterThan(0));
  it.each(files)('%s parses; every size came back whole under a new cluster ID', (file) => {
    const r = parseBackupResult(JSON.parse(readFileSync(join(dir, file), 'utf8')), file);
    expect(r.sizes.every((s) => s.errors.length === 0)).toBe(true);
    expect(backupRows(r).every((row) => row.verified)).toBe(true);
    expect(backupFindings(r).length).toBeGreaterThanOrEqual(3);
    expect(backupSummary(r)).toContain(r.environment.cpuModel);
  });
  it('draws the save per GiB and says what the restore check covered', () => {
    const r = parseBackupResult(JSON.parse(readFileSync(join(dir, files[0]!), 'utf8')), files[0]);
    const row = backupRows(r)[0]!;
    const s = r.sizes[0]!;
    expect(row.saveSPerGiB).toBeCloseTo(s.snapshotSave!.durationMs / 1000 / (s.snapshotSave!.fileBytes / GIB), 2);
    const f = backupFindings(r);
    expect(f.some((x) => x.includes('the other values were not read back'))).toBe(true);
    expect(f.some((x) => /not a sustained rate/.test(x))).toBe(true);
    expect(f.some((x) => /^The databases held [\d,]+(–[\d,]+)? keys/.test(x))).toBe(true);
  });
  it('compares two runs step by step, and says which way most pairs moved', () => {
    const r = parseBackupResult(JSON.parse(readFileSync(join(dir, files[0]!), 'utf8')), files[0]);
    // A copy with every save twice as long and every restore half as long.
    const other = structuredClone(r);
    other.loadAverage.samples1m.mean = 9.5;
    for (const s of other.sizes) {
      s.snapshotSave!.durationMs *= 2;
      s.restore!.durationMs /= 2;
    }
    const c = compareBackupRuns(r, other)!;
    expect(c.sizesCompared).toBe(r.sizes.length);
    const save = c.steps.find((x) => x.step === 'save')!;
    expect(save.minRatio).toBeCloseTo(2, 6);
    expect(save.maxRatio).toBeCloseTo(2, 6);
    expect(c.steps.find((x) => x.step === 'restore')!.maxRatio).toBeCloseTo(0.5, 6);
    expect(c.otherSlower).toBe(r.sizes.length);
    expect(c.otherFaster).toBe(r.sizes.length);
    const text = comparisonFinding(c, 'other.json');
    expect(text).toContain('load mean 9.5');
    expect(text).toContain('the same CPU model and count');
    expect(text).toContain('save 2.0–2.0×');
    expect(text).toContain('as often one way as the other');
    expect(text).not.toContain('mostly');
    // Every step but the restore slower: a tendency, named with its exceptions.
    for (const s of other.sizes) {
      s.snapshotStatus!.durationMs *= 3;
      s.restoredStart!.firstReadMs *= 3;
    }
    const most = comparisonFinding(compareBackupRuns(r, other)!, 'o');
    expect(most).toContain(
      `mostly slower but not on every pair (slower on ${3 * r.sizes.length} and faster on ${r.sizes.length} of the ${4 * r.sizes.length}`,
    );
    // Slower everywhere: the counts alone, no qualifier; then no sizes in common.
    for (const s of other.sizes) s.restore!.durationMs *= 4;
    const slower = comparisonFinding(compareBackupRuns(r, other)!, 'o');
    expect(slower).toContain(`slower on ${4 * r.sizes.length} and faster on 0 of the ${4 * r.sizes.length}`);
    expect(slower).not.toMatch(/mostly|as often/);
    for (const s of other.sizes) s.targetBytes += 1;
    expect(compareBackupRuns(r, other)).toBeNull();
  });
  it('refuses another shape with the field named', () => {
    expect(() => parseBackupResult({ schemaVersion: 1, kind: 'backup' }, 'x.json')).toThrow(
      /x\.json is not a backup result.*startedAt/,
    );
  });
});

describe.skipIf(!etcdPath || !etcdctlPath)('backup and restore of a real 16 MiB database', () => {
  it('saves, checks and restores a snapshot; the restored member has every key under a new cluster ID', async () => {
    const etcd = await inspectEtcd(etcdPath!);
    const etcdctl = await inspectEtcdctl(etcdctlPath!);
    const parent = mkdtempSync(join(tmpdir(), 'lab-backup-'));
    const dataDir = join(parent, 'run');
    const cleanup = new Cleanup();
    try {
      const r = await runBackup({
        etcd,
        etcdctl,
        sizesBytes: [16 * MIB],
        valueBytes: 256 * 1024,
        dataDir,
        cleanup,
        diskProbeBytes: 16 * MIB,
      });
      parseBackupResult(JSON.parse(JSON.stringify(r)), 'the result');
      const s = r.sizes[0]!;
      expect(s.errors).toEqual([]);
      expect(s.fill!.keys).toBe(64);
      // The snapshot holds at least the values written; status reads the same revision the member had.
      expect(s.snapshotSave!.fileBytes).toBeGreaterThan(16 * MIB);
      expect(s.snapshotStatus!.revision).toBe(s.revision);
      expect(s.snapshotStatus!.totalKeys).toBeGreaterThanOrEqual(64);
      // A restore starts a new cluster: new IDs, the same keys and revision.
      const after = s.restoredStart!;
      expect(after.keysAfter).toBe(64);
      expect(after.clusterIdAfter).not.toBe(s.clusterIdBefore);
      expect(after.memberIdAfter).not.toBe(s.memberIdBefore);
      expect(after.revisionAfter).toBe(s.revision);
      expect(after.firstReadMs).toBeGreaterThanOrEqual(after.healthyMs);
      expect(backupRows(r)[0]!.verified).toBe(true);
      expect(r.loadAverage.samples1m.count).toBeGreaterThan(0);
      // Nothing is left behind: no directory, no etcd.
      expect(existsSync(dataDir)).toBe(false);
      expect(processesMentioning(dataDir)).toEqual([]);
    } finally {
      await cleanup.run();
      rmSync(parent, { recursive: true, force: true });
    }
  }, 60_000);

  it('refuses bad sizes with exit 2 and says how to write them', async () => {
    const r = await new Promise<{ code: number | null; out: string }>((resolve) => {
      const child = spawn(join(SITE_ROOT, 'node_modules/.bin/node'), [LAB_CLI, 'backup', '--sizes', '1,64'], {
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      child.stdout.on('data', (d) => (out += d));
      child.stderr.on('data', (d) => (out += d));
      child.on('exit', (code) => resolve({ code, out }));
    });
    expect(r.code).toBe(2);
    expect(r.out).toMatch(/--sizes: "64" is not a number from/);
    expect(r.out).toMatch(/backup sizes are GiB/);
  }, 30_000);

  it('cleans up on SIGINT in the middle of a run and writes no result', async () => {
    const out = mkdtempSync(join(tmpdir(), 'lab-backup-out-'));
    const child = spawn(
      join(SITE_ROOT, 'node_modules/.bin/node'),
      [LAB_CLI, 'backup', '--sizes', '0.0625', '--value-bytes', '65536', '--out', out],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    let err = '';
    const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
    const dir = await new Promise<string>((resolve, reject) => {
      const t = setTimeout(() => reject(new Error(`the backup did not start a cluster within 20 s:\n${err}`)), 20_000);
      child.stderr.on('data', (d) => {
        err += d;
        const m = /data directories under (\S+)/.exec(err);
        if (m && /values of 65536 bytes/.test(err) && processesMentioning(m[1]!).length > 0) {
          clearTimeout(t);
          resolve(m[1]!);
        }
      });
    });
    child.kill('SIGINT');
    expect(await exited).toBe(130);
    expect(existsSync(dir)).toBe(false);
    expect(processesMentioning(dir)).toEqual([]);
    expect(readdirSync(out)).toEqual([]);
    rmSync(out, { recursive: true, force: true });
  }, 40_000);
});
