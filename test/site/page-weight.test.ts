import { describe, expect, it } from 'vitest';
import { CHAPTER_ROUTES, FAST_BUDGETS } from '../../src/lib/quality/budgets.ts';
import { expectedRoutes } from '../helpers/built-pages.ts';
import { readPage } from '../../src/tooling/built-pages.ts';
import { DIST } from '../helpers/paths.ts';
import { SiteWeights } from '../../src/tooling/site-weight.ts';
import { calculatorModulesOf, clientModuleOf } from '../../src/lib/quality/page-weight.ts';
import { needSvgDiagrams } from '../helpers/browser.ts';

const weights = new SiteWeights(DIST);
const kb = (n: number): string => `${(n / 1024).toFixed(1)} KB`;

describe('page weight budgets', () => {
  it('finds Starlight\u2019s own JavaScript, and calculators on the pages that have them', () => {
    const glossary = weights.page('glossary/');
    expect(glossary.js.starlight.atLoad.gzip).toBeGreaterThan(0);
    expect(glossary.js.calculators.atLoadFiles).toEqual([]);
    const calculators = weights.page('calculators/');
    expect(calculators.js.calculators.atLoad.gzip).toBeGreaterThan(0);
    // Their real code loads on demand (src/components/calculators/lazy.ts).
    expect(calculators.js.calculators.onDemand.gzip).toBeGreaterThan(0);
  });

  // Budget (fails CI; see the README's budget table): ≤ 15 KB gzipped of calculator JavaScript on a chapter page, counting what
  // loads with the page and what the calculators fetch when the reader reaches them.
  it.each(CHAPTER_ROUTES)('/%s: calculator JavaScript, at load and on demand, fits 15 KB gzipped', (route) => {
    const { atLoad, onDemand, atLoadFiles, onDemandFiles } = weights.page(route).js.calculators;
    const total = atLoad.gzip + onDemand.gzip;
    const detail = `${kb(atLoad.gzip)} at load + ${kb(onDemand.gzip)} on demand = ${kb(total)}; files: ${[...atLoadFiles, ...onDemandFiles].join(', ')}`;
    expect(total, detail).toBeLessThanOrEqual(FAST_BUDGETS.calculatorJsGzip);
  });

  // The measurement counts a calculator through its client module's file name
  // (src/lib/quality/page-weight.ts dynamicChunkFilter); a renamed module would drop out unseen.
  it.each(expectedRoutes())('/%s: each calculator on the page is counted through its client module', (route) => {
    const onPage = calculatorModulesOf(readPage(DIST, route));
    const counted = weights
      .page(route)
      .js.calculators.onDemandFiles.map(clientModuleOf)
      .filter((c) => c !== null);
    expect(counted.sort()).toEqual([...onPage].sort());
  });

  // Budget (fails CI; see the README's budget table): diagrams rendered at build time ship no JavaScript.
  // A build without Chromium renders diagrams in the browser, loader included: the test then shows as skipped.
  it.for(expectedRoutes())('/%s: no diagram JavaScript when its diagrams are SVG', (route, ctx) => {
    needSvgDiagrams(ctx);
    const page = weights.page(route);
    expect(page.diagrams.client).toBe(0);
    const { atLoadFiles, onDemandFiles } = page.js.diagrams;
    expect([...atLoadFiles, ...onDemandFiles]).toEqual([]);
    expect(page.js.diagrams.atLoad.gzip + page.js.diagrams.onDemand.gzip).toBe(FAST_BUDGETS.diagramJsGzip);
  });
});
