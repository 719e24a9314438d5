import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Root, RootContent } from 'mdast';
import type { MdxJsxTextElement } from 'mdast-util-mdx-jsx';
import remarkGfm from 'remark-gfm';
import remarkMdx from 'remark-mdx';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { VFile } from 'vfile';
import { describe, expect, it } from 'vitest';
import { extractFromSource } from '../../src/lib/citations/extract.ts';
import { remarkCitationPlaces } from '../../src/plugins/remark-citation-places.ts';
import { ROOT } from '../helpers/paths.ts';

/** Runs the plugin as the build does (GFM on, so tables hold their citations), on one MDX text. */
function run(mdx: string): Root {
  const processor = unified().use(remarkParse).use(remarkMdx).use(remarkGfm).use(remarkCitationPlaces);
  const file = new VFile({ path: 'content/docs/page.mdx', value: mdx });
  return processor.runSync(processor.parse(file), file) as Root;
}

type Element = MdxJsxTextElement;
function elements(tree: Root | RootContent): Element[] {
  const own = tree.type === 'mdxJsxTextElement' || tree.type === 'mdxJsxFlowElement' ? [tree as Element] : [];
  return [...own, ...('children' in tree ? tree.children.flatMap((c) => elements(c)) : [])];
}
const attr = (el: Element, name: string) =>
  el.attributes.find((a) => a.type === 'mdxJsxAttribute' && a.name === name)?.value as string | undefined;
/** The paragraph's text with each element as «name place[/group]». */
function paragraphText(tree: Root): string[] {
  const text = (n: RootContent): string =>
    n.type === 'text'
      ? n.value
      : n.type === 'mdxJsxTextElement'
        ? `«${n.name} ${attr(n, 'place')}${attr(n, 'group') ? `/${attr(n, 'group')}` : ''}»`
        : 'children' in n
          ? n.children.map(text).join('')
          : '';
  return tree.children.filter((n) => n.type === 'paragraph').map((n) => text(n).replace(/\n/g, ' '));
}

const cite = (line: number) => `<Cite ref="a/b@v1:x.go#L${line}" expect="x" />`;
const value = (line: number) => `<Value ref="a/b@v1:x.go#L${line}" pattern="(\\d+)" unit=" s" />`;

describe('remarkCitationPlaces', () => {
  it('gives every citation element its place in document order, as the extractor lists them, on every page of the guide', () => {
    const docs = join(ROOT, 'content/docs');
    let checked = 0;
    for (const name of readdirSync(docs).filter((n) => n.endsWith('.mdx'))) {
      const source = readFileSync(join(docs, name), 'utf8');
      const extracted = extractFromSource(`content/docs/${name}`, source).citations.map((c) => c.refText);
      const placed = elements(run(source))
        .filter((el) => ['Cite', 'Value', 'Excerpt'].includes(el.name ?? ''))
        .flatMap((el) => (attr(el, 'group') ?? attr(el, 'place')!).split(',').map(Number));
      // Grouping removes the later members of a run; their places stay in the group of the first.
      expect(placed, name).toEqual(extracted.map((_, i) => i + 1));
      checked += extracted.length;
    }
    expect(checked).toBeGreaterThan(500);
  }, 60_000);

  it('makes the <Cite>s of one claim one marker and drops parentheses that held only them', () => {
    const tree = run(
      `Both are whole milliseconds (${cite(1)}, ${cite(2)};\n${cite(3)}). Next ${cite(4)} and ${cite(5)}.`,
    );
    expect(paragraphText(tree)).toEqual(['Both are whole milliseconds«Cite 1/1,2,3». Next «Cite 4/4,5».']);
  });

  it('tidies the punctuation a superscript marker no longer needs, and leaves prose alone', () => {
    expect(paragraphText(run(`refuses to start (${cite(1)}; the help says the same, ${cite(2)}).`))).toEqual([
      'refuses to start«Cite 1» (the help says the same«Cite 2»).',
    ]);
    expect(paragraphText(run(`off by default in 1.37, ${cite(1)}, so it picks.`))).toEqual([
      'off by default in 1.37«Cite 1», so it picks.',
    ]);
    expect(paragraphText(run(`a limit of ${value(1)} (${cite(2)}, used in ${cite(3)}).`))).toEqual([
      'a limit of «Value 1»«Cite 2» (used in «Cite 3»).',
    ]);
  });

  it('does not group a <Value>, which shows its number, with the <Cite>s around it', () => {
    expect(paragraphText(run(`${cite(1)}, ${value(2)}, ${cite(3)}`))).toEqual(['«Cite 1», «Value 2», «Cite 3»']);
  });

  it.each([
    ['alone on its line after a sentence', `Its default is\n${value(1)}\nand more.`, 2],
    ['as a paragraph of its own', `Text.\n\n${cite(1)}\n\nMore.`, 3],
    ['as a list item of its own', `- ${cite(1)}`, 1],
  ])('refuses a citation %s, naming the file and line', (_name, mdx, line) => {
    expect(() => run(mdx)).toThrow(/stands as a paragraph of its own/);
    try {
      run(mdx);
    } catch (e) {
      expect(String((e as { line?: number }).line)).toBe(String(line));
      expect((e as { file?: string }).file).toBe('content/docs/page.mdx');
    }
  });

  it('accepts an <Excerpt>, a block by design, and a citation inside its sentence', () => {
    expect(() =>
      run(`<Excerpt ref="a/b@v1:x.go#L1" expect="x" />\n\nIts default is ${value(1)} and more.`),
    ).not.toThrow();
  });
});
