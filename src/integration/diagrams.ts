import type { AstroIntegrationLogger } from 'astro';
import { AstroError } from 'astro/errors';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { findChromium } from '../lib/chromium.ts';
import { listMdxFiles } from '../lib/citations/extract.ts';
import type { PendingDiagram } from '../lib/diagram-markup.ts';
import { MdxSyntaxError, scanMdx } from '../lib/mdx-scan.ts';
import { DIAGRAM_CACHE_DIR, DiagramCache, diagramKey, type DiagramSvgs } from './diagram-cache.ts';
import { MermaidRenderer, type DiagramJob, type DiagramResult } from './mermaid-renderer.ts';

/** What the diagram step needs from the integration. */
export interface DiagramStepOptions {
  command: 'dev' | 'build' | 'preview' | 'sync';
  /** Project root, absolute. */
  root: string;
  logger: AstroIntegrationLogger;
  env?: NodeJS.ProcessEnv;
}

/** Figures of one build's diagrams, for the log. */
export interface DiagramTally {
  /** Distinct diagram sources whose SVG came from `.cache/diagrams/`. */
  cached: number;
  /** Distinct diagram sources rendered in Chromium by this build. */
  rendered: number;
  /** Whether this build started Chromium at all. */
  chromiumStarted: boolean;
}

/**
 * Decides where diagrams render and, in a build with a browser, renders them.
 *
 * - Build with Chromium (system or `CHROMIUM_PATH`): every pending diagram becomes inline SVG in a
 *   light and a dark variant, from `.cache/diagrams/` when its source, the mermaid version and
 *   the settings are unchanged (./diagram-cache.ts), else rendered in Chromium. The step reads the
 *   MDX when it is created, and renders the diagrams the cache lacks while Astro bundles; what
 *   it could not foresee is rendered in the post-build pass. Pages then ship no Mermaid JavaScript:
 *   the loader module is not even bundled ({@link clientSide} is false).
 * - Dev server, no Chromium, or `DIAGRAMS=client`: the pending `<pre class="mermaid">` stays, and
 *   `MarkdownContent.astro` adds the loader that renders it in the reader's browser.
 *
 * A diagram that Mermaid cannot parse fails the build with an `AstroError` naming its MDX file and line.
 */
export class DiagramStep {
  /** True when diagrams render in the reader's browser (the loader is bundled). */
  readonly clientSide: boolean;
  private readonly executablePath: string | undefined;
  private readonly cache: DiagramCache;
  private readonly logger: AstroIntegrationLogger;
  private launching: Promise<MermaidRenderer> | undefined;
  /** Results by cache key: from the cache, or rendered by this build. */
  private readonly known = new Map<string, DiagramSvgs | { error: string }>();
  private readonly tally: DiagramTally = { cached: 0, rendered: 0, chromiumStarted: false };
  private readonly ahead: Promise<void>;

  /** @throws AstroError when `CHROMIUM_PATH` names no file. */
  constructor(options: DiagramStepOptions) {
    const env = options.env ?? process.env;
    this.logger = options.logger;
    this.cache = new DiagramCache(options.root);
    try {
      this.executablePath = findChromium(env);
    } catch (error) {
      throw new AstroError(
        error instanceof Error ? error.message : String(error),
        'CHROMIUM_PATH must name a Chromium executable; unset it to use the system one.',
      );
    }
    this.clientSide = options.command !== 'build' || env['DIAGRAMS'] === 'client' || !this.executablePath;
    if (options.command === 'build') {
      this.logger.info(
        this.clientSide
          ? 'Diagrams: no build-time browser (or DIAGRAMS=client); they render in the reader\u2019s browser.'
          : `Diagrams: inline SVG, from ${DIAGRAM_CACHE_DIR}/ or rendered with ${this.executablePath}.`,
      );
    }
    this.ahead = this.clientSide
      ? Promise.resolve()
      : this.renderAhead(options.root).catch((error: unknown) => {
          // Only an optimisation: the post-build pass renders whatever is still missing.
          this.logger.debug(
            `Diagrams: rendering ahead failed (${error instanceof Error ? error.message : String(error)}).`,
          );
        });
  }

  /** Reads the diagrams of every MDX file and renders those the cache lacks. */
  private async renderAhead(root: string): Promise<void> {
    const sources = new Set<string>();
    for (const file of await listMdxFiles(root)) {
      try {
        for (const d of scanMdx(await readFile(join(root, file), 'utf8')).diagrams) sources.add(d.source);
      } catch (e) {
        if (!(e instanceof MdxSyntaxError)) throw e; // the MDX integration reports syntax errors with their place
      }
    }
    await this.resolve([...sources]);
  }

  /** Fills {@link known} for each source: cache first, then one Chromium call for the rest. */
  private async resolve(sources: readonly string[]): Promise<void> {
    const missing: { key: string; source: string }[] = [];
    for (const source of new Set(sources)) {
      const key = diagramKey(source);
      if (this.known.has(key)) continue;
      const hit = await this.cache.get(key, (why) => this.logger.warn(why));
      if (hit) {
        this.known.set(key, hit);
        this.tally.cached++;
      } else {
        missing.push({ key, source });
      }
    }
    if (missing.length === 0) return;
    const renderer = await this.renderer();
    // The id names the diagram by its key, so a cached SVG is valid on any page. Two identical
    // diagrams on one page would share ids; the site has none.
    const jobs: DiagramJob[] = missing.flatMap(({ key, source }) => [
      { id: `diagram-${key.slice(0, 12)}-light`, source, theme: 'default' as const },
      { id: `diagram-${key.slice(0, 12)}-dark`, source, theme: 'dark' as const },
    ]);
    const results = await renderer.render(jobs);
    for (const [i, { key }] of missing.entries()) {
      const light = results[2 * i];
      const dark = results[2 * i + 1];
      if (light?.ok && dark?.ok) {
        const svgs = { light: light.svg, dark: dark.svg };
        this.known.set(key, svgs);
        this.tally.rendered++;
        await this.cache.set(key, svgs);
      } else {
        this.known.set(key, { error: errorOf(light) ?? errorOf(dark) ?? 'no SVG returned' });
      }
    }
  }

  private renderer(): Promise<MermaidRenderer> {
    if (!this.executablePath) throw new Error('no Chromium to render diagrams with');
    this.tally.chromiumStarted = true;
    this.launching ??= MermaidRenderer.launch(this.executablePath);
    return this.launching;
  }

  /**
   * The SVGs of every diagram of the build, in order.
   *
   * @param diagrams - the pending diagrams of all pages.
   * @throws AstroError naming the diagram's MDX file and line (and the line Mermaid complains
   *   about) when Mermaid cannot render it, or saying that Chromium failed.
   */
  async svgsFor(diagrams: readonly PendingDiagram[]): Promise<DiagramSvgs[]> {
    await this.ahead;
    try {
      await this.resolve(diagrams.map((d) => d.source));
    } catch (error) {
      throw new AstroError(
        `Diagrams: Chromium (${this.executablePath}) could not render them: ${error instanceof Error ? error.message : String(error)}`,
        'Check that this browser starts headless on this machine, point CHROMIUM_PATH at another Chromium, or build with DIAGRAMS=client to render diagrams in the reader\u2019s browser.',
      );
    }
    return diagrams.map((d) => {
      const known = this.known.get(diagramKey(d.source));
      if (known && 'light' in known) return known;
      const error = known?.error ?? 'no SVG returned';
      // Mermaid counts lines from the first line inside the fence.
      const inner = /on line (\d+)/.exec(error)?.[1];
      const at = inner ? ` (Mermaid's line ${inner} is ${d.file}:${d.line + Number(inner)})` : '';
      throw new AstroError(
        `Diagram at ${d.file}:${d.line} failed to render${at}: ${error}`,
        'Fix the Mermaid source of that block (try it at https://mermaid.live), then build again.',
      );
    });
  }

  /** Where this build's SVGs came from. */
  figures(): DiagramTally {
    return { ...this.tally };
  }

  /** Closes Chromium if this build started it. Safe to call more than once. */
  async close(): Promise<void> {
    await this.ahead;
    const launching = this.launching;
    this.launching = undefined;
    if (launching) await (await launching.catch(() => undefined))?.close();
  }
}

function errorOf(result: DiagramResult | undefined): string | undefined {
  return result && !result.ok ? result.error : undefined;
}
