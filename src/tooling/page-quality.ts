import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import type { AxeViolation } from '../lib/quality/budgets.ts';
import type { Theme } from '../lib/quality/report.ts';

/** A phone and a laptop viewport (CSS pixels), the two layouts Starlight switches between. */
export const VIEWPORTS = { phone: { width: 390, height: 844 }, desktop: { width: 1350, height: 940 } } as const;

/**
 * Scrolls through the whole page a screen at a time and back to the top, so that every part of it
 * has been on screen (a layout shift counts only where it is seen) and everything that loads on
 * approach (the calculators' code, 600 px ahead) has done so.
 * @param settleMs - wait after the last step.
 */
async function scrollThrough(page: Page, settleMs = 300): Promise<void> {
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  const step = page.viewportSize()?.height ?? 800;
  for (let y = 0; y <= height; y += step) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await page.waitForTimeout(40);
  }
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(settleMs);
}

/**
 * Brings each calculator (`[data-calc]`, which loads its code on approach) into view once, then
 * waits until every one has defined its element and the network is idle: the page a reader has
 * once they have scrolled past everything, without walking a 150,000-pixel page step by step.
 * @throws playwright's TimeoutError, naming the wait, when a calculator never loads.
 */
async function loadCalculators(page: Page): Promise<void> {
  const calculators = page.locator('[data-calc]');
  for (let i = 0, n = await calculators.count(); i < n; i++) {
    const calculator = calculators.nth(i);
    await calculator.scrollIntoViewIfNeeded();
    // In view until its code has defined its element: a scroll straight on could pass it unseen.
    await calculator.evaluate((el) => customElements.whenDefined(el.localName), undefined, { timeout: 20_000 });
  }
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForLoadState('networkidle');
}

/** The cookie that openAxePage's init script turns into Starlight's stored theme at each load. */
const THEME_COOKIE = 'theme-under-test';

/**
 * A desktop-sized page for axeViolations, in a context of its own, which may check many pages in
 * turn: at each load, before any of the page's scripts, it stores the theme axeViolations asked
 * for (carried in a cookie) where Starlight reads a returning reader's choice.
 */
export async function openAxePage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
  await context.addInitScript((name) => {
    const theme = new RegExp(`(?:^|; )${name}=(light|dark)`).exec(document.cookie)?.[1];
    if (theme) localStorage.setItem('starlight-theme', theme);
  }, THEME_COOKIE);
  return context.newPage();
}

/**
 * Opens `url` in `page` (from openAxePage) once in the first of `themes` (set before any script
 * runs, the way a returning reader has it), loads every calculator on it, and runs axe-core's
 * default rules (WCAG 2 A/AA and best practices); then switches to each further theme as
 * Starlight's theme picker does (the `data-theme` attribute and its stored choice, with the
 * matching `prefers-color-scheme`) and runs them again. Loading the page and its calculators costs
 * as much as one run of axe on a long page, so it is done once.
 * @returns per theme, every violation with its impact, most severe first.
 * @throws when the page shows another theme than the one asked for.
 */
export async function axeViolations<T extends Theme>(
  page: Page,
  url: string,
  themes: readonly [T, ...T[]],
): Promise<Record<T, AxeViolation[]>> {
  const [first] = themes;
  await page.context().addCookies([{ name: THEME_COOKIE, value: first, url }]);
  await page.emulateMedia({ colorScheme: first });
  await page.goto(url, { waitUntil: 'load' });
  await loadCalculators(page);
  const found = {} as Record<T, AxeViolation[]>;
  for (const theme of themes) {
    if (theme !== first) {
      await page.emulateMedia({ colorScheme: theme });
      await page.evaluate((t) => {
        localStorage.setItem('starlight-theme', t);
        document.documentElement.dataset['theme'] = t;
      }, theme);
    }
    const actual = await page.evaluate(() => document.documentElement.dataset['theme']);
    if (actual !== theme) throw new Error(`${url}: asked for the ${theme} theme, the page shows ${actual}`);
    found[theme] = await runAxe(page);
  }
  return found;
}

/**
 * {@link axeViolations} for one page in a context of its own, closed afterwards: the check of a
 * first visit, for callers that check a page once.
 */
export async function axeViolationsOnce<T extends Theme>(
  browser: Browser,
  url: string,
  themes: readonly [T, ...T[]],
): Promise<Record<T, AxeViolation[]>> {
  const page = await openAxePage(browser);
  try {
    return await axeViolations(page, url, themes);
  } finally {
    await page.context().close();
  }
}

/** axe-core's default rules on the page as it is now: its violations, most severe first. */
async function runAxe(page: Page): Promise<AxeViolation[]> {
  // Only violations are read: axe then details one node per passing rule instead of every node.
  // A page without frames runs in axe's single-frame ("legacy") mode: the frame-by-frame mode
  // carries every node's partial result out of the page and into a second one to merge, which is
  // three quarters of its time on the Evidence page (11,600 elements) and adds nothing without frames.
  const axe = new AxeBuilder({ page })
    .options({ resultTypes: ['violations'] })
    .setLegacyMode(page.frames().length === 1);
  const results = await axe.analyze();
  const order = ['critical', 'serious', 'moderate', 'minor'];
  return results.violations
    .map((v) => ({
      id: v.id,
      impact: v.impact ?? null,
      help: v.help,
      nodes: v.nodes.length,
      targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
    }))
    .sort((a, b) => order.indexOf(a.impact ?? '') - order.indexOf(b.impact ?? ''));
}

/** One layout shift as the browser reported it. */
export interface Shift {
  value: number;
  /** ms since navigation start. */
  at: number;
  /** The shifted elements: tag.class and their rectangle before → after. */
  sources: string[];
}

/**
 * A page (in a context of its own) whose every load is cold, as on a reader's first visit:
 * DevTools' "disable cache" bypasses the HTTP and memory caches for each request, so one page can
 * serve many measured loads instead of a new context and renderer for each.
 */
export async function openColdPage(browser: Browser, options?: BrowserContextOptions): Promise<Page> {
  const page = await browser.newPage(options);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  return page;
}

/**
 * Cumulative layout shift of a page as a reader sees it: load `url` in `page` (cold: see
 * openColdPage; at the viewport it has), scroll through the page (calculators load their code on
 * approach), settle, then read every 'layout-shift' entry (buffered, so shifts during load count)
 * that did not follow user input.
 * @returns the sum (CLS as a plain total, not windowed: a budget of 0 makes the difference moot) and the shifts.
 */
export async function measureCls(page: Page, url: string): Promise<{ cls: number; shifts: Shift[] }> {
  await page.goto(url, { waitUntil: 'load' });
  await scrollThrough(page, 500);
  const shifts = await page.evaluate(
    () =>
      new Promise<Shift[]>((resolve) => {
        const out: Shift[] = [];
        const rect = (r: DOMRectReadOnly): string =>
          `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}×${Math.round(r.height)}`;
        new PerformanceObserver((list) => {
          for (const e of list.getEntries() as (PerformanceEntry & {
            value: number;
            hadRecentInput: boolean;
            sources: { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
          })[]) {
            if (e.hadRecentInput) continue;
            out.push({
              value: e.value,
              at: Math.round(e.startTime),
              sources: e.sources.map((s) => {
                const el = s.node instanceof Element ? s.node : s.node?.parentElement;
                const name = el
                  ? `${el.tagName.toLowerCase()}${el.classList.length ? '.' + [...el.classList].join('.') : ''}`
                  : '(text)';
                return `${name} ${rect(s.previousRect)} → ${rect(s.currentRect)}`;
              }),
            });
          }
        }).observe({ type: 'layout-shift', buffered: true });
        // Buffered entries arrive in the observer's first callback, after the current task.
        setTimeout(() => resolve(out), 100);
      }),
  );
  return { cls: shifts.reduce((a, s) => a + s.value, 0), shifts };
}
