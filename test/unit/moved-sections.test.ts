import { describe, expect, it } from 'vitest';
import { forwardOf, forwardingScript, movedSectionTargets } from '../../src/lib/moved-sections.ts';

describe('movedSectionTargets', () => {
  it('prefixes each target page with the base path', () => {
    expect(movedSectionTargets({ 'writes-go-through-one-leader': '/etcd-writes/' }, '/')).toEqual({ 'writes-go-through-one-leader': '/etcd-writes/' });
    expect(movedSectionTargets({ 'what-the-watch-cache-absorbs-in-v137': '/etcd-reads/' }, '/wiki/sizing')).toEqual({
      'what-the-watch-cache-absorbs-in-v137': '/wiki/sizing/etcd-reads/',
    });
  });

  it('rejects an id that is not a heading slug, and a target that is not a page path, naming the entry', () => {
    expect(() => movedSectionTargets({ 'Writes go': '/etcd-writes/' }, '/')).toThrow(/"Writes go" is not a heading id/);
    expect(() => movedSectionTargets({ '#writes': '/etcd-writes/' }, '/')).toThrow(/is not a heading id/);
    expect(() => movedSectionTargets({ writes: 'etcd-writes/' }, '/')).toThrow(/"writes" points to "etcd-writes\/"/);
    expect(() => movedSectionTargets({ writes: '/etcd-writes/#writes' }, '/')).toThrow(/root-relative path ending in "\/"/);
    expect(() => movedSectionTargets({ writes: 'https://example.com/' }, '/')).toThrow(/points to/);
  });
});

describe('forwardOf', () => {
  const targets = { 'writes-go-through-one-leader': '/etcd-writes/', 'what-the-watch-cache-absorbs-in-v137': '/d/etcd-reads/' };

  it('sends a moved section to its new page, keeping the fragment', () => {
    expect(forwardOf('#writes-go-through-one-leader', targets)).toBe('/etcd-writes/#writes-go-through-one-leader');
    expect(forwardOf('what-the-watch-cache-absorbs-in-v137', targets)).toBe('/d/etcd-reads/#what-the-watch-cache-absorbs-in-v137');
  });

  it('stays for sections still on the page, an empty hash, inherited keys and malformed escapes', () => {
    expect(forwardOf('#why-five-members-in-production', targets)).toBeNull();
    expect(forwardOf('', targets)).toBeNull();
    expect(forwardOf('#constructor', targets)).toBeNull();
    expect(forwardOf('#%E0%A4%A', targets)).toBeNull();
  });

  it('decodes a percent-encoded fragment before looking it up', () => {
    expect(forwardOf('#writes-go-through-one-%6Ceader', targets)).toBe('/etcd-writes/#writes-go-through-one-leader');
  });

});

describe('forwardingScript', () => {
  /** Runs the script against a stand-in for `location`; returns where it navigated, if anywhere. */
  const run = (script: string, hash: string): string | null => {
    let went: string | null = null;
    new Function('location', script)({ hash, replace: (to: string) => (went = to) });
    return went;
  };
  const moved = { 'what-the-watch-cache-absorbs-in-v137': '/etcd-reads/' };

  it('replaces the location for a moved section, with the base path, and does nothing otherwise', () => {
    expect(run(forwardingScript(moved, '/wiki'), '#what-the-watch-cache-absorbs-in-v137')).toBe('/wiki/etcd-reads/#what-the-watch-cache-absorbs-in-v137');
    expect(run(forwardingScript(moved, '/'), '#summary')).toBeNull();
    expect(run(forwardingScript(moved, '/'), '')).toBeNull();
  });

  it('refuses a malformed map instead of writing a script', () => {
    expect(() => forwardingScript({ '</script>': '/x/' }, '/')).toThrow(/is not a heading id/);
  });
});
