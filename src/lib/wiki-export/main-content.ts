/**
 * Picks a built page's own content out of Starlight's layout: the title, the citation notice and
 * the Markdown content, without the header, sidebars, table of contents, search, pagination or the
 * heading anchor links. Works on hast (rehype-parse's tree of the whole HTML document).
 */
import type { Element, Root } from 'hast';
import { select, selectAll } from 'hast-util-select';
import { removeMatching, textContent } from './hast-edit.ts';

/** A page's content, ready for the page-specific rewrites. */
export interface MainContent {
  /** `<h1 id="_top">`, the page title. */
  title: Element;
  /** Text of the title. */
  titleText: string;
  /**
   * The notices above the content, in page order: a translation's "the English page has changed"
   * (src/components/i18n/TranslationNotice.astro) and the "N of M upstream citations … are not
   * verified" one, each when the page has it.
   */
  notices: Element[];
  /** `.sl-markdown-content`: everything the MDX rendered. */
  content: Element;
  /** `<link rel="canonical">`: the page's address on the published site. */
  canonical: string | undefined;
}

/**
 * Elements of the layout inside the content that are chrome, not content: heading anchor links
 * ("Section titled …"), scripts and stylesheet links that Expressive Code and the calculators
 * put beside their markup, and Expressive Code's copy button. A diagram's own `<style>` stays: its
 * SVG needs it.
 */
export const CHROME_SELECTORS = ['a.sl-anchor-link', 'button.section-cite', 'script', 'link', '.expressive-code .copy'] as const;

/**
 * Finds the content of a built Starlight page and removes the chrome inside it (in place).
 *
 * @param tree - the whole document.
 * @param where - the page's route or file, for the error message.
 * @throws Error when the page has no `main h1#_top` or `.sl-markdown-content` (not a Starlight
 *   content page, or a Starlight upgrade changed its layout).
 */
export function mainContent(tree: Root, where: string): MainContent {
  const main = select('main', tree);
  const title = main && select('h1#_top', main);
  const content = main && select('.sl-markdown-content', main);
  if (!main || !title || !content) {
    throw new Error(`${where}: no <main> with <h1 id="_top"> and .sl-markdown-content: not a Starlight page as this export knows it (did the layout change?).`);
  }
  removeMatching(content, CHROME_SELECTORS);
  const notices = selectAll('aside.translation-notice, aside.citation-notice', main);
  const canonical = select('link[rel=canonical]', tree)?.properties['href'];
  return { title, titleText: textContent(title).trim(), notices, content, canonical: typeof canonical === 'string' ? canonical : undefined };
}
