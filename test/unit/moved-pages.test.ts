import { describe, expect, it } from 'vitest';
import { forwardingPage, pageRenames } from '../../src/lib/moved-pages.ts';

const pages = [
  { path: '/' },
  { path: '/etcd-sizing/', renamedFrom: ['/etcd-members/', '/members/'] },
  { path: '/colocation/' },
];

describe('pageRenames', () => {
  it('maps each old path to its page, with the base on both ends', () => {
    expect(pageRenames(pages, '/wiki/sizing')).toEqual([
      { from: '/wiki/sizing/etcd-members/', to: '/wiki/sizing/etcd-sizing/' },
      { from: '/wiki/sizing/members/', to: '/wiki/sizing/etcd-sizing/' },
    ]);
  });
  it('refuses a malformed path, a path that is a page, and a path two pages claim', () => {
    expect(() => pageRenames([{ path: '/a/', renamedFrom: ['etcd-members'] }], '/')).toThrow(/not a page path/);
    expect(() => pageRenames([...pages, { path: '/b/', renamedFrom: ['/colocation/'] }], '/')).toThrow(
      /page that exists/,
    );
    expect(() => pageRenames([...pages, { path: '/b/', renamedFrom: ['/members/'] }], '/')).toThrow(
      /also listed by \/etcd-sizing\//,
    );
  });
});

describe('forwardingPage', () => {
  const html = forwardingPage({ from: '/members/', to: '/etcd-sizing/' }, 'https://docs.example.org');
  it('forwards with query and fragment by script, and by refresh and link without one', () => {
    expect(html).toContain('<script>location.replace("/etcd-sizing/"+location.search+location.hash)</script>');
    expect(html).toContain('<meta http-equiv="refresh" content="0; url=/etcd-sizing/">');
    expect(html).toContain('<a href="/etcd-sizing/">');
  });
  it('points search engines at the new page only', () => {
    expect(html).toContain('<link rel="canonical" href="https://docs.example.org/etcd-sizing/">');
    expect(html).toContain('<meta name="robots" content="noindex">');
  });
  it('runs the forwarding before anything else loads', () => {
    expect(html.indexOf('<script>')).toBeLessThan(html.indexOf('http-equiv'));
  });
});
