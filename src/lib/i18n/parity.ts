/**
 * What a translated page must share with its English page: the same evidence (every component
 * with the same attributes: citations, excerpts, Values, calculators, lab figures and facts,
 * tables), the same heading anchors, and links to the same pages and sections. A translation
 * rewrites the prose around them and nothing else.
 */
import type { Heading, Root, RootContent } from 'mdast';
import type {} from 'mdast-util-mdx';
import GithubSlugger from 'github-slugger';
import { toString } from 'mdast-util-to-string';
import { scanMdx } from '../mdx-scan.ts';
import { headingIdOf } from './heading-id.ts';

/** The parts of a page that its translations must keep, each as a sorted list of strings. */
export interface PageEvidence {
  /** Each component as `<Name attr="value" …>`, attributes sorted, in page order. */
  components: string[];
  /** Heading anchors in page order. */
  anchors: string[];
  /**
   * Root-relative link targets with the locale prefix removed (`/ja/glossary/#quorum` → `/glossary/#quorum`), sorted.
   * Links inside an element marked with another language (`<div lang="ja">`) point a reader of that
   * language to their own edition, so they are not part of the page's links.
   */
  links: string[];
}

function attributesOf(node: { attributes: unknown[] }): string {
  return (node.attributes as { type: string; name?: string; value?: unknown }[])
    .map((a) => {
      if (a.type !== 'mdxJsxAttribute') return '{…spread}';
      const v = a.value;
      const text =
        v === null || v === undefined
          ? ''
          : typeof v === 'string'
            ? JSON.stringify(v)
            : `{${(v as { value: string }).value}}`;
      return `${a.name}=${text}`;
    })
    .sort()
    .join(' ');
}

function anchorOf(heading: Heading, slugger: GithubSlugger): string {
  const last = heading.children.at(-1);
  const own = last?.type === 'mdxTextExpression' ? headingIdOf(last.value) : undefined;
  // The English page's anchor is the slug Starlight gives its text; count it so later duplicates number on.
  return own ?? slugger.slug(toString(heading));
}

/**
 * The evidence, anchors and links of one MDX page.
 * @param source - the page's MDX text.
 * @param locale - its translation's prefix (`ja`), stripped from its links; undefined for English.
 * @throws MdxSyntaxError when the text is not valid MDX.
 */
export function pageEvidence(source: string, locale?: string): PageEvidence {
  const tree = scanMdx(source).tree;
  const out: PageEvidence = { components: [], anchors: [], links: [] };
  const slugger = new GithubSlugger();
  const prefix = locale ? new RegExp(`^/${locale}(?=/)`) : undefined;
  // remark-mdx reads the frontmatter as a rule and a setext heading; it is no part of the body.
  const bodyStart = /^---\r?\n[\s\S]*?\r?\n---(?:\r?\n|$)/.exec(source)?.[0].length ?? 0;
  const walk = (node: Root | RootContent, otherLanguage = false): void => {
    if (node.type !== 'root' && (node.position?.start.offset ?? bodyStart) < bodyStart) return;
    let other = otherLanguage;
    if (node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') {
      if (node.name && /^[A-Z]/.test(node.name)) out.components.push(`<${node.name} ${attributesOf(node)}>`);
      else other ||= node.attributes.some((a) => a.type === 'mdxJsxAttribute' && a.name === 'lang');
    } else if (node.type === 'heading') out.anchors.push(anchorOf(node, slugger));
    else if (node.type === 'link' && node.url.startsWith('/') && !other)
      out.links.push(prefix ? node.url.replace(prefix, '') : node.url);
    if ('children' in node) for (const child of node.children) walk(child, other);
  };
  walk(tree);
  out.links = [...new Set(out.links)].sort();
  return out;
}

/** One difference between a translation and its English page. */
export interface ParityDifference {
  part: keyof PageEvidence;
  /** Present in the English page only. */
  missing: string[];
  /** Present in the translation only. */
  extra: string[];
}

function multisetDifference(a: readonly string[], b: readonly string[]): string[] {
  const left = new Map<string, number>();
  for (const x of a) left.set(x, (left.get(x) ?? 0) + 1);
  for (const x of b) left.set(x, (left.get(x) ?? 0) - 1);
  return [...left].flatMap(([x, n]) => Array<string>(Math.max(n, 0)).fill(x));
}

/**
 * How a translation differs from its English page; empty when it keeps everything.
 * Components and links are compared as sets with counts; anchors also in order, since a reordered
 * heading moves a section (an order-only difference lists the anchors that moved).
 */
export function parityDifferences(english: PageEvidence, translation: PageEvidence): ParityDifference[] {
  const diffs: ParityDifference[] = [];
  for (const part of ['components', 'anchors', 'links'] as const) {
    const missing = multisetDifference(english[part], translation[part]);
    const extra = multisetDifference(translation[part], english[part]);
    if (missing.length || extra.length) diffs.push({ part, missing, extra });
  }
  const sameSet = !diffs.some((d) => d.part === 'anchors');
  if (sameSet) {
    const moved = english.anchors.filter((a, i) => translation.anchors[i] !== a);
    if (moved.length) diffs.push({ part: 'anchors', missing: [], extra: moved.map((a) => `${a} (out of order)`) });
  }
  return diffs;
}
