/**
 * Takes full-page screenshots of every built page in light and dark themes,
 * at desktop and phone widths, into reports/screenshots/. For looking at the
 * site before calling UI work done; not a test.
 *
 *   npm run build && npm run screenshots [-- route …]
 *
 * Routes are written as the build names them: `etcd-sizing/`, `''` for the overview.
 * Exit status: 0 done, 2 usage or set-up error (no Chromium, no build, unknown route).
 */
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { findChromium } from '../src/lib/chromium.ts';
import { launchBrowser } from '../src/tooling/browser.ts';
import { builtRoutes } from '../src/tooling/built-pages.ts';
import { DIST, ROOT } from '../src/tooling/paths.ts';
import { serveStatic } from '../src/tooling/static-server.ts';

const USAGE = 'Usage: npm run screenshots [-- route …]   e.g. -- etcd-sizing/ glossary/ (default: every page of dist/)';

function fail(message: string): never {
  console.error(`screenshots: ${message}\n${USAGE}`);
  process.exit(2);
}

const args = (() => {
  try {
    return parseArgs({ allowPositionals: true, options: { help: { type: 'boolean', short: 'h' } } });
  } catch (e) {
    return fail((e as Error).message);
  }
})();
if (args.values.help) {
  console.log(USAGE);
  process.exit(0);
}
const executablePath = findChromium();
if (!executablePath) fail('no Chromium found: install it (apt-get install -y chromium) or set CHROMIUM_PATH.');
if (!existsSync(join(DIST, 'index.html'))) fail('dist/ holds no build: run npm run build first.');
const built = builtRoutes(DIST);
const only = args.positionals;
const unknown = only.filter((r) => !built.includes(r));
if (unknown.length > 0)
  fail(`no built page at ${unknown.join(', ')}; routes end in / (etcd-sizing/), the overview is ''.`);
const routes = built.filter((r) => only.length === 0 || only.includes(r));
const out = join(ROOT, 'reports/screenshots');
mkdirSync(out, { recursive: true });

const site = await serveStatic(DIST);
const browser = await launchBrowser(executablePath);
try {
  for (const [width, label] of [
    [1280, 'wide'],
    [390, 'narrow'],
  ] as const) {
    for (const theme of ['light', 'dark'] as const) {
      const context = await browser.newContext({ viewport: { width, height: 900 }, colorScheme: theme });
      await context.addInitScript((t) => localStorage.setItem('starlight-theme', t), theme);
      const page = await context.newPage();
      for (const route of routes) {
        await page.goto(site.url + route, { waitUntil: 'load' });
        const name = `${route.replace(/\/$/, '').replace(/\//g, '_') || 'index'}-${label}-${theme}.png`;
        await page.screenshot({ path: join(out, name), fullPage: true });
        console.log(join('reports/screenshots', name));
      }
      await context.close();
    }
  }
} finally {
  await browser.close();
  await site.close();
}
