/**
 * Benchmarks (figures, not tests), in one run:
 *   1. wall time of `astro build` without the project's own steps: citation verification off
 *      (CITATIONS=off) and diagrams left to the reader's browser (DIAGRAMS=client);
 *   2. the full build, cold: `.cache/diagrams/` emptied first, so Chromium renders every diagram;
 *   3. the full build, warm: right after the cold one, every diagram's SVG comes from the cache;
 *   then the ratios cold / (1) and warm / (1), against the targets (cold ≤ 2×, warm ≤ 1.3×), and
 *   the citation benchmark (scripts/bench-citations.ts).
 * The citation cache (`.cache/citations/`) is left as it is in every kind: it may hold files that
 * only the network could fetch again. Builds go to a temporary outDir, so dist/ is untouched; the
 * diagram cache the cold builds empty is refilled by them.
 *
 *   npm run bench [-- --runs N]     (N rounds of the three builds, default 3; medians with min and max)
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { formatSeconds, spread } from '../src/lib/quality/stats.ts';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const USAGE = 'Usage: npm run bench [-- --runs N]   (N ≥ 1 rounds of the three builds, default 3)';

function parseRuns(): number {
  let values: { runs?: string | undefined };
  try {
    ({ values } = parseArgs({
      options: { runs: { type: 'string', default: '3' } },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    process.exit(2);
  }
  const runs = Number(values.runs);
  if (!Number.isInteger(runs) || runs < 1) {
    console.error(`--runs must be a whole number of at least 1, not "${values.runs}".\n${USAGE}`);
    process.exit(2);
  }
  return runs;
}

const TARGETS = { cold: 2, warm: 1.3 } as const;
const KINDS = {
  bare: {
    label: 'without citations and diagrams',
    env: { CITATIONS: 'off', DIAGRAMS: 'client' },
    emptyDiagramCache: false,
  },
  cold: { label: 'full build, cold diagram cache', env: {}, emptyDiagramCache: true },
  warm: { label: 'full build, warm diagram cache', env: {}, emptyDiagramCache: false },
} as const;
type Kind = keyof typeof KINDS;

const runs = parseRuns();
const out = mkdtempSync(join(tmpdir(), 'sizing-bench-'));
const times: Record<Kind, number[]> = { bare: [], cold: [], warm: [] };
try {
  console.log(`Site build: ${runs} round(s) of three builds; output in ${out} (dist/ untouched).\n`);
  for (let r = 1; r <= runs; r++) {
    for (const kind of Object.keys(KINDS) as Kind[]) {
      if (KINDS[kind].emptyDiagramCache) rmSync(join(ROOT, '.cache/diagrams'), { recursive: true, force: true });
      const t = performance.now();
      const result = spawnSync('npx', ['--no', 'astro', 'build', '--outDir', join(out, kind)], {
        cwd: ROOT,
        env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', ...KINDS[kind].env },
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const ms = performance.now() - t;
      if (result.status !== 0) {
        console.error(`${KINDS[kind].label} failed (exit ${result.status}):\n${result.stdout}\n${result.stderr}`);
        process.exit(1);
      }
      times[kind].push(ms);
      const diagrams = /Diagrams: \d+ to inline SVG;[^\n]*/.exec(result.stdout)?.[0];
      console.log(
        `  run ${r}: ${KINDS[kind].label.padEnd(32)} ${(ms / 1000).toFixed(1)} s${diagrams ? `   (${diagrams})` : ''}`,
      );
    }
  }
} finally {
  rmSync(out, { recursive: true, force: true });
}

const bare = spread(times.bare);
console.log('');
for (const kind of Object.keys(KINDS) as Kind[])
  console.log(`${KINDS[kind].label.padEnd(32)} ${formatSeconds(spread(times[kind]))}`);
console.log('');
for (const kind of ['cold', 'warm'] as const) {
  const s = spread(times[kind]);
  const ratio = s.median / bare.median;
  const met = ratio <= TARGETS[kind];
  console.log(
    `${`ratio ${kind} / without`.padEnd(32)} ${ratio.toFixed(2)} (medians; target ≤ ${TARGETS[kind]}): ${met ? 'met' : 'NOT MET'}; ` +
      `the project's steps add ${((s.median - bare.median) / 1000).toFixed(1)} s`,
  );
}

console.log(
  'Note: the build without the project\u2019s steps bundles the browser-side Mermaid loader (DIAGRAMS=client), which a\n' +
    'build whose diagrams are SVG does not, so a full build can be the faster one.',
);

console.log('\nCitation benchmark (scripts/bench-citations.ts):\n');
const cite = spawnSync(process.execPath, [join(ROOT, 'scripts/bench-citations.ts')], { cwd: ROOT, stdio: 'inherit' });
process.exit(cite.status ?? 1);
