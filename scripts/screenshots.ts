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
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { launchBrowser } from '../src/tooling/browser.ts';
import { pagesToVisit, positionalCli } from '../src/tooling/cli.ts';
import { DIST, ROOT } from '../src/tooling/paths.ts';
import { serveStatic } from '../src/tooling/static-server.ts';
import { builtBase } from '../src/tooling/built-pages.ts';

const USAGE = 'Usage: npm run screenshots [-- route …]   e.g. -- etcd-sizing/ glossary/ (default: every page of dist/)';

const { executablePath, routes } = pagesToVisit(positionalCli('screenshots', USAGE));
const out = join(ROOT, 'reports/screenshots');
mkdirSync(out, { recursive: true });

// A build made with SITE_BASE is served at that base, where its stylesheets and links point.
const site = await serveStatic(DIST, builtBase(DIST));
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
