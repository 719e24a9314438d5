/**
 * Post-build check of one built page: its prose survived and every diagram
 * is either inline SVG or the readable fallback. Pure: HTML string in, list
 * of problems out.
 */
import { HTMLElement, parse } from 'node-html-parser';

export interface PageReport {
  /** Words of prose in the page's main content (diagrams and code excluded). */
  words: number;
  /** Diagrams rendered to SVG at build time. */
  svgDiagrams: number;
  /** Diagrams left as Mermaid source for the reader's browser. */
  fallbackDiagrams: number;
  /** Human-readable problems; empty when the page is fine. */
  problems: string[];
}

/**
 * Inspects a built Starlight page.
 *
 * @param html - the whole document.
 * @param minWords - prose words the main content must keep (default 30), counted as
 *   `Intl.Segmenter` splits words in the language of the page's `<main>`.
 * @returns counts and problems: missing `<main>`, too little prose, a diagram
 *   that is neither SVG nor fallback, an SVG without accessible title or description, a citation
 *   that stands as a block of its own (see {@link citationsOnTheirOwn}).
 */
export function checkBuiltPage(html: string, minWords = 30): PageReport {
  const problems: string[] = [];
  const root = parse(html);
  const content = root.querySelector('main .sl-markdown-content') ?? root.querySelector('main');
  if (!content) return { words: 0, svgDiagrams: 0, fallbackDiagrams: 0, problems: ['no <main> element'] };

  let svgDiagrams = 0;
  let fallbackDiagrams = 0;
  for (const [i, figure] of content.querySelectorAll('figure.diagram').entries()) {
    const where = `diagram ${i + 1} (${figure.getAttribute('data-diagram-source')}:${figure.getAttribute('data-diagram-line')})`;
    const svgs = figure.querySelectorAll('svg');
    if (figure.classList.contains('diagram-rendered') && svgs.length === 2) {
      svgDiagrams++;
      for (const svg of svgs) {
        if (!svg.querySelector('title')?.text.trim() || !svg.querySelector('desc')?.text.trim()) {
          problems.push(`${where}: SVG lacks an accessible <title> or <desc> (add accTitle/accDescr)`);
        }
      }
    } else if (figure.querySelector('pre.mermaid')?.text.trim()) {
      fallbackDiagrams++;
    } else {
      problems.push(`${where}: neither inline SVG nor Mermaid fallback`);
    }
  }

  problems.push(...citationsOnTheirOwn(content));

  const prose = content.clone() as typeof content;
  for (const node of prose.querySelectorAll('figure.diagram, pre, script, style, svg')) node.remove();
  // Words as the page's language segments them: Japanese prose has no spaces between words.
  const lang = root.querySelector('main')?.getAttribute('lang') || 'en';
  const segments = new Intl.Segmenter(lang, { granularity: 'word' }).segment(prose.text);
  const words = [...segments].filter((s) => s.isWordLike && /\p{L}/u.test(s.segment)).length;
  if (words < minWords) problems.push(`only ${words} words of prose (expected at least ${minWords})`);
  return { words, svgDiagrams, fallbackDiagrams, problems };
}

/** Containers whose text belongs in paragraphs: a citation directly inside one is outside any sentence. */
const BLOCK_CONTAINERS = new Set(['DIV', 'SECTION', 'ARTICLE', 'ASIDE', 'BLOCKQUOTE', 'MAIN']);

/**
 * Citation markers (`span.cite`, src/components/cite/Marker.astro) that are not part of a sentence:
 * one whose paragraph holds nothing else, one directly inside a block container, or one beside
 * paragraphs (a `<Value>` MDX read as a block of its own, between the halves of the paragraph it
 * split, in a list item or table cell). src/lib/citations/extract.ts
 * refuses the usual cause in the MDX; this catches any other way a marker ends up alone.
 */
function citationsOnTheirOwn(content: HTMLElement): string[] {
  const out: string[] = [];
  for (const cite of content.querySelectorAll('span.cite')) {
    const parent = cite.parentNode;
    if (!parent) continue;
    const alone =
      parent.tagName === 'P'
        ? parent.childNodes.every((n) => n === cite || n.text.trim() === '')
        : BLOCK_CONTAINERS.has(parent.tagName) ||
          parent.childNodes.some((n) => n instanceof HTMLElement && n.tagName === 'P');
    if (alone) {
      const link = cite.querySelector('a');
      const name = link?.getAttribute('aria-label') ?? link?.text ?? '';
      out.push(`a citation stands as a paragraph of its own (${name}): join it to its sentence in the MDX`);
    }
  }
  return out;
}

/**
 * The HTML file Astro writes for a page in a directory-format build.
 * @param root - the build directory, ending in `/`.
 * @param pathname - a page's pathname from `astro:build:done` (`''`, `etcd-sizing/`, …).
 */
export function builtPageFile(root: string, pathname: string): string {
  return `${root}${pathname}${pathname === '' || pathname.endsWith('/') ? '' : '/'}index.html`;
}
