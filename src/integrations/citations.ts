import type { AstroIntegration, AstroIntegrationLogger, HookParameters } from 'astro';
import { fileURLToPath } from 'node:url';
import { describe as describeCitation, runVerification, type VerificationReport } from '../lib/citations/index.ts';
import { toRenderData, type CitationRenderData } from '../lib/citations/render-data.ts';
import { provisionalLabel } from '../lib/citations/staging.ts';
import { modelSourceUsage } from '../lib/citations/source-usage.ts';

const VIRTUAL_ID = 'virtual:sizing-guide/citations';
const RESOLVED_ID = '\0' + VIRTUAL_ID;

/**
 * Verifies every citation in the content before the pages are rendered, and
 * hands the results to `<Cite>`, `<Excerpt>` and the Evidence page through a
 * virtual module.
 *
 * - A failed citation (no lock entry, moved tag, missing file, range past the
 *   end, changed lines, missing `expect`, malformed ref) fails `astro build`.
 * - Pending entries and pinned ones whose lines cannot be read in this build
 *   are warnings, and their pages say "not verified in this build";
 *   `CITATIONS_STRICT=1` makes them failures.
 * - The build reaches GitHub only when asked to: with `GITHUB_TOKEN` set or
 *   `CITATIONS_ONLINE=1`. Otherwise it reads local mirrors (`CITATION_MIRRORS`)
 *   and the `.cache/citations` cache only, so a default build sends no traffic.
 * - `CITATIONS=off` skips verification and hands the pages no citation data (every citation
 *   then reads "not verified in this build"). Only for measuring what verification costs
 *   (`npm run bench`); never for a build that is published.
 */
export function citations(): AstroIntegration {
  let data: CitationRenderData = { citations: [], incomplete: false };
  return {
    name: 'sizing-guide:citations',
    hooks: {
      'astro:config:setup': async ({ command, config, logger, updateConfig }) => {
        const env = process.env;
        // `astro preview` serves an existing dist/ and `astro sync` (also run by `astro check`) only
        // generates types: neither renders a page, so there is nothing to verify.
        if (command === 'preview' || command === 'sync') {
          provideData(updateConfig, data);
          return;
        }
        if (env['CITATIONS'] === 'off') {
          logger.warn('CITATIONS=off: citations not verified; every citation shows as not verified.');
          provideData(updateConfig, data);
          return;
        }
        const strict = env['CITATIONS_STRICT'] === '1';
        const offline = !(env['GITHUB_TOKEN'] || env['CITATIONS_ONLINE'] === '1');
        const report = await runVerification({ root: fileURLToPath(config.root), strict, offline, env });
        warnGrouped(report, logger, strict);
        if (report.errors.length > 0) {
          for (const error of report.errors) logger.error(error);
          const message =
            `Citation check failed: ${report.errors.length} problem(s), listed above with their MDX file and line. ` +
            'Fix the MDX, or run the command each message names (README: "Verifying citations").';
          // The dev server keeps running so the author can fix the MDX; a build stops.
          if (command === 'build') throw new Error(message);
        }
        const counts = new Map<string, number>();
        for (const c of report.citations) counts.set(c.status, (counts.get(c.status) ?? 0) + 1);
        logger.info(
          `Citations: ${report.citations.length} checked (${[...counts].map(([s, n]) => `${n} ${s}`).join(', ') || 'none'})` +
            `${offline ? '; offline: local mirrors and cache only' : ''}${strict ? '; strict' : ''}.`,
        );
        data = toRenderData(report, await modelSourceUsage(fileURLToPath(config.root)));
        provideData(updateConfig, data);
      },
    },
  };
}

/** Serves `data` to the components as the virtual module `virtual:sizing-guide/citations`. */
function provideData(updateConfig: HookParameters<'astro:config:setup'>['updateConfig'], data: CitationRenderData): void {
  updateConfig({
    vite: {
      plugins: [
        {
          name: 'sizing-guide:citations-data',
          resolveId: (id: string) => (id === VIRTUAL_ID ? RESOLVED_ID : undefined),
          load: (id: string) => (id === RESOLVED_ID ? `export default ${JSON.stringify(data)};` : undefined),
        },
      ],
    },
  });
}

/**
 * Prints one warning per repository and ref for citations this build could not
 * verify (provisional, pending, or not readable now) instead of one per citation, then any
 * other warning as it is. The Evidence page lists every citation.
 */
function warnGrouped(report: VerificationReport, logger: AstroIntegrationLogger, strict: boolean): void {
  const groups = new Map<string, { provisional: number; checkedAt: Set<string>; pending: number; unverified: number }>();
  const grouped = new Set<string>();
  for (const r of report.citations) {
    if (r.status !== 'provisional' && r.status !== 'pending' && r.status !== 'unverified') continue;
    const { owner, repo, ref } = r.citation.ref;
    const key = `${owner}/${repo}@${ref}`;
    const g = groups.get(key) ?? { provisional: 0, checkedAt: new Set<string>(), pending: 0, unverified: 0 };
    if (r.status === 'provisional' && r.read) g.checkedAt.add(provisionalLabel({ repo: `${owner}/${repo}`, read: r.read }));
    g[r.status]++;
    groups.set(key, g);
    grouped.add(describeCitation(r.citation));
  }
  for (const [key, g] of groups) {
    const parts = [
      g.provisional ? `${g.provisional} provisional (this tag could not be read; the lines were checked at ${[...g.checkedAt].join(', ')} instead)` : '',
      g.pending ? `${g.pending} pending (no commit pinned yet: run \`npm run cite -- pin\` with network access or CITATION_MIRRORS)` : '',
      g.unverified ? `${g.unverified} pinned but not readable in this build (set CITATION_MIRRORS, or GITHUB_TOKEN to fetch)` : '',
    ].filter(Boolean);
    logger.warn(`${key}: ${parts.join('; ')}. Their pages say which state they are in${strict ? '' : '; CITATIONS_STRICT=1 makes this fail'}.`);
  }
  for (const warning of report.warnings) {
    if (![...grouped].some((d) => warning.startsWith(d))) logger.warn(warning);
  }
}
