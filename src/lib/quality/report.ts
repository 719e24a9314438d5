/**
 * The site audit as data (reports/site-audit.json) and as a page a person reads
 * (reports/site-audit.md). Pure: the audit script gathers the figures.
 */
import { blockingAxe, FAST_BUDGETS, LIGHTHOUSE_BUDGETS, type AxeViolation } from './budgets.ts';
import type { JsGroup } from './js-graph.ts';
import { CATEGORIES, PRESETS, type LhSummary, type Preset } from './lighthouse.ts';
import type { Bytes, PageWeight } from './page-weight.ts';

/** Starlight's two colour themes (its toggle stores the choice in localStorage 'starlight-theme'). */
export type Theme = 'light' | 'dark';

/** Lighthouse for one page and preset: every run tried, which one counts, what it misses. */
export interface LighthouseResult {
  runs: LhSummary[];
  /** Index in `runs` of the run that counts (see budgets.bestRun). */
  best: number;
  /** Budgets the counted run misses (empty = within budget). */
  failures: string[];
}

/** Everything measured on one page. */
export interface PageAudit {
  route: string;
  chapter: boolean;
  weight: PageWeight;
  axe: Record<Theme, AxeViolation[]>;
  lighthouse: Partial<Record<Preset, LighthouseResult>>;
}

/** The whole audit, as written to reports/site-audit.json. */
export interface SiteAudit {
  /** ISO 8601. */
  generatedAt: string;
  versions: { lighthouse: string; axe: string; chromium: string };
  /** The build directory that was audited. */
  dist: string;
  /** Most Lighthouse runs per page and preset. */
  maxRuns: number;
  /** Wall time of the audit, seconds. */
  durationS: number;
  pages: PageAudit[];
}

/** One budget and its verdict. */
export interface BudgetVerdict {
  budget: string;
  ok: boolean;
  /** Pages and figures that miss it (empty when ok). */
  misses: string[];
  /** Whether `audit:site -- --check` fails on it (the Lighthouse ones); the others fail `npm test`. */
  checkedByAudit: boolean;
}

const kb = (n: number): string => (n === 0 ? '0' : `${(n / 1024).toFixed(1)} KB`);
const page = (route: string): string => `/${route}`;
const sumGz = (...b: Bytes[]): number => b.reduce((a, x) => a + x.gzip, 0);

/** Every budget of budgets.ts judged on this audit (CLS 0 is measured by the tests, not here). */
export function verdicts(audit: SiteAudit): BudgetVerdict[] {
  const lh = (filter: (f: string) => boolean, budget: string): BudgetVerdict => {
    const misses: string[] = [];
    for (const p of audit.pages) {
      for (const preset of PRESETS) {
        const r = p.lighthouse[preset];
        for (const f of r?.failures.filter(filter) ?? []) misses.push(`${page(p.route)} ${preset}: ${f}`);
      }
    }
    return { budget, ok: misses.length === 0, misses, checkedByAudit: true };
  };
  const axeMisses = audit.pages.flatMap((p) =>
    (['light', 'dark'] as const).flatMap((t) =>
      blockingAxe(p.axe[t]).map((v) => `${page(p.route)} ${t}: ${v.id} (${v.impact}, ${v.nodes} elements)`),
    ),
  );
  const calcMisses = audit.pages
    .filter((p) => p.chapter)
    .map((p) => [p, sumGz(p.weight.js.calculators.atLoad, p.weight.js.calculators.onDemand)] as const)
    .filter(([, n]) => n > FAST_BUDGETS.calculatorJsGzip)
    .map(
      ([p, n]) =>
        `${page(p.route)}: ${kb(n)} (${kb(p.weight.js.calculators.atLoad.gzip)} at load + ${kb(p.weight.js.calculators.onDemand.gzip)} on demand)`,
    );
  const diagramMisses = audit.pages
    .filter((p) => p.weight.diagrams.client === 0)
    .map((p) => [p, sumGz(p.weight.js.diagrams.atLoad, p.weight.js.diagrams.onDemand)] as const)
    .filter(([, n]) => n > FAST_BUDGETS.diagramJsGzip)
    .map(([p, n]) => `${page(p.route)}: ${kb(n)}`);
  return [
    lh(
      (f) => f.startsWith('accessibility'),
      `Lighthouse accessibility ${LIGHTHOUSE_BUDGETS.accessibility} on every page, mobile and desktop`,
    ),
    lh((f) => f.startsWith('SEO'), `Lighthouse SEO ${LIGHTHOUSE_BUDGETS.seo} on every page, mobile and desktop`),
    lh(
      (f) => f.startsWith('mobile performance'),
      `Lighthouse performance ≥ ${LIGHTHOUSE_BUDGETS.mobilePerformanceOnChapters} on mobile, chapter pages`,
    ),
    lh(
      (f) => f.startsWith('requests left') || f.startsWith('Lighthouse failed'),
      'Lighthouse ran, and no request left loopback',
    ),
    {
      budget: 'axe: no serious or critical violation, light and dark themes',
      ok: axeMisses.length === 0,
      misses: axeMisses,
      checkedByAudit: false,
    },
    {
      budget: `Calculator JavaScript on a chapter page ≤ ${kb(FAST_BUDGETS.calculatorJsGzip)} gzipped (at load + on demand)`,
      ok: calcMisses.length === 0,
      misses: calcMisses,
      checkedByAudit: false,
    },
    {
      budget: 'No diagram JavaScript on pages whose diagrams are SVG',
      ok: diagramMisses.length === 0,
      misses: diagramMisses,
      checkedByAudit: false,
    },
  ];
}

const fmtScores = (r: LhSummary | undefined): string =>
  r ? CATEGORIES.map((c) => r.scores[c] ?? '–').join(' · ') : '–';
const fmtMs = (n: number | null): string =>
  n === null ? '–' : n >= 1000 ? `${(n / 1000).toFixed(1)} s` : `${Math.round(n)} ms`;
const fmtCls = (n: number | null): string => (n === null ? '–' : n.toFixed(3));
const counted = (r: LighthouseResult | undefined): LhSummary | undefined => r?.runs[r.best];
const mark = (r: LighthouseResult | undefined): string => (r && r.failures.length > 0 ? ' ✗' : '');
const axeCell = (v: AxeViolation[]): string => {
  if (v.length === 0) return '0';
  const blocking = blockingAxe(v).length;
  return `${v.length}${blocking ? ` (${blocking} serious+)` : ''}`;
};
const JS_COLUMNS: [JsGroup, string][] = [
  ['starlight', 'Starlight'],
  ['calculators', 'Calculators'],
  ['diagrams', 'Diagrams'],
  ['code', 'Code blocks'],
  ['other', 'Other'],
];

/** The main table: scores and metrics per page (the counted run of each preset). */
export function scoresTable(audit: SiteAudit): string {
  const rows = [
    '| Page | Mobile P · A · BP · SEO | LCP | CLS | TBT | Desktop P · A · BP · SEO | LCP | CLS | TBT | axe light / dark | Runs m / d |',
    '| --- | --- | --: | --: | --: | --- | --: | --: | --: | --: | --: |',
  ];
  for (const p of audit.pages) {
    const m = counted(p.lighthouse.mobile);
    const d = counted(p.lighthouse.desktop);
    rows.push(
      `| ${page(p.route)}${p.chapter ? ' (chapter)' : ''} | ${fmtScores(m)}${mark(p.lighthouse.mobile)} | ${fmtMs(m?.lcpMs ?? null)} | ${fmtCls(m?.cls ?? null)} | ${fmtMs(m?.tbtMs ?? null)} | ` +
        `${fmtScores(d)}${mark(p.lighthouse.desktop)} | ${fmtMs(d?.lcpMs ?? null)} | ${fmtCls(d?.cls ?? null)} | ${fmtMs(d?.tbtMs ?? null)} | ` +
        `${axeCell(p.axe.light)} / ${axeCell(p.axe.dark)} | ${p.lighthouse.mobile?.runs.length ?? 0} / ${p.lighthouse.desktop?.runs.length ?? 0} |`,
    );
  }
  return rows.join('\n');
}

/** Page weight by kind, gzipped with raw in parentheses. */
function weightTable(audit: SiteAudit): string {
  const cell = (b: Bytes): string => `${kb(b.gzip)} (${kb(b.raw)})`;
  const rows = [
    '| Page | HTML | of which inline SVG | CSS | JS at load | Fonts | Images | SVG files | Total at load |',
    '| --- | --: | --: | --: | --: | --: | --: | --: | --: |',
  ];
  for (const p of audit.pages) {
    const k = p.weight.kinds;
    rows.push(
      `| ${page(p.route)} | ${cell(k.html)} | ${cell(p.weight.inlineSvg)} | ${cell(k.css)} | ${cell(k.js)} | ${cell(k.font)} | ${cell(k.image)} | ${cell(k.svg)} | **${cell(p.weight.total)}** |`,
    );
  }
  return rows.join('\n');
}

/** JavaScript by owner, gzipped: at load + on demand. */
function jsTable(audit: SiteAudit): string {
  const rows = [
    `| Page | ${JS_COLUMNS.map(([, l]) => l).join(' | ')} |`,
    `| --- |${JS_COLUMNS.map(() => ' --: |').join('')}`,
  ];
  for (const p of audit.pages) {
    const cells = JS_COLUMNS.map(([g]) => {
      const s = p.weight.js[g];
      return s.atLoad.gzip + s.onDemand.gzip === 0 ? '–' : `${kb(s.atLoad.gzip)} + ${kb(s.onDemand.gzip)}`;
    });
    rows.push(`| ${page(p.route)} | ${cells.join(' | ')} |`);
  }
  return rows.join('\n');
}

/**
 * Audits that cost points, per page and preset: all of them where a budget is missed, else
 * those of the accessibility, SEO and best-practices categories (any point lost there is a defect).
 * @param top - how many per page and preset.
 */
function failingAuditsSection(audit: SiteAudit, top = 5): string {
  const lines: string[] = [];
  for (const p of audit.pages) {
    for (const preset of PRESETS) {
      const r = p.lighthouse[preset];
      const run = counted(r);
      if (!r || !run) continue;
      const list = run.failing.filter((a) => r.failures.length > 0 || a.category !== 'performance').slice(0, top);
      if (list.length === 0) continue;
      lines.push(`- **${page(p.route)} ${preset}**${r.failures.length ? ` — misses: ${r.failures.join('; ')}` : ''}`);
      for (const a of list)
        lines.push(
          `  - ${a.category}: ${a.title} (\`${a.id}\`, score ${a.score.toFixed(2)}${a.displayValue ? `, ${a.displayValue}` : ''})`,
        );
    }
  }
  return lines.length
    ? lines.join('\n')
    : 'None: every counted run scored 100 in accessibility, best practices and SEO, and no Lighthouse budget is missed.';
}

/** Every axe violation (all impacts), per page and theme. */
function axeSection(audit: SiteAudit): string {
  const lines: string[] = [];
  for (const p of audit.pages) {
    for (const t of ['light', 'dark'] as const) {
      for (const v of p.axe[t])
        lines.push(
          `- ${page(p.route)} ${t}: **${v.id}** (${v.impact ?? 'no impact'}) ${v.help}: ${v.nodes} element(s), e.g. \`${v.targets[0] ?? ''}\``,
        );
    }
  }
  return lines.length ? lines.join('\n') : 'None, on any page, in either theme.';
}

/** The legend: what each figure is and how it was measured. */
function legend(audit: SiteAudit): string {
  return [
    '- **P · A · BP · SEO**: Lighthouse category scores, 0–100: performance, accessibility, best practices, SEO. ✗ marks a run that misses a budget.',
    '- **Mobile** is Lighthouse\u2019s default preset: a mid-range phone (412 × 823, 4× CPU slowdown) on slow 4G (150 ms RTT, 1.6 Mbit/s), throttling *simulated* from an unthrottled load. **Desktop**: 1350 × 940, no CPU slowdown, 40 ms RTT, 10 Mbit/s.',
    '- **LCP**: Largest Contentful Paint, when the largest text block or image appeared. **CLS**: Cumulative Layout Shift, how much visible content moved (0 = nothing moved). **TBT**: Total Blocking Time, main-thread time beyond 50 ms per task between first paint and interactive.',
    `- **Runs**: Lighthouse runs tried. Scores vary between runs, so each page and preset runs up to ${audit.maxRuns} times, stops at the first run within budget, and the table shows that run (or, if none, the one missing fewest budgets).`,
    '- **axe**: violations of axe-core\u2019s default rules (WCAG 2.0–2.2 A/AA and best practices) with the page scrolled through (calculators loaded), in Starlight\u2019s light and dark themes; "serious+" counts impact serious or critical, the ones that fail `npm test`.',
    '- **Page weight**: bytes the page makes the browser download when it loads, from the built files: **gzipped** (level 9, what a static host serves), raw in parentheses. 1 KB = 1024 bytes. **HTML** is the document; **of which inline SVG** is the share of it taken by `<svg>` elements (diagrams in two themes, icons), gzipped on its own. **CSS**: linked stylesheets (print ones too). **JS at load**: module scripts and the chunks they import statically. **Fonts**, **Images**, **SVG files**: referenced by the HTML or its CSS. **Total at load** adds them up (inline SVG is inside HTML).',
    '- **JavaScript by owner** (gzipped, *at load + on demand*): **Starlight** = files that a page with no project component (`/glossary/`) also loads; **Calculators** = the calculators\u2019 shared loader and the code each calculator on the page fetches when a calculator nears the viewport or is used (`import()` chunks, as the build\u2019s Vite manifest records them); **Diagrams** = the in-browser Mermaid renderer, only on builds without Chromium; **Code blocks** = Expressive Code\u2019s copy button, shipped with the excerpts of upstream code; **Other** = anything else. Starlight\u2019s on-demand part is the search UI, fetched when the reader opens search (the search index itself is not counted).',
    '- The site is served from the build directory on 127.0.0.1 the way a static host would serve it (gzip, hashed assets cached for a year). Chromium runs with background networking off, every host name but 127.0.0.1 unresolvable and a dead proxy for anything else: no request leaves the machine, and audits that need the network do not apply.',
  ].join('\n');
}

/** The whole Markdown report. */
export function renderReport(audit: SiteAudit): string {
  const v = verdicts(audit);
  return [
    '# Site audit',
    '',
    `${audit.generatedAt} · ${audit.pages.length} pages from \`${audit.dist}\` · Lighthouse ${audit.versions.lighthouse} · axe-core ${audit.versions.axe} · ${audit.versions.chromium} · ${Math.round(audit.durationS)} s`,
    '',
    '## Budgets',
    '',
    ...v.map(
      (b) =>
        `- ${b.ok ? '✓' : '✗'} ${b.budget}${b.checkedByAudit ? '' : ' *(also `npm test`)*'}${b.ok ? '' : `: ${b.misses.join('; ')}`}`,
    ),
    '- CLS 0 on chapter pages is measured in the browser by `npm test` (test/site/cls.test.ts); Lighthouse\u2019s CLS is in the table.',
    '',
    '## Scores',
    '',
    scoresTable(audit),
    '',
    '## Page weight (gzipped, raw in parentheses)',
    '',
    weightTable(audit),
    '',
    '## JavaScript by owner (gzipped: at load + on demand)',
    '',
    jsTable(audit),
    '',
    '## Audits that cost points',
    '',
    failingAuditsSection(audit),
    '',
    '## axe violations (all impacts)',
    '',
    axeSection(audit),
    '',
    '## Legend',
    '',
    legend(audit),
    '',
  ].join('\n');
}
