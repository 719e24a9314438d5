/**
 * One built page → one wiki page: the page's content (src/lib/wiki-export/main-content.ts) with
 * calculators, excerpts and diagrams rewritten for a wiki, links rewritten between exported pages,
 * converted to Markdown with front matter. Pure: the caller reads the HTML and MDX and writes the files.
 */
import type { Element, ElementContent, Root } from 'hast';
import { select, selectAll } from 'hast-util-select';
import rehypeParse from 'rehype-parse';
import { unified } from 'unified';
import { visit } from 'unist-util-visit';
import type { GuideVersion } from '../guide-version.ts';
import { calculatorForWiki, readCalculator } from './calculators.ts';
import { calcWords } from '../calculators/calc-words.ts';
import { diagramFence, diagramImage, type MermaidFence, mermaidSources, readDiagram, svgFile } from './diagrams.ts';
import type { DiagramMode } from './flavors.ts';
import { excerptForWiki } from './excerpts.ts';
import { citationsForWiki } from './sources.ts';
import { frontMatter } from './front-matter.ts';
import { h, replaceAll } from './hast-edit.ts';
import { mainContent } from './main-content.ts';
import type { Flavor } from './flavors.ts';
import { provenanceTable } from './front-matter.ts';
import { uiText } from '../i18n/ui-text.ts';
import { rewriteSiteLink, type SiteLinkContext } from './site-links.ts';
import { hastToMarkdown } from './to-markdown.ts';

/** Options shared by every page of one export. */
export interface PageExportOptions {
  flavor: Flavor;
  diagrams: DiagramMode;
  site: SiteLinkContext;
  version: GuideVersion;
  /** Mermaid fences of an MDX file by its path (`content/docs/x.mdx`); needed in `mermaid` mode. */
  fencesOf: (file: string) => MermaidFence[];
}

/** A file to write beside the page. */
export interface ExportedAsset {
  /** Path inside the export folder, e.g. `etcd-writes.diagram-1.svg`. */
  file: string;
  content: string;
  /** `png`: `content` is SVG that the caller renders to this PNG file (the page is pure, Chromium is not). */
  render?: 'png';
}

/** One exported page. */
export interface ExportedPage {
  route: string;
  /** Path inside the export folder, e.g. `etcd-sizing.md`. */
  file: string;
  title: string;
  markdown: string;
  assets: ExportedAsset[];
  /** Links to the site that are not exported pages (made absolute against the base URL), in order. */
  siteLinks: string[];
  /** Number of diagrams, excerpts and calculators rewritten, for the summary. */
  counts: { diagrams: number; excerpts: number; calculators: number };
}

/**
 * Exports one page.
 *
 * @param route - the page's route (`etcd-sizing/`).
 * @param html - its built `index.html`.
 * @throws Error naming the page when its markup is not what the export knows (see the modules it uses).
 */
export function exportPage(route: string, html: string, options: PageExportOptions): ExportedPage {
  const tree = unified().use(rehypeParse).parse(html) as Root;
  const page = mainContent(tree, `/${route}`);
  const file = options.flavor.fileOf(route);
  const pageUrl = new URL(route, options.site.baseUrl).href;
  const { content } = page;

  const calcs = selectAll('section.calc', content);
  // The calculators' frame and the provenance table speak the content's language, as the page does.
  const lang = String(select('main', tree)?.properties['lang'] ?? 'en');
  const words = calcWords(lang);
  replaceAll(content, new Map(calcs.map((s) => [s, calculatorForWiki(readCalculator(s, route), pageUrl, words)])));

  citationsForWiki(content, route);

  const excerpts = selectAll('figure.excerpt', content);
  replaceAll(content, new Map(excerpts.map((f) => [f, excerptForWiki(f, route)])));

  const figures = selectAll('figure.diagram', content);
  const diagrams = figures.map((f) => readDiagram(f, route));
  const assets: ExportedAsset[] = [];
  const sources = options.diagrams === 'mermaid' ? mermaidSources(diagrams, options.fencesOf, route) : [];
  const replacements = new Map<Element, ElementContent[]>();
  figures.forEach((figure, i) => {
    const d = diagrams[i]!;
    if (options.diagrams === 'mermaid') {
      replacements.set(figure, [diagramFence(sources[i]!)]);
      return;
    }
    if (!d.svg) throw new Error(`/${route}: diagram ${i + 1} (${d.file}:${d.line}) was not rendered to SVG at build time (no Chromium): rebuild with Chromium, or export with --diagrams=mermaid.`);
    const png = options.flavor.diagramImage === 'png';
    const image = `${file.replace(/\.md$/, '')}.diagram-${i + 1}.${png ? 'png' : 'svg'}`;
    assets.push({ file: image, content: svgFile(d.svg), ...(png ? { render: 'png' as const } : {}) });
    // Pages and their images sit side by side in the export folder.
    replacements.set(figure, [diagramImage(d.title, image)]);
  });
  replaceAll(content, replacements);

  const body: ElementContent[] = [h('h1', {}, [page.titleText])];
  if (!options.flavor.frontMatter) body.push(provenanceTable(pageUrl, options.version, uiText(lang)));
  for (const notice of page.notices) body.push(h('blockquote', {}, [h('p', {}, notice.children)]));
  body.push(...content.children);
  const root: Root = { type: 'root', children: body };

  const siteLinks: string[] = [];
  // One walk over every element (a selector engine's walk per rule costs a fifth of an export).
  // Ids and classes mean nothing in Markdown; dropping them keeps the converter from guessing at them.
  // Fenced code keeps its `language-x` class: the converter writes it as the fence's info string.
  // The model's tables align numbers with a style; GFM tables take the alignment from `align`.
  visit(root, 'element', (el: Element) => {
    const href = el.properties['href'];
    if (el.tagName === 'a' && typeof href === 'string') {
      const link = rewriteSiteLink(href, route, options.site);
      if (link.kind === 'site') siteLinks.push(link.href);
      el.properties = { href: link.href };
      return;
    }
    // A heading keeps its id, which the conversion writes out where a wiki would not derive it (./to-markdown.ts).
    if (!/^h[2-6]$/.test(el.tagName)) delete el.properties['id'];
    if (el.tagName !== 'code') delete el.properties['className'];
    const align = /text-align:\s*(left|right|center)/.exec(String(el.properties['style'] ?? ''))?.[1];
    if (align && (el.tagName === 'th' || el.tagName === 'td')) el.properties['align'] = align;
  });

  const head = options.flavor.frontMatter ? frontMatter(page.titleText, pageUrl, options.version) : '';
  const markdown = head + hastToMarkdown(root);
  return { route, file, title: page.titleText, markdown, assets, siteLinks, counts: { diagrams: figures.length, excerpts: excerpts.length, calculators: calcs.length } };
}
