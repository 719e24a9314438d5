/**
 * The evidence lab. `npm run lab [-- options]` starts real etcd clusters on loopback and measures
 * them; `npm run lab -- probe --endpoints …` measures an existing cluster (read-only by default).
 * Both write one JSON result (src/lib/lab/result.ts) and print a Markdown summary.
 * `npm run lab -- backup --sizes 1,2,4` times snapshot save, status and restore of a one-member
 * cluster filled to each size in GiB (src/lib/lab/backup-result.ts).
 */
import { mkdirSync, rmdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import * as prettier from 'prettier';
import { parseBackupResult, type BackupResult } from '../../../src/lib/lab/backup-result.ts';
import { backupSummary } from '../src/backup-summary.ts';
import { redactProbe } from '../src/redact.ts';
import { parseLabResult, type LabResult } from '../../../src/lib/lab/result.ts';
import { labSummary, probeSummary } from '../src/summary.ts';
import { parseNumberList, parsePositive, parseSizesGiB } from '../src/args.ts';
import { runBackup } from '../src/backup.ts';
import { findEtcdctl, inspectEtcdctl } from '../src/etcdctl.ts';
import { Cleanup } from '../src/cleanup.ts';
import { findEtcd, inspectEtcd } from '../src/etcd-binary.ts';
import { labDataRoot } from '../src/environment.ts';
import { parseEndpoints, runProbe } from '../src/probe.ts';
import { runLab } from '../src/run.ts';
import { SITE_ROOT } from '../src/paths.ts';

const USAGE = `usage:
  npm run lab [-- --members 1,3,5] [--rtt 0,2,10] [--duration 5] [--repeats 5] [--clients 8]
               [--read-clients-per-member 2] [--value-bytes 4096] [--seed N] [--label NAME] [--out DIR]
               [--no-failures]
  npm run lab -- probe --endpoints https://a:2379,… [--cacert F --cert F --key F] [--metrics-url URL]
               [--allow-writes] [--duration 3] [--clients 4] [--label NAME] [--out DIR] [--publish]
  npm run lab -- backup [--sizes 1,2,4] [--value-bytes 1048576] [--concurrency 8] [--label NAME] [--out DIR]
Durations are seconds per measured window; each load runs --repeats windows after a warm-up, in
shuffled rounds, and each member stop is repeated --repeats times; backup sizes are GiB of values (0.015625 = 16 MiB).
Lab and backup results go to content/lab-results/ (the site draws from there) unless --out is given.
A probe's result goes to lab-probes/ (git-ignored, never published) unless --out is given; --publish
also writes a copy with endpoints, member names, URLs and addresses redacted to content/lab-results/.`;

function fail(message: string, code = 2): never {
  console.error(`lab: ${message}`);
  if (code === 2) console.error(USAGE);
  process.exit(code);
}

function fileStamp(iso: string): string {
  return iso.replace(/[:]/g, '').replace(/\.\d+Z$/, 'Z');
}

/** Writes the result as the repository's Prettier formats JSON, so a committed result passes `npm run lint`. */
async function write(result: LabResult | BackupResult, outDir: string): Promise<string> {
  // never write a malformed file
  if (result.kind === 'backup') parseBackupResult(result, 'the result about to be written');
  else parseLabResult(result, 'the result about to be written');
  mkdirSync(outDir, { recursive: true });
  const label = result.environment.hostLabel.replace(/[^A-Za-z0-9._-]+/g, '-');
  const file = join(outDir, `${result.kind}-${label}-${fileStamp(result.startedAt)}.json`);
  const options = (await prettier.resolveConfig(file)) ?? {};
  writeFileSync(file, await prettier.format(JSON.stringify(result), { ...options, parser: 'json' }));
  return file;
}

async function main(): Promise<void> {
  let parsed;
  try {
    parsed = parseArgs({
      allowPositionals: true,
      options: {
        help: { type: 'boolean', short: 'h' },
        members: { type: 'string', default: '1,3,5' },
        rtt: { type: 'string', default: '0,2,10' },
        duration: { type: 'string' },
        clients: { type: 'string' },
        repeats: { type: 'string', default: '5' },
        'read-clients-per-member': { type: 'string', default: '2' },
        seed: { type: 'string' },
        'value-bytes': { type: 'string' },
        sizes: { type: 'string', default: '1,2,4' },
        concurrency: { type: 'string', default: '8' },
        label: { type: 'string' },
        out: { type: 'string' },
        'no-failures': { type: 'boolean', default: false },
        endpoints: { type: 'string' },
        cacert: { type: 'string' },
        cert: { type: 'string' },
        key: { type: 'string' },
        'metrics-url': { type: 'string' },
        'allow-writes': { type: 'boolean', default: false },
        publish: { type: 'boolean', default: false },
      },
    });
  } catch (e) {
    return fail((e as Error).message);
  }
  const v = parsed.values;
  if (v.help) {
    console.log(USAGE);
    return;
  }
  const [command = 'run', ...extra] = parsed.positionals;
  if (extra.length > 0 || !['run', 'probe', 'backup'].includes(command))
    return fail(
      `unknown command ${JSON.stringify(parsed.positionals.join(' '))}: use no command (the lab), probe or backup.`,
    );
  const siteDir = join(SITE_ROOT, 'content', 'lab-results');
  // A probe measures the reader's cluster: its result stays off the site unless published on purpose.
  const outDir = resolve(v.out ?? (command === 'probe' ? join(SITE_ROOT, 'lab-probes') : siteDir));
  if (v.publish && command !== 'probe') return fail('--publish is for a probe (lab results are written for the site)');
  let durationS: number, clients: number, valueBytes: number;
  let sizesBytes: number[] = [],
    concurrency = 8;
  try {
    if (command === 'backup') {
      sizesBytes = parseSizesGiB(v.sizes);
      concurrency = parsePositive(v.concurrency, '--concurrency', 64, true);
    }
    durationS = parsePositive(v.duration ?? (command === 'probe' ? '3' : '5'), '--duration', 120);
    clients = parsePositive(v.clients ?? (command === 'probe' ? '4' : '8'), '--clients', 256, true);
    valueBytes =
      command === 'backup'
        ? // etcd refuses a request above --max-request-bytes (1.5 MiB by default)
          parsePositive(v['value-bytes'] ?? '1048576', '--value-bytes', 1_400_000, true)
        : parsePositive(v['value-bytes'] ?? '4096', '--value-bytes', 1_000_000, true);
  } catch (e) {
    return fail((e as Error).message);
  }

  const cleanup = new Cleanup();
  // The parent check covers an npm that exits on a signal without passing it on.
  const offSignals = cleanup.onSignals(console.error, 500);
  const t0 = performance.now();
  try {
    if (command === 'backup') {
      const etcd = await inspectEtcd(findEtcd());
      const etcdctl = await inspectEtcdctl(findEtcdctl());
      const root = labDataRoot(SITE_ROOT);
      const dataDir = join(root, `backup-${process.pid}-${Date.now()}`);
      cleanup.add(`lab root ${root}`, () => {
        try {
          rmdirSync(root);
        } catch {
          // not empty (another run) or never made
        }
      });
      console.error(`lab: etcd ${etcd.version}, etcdctl ${etcdctl.version}; data directories under ${dataDir}`);
      const result = await runBackup({
        etcd,
        etcdctl,
        sizesBytes,
        valueBytes,
        concurrency,
        dataDir,
        cleanup,
        hostLabel: v.label,
        log: (l) => console.error(l),
      });
      console.log(backupSummary(result));
      console.error(`lab: result written to ${await write(result, outDir)}`);
      const errors = result.sizes.flatMap((s) => s.errors.map((e) => `${s.targetBytes} bytes ${e.step}: ${e.message}`));
      if (errors.length > 0) {
        process.exitCode = 1;
        console.error(`lab: ${errors.length} step(s) failed:\n  ${errors.join('\n  ')}`);
      }
    } else if (command === 'probe') {
      if (!v.endpoints) return fail('probe needs --endpoints https://host:2379,…');
      try {
        parseEndpoints(v.endpoints);
      } catch (e) {
        return fail((e as Error).message);
      }
      const result = await runProbe({
        endpoints: v.endpoints,
        cacert: v.cacert,
        cert: v.cert,
        key: v.key,
        metricsUrl: v['metrics-url'],
        allowWrites: v['allow-writes'],
        durationMs: durationS * 1000,
        clients,
        valueBytes,
        hostLabel: v.label,
        cleanup,
        log: (l) => console.error(l),
      });
      console.log(probeSummary(result));
      console.error(`lab: result written to ${await write(result, outDir)} (not published)`);
      if (v.publish)
        console.error(
          `lab: redacted copy published to ${await write(redactProbe(result, v.label !== undefined), siteDir)}`,
        );
    } else {
      let memberCounts: number[], rttMs: number[], repeats: number, readClientsPerMember: number;
      let seed: number | undefined;
      try {
        memberCounts = parseNumberList(v.members, '--members', { min: 1, max: 7, whole: true });
        rttMs = parseNumberList(v.rtt, '--rtt', { min: 0, max: 500, whole: false });
        repeats = parsePositive(v.repeats, '--repeats', 50, true);
        readClientsPerMember = parsePositive(v['read-clients-per-member'], '--read-clients-per-member', 64, true);
        seed = v.seed === undefined ? undefined : parsePositive(v.seed, '--seed', 2 ** 31, true);
      } catch (e) {
        return fail((e as Error).message);
      }
      const etcd = await inspectEtcd(findEtcd());
      const root = labDataRoot(SITE_ROOT);
      const dataDir = join(root, `run-${process.pid}-${Date.now()}`);
      // Runs last: removes the shared parent when no other run is using it.
      cleanup.add(`lab root ${root}`, () => {
        try {
          rmdirSync(root);
        } catch {
          // not empty (another run) or never made
        }
      });
      console.error(`lab: etcd ${etcd.version} (${etcd.path}); data directories under ${dataDir}`);
      const result = await runLab({
        etcd,
        memberCounts,
        rttMs,
        durationMs: durationS * 1000,
        clients,
        readClientsPerMember,
        repeats,
        ...(seed === undefined ? {} : { seed }),
        valueBytes,
        dataDir,
        cleanup,
        hostLabel: v.label,
        noFailures: v['no-failures'],
        log: (l) => console.error(l),
      });
      console.log(labSummary(result));
      console.error(`lab: result written to ${await write(result, outDir)}`);
      const errors = result.clusters.flatMap((c) => c.errors.map((e) => `${c.id} ${e.step}: ${e.message}`));
      if (errors.length > 0) {
        process.exitCode = 1;
        console.error(`lab: ${errors.length} step(s) failed:\n  ${errors.join('\n  ')}`);
      }
    }
    console.error(`lab: finished in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  } catch (e) {
    console.error(`lab: ${(e as Error).message}`);
    process.exitCode = 1;
  } finally {
    const failures = await cleanup.run();
    for (const f of failures) console.error(`lab: cleanup: ${f}`);
    offSignals();
  }
}

await main();
