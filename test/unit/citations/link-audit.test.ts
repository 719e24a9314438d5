import { describe, expect, it } from 'vitest';
import { citationRefsIn, sourceLinksIn } from '../../../src/lib/citations/link-audit.ts';

describe('finding links to upstream files in built output', () => {
  it('finds every spelling a browser follows to a file, a tree or an archive', () => {
    for (const link of [
      'https://github.com/a/b/blob/v1/x.go#L1',
      'https://GitHub.com/a/b/blob/master/x.go',
      'http://www.github.com:443/a/b/tree/main/pkg',
      '//github.com/a/b/raw/v1/x.go',
      'https://github.com/a/b/edit/main/x.go',
      'https://github.com/a/b/compare/v1...v2',
      'https://github.com/a/b/archive/refs/tags/v1.zip',
      'https://raw.githubusercontent.com/a/b/v1/x.go',
      'https://codeload.github.com/a/b/zip/v1',
      'https://api.github.com/repos/a/b/contents/x.go?ref=v1',
    ])
      expect(sourceLinksIn(`<a href="${link}">x</a>`), link).toHaveLength(1);
    expect(sourceLinksIn('<a href="https://github.com/a/b/%62lob/v1/x.go">')).toEqual([
      'https://github.com/a/b/blob/v1/x.go',
    ]);
  });
  it('leaves issues, pull requests and repository front pages alone', () => {
    for (const link of [
      'https://github.com/kubernetes/website/issues/33033',
      'https://github.com/a/b/pull/1',
      'https://github.com/k3s-io/kine',
      'https://github.com/a',
    ]) {
      expect(sourceLinksIn(`<a href="${link}">`), link).toEqual([]);
    }
  });
  it('finds citation refs in scripts', () => {
    expect(citationRefsIn('const a=`etcd-io/etcd@v3.7.0:server/x.go#L1-L2`,b="no@ref"')).toEqual([
      'etcd-io/etcd@v3.7.0:server/x.go#L1-L2',
    ]);
  });
});
