import { describe, expect, it } from 'vitest';
import { frontMatterHtml, tableOfContents } from '../../src/lib/book.ts';
import type { NavEntry } from '../../src/lib/sidebar-order.ts';

const nav: NavEntry[] = [
  { label: 'Overview', route: '' },
  {
    label: 'Chapters',
    items: [
      { label: 'A', route: 'a/' },
      { label: 'B', route: 'b/' },
    ],
  },
  { label: 'Reference', items: [{ label: 'C', route: 'c/' }] },
];

describe('tableOfContents', () => {
  it('numbers each chapter from the sheets before it, after the front matter', () => {
    const toc = tableOfContents(
      nav,
      [
        { route: '', title: 'Overview', sheets: 2 },
        { route: 'a/', title: 'A', sheets: 5 },
        { route: 'c/', title: 'C', sheets: 1 },
      ],
      2,
    );
    expect(toc).toEqual([
      { title: 'Overview', route: '', depth: 0, page: 3 },
      { group: 'Chapters', depth: 0 },
      { title: 'A', route: 'a/', depth: 1, page: 5 },
      { group: 'Reference', depth: 0 },
      { title: 'C', route: 'c/', depth: 1, page: 10 },
    ]);
  });

  it('leaves out groups with no printed page, and refuses chapters out of the sidebar’s order', () => {
    expect(
      tableOfContents(nav, [{ route: 'c/', title: 'C', sheets: 1 }], 1).map((l) => ('group' in l ? l.group : l.title)),
    ).toEqual(['Reference', 'C']);
    const swapped = [
      { route: 'b/', title: 'B', sheets: 1 },
      { route: 'a/', title: 'A', sheets: 1 },
    ];
    expect(() => tableOfContents(nav, swapped, 1)).toThrow(/not in the sidebar's order/);
  });
});

describe('frontMatterHtml', () => {
  it('escapes every text it is given', () => {
    const html = frontMatterHtml(
      { lang: 'ja', title: 'A <b> & "c"', contents: '目次 <i>', version: 'v<1>', site: 'https://x/?a=1&b=2' },
      [{ title: '<script>', route: 'a/', depth: 0, page: 3 }],
    );
    expect(html).not.toContain('<script>');
    expect(html).toContain('A &lt;b&gt; &amp; &quot;c&quot;');
    expect(html).toContain('https://x/?a=1&amp;b=2');
    expect(html).toContain('<html lang="ja">');
    expect(html).toContain('<h2>目次 &lt;i&gt;</h2>');
  });
});
