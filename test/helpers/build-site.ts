import { spawnSync } from 'node:child_process';
import { DIST, DIST_BASE, ROOT, TEST_BASE } from './paths.ts';

/**
 * Vitest global setup for the `site` project: builds the site twice, at `/`
 * and under TEST_BASE. Set SKIP_SITE_BUILD=1 to reuse existing builds while
 * iterating on tests.
 */
export default function setup(): void {
  if (process.env['SKIP_SITE_BUILD'] === '1') return;
  build(DIST, {});
  build(DIST_BASE, { SITE_BASE: TEST_BASE });
}

function build(outDir: string, env: Record<string, string>): void {
  // Tests never reach GitHub: drop anything that would let the citation step go online.
  const { GITHUB_TOKEN: _token, CITATIONS_ONLINE: _online, ...quiet } = process.env;
  const result = spawnSync('npx', ['--no', 'astro', 'build', '--outDir', outDir], {
    cwd: ROOT,
    // Vitest sets NODE_ENV=test, which Vite would take for a development build (import.meta.env.DEV:
    // Starlight then ships its search-disabled placeholder). Test what `npm run build` ships.
    env: { ...quiet, ASTRO_TELEMETRY_DISABLED: '1', NODE_ENV: 'production', ...env },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (result.status !== 0) {
    throw new Error(
      `astro build --outDir ${outDir} failed (exit ${result.status}):\n${result.stdout}\n${result.stderr}`,
    );
  }
}
