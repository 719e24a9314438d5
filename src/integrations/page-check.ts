import type { AstroIntegration } from 'astro';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { builtPageFile, checkBuiltPage } from '../lib/page-check.ts';

/**
 * Fails the build when a built page lost its prose or holds a diagram that
 * is neither SVG nor fallback. Runs after the diagram step, so list it after
 * `mermaidDiagrams()` in the integrations array.
 */
export function pageCheck(): AstroIntegration {
  return {
    name: 'sizing-guide:page-check',
    hooks: {
      'astro:build:done': async ({ dir, pages, logger }) => {
        const root = fileURLToPath(dir);
        const failures: string[] = [];
        let svg = 0;
        let fallback = 0;
        for (const { pathname } of pages) {
          if (pathname === '404/' || pathname === '404') continue;
          const file = builtPageFile(root, pathname);
          const html = await readFile(file, 'utf8').catch(() => undefined);
          if (html === undefined) continue;
          const report = checkBuiltPage(html);
          svg += report.svgDiagrams;
          fallback += report.fallbackDiagrams;
          for (const problem of report.problems) failures.push(`/${pathname}: ${problem}`);
        }
        if (failures.length > 0) {
          throw new Error(`Post-build page check failed:\n  ${failures.join('\n  ')}`);
        }
        logger.info(`Pages keep their prose; diagrams: ${svg} inline SVG, ${fallback} rendered in the browser.`);
      },
    },
  };
}
