/**
 * Prints every built page (or the routes given) to PDF as a reader's Chromium would, light theme,
 * A4, into reports/print/, and turns each PDF's pages into PNGs with pdftoppm when it is installed
 * (Debian: apt-get install -y poppler-utils). For looking at the handout; the test of print media
 * is test/site/print.test.ts.
 *
 *   npm run build && npm run print [-- route …]
 *   npm run build && npm run print -- --book [route …]
 *   npm run build && npm run print -- --book --lang ja
 *
 * `--book` writes reports/print/guide.pdf instead (PRINT_OUT=DIR writes into DIR): a title page and a table of contents with page
 * numbers, then every page in the sidebar's order (or those given), each ending with its numbered
 * links, the upstream sources among them. `--lang ja` takes the Japanese edition instead of the
 * English one: its pages (with --book, its fallback copies of untranslated pages too, each with
 * Starlight's notice, in its sidebar's order) and a title page and contents in Japanese.
 *
 * Exit status: 0 done, 2 usage or set-up error (no Chromium, no build, unknown route).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { frontMatterHtml, tableOfContents, type BookChapter } from '../src/lib/book.ts';
import { citedReleases, commitNoteIn, type GuideVersion } from '../src/lib/guide-version.ts';
import { TRANSLATIONS } from '../src/lib/i18n/locales.ts';
import { uiText } from '../src/lib/i18n/ui-text.ts';
import { navRoutes, sidebarOf } from '../src/lib/sidebar-order.ts';
import { joinBook, sheetCount } from '../src/tooling/book-pdf.ts';
import { launchBrowser } from '../src/tooling/browser.ts';
import { builtBase, readPage } from '../src/tooling/built-pages.ts';
import { pagesToVisit, positionalCli } from '../src/tooling/cli.ts';
import { DIST, ROOT } from '../src/tooling/paths.ts';
import { serveStatic } from '../src/tooling/static-server.ts';

const USAGE =
  'Usage: npm run print [-- [--book] [--lang en|ja] route …]   e.g. -- etcd-sizing/ (default: every page of the edition); --book: one PDF of the guide';

const cli = positionalCli('print', USAGE, ['book'], ['lang']);
const lang = cli.options['lang'] ?? 'en';
const translation = TRANSLATIONS.find((t) => t.locale === lang);
if (lang !== 'en' && !translation)
  cli.fail(`--lang ${lang}: use en${TRANSLATIONS.map((t) => `, ${t.locale}`).join('')}.`);
const locale = translation?.locale;
const { executablePath, routes } = pagesToVisit(cli, { locale, fallbacks: cli.flags['book'] === true });
// PRINT_OUT sends the PDFs elsewhere (the tests print into a temporary folder).
const out = process.env['PRINT_OUT'] || join(ROOT, 'reports/print');
mkdirSync(out, { recursive: true });
const pdftoppm = spawnSync('pdftoppm', ['-v'], { stdio: 'ignore' }).error === undefined;

// A build made with SITE_BASE is served at that base, where its stylesheets and links point.
const base = builtBase(DIST);
const site = await serveStatic(DIST, base);
const browser = await launchBrowser(executablePath);

/** One page printed as a reader's browser prints it. */
async function printPage(b: Browser, route: string): Promise<{ pdf: Buffer; title: string }> {
  const page = await b.newPage({ colorScheme: 'light' });
  try {
    await page.goto(site.url + route, { waitUntil: 'networkidle' });
    await page.evaluate(() => dispatchEvent(new Event('beforeprint')));
    const title = (await page.locator('h1#_top').textContent())?.trim() ?? route;
    return { pdf: await page.pdf({ format: 'A4', printBackground: true }), title };
  } finally {
    await page.close();
  }
}

function toPng(pdf: string, name: string, pages?: { first: number; last: number }): void {
  if (!pdftoppm) return;
  const range = pages ? ['-f', String(pages.first), '-l', String(pages.last)] : [];
  spawnSync('pdftoppm', ['-png', '-r', '60', ...range, pdf, join(out, name)], { stdio: 'inherit' });
}

async function book(b: Browser): Promise<void> {
  const toRoute = (href: string) => {
    const path = new URL(href, 'https://book.invalid').pathname;
    const route = path.startsWith(`${base.replace(/\/$/, '')}/`)
      ? path.slice(base.replace(/\/$/, '').length + 1)
      : undefined;
    return route !== undefined && routes.includes(route) ? route : undefined;
  };
  const nav = sidebarOf(readPage(DIST, locale ? `${locale}/` : ''), toRoute);
  const order = navRoutes(nav).filter((r) => routes.includes(r));
  const missing = routes.filter((r) => !order.includes(r));
  if (missing.length > 0)
    console.log(`Not in the sidebar, so not in the book: ${missing.map((r) => `/${r}`).join(', ')}`);
  const chapters: (BookChapter & { pdf: Buffer })[] = [];
  for (const route of order) {
    const { pdf, title } = await printPage(b, route);
    chapters.push({ route, title, sheets: await sheetCount(pdf), pdf });
    console.log(`  /${route}: ${chapters.at(-1)!.sheets} sheets`);
  }
  const manifest = JSON.parse(readFileSync(join(DIST, 'manifest.json'), 'utf8')) as {
    site: { url: string; guide: GuideVersion };
  };
  const text = uiText(translation?.lang ?? 'en');
  const words = text.book;
  const v = manifest.site.guide;
  const guide = {
    lang: translation?.lang ?? 'en',
    title: words.title,
    contents: words.contents,
    version: words.version(commitNoteIn(v, text.commit), v.commit !== undefined, v.date, citedReleases(v)),
    site: locale ? `${manifest.site.url.replace(/\/?$/, '/')}${locale}/` : manifest.site.url,
  };
  // The contents' length does not depend on its numbers: lay it out once to count its sheets.
  const draft = await frontMatterPdf(b, frontMatterHtml(guide, tableOfContents(nav, chapters, 0)));
  const front = await frontMatterPdf(
    b,
    frontMatterHtml(guide, tableOfContents(nav, chapters, await sheetCount(draft))),
  );
  const file = join(out, 'guide.pdf');
  writeFileSync(file, await joinBook([front, ...chapters.map((c) => c.pdf)], guide.title));
  const frontSheets = await sheetCount(front);
  toPng(file, 'guide', { first: 1, last: frontSheets });
  console.log(`${file}: ${frontSheets + chapters.reduce((n, c) => n + c.sheets, 0)} sheets, ${chapters.length} pages`);
}

async function frontMatterPdf(b: Browser, html: string): Promise<Buffer> {
  const page = await b.newPage({ colorScheme: 'light' });
  try {
    await page.setContent(html);
    return await page.pdf({ format: 'A4', preferCSSPageSize: true });
  } finally {
    await page.close();
  }
}

try {
  if (cli.flags['book']) await book(browser);
  else {
    for (const route of routes) {
      const name = route === '' ? 'overview' : route.replace(/\/$/, '').replaceAll('/', '-');
      const pdf = join(out, `${name}.pdf`);
      writeFileSync(pdf, (await printPage(browser, route)).pdf);
      toPng(pdf, name);
      console.log(`${pdf}${pdftoppm ? ` and ${name}-N.png` : ''}`);
    }
  }
  if (!pdftoppm) console.log('pdftoppm not found (apt-get install -y poppler-utils): PDFs only.');
} finally {
  await browser.close();
  await site.close();
}
