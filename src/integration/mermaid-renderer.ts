import { chromium, type Browser, type Page } from 'playwright-core';
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { CHROMIUM_ARGS } from '../lib/chromium.ts';

const require = createRequire(import.meta.url);

/** Mermaid's two themes the site uses; CSS picks one by Starlight's `data-theme`. */
export type DiagramTheme = 'default' | 'dark';

/**
 * Every Mermaid setting the build renders with, except the theme. Part of the diagram cache key
 * (./diagram-cache.ts): changing a setting here re-renders every diagram.
 */
export const MERMAID_SETTINGS = {
  startOnLoad: false,
  securityLevel: 'strict',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Liberation Sans", Arial, sans-serif',
  flowchart: { htmlLabels: false },
  themeVariables: { fontSize: '16px' },
  // Narrow actor boxes and gaps: a sequence diagram is scaled to the prose column, so every
  // pixel of width saved here is larger text on the page.
  sequence: {
    actorFontSize: 15,
    messageFontSize: 15,
    noteFontSize: 14,
    width: 110,
    actorMargin: 16,
    diagramMarginX: 4,
    mirrorActors: false,
  },
} as const;

/** The installed `mermaid` package's version (from its package.json); part of the cache key. */
export const MERMAID_VERSION: string = (
  JSON.parse(readFileSync(require.resolve('mermaid/package.json'), 'utf8')) as { version: string }
).version;

/** One diagram to render: `id` must be unique among the diagrams of one call. */
export interface DiagramJob {
  id: string;
  source: string;
  theme: DiagramTheme;
}

/** The outcome of one {@link DiagramJob}: SVG markup, or Mermaid's error message. */
export type DiagramResult = { ok: true; svg: string } | { ok: false; error: string };

/**
 * Renders Mermaid diagrams to SVG with the real `mermaid` package inside headless Chromium
 * (Mermaid needs a DOM to measure text). One browser, one page, Mermaid loaded once: every
 * diagram of the build goes through the same session.
 */
export class MermaidRenderer {
  private readonly browser: Browser;
  private readonly page: Page;

  private constructor(browser: Browser, page: Page) {
    this.browser = browser;
    this.page = page;
  }

  /**
   * Launches Chromium and loads Mermaid into a blank page; call {@link close} when done.
   * @param executablePath - path from `findChromium()`.
   * @throws playwright's error when the browser does not start.
   */
  static async launch(executablePath: string): Promise<MermaidRenderer> {
    const browser = await chromium.launch({ executablePath, headless: true, args: CHROMIUM_ARGS });
    try {
      const page = await browser.newPage();
      await page.setContent('<!doctype html><html><body></body></html>');
      await page.addScriptTag({ path: require.resolve('mermaid/dist/mermaid.min.js') });
      return new MermaidRenderer(browser, page);
    } catch (error) {
      await browser.close();
      throw error;
    }
  }

  /**
   * Renders each job with its theme. Mermaid scopes its CSS and accessible title/description
   * by id, so ids must be unique on the page the SVG ends up in.
   *
   * @returns one result per job, in order; a failure does not stop the rest.
   */
  async render(jobs: readonly DiagramJob[]): Promise<DiagramResult[]> {
    return this.page.evaluate(
      async ({ jobs, settings }) => {
        const mermaid = (globalThis as unknown as { mermaid: MermaidApi }).mermaid;
        const results: DiagramResult[] = [];
        let current: string | undefined;
        for (const job of jobs) {
          if (job.theme !== current) {
            mermaid.initialize({ ...settings, theme: job.theme });
            current = job.theme;
          }
          try {
            const { svg } = await mermaid.render(job.id, job.source);
            results.push({ ok: true, svg });
          } catch (error) {
            results.push({ ok: false, error: error instanceof Error ? error.message : String(error) });
          }
        }
        return results;
      },
      { jobs: [...jobs], settings: MERMAID_SETTINGS },
    );
  }

  /** Closes the page and the browser process. */
  async close(): Promise<void> {
    await this.browser.close();
  }
}

interface MermaidApi {
  initialize(config: Record<string, unknown>): void;
  render(id: string, text: string): Promise<{ svg: string }>;
}
