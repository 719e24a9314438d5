/**
 * The site's quality budgets (the README's budget table: Lighthouse scores, axe, CLS, calculator
 * and diagram JavaScript), and the verdicts on measured figures. The figures come from
 * scripts/audit-site.ts and the site tests; this module only judges them.
 */
import { translationOfRoute } from '../i18n/locales.ts';
import type { LhSummary, Preset } from './lighthouse.ts';

/**
 * Chapter pages: the mobile performance, CLS and calculator-JS budgets apply to them. The
 * overview (`''`) is held to the same budgets: it is the page most readers open first.
 */
export const CHAPTER_ROUTES: readonly string[] = [
  '',
  'etcd-sizing/',
  'etcd-writes/',
  'etcd-reads/',
  'control-plane/',
  'colocation/',
  'etcd-hardware/',
  'etcd-disk/',
  'etcd-timeouts/',
  'etcd-database/',
  'etcd-backup/',
  'tested-limits/',
  'apiserver-capacity/',
  'membership/',
  'plan/',
];

/** Whether a route (`''`, `etcd-sizing/`, `ja/etcd-sizing/`, …) is a chapter page, in any language. */
export const isChapter = (route: string): boolean => {
  const locale = translationOfRoute(route)?.locale;
  return CHAPTER_ROUTES.includes(locale ? route.slice(locale.length + 1) : route);
};

/** Lighthouse budgets, scores 0–100. */
export const LIGHTHOUSE_BUDGETS = { accessibility: 100, seo: 100, mobilePerformanceOnChapters: 95 } as const;

/** Budgets checked by `npm test`. */
export const FAST_BUDGETS = {
  /**
   * JavaScript the calculators add to a chapter page, gzipped bytes: what loads with the page plus
   * what its calculators fetch when the reader reaches them.
   */
  calculatorJsGzip: 15 * 1024,
  /** JavaScript for diagrams on a page whose diagrams are inline SVG, gzipped bytes. */
  diagramJsGzip: 0,
  /** Cumulative layout shift on a chapter page. */
  cls: 0,
  /** axe impacts that fail the tests. */
  axeImpacts: ['serious', 'critical'] as readonly string[],
} as const;

/** How many runs of the Lighthouse check to try per page and preset before declaring a failure. */
export const MAX_LIGHTHOUSE_RUNS = 3;

/**
 * The Lighthouse budgets one run misses, as sentences (empty = within budget).
 * @param route - page route, decides whether the chapter budget applies.
 */
export function lighthouseFailures(route: string, preset: Preset, run: LhSummary): string[] {
  const out: string[] = [];
  if (run.error) out.push(`Lighthouse failed: ${run.error}`);
  const { accessibility, seo, performance } = run.scores;
  if (accessibility === null || accessibility < LIGHTHOUSE_BUDGETS.accessibility)
    out.push(`accessibility ${accessibility ?? 'n/a'} < ${LIGHTHOUSE_BUDGETS.accessibility}`);
  if (seo === null || seo < LIGHTHOUSE_BUDGETS.seo) out.push(`SEO ${seo ?? 'n/a'} < ${LIGHTHOUSE_BUDGETS.seo}`);
  if (
    preset === 'mobile' &&
    isChapter(route) &&
    (performance === null || performance < LIGHTHOUSE_BUDGETS.mobilePerformanceOnChapters)
  ) {
    out.push(`mobile performance ${performance ?? 'n/a'} < ${LIGHTHOUSE_BUDGETS.mobilePerformanceOnChapters}`);
  }
  if (run.externalRequests.length > 0)
    out.push(`requests left loopback: ${run.externalRequests.slice(0, 3).join(', ')}`);
  return out;
}

/**
 * The run that represents a page (scores vary between runs): the one missing the fewest
 * budgets, ties broken by the highest total of the four scores, then by the earliest run.
 * @throws Error on an empty list.
 */
export function bestRun(route: string, preset: Preset, runs: LhSummary[]): { index: number; failures: string[] } {
  if (runs.length === 0) throw new Error('bestRun: no runs');
  const total = (r: LhSummary): number => Object.values(r.scores).reduce<number>((a, s) => a + (s ?? 0), 0);
  let best = 0;
  let bestFailures = lighthouseFailures(route, preset, runs[0]!);
  for (let i = 1; i < runs.length; i++) {
    const f = lighthouseFailures(route, preset, runs[i]!);
    if (f.length < bestFailures.length || (f.length === bestFailures.length && total(runs[i]!) > total(runs[best]!))) {
      best = i;
      bestFailures = f;
    }
  }
  return { index: best, failures: bestFailures };
}

/** An axe violation, reduced. */
export interface AxeViolation {
  id: string;
  /** axe impact: minor, moderate, serious or critical. */
  impact: string | null;
  help: string;
  /** Number of elements that violate the rule. */
  nodes: number;
  /** CSS selectors of the first few of them. */
  targets: string[];
}

/** The violations that fail the tests (impact serious or critical). */
export function blockingAxe(violations: AxeViolation[]): AxeViolation[] {
  return violations.filter((v) => v.impact !== null && FAST_BUDGETS.axeImpacts.includes(v.impact));
}
