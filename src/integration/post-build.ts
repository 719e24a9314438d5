import type { AstroIntegrationLogger } from 'astro';
import { AstroError } from 'astro/errors';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  auditJsonLinks,
  auditPageLinks,
  auditScriptLinks,
  auditTextLinks,
  type LinkProblem,
} from '../lib/citations/link-audit.ts';
import { findPendingDiagrams, renderedDiagramMarkup, spliceAll } from '../lib/diagram-markup.ts';
import { builtPageFile, checkBuiltPage } from '../lib/page-check.ts';
import type { DiagramStep } from './diagrams.ts';

/** What `astro:build:done` hands the pass. */
export interface PostBuildInput {
  dir: URL;
  pages: readonly { pathname: string }[];
  diagrams: DiagramStep;
  logger: AstroIntegrationLogger;
  /** The only links into source repositories a page or script may hold: the lock's permalinks. */
  allowedLinks: ReadonlyMap<string, unknown>;
  /** The guide's own repository (`https://github.com/o/r`): its edit and commit links are not upstream. */
  ownRepository?: string | undefined;
}

/**
 * The one pass over `dist/` after Astro wrote it: each built page is read once; when diagrams
 * render at build time its pending diagrams become inline SVG (all pages' diagrams in one
 * renderer call) and the page is written back; then every page but the 404 is checked
 * (src/lib/page-check.ts): its prose survived and each diagram is SVG or the readable fallback;
 * last, every page and script is audited for links into source repositories (see
 * {@link auditBuiltLinks}).
 *
 * @returns every built page with its final HTML.
 * @throws AstroError for a diagram Mermaid cannot render (from {@link DiagramStep.svgsFor}), a
 *   page that fails the check, or a link upstream that is not a lock permalink, listing each one.
 */
export async function postBuildPass({
  dir,
  pages,
  diagrams,
  logger,
  allowedLinks,
  ownRepository,
}: PostBuildInput): Promise<{ pathname: string; html: string }[]> {
  const root = fileURLToPath(dir);
  const built = (
    await Promise.all(
      pages.map(async ({ pathname }) => {
        const file = builtPageFile(root, pathname);
        const html = await readFile(file, 'utf8').catch(() => undefined);
        return html === undefined ? [] : [{ pathname, file, html }];
      }),
    )
  ).flat();

  if (!diagrams.clientSide) {
    const pending = built.map((page) => findPendingDiagrams(page.html));
    const svgs = await diagrams.svgsFor(pending.flat());
    let next = 0;
    await Promise.all(
      built.map(async (page, i) => {
        const found = pending[i] ?? [];
        if (found.length === 0) return;
        const edits = found.map((d) => {
          const { light, dark } = svgs[next++]!;
          return { start: d.start, end: d.end, text: renderedDiagramMarkup(d, light, dark) };
        });
        page.html = spliceAll(page.html, edits);
        await writeFile(page.file, page.html);
      }),
    );
    const { cached, rendered, chromiumStarted } = diagrams.figures();
    logger.info(
      `Diagrams: ${pending.flat().length} to inline SVG; ${cached} distinct from the cache, ${rendered} rendered ` +
        `(Chromium ${chromiumStarted ? 'started' : 'not started'}).`,
    );
  }

  const failures: string[] = [];
  let svg = 0;
  let fallback = 0;
  for (const { pathname, html } of built) {
    if (pathname === '404/' || pathname === '404') continue;
    const report = checkBuiltPage(html);
    svg += report.svgDiagrams;
    fallback += report.fallbackDiagrams;
    for (const problem of report.problems) failures.push(`/${pathname}: ${problem}`);
  }
  if (failures.length > 0) {
    throw new AstroError(
      `Post-build page check failed:\n  ${failures.join('\n  ')}`,
      'A page lost its prose or a diagram is neither SVG nor the Mermaid fallback: check the MDX of each page listed, and the diagram step above.',
    );
  }
  logger.info(`Pages keep their prose; diagrams: ${svg} inline SVG, ${fallback} rendered in the browser.`);
  await auditBuiltLinks(root, built, allowedLinks, ownRepository);
  return built;
}

/**
 * Fails the build on any link into a source repository, in any page's attributes or strings or in
 * any bundled script or popover data file, that is not character for character a lock entry's permalink: links are
 * parsed as a browser parses them (src/lib/citations/link-audit.ts), so a disguised spelling fails
 * as surely as a plain one.
 *
 * @param root - the build's output directory.
 * @param ownRepository - the guide's own repository (`https://github.com/o/r`): links into it (the
 *   edit link, the guide's commit) are not upstream and are left alone.
 * @throws AstroError naming each page or script, the link as written and what a browser opens.
 */
export async function auditBuiltLinks(
  root: string,
  built: readonly { pathname: string; html: string }[],
  allowed: ReadonlyMap<string, unknown>,
  ownRepository?: string,
): Promise<void> {
  const found: string[] = [];
  const own = ownRepository ? `${new URL(ownRepository).href.replace(/\/$/, '')}/`.toLowerCase() : undefined;
  const note = (where: string, problems: readonly LinkProblem[]) => {
    for (const p of problems)
      if (!own || !p.opens.toLowerCase().startsWith(own))
        found.push(`${where} (${p.where}): ${JSON.stringify(p.raw)} opens ${p.opens}`);
  };
  // An attribute's value is also one of the page's quoted strings, and any link is in its text:
  // report each link once, as the most precise check found it.
  const once = (...lists: readonly LinkProblem[][]): LinkProblem[] => {
    const raw = new Set<string>();
    const opens = new Set<string>();
    return lists.flat().filter((p) => {
      const fresh = !raw.has(p.raw) && !opens.has(p.opens);
      raw.add(p.raw);
      opens.add(p.opens);
      return fresh;
    });
  };
  for (const { pathname, html } of built)
    note(`/${pathname}`, once(auditPageLinks(html, allowed), auditScriptLinks(html, allowed)));
  // Bundled scripts, and the JSON the citation popovers are drawn from (src/integration/popovers-route.ts).
  for (const [dir, ext] of [
    ['_astro', '.js'],
    ['_astro', '.css'],
    ['popovers', '.json'],
  ] as const) {
    const files = (await readdir(join(root, dir)).catch(() => [] as string[])).filter((f) => f.endsWith(ext));
    for (const f of files) {
      const text = await readFile(join(root, dir, f), 'utf8');
      note(
        `${dir}/${f}`,
        ext === '.json'
          ? auditJsonLinks(text, allowed)
          : once(auditScriptLinks(text, allowed), auditTextLinks(text, allowed)),
      );
    }
  }
  const unique = [...new Set(found)];
  if (unique.length > 0) {
    throw new AstroError(
      `Links into source repositories that are not citations:\n  ${unique.join('\n  ')}`,
      'Cite upstream lines with <Cite>, <Excerpt> or <Value> (or a ref in src/lib/model/sources.ts) and pin them with `npm run cite -- pin`; never write a link to upstream files by hand.',
    );
  }
}
