/**
 * What a built page makes the browser download, by kind, from its HTML (read with
 * node-html-parser) and CSS text. Pure: the caller reads files and measures them.
 */
import { parse, type HTMLElement } from 'node-html-parser';
import type { JsGroup } from './js-graph.ts';

/** Kinds of bytes a page weighs. `svg` = inline `<svg>` in the HTML plus `.svg` files. */
export type WeightKind = 'html' | 'css' | 'js' | 'font' | 'image' | 'svg';
export const WEIGHT_KINDS: readonly WeightKind[] = ['html', 'css', 'js', 'font', 'image', 'svg'];

/** The gzip level of the page weights: 9, the highest, as a production static host compresses text. */
export const GZIP_LEVEL = 9;

/** Raw and gzipped bytes (gzip at {@link GZIP_LEVEL}). */
export interface Bytes {
  raw: number;
  gzip: number;
}

/** URLs a page references that the browser fetches while loading it. */
export interface PageRefs {
  /** `<link rel="stylesheet">`, print ones included (browsers fetch them too, at low priority). */
  stylesheets: string[];
  /** `<script src>` (module or classic). */
  scripts: string[];
  /** `<img src>`, `<link rel="icon">` and friends, `<link rel="preload" as="image|font">`. */
  media: string[];
}

/**
 * How page weights parse built HTML: script, style and noscript contents stay text (a browser with
 * scripting does not fetch what a `<noscript>` holds); `<pre>` is parsed, since code blocks are markup.
 */
const parseHtml = (html: string): HTMLElement =>
  parse(html, { blockTextElements: { script: true, noscript: true, style: true } });

/** Extracts the fetched URLs of a page from its HTML (order kept, duplicates removed; `data:` URLs skipped). */
export function pageRefs(html: string): PageRefs {
  const stylesheets: string[] = [];
  const scripts: string[] = [];
  const media: string[] = [];
  const add = (list: string[], url: string | undefined): void => {
    if (url && !url.startsWith('data:') && !list.includes(url)) list.push(url);
  };
  const root = parseHtml(html);
  for (const link of root.querySelectorAll('link')) {
    const rel = (link.getAttribute('rel') ?? '').toLowerCase().split(/\s+/);
    const as = link.getAttribute('as');
    if (rel.includes('stylesheet')) add(stylesheets, link.getAttribute('href'));
    else if (
      rel.some((r) => r === 'icon' || r === 'apple-touch-icon') ||
      (rel.includes('preload') && (as === 'image' || as === 'font'))
    )
      add(media, link.getAttribute('href'));
  }
  for (const script of root.querySelectorAll('script')) add(scripts, script.getAttribute('src'));
  for (const img of root.querySelectorAll('img')) add(media, img.getAttribute('src'));
  return { stylesheets, scripts, media };
}

/** `url(…)` references in a stylesheet (fonts, background images), `data:` URLs skipped. */
export function cssUrls(css: string): string[] {
  const urls = [...css.matchAll(/url\(\s*(?:"([^"]*)"|'([^']*)'|([^)\s]*))\s*\)/g)].map(
    (m) => m[1] ?? m[2] ?? m[3] ?? '',
  );
  return [...new Set(urls.filter((u) => u !== '' && !u.startsWith('data:') && !u.startsWith('#')))];
}

/** Kind of a fetched file by its extension; `null` for kinds a page weight ignores. */
export function kindOf(url: string): WeightKind | null {
  const ext = /\.([a-z0-9]+)(?:[?#].*)?$/i.exec(url)?.[1]?.toLowerCase();
  switch (ext) {
    case 'css':
      return 'css';
    case 'js':
    case 'mjs':
      return 'js';
    case 'woff':
    case 'woff2':
    case 'ttf':
    case 'otf':
      return 'font';
    case 'svg':
      return 'svg';
    case 'png':
    case 'jpg':
    case 'jpeg':
    case 'gif':
    case 'webp':
    case 'avif':
    case 'ico':
      return 'image';
    case 'html':
      return 'html';
    default:
      return null;
  }
}

/**
 * The outermost `<svg>…</svg>` elements of an HTML text, each as it is written there (nested ones
 * stay inside their parent; an unclosed one is left out). Used to report how much of a page's HTML
 * is inline SVG (diagrams, icons).
 */
export function inlineSvgs(html: string): string[] {
  return parseHtml(html)
    .querySelectorAll('svg')
    .filter((svg) => !svg.parentNode?.closest('svg'))
    .map((svg) => html.slice(svg.range[0], svg.range[1]))
    .filter((text) => /<\/svg\s*>$/i.test(text));
}

/**
 * The calculator a client chunk belongs to: `read-path.client.<hash>.js` → `read-path`, else null.
 * Client modules are named after the calculator id in kebab case (src/components/calculators/Calculator.astro).
 */
export function clientModuleOf(chunk: string): string | null {
  return /^([a-z-]+)\.client\.[\w-]+\.js$/.exec(chunk)?.[1] ?? null;
}

/** The client modules (kebab-case calculator ids) of the calculators on a built page (`data-calc="readPath"` → `read-path`). */
export function calculatorModulesOf(html: string): Set<string> {
  const ids = parseHtml(html)
    .querySelectorAll('[data-calc]')
    .map((el) => el.getAttribute('data-calc') ?? '');
  return new Set(
    ids.filter((id) => /^[A-Za-z]+$/.test(id)).map((id) => id.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)),
  );
}

/**
 * Whether a dynamically imported chunk can load on a page. Calculator client modules load only on
 * pages that hold that calculator; every other chunk can.
 */
export function dynamicChunkFilter(html: string): (chunk: string) => boolean {
  const present = calculatorModulesOf(html);
  return (chunk) => {
    const client = clientModuleOf(chunk);
    return client === null || present.has(client);
  };
}

/** Sums byte counts. */
export function addBytes(...items: Bytes[]): Bytes {
  return items.reduce((a, b) => ({ raw: a.raw + b.raw, gzip: a.gzip + b.gzip }), { raw: 0, gzip: 0 });
}

/** JavaScript of one owner on one page. */
export interface JsShare {
  atLoad: Bytes;
  onDemand: Bytes;
  atLoadFiles: string[];
  onDemandFiles: string[];
}

/** Weight of one built page (see the legend of reports/site-audit.md). */
export interface PageWeight {
  route: string;
  /** Bytes by kind; `js` counts the JavaScript that loads with the page (not on demand). */
  kinds: Record<WeightKind, Bytes & { files: number }>;
  /** The inline `<svg>` elements of the HTML (diagrams, icons): a share of `kinds.html`, gzipped on their own. */
  inlineSvg: Bytes;
  /** Everything that loads with the page: HTML + CSS + JS at load + fonts + images + SVG files. */
  total: Bytes;
  /** JavaScript by owner. */
  js: Record<JsGroup, JsShare>;
  /** Diagrams rendered to SVG at build time / left to the reader's browser. */
  diagrams: { svg: number; client: number };
}
