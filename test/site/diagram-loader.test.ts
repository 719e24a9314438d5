import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'node-html-parser';
import { closure } from '../../src/lib/quality/js-graph.ts';
import { chunkImports, readClientManifest } from '../../src/tooling/client-manifest.ts';
import { chromiumPathForTests, launchBrowser, needSvgDiagrams } from '../helpers/browser.ts';
import { createFixtureSite, removeFixture, runIn } from '../helpers/fixture-site.ts';
import { DIST } from '../helpers/paths.ts';
import { serveStatic } from '../helpers/static-server.ts';

/**
 * The client-side Mermaid loader is bundled only into builds that need it. A fixture built with
 * DIAGRAMS=client shows what the loader brings (its script and every chunk only it reaches); the
 * site's own build, whose diagrams are SVG, must emit none of those files.
 */
const prose = 'This page proves that the browser-side diagram loader is bundled only when a build needs it. '.repeat(3);
const PAGE = `---\ntitle: Fixture\n---\n\n${prose}\n\n\`\`\`mermaid\nflowchart LR\n  accTitle: Loader fixture\n  accDescr: Two boxes joined by an arrow.\n  A[Browser box] --> B[Other box]\n\`\`\`\n`;

/** `chunk-24IY7LWP.y9jDv3LR.js` → `chunk-24IY7LWP`: the name without Vite's content hash. */
const stem = (file: string) => file.replace(/\.[\w-]+\.js$/, '');
const jsFiles = (dir: string) => readdirSync(join(dir, '_astro')).filter((f) => f.endsWith('.js'));

describe('the client-side diagram loader', () => {
  let site: string;
  let loaderOnly: string[] = [];

  beforeAll(async () => {
    site = createFixtureSite({ 'index.mdx': PAGE });
    const build = await runIn(site, 'npx', ['--no', 'astro', 'build'], { CITATIONS: 'off', DIAGRAMS: 'client' });
    expect(build.status, build.output).toBe(0);
    const dist = join(site, 'dist');
    const importsOf = chunkImports(readClientManifest(dist, site));
    const files = jsFiles(dist);
    const loader = files.filter((f) => f.startsWith('MermaidClient.astro_astro_type_script'));
    const others = files.filter((f) => /_astro_type_script_|\.client\./.test(f) && !loader.includes(f));
    const shared = closure(others, importsOf, true);
    loaderOnly = [...closure(loader, importsOf, true)].filter((f) => !shared.has(f));
  }, 240_000);

  afterAll(() => {
    if (site) removeFixture({ dir: site, status: 0, output: '' });
  });

  it('is bundled, with Mermaid, into a DIAGRAMS=client build, and the page loads it', () => {
    expect(loaderOnly.some((f) => f.startsWith('MermaidClient.astro_astro_type_script'))).toBe(true);
    const bytes = loaderOnly.reduce((sum, f) => sum + statSync(join(site, 'dist/_astro', f)).size, 0);
    // Mermaid and its diagram types: megabytes, in dozens of chunks.
    expect(loaderOnly.length).toBeGreaterThan(10);
    expect(bytes).toBeGreaterThan(1_000_000);
    const scripts = parse(readFileSync(join(site, 'dist/index.html'), 'utf8'))
      .querySelectorAll('script[src]')
      .map((s) => s.getAttribute('src') ?? '');
    expect(scripts.some((src) => src.includes('MermaidClient'))).toBe(true);
  });

  it('renders the diagram in the reader\u2019s browser in that build', async (ctx) => {
    const path = chromiumPathForTests();
    if (!path) ctx.skip('no Chromium found: install it (apt-get install -y chromium) or set CHROMIUM_PATH');
    const server = await serveStatic(join(site, 'dist'));
    const browser = await launchBrowser(path!);
    try {
      const page = await browser.newPage();
      await page.goto(server.url);
      await page.locator('figure.diagram.diagram-rendered svg').first().waitFor({ timeout: 30_000 });
      expect(await page.locator('figure.diagram svg').count()).toBeGreaterThan(0);
      expect(await page.locator('figure.diagram pre.mermaid').count()).toBe(0);
    } finally {
      await browser.close();
      await server.close();
    }
  }, 60_000);

  it('is not emitted into the site build, whose diagrams are all SVG', (ctx) => {
    needSvgDiagrams(ctx);
    const emitted = new Set(jsFiles(DIST).map(stem));
    expect(loaderOnly.length).toBeGreaterThan(10);
    expect(loaderOnly.map(stem).filter((s) => emitted.has(s))).toEqual([]);
  });
});
