import { describe, expect, it } from 'vitest';
import type { LhSummary } from '../../../src/lib/quality/lighthouse.ts';
import type { Bytes, PageWeight } from '../../../src/lib/quality/page-weight.ts';
import {
  renderReport,
  scoresTable,
  verdicts,
  type PageAudit,
  type SiteAudit,
} from '../../../src/lib/quality/report.ts';

const b = (gzip: number, raw = gzip * 4): Bytes => ({ raw, gzip });
const none = { atLoad: b(0), onDemand: b(0), atLoadFiles: [], onDemandFiles: [] };
const weight = (route: string, calcOnDemand = 0): PageWeight => ({
  route,
  kinds: {
    html: { ...b(7000), files: 1 },
    css: { ...b(12_000), files: 2 },
    js: { ...b(4300), files: 6 },
    font: { ...b(0), files: 0 },
    image: { ...b(0), files: 0 },
    svg: { ...b(200), files: 1 },
  },
  inlineSvg: b(1200),
  total: b(23_500),
  js: {
    starlight: { atLoad: b(4300), onDemand: b(26_000), atLoadFiles: ['page.js'], onDemandFiles: ['ui.js'] },
    calculators: calcOnDemand
      ? { atLoad: b(1800), onDemand: b(calcOnDemand), atLoadFiles: ['Q.js'], onDemandFiles: ['q.client.js'] }
      : none,
    diagrams: none,
    code: none,
    other: none,
  },
  diagrams: { svg: 1, client: 0 },
});
const lh = (performance: number, failures: string[] = []) => ({
  runs: [
    {
      scores: { performance, accessibility: 100, 'best-practices': 100, seo: 100 },
      lcpMs: 1234,
      cls: 0,
      tbtMs: 175,
      failing: [],
      externalRequests: [],
    } satisfies LhSummary,
  ],
  best: 0,
  failures,
});
const pageAudit = (route: string, chapter: boolean, calc = 0, mobilePerf = 100): PageAudit => ({
  route,
  chapter,
  weight: weight(route, calc),
  axe: {
    light: [],
    dark: [{ id: 'region', impact: 'moderate', help: 'Content in landmarks', nodes: 2, targets: ['#x'] }],
  },
  lighthouse: {
    mobile: lh(mobilePerf, mobilePerf < 95 ? [`mobile performance ${mobilePerf} < 95`] : []),
    desktop: lh(100),
  },
});
const audit: SiteAudit = {
  generatedAt: '2026-01-01T00:00:00.000Z',
  versions: { lighthouse: '13.5.0', axe: '4.14.1', chromium: 'Chromium 150' },
  dist: 'dist',
  maxRuns: 3,
  durationS: 200,
  pages: [pageAudit('', true), pageAudit('etcd-sizing/', true, 20_000, 93), pageAudit('calculators/', false, 30_000)],
};

describe('site audit report', () => {
  it('judges every budget: Lighthouse ones from the counted runs, calculator JS on chapters only', () => {
    const v = Object.fromEntries(verdicts(audit).map((x) => [x.budget.split(' ').slice(0, 3).join(' '), x]));
    expect(v['Lighthouse performance ≥']!.misses).toEqual(['/etcd-sizing/ mobile: mobile performance 93 < 95']);
    expect(v['Lighthouse accessibility 100']!.ok).toBe(true);
    // 1.8 KB + 19.5 KB on /etcd-sizing/; /calculators/ is not a chapter.
    expect(v['Calculator JavaScript on']!.misses).toEqual([
      '/etcd-sizing/: 21.3 KB (1.8 KB at load + 19.5 KB on demand)',
    ]);
    expect(v['axe: no serious']!.ok).toBe(true); // a moderate violation does not fail
  });
  it('shows one row per page with the four scores, metrics, axe counts and runs', () => {
    const rows = scoresTable(audit).split('\n');
    expect(rows).toHaveLength(2 + audit.pages.length);
    expect(rows[3]).toBe(
      '| /etcd-sizing/ (chapter) | 93 · 100 · 100 · 100 ✗ | 1.2 s | 0.000 | 175 ms | 100 · 100 · 100 · 100 | 1.2 s | 0.000 | 175 ms | 0 / 1 | 1 / 1 |',
    );
  });
  it('writes budgets, all tables, every axe violation and a legend', () => {
    const md = renderReport(audit);
    for (const heading of [
      '## Budgets',
      '## Scores',
      '## Page weight',
      '## JavaScript by owner',
      '## Audits that cost points',
      '## axe violations',
      '## Legend',
    ]) {
      expect(md).toContain(heading);
    }
    expect(md).toContain(
      '- ✗ Lighthouse performance ≥ 95 on mobile, chapter pages: /etcd-sizing/ mobile: mobile performance 93 < 95',
    );
    expect(md).toContain('/calculators/ dark: **region** (moderate)');
    expect(md).toContain('| /etcd-sizing/ | 4.2 KB + 25.4 KB | 1.8 KB + 19.5 KB | – | – | – |');
  });
});
