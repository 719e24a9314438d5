import { spawn } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { DIST, DIST_BASE, ROOT, TEST_BASE } from './paths.ts';
import { BUILD_STATE_DIR, type BuildState } from './site-build-state.ts';

/**
 * Vitest global setup for the `site` project: builds the site twice, at `/` and under TEST_BASE,
 * one after the other (the builds share Astro's cache), in the background. It returns at once, so
 * the unit tests (an earlier group) run meanwhile; each site test file waits for the builds
 * (./wait-for-site-build.ts), which end in a state file per run. Set SKIP_SITE_BUILD=1 to reuse
 * existing builds while iterating on tests.
 * @returns the teardown, which stops a build still running (an interrupted run).
 */
export default function setup(project: TestProject): () => Promise<void> {
  if (process.env['SKIP_SITE_BUILD'] === '1') return async () => {};
  const run = `${process.pid}-${Date.now()}`;
  const dir = join(ROOT, BUILD_STATE_DIR);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, run), { recursive: true });
  project.provide('siteBuildRun', run);

  let current: ReturnType<typeof spawn> | undefined;
  const write = (state: BuildState): void => writeFileSync(join(dir, run, 'state.json'), JSON.stringify(state));
  const done = (async () => {
    for (const [outDir, env] of [
      [DIST, {}],
      [DIST_BASE, { SITE_BASE: TEST_BASE }],
    ] as const) {
      const started = Date.now();
      const result = await build(outDir, env, (child) => (current = child));
      if (result.status !== 0) {
        // Every site test file shows the message: the end of the output there, all of it in a log.
        const log = join(dir, run, 'build.log');
        writeFileSync(log, result.output);
        write({
          ok: false,
          message: `astro build --outDir ${outDir} failed (exit ${result.status}) after ${Math.round((Date.now() - started) / 1000)} s; its whole output is in ${log}. It ended:\n${result.output.slice(-3000)}`,
        });
        return;
      }
    }
    write({ ok: true });
  })();
  return async () => {
    current?.kill('SIGTERM');
    await done;
  };
}

function build(
  outDir: string,
  env: Record<string, string>,
  started: (child: ReturnType<typeof spawn>) => void,
): Promise<{ status: number | null; output: string }> {
  // Tests never reach GitHub: drop anything that would let the citation step go online.
  const { GITHUB_TOKEN: _token, CITATIONS_ONLINE: _online, ...quiet } = process.env;
  return new Promise((resolve) => {
    const child = spawn('npx', ['--no', 'astro', 'build', '--outDir', outDir], {
      cwd: ROOT,
      // Vitest sets NODE_ENV=test, which Vite would take for a development build (import.meta.env.DEV:
      // Starlight then ships its search-disabled placeholder). Test what `npm run build` ships.
      env: { ...quiet, ASTRO_TELEMETRY_DISABLED: '1', NODE_ENV: 'production', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    started(child);
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('error', (e) => resolve({ status: null, output: `${output}\n${e.message}` }));
    child.on('close', (status, signal) => resolve({ status, output: signal ? `${output}\n(${signal})` : output }));
  });
}
