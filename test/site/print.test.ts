import { afterAll, describe, expect, it } from 'vitest';
import { chromiumPathForTests } from '../helpers/browser.ts';
import { useBrowserAndSite } from '../helpers/browser-site.ts';
import { ReusedTab } from '../helpers/reused-tab.ts';
import { expectedRoutes } from '../helpers/built-pages.ts';
import { DIST, DIST_BASE, TEST_BASE } from '../helpers/paths.ts';
import { builtBase } from '../../src/tooling/built-pages.ts';

const executablePath = chromiumPathForTests();
/** An A4 sheet's width less the print margins of GuideStamp.astro's @page rule (14 mm each side), in CSS px. */
const SHEET_WIDTH_PX = Math.floor(((210 - 2 * 14) / 25.4) * 96);

/** What a reader could operate on screen; none of it may show on paper. */
const INTERACTIVE =
  'button, input, select, textarea, [role="button"], [contenteditable="true"], site-search, starlight-theme-select';

describe.skipIf(!executablePath)('print', () => {
  const ctx = useBrowserAndSite(executablePath, DIST);
  // One page for every route, reset to the screen and this viewport at each turn (see ReusedTab).
  const viewport = { width: 800, height: 1100 };
  const tab = new ReusedTab(() => ctx.browser.newPage({ viewport, colorScheme: 'light' }), viewport);
  afterAll(() => tab.close());

  it.each(expectedRoutes())(
    '/%s prints the article alone: nothing interactive, no navigation, calculators as tables',
    async (route) => {
      const page = await tab.take();
      await page.goto(ctx.site.url + route);
      await page.emulateMedia({ media: 'print' });
      await page.evaluate(() => dispatchEvent(new Event('beforeprint')));
      const shown = await page.evaluate((selector) => {
        const visible = (el: Element) => el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true });
        const describe = (el: Element) =>
          `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${el.className && typeof el.className === 'string' ? `.${el.className.trim().split(/\s+/).join('.')}` : ''}`;
        return {
          interactive: [...document.querySelectorAll(selector)].filter(visible).map(describe),
          navigation: [
            ...document.querySelectorAll('header.header, nav.sidebar, .right-sidebar-container, .pagination-links'),
          ]
            .filter(visible)
            .map(describe),
          calculators: document.querySelectorAll('[data-calc]').length,
          printTables: [...document.querySelectorAll('[data-calc] .calc__print')].filter(visible).length,
          results: [...document.querySelectorAll('[data-calc] .calc__result')].filter(visible).length,
          stamp: visible(document.querySelector('.guide-stamp')!),
          darkDiagrams: [...document.querySelectorAll('.diagram-dark')].filter(visible).length,
          pageRules: document.querySelector('style[data-print-rules]')?.textContent ?? '',
        };
      }, INTERACTIVE);
      expect(shown.interactive).toEqual([]);
      expect(shown.navigation).toEqual([]);
      expect(shown.printTables).toBe(shown.calculators);
      expect(shown.results).toBe(shown.calculators);
      expect(shown.stamp).toBe(true);
      expect(shown.darkDiagrams).toBe(0);
      // Every sheet: the page's URL on top, the guide version and today's date at the bottom.
      expect(shown.pageRules).toContain(`@top-left { content: "https://sizing-guide.example.org/${route}"`);
      // In the page's language (src/lib/i18n/ui-text.ts).
      const ja = route.startsWith('ja/');
      expect(shown.pageRules).toContain(`${ja ? '印刷日' : 'printed'} ${new Date().toISOString().slice(0, 10)}`);
      expect(shown.pageRules).toContain(
        ja ? '引用先 Kubernetes v1.37.0、etcd v3.7.0' : 'cites Kubernetes v1.37.0 and etcd v3.7.0',
      );
      // On an A4 sheet's printable width (210 mm less 2 × 14 mm of margin), no table is cut off.
      await page.setViewportSize({ width: SHEET_WIDTH_PX, height: 1100 });
      const clipped = await page.evaluate(() => {
        const width = document.documentElement.clientWidth;
        return [...document.querySelectorAll('table, pre, [role="region"]')]
          .filter((el) => el.checkVisibility())
          .filter((el) => el.getBoundingClientRect().right > width + 1 || el.scrollWidth > el.clientWidth + 1)
          .map((el) => `${el.tagName.toLowerCase()} "${(el.textContent ?? '').trim().slice(0, 40)}"`);
      });
      expect(clipped, 'tables wider than the sheet').toEqual([]);
      // The page ends with its stamp: padding after it would print a blank last sheet.
      const tail = await page.evaluate(
        () =>
          document.documentElement.scrollHeight -
          (document.querySelector('.guide-stamp')!.getBoundingClientRect().bottom + scrollY),
      );
      expect(tail, 'space after the last printed line').toBeLessThanOrEqual(8);
    },
  );

  it('shows each calculator’s current inputs in its print table', async () => {
    const page = await ctx.browser.newPage({ colorScheme: 'light' });
    try {
      await page.goto(`${ctx.site.url}etcd-sizing/?q.n=7&q.k=2`);
      await page
        .locator('[data-calc="quorum"] [data-copy]:not([hidden])')
        .waitFor({ state: 'attached', timeout: 20_000 })
        .catch(async () => {
          await page.locator('[data-calc="quorum"]').scrollIntoViewIfNeeded();
          await page
            .locator('[data-calc="quorum"] [data-copy]:not([hidden])')
            .waitFor({ state: 'attached', timeout: 20_000 });
        });
      await page.emulateMedia({ media: 'print' });
      await page.evaluate(() => dispatchEvent(new Event('beforeprint')));
      const rows = await page.locator('[data-calc="quorum"] .calc__print tr:not([hidden])').allTextContents();
      expect(rows.map((r) => r.replace(/\s+/g, ' ').trim())).toEqual([
        'Members (n)7',
        'Members stopped for maintenance (k)2',
      ]);
    } finally {
      await page.close();
    }
  });
});

describe.skipIf(!executablePath)('print under a sub-path', () => {
  // What npm run print and npm run screenshots do with a build made with SITE_BASE: serve it at its base.
  const base = builtBase(DIST_BASE);
  const ctx = useBrowserAndSite(executablePath, DIST_BASE, base);

  it('reads the base from the build, and every stylesheet loads so that print hides the navigation', async () => {
    expect(base).toBe(TEST_BASE);
    const page = await ctx.browser.newPage({ colorScheme: 'light' });
    try {
      const failed: string[] = [];
      page.on('response', (r) => {
        if (r.request().resourceType() === 'stylesheet' && r.status() !== 200) failed.push(`${r.status()} ${r.url()}`);
      });
      await page.goto(`${ctx.site.url}etcd-sizing/`, { waitUntil: 'networkidle' });
      expect(failed).toEqual([]);
      await page.emulateMedia({ media: 'print' });
      expect(await page.locator('nav.sidebar').isVisible()).toBe(false);
      expect(await page.locator('site-search').isVisible()).toBe(false);
    } finally {
      await page.close();
    }
  });
});
