import { chromium, type Browser } from 'playwright-core';
import { createRequire } from 'node:module';
import { CHROMIUM_ARGS } from '../lib/chromium.ts';

const require = createRequire(import.meta.url);

export type DiagramTheme = 'default' | 'dark';

export interface DiagramResult {
  ok: boolean;
  /** The SVG markup when `ok`. */
  svg?: string;
  /** Mermaid's error message when not `ok`. */
  error?: string;
}

/**
 * Renders Mermaid diagrams to SVG with the real `mermaid` package inside
 * headless Chromium (Mermaid needs a DOM to measure text).
 */
export class MermaidRenderer {
  private readonly browser: Browser;

  private constructor(browser: Browser) {
    this.browser = browser;
  }

  /**
   * Launches Chromium once; call {@link close} when done.
   * @param executablePath - path from `findChromium()`.
   */
  static async launch(executablePath: string): Promise<MermaidRenderer> {
    const browser = await chromium.launch({ executablePath, headless: true, args: CHROMIUM_ARGS });
    return new MermaidRenderer(browser);
  }

  /**
   * Renders each source with one theme. Ids must be unique within a page,
   * since Mermaid scopes its CSS and accessible title/description by id.
   *
   * @returns one result per input, in order; a failure does not stop the rest.
   */
  async render(diagrams: { id: string; source: string }[], theme: DiagramTheme): Promise<DiagramResult[]> {
    const page = await this.browser.newPage();
    try {
      await page.setContent('<!doctype html><html><body></body></html>');
      await page.addScriptTag({ path: require.resolve('mermaid/dist/mermaid.min.js') });
      return await page.evaluate(
        async ({ diagrams, theme }) => {
          const mermaid = (globalThis as unknown as { mermaid: MermaidApi }).mermaid;
          mermaid.initialize({
            startOnLoad: false,
            theme,
            securityLevel: 'strict',
            fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Liberation Sans", Arial, sans-serif',
            flowchart: { htmlLabels: false },
            themeVariables: { fontSize: '16px' },
            // Narrow actor boxes and gaps: a sequence diagram is scaled to the prose column, so every
            // pixel of width saved here is larger text on the page.
            sequence: { actorFontSize: 15, messageFontSize: 15, noteFontSize: 14, width: 110, actorMargin: 16, diagramMarginX: 4, mirrorActors: false },
          });
          const results = [];
          for (const diagram of diagrams) {
            try {
              const { svg } = await mermaid.render(diagram.id, diagram.source);
              results.push({ ok: true, svg });
            } catch (error) {
              results.push({ ok: false, error: error instanceof Error ? error.message : String(error) });
            }
          }
          return results;
        },
        { diagrams, theme },
      );
    } finally {
      await page.close();
    }
  }

  async close(): Promise<void> {
    await this.browser.close();
  }
}

interface MermaidApi {
  initialize(config: Record<string, unknown>): void;
  render(id: string, text: string): Promise<{ svg: string }>;
}
