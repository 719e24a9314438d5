/**
 * Checks that a Markdown channel (the design-doc copy, the wiki export) carries what a calculator's
 * result region shows: every piece of its text, every number, the same warnings and refusals with
 * the same severity, and the same links.
 */
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { visit } from 'unist-util-visit';
import { toString } from 'mdast-util-to-string';
import type { Blockquote, Link, Root } from 'mdast';
import { expect } from 'vitest';
import { ALL_CALC_WORDS } from '../../src/lib/calculators/calc-words.ts';

/** What the page's result region shows, however it was read (element tree or DOM). */
export interface ShownResult {
  /** Text nodes, each normalised, empty ones dropped. */
  leaves: readonly string[];
  /** [severity, text] of each element marked data-severity. */
  severities: readonly (readonly [string, string])[];
  /** href of each link. */
  links: readonly string[];
}

export const norm = (s: string): string => s.replace(/\s+/g, ' ').trim();
const numbers = (s: string): string[] => s.match(/\d(?:[\d,.]*\d)?/g) ?? [];

export const parseMarkdown = (md: string): Root => unified().use(remarkParse).use(remarkGfm).parse(md) as Root;

/** Text of every text, code and inline-code node of a Markdown tree, each normalised. */
function markdownLeaves(tree: Root): string[] {
  const out: string[] = [];
  visit(tree, (n) => {
    if (n.type === 'text' || n.type === 'inlineCode' || n.type === 'code')
      out.push(norm((n as { value: string }).value));
  });
  return out.filter(Boolean);
}

/** [severity, text] of every block quote that starts with a severity word ("Warning:", "Refused:", "警告："). */
export function markdownSeverities(tree: Root): [string, string][] {
  const quoted: [string, string][] = [];
  visit(tree, 'blockquote', (q: Blockquote) => {
    const text = norm(toString(q));
    // In any language the calculators speak (src/lib/calculators/calc-words.ts).
    const tone = ALL_CALC_WORDS.flatMap((w) =>
      Object.entries(w.severity).filter(([, label]) => text.startsWith(`${label}${w.colon}`)),
    )[0];
    if (tone) quoted.push([tone[0], text]);
  });
  return quoted;
}

/**
 * Asserts that `md` says what `shown` shows.
 * @param where - names the calculator and state in failure messages.
 */
export function expectMarkdownCarries(shown: ShownResult, md: string, where: string): void {
  const tree = parseMarkdown(md);
  const text = norm(toString(tree));
  const words = markdownLeaves(tree).join(' ');
  for (const leaf of shown.leaves)
    expect(text.includes(leaf) || words.includes(leaf), `${where}: missing "${leaf}"`).toBe(true);
  const mdNumbers = numbers(words);
  for (const n of numbers(shown.leaves.join(' '))) {
    const at = mdNumbers.indexOf(n);
    expect(at, `${where}: the number ${n} is not carried`).toBeGreaterThanOrEqual(0);
    mdNumbers.splice(at, 1);
  }
  expect(markdownSeverities(tree), `${where}: warnings and refusals`).toEqual(shown.severities.map(([t, s]) => [t, s]));
  const urls: string[] = [];
  visit(tree, 'link', (l: Link) => void urls.push(l.url));
  for (const href of shown.links)
    expect(
      urls.some((u) => carriesLink(u, href)),
      `${where}: link ${href}`,
    ).toBe(true);
}

/**
 * Whether a Markdown link carries a page's link: the same URL, or for a link to a page of this
 * guide the same path, query and fragment. The page links where it is served (a relative path, or
 * a loopback URL in the browser); the copy resolves against the canonical site, since a pasted
 * document has no site of its own, so only the origin may differ.
 */
function carriesLink(url: string, href: string): boolean {
  if (url === href) return true;
  if (!URL.canParse(url)) return false;
  const at = (u: URL): string => `${u.pathname}${u.search}${u.hash}`;
  const page = new URL(href, 'http://page.invalid/');
  const copy = new URL(url);
  return copy.origin !== page.origin && at(copy).endsWith(at(page));
}
