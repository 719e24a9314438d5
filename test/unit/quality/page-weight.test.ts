import { describe, expect, it } from 'vitest';
import {
  addBytes,
  cssUrls,
  dynamicChunkFilter,
  inlineSvgs,
  kindOf,
  pageRefs,
} from '../../../src/lib/quality/page-weight.ts';

describe('pageRefs', () => {
  const html = `<html><head>
    <link rel="stylesheet" href="/_astro/print.css" media="print">
    <link rel="stylesheet" href="/_astro/common.css"><link rel="stylesheet" href="/_astro/common.css"/>
    <link rel="shortcut icon" href="/favicon.svg" type="image/svg+xml"/>
    <link rel="canonical" href="https://example.org/x/"/><link rel="sitemap" href="/sitemap-index.xml"/>
    <link rel="preload" as="font" href='/f.woff2' crossorigin>
    <script type="module" src="/_astro/page.js"></script><script>inline()</script>
  </head><body><img src="data:image/png;base64,AAA"><img alt="" src=/a.png></body></html>`;
  it('lists stylesheets (print too, once each), scripts and media, skipping data: URLs and non-fetched links', () => {
    expect(pageRefs(html)).toEqual({
      stylesheets: ['/_astro/print.css', '/_astro/common.css'],
      scripts: ['/_astro/page.js'],
      media: ['/favicon.svg', '/f.woff2', '/a.png'],
    });
  });
});

describe('cssUrls', () => {
  it('finds quoted and bare url() references, not data: or fragment ones', () => {
    const css = `@font-face{src:url("./f.woff2") format("woff2"),url(f.woff)}a{background:url('/i.png')}b{mask:url(data:image/svg+xml,%3Csvg%3E)}c{filter:url(#f)}`;
    expect(cssUrls(css)).toEqual(['./f.woff2', 'f.woff', '/i.png']);
  });
});

describe('kindOf', () => {
  it.each([
    ['/_astro/a.css', 'css'],
    ['/_astro/a.js?v=1', 'js'],
    ['/f.woff2', 'font'],
    ['/x.svg#icon', 'svg'],
    ['/p.webp', 'image'],
    ['/sitemap.xml', null],
  ])('%s is %s', (url, kind) => expect(kindOf(url)).toBe(kind));
});

describe('inlineSvgs', () => {
  it('returns outermost svg elements, nested ones inside', () => {
    const a = '<svg viewBox="0 0 1 1"><svg><rect/></svg></svg>';
    const b = '<SVG><path/></SVG >';
    expect(inlineSvgs(`<p>${a}</p><div>${b}</div><svgx>`)).toEqual([a, b]);
  });
  it('ignores an unclosed svg', () => {
    expect(inlineSvgs('<svg><path/>')).toEqual([]);
  });
});

it('addBytes sums raw and gzip separately', () => {
  expect(addBytes({ raw: 10, gzip: 4 }, { raw: 5, gzip: 2 })).toEqual({ raw: 15, gzip: 6 });
  expect(addBytes()).toEqual({ raw: 0, gzip: 0 });
});

describe('dynamicChunkFilter', () => {
  const keep = dynamicChunkFilter(
    '<div class="calc__body" data-calc="readPath" data-url-prefix="p."></div><div data-calc="quorum"></div>',
  );
  it('keeps the client modules of the calculators on the page (camelCase id \u2192 kebab-case file)', () => {
    expect(keep('read-path.client.D70rVEFI.js')).toBe(true);
    expect(keep('quorum.client.Bw0jO_MX.js')).toBe(true);
  });
  it('drops the client modules of calculators the page does not hold', () => {
    expect(keep('write-path.client.DswTPWNi.js')).toBe(false);
    expect(keep('apiserver.client.X.js')).toBe(false);
  });
  it('keeps every chunk that is not a calculator client module', () => {
    expect(keep('mermaid.core.X.js')).toBe(true);
    expect(keep('calc.X.js')).toBe(true);
  });
});
