/**
 * Takes full-page screenshots of every built page in light and dark themes,
 * at desktop and phone widths, into reports/screenshots/. For looking at the
 * site before calling UI work done; not a test.
 *
 *   npm run build && npm run screenshots [-- route …]
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromiumPathForTests, launchBrowser } from '../test/helpers/browser.ts';
import { builtRoutes } from '../test/helpers/built-pages.ts';
import { DIST, ROOT } from '../test/helpers/paths.ts';
import { serveStatic } from '../test/helpers/static-server.ts';

const executablePath = chromiumPathForTests();
if (!executablePath) {
  console.error('No Chromium found: install it (apt-get install -y chromium) or set CHROMIUM_PATH.');
  process.exit(2);
}
const only = process.argv.slice(2);
const routes = builtRoutes(DIST).filter((r) => only.length === 0 || only.includes(r));
const out = join(ROOT, 'reports/screenshots');
mkdirSync(out, { recursive: true });

const site = await serveStatic(DIST);
const browser = await launchBrowser(executablePath);
try {
  for (const [width, label] of [[1280, 'wide'], [390, 'narrow']] as const) {
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
