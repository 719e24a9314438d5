/**
 * Reads what the audit needs out of a Lighthouse result (LHR), without depending on
 * Lighthouse's types: the four category scores, three metrics, the audits that cost points,
 * and any request that left loopback.
 */

export type Preset = 'mobile' | 'desktop';
export const PRESETS: readonly Preset[] = ['mobile', 'desktop'];
export type Category = 'performance' | 'accessibility' | 'best-practices' | 'seo';
export const CATEGORIES: readonly Category[] = ['performance', 'accessibility', 'best-practices', 'seo'];

/** The part of an LHR this module reads (Lighthouse 13 shape). */
export interface LhrLike {
  categories: Record<
    string,
    { id: string; score: number | null; auditRefs: { id: string; weight: number }[] } | undefined
  >;
  audits: Record<
    string,
    | {
        id: string;
        title: string;
        score: number | null;
        scoreDisplayMode: string;
        displayValue?: string;
        numericValue?: number;
        details?: unknown;
      }
    | undefined
  >;
  runtimeError?: { code: string; message: string };
}

/** An audit that cost its category points. */
export interface FailingAudit {
  id: string;
  title: string;
  category: Category;
  /** 0–1, as Lighthouse scores audits. */
  score: number;
  /** Lighthouse's short figure, e.g. "3.6 s" or "Est savings of 26 KiB". */
  displayValue?: string;
  /** Category weight of the audit (0 for diagnostics and insights, which do not move the score). */
  weight: number;
}

/** One Lighthouse run, reduced. */
export interface LhSummary {
  /** Category scores 0–100 (`null` when Lighthouse could not score it). */
  scores: Record<Category, number | null>;
  /** Largest Contentful Paint, ms (simulated throttling: a mid-range phone on slow 4G for mobile). */
  lcpMs: number | null;
  /** Cumulative Layout Shift (unitless). */
  cls: number | null;
  /** Total Blocking Time, ms. */
  tbtMs: number | null;
  /** Audits below a full score, most costly first. */
  failing: FailingAudit[];
  /** URLs the page requested outside loopback (should be none). */
  externalRequests: string[];
  /** Lighthouse's runtime error, when the run failed. */
  error?: string;
}

const SCORED = new Set(['binary', 'numeric', 'metricSavings']);

/** True for `data:`/`blob:` URLs and http(s) URLs on 127.0.0.0/8, `localhost` or `[::1]`. */
export function isLoopbackUrl(url: string): boolean {
  if (/^(data|blob|about|chrome|chrome-extension):/i.test(url)) return true;
  try {
    const host = new URL(url).hostname;
    return host === 'localhost' || host === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(host);
  } catch {
    return false;
  }
}

/**
 * Reduces a Lighthouse result.
 * @param lhr - `runnerResult.lhr` from the `lighthouse` package.
 * @returns scores ×100 rounded, metrics, failing audits sorted by weight × lost score (then
 *   lost score), and the non-loopback URLs of the `network-requests` audit.
 */
export function summarizeLhr(lhr: LhrLike): LhSummary {
  const scores = Object.fromEntries(
    CATEGORIES.map((c) => {
      const s = lhr.categories[c]?.score;
      return [c, typeof s === 'number' ? Math.round(s * 100) : null];
    }),
  ) as Record<Category, number | null>;
  const metric = (id: string): number | null => {
    const v = lhr.audits[id]?.numericValue;
    return typeof v === 'number' ? v : null;
  };
  const failing: FailingAudit[] = [];
  for (const category of CATEGORIES) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const a = lhr.audits[ref.id];
      if (!a || a.score === null || a.score >= 1 || !SCORED.has(a.scoreDisplayMode)) continue;
      failing.push({
        id: a.id,
        title: a.title,
        category,
        score: a.score,
        weight: ref.weight,
        ...(a.displayValue ? { displayValue: a.displayValue } : {}),
      });
    }
  }
  failing.sort((x, y) => y.weight * (1 - y.score) - x.weight * (1 - x.score) || x.score - y.score);
  const items = (lhr.audits['network-requests']?.details as { items?: { url?: unknown }[] } | undefined)?.items ?? [];
  const externalRequests = items.map((i) => String(i.url ?? '')).filter((u) => u !== '' && !isLoopbackUrl(u));
  return {
    scores,
    lcpMs: metric('largest-contentful-paint'),
    cls: metric('cumulative-layout-shift'),
    tbtMs: metric('total-blocking-time'),
    failing,
    externalRequests,
    ...(lhr.runtimeError ? { error: `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` } : {}),
  };
}
