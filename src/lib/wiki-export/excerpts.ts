/**
 * An `<Excerpt>` in the wiki: its header (repository, tag, path and lines, linked to the commit
 * permalink the build verified, and the citation's state), then the code as a fenced block in the
 * file's language. Excerpts the build could not verify have no code; their card is kept as written.
 */
import type { Element, ElementContent } from 'hast';
import { select, selectAll } from 'hast-util-select';
import { h, textContent } from './hast-edit.ts';

/**
 * Rewrites one `figure.excerpt` (src/components/Excerpt.astro) for the wiki.
 *
 * @param figure - the excerpt as built; Expressive Code's markup holds the lines, one `.ec-line` each.
 * @param where - page route, for errors.
 * @returns the header paragraph, then the code block or the unverified card.
 * @throws Error when the header link is missing (Excerpt.astro changed).
 */
export function excerptForWiki(figure: Element, where: string): ElementContent[] {
  const link = select('.excerpt-header > a', figure);
  const status = select('.excerpt-status', figure);
  const href = link?.properties['href'];
  if (!link || typeof href !== 'string' || !status) throw new Error(`/${where}: an excerpt without its header link or state: Excerpt.astro changed, update src/lib/wiki-export/excerpts.ts.`);
  const part = (cls: string): string => textContent(select(`.${cls}`, link) ?? h('span', {})).trim();
  const header = h('p', {}, [
    h('a', { href }, [`${part('excerpt-repo')}${part('excerpt-ref')} `, h('code', {}, [part('excerpt-path')]), ` ${part('excerpt-lines')}`]),
    ' ',
    ...(status.children as ElementContent[]),
  ]);
  const pre = select('pre', figure);
  if (!pre) return [header, ...selectAll('.excerpt-card', figure)];
  const lang = pre.properties['dataLanguage'];
  const lines = selectAll('.ec-line', pre).map((line) => textContent(select('.code', line) ?? line).replace(/\n$/, ''));
  const className = typeof lang === 'string' && lang !== 'plaintext' ? [`language-${lang}`] : [];
  return [header, h('pre', {}, [h('code', { className }, [lines.join('\n')])])];
}
