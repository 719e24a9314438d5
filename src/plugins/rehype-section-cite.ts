import type { Element, Root } from 'hast';
import { toString } from 'hast-util-to-string';
import { visit } from 'unist-util-visit';
import type { VFile } from 'vfile';
import { TRANSLATIONS } from '../lib/i18n/locales.ts';
import { uiText } from '../lib/i18n/ui-text.ts';
import { DOCS_DIR } from '../lib/project-paths.ts';

/** Heading levels whose sections can be cited. */
const LEVELS = new Set(['level-h2', 'level-h3']);

function classes(node: Element): string[] {
  const value: unknown = node.properties['className'];
  if (Array.isArray(value)) return value.map(String);
  return typeof value === 'string' ? value.split(/\s+/) : [];
}

/** A quotation-mark icon; decorative, the button's label says what it does. */
function icon(): Element {
  const path: Element = {
    type: 'element',
    tagName: 'path',
    properties: {
      d: 'M9 6H5a2 2 0 0 0-2 2v4a2 2 0 0 0 2 2h2v1a3 3 0 0 1-3 3v2a5 5 0 0 0 5-5zm11 0h-4a2 2 0 0 0-2 2v4a2 2 0 0 0 2 2h2v1a3 3 0 0 1-3 3v2a5 5 0 0 0 5-5z',
    },
    children: [],
  };
  return {
    type: 'element',
    tagName: 'svg',
    properties: {
      width: 16,
      height: 16,
      viewBox: '0 0 24 24',
      fill: 'currentColor',
      ariaHidden: 'true',
      focusable: 'false',
    },
    children: [path],
  };
}

/**
 * Rehype plugin: gives every `h2`/`h3` a "copy a citation of this section" button, placed after
 * Starlight's anchor link inside its `div.sl-heading-wrapper`. It must therefore run after
 * Starlight's heading-links plugin; headings without a wrapper (Starlight's heading links turned
 * off) are left alone.
 *
 * The button is inert markup: the footer's script makes it work and visible, so a reader without
 * JavaScript never meets a control that does nothing, and the space it takes is reserved by CSS
 * from the first paint (no layout shift). Its accessible name names the section.
 */
export function rehypeSectionCite() {
  return (tree: Root, file: VFile) => {
    // The page's language, from its file's place: a translation's folder (src/lib/i18n/locales.ts).
    const path = (file.path ?? '').replace(/\\/g, '/');
    const lang = TRANSLATIONS.find((t) => path.includes(`/${DOCS_DIR}/${t.locale}/`))?.lang;
    const words = uiText(lang).sectionCite;
    visit(tree, 'element', (node: Element) => {
      if (node.tagName !== 'div' || !classes(node).includes('sl-heading-wrapper')) return;
      if (!classes(node).some((c) => LEVELS.has(c))) return;
      const heading = node.children.find((c): c is Element => c.type === 'element' && /^h[23]$/.test(c.tagName));
      const id = heading?.properties['id'];
      if (!heading || typeof id !== 'string') return;
      const title = toString(heading).trim();
      node.children.push({
        type: 'element',
        tagName: 'button',
        properties: {
          type: 'button',
          className: ['section-cite'],
          dataCiteSection: id,
          dataCiteTitle: title,
          ariaLabel: words.label(title),
          title: words.tooltip,
          dataCopied: words.copied,
          dataBlocked: words.blocked,
        },
        children: [icon()],
      });
    });
  };
}
