import type { AstroIntegrationLogger } from 'astro';
import { AstroError } from 'astro/errors';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse as parseHtml } from 'node-html-parser';
import { listMdxFiles } from '../lib/citations/extract.ts';
import { MdxSyntaxError, scanMdx, type MdxScan } from '../lib/mdx-scan.ts';
import { readLock } from '../lib/citations/lock.ts';
import { pagePathOf, type CitationRenderData } from '../lib/citations/render-data.ts';
import semver from 'semver';
import {
  buildDate,
  formatGuideVersion,
  GUIDE_REPOS,
  guideVersion,
  readGitCommit,
  repositoryUrlOf,
  repositoryWebUrl,
  type GuideVersion,
} from '../lib/guide-version.ts';
import { forwardingPage, pageRenames, type PageRename } from '../lib/moved-pages.ts';
import { lastUpdated, lastUpdatedOfInputs, type BuildDateReason, type LastUpdatedSource } from '../lib/page-history.ts';
import { pageInputs } from '../lib/page-inputs.ts';
import { contentHash } from '../lib/content-hash.ts';
import { manifestGuide, pageCitationCounts, siteManifest, type ManifestPage } from '../lib/site-manifest.ts';
import { builtPageFile } from '../lib/page-check.ts';
import { englishFileOf, translationOfFile } from '../lib/i18n/locales.ts';
import { describeOutOfDate, translationStatus, type TranslationStatus } from '../lib/i18n/translation.ts';

/** What `virtual:sizing-guide/guide` exports: which guide this build is, for the footer and print. */
export interface GuideData {
  version: GuideVersion;
  /** Appended to every citation a reader copies, e.g. "guide commit 3bb2ecb, built 2026-12-01; Kubernetes v1.37.0, etcd v3.7.0". */
  citationSuffix: string;
  /** MDX file (relative to the root) → when it last changed; ISO 8601 dates. */
  /** Per MDX file: the newest change among the page's inputs, and the input (path) it was. */
  history: Record<string, { date: string; source: LastUpdatedSource; input: string; reason?: BuildDateReason }>;
  /** Every translated page and whether it still matches its English page. */
  translations: TranslationStatus[];
  /** The guide's own repository on the web (`https://github.com/o/r`), when one is configured. */
  repository?: string;
}

/**
 * A page's last change as the manifest gives it. The manifest names no repository file (a test keeps
 * Vite's manifest from leaking into it), so the input that changed is told by its kind.
 */
function manifestLastUpdated(h: GuideData['history'][string], page: string): ManifestPage['lastUpdated'] {
  const { input, ...rest } = h;
  const changed = input === page ? 'page' : input.startsWith('content/lab-results/') ? 'lab result' : 'model';
  return { ...rest, changed };
}

/** Which page a built path is, as far as the content knows. */
interface PageSource {
  file: string;
  path: string;
  renamedFrom?: string[];
}

/** An MDX file's frontmatter, or undefined when the MDX does not parse (Astro reports that with its place). */
function frontmatterOf(file: string, text: string): Record<string, unknown> | undefined {
  let scan: MdxScan;
  try {
    scan = scanMdx(text);
  } catch (e) {
    if (e instanceof MdxSyntaxError) return undefined;
    throw e;
  }
  if (scan.frontmatterError)
    throw new AstroError(`${file}: its frontmatter is not valid YAML: ${scan.frontmatterError}`);
  return scan.frontmatter;
}

/** The `renamedFrom` list of an MDX file's frontmatter (a list of old paths), if it has one. */
function renamedFromOf(file: string, frontmatter: Record<string, unknown> | undefined): string[] | undefined {
  const value: unknown = frontmatter?.['renamedFrom'];
  if (value === undefined) return undefined;
  if (!Array.isArray(value) || !value.every((v) => typeof v === 'string')) {
    throw new AstroError(
      `${file}: renamedFrom must be a list of old page paths.`,
      'Write it as renamedFrom: ["/old-slug/"], one entry per path the page had before.',
    );
  }
  return value;
}

/** A translated page's standing against the English file it translates (src/lib/i18n/translation.ts). */
async function statusOf(root: string, file: string, frontmatter: Record<string, unknown> | undefined) {
  const englishFile = englishFileOf(file);
  const english = await readFile(join(root, englishFile)).catch(() => undefined);
  if (!english)
    throw new AstroError(
      `${file} is a translation of ${englishFile}, which does not exist.`,
      'Give the translated file the name of the English page it translates, or remove it.',
    );
  return translationStatus(file, frontmatter?.['translation'], english);
}

/**
 * Out-of-date translations are a warning, so English work is never blocked by them; with
 * `TRANSLATIONS_STRICT=1` (a release build) they fail the build.
 * @throws AstroError in strict mode when a translation is stale or unstamped.
 */
function checkTranslations(
  statuses: readonly TranslationStatus[],
  env: NodeJS.ProcessEnv,
  logger: AstroIntegrationLogger,
): void {
  const lines = describeOutOfDate(statuses);
  if (lines.length === 0) return;
  if (env['TRANSLATIONS_STRICT'] === '1')
    throw new AstroError(
      `${lines.length} translation(s) are out of date with their English page:\n${lines.join('\n')}`,
      'Update each translation and stamp it, or build without TRANSLATIONS_STRICT=1 (the pages then show a notice).',
    );
  logger.warn(`${lines.length} translation(s) are out of date; their pages say so:\n${lines.join('\n')}`);
}

/**
 * The guide's own version, page history, manifest and renamed pages.
 *
 * - At config time: the guide's commit and build date (src/lib/guide-version.ts), each page's
 *   last change (src/lib/page-history.ts), and the `renamedFrom` lists of the pages'
 *   frontmatter, checked (src/lib/moved-pages.ts). The first two reach the footer through
 *   `virtual:sizing-guide/guide`.
 * - After the build: `/manifest.json` (src/lib/site-manifest.ts) and a forwarding page at every
 *   renamed page's old path.
 */
export class GuideStep {
  readonly data: GuideData;
  private readonly root: string;
  private readonly sources: PageSource[];
  private readonly renames: PageRename[];

  /**
   * @param options.root - project root, absolute.
   * @param options.base - the site's base (`'/'` or `/wiki/sizing`).
   * @throws AstroError when the lock cannot be read, `SOURCE_DATE_EPOCH` is malformed, a repository
   *   URL is not a web address, or a `renamedFrom` entry is malformed or collides with a page.
   */
  static async create(options: {
    root: string;
    base: string;
    logger: AstroIntegrationLogger;
    env?: NodeJS.ProcessEnv;
  }): Promise<GuideStep> {
    const env = options.env ?? process.env;
    const { root } = options;
    const now = new Date();
    try {
      const lock = await readLock(root);
      const pkg: unknown = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
      const entries = [...lock.entries.values()];
      // A lock that cites a repository at no release tag (a fixture site's) cannot name its version.
      const repos = GUIDE_REPOS.map((r) => r.repo).filter((repo) =>
        entries.some((e) => e.repo === repo && semver.valid(e.ref) && !semver.prerelease(e.ref)),
      );
      const missing = GUIDE_REPOS.filter((r) => !repos.includes(r.repo)).map((r) => r.repo);
      if (missing.length > 0)
        options.logger.warn(
          `No citation of ${missing.join(' or ')} at a release tag: the footer and manifest name no version for it.`,
        );
      const repositoryUrl = env['SITE_REPOSITORY'] || repositoryUrlOf(pkg);
      const repository = repositoryWebUrl(repositoryUrl);
      const version = guideVersion({
        commit: readGitCommit(root),
        date: buildDate(env['SOURCE_DATE_EPOCH'], now),
        lockEntries: entries,
        repos,
        repositoryUrl,
      });
      const files = (await listMdxFiles(root)).filter((f) => f.startsWith('content/docs/'));
      // A page changes when its MDX does, and when the model modules or lab results it draws do.
      const inputs = await pageInputs(root, files);
      const dates = lastUpdated(root, [...new Set([...inputs.values()].flat())], new Date(`${version.date}T00:00:00Z`));
      const history: GuideData['history'] = {};
      for (const [file, own] of inputs) {
        const h = lastUpdatedOfInputs(dates, own);
        history[file] = {
          date: h.date.toISOString(),
          source: h.source,
          input: h.input,
          ...(h.reason ? { reason: h.reason } : {}),
        };
      }
      const sources: PageSource[] = [];
      const translations: TranslationStatus[] = [];
      for (const file of files) {
        const frontmatter = frontmatterOf(file, await readFile(join(root, file), 'utf8'));
        const renamedFrom = renamedFromOf(file, frontmatter);
        sources.push({ file, path: pagePathOf(file), ...(renamedFrom ? { renamedFrom } : {}) });
        if (translationOfFile(file)) translations.push(await statusOf(root, file, frontmatter));
      }
      checkTranslations(translations, env, options.logger);
      const renames = pageRenames(sources, options.base);
      return new GuideStep(
        root,
        {
          version,
          citationSuffix: `guide ${formatGuideVersion(version)}`,
          history,
          translations,
          ...(repository ? { repository } : {}),
        },
        sources,
        renames,
      );
    } catch (error) {
      if (error instanceof AstroError) throw error;
      throw new AstroError(
        `Could not prepare the guide's version, page history or renamed pages: ${(error as Error).message}`,
        'Fix what the message names (the lock, SOURCE_DATE_EPOCH, SITE_REPOSITORY or a renamedFrom list), then build again.',
      );
    }
  }

  private constructor(root: string, data: GuideData, sources: PageSource[], renames: PageRename[]) {
    this.root = root;
    this.data = data;
    this.sources = sources;
    this.renames = renames;
  }

  /**
   * Writes `/manifest.json` and the renamed pages' forwarding pages into the build directory.
   *
   * @param built - every built page (path as Astro gives it, without base: `etcd-writes/`) and its final HTML.
   * @param site - the site's absolute root URL, base included, ending in `/`.
   * @throws AstroError when an old path of a renamed page was built as a page of its own.
   */
  async writeOutputs(options: {
    dir: URL;
    site: string;
    built: readonly { pathname: string; html: string }[];
    citations: CitationRenderData;
    logger: AstroIntegrationLogger;
  }): Promise<void> {
    const root = fileURLToPath(options.dir);
    const byPath = new Map(this.sources.map((s) => [s.path, s]));
    const pages: ManifestPage[] = [];
    for (const { pathname, html } of options.built) {
      const path = pathname === '' ? '/' : `/${pathname.replace(/\/?$/, '/')}`;
      const source = byPath.get(path);
      if (!source) continue; // Starlight's own 404 and anything that is not a chapter
      const doc = parseHtml(html);
      const { citations, counts } = pageCitationCounts(options.citations, source);
      const history = this.data.history[source.file];
      pages.push({
        url: new URL(path.slice(1), options.site).href,
        title:
          doc.querySelector('h1#_top')?.textContent.trim() ?? doc.querySelector('title')?.textContent.trim() ?? path,
        contentHash: contentHash(html, new URL(options.site).pathname),
        lastUpdated: history
          ? manifestLastUpdated(history, source.file)
          : { date: `${this.data.version.date}T00:00:00.000Z`, source: 'build', reason: 'no-history' },
        citations: citations.map((c) => ({ key: c.key, status: c.status })),
        counts,
      });
    }
    const lock = await readFile(join(this.root, 'citations.lock.json')).catch(() => undefined);
    const lockHash = lock ? createHash('sha256').update(lock).digest('hex') : null;
    const guide = manifestGuide(this.data.version, options.citations);
    const manifest = siteManifest({ url: options.site, guide, lockHash }, pages);
    await writeFile(join(root, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);

    const builtPaths = new Set(options.built.map((b) => b.pathname));
    const base = new URL(options.site).pathname;
    for (const rename of this.renames) {
      const own = rename.from.slice(base.length).replace(/^\//, '');
      if (builtPaths.has(own)) {
        throw new AstroError(
          `${rename.from} is listed in renamedFrom of ${rename.to}, but a page is built there.`,
          'Remove the entry, or the page that now has that path.',
        );
      }
      const file = builtPageFile(root, own);
      await mkdir(dirname(file), { recursive: true });
      await writeFile(file, forwardingPage(rename, options.site));
    }
    options.logger.info(
      `Manifest: ${pages.length} pages in /manifest.json; ${this.renames.length} renamed page(s) forward to their new path.`,
    );
  }
}
