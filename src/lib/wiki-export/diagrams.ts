/**
 * Diagrams in the wiki, in one of two forms:
 * - `svg`: the light-theme SVG the build rendered, as a file beside the page, shown by an image
 *   whose alternative text is the diagram's title (its `accTitle`); the SVG keeps its own
 *   `<title>` and `<desc>`;
 * - `mermaid`: the diagram's Mermaid source as a fenced `mermaid` block, for wikis that render
 *   Mermaid themselves (GitLab, GitHub, Azure DevOps).
 * The built page no longer holds the Mermaid source of a rendered diagram, only its MDX file and
 * fence line (src/lib/diagram-markup.ts), so the source is read from the MDX, fence by fence.
 */
import type { Element, ElementContent } from 'hast';
import { toHtml } from 'hast-util-to-html';
import { select } from 'hast-util-select';
import type { Code, Root as MdastRoot } from 'mdast';
import remarkFrontmatter from 'remark-frontmatter';
import remarkMdx from 'remark-mdx';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { visit } from 'unist-util-visit';
import { h, textContent } from './hast-edit.ts';


/** A ```` ```mermaid ```` fence of an MDX file. */
export interface MermaidFence {
  /** 1-based line of the opening fence. */
  line: number;
  source: string;
}

/**
 * Every Mermaid fence of an MDX file, in order.
 *
 * @param mdx - the file's text.
 * @param file - its path, for errors.
 * @throws Error with the file named when the MDX does not parse.
 */
export function mermaidFences(mdx: string, file: string): MermaidFence[] {
  let tree: MdastRoot;
  try {
    tree = unified().use(remarkParse).use(remarkFrontmatter).use(remarkMdx).parse(mdx);
  } catch (error) {
    throw new Error(`${file}: cannot parse the MDX to read its Mermaid diagrams: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  const fences: MermaidFence[] = [];
  visit(tree, 'code', (node: Code) => {
    if (node.lang === 'mermaid') fences.push({ line: node.position?.start.line ?? 0, source: node.value });
  });
  return fences;
}

/** A diagram as the built page holds it. */
export interface BuiltDiagram {
  /** MDX file the diagram comes from (`content/docs/x.mdx`), from `data-diagram-source`. */
  file: string;
  /** Line of its fence, from `data-diagram-line`. */
  line: number;
  /** The light-theme SVG, when the build rendered it. */
  svg: Element | undefined;
  /** The Mermaid source, when the build left it in the page (no Chromium at build time). */
  source: string | undefined;
  /** The diagram's accessible title (`accTitle`), or `Diagram` when it has none. */
  title: string;
}

/**
 * Reads one `figure.diagram` of a built page.
 *
 * @throws Error when the figure lacks its source file and line (src/lib/diagram-markup.ts changed).
 */
export function readDiagram(figure: Element, where: string): BuiltDiagram {
  const file = figure.properties['dataDiagramSource'];
  const line = Number(figure.properties['dataDiagramLine']);
  if (typeof file !== 'string' || !Number.isInteger(line) || line < 1) {
    throw new Error(`/${where}: a diagram without data-diagram-source and data-diagram-line: src/lib/diagram-markup.ts changed, update src/lib/wiki-export/diagrams.ts.`);
  }
  const svg = select('.diagram-light svg', figure) ?? undefined;
  const pre = select('pre.mermaid', figure);
  const titleEl = svg && select('title', svg);
  const accTitle = pre ? /^\s*accTitle:\s*(.+)$/m.exec(textContent(pre))?.[1] : undefined;
  return {
    file,
    line,
    svg,
    source: pre ? textContent(pre) : undefined,
    title: (titleEl ? textContent(titleEl) : accTitle ?? '').trim() || 'Diagram',
  };
}

/**
 * Matches a page's diagrams to the Mermaid fences of their MDX files.
 *
 * @param diagrams - the page's diagrams, in order.
 * @param fencesOf - the fences of an MDX file (read by the caller), by path.
 * @returns each diagram's Mermaid source, in order.
 * @throws Error when a file has a different number of Mermaid fences than the page has diagrams
 *   from it, or a diagram's line is not a fence's: the build and the MDX disagree, rebuild.
 */
export function mermaidSources(diagrams: readonly BuiltDiagram[], fencesOf: (file: string) => MermaidFence[], where: string): string[] {
  const byFile = new Map<string, number>();
  for (const d of diagrams) byFile.set(d.file, (byFile.get(d.file) ?? 0) + 1);
  for (const [file, count] of byFile) {
    const fences = fencesOf(file).length;
    if (fences !== count) throw new Error(`/${where}: the page has ${count} diagram(s) from ${file}, which has ${fences} mermaid fence(s): dist/ is older than the MDX, run npm run build.`);
  }
  return diagrams.map((d) => {
    const fence = fencesOf(d.file).find((f) => f.line === d.line);
    if (!fence) throw new Error(`/${where}: diagram from ${d.file} line ${d.line}, where the MDX has no mermaid fence: dist/ is older than the MDX, run npm run build.`);
    if (d.source !== undefined && d.source.trim() !== fence.source.trim()) throw new Error(`/${where}: the diagram at ${d.file}:${d.line} differs from its MDX fence: run npm run build.`);
    return fence.source;
  });
}

/**
 * A standalone SVG file of a rendered diagram: an XML declaration and the SVG serialised as XML
 * (every empty element self-closed), so that image viewers and wikis that parse SVG as XML accept it.
 */
export function svgFile(svg: Element): string {
  const markup = toHtml(svg, { space: 'svg', closeSelfClosing: true, closeEmptyElements: true, tightSelfClosing: false, allowDangerousCharacters: false });
  return `<?xml version="1.0" encoding="UTF-8"?>\n${markup}\n`;
}

/** The wiki content of a diagram shown as an image (`svg` mode). */
export function diagramImage(title: string, src: string): ElementContent {
  return h('p', {}, [h('img', { src, alt: title })]);
}

/** The wiki content of a diagram as a fenced `mermaid` block. */
export function diagramFence(source: string): ElementContent {
  return h('pre', {}, [h('code', { className: ['language-mermaid'] }, [source.replace(/\n+$/, '')])]);
}
