import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { watchErrors } from '../helpers/page-errors.ts';
import { ReusedTab } from '../helpers/reused-tab.ts';
import { launchBrowser } from '../../src/tooling/browser.ts';
import { chromiumPathForTests } from '../helpers/browser.ts';
import { expectedRoutes } from '../helpers/built-pages.ts';
import { DIST, DIST_BASE, TEST_BASE } from '../helpers/paths.ts';
import { serveStatic, type StaticSite } from '../../src/tooling/static-server.ts';

const executablePath = chromiumPathForTests();
const routes = expectedRoutes();

/** Opens `url` in `page`, recording console errors and failed requests until `stop()` (see watchErrors). */
async function openPage(page: Page, url: string): Promise<{ page: Page; errors: string[]; stop: () => void }> {
  const { errors, stop } = watchErrors(page, { requests: true });
  await page.goto(url, { waitUntil: 'load' });
  return { page, errors, stop };
}

describe.skipIf(!executablePath)('pages in Chromium', () => {
  let browser: Browser;
  let site: StaticSite;
  let baseSite: StaticSite;
  beforeAll(async () => {
    browser = await launchBrowser(executablePath!);
    site = await serveStatic(DIST);
    baseSite = await serveStatic(DIST_BASE, TEST_BASE);
  });
  afterAll(async () => {
    await browser?.close();
    await site?.close();
    await baseSite?.close();
  });

  // The per-page checks take turns on one page each (see ReusedTab); the tests below that change a
  // page's theme or follow links open pages of their own.
  const tab = new ReusedTab(() => browser.newPage());
  const baseTab = new ReusedTab(() => browser.newPage());
  afterAll(async () => {
    await tab.close();
    await baseTab.close();
  });

  it.each(routes)('/%s opens without console errors, its diagrams visible as SVG', async (route) => {
    const { page, errors, stop } = await openPage(await tab.take(), site.url + route);
    try {
      expect(await page.locator('main h1').first().textContent()).toBeTruthy();
      const figures = await page.locator('figure.diagram').count();
      for (let i = 0; i < figures; i++) {
        const visible = page.locator('figure.diagram').nth(i).locator('svg:visible');
        expect(await visible.count()).toBe(1);
        expect(await visible.getAttribute('aria-labelledby')).toBeTruthy();
      }
      expect(errors).toEqual([]);
    } finally {
      stop();
    }
  });

  // The etcd chapter was split into three pages; links to its old sections and calculators must
  // still land on them, calculator state included.
  it.each([
    ['site root', () => site.url],
    ['sub-path build', () => baseSite.url],
  ] as const)('old links to what left /etcd-sizing/ reach it on its new page (%s)', async (_, root) => {
    const html = readFileSync(join(DIST, 'etcd-sizing/index.html'), 'utf8');
    const moved = JSON.parse(/location\.search,(\{.*\})\);if\(to\)/.exec(html)?.[1] ?? '{}') as {
      sections: Record<string, string>;
    };
    expect(Object.keys(moved.sections ?? {}).length).toBeGreaterThan(0);
    // Every old link takes its turn on one tab (see ReusedTab): each turn starts from about:blank,
    // so a link that differs from the last only in its fragment still loads the old page afresh.
    const turns = new ReusedTab(() => browser.newPage());
    /** Opens `path` under the root and waits until it has been forwarded to `page` + `rest`. */
    const follow = async (path: string, page: string, rest: string) => {
      const tab = await turns.take();
      const { errors, stop } = watchErrors(tab, { requests: true });
      try {
        // The old page forwards from a script in its head, before it has loaded: wait for the new one's
        // DOM, which is all the checks read (every subresource only adds time on a busy machine).
        await tab.goto(`${root()}${path}`, { waitUntil: 'commit' });
        await tab
          .waitForURL((u) => u.pathname.endsWith(page) && `${u.search}${u.hash}` === rest, {
            waitUntil: 'domcontentloaded',
          })
          .catch((e: Error) => {
            throw new Error(`${path} should forward to …${page}${rest}; the tab is at ${tab.url()}. ${e.message}`);
          });
      } finally {
        stop();
      }
      // Leaving the old page aborts what its preload scanner had started: an HTTP error counts, an abort does not.
      expect(
        errors.filter((e) => !e.startsWith('failed: ')),
        path,
      ).toEqual([]);
      return tab;
    };
    try {
      for (const [id, page] of Object.entries(moved.sections)) {
        const tab = await follow(`etcd-sizing/#${id}`, page, `#${id}`);
        expect(await tab.locator(`main [id="${id}"]`).count(), id).toBe(1);
      }
      // Calculator state travels along, with or without a fragment. Until a calculator's code has loaded
      // (at once when the link carries its state, but asynchronously), its fields show the build's
      // defaults: read them once the code is running, which shows its Copy link button.
      const field = async (tab: Page, calc: string, key: string): Promise<string> => {
        const el = tab.locator(`[data-calc="${calc}"]`);
        await el.getByRole('button', { name: 'Copy link' }).waitFor({ state: 'visible' });
        return el.locator(`[data-field="${key}"]`).inputValue();
      };
      const reads = await follow('etcd-sizing/?p.verb=GET&p.rv=0', '/etcd-reads/', '?p.verb=GET&p.rv=0');
      expect(await field(reads, 'readPath', 'verb')).toBe('GET');
      const writes = await follow(
        'etcd-sizing/?w.n=5#writes-go-through-one-leader',
        '/etcd-writes/',
        '?w.n=5#writes-go-through-one-leader',
      );
      expect(await field(writes, 'writePath', 'n')).toBe('5');
      // What stayed keeps the reader on the page.
      for (const rest of ['#why-five-members-in-production', '?q.n=5&p.verb=GET']) {
        const tab = await turns.take();
        await tab.goto(`${root()}etcd-sizing/${rest}`, { waitUntil: 'load' });
        await tab.waitForTimeout(200);
        expect(new URL(tab.url()).pathname, rest).toMatch(/\/etcd-sizing\/$/);
      }
    } finally {
      await turns.close();
    }
  });

  it('diagrams follow Starlight\u2019s theme toggle, not only the OS setting', async () => {
    const withDiagram = routes.find((r) => r.startsWith('etcd-reads'))!;
    const { page } = await openPage(await browser.newPage(), site.url + withDiagram);
    try {
      const heights = () =>
        page.locator('figure.diagram').evaluateAll((fs) => fs.map((f) => f.getBoundingClientRect().height));
      await page.selectOption('starlight-theme-select select', 'light');
      expect(await page.locator('figure.diagram .diagram-light svg:visible').count()).toBeGreaterThan(0);
      expect(await page.locator('figure.diagram .diagram-dark svg:visible').count()).toBe(0);
      const light = await heights();
      await page.selectOption('starlight-theme-select select', 'dark');
      expect(await page.locator('figure.diagram .diagram-dark svg:visible').count()).toBeGreaterThan(0);
      expect(await page.locator('figure.diagram .diagram-light svg:visible').count()).toBe(0);
      // Switching themes must not move the page: each diagram keeps its height.
      expect(await heights()).toEqual(light);
    } finally {
      await page.close();
    }
  });

  it.each(routes)('/%s works under a sub-path: assets load, no request leaves the base', async (route) => {
    const { page, errors, stop } = await openPage(await baseTab.take(), baseSite.url + route);
    try {
      expect(errors).toEqual([]);
      const hrefs = await page.locator('main a[href^="/"]').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
      expect(hrefs.filter((h) => !h?.startsWith(`${TEST_BASE}/`))).toEqual([]);
    } finally {
      stop();
    }
  });
});
