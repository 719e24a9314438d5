import { describe, expect, it } from 'vitest';
import { forwardOf, forwardingScript, movedTargets, type ForwardTargets } from '../../src/lib/moved-sections.ts';

describe('movedTargets', () => {
  it('prefixes each target page with the base path', () => {
    expect(movedTargets({ sections: { 'writes-go-through-one-leader': '/etcd-writes/' } }, '/')).toEqual({
      sections: { 'writes-go-through-one-leader': '/etcd-writes/' },
      calculators: {},
    });
    expect(
      movedTargets(
        { sections: { 'what-the-watch-cache-absorbs-in-v137': '/etcd-reads/' }, calculators: { p: '/etcd-reads/' } },
        '/wiki/sizing',
      ),
    ).toEqual({
      sections: { 'what-the-watch-cache-absorbs-in-v137': '/wiki/sizing/etcd-reads/' },
      calculators: { p: '/wiki/sizing/etcd-reads/' },
    });
  });

  it('accepts every id github-slugger can write: double hyphens, underscores, non-ASCII letters', () => {
    const ids = ['writes--one-leader', 'etcd_member-sizing', 'größe'];
    expect(
      Object.keys(movedTargets({ sections: Object.fromEntries(ids.map((id) => [id, '/x/'])) }, '/').sections),
    ).toEqual(ids);
  });

  it('rejects what could not be a slug, a prefix or a page, naming the entry', () => {
    expect(() => movedTargets({ sections: { 'Writes go': '/etcd-writes/' } }, '/')).toThrow(
      /"Writes go" is not a heading id/,
    );
    expect(() => movedTargets({ sections: { '</script>': '/x/' } }, '/')).toThrow(/is not a heading id/);
    expect(() => movedTargets({ sections: { writes: 'etcd-writes/' } }, '/')).toThrow(
      /"writes" points to "etcd-writes\/"/,
    );
    expect(() => movedTargets({ sections: { writes: '/etcd-writes/#writes' } }, '/')).toThrow(
      /root-relative path ending in "\/"/,
    );
    expect(() => movedTargets({ sections: { writes: 'https://example.com/' } }, '/')).toThrow(/points to/);
    expect(() => movedTargets({ calculators: { x: '/etcd-writes/' } }, '/')).toThrow(
      /"x" is not a calculator's URL prefix: use one of q, a, w/,
    );
    expect(() => movedTargets({ calculators: { 'w.': '/etcd-writes/' } }, '/')).toThrow(
      /not a calculator's URL prefix/,
    );
  });

  it('refuses a moved id that is still a heading on the page', () => {
    expect(() =>
      movedTargets({ sections: { summary: '/etcd-writes/' } }, '/', ['odd-member-counts', 'summary']),
    ).toThrow(/"summary" is still a heading on this page/);
  });
});

describe('forwardOf', () => {
  const targets: ForwardTargets = {
    sections: {
      'writes-go-through-one-leader': '/etcd-writes/',
      'what-the-watch-cache-absorbs-in-v137': '/d/etcd-reads/',
    },
    calculators: { w: '/etcd-writes/', o: '/etcd-writes/', p: '/d/etcd-reads/' },
  };

  it('sends a moved section to its new page, keeping the query and the fragment', () => {
    expect(forwardOf('#writes-go-through-one-leader', '', targets)).toBe('/etcd-writes/#writes-go-through-one-leader');
    expect(forwardOf('what-the-watch-cache-absorbs-in-v137', '?p.verb=GET', targets)).toBe(
      '/d/etcd-reads/?p.verb=GET#what-the-watch-cache-absorbs-in-v137',
    );
  });

  it('stays for sections still on the page, inherited keys and malformed escapes, whatever the query', () => {
    expect(forwardOf('#why-five-members-in-production', '?p.verb=GET', targets)).toBeNull();
    expect(forwardOf('#constructor', '', targets)).toBeNull();
    expect(forwardOf('#__proto__', '', targets)).toBeNull();
    expect(forwardOf('#%E0%A4%A', '', targets)).toBeNull();
  });

  it('decodes a percent-encoded fragment before looking it up', () => {
    expect(forwardOf('#writes-go-through-one-%6Ceader', '', targets)).toBe(
      '/etcd-writes/#writes-go-through-one-leader',
    );
  });

  it('without a fragment, follows calculator state that moved, all of it to one page', () => {
    expect(forwardOf('', '?w.n=5&o.v=%2Fpods%23https%3A%2F%2Fe%3A2379', targets)).toBe(
      '/etcd-writes/?w.n=5&o.v=%2Fpods%23https%3A%2F%2Fe%3A2379',
    );
    expect(forwardOf('', '?p.verb=GET&utm_source=wiki', targets)).toBe('/d/etcd-reads/?p.verb=GET&utm_source=wiki');
  });

  it('without a fragment, stays when the query holds state of a calculator still here, or of two pages, or none', () => {
    expect(forwardOf('', '?q.n=5&w.n=5', targets)).toBeNull();
    expect(forwardOf('', '?w.n=5&p.verb=GET', targets)).toBeNull();
    expect(forwardOf('', '?utm_source=wiki', targets)).toBeNull();
    expect(forwardOf('', '', targets)).toBeNull();
  });
});

describe('forwardingScript', () => {
  /** Runs the script against a stand-in for `location`; returns where it navigated, if anywhere. */
  const run = (script: string, hash: string, search = ''): string | null => {
    let went: string | null = null;
    new Function('location', script)({ hash, search, replace: (to: string) => (went = to) });
    return went;
  };
  const targets = movedTargets(
    { sections: { 'what-the-watch-cache-absorbs-in-v137': '/etcd-reads/' }, calculators: { p: '/etcd-reads/' } },
    '/wiki',
  );

  it('replaces the location for what moved, with the base path, and does nothing otherwise', () => {
    expect(run(forwardingScript(targets), '#what-the-watch-cache-absorbs-in-v137', '?p.rv=0')).toBe(
      '/wiki/etcd-reads/?p.rv=0#what-the-watch-cache-absorbs-in-v137',
    );
    expect(run(forwardingScript(targets), '', '?p.rv=0')).toBe('/wiki/etcd-reads/?p.rv=0');
    expect(run(forwardingScript(targets), '#summary')).toBeNull();
    expect(run(forwardingScript(targets), '')).toBeNull();
  });
});
