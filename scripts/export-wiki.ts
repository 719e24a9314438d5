/**
 * npm run export:wiki [-- --out DIR] [--diagrams=svg|mermaid] [--base-url URL] [--dist DIR] [--lang en|ja]
 *
 * Writes the built guide (dist/) as a Markdown wiki: one CommonMark + GFM file per page with front
 * matter, diagrams as SVG files beside the pages (or as Mermaid source), links between pages as
 * relative links. Reads only the build, the MDX (for Mermaid source and moved sections), the
 * citation lock and git; writes only inside --out. The transforms are in src/lib/wiki-export/.
 *
 * Exit status: 0 done, 1 the export failed (the message names the page), 2 a usage error or no build.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { MermaidFence } from '../src/lib/wiki-export/diagrams.ts';
import { checkOutFolder } from '../src/lib/wiki-export/out-folder.ts';
import { editionRoutes } from '../src/tooling/built-pages.ts';
import { TRANSLATIONS } from '../src/lib/i18n/locales.ts';
import { DIAGRAM_MODES, FLAVORS, flavorOf, type DiagramMode, type Flavor } from '../src/lib/wiki-export/flavors.ts';
import type { ExportedPage } from '../src/lib/wiki-export/page.ts';
import type { Browser } from 'playwright-core';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
/** Lists the files of the previous export, so that a new export removes exactly those. */
const MANIFEST = '.wiki-export.json';
const PLACEHOLDER_HOST = 'sizing-guide.example.org';

const USAGE = `Usage: npm run export:wiki -- [options]

  --flavor=mkdocs|github|gitlab
                         the wiki to write for (default mkdocs): its start page, page links,
                         navigation file, front matter and diagram images (see README)
  --out DIR              folder to write (default: wiki-export/ at the repository root, git-ignored)
  --diagrams=svg|mermaid SVG files beside each page (default), or mermaid code blocks for wikis
                         that render Mermaid (GitLab, GitHub, Azure DevOps)
  --base-url URL         the published site, for links back to it (default: the build's canonical URL)
  --lang en|ja           the edition to export (default en): ja writes the Japanese pages, and
                         Starlight's English fallback for each page not yet translated
  --format=markdown      the only format so far
  --dist DIR             the build to export (default: dist/)`;

class UsageError extends Error {}

function fail(message: string, code: number): never {
  console.error(message);
  process.exit(code);
}

function options() {
  let parsed;
  try {
    parsed = parseArgs({
      options: {
        out: { type: 'string', default: join(ROOT, 'wiki-export') },
        diagrams: { type: 'string', default: 'svg' },
        flavor: { type: 'string', default: 'mkdocs' },
        'base-url': { type: 'string' },
        format: { type: 'string', default: 'markdown' },
        lang: { type: 'string', default: 'en' },
        dist: { type: 'string', default: join(ROOT, 'dist') },
        help: { type: 'boolean', short: 'h', default: false },
      },
      strict: true,
      allowPositionals: false,
    }).values;
  } catch (error) {
    throw new UsageError(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
  }
  if (parsed.help) {
    console.log(USAGE);
    process.exit(0);
  }
  if (!(FLAVORS as readonly string[]).includes(parsed.flavor))
    throw new UsageError(`--flavor=${parsed.flavor}: use ${FLAVORS.join(', ')}.`);
  if (!(DIAGRAM_MODES as readonly string[]).includes(parsed.diagrams))
    throw new UsageError(`--diagrams=${parsed.diagrams}: use svg or mermaid.`);
  if (parsed.format === 'confluence') {
    throw new UsageError(
      "--format=confluence is not available yet: export Markdown (the default) and use your wiki's Markdown import.",
    );
  }
  if (parsed.format !== 'markdown') throw new UsageError(`--format=${parsed.format}: the only format is markdown.`);
  const locales = TRANSLATIONS.map((t) => t.locale);
  if (parsed.lang !== 'en' && !locales.includes(parsed.lang))
    throw new UsageError(`--lang=${parsed.lang}: use en${locales.map((l) => `, ${l}`).join('')}.`);
  let baseUrl: string | undefined;
  if (parsed['base-url'] !== undefined) {
    try {
      const url = new URL(parsed['base-url']);
      if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error('not http(s)');
      baseUrl = url.href.endsWith('/') ? url.href : `${url.href}/`;
    } catch {
      throw new UsageError(
        `--base-url ${parsed['base-url']} is not an http(s) URL: give the published site's address, e.g. https://docs.example.com/sizing/.`,
      );
    }
  }
  const out = checkOutFolder(parsed.out, ROOT, process.cwd());
  if ('error' in out) throw new UsageError(out.error);
  return {
    out: out.path,
    flavor: flavorOf(parsed.flavor),
    diagrams: parsed.diagrams as DiagramMode,
    baseUrl,
    dist: resolve(process.cwd(), parsed.dist),
    locale: parsed.lang === 'en' ? undefined : parsed.lang,
  };
}

/** The MDX file of a route, when the docs collection has one. */
function mdxOf(route: string): string | undefined {
  const stem = route === '' ? 'index' : route.slice(0, -1);
  return ['.mdx', '.md'].map((ext) => `content/docs/${stem}${ext}`).find((f) => existsSync(join(ROOT, f)));
}

/** Removes the files of the previous export; refuses a folder that holds anything else. */
function clearPrevious(out: string): void {
  if (!existsSync(out)) return;
  const manifest = join(out, MANIFEST);
  if (existsSync(manifest)) {
    const files = JSON.parse(readFileSync(manifest, 'utf8')) as { files?: unknown };
    if (!Array.isArray(files.files))
      fail(`${manifest} is not a wiki export manifest: delete it, or export into another folder.`, 2);
    for (const f of files.files as string[]) {
      const path = join(out, f);
      // Only names inside the folder: a hand-edited manifest must not delete anything else.
      if (!relative(out, path).startsWith('..')) rmSync(path, { force: true });
    }
    return;
  }
  // A fresh wiki checkout holds only dotfiles (.git): export into it, but never over someone's pages.
  const others = readdirSync(out).filter((n) => !n.startsWith('.'));
  if (others.length > 0) {
    fail(
      `${out} already holds files (${others.slice(0, 5).join(', ')}${others.length > 5 ? ', …' : ''}) and no ${MANIFEST} from an earlier export: give an empty folder, or remove them.`,
      2,
    );
  }
}

async function main(): Promise<void> {
  const opts = options();
  // A translation's edition is the build's folder of that locale, a site of its own below the base.
  const edition = opts.locale ? join(opts.dist, opts.locale) : opts.dist;
  const index = join(edition, 'index.html');
  if (!existsSync(index))
    fail(
      `No build at ${edition} (no index.html): run \`npm run build\` first, or pass --dist${opts.locale ? ' (or the build has no such edition)' : ''}.`,
      2,
    );
  // Loaded once the arguments hold, so that a usage mistake is answered at once.
  const [
    { readLock },
    { buildDate, formatGuideVersion, guideVersion, readGitCommit, repositoryUrlOf },
    { mermaidFences },
    { movedSectionsOf },
    { sidebarOf },
    { exportPage },
    { siteOfCanonical },
  ] = await Promise.all([
    import('../src/lib/citations/lock.ts'),
    import('../src/lib/guide-version.ts'),
    import('../src/lib/wiki-export/diagrams.ts'),
    import('../src/lib/wiki-export/moved.ts'),
    import('../src/lib/sidebar-order.ts'),
    import('../src/lib/wiki-export/page.ts'),
    import('../src/lib/wiki-export/routes.ts'),
  ]);

  // The English edition leaves out the translations' folders; a translation's leaves out its
  // not-found page, as the English one (the site's 404.html) is no route either.
  const routes = opts.locale
    ? editionRoutes(opts.dist, opts.locale)
        .map((r) => r.slice(opts.locale!.length + 1))
        .filter((r) => r !== '404/')
    : editionRoutes(opts.dist);
  const canonical = /<link rel="canonical" href="([^"]+)"/.exec(readFileSync(index, 'utf8'))?.[1];
  if (!canonical) fail(`${index} has no <link rel="canonical">: rebuild the site with \`npm run build\`.`, 2);
  const site = siteOfCanonical(canonical);
  const baseUrl = opts.baseUrl ?? `${site.origin}${site.base}`;

  const moved: Record<string, Record<string, string>> = {};
  const mdxText = new Map<string, string>();
  const readMdx = (file: string): string => {
    if (!mdxText.has(file)) mdxText.set(file, readFileSync(join(ROOT, file), 'utf8'));
    return mdxText.get(file)!;
  };
  for (const route of routes) {
    const file = mdxOf(route);
    if (file) moved[route] = movedSectionsOf(readMdx(file), file);
  }
  const fences = new Map<string, MermaidFence[]>();
  const fencesOf = (file: string): MermaidFence[] => {
    if (!fences.has(file)) {
      if (!existsSync(join(ROOT, file)))
        throw new Error(`The build names ${file} as a diagram's source, which does not exist: run \`npm run build\`.`);
      fences.set(file, mermaidFences(readMdx(file), file));
    }
    return fences.get(file)!;
  };

  // The build date is when dist/ was written, so the same build always exports the same bytes.
  const builtAt = statSync(index).mtime;
  const newer = readdirSync(join(ROOT, 'content/docs')).filter(
    (f) => statSync(join(ROOT, 'content/docs', f)).mtime > builtAt,
  );
  if (newer.length > 0)
    console.warn(
      `warning: ${newer.join(', ')} changed after ${opts.dist} was built; run \`npm run build\` to export the current text.`,
    );
  const version = guideVersion({
    commit: readGitCommit(ROOT),
    date: buildDate(process.env['SOURCE_DATE_EPOCH'], builtAt),
    lockEntries: (await readLock(ROOT)).entries.values(),
    repositoryUrl: repositoryUrlOf(JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'))),
  });

  const pages: ExportedPage[] = [];
  for (const route of routes) {
    const html = readFileSync(join(edition, route, 'index.html'), 'utf8');
    pages.push(
      exportPage(route, html, {
        flavor: opts.flavor,
        diagrams: opts.diagrams,
        site: {
          base: site.base,
          routes: new Set(routes),
          moved,
          baseUrl,
          pageLink: opts.flavor.pageLink,
          ...(opts.locale ? { englishBase: site.base.slice(0, -(opts.locale.length + 1)) } : {}),
        },
        version,
        fencesOf,
      }),
    );
  }

  const routeOfHref = (href: string): string | undefined => {
    const path = new URL(href, `${site.origin}${site.base}`).pathname;
    const route = path.startsWith(site.base) ? path.slice(site.base.length) : undefined;
    return route !== undefined && routes.includes(route) ? route : undefined;
  };
  const navigation = opts.flavor.navigation(sidebarOf(readFileSync(index, 'utf8'), routeOfHref));
  const files: { file: string; content: string | Buffer }[] = [];
  for (const p of pages) files.push({ file: p.file, content: p.markdown }, ...(await imagesOf(p, opts.flavor)));
  files.push(navigation);

  clearPrevious(opts.out);
  const written: string[] = [];
  for (const { file, content } of files) {
    mkdirSync(dirname(join(opts.out, file)), { recursive: true });
    writeFileSync(join(opts.out, file), content);
    written.push(file);
  }
  written.sort();
  writeFileSync(join(opts.out, MANIFEST), `${JSON.stringify({ files: written }, null, 2)}\n`);

  const sum = (k: keyof ExportedPage['counts']): number => pages.reduce((n, p) => n + p.counts[k], 0);
  console.log(
    `Exported ${pages.length} pages to ${opts.out} for ${opts.flavor.name} (${formatGuideVersion(version)}):`,
  );
  console.log(
    `  ${sum('diagrams')} diagrams (${opts.diagrams}), ${sum('excerpts')} excerpts, ${sum('calculators')} calculators.`,
  );
  console.log(
    `  Links back to the site and the live calculators go to ${baseUrl}${opts.baseUrl ? '' : " (the build's canonical URL; --base-url to change)"}.`,
  );
  if (!opts.baseUrl && new URL(baseUrl).hostname === PLACEHOLDER_HOST) {
    console.warn(
      `warning: ${PLACEHOLDER_HOST} is the placeholder SITE_URL: build with SITE_URL set, or pass --base-url with the published address.`,
    );
  }
  const siteLinks = [...new Set(pages.flatMap((p) => p.siteLinks))].sort();
  if (siteLinks.length > 0)
    console.log(
      `  ${siteLinks.length} link(s) to site files that are not pages, made absolute:\n${siteLinks.map((l) => `    ${l}`).join('\n')}`,
    );
}

let browser: Browser | undefined;

/** A page's assets to write; diagrams the flavour wants as PNG are rendered by Chromium. */
async function imagesOf(page: ExportedPage, flavor: Flavor): Promise<{ file: string; content: string | Buffer }[]> {
  const png = page.assets.filter((a) => a.render === 'png');
  if (png.length === 0) return page.assets;
  // Playwright is loaded only for the flavours that draw PNGs.
  const [{ findChromium }, { launchBrowser }, { svgsToPng }] = await Promise.all([
    import('../src/lib/chromium.ts'),
    import('../src/tooling/browser.ts'),
    import('../src/tooling/svg-to-png.ts'),
  ]);
  if (!browser) {
    const executablePath = findChromium();
    if (!executablePath)
      throw new UsageError(
        `--flavor=${flavor.name} draws diagrams as PNG with Chromium, which is not installed (apt-get install -y chromium, or set CHROMIUM_PATH); or export with --diagrams=mermaid.`,
      );
    browser = await launchBrowser(executablePath);
  }
  const images = await svgsToPng(
    browser,
    png.map((a) => a.content),
  );
  return page.assets.map((a) => (a.render === 'png' ? { file: a.file, content: images[png.indexOf(a)]! } : a));
}

main()
  .finally(() => browser?.close())
  .catch((error: unknown) => {
    if (error instanceof UsageError) fail(error.message, 2);
    fail(`export:wiki failed: ${error instanceof Error ? error.message : String(error)}`, 1);
  });
