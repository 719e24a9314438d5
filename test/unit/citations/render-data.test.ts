import { describe, expect, it } from 'vitest';
import {
  blockRelativeRange,
  findRendered,
  pagePathOf,
  renderedFor,
  sourceLinksFor,
  stateNote,
  toRenderData,
} from '../../../src/lib/citations/render-data.ts';
import { uiText } from '../../../src/lib/i18n/ui-text.ts';
import { languageOf } from '../../../src/lib/citations/language.ts';
import type { VerificationReport } from '../../../src/lib/citations/verify.ts';
import { parseCitationRef } from '../../../src/lib/citations/ref.ts';

describe('blockRelativeRange (Expressive Code marks count from the block, not the gutter)', () => {
  it('shifts a range inside context lines', () => {
    // Cited L138-L144 shown with two lines of context: the block starts at L136.
    expect(blockRelativeRange(138, 144, 136, 11)).toEqual({ start: 3, end: 9 });
  });
  it('handles a range that starts on the first line of the file (no context above)', () => {
    expect(blockRelativeRange(1, 3, 1, 5)).toEqual({ start: 1, end: 3 });
  });
  it('handles a range that ends on the last line of the file (no context below)', () => {
    // File of 40 lines, cited L38-L40, context 2: the block is L36-L40.
    expect(blockRelativeRange(38, 40, 36, 5)).toEqual({ start: 3, end: 5 });
  });
  it('refuses a range outside the block', () => {
    expect(() => blockRelativeRange(10, 12, 11, 5)).toThrow(RangeError);
    expect(() => blockRelativeRange(11, 16, 11, 5)).toThrow(/outside the block/);
  });
});

describe('render data', () => {
  const ref = 'acme/widgets@v1.0.0:src/w.go#L2-L3';
  const citation = (kind: 'Cite' | 'Excerpt', context: number) => ({
    file: 'content/docs/etcd-sizing.mdx',
    line: 7,
    column: 1,
    kind,
    refText: ref,
    ref: parseCitationRef(ref),
    key: ref,
    expect: ['x'],
    context,
    refAttrRange: { start: 0, end: 0 },
  });
  const report: VerificationReport = {
    citations: [
      {
        citation: citation('Cite', 0),
        key: ref,
        status: 'pending',
        permalink: 'https://github.com/acme/widgets/blob/v1.0.0/src/w.go#L2-L3',
        messages: [],
      },
      {
        citation: citation('Excerpt', 1),
        key: ref,
        status: 'verified',
        commit: 'a'.repeat(40),
        lines: ['one', 'two', 'three', 'four'],
        firstLine: 1,
        lineCount: 9,
        permalink: `https://github.com/acme/widgets/blob/${'a'.repeat(40)}/src/w.go#L2-L3`,
        messages: ['note'],
      },
    ],
    errors: [],
    warnings: [],
    configErrors: [],
    notReResolved: [],
    calculators: new Map(),
  };

  it('keeps lines only for verified citations and flags an incomplete build', () => {
    const data = toRenderData(report);
    expect(data.incomplete).toBe(true);
    expect(data.citations[0]).not.toHaveProperty('lines');
    expect(data.citations[1]).toMatchObject({
      kind: 'excerpt',
      status: 'verified',
      firstLine: 1,
      lines: ['one', 'two', 'three', 'four'],
    });
    expect(JSON.stringify(data)).not.toContain('note');
  });

  it('finds a component by ref, kind and (for excerpts) context', () => {
    const data = toRenderData(report);
    expect(findRendered(data, ref, 'cite')?.status).toBe('pending');
    expect(findRendered(data, ref, 'excerpt', 1)?.status).toBe('verified');
    expect(findRendered(data, ref, 'excerpt', 2)).toBeUndefined();
  });

  it('maps MDX files to page paths', () => {
    expect(pagePathOf('content/docs/index.mdx')).toBe('/');
    expect(pagePathOf('content/docs/etcd-sizing.mdx')).toBe('/etcd-sizing/');
    expect(pagePathOf('content/docs/guides/index.md')).toBe('/guides/');
  });
});

describe('languageOf', () => {
  it.each([
    ['server/etcdserver/v3_server.go', 'go'],
    ['go.mod', 'go'],
    ['docs/README.md', 'md'],
    ['Makefile', 'makefile'],
    ['LICENSE', 'txt'],
    ['weird.ext', 'txt'],
  ])('%s → %s', (path, lang) => expect(languageOf(path)).toBe(lang));
});

describe('links a calculator embeds', () => {
  const ref = 'kubernetes/kubernetes@v1.37.0:staging/src/k8s.io/apiserver/pkg/x.go#L3-L4';
  const other = 'etcd-io/etcd@v3.7.0:server/y.go#L1';
  const source = (refText: string, name: string) => ({
    file: 'src/lib/model/sources.ts',
    line: 1,
    column: 1,
    kind: 'Source' as const,
    name,
    refText,
    ref: parseCitationRef(refText),
    key: refText,
    expect: ['x'],
    context: 0,
    refAttrRange: { start: 0, end: 0 },
  });
  const report: VerificationReport = {
    citations: [
      {
        citation: source(ref, 'x'),
        key: ref,
        status: 'provisional',
        commit: 'c'.repeat(40),
        read: { repo: 'kubernetes/apiserver', ref: 'v0.37.0-beta.0', path: 'pkg/x.go' },
        permalink: 'https://github.com/kubernetes/apiserver/blob/c/pkg/x.go#L3-L4',
        messages: [],
      },
      {
        citation: source(other, 'y'),
        key: other,
        status: 'verified',
        commit: 'd'.repeat(40),
        permalink: 'https://github.com/etcd-io/etcd/blob/d/server/y.go#L1',
        messages: [],
      },
    ],
    errors: [],
    warnings: [],
    configErrors: [],
    notReResolved: [],
    calculators: new Map(),
  };
  const usage = new Map([
    ['x', { calculators: ['readPath'], pages: ['/etcd-reads/'] }],
    ['y', { calculators: ['readPath', 'overrides'], pages: [] }],
  ]);
  it('carry the permalink, the state and the build\u2019s words for an unverified state, for that calculator only', () => {
    const data = toRenderData(report, usage);
    expect(sourceLinksFor(data, 'readPath', uiText('en').citations)).toEqual({
      [ref]: {
        href: 'https://github.com/kubernetes/apiserver/blob/c/pkg/x.go#L3-L4',
        status: 'provisional',
        note: 'provisional, checked at v1.37.0-beta.0',
      },
      [other]: { href: 'https://github.com/etcd-io/etcd/blob/d/server/y.go#L1', status: 'verified' },
    });
    expect(Object.keys(sourceLinksFor(data, 'overrides', uiText('en').citations))).toEqual([other]);
  });
  it('word the state note in the calculator\u2019s language, as the page\u2019s markers say it', () => {
    const data = toRenderData(report, usage);
    const ja = uiText('ja').citations;
    expect(sourceLinksFor(data, 'readPath', ja)[ref]!.note).toBe(ja.provisional('v1.37.0-beta.0'));
    expect(sourceLinksFor(data, 'readPath', ja)[ref]!.note).toBe('暫定：v1.37.0-beta.0 で確認');
    expect(stateNote({ status: 'pending', refText: ref }, ja)?.short).toBe(ja.pending);
    expect(stateNote(undefined, ja)?.short).toBe('このビルドでは未検証');
  });
  it('a component the extractor did not see fails the build, unless the build ran without verification', () => {
    const data = toRenderData(report, usage);
    expect(() => renderedFor(data, 'acme/x@v1:a.go#L1', 'cite', 0, '/p/')).toThrow(
      /<Cite ref="acme\/x@v1:a\.go#L1"> on \/p\/ was not found by the citation extractor/,
    );
    expect(renderedFor({ citations: [], incomplete: false }, 'acme/x@v1:a.go#L1', 'cite', 0, '/p/')).toBeUndefined();
  });
});
