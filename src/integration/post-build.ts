import type { AstroIntegrationLogger } from 'astro';
import { AstroError } from 'astro/errors';
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { findPendingDiagrams, renderedDiagramMarkup, spliceAll } from '../lib/diagram-markup.ts';
import { builtPageFile, checkBuiltPage } from '../lib/page-check.ts';
import type { DiagramStep } from './diagrams.ts';

/** What `astro:build:done` hands the pass. */
export interface PostBuildInput {
  dir: URL;
  pages: readonly { pathname: string }[];
  diagrams: DiagramStep;
  logger: AstroIntegrationLogger;
}

/**
 * The one pass over `dist/` after Astro wrote it: each built page is read once; when diagrams
 * render at build time its pending diagrams become inline SVG (all pages' diagrams in one
 * renderer call) and the page is written back; then every page but the 404 is checked
 * (src/lib/page-check.ts): its prose survived and each diagram is SVG or the readable fallback.
 *
 * @returns every built page with its final HTML.
 * @throws AstroError for a diagram Mermaid cannot render (from {@link DiagramStep.svgsFor}) or a
 *   page that fails the check, listing each page and problem.
 */
export async function postBuildPass({
  dir,
  pages,
  diagrams,
  logger,
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
  return built;
}
