import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { visit } from 'unist-util-visit';
import { toString } from 'mdast-util-to-string';
import type { Link, Root, Table } from 'mdast';
import { describe, expect, it } from 'vitest';
import { designDocBlock, publishedUrl, sectionCitation, type DesignDocBlock } from '../../src/lib/citation-text.ts';

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

describe('designDocBlock', () => {
  const block: DesignDocBlock = {
    title: 'Failure tolerance',
    inputs: [
      { label: 'Voting members', value: '5' },
      { label: 'Odd | even?', value: '' },
    ],
    results: [
      { label: 'Quorum', value: '3' },
      { label: 'Members that can fail', value: '2' },
    ],
    rule: 'Quorum is ⌊n/2⌋ + 1 of the voting members; a *learner* does not count.',
    sources: [
      {
        label: 'quorum.go L10–20 @ v3.7.0',
        url: 'https://github.com/etcd-io/raft/blob/abc/quorum/majority.go#L10-L20',
        state: 'verified',
      },
    ],
    liveUrl: 'https://docs.example.org/etcd-sizing/?q.n=5#calc-quorum',
    version: 'guide 3bb2ecb, 2026-12-01 · Kubernetes v1.37.0 · etcd v3.7.0',
  };

  it('gives two GFM tables whose cells hold the inputs and results, pipes included', () => {
    const tree = parse(designDocBlock(block));
    const tables: Table[] = [];
    visit(tree, 'table', (t: Table) => void tables.push(t));
    const rows = tables.map((t) => t.children.map((r) => r.children.map((c) => toString(c))));
    expect(rows).toEqual([
      [
        ['Input', 'Value'],
        ['Voting members', '5'],
        ['Odd | even?', '—'],
      ],
      [
        ['Result', 'Value'],
        ['Quorum', '3'],
        ['Members that can fail', '2'],
      ],
    ]);
  });

  it('links every source by its permalink with its state, and the live calculator', () => {
    const md = designDocBlock(block);
    const urls = links(parse(md)).map((l) => l.url);
    expect(urls).toEqual([block.sources[0]!.url, block.liveUrl]);
    expect(md).toContain('(verified)');
    expect(toString(parse(md))).toContain('a *learner* does not count');
    expect(toString(parse(md))).toContain(block.version);
  });

  it('refuses a block with no results and a URL that would break the link', () => {
    expect(() => designDocBlock({ ...block, results: [] })).toThrow(/no results/);
    expect(() => designDocBlock({ ...block, liveUrl: 'https://x.example/<a>' })).toThrow(/cannot hold/);
  });
});
