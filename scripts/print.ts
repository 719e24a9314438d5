/**
 * Prints every built page (or the routes given) to PDF as a reader's Chromium would, light theme,
 * A4, into reports/print/, and turns each PDF's pages into PNGs with pdftoppm when it is installed
 * (Debian: apt-get install -y poppler-utils). For looking at the handout; the test of print media
 * is test/site/print.test.ts.
 *
 *   npm run build && npm run print [-- route …]
 *
 * Exit status: 0 done, 2 usage or set-up error (no Chromium, no build, unknown route).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { launchBrowser } from '../src/tooling/browser.ts';
import { pagesToVisit, positionalCli } from '../src/tooling/cli.ts';
import { DIST, ROOT } from '../src/tooling/paths.ts';
import { serveStatic } from '../src/tooling/static-server.ts';
import { builtBase } from '../src/tooling/built-pages.ts';

const USAGE = 'Usage: npm run print [-- route …]   e.g. -- etcd-sizing/ (default: every page of dist/)';

const { executablePath, routes } = pagesToVisit(positionalCli('print', USAGE));
const out = join(ROOT, 'reports/print');
mkdirSync(out, { recursive: true });
const pdftoppm = spawnSync('pdftoppm', ['-v'], { stdio: 'ignore' }).error === undefined;

// A build made with SITE_BASE is served at that base, where its stylesheets and links point.
const site = await serveStatic(DIST, builtBase(DIST));
const browser = await launchBrowser(executablePath);
try {
  for (const route of routes) {
    const name = route === '' ? 'overview' : route.replace(/\/$/, '').replaceAll('/', '-');
    const page = await browser.newPage({ colorScheme: 'light' });
    await page.goto(site.url + route, { waitUntil: 'networkidle' });
    await page.evaluate(() => dispatchEvent(new Event('beforeprint')));
    const pdf = join(out, `${name}.pdf`);
    await page.pdf({ path: pdf, format: 'A4', printBackground: true });
    await page.close();
    if (pdftoppm) spawnSync('pdftoppm', ['-png', '-r', '60', pdf, join(out, name)], { stdio: 'inherit' });
    console.log(`${pdf}${pdftoppm ? ` and ${name}-N.png` : ''}`);
  }
  if (!pdftoppm) console.log('pdftoppm not found (apt-get install -y poppler-utils): PDFs only.');
} finally {
  await browser.close();
  await site.close();
}
