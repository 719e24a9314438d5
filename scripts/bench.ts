/**
 * Benchmarks (figures, not tests), in one run:
 *   1. wall time of `astro build` for the whole site, as `npm run build` does it;
 *   2. the same build with citation verification (CITATIONS=off) and build-time diagram
 *      rendering (DIAGRAMS=client) switched off, and the ratio 1 / 2: what the project's own
 *      build steps cost on top of Astro and Starlight;
 *   3. the citation benchmark (scripts/bench-citations.ts).
 * Builds alternate between the two kinds and go to a temporary outDir, so dist/ is untouched.
 *
 *   npm run bench [-- --runs N]     (N builds of each kind, default 3; medians with min and max)
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { formatSeconds, spread } from '../src/lib/quality/stats.ts';
import { ROOT } from '../test/helpers/paths.ts';

const args = process.argv.slice(2);
const i = args.indexOf('--runs');
const runs = i >= 0 ? Number(args[i + 1]) : 3;
if (!Number.isInteger(runs) || runs < 1 || args.some((a) => a.startsWith('--') && a !== '--runs')) {
  console.error('Usage: npm run bench [-- --runs N]   (N ≥ 1)');
  process.exit(2);
}

const KINDS = {
  full: { label: 'astro build (full)', env: {} },
  bare: { label: 'without citations and diagrams', env: { CITATIONS: 'off', DIAGRAMS: 'client' } },
} as const;
type Kind = keyof typeof KINDS;

const out = mkdtempSync(join(tmpdir(), 'sizing-bench-'));
const times: Record<Kind, number[]> = { full: [], bare: [] };
try {
  console.log(`Site build: ${runs} run(s) of each kind, alternating; output in ${out} (dist/ untouched).\n`);
  for (let r = 1; r <= runs; r++) {
    for (const kind of Object.keys(KINDS) as Kind[]) {
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
      console.log(`  run ${r}: ${KINDS[kind].label.padEnd(32)} ${(ms / 1000).toFixed(1)} s`);
    }
  }
} finally {
  rmSync(out, { recursive: true, force: true });
}

const full = spread(times.full);
const bare = spread(times.bare);
console.log(`\n${KINDS.full.label.padEnd(32)} ${formatSeconds(full)}`);
console.log(`${KINDS.bare.label.padEnd(32)} ${formatSeconds(bare)}`);
console.log(
  `${'ratio full / without'.padEnd(32)} ${(full.median / bare.median).toFixed(2)} (medians): citation verification and diagram rendering add ${((full.median - bare.median) / 1000).toFixed(1)} s`,
);

console.log('\nCitation benchmark (scripts/bench-citations.ts):\n');
const cite = spawnSync(process.execPath, [join(ROOT, 'scripts/bench-citations.ts')], { cwd: ROOT, stdio: 'inherit' });
process.exit(cite.status ?? 1);
