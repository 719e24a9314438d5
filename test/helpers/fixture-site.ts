import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { ROOT } from './paths.ts';

export interface FixtureBuild {
  status: number | null;
  output: string;
  dir: string;
}

/**
 * Builds a throw-away copy of the site whose content is replaced by `pages`
 * (path under content/docs → MDX text), to prove that a bad page fails the
 * build. It lives under the repository's git-ignored .cache/ so that Node and
 * Vite find the repository's node_modules by walking up (a symlink confuses Vite).
 *
 * @param pages - e.g. `{ 'index.mdx': '---\ntitle: x\n---\n…' }`.
 * @param extraFiles - more files relative to the fixture root (e.g. a lock file).
 * @param env - extra environment for `astro build`.
 */
export function buildFixtureSite(
  pages: Record<string, string>,
  extraFiles: Record<string, string> = {},
  env: Record<string, string> = {},
): FixtureBuild {
  mkdirSync(join(ROOT, '.cache/fixtures'), { recursive: true });
  const dir = mkdtempSync(join(ROOT, '.cache/fixtures/site-'));
  for (const entry of ['astro.config.mjs', 'content.config.ts', 'tsconfig.json', 'package.json', 'src', 'public']) {
    if (existsSync(join(ROOT, entry))) cpSync(join(ROOT, entry), join(dir, entry), { recursive: true });
  }
  for (const [path, text] of Object.entries({ ...prefixed(pages), ...extraFiles })) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  const result = spawnSync('npx', ['--no', 'astro', 'build'], {
    cwd: dir,
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', ...env },
    encoding: 'utf8',
  });
  return { status: result.status, output: `${result.stdout}\n${result.stderr}`, dir };
}

export function removeFixture(build: FixtureBuild): void {
  rmSync(build.dir, { recursive: true, force: true });
}

function prefixed(pages: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(pages).map(([p, t]) => [join('content/docs', p), t]));
}
