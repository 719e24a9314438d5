import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { blockingAxe } from '../../src/lib/quality/budgets.ts';
import { chromiumPathForTests, launchBrowser } from '../helpers/browser.ts';
import { expectedRoutes } from '../helpers/built-pages.ts';
import { axeViolations } from '../helpers/page-quality.ts';
import { DIST } from '../helpers/paths.ts';
import { serveStatic, type StaticSite } from '../helpers/static-server.ts';

const executablePath = chromiumPathForTests();
const cases = expectedRoutes().flatMap((route) => (['light', 'dark'] as const).map((theme) => [route, theme] as const));

// Budget (issue 5): no axe violation of impact serious or critical, on any page, in either theme.
describe.skipIf(!executablePath)('axe-core', () => {
  let browser: Browser;
  let site: StaticSite;
  beforeAll(async () => {
    browser = await launchBrowser(executablePath!);
    site = await serveStatic(DIST);
  });
  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });

  it.each(cases)('/%s in the %s theme has no serious or critical violation', async (route, theme) => {
    const violations = await axeViolations(browser, site.url + route, theme);
    // The whole violation (rule, help, elements) is in the diff when this fails.
    expect(blockingAxe(violations)).toEqual([]);
  });
});
