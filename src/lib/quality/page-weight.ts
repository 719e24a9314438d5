/**
 * What a built page makes the browser download, by kind, from its HTML and CSS text. Pure:
 * the caller reads files and measures them.
 */
import type { JsGroup } from './js-graph.ts';

/** Kinds of bytes a page weighs. `svg` = inline `<svg>` in the HTML plus `.svg` files. */
export type WeightKind = 'html' | 'css' | 'js' | 'font' | 'image' | 'svg';
export const WEIGHT_KINDS: readonly WeightKind[] = ['html', 'css', 'js', 'font', 'image', 'svg'];

/** Raw and gzipped bytes (gzip level 9, as a static host compresses). */
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

const attr = (tag: string, name: string): string | undefined =>
  new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag)?.slice(1).find((v) => v !== undefined);

/** Extracts the fetched URLs of a page from its HTML (order kept, duplicates removed; `data:` URLs skipped). */
export function pageRefs(html: string): PageRefs {
  const stylesheets: string[] = [];
  const scripts: string[] = [];
  const media: string[] = [];
  const add = (list: string[], url: string | undefined): void => {
    if (url && !url.startsWith('data:') && !list.includes(url)) list.push(url);
  };
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const rel = (attr(tag, 'rel') ?? '').toLowerCase().split(/\s+/);
    const as = attr(tag, 'as');
    if (rel.includes('stylesheet')) add(stylesheets, attr(tag, 'href'));
    else if (rel.some((r) => r === 'icon' || r === 'apple-touch-icon') || (rel.includes('preload') && (as === 'image' || as === 'font'))) add(media, attr(tag, 'href'));
  }
  for (const [tag] of html.matchAll(/<script\b[^>]*>/gi)) add(scripts, attr(tag, 'src'));
  for (const [tag] of html.matchAll(/<img\b[^>]*>/gi)) add(media, attr(tag, 'src'));
  return { stylesheets, scripts, media };
}

/** `url(…)` references in a stylesheet (fonts, background images), `data:` URLs skipped. */
export function cssUrls(css: string): string[] {
  const urls = [...css.matchAll(/url\(\s*(?:"([^"]*)"|'([^']*)'|([^)\s]*))\s*\)/g)].map((m) => m[1] ?? m[2] ?? m[3] ?? '');
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
 * The outermost `<svg>…</svg>` elements of an HTML text (nested ones stay inside their parent).
 * Used to report how much of a page's HTML is inline SVG (diagrams, icons).
 */
export function inlineSvgs(html: string): string[] {
  const out: string[] = [];
  const re = /<svg\b|<\/svg\s*>/gi;
  let depth = 0;
  let start = 0;
  for (let m = re.exec(html); m; m = re.exec(html)) {
    if (m[0][1] !== '/') {
      if (depth++ === 0) start = m.index;
    } else if (depth > 0 && --depth === 0) {
      out.push(html.slice(start, m.index + m[0].length));
    }
  }
  return out;
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
  return new Set([...html.matchAll(/\sdata-calc="([A-Za-z]+)"/g)].map((m) => m[1]!.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)));
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
