import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { visit } from 'unist-util-visit';
import { toString } from 'mdast-util-to-string';
import type { Link, Root } from 'mdast';
import { describe, expect, it } from 'vitest';
import { publishedUrl, sectionCitation } from '../../src/lib/citation-text.ts';

const parse = (md: string) => unified().use(remarkParse).use(remarkGfm).parse(md) as Root;
const links = (tree: Root) => {
  const found: Link[] = [];
  visit(tree, 'link', (l: Link) => void found.push(l));
  return found;
};

describe('publishedUrl', () => {
  it('joins the origin, the base-prefixed path and the anchor', () => {
    expect(publishedUrl('https://docs.example.org', '/wiki/sizing/etcd-writes/', 'writes-go-through-one-leader')).toBe(
      'https://docs.example.org/wiki/sizing/etcd-writes/#writes-go-through-one-leader',
    );
    expect(publishedUrl('https://docs.example.org/ignored/', '/x/')).toBe('https://docs.example.org/x/');
  });
  it('refuses what is not an http(s) origin or a root-relative path', () => {
    expect(() => publishedUrl('ftp://x.example', '/a/')).toThrow(/http\(s\)/);
    expect(() => publishedUrl('https://x.example', 'a/')).toThrow(/starts with "\/"/);
  });
});

describe('sectionCitation', () => {
  it('parses as one link to the section whose text names page and section, followed by the version', () => {
    const md = sectionCitation({
      page: 'Writes [and] scaling *out*',
      section: 'Why | a pipe',
      url: 'https://docs.example.org/etcd-writes/#why-a-pipe',
      version: 'guide 3bb2ecb, 2026-12-01',
    });
    const tree = parse(md);
    const [link, ...rest] = links(tree);
    expect(rest).toEqual([]);
    expect(link?.url).toBe('https://docs.example.org/etcd-writes/#why-a-pipe');
    expect(toString(link)).toBe('Writes [and] scaling *out* — Why | a pipe');
    expect(toString(tree)).toMatch(/\(guide 3bb2ecb, 2026-12-01\)$/);
  });
});
