import type { AstroIntegrationLogger } from 'astro';
import { AstroError } from 'astro/errors';
import { relative, sep } from 'node:path';
import type { ViteDevServer } from 'vite';
import { describe as describeCitation, runVerification, type VerificationReport } from '../lib/citations/index.ts';
import { fileOutcome } from '../lib/citations/file-outcome.ts';
import {
  pagePathOf,
  sourceUsage,
  toRenderData,
  type CitationRenderData,
  type SourceUsage,
} from '../lib/citations/render-data.ts';
import { provisionalLabel } from '../lib/citations/staging.ts';
import { MODEL_FILES } from '../lib/project-paths.ts';
import { loadModelInputs, type ModuleImporter } from '../tooling/model-inputs.ts';

const EMPTY: CitationRenderData = { citations: [], incomplete: false };
const HINT = 'Fix the MDX, or run the command each message names (README: "Verifying citations").';

/** What the citation step needs from the integration. */
export interface CitationStepOptions {
  command: 'dev' | 'build' | 'preview' | 'sync';
  /** Project root, absolute, ending in a separator or not. */
  root: string;
  logger: AstroIntegrationLogger;
  env?: NodeJS.ProcessEnv;
  /** How the model modules are loaded (the dev server swaps in its module runner); none: MDX only. */
  importer?: ModuleImporter;
}

/**
 * Verifies every citation in the content and hands the results to `<Cite>`, `<Excerpt>`, the
 * calculators and the Evidence page (through the virtual module `virtual:sizing-guide/citations`).
 *
 * - Verification starts when the step is created (in `astro:config:setup`) and runs while Astro
 *   syncs content and bundles; the virtual module waits for it, so no page renders before it is done.
 * - A failed citation (no lock entry, moved tag, missing file, range past the end, changed lines,
 *   missing `expect`, malformed ref) fails `astro build` with an `AstroError`; the dev server keeps
 *   running and shows it in the browser overlay.
 * - Pending entries and pinned ones whose lines cannot be read in this build are warnings, and their
 *   pages say "not verified in this build"; `CITATIONS_STRICT=1` makes them failures.
 * - The build reaches GitHub only when asked to: with `GITHUB_TOKEN` set or `CITATIONS_ONLINE=1`.
 *   Otherwise it reads local mirrors (`CITATION_MIRRORS`) and `.cache/citations` only.
 * - `CITATIONS=off` skips verification and hands the pages no citation data (every citation then
 *   reads "not verified in this build"). Only for measuring what verification costs (`npm run bench`).
 * - `astro preview` and `astro sync` (also run by `astro check`) render no page: nothing is verified.
 */
export class CitationStep {
  private readonly options: CitationStepOptions;
  private readonly env: NodeJS.ProcessEnv;
  private readonly strict: boolean;
  private readonly offline: boolean;
  private current: Promise<CitationRenderData>;
  /** Dev only: the citation errors of each MDX file (relative path), shown in the overlay until fixed. */
  private readonly devErrors = new Map<string, string[]>();

  constructor(options: CitationStepOptions) {
    this.options = options;
    this.importer = options.importer;
    this.env = options.env ?? process.env;
    this.strict = this.env['CITATIONS_STRICT'] === '1';
    this.offline = !(this.env['GITHUB_TOKEN'] || this.env['CITATIONS_ONLINE'] === '1');
    const { command, logger } = options;
    if (command === 'preview' || command === 'sync') {
      this.current = Promise.resolve(EMPTY);
    } else if (this.env['CITATIONS'] === 'off') {
      logger.warn('CITATIONS=off: citations not verified; every citation shows as not verified.');
      this.current = Promise.resolve(EMPTY);
    } else {
      this.current = this.verify(true);
      // Awaited by the virtual module or build:done; this keeps an early failure from being unhandled meanwhile.
      this.current.catch(() => undefined);
    }
  }

  /**
   * The render data, once verification is done.
   * @throws AstroError in a build when a citation failed (each problem is logged first, with its MDX file and line).
   */
  data(): Promise<CitationRenderData> {
    return this.current;
  }

  private importer: ModuleImporter | undefined;

  private async verify(initial: boolean): Promise<CitationRenderData> {
    const { command, logger } = this.options;
    const report = await runVerification({
      root: this.options.root,
      strict: this.strict,
      offline: this.offline,
      env: this.env,
      model: this.importer ? await loadModelInputs(this.options.root, this.importer) : undefined,
    });
    if (initial) warnGrouped(report, logger, this.strict);
    if (report.errors.length > 0) {
      for (const error of report.errors) logger.error(error);
      const message = `Citation check failed: ${report.errors.length} problem(s), listed above with their MDX file and line.`;
      if (command === 'build') throw new AstroError(message, HINT);
      if (initial) this.rememberDevErrors(report, undefined);
    }
    if (initial) {
      const counts = new Map<string, number>();
      for (const c of report.citations) counts.set(c.status, (counts.get(c.status) ?? 0) + 1);
      logger.info(
        `Citations: ${report.citations.length} checked (${[...counts].map(([s, n]) => `${n} ${s}`).join(', ') || 'none'})` +
          `${this.offline ? '; offline: local mirrors and cache only' : ''}${this.strict ? '; strict' : ''}.`,
      );
    }
    this.lastReport = report;
    return toRenderData(report, await this.usage(report));
  }

  /**
   * Which calculators and pages show each model source: the calculators' declarations and the
   * pages' `<Calculator>` elements (as the verification's own parse of each page found them).
   */
  private async usage(report: VerificationReport): Promise<Map<string, SourceUsage>> {
    if (!this.importer) return new Map();
    const { file, name } = MODEL_FILES.calculators;
    const declared = (await this.importer(file))[name] as Record<string, readonly string[]> | undefined;
    if (!declared)
      throw new AstroError(`${file} exports no ${name}.`, 'Export each calculator\u2019s declared sources by id.');
    const pages = new Map([...report.calculators].map(([file, ids]) => [pagePathOf(file), ids]));
    return sourceUsage(declared, pages);
  }

  private lastReport: VerificationReport | undefined;

  /** Groups errors by the file each names (`content/docs/x.mdx:12:…`), so the overlay can say which file to fix. */
  private rememberDevErrors(report: VerificationReport, only: string | undefined): void {
    const byFile = new Map<string, string[]>();
    for (const error of report.errors) {
      const file = /^([^:\s]+):\d+/.exec(error)?.[1] ?? '(configuration)';
      if (only !== undefined && file !== only) continue;
      byFile.set(file, [...(byFile.get(file) ?? []), error]);
    }
    if (only !== undefined) {
      this.devErrors.delete(only);
      const errors = byFile.get(only);
      if (errors) this.devErrors.set(only, errors);
    } else {
      for (const [file, errors] of byFile) this.devErrors.set(file, errors);
    }
  }

  /**
   * Dev server: when an MDX file under `content/` changes, verifies again and reports that file's
   * citation problems in Vite's error overlay (the server keeps running). Verification is re-run as
   * a whole (the lock and `.cache/citations` make that about a second), so the pages also show the
   * new states; the virtual module is invalidated for that. A browser that connects later (after
   * the reload the edit itself triggers) is sent the outstanding errors again.
   */
  watch(server: ViteDevServer): void {
    const { root, logger } = this.options;
    if (this.env['CITATIONS'] === 'off') return;
    const contentDir = `${root.replace(/[\\/]$/, '')}${sep}content${sep}`;
    const send = () => {
      for (const [file, errors] of this.devErrors) {
        server.ws.send({
          type: 'error',
          err: {
            message: `Citation check failed in ${file}:\n${errors.join('\n')}\n\n${HINT}`,
            stack: '',
            id: file,
            plugin: 'sizing-guide:citations',
          },
        });
      }
    };
    server.ws.on('connection', () => send());
    // The dev server's own module runner loads the model again, so an edited module is read fresh.
    if (this.importer) this.importer = (file) => server.ssrLoadModule(`/${file}`);
    const modelDir = `${root.replace(/[\\/]$/, '')}${sep}src${sep}lib${sep}model${sep}`;
    let queue = Promise.resolve();
    const onChange = (path: string) => {
      const page = path.startsWith(contentDir) && path.endsWith('.mdx');
      if (!page && !(path.startsWith(modelDir) && path.endsWith('.ts'))) return;
      const file = relative(root, path).split(sep).join('/');
      queue = queue.then(async () => {
        const next = this.verify(false);
        try {
          await next;
        } catch (error) {
          logger.error(
            `Citation check of ${file} could not run: ${error instanceof Error ? error.message : String(error)}`,
          );
          return;
        }
        this.current = next;
        if (this.lastReport) this.rememberDevErrors(this.lastReport, file);
        if (this.devErrors.has(file)) {
          logger.error(`${file}: citation check failed; shown in the browser overlay.`);
          send();
        } else {
          logger.info(`${file}: ${this.lastReport ? fileOutcome(this.lastReport, file) : 'citations checked again.'}`);
        }
        invalidate(server, RESOLVED_CITATIONS_ID);
      });
    };
    server.watcher.on('change', onChange);
    server.watcher.on('add', onChange);
  }
}

/** The id Vite gives `virtual:sizing-guide/citations` once resolved (see ./virtual-modules.ts). */
export const RESOLVED_CITATIONS_ID = '\0virtual:sizing-guide/citations';

function invalidate(server: ViteDevServer, id: string): void {
  for (const environment of Object.values(server.environments)) {
    const mod = environment.moduleGraph.getModuleById(id);
    if (mod) environment.moduleGraph.invalidateModule(mod);
  }
}

/**
 * Prints one warning per repository and ref for citations this build could not verify
 * (provisional, pending, or not readable now) instead of one per citation, then any other
 * warning as it is. The Evidence page lists every citation.
 */
function warnGrouped(report: VerificationReport, logger: AstroIntegrationLogger, strict: boolean): void {
  const groups = new Map<
    string,
    { provisional: number; checkedAt: Set<string>; pending: number; unverified: number }
  >();
  const grouped = new Set<string>();
  for (const r of report.citations) {
    if (r.status !== 'provisional' && r.status !== 'pending' && r.status !== 'unverified') continue;
    const { owner, repo, ref } = r.citation.ref;
    const key = `${owner}/${repo}@${ref}`;
    const g = groups.get(key) ?? { provisional: 0, checkedAt: new Set<string>(), pending: 0, unverified: 0 };
    if (r.status === 'provisional' && r.read)
      g.checkedAt.add(provisionalLabel({ repo: `${owner}/${repo}`, read: r.read }));
    g[r.status]++;
    groups.set(key, g);
    grouped.add(describeCitation(r.citation));
  }
  for (const [key, g] of groups) {
    const parts = [
      g.provisional
        ? `${g.provisional} provisional (this tag could not be read; the lines were checked at ${[...g.checkedAt].join(', ')} instead)`
        : '',
      g.pending
        ? `${g.pending} pending (no commit pinned yet: run \`npm run cite -- pin\` with network access or CITATION_MIRRORS)`
        : '',
      g.unverified
        ? `${g.unverified} pinned but not readable in this build (set CITATION_MIRRORS, or GITHUB_TOKEN to fetch)`
        : '',
    ].filter(Boolean);
    logger.warn(
      `${key}: ${parts.join('; ')}. Their pages say which state they are in${strict ? '' : '; CITATIONS_STRICT=1 makes this fail'}.`,
    );
  }
  for (const warning of report.warnings) {
    if (![...grouped].some((d) => warning.startsWith(d))) logger.warn(warning);
  }
}
