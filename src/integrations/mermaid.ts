import type { AstroIntegration } from 'astro';
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { findChromium } from '../lib/chromium.ts';
import { builtPageFile } from '../lib/page-check.ts';
import { findPendingDiagrams, renderedDiagramMarkup, spliceAll, type PendingDiagram } from '../lib/diagram-markup.ts';
import { MermaidRenderer } from './mermaid-renderer.ts';

/**
 * Decides where diagrams render and, for a build with a browser, renders them.
 *
 * - Build with Chromium (system or `CHROMIUM_PATH`): after Astro writes
 *   `dist/`, every pending diagram becomes inline SVG in a light and a dark
 *   variant; the page ships no Mermaid JavaScript.
 * - Dev server, no Chromium, or `DIAGRAMS=client`: the pending `<pre class="mermaid">`
 *   stays, and `MarkdownContent.astro` adds a loader that renders it in the
 *   reader's browser.
 *
 * A diagram that Mermaid cannot parse fails the build naming its MDX file and line.
 */
export function mermaidDiagrams(): AstroIntegration {
  let clientSide = true;
  let executablePath: string | undefined;
  return {
    name: 'sizing-guide:mermaid',
    hooks: {
      'astro:config:setup': ({ command, updateConfig, logger }) => {
        executablePath = findChromium();
        clientSide = command !== 'build' || process.env['DIAGRAMS'] === 'client' || !executablePath;
        if (command === 'build') {
          logger.info(
            clientSide
              ? 'Diagrams: no build-time browser (or DIAGRAMS=client); they render in the reader\u2019s browser.'
              : `Diagrams: rendering to inline SVG with ${executablePath}.`,
          );
        }
        updateConfig({ vite: { define: { __DIAGRAMS_CLIENT_SIDE__: JSON.stringify(clientSide) } } });
      },
      'astro:build:done': async ({ dir, pages, logger }) => {
        if (clientSide || !executablePath) return;
        const root = fileURLToPath(dir);
        const files = pages.map((p) => builtPageFile(root, p.pathname));
        const renderer = await MermaidRenderer.launch(executablePath);
        let count = 0;
        try {
          for (const file of files) {
            const html = await readFile(file, 'utf8').catch(() => undefined);
            if (html === undefined) continue;
            const diagrams = findPendingDiagrams(html);
            if (diagrams.length === 0) continue;
            const svgs = await renderBothThemes(renderer, diagrams);
            const edits = diagrams.map((d, i) => ({ start: d.start, end: d.end, text: renderedDiagramMarkup(d, svgs[i]![0], svgs[i]![1]) }));
            await writeFile(file, spliceAll(html, edits));
            count += diagrams.length;
          }
        } finally {
          await renderer.close();
        }
        logger.info(`Diagrams: rendered ${count} to inline SVG.`);
      },
    },
  };
}

/** Renders every diagram of one page in both themes, or throws naming file and line. */
async function renderBothThemes(renderer: MermaidRenderer, diagrams: PendingDiagram[]): Promise<[string, string][]> {
  const input = (suffix: string) => diagrams.map((d, i) => ({ id: `diagram-${i + 1}-${suffix}`, source: d.source }));
  const [light, dark] = await Promise.all([renderer.render(input('light'), 'default'), renderer.render(input('dark'), 'dark')]);
  return diagrams.map((d, i) => {
    const l = light[i];
    const k = dark[i];
    if (!l?.ok || !k?.ok || !l.svg || !k.svg) {
      const error = l?.error ?? k?.error ?? 'no SVG returned';
      // Mermaid counts lines from the first line inside the fence.
      const inner = /on line (\d+)/.exec(error)?.[1];
      const at = inner ? ` (Mermaid's line ${inner} is ${d.file}:${d.line + Number(inner)})` : '';
      throw new Error(
        `Diagram at ${d.file}:${d.line} failed to render${at}: ${error}\n` +
          'Fix the Mermaid source of that block (try it at https://mermaid.live), then build again.',
      );
    }
    return [l.svg, k.svg];
  });
}
