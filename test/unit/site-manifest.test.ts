import { describe, expect, it } from 'vitest';
import type { RenderedCitation } from '../../src/lib/citations/render-data.ts';
import {
  citationsOfPage,
  countStates,
  describeStates,
  siteManifest,
  type ManifestPage,
} from '../../src/lib/site-manifest.ts';

const cite = (over: Partial<RenderedCitation>): RenderedCitation => ({
  file: 'content/docs/etcd-writes.mdx',
  line: 1,
  kind: 'cite',
  refText: 'x',
  key: 'k',
  context: 0,
  status: 'verified',
  permalink: 'https://github.com/o/r/blob/c/f#L1',
  ...over,
});

describe('citationsOfPage', () => {
  const data = {
    incomplete: true,
    citations: [
      cite({ key: 'b' }),
      cite({ key: 'b', line: 9 }),
      cite({ key: 'a', status: 'pending' }),
      cite({ key: 'other', file: 'content/docs/etcd-reads.mdx' }),
      cite({
        key: 'model',
        kind: 'source',
        file: 'src/lib/model/sources.ts',
        pages: ['/etcd-writes/'],
        status: 'provisional',
      }),
      cite({ key: 'unused', kind: 'source', file: 'src/lib/model/sources.ts', pages: ['/'] }),
    ],
  };
  it('takes the MDX file’s citations and the model sources its calculators show, once per key', () => {
    const list = citationsOfPage(data, { file: 'content/docs/etcd-writes.mdx', path: '/etcd-writes/' });
    expect(list.map((c) => c.key)).toEqual(['a', 'b', 'model']);
    expect(describeStates(countStates(list))).toBe('1 verified, 1 provisional, 1 pending');
  });
  it('says so when a page cites nothing', () => {
    expect(
      describeStates(countStates(citationsOfPage(data, { file: 'content/docs/glossary.mdx', path: '/glossary/' }))),
    ).toBe('no upstream citations');
  });
});

describe('siteManifest', () => {
  const site = {
    url: 'https://x.example/',
    lockHash: 'ab',
    guide: { commit: undefined, commitNote: 'unknown commit (not a git checkout)', date: '2026-12-01', pinned: [] },
  };
  const page = (url: string): ManifestPage => ({
    url,
    title: url,
    contentHash: '00',
    lastUpdated: { date: '2026-12-01', source: 'build' },
    citations: [],
    counts: countStates([]),
  });
  it('sorts pages by URL and refuses two pages with one URL', () => {
    expect(
      siteManifest(site, [page('https://x.example/b/'), page('https://x.example/a/')]).pages.map((p) => p.url),
    ).toEqual(['https://x.example/a/', 'https://x.example/b/']);
    expect(() => siteManifest(site, [page('https://x.example/a/'), page('https://x.example/a/')])).toThrow(/Two pages/);
  });
});
