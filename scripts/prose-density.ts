/**
 * After a build: per chapter, the share of running prose that citation text takes and the commit
 * hashes left in it, as Chromium shows the pages (src/tooling/prose-density.ts). `npm run
 * audit:site` prints the same table.
 *
 *   npm run build && npm run prose-density [-- route …] [-- --check]
 *
 * Exit status: 0 done (with --check: every page within the budgets), 1 a budget missed with
 * --check, 2 usage or set-up error.
 */
import { isChapter } from '../src/lib/quality/budgets.ts';
import { densityFailures, densityTable, type ProseDensity } from '../src/lib/quality/prose-density.ts';
import { launchBrowser } from '../src/tooling/browser.ts';
import { builtBase } from '../src/tooling/built-pages.ts';
import { pagesToVisit, positionalCli } from '../src/tooling/cli.ts';
import { DIST } from '../src/tooling/paths.ts';
import { measureProse } from '../src/tooling/prose-density.ts';
import { serveStatic } from '../src/tooling/static-server.ts';

const USAGE = 'Usage: npm run prose-density [-- [--check] route …]   (default: every chapter of dist/)';
const cli = positionalCli('prose-density', USAGE, ['check']);
const { executablePath, routes } = pagesToVisit(cli);
const chosen = cli.positionals.length > 0 ? routes : routes.filter(isChapter);
const site = await serveStatic(DIST, builtBase(DIST));
const browser = await launchBrowser(executablePath);
const rows: { route: string; density: ProseDensity }[] = [];
try {
  for (const route of chosen) rows.push({ route, density: await measureProse(browser, site.url + route) });
} finally {
  await browser.close();
  await site.close();
}
console.log(densityTable(rows));
const missed = rows.filter((r) => densityFailures(r.density).length > 0);
if (cli.flags['check'] && missed.length > 0) {
  console.log(`\n${missed.length} page(s) over the budgets: ${missed.map((r) => `/${r.route}`).join(', ')}`);
  process.exit(1);
}
