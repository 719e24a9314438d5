import { translationOfFile } from '../../src/lib/i18n/locales.ts';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { ROOT } from './paths.ts';

export interface FixtureBuild {
  status: number | null;
  output: string;
  dir: string;
}

/**
 * Makes a throw-away copy of the site whose content is replaced by `pages`
 * (path under content/docs → MDX text), to prove that a bad page fails the
 * build. It lives under the repository's git-ignored .cache/ so that Node and
 * Vite find the repository's node_modules by walking up (a symlink confuses Vite).
 *
 * @param pages - e.g. `{ 'index.mdx': '---\ntitle: x\n---\n…' }`.
 * @param extraFiles - more files relative to the fixture root (e.g. a lock file).
 */
export function createFixtureSite(pages: Record<string, string>, extraFiles: Record<string, string> = {}): string {
  mkdirSync(join(ROOT, '.cache/fixtures'), { recursive: true });
  const dir = mkdtempSync(join(ROOT, '.cache/fixtures/site-'));
  for (const entry of ['astro.config.mjs', 'content.config.ts', 'tsconfig.json', 'package.json', 'src', 'public']) {
    if (existsSync(join(ROOT, entry))) cpSync(join(ROOT, entry), join(dir, entry), { recursive: true });
  }
  neutraliseModelSources(dir);
  fixtureSidebar(dir, Object.keys(pages));
  for (const [path, text] of Object.entries({ ...prefixed(pages), ...extraFiles })) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

/**
 * Runs a command in a fixture without blocking the event loop, so that a
 * loopback server in the test process can answer it.
 */
export function runIn(
  dir: string,
  command: string,
  args: string[],
  env: Record<string, string> = {},
): Promise<FixtureBuild> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: dir,
      env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', NODE_ENV: 'production', ...env },
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, output, dir }));
  });
}

/** Creates a fixture (see {@link createFixtureSite}) and runs `astro build` in it. */
export function buildFixtureSite(
  pages: Record<string, string>,
  extraFiles: Record<string, string> = {},
  env: Record<string, string> = {},
): Promise<FixtureBuild> {
  return runIn(createFixtureSite(pages, extraFiles), 'npx', ['--no', 'astro', 'build'], env);
}

export function removeFixture(build: FixtureBuild): void {
  rmSync(build.dir, { recursive: true, force: true });
}

/**
 * The guide's sidebar names its pages by slug, and Starlight refuses a slug with no page: a
 * fixture's sidebar links the fixture's own pages instead.
 */
function fixtureSidebar(dir: string, pages: string[]): void {
  const entries = pages
    .filter((p) => /\.mdx?$/.test(p) && !translationOfFile(`content/docs/${p}`))
    .map((p) => {
      const slug = p.replace(/\.mdx?$/, '').replace(/(^|\/)index$/, '');
      return { label: slug || 'Overview', link: slug ? `/${slug}/` : '/' };
    });
  writeFileSync(
    join(dir, 'src/lib/sidebar.ts'),
    `// Written by the test's fixture helper: the fixture's own pages.\nexport const sidebar = () => ${JSON.stringify(entries)};\n`,
  );
}

/**
 * A fixture tests its own pages' citations. The model's refs (src/lib/model/sources.ts) and the
 * calculators' bound defaults are citations of the real upstream repositories, which a fixture's
 * fake GitHub does not serve, and the main build verifies them; here each ref becomes a
 * documentation URL, which is not a citation, so every import of them still resolves, and the
 * bindings are emptied.
 */
function neutraliseModelSources(dir: string): void {
  const file = join(dir, 'src/lib/model/sources.ts');
  if (existsSync(file))
    writeFileSync(
      file,
      readFileSync(file, 'utf8').replace(/^(export const (\w+) = )'[^']*';$/gm, "$1'https://example.invalid/$2';"),
    );
  // The calculators' bound defaults cite upstream too: a fixture binds none.
  const bound = join(dir, 'src/lib/model/bound-defaults.ts');
  if (existsSync(bound)) {
    const text = readFileSync(bound, 'utf8');
    const emptied = text.replace(
      /^export const BOUND_DEFAULTS: [^=]+ = \[[\s\S]*?^\];$/m,
      'export const BOUND_DEFAULTS = [];',
    );
    // A registry written another way would stay bound, and every fixture would fail on it.
    if (emptied === text) throw new Error(`fixture-site.ts could not empty BOUND_DEFAULTS in ${bound}`);
    writeFileSync(bound, emptied);
  }
}

function prefixed(pages: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(pages).map(([p, t]) => [join('content/docs', p), t]));
}
