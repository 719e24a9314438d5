import { describe, it } from 'vitest';
import { blockingAxe } from '../../src/lib/quality/budgets.ts';
import { chromiumPathForTests } from '../helpers/browser.ts';
import { useBrowserAndSite } from '../helpers/browser-site.ts';
import { expectedRoutes } from '../helpers/built-pages.ts';
import { axeViolations } from '../../src/tooling/page-quality.ts';
import { DIST } from '../helpers/paths.ts';

const executablePath = chromiumPathForTests();
const cases = expectedRoutes().flatMap((route) => (['light', 'dark'] as const).map((theme) => [route, theme] as const));

// Budget (fails CI; see the README's budget table): no axe violation of impact serious or critical, on any page, in either theme.
describe.skipIf(!executablePath)('axe-core', () => {
  const ctx = useBrowserAndSite(executablePath, DIST);

  // axe's own run is most of each case's time and is CPU-bound in the page's renderer: two cases at
  // a time keep both cores busy (the project's maxConcurrency).
  it.concurrent.for(cases)(
    '/%s in the %s theme has no serious or critical violation',
    // The Evidence page's axe run takes about a minute beside another page's on two cores.
    { timeout: 240_000 },
    async ([route, theme], { expect }) => {
      const violations = await axeViolations(ctx.browser, ctx.site.url + route, theme);
      // The whole violation (rule, help, elements) is in the diff when this fails.
      expect(blockingAxe(violations)).toEqual([]);
    },
  );
});
