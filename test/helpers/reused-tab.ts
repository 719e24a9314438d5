import type { Page } from 'playwright-core';

/**
 * One page that the tests of a file take turns on, one navigation each, instead of a new page per
 * test: a new page costs Chromium a renderer process and Playwright its page setup, about 0.6 s of
 * CPU on this 2-core machine against 0.2 s for a navigation. Each turn starts on about:blank, so
 * whatever the previous page still had in flight ends before the next test listens for errors.
 * Only for tests that do not depend on a cold cache or on state a page leaves behind (storage,
 * emulated media, viewport), which each turn resets where a test changes it.
 */
export class ReusedTab {
  readonly #open: () => Promise<Page>;
  readonly #viewport: { width: number; height: number } | undefined;
  #page: Promise<Page> | undefined;

  /**
   * @param open - makes the page, at the first turn (so after the file's beforeAll has launched the browser).
   * @param viewport - restored at every turn, for tests that resize the page.
   */
  constructor(open: () => Promise<Page>, viewport?: { width: number; height: number }) {
    this.#open = open;
    this.#viewport = viewport;
  }

  /** The page, on about:blank, with the screen media and the viewport given. */
  async take(): Promise<Page> {
    this.#page ??= this.#open();
    const page = await this.#page;
    await page.goto('about:blank');
    await page.emulateMedia({ media: 'screen' });
    if (this.#viewport) await page.setViewportSize(this.#viewport);
    return page;
  }

  /** Closes the page, and its context when no other page is left in it (openAxePage and openColdPage make one each). */
  async close(): Promise<void> {
    const page = await this.#page;
    if (!page) return;
    const context = page.context();
    await page.close();
    if (context.pages().length === 0) await context.close();
  }
}

/**
 * A few ReusedTabs for the concurrent tests of one file (it.concurrent, up to the project's
 * maxConcurrency): each test borrows a free one for its turn and gives it back, or waits for one.
 */
export class TabPool {
  readonly #tabs: ReusedTab[];
  readonly #free: ReusedTab[];
  readonly #waiting: ((tab: ReusedTab) => void)[] = [];

  /**
   * @param size - how many pages, at most: one per test that runs at the same time.
   * @param open - makes one of them, the first time it is needed.
   */
  constructor(size: number, open: () => Promise<Page>) {
    this.#tabs = Array.from({ length: size }, () => new ReusedTab(open));
    this.#free = [...this.#tabs];
  }

  /** Runs `use` on a free page, taken as ReusedTab.take leaves it, and frees the page when it ends. */
  async use<T>(use: (page: Page) => Promise<T>): Promise<T> {
    const tab = this.#free.pop() ?? (await new Promise<ReusedTab>((resolve) => this.#waiting.push(resolve)));
    try {
      return await use(await tab.take());
    } finally {
      const next = this.#waiting.shift();
      if (next) next(tab);
      else this.#free.push(tab);
    }
  }

  async close(): Promise<void> {
    await Promise.all(this.#tabs.map((tab) => tab.close()));
  }
}
