import { describe, it } from 'vitest';
import { CHAPTER_ROUTES, FAST_BUDGETS } from '../../src/lib/quality/budgets.ts';
import { chromiumPathForTests } from '../helpers/browser.ts';
import { useBrowserAndSite } from '../helpers/browser-site.ts';
import { measureCls, VIEWPORTS } from '../../src/tooling/page-quality.ts';
import { DIST } from '../helpers/paths.ts';

const executablePath = chromiumPathForTests();
const cases = CHAPTER_ROUTES.flatMap((route) => (['phone', 'desktop'] as const).map((vp) => [route, vp] as const));

// Budget (fails CI; see the README's budget table): CLS 0 on chapter pages. Diagrams and calculators reserve their space,
// and no part of the page moves when the rest of the HTML or the calculators' code arrives.
describe.skipIf(!executablePath)('layout shift', () => {
  const ctx = useBrowserAndSite(executablePath, DIST);

  // Most of a case is waiting (scroll steps, network idle, the settle time): two pages at a time
  // (the project's maxConcurrency), each in its own page; a shift is the page's own, whatever runs beside it.
  it.concurrent.for(cases)(
    '/%s on a %s: nothing shifts while loading and scrolling',
    async ([route, viewport], { expect }) => {
      const { cls, shifts } = await measureCls(ctx.browser, ctx.site.url + route, VIEWPORTS[viewport]);
      expect(shifts, `CLS ${cls}`).toEqual([]);
      expect(cls).toBeLessThanOrEqual(FAST_BUDGETS.cls);
    },
  );
});
