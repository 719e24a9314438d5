import { existsSync, readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { join } from 'node:path';
import { inject } from 'vitest';
import { ROOT } from './paths.ts';
import { BUILD_STATE_DIR, type BuildState } from './site-build-state.ts';

// A setup file of the `site` project: every site test file reads dist/ while it is collected, so
// it waits here, before it is imported, until the global setup's background builds have ended.
const run = inject('siteBuildRun');
if (run !== undefined) {
  const file = join(ROOT, BUILD_STATE_DIR, run, 'state.json');
  const deadline = Date.now() + 10 * 60_000;
  while (!existsSync(file)) {
    if (Date.now() > deadline) throw new Error(`The site builds did not end within 10 minutes (no ${file}).`);
    await sleep(200);
  }
  const state = JSON.parse(readFileSync(file, 'utf8')) as BuildState;
  if (!state.ok) throw new Error(state.message);
}
