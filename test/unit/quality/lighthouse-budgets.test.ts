import { describe, expect, it } from 'vitest';
import { bestRun, blockingAxe, isChapter, lighthouseFailures } from '../../../src/lib/quality/budgets.ts';
import { isLoopbackUrl, summarizeLhr, type LhrLike, type LhSummary } from '../../../src/lib/quality/lighthouse.ts';
import { spread, formatSeconds } from '../../../src/lib/quality/stats.ts';

const audit = (id: string, score: number | null, extra: Partial<NonNullable<LhrLike['audits'][string]>> = {}) => ({
  id,
  title: `Title of ${id}`,
  score,
  scoreDisplayMode: 'binary',
  ...extra,
});
const lhr: LhrLike = {
  categories: {
    performance: {
      id: 'performance',
      score: 0.934,
      auditRefs: [
        { id: 'largest-contentful-paint', weight: 25 },
        { id: 'total-blocking-time', weight: 30 },
        { id: 'lcp-insight', weight: 0 },
      ],
    },
    accessibility: {
      id: 'accessibility',
      score: 0.97,
      auditRefs: [
        { id: 'color-contrast', weight: 7 },
        { id: 'manual-check', weight: 0 },
      ],
    },
    'best-practices': { id: 'best-practices', score: 1, auditRefs: [] },
    seo: { id: 'seo', score: null, auditRefs: [] },
  },
  audits: {
    'largest-contentful-paint': audit('largest-contentful-paint', 0.6, {
      scoreDisplayMode: 'numeric',
      numericValue: 3650,
      displayValue: '3.7 s',
    }),
    'total-blocking-time': audit('total-blocking-time', 1, { scoreDisplayMode: 'numeric', numericValue: 0 }),
    'cumulative-layout-shift': audit('cumulative-layout-shift', 1, { scoreDisplayMode: 'numeric', numericValue: 0 }),
    'lcp-insight': audit('lcp-insight', 0, { scoreDisplayMode: 'metricSavings' }),
    'color-contrast': audit('color-contrast', 0),
    'manual-check': audit('manual-check', 0, { scoreDisplayMode: 'manual' }),
    'network-requests': audit('network-requests', null, {
      scoreDisplayMode: 'informative',
      details: {
        items: [
          { url: 'http://127.0.0.1:4000/x/' },
          { url: 'data:image/svg+xml,abc' },
          { url: 'https://fonts.example.com/a.woff2' },
        ],
      },
    }),
  },
};

describe('summarizeLhr', () => {
  const s = summarizeLhr(lhr);
  it('scales scores to 0–100 and keeps unscored categories as null', () => {
    expect(s.scores).toEqual({ performance: 93, accessibility: 97, 'best-practices': 100, seo: null });
  });
  it('reads LCP, CLS and TBT', () => {
    expect([s.lcpMs, s.cls, s.tbtMs]).toEqual([3650, 0, 0]);
  });
  it('lists audits that lost points, weighted losses first, skipping manual and passed ones', () => {
    expect(s.failing.map((f) => [f.id, f.category])).toEqual([
      ['largest-contentful-paint', 'performance'],
      ['color-contrast', 'accessibility'],
      ['lcp-insight', 'performance'],
    ]);
    expect(s.failing[0]!.displayValue).toBe('3.7 s');
  });
  it('flags requests that left loopback', () => {
    expect(s.externalRequests).toEqual(['https://fonts.example.com/a.woff2']);
  });
});

it('isLoopbackUrl accepts 127.0.0.0/8, localhost, [::1] and inline URLs only', () => {
  expect(
    ['http://127.0.0.1:80/', 'http://127.1.2.3/', 'http://localhost/', 'http://[::1]:9/', 'data:,x', 'blob:x'].every(
      isLoopbackUrl,
    ),
  ).toBe(true);
  expect(['http://10.0.0.1/', 'https://127.0.0.1.example.com/', 'not a url'].some(isLoopbackUrl)).toBe(false);
});

const run = (performance: number, accessibility = 100, seo = 100): LhSummary => ({
  scores: { performance, accessibility, 'best-practices': 100, seo },
  lcpMs: 1000,
  cls: 0,
  tbtMs: 0,
  failing: [],
  externalRequests: [],
});

describe('Lighthouse budgets', () => {
  it('hold chapters to mobile performance ≥ 95, other pages only to accessibility and SEO 100', () => {
    expect(isChapter('etcd-sizing/')).toBe(true);
    expect(isChapter('glossary/')).toBe(false);
    expect(isChapter('ja/etcd-sizing/')).toBe(true);
    expect(isChapter('ja/')).toBe(true);
    expect(isChapter('ja/glossary/')).toBe(false);
    expect(lighthouseFailures('etcd-sizing/', 'mobile', run(94))).toEqual(['mobile performance 94 < 95']);
    expect(lighthouseFailures('etcd-sizing/', 'mobile', run(95))).toEqual([]);
    expect(lighthouseFailures('etcd-sizing/', 'desktop', run(80))).toEqual([]);
    expect(lighthouseFailures('glossary/', 'mobile', run(50, 99, 92))).toEqual([
      'accessibility 99 < 100',
      'SEO 92 < 100',
    ]);
  });
  it('fail a run that requested anything outside loopback', () => {
    expect(
      lighthouseFailures('glossary/', 'mobile', { ...run(100), externalRequests: ['https://x.example/'] }),
    ).toEqual(['requests left loopback: https://x.example/']);
  });
  it('count the run missing fewest budgets, ties going to the best total, then the earliest', () => {
    expect(bestRun('etcd-sizing/', 'mobile', [run(90), run(96), run(99)])).toEqual({ index: 2, failures: [] });
    expect(bestRun('etcd-sizing/', 'mobile', [run(96), run(96)])).toEqual({ index: 0, failures: [] });
    expect(bestRun('etcd-sizing/', 'mobile', [run(90, 99), run(93), run(94)])).toEqual({
      index: 2,
      failures: ['mobile performance 94 < 95'],
    });
    expect(() => bestRun('', 'mobile', [])).toThrow();
  });
});

it('blockingAxe keeps serious and critical violations only', () => {
  const v = (impact: string | null) => ({ id: `r-${impact}`, impact, help: '', nodes: 1, targets: [] });
  expect(blockingAxe([v('minor'), v('moderate'), v('serious'), v('critical'), v(null)]).map((x) => x.impact)).toEqual([
    'serious',
    'critical',
  ]);
});

describe('spread', () => {
  it('gives median, min and max (median of an even count is the mean of the middle two)', () => {
    expect(spread([30, 10, 20])).toEqual({ median: 20, min: 10, max: 30, n: 3 });
    expect(spread([4, 1, 3, 2]).median).toBe(2.5);
    expect(formatSeconds(spread([31_200, 30_100, 33_000]))).toBe('31.2 s (min 30.1, max 33.0, n=3)');
  });
  it('rejects no samples and non-finite ones', () => {
    expect(() => spread([])).toThrow();
    expect(() => spread([1, Number.NaN])).toThrow();
  });
});
