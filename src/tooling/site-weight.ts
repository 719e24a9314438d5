import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join, posix, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { checkBuiltPage } from '../lib/page-check.ts';
import {
  closure,
  componentOfScript,
  pruneDynamic,
  splitPageJs,
  type ChunkImports,
  type JsGroup,
} from '../lib/quality/js-graph.ts';
import {
  addBytes,
  cssUrls,
  dynamicChunkFilter,
  GZIP_LEVEL,
  inlineSvgs,
  kindOf,
  pageRefs,
  WEIGHT_KINDS,
  type Bytes,
  type JsShare,
  type PageWeight,
  type WeightKind,
} from '../lib/quality/page-weight.ts';
import { builtRoutes, readPage } from './built-pages.ts';
import { chunkImports, readClientManifest } from './client-manifest.ts';
import { ROOT } from './paths.ts';

/** A page without project components: whatever it loads is Starlight's own JavaScript. */
const BASELINE_ROUTE = 'glossary/';

/** Project component names (src/components/**.astro) and the calculators among them. */
export function projectComponents(): { all: Set<string>; calculators: Set<string> } {
  const all = new Set<string>();
  const calculators = new Set<string>();
  const walk = (dir: string): void => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      if (e.isDirectory()) walk(join(dir, e.name));
      else if (e.name.endsWith('.astro')) {
        const name = e.name.replace(/\.astro$/, '');
        all.add(name);
        if (relative(join(ROOT, 'src/components/calculators'), dir) === '') calculators.add(name);
      }
    }
  };
  walk(join(ROOT, 'src/components'));
  return { all, calculators };
}

/**
 * Reads a build directory once and measures its pages. Files are gzipped at level 9
 * (GZIP_LEVEL: what a static host serves, and what serveStatic's host mode sends) and each file is read and
 * compressed once. Which chunk imports which comes from the build's client manifest
 * (client-manifest.ts).
 * @param dist - a build directory (`dist/`), built with this repository's astro.config.mjs.
 * @param base - the base path the build was made for (`SITE_BASE`), default `/`.
 * @param root - the project root the build ran in (where its client manifest is kept).
 * @throws Error (from readClientManifest) when the build has no client manifest of its own.
 */
export class SiteWeights {
  readonly dist: string;
  readonly base: string;
  private readonly sizes = new Map<string, Bytes>();
  private readonly components = projectComponents();
  private baseline: Set<string> | undefined;
  /** Static and dynamic imports of a chunk in `_astro/`, as file names there (none for a file that is not a chunk). */
  readonly importsOf: (chunk: string) => ChunkImports;

  constructor(dist: string, base = '/', root = ROOT) {
    this.dist = dist;
    this.base = base.endsWith('/') ? base : `${base}/`;
    this.importsOf = chunkImports(readClientManifest(dist, root));
  }

  /** Raw and gzipped size of a file under the build directory (`undefined` when absent). */
  bytesOf(file: string): Bytes | undefined {
    let b = this.sizes.get(file);
    if (!b) {
      const path = join(this.dist, file);
      if (!existsSync(path)) return undefined;
      const data = readFileSync(path);
      b = { raw: data.length, gzip: gzipSync(data, { level: GZIP_LEVEL }).length };
      this.sizes.set(file, b);
    }
    return b;
  }

  /** The file under the build directory that a URL on a page (or in a stylesheet) names. */
  fileOf(url: string, from: string): string | null {
    if (/^[a-z]+:/i.test(url) || url.startsWith('//')) return null;
    const path = url.split(/[?#]/)[0]!;
    if (path.startsWith('/')) return path.startsWith(this.base) ? path.slice(this.base.length) : null;
    return posix.normalize(posix.join(posix.dirname(from), path));
  }

  /** Module scripts a built page loads, as file names in `_astro/`. @param route - `''`, `etcd-sizing/`, … */
  scriptsOf(route: string): string[] {
    return this.entriesOf(readPage(this.dist, route), `${route}index.html`);
  }

  /** Chunks Starlight itself loads: everything the baseline page can reach, dynamic imports included. */
  baselineChunks(): Set<string> {
    this.baseline ??= closure(this.scriptsOf(BASELINE_ROUTE), this.importsOf, true);
    return this.baseline;
  }

  /** Module scripts of a page, as file names in `_astro/`. */
  private entriesOf(html: string, page: string): string[] {
    return pageRefs(html)
      .scripts.map((u) => this.fileOf(u, page))
      .filter((f): f is string => f !== null && f.startsWith('_astro/') && f.endsWith('.js'))
      .map((f) => basename(f));
  }

  private groupOf = (entry: string): Exclude<JsGroup, 'starlight'> => {
    const component = componentOfScript(entry, this.components.all);
    if (component && this.components.calculators.has(component)) return 'calculators';
    if (component === 'MermaidClient') return 'diagrams';
    // Expressive Code's script (copy button) ships only with code blocks: in this guide, the excerpts.
    if (/^ec\.[\w-]+\.js$/.test(entry)) return 'code';
    return 'other';
  };

  /** Measures one page. @param route - `''`, `etcd-sizing/`, … */
  page(route: string): PageWeight {
    const baseline = this.baselineChunks();
    const pageFile = `${route}index.html`;
    const html = readPage(this.dist, route);
    const refs = pageRefs(html);
    const files: Record<WeightKind, Set<string>> = Object.fromEntries(
      WEIGHT_KINDS.map((k) => [k, new Set<string>()]),
    ) as Record<WeightKind, Set<string>>;
    files.html.add(pageFile);
    for (const url of [...refs.stylesheets, ...refs.media]) {
      const f = this.fileOf(url, pageFile);
      const kind = f && kindOf(f);
      if (f && kind) files[kind].add(f);
    }
    for (const css of files.css) {
      if (!existsSync(join(this.dist, css))) continue;
      for (const url of cssUrls(readFileSync(join(this.dist, css), 'utf8'))) {
        const f = this.fileOf(url, css);
        const kind = f && kindOf(f);
        if (f && kind && kind !== 'css' && kind !== 'js') files[kind].add(f);
      }
    }
    const split = splitPageJs(
      this.entriesOf(html, pageFile),
      baseline,
      pruneDynamic(this.importsOf, dynamicChunkFilter(html)),
      this.groupOf,
    );
    const sumOf = (list: Iterable<string>): Bytes =>
      addBytes(...[...list].map((f) => this.bytesOf(f) ?? { raw: 0, gzip: 0 }));
    const js = Object.fromEntries(
      Object.entries(split).map(([g, s]) => [
        g,
        {
          atLoad: sumOf(s.atLoad.map((f) => `_astro/${f}`)),
          onDemand: sumOf(s.onDemand.map((f) => `_astro/${f}`)),
          atLoadFiles: s.atLoad,
          onDemandFiles: s.onDemand,
        },
      ]),
    ) as Record<JsGroup, JsShare>;
    for (const s of Object.values(split)) for (const f of s.atLoad) files.js.add(`_astro/${f}`);
    const kinds = Object.fromEntries(
      WEIGHT_KINDS.map((k) => [k, { ...sumOf(files[k]), files: files[k].size }]),
    ) as PageWeight['kinds'];
    const svgText = inlineSvgs(html).join('');
    const inlineSvg = {
      raw: Buffer.byteLength(svgText),
      gzip: svgText ? gzipSync(svgText, { level: GZIP_LEVEL }).length : 0,
    };
    const report = checkBuiltPage(html);
    return {
      route,
      kinds,
      inlineSvg,
      total: addBytes(...WEIGHT_KINDS.map((k) => kinds[k])),
      js,
      diagrams: { svg: report.svgDiagrams, client: report.fallbackDiagrams },
    };
  }

  /** Measures every page of the build (404 and search index excluded). */
  all(): PageWeight[] {
    return builtRoutes(this.dist, { fallbacks: false })
      .filter((r) => r !== '404/')
      .map((r) => this.page(r));
  }
}

/** Whether a directory holds a finished build (its index page exists). */
export const hasBuild = (dist: string): boolean =>
  existsSync(join(dist, 'index.html')) && existsSync(join(dist, '_astro'));
