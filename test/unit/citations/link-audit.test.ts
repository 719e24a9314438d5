import { describe, expect, it } from 'vitest';
import {
  auditPageLinks,
  auditScriptLinks,
  citationRefsIn,
  sourceUrlOf,
} from '../../../src/lib/citations/link-audit.ts';

const PERMALINK = 'https://github.com/etcd-io/etcd/blob/0123456789abcdef0123456789abcdef01234567/server/x.go#L1-L2';
const allowed = new Set([PERMALINK]);

describe('finding links to upstream files as a browser reads them', () => {
  it('finds every spelling a browser follows to a file, a tree, an archive or a contents endpoint', () => {
    for (const link of [
      'https://github.com/a/b/blob/v1/x.go#L1',
      'https://GitHub.com/a/b/BLOB/master/x.go',
      'http://www.github.com:443/a/b/tree/main/pkg',
      '//github.com/a/b/raw/v1/x.go',
      'https://github.com/a/b/edit/main/x.go',
      'https://github.com/a/b/compare/v1...v2',
      'https://github.com/a/b/archive/refs/tags/v1.zip',
      'https://raw.githubusercontent.com/a/b/v1/x.go',
      'https://codeload.github.com/a/b/zip/v1',
      'https://api.github.com/repos/a/b/contents/x.go?ref=v1',
      'https://github.com/a/b/%62lob/v1/x.go',
    ])
      expect(sourceUrlOf(link), link).not.toBeNull();
  });

  // The spellings an attacker got past a text search, each of which Chromium opens as the file.
  it('sees through disguised hosts: percent-encoding, missing slashes, backslashes, tabs, IDNA', () => {
    for (const link of [
      'https://github%2Ecom/a/b/blob/v1/x.go',
      'https:github.com/a/b/blob/v1/x.go',
      'https:/github.com/a/b/blob/v1/x.go',
      'https:\\\\github.com\\a\\b\\blob\\v1\\x.go',
      'https://git\thub.com/a/b/blob/v1/x.go',
      'https://git\nhub.com/a/b/blob/v1/x.go',
      'https://github\u3002com/a/b/blob/v1/x.go',
      'https://\uff47\uff49\uff54\uff48\uff55\uff42.com/a/b/blob/v1/x.go',
      'https://github.com./a/b/blob/v1/x.go',
      ' HTTPS://RAW.GITHUBUSERCONTENT.COM/a/b/v1/x.go ',
    ])
      expect(sourceUrlOf(link)?.hostname.replace(/\.$/, ''), JSON.stringify(link)).toMatch(
        /^(github\.com|raw\.githubusercontent\.com)$/,
      );
  });

  it('leaves issues, pull requests, repository front pages, other hosts and non-URLs alone', () => {
    for (const link of [
      'https://github.com/kubernetes/website/issues/33033',
      'https://github.com/a/b/pull/1',
      'https://github.com/k3s-io/kine',
      'https://github.com/a',
      'https://etcd.io/docs/v3.7/faq/',
      'https://example.org/a/b/blob/v1/x.go',
      'github.com/a/b/blob/v1/x.go', // relative: the browser stays on the site
      'mailto:someone@github.com',
      'not a url at all',
    ])
      expect(sourceUrlOf(link), link).toBeNull();
  });
});

describe('auditing a page and a script against the lock', () => {
  it('allows the lock permalink, character for character, and nothing else', () => {
    expect(auditPageLinks(`<a href="${PERMALINK}">x</a>`, allowed)).toEqual([]);
    // Same file, other lines: not a permalink of the lock.
    const other = PERMALINK.replace('#L1-L2', '#L1-L9');
    expect(auditPageLinks(`<a href="${other}">x</a>`, allowed)).toMatchObject([{ raw: other, where: 'a[href]' }]);
    // A disguise of the permalink itself is refused too.
    const disguised = PERMALINK.replace('https://github.com', 'https:github.com');
    expect(auditPageLinks(`<a href="${disguised}">x</a>`, allowed)).toMatchObject([
      { raw: disguised, opens: PERMALINK },
    ]);
  });

  it('reads every URL-bearing attribute, entities decoded, and each srcset candidate', () => {
    const html = [
      '<a href="https://github&#46;com/a/b/blob/v1/x.go">a</a>',
      '<img src="x.png" srcset="x.png 1x, https://raw.githubusercontent.com/a/b/v1/y.png 2x">',
      '<form action="https://api.github.com/repos/a/b/contents/z"></form>',
      '<button formaction="//github.com/a/b/tree/main">b</button>',
      '<svg><a xlink:href="https://github.com/a/b/blame/v1/x.go">c</a></svg>',
      '<a href="https://github.com/a/b/issues/1">fine</a>',
    ].join('');
    expect(auditPageLinks(html, allowed).map((p) => p.where)).toEqual([
      'a[href]',
      'img[srcset]',
      'form[action]',
      'button[formaction]',
      'a[xlink:href]',
    ]);
  });

  it('finds upstream links in a script’s strings, JSON-escaped or not, and lets the permalink through', () => {
    const js = `const a="${PERMALINK}";const b='https:\\/\\/github.com\\/a\\/b\\/blob\\/v1\\/x.go';const c=\`https://github%2Ecom/a/b/raw/v1/y\`;`;
    expect(auditScriptLinks(js, allowed).map((p) => p.opens)).toEqual([
      'https://github.com/a/b/blob/v1/x.go',
      'https://github.com/a/b/raw/v1/y',
    ]);
  });

  it('finds citation refs in scripts', () => {
    expect(citationRefsIn('const a=`etcd-io/etcd@v3.7.0:server/x.go#L1-L2`,b="no@ref"')).toEqual([
      'etcd-io/etcd@v3.7.0:server/x.go#L1-L2',
    ]);
  });
});
