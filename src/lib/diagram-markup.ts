/**
 * The HTML contract between the Markdown pipeline, which marks each
 * ```` ```mermaid ```` block, and the post-build step that swaps the mark for SVG.
 *
 * A pending diagram is written as
 * `<figure class="diagram" data-diagram-source="content/docs/x.mdx" data-diagram-line="12"><pre class="mermaid">…</pre></figure>`
 * so that it renders as readable source (and, in the client fallback, as a
 * diagram) even if the post-build step never runs.
 */
import { encodeXML } from 'entities';
import { parse } from 'node-html-parser';

export interface PendingDiagram {
  /** Offset of the `<figure` in the HTML string. */
  start: number;
  /** Offset just past the closing `</figure>`. */
  end: number;
  /** Source file of the diagram, relative to the project root. */
  file: string;
  /** 1-based line of the code fence in that file. */
  line: number;
  /** Mermaid source, HTML entities decoded. */
  source: string;
}

/**
 * Finds every diagram in a built page that still holds Mermaid source: a `figure.diagram` that
 * is not `diagram-rendered` and holds a `pre.mermaid`, read with node-html-parser (so attribute
 * order, quoting and whitespace in the minified HTML do not matter).
 *
 * @param html - a whole HTML document as written by Astro.
 * @returns diagrams in document order, with their offsets in `html`; empty when the page has none.
 */
export function findPendingDiagrams(html: string): PendingDiagram[] {
  if (!html.includes('mermaid')) return [];
  return parse(html)
    .querySelectorAll('figure.diagram')
    .filter((figure) => !figure.classList.contains('diagram-rendered'))
    .flatMap((figure) => {
      const pre = figure.querySelector('pre.mermaid');
      if (!pre) return [];
      const [start, end] = figure.range;
      return [
        {
          start,
          end,
          file: figure.getAttribute('data-diagram-source') ?? '',
          line: Number(figure.getAttribute('data-diagram-line') ?? 0),
          source: pre.text,
        },
      ];
    });
}

/**
 * Builds the markup of a rendered diagram: one SVG per colour scheme, shown
 * by CSS according to Starlight's `data-theme` attribute (see site.css).
 *
 * @param diagram - the pending diagram; its file and line stay on the figure for debugging.
 * @param svgLight - SVG rendered with Mermaid's `default` theme.
 * @param svgDark - SVG rendered with Mermaid's `dark` theme.
 */
export function renderedDiagramMarkup(diagram: PendingDiagram, svgLight: string, svgDark: string): string {
  // Mermaid scales an SVG down to its container; on a phone that makes text
  // unreadable. Keep a floor (CSS --diagram-width) and let the figure scroll.
  const svgStyle = parse(svgLight).querySelector('svg')?.getAttribute('style') ?? '';
  const natural = /max-width:\s*([0-9.]+)px/.exec(svgStyle)?.[1];
  const style = natural ? ` style="--diagram-width: ${Math.round(Number(natural))}px"` : '';
  return (
    `<figure class="diagram diagram-rendered" data-diagram-source="${encodeXML(diagram.file)}" data-diagram-line="${diagram.line}" tabindex="0"${style}>` +
    `<div class="diagram-light">${svgLight}</div>` +
    `<div class="diagram-dark">${svgDark}</div>` +
    `</figure>`
  );
}

/**
 * Replaces spans of `html` (given in ascending, non-overlapping order) with new text.
 *
 * @throws Error if the spans overlap or are out of order.
 */
export function spliceAll(html: string, edits: { start: number; end: number; text: string }[]): string {
  let out = '';
  let cursor = 0;
  for (const edit of edits) {
    if (edit.start < cursor) throw new Error(`spliceAll: overlapping edit at ${edit.start}`);
    out += html.slice(cursor, edit.start) + edit.text;
    cursor = edit.end;
  }
  return out + html.slice(cursor);
}
