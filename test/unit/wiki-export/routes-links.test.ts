import { flavorOf } from '../../../src/lib/wiki-export/flavors.ts';
import { describe, expect, it } from 'vitest';
import { exportFileOf, relativeFileLink, siteOfCanonical } from '../../../src/lib/wiki-export/routes.ts';
import { rewriteSiteLink, type SiteLinkContext } from '../../../src/lib/wiki-export/site-links.ts';

describe('exportFileOf and relativeFileLink', () => {
  it('names one file per route and links between them relatively', () => {
    expect(exportFileOf('')).toBe('index.md');
    expect(exportFileOf('etcd-sizing/')).toBe('etcd-sizing.md');
    expect(exportFileOf('guides/etcd/')).toBe('guides/etcd.md');
    expect(relativeFileLink('etcd-sizing.md', 'etcd-writes.md')).toBe('etcd-writes.md');
    expect(relativeFileLink('guides/etcd.md', 'index.md')).toBe('../index.md');
    expect(() => exportFileOf('/etcd-sizing/')).toThrow(/not a page path/);
    expect(() => exportFileOf('etcd-sizing')).toThrow(/not a page path/);
  });

  it('reads the base path from the canonical URL', () => {
    expect(siteOfCanonical('https://h.example/wiki/sizing/')).toEqual({ origin: 'https://h.example', base: '/wiki/sizing/' });
    expect(siteOfCanonical('https://h.example/')).toEqual({ origin: 'https://h.example', base: '/' });
    expect(() => siteOfCanonical('/relative/')).toThrow(/not an absolute URL/);
  });
});

describe('rewriteSiteLink', () => {
  const ctx = (base: string): SiteLinkContext => ({
    base,
    routes: new Set(['', 'etcd-sizing/', 'etcd-writes/', 'glossary/']),
    moved: { 'etcd-sizing/': { 'writes-go-through-one-leader': '/etcd-writes/' } },
    baseUrl: 'https://pub.example/guide/',
    pageLink: flavorOf('mkdocs').pageLink,
  });

  it.each(['/', '/wiki/sizing/'])('makes links between pages relative, with their anchors (base %s)', (base) => {
    const c = ctx(base);
    expect(rewriteSiteLink(`${base}glossary/#quorum`, 'etcd-sizing/', c)).toEqual({ kind: 'page', href: 'glossary.md#quorum', route: 'glossary/', anchor: 'quorum' });
    expect(rewriteSiteLink(`${base}etcd-writes/`, 'etcd-sizing/', c).href).toBe('etcd-writes.md');
    expect(rewriteSiteLink(base, 'etcd-sizing/', c).href).toBe('index.md');
    expect(rewriteSiteLink('#summary', 'etcd-sizing/', c).href).toBe('#summary');
    expect(rewriteSiteLink('../glossary/', 'etcd-sizing/', c).href).toBe('glossary.md');
    expect(rewriteSiteLink(`${base}etcd-writes/#_top`, 'etcd-sizing/', c).href).toBe('etcd-writes.md');
  });

  it('follows a section that moved to its new page, also from the page it left', () => {
    const c = ctx('/');
    expect(rewriteSiteLink('/etcd-sizing/#writes-go-through-one-leader', 'glossary/', c).href).toBe('etcd-writes.md#writes-go-through-one-leader');
    expect(rewriteSiteLink('#writes-go-through-one-leader', 'etcd-sizing/', c).href).toBe('etcd-writes.md#writes-go-through-one-leader');
    const broken = { ...c, moved: { 'etcd-sizing/': { x: '/gone/' } } };
    expect(() => rewriteSiteLink('/etcd-sizing/#x', 'glossary/', broken)).toThrow(/moved to \/gone\/, which is not a page/);
  });

  it('sends other site links to the base URL and leaves external links alone', () => {
    const c = ctx('/wiki/sizing/');
    expect(rewriteSiteLink('/wiki/sizing/favicon.svg', '', c)).toEqual({ kind: 'site', href: 'https://pub.example/guide/favicon.svg' });
    // A query is calculator state: only the live page can use it.
    expect(rewriteSiteLink('/wiki/sizing/etcd-writes/?w.n=5#w-title', '', c).href).toBe('https://pub.example/guide/etcd-writes/?w.n=5#w-title');
    expect(rewriteSiteLink('/elsewhere/', '', c).href).toBe('https://pub.example/elsewhere/');
    for (const href of ['https://etcd.io/docs/', 'mailto:a@b.example']) expect(rewriteSiteLink(href, '', c)).toEqual({ kind: 'external', href });
  });
});
