import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { normalizeBase, withBase } from '../../src/lib/base-path.ts';

describe('normalizeBase', () => {
  it.each([
    [undefined, '/'],
    ['', '/'],
    ['/', '/'],
    ['wiki/sizing', '/wiki/sizing'],
    ['/wiki/sizing/', '/wiki/sizing'],
    ['  /docs  ', '/docs'],
  ])('%j → %j', (raw, expected) => {
    expect(normalizeBase(raw)).toBe(expected);
  });

  it.each(['https://wiki.example/sizing', '//cdn/x', '/a/../b', '/wiki sizing', '/a?b', '/a#b'])(
    'rejects %j with a message',
    (raw) => {
      expect(() => normalizeBase(raw)).toThrow(/SITE_BASE/);
    },
  );
});

describe('withBase', () => {
  it('prefixes root-relative links, keeps the fragment', () => {
    expect(withBase('/etcd-sizing/#quorum', '/wiki/sizing')).toBe('/wiki/sizing/etcd-sizing/#quorum');
    expect(withBase('/', '/wiki/sizing')).toBe('/wiki/sizing/');
  });
  it('leaves external, protocol-relative, relative and fragment links alone', () => {
    for (const href of ['https://etcd.io/', '//example.org/x', 'glossary/', '#quorum', 'mailto:a@b']) {
      expect(withBase(href, '/wiki/sizing')).toBe(href);
    }
  });
  it('is a no-op without a base and idempotent with one', () => {
    fc.assert(
      fc.property(fc.webPath(), (path) => {
        const href = '/' + path.replace(/^\/+/, '');
        expect(withBase(href, '/')).toBe(href);
        const once = withBase(href, '/wiki/sizing');
        expect(withBase(once, '/wiki/sizing')).toBe(once);
        expect(once.startsWith('/wiki/sizing')).toBe(true);
      }),
    );
  });
});
