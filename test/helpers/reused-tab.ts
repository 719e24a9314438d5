import type { Browser, BrowserContextOptions, Page } from 'playwright-core';

/**
 * One page that the tests of a file take turns on, one navigation each, instead of a new page per
 * test: a new page costs Chromium a renderer process and Playwright its page setup, about 0.6 s of
 * CPU on this 2-core machine against 0.2 s for a navigation. Each turn starts on about:blank, so
 * whatever the previous page still had in flight ends before the next test listens for errors.
 * Only for tests that do not depend on a cold cache or on state a page leaves behind (storage,
 * emulated media, viewport), which each turn resets where a test changes it.
 */
export class ReusedTab {
  readonly #browser: () => Browser;
  readonly #options: BrowserContextOptions;
  #page: Promise<Page> | undefined;

  /**
   * @param browser - the file's browser, read at the first turn (it is launched in a beforeAll).
   * @param options - the page's options; its viewport is restored at every turn.
   */
  constructor(browser: () => Browser, options: BrowserContextOptions = {}) {
    this.#browser = browser;
    this.#options = options;
  }

  /** The page, on about:blank, with the options' viewport and the screen media. */
  async take(): Promise<Page> {
    this.#page ??= this.#browser().newPage(this.#options);
    const page = await this.#page;
    await page.goto('about:blank');
    await page.emulateMedia({ media: 'screen' });
    if (this.#options.viewport) await page.setViewportSize(this.#options.viewport);
    return page;
  }

  async close(): Promise<void> {
    await (await this.#page)?.close();
  }
}
