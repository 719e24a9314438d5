/**
 * Measured quality of the built site: Lighthouse (mobile and desktop), axe-core (light and
 * dark themes) and page weight for every page, and on each chapter the share of its running prose
 * that citation text takes and the commit hashes left in it (src/tooling/prose-density.ts), written
 * to reports/site-audit.md (for people) and reports/site-audit.json (for tools).
 *
 *   npm run audit:site [-- --check] [-- --runs N] [-- --dist DIR] [-- --pages etcd-sizing/,glossary/]
 *
 * Uses dist/ when it holds a build, else runs `astro build`. Serves the build on 127.0.0.1
 * like a static host (gzip). Nothing leaves loopback: Chromium gets CHROMIUM_ARGS plus
 * LOOPBACK_ONLY_ARGS, and a request to anywhere else fails the check.
 *
 * --check  exit 1 when a Lighthouse budget fails (accessibility 100 and SEO 100 everywhere,
 *          mobile performance ≥ 95 on chapter pages), after up to --runs runs per page and preset.
 * --runs N most Lighthouse runs per page and preset (default 3); each stops at the first run within budget.
 * Exit status: 0 fine, 1 a budget failed (with --check), 2 usage or set-up error.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { launch, type LaunchedChrome } from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';
import { CHROMIUM_ARGS, findChromium, LOOPBACK_ONLY_ARGS } from '../src/lib/chromium.ts';
import { bestRun, isChapter, lighthouseFailures, MAX_LIGHTHOUSE_RUNS } from '../src/lib/quality/budgets.ts';
import { PRESETS, summarizeLhr, type LhrLike, type LhSummary, type Preset } from '../src/lib/quality/lighthouse.ts';
import {
  renderReport,
  verdicts,
  type LighthouseResult,
  type PageAudit,
  type SiteAudit,
} from '../src/lib/quality/report.ts';
import { launchBrowser } from '../src/tooling/browser.ts';
import { axeViolationsOnce } from '../src/tooling/page-quality.ts';
import { densityTable, type ProseDensity } from '../src/lib/quality/prose-density.ts';
import { measureProse } from '../src/tooling/prose-density.ts';
import { DIST, ROOT } from '../src/tooling/paths.ts';
import { hasBuild, SiteWeights } from '../src/tooling/site-weight.ts';
import { serveStatic } from '../src/tooling/static-server.ts';

function usage(message: string): never {
  console.error(`${message}\nUsage: npm run audit:site [-- --check] [-- --runs N] [-- --dist DIR] [-- --pages a/,b/]`);
  process.exit(2);
}

const { values: args } = (() => {
  try {
    return parseArgs({
      options: {
        check: { type: 'boolean' },
        runs: { type: 'string' },
        dist: { type: 'string' },
        pages: { type: 'string' },
      },
    });
  } catch (e) {
    return usage((e as Error).message);
  }
})();
const check = args.check === true;
const runs = Number(args.runs ?? MAX_LIGHTHOUSE_RUNS);
if (!Number.isInteger(runs) || runs < 1) usage('--runs takes a whole number ≥ 1');
const dist = resolve(args.dist ?? DIST);
const only = args.pages?.split(',').map((p) => p.replace(/^\//, ''));

const executablePath = findChromium();
if (!executablePath) usage('No Chromium found: install it (apt-get install -y chromium) or set CHROMIUM_PATH.');
const started = performance.now();
const secs = (): string => `${((performance.now() - started) / 1000).toFixed(0)} s`;

if (!hasBuild(dist)) {
  if (dist !== resolve(DIST)) usage(`${dist} holds no build.`);
  console.log('No build in dist/: running astro build…');
  const r = spawnSync('npx', ['--no', 'astro', 'build'], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
  });
  if (r.status !== 0) process.exit(2);
}

const weights = (() => {
  try {
    return new SiteWeights(dist);
  } catch (e) {
    return usage((e as Error).message);
  }
})();
const pages = weights.all().filter((p) => !only || only.includes(p.route));
if (pages.length === 0) usage(`No page matches --pages ${only?.join(',')}`);
const site = await serveStatic(dist, '/', { host: true });
const version = (pkg: string): string =>
  (JSON.parse(readFileSync(join(ROOT, 'node_modules', pkg, 'package.json'), 'utf8')) as { version: string }).version;

// axe in both themes, with Playwright (it injects axe-core into the page).
console.log(
  `Auditing ${pages.length} pages of ${relative(ROOT, dist) || dist} at ${site.url} (Lighthouse up to ${runs} run(s) per page and preset)…`,
);
const browser = await launchBrowser(executablePath, LOOPBACK_ONLY_ARGS);
const chromium = browser.version();
const audits: PageAudit[] = [];
const prose: { route: string; density: ProseDensity }[] = [];
try {
  for (const weight of pages) {
    // A context of its own for each page, as a first visit has it.
    const axe = await axeViolationsOnce(browser, site.url + weight.route, ['light', 'dark']);
    audits.push({ route: weight.route, chapter: isChapter(weight.route), weight, axe, lighthouse: {} });
  }
  // How much of each chapter's running prose is citation text, as Chromium shows it.
  for (const audit of audits.filter((a) => a.chapter))
    prose.push({ route: audit.route, density: await measureProse(browser, site.url + audit.route) });
} finally {
  await browser.close();
}
console.log(`axe done (${secs()}).`);
console.log(
  `\nCitation text in running prose (budget: ≤ 5 % of a chapter's prose, no commit hash):\n${densityTable(prose)}\n`,
);

// Lighthouse drives its own Chromium over the DevTools protocol; one browser serves every run
// (Lighthouse resets storage and cache before each navigation).
let chrome: LaunchedChrome | undefined;
try {
  chrome = await launch({
    chromePath: executablePath,
    chromeFlags: [...CHROMIUM_ARGS, ...LOOPBACK_ONLY_ARGS],
    logLevel: 'silent',
  });
  for (const audit of audits) {
    for (const preset of PRESETS) {
      const tried: LhSummary[] = [];
      for (let i = 0; i < runs; i++) {
        tried.push(await runLighthouse(chrome.port, site.url + audit.route, preset));
        if (lighthouseFailures(audit.route, preset, tried.at(-1)!).length === 0) break;
      }
      const { index, failures } = bestRun(audit.route, preset, tried);
      audit.lighthouse[preset] = { runs: tried, best: index, failures } satisfies LighthouseResult;
      const s = tried[index]!.scores;
      console.log(
        `  /${audit.route} ${preset}: ${s.performance} · ${s.accessibility} · ${s['best-practices']} · ${s.seo}` +
          ` (${tried.length} run${tried.length > 1 ? 's' : ''})${failures.length ? ` ✗ ${failures.join('; ')}` : ''} [${secs()}]`,
      );
    }
  }
} finally {
  chrome?.kill();
  await site.close();
}

const audit: SiteAudit = {
  generatedAt: new Date().toISOString(),
  versions: { lighthouse: version('lighthouse'), axe: version('axe-core'), chromium: `Chromium ${chromium}` },
  dist: relative(ROOT, dist) || dist,
  maxRuns: runs,
  durationS: (performance.now() - started) / 1000,
  pages: audits,
};
mkdirSync(join(ROOT, 'reports'), { recursive: true });
writeFileSync(join(ROOT, 'reports/site-audit.json'), JSON.stringify({ ...audit, prose }, null, 2) + '\n');
writeFileSync(
  join(ROOT, 'reports/site-audit.md'),
  `${renderReport(audit)}\n## Citation text in running prose\n\n${densityTable(prose)}\n`,
);
console.log(`\nWrote reports/site-audit.md and reports/site-audit.json in ${secs()}.\n`);

const results = verdicts(audit);
for (const v of results) console.log(`${v.ok ? '✓' : '✗'} ${v.budget}${v.checkedByAudit ? '' : ' (npm test)'}`);
const failed = results.filter((v) => !v.ok && v.checkedByAudit);
if (failed.length > 0) {
  console.log('\nLighthouse budgets missed (best of the runs), with the audits that cost the most points:');
  for (const a of audits) {
    for (const preset of PRESETS) {
      const r = a.lighthouse[preset];
      if (!r || r.failures.length === 0) continue;
      const run = r.runs[r.best]!;
      console.log(`  /${a.route} ${preset}: ${r.failures.join('; ')}`);
      const relevant = run.failing.filter((f) =>
        r.failures.some(
          (x) =>
            x.toLowerCase().startsWith(f.category === 'seo' ? 'seo' : f.category) || x.includes(`mobile ${f.category}`),
        ),
      );
      for (const f of relevant.slice(0, 5))
        console.log(
          `      ${f.category}: ${f.title} [${f.id}] score ${f.score.toFixed(2)}${f.displayValue ? `, ${f.displayValue}` : ''}`,
        );
    }
  }
  if (check) process.exit(1);
}

/** One Lighthouse run of one page with a preset, reduced to what the report needs. */
async function runLighthouse(port: number, url: string, preset: Preset): Promise<LhSummary> {
  const result = await lighthouse(
    url,
    {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    },
    preset === 'desktop' ? desktopConfig : undefined,
  );
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  return summarizeLhr(result.lhr as unknown as LhrLike);
}
