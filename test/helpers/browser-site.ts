import { afterAll, beforeAll } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../../src/tooling/browser.ts';
import { serveStatic, type StaticSite } from '../../src/tooling/static-server.ts';

/**
 * Registers beforeAll/afterAll hooks that launch Chromium and serve a build on
 * loopback for the tests of one describe block.
 * @returns an object whose `browser` and `site` are set once the hooks have run.
 */
export function useBrowserAndSite(
  executablePath: string | undefined,
  dir: string,
  base = '/',
): { browser: Browser; site: StaticSite } {
  const handles = {} as { browser: Browser; site: StaticSite };
  beforeAll(async () => {
    handles.browser = await launchBrowser(executablePath!);
    handles.site = await serveStatic(dir, base);
  });
  afterAll(async () => {
    await handles.browser?.close();
    await handles.site?.close();
  });
  return handles;
}
