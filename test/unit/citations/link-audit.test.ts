import { describe, expect, it } from 'vitest';
import { parseLock } from '../../../src/lib/citations/lock.ts';
import {
  allowedSourceLinks,
  auditJsonLinks,
  auditPageLinks,
  auditScriptLinks,
  auditTextLinks,
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
      'https://github.com/a/b/zipball/v1',
      'https://github.com/a/b/tarball/v1',
      'https://media.githubusercontent.com/media/a/b/v1/x.bin',
      'https://github.dev/a/b/blob/v1/x.go',
      'https://raw.github.com/a/b/v1/x.go',
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

  // Links a browser follows from text that is not a URL attribute: a second attacker's spellings.
  it('finds links inside other text a browser runs: refresh, javascript:, handlers, srcdoc, base, styles', () => {
    const file = 'github.com/k/k/blob/v1/x.go';
    const html = [
      `<meta http-equiv="refresh" content="0;url=https://${file}">`,
      `<a href="javascript:location='https://${file}'">a</a>`,
      `<button onclick="location.href='https://${file}#L2'">b</button>`,
      `<iframe srcdoc="<a href='https://${file}#L3'>x</a>"></iframe>`,
      `<div style="background:url(https://raw.githubusercontent.com/k/k/v1/y.png)"></div>`,
      `<style>.x { background: url("https://raw.githubusercontent.com/k/k/v1/z.png") }</style>`,
      `<script>open("https:\u002f\u002fgithub.c\u006fm/k/k/blob/v1/w.go")</script>`,
    ].join('');
    expect(auditPageLinks(html, allowed).map((p) => `${p.where} ${p.opens}`)).toEqual([
      'meta[content] text https://github.com/k/k/blob/v1/x.go',
      'a[href] (script the audit cannot follow)',
      'button[onclick] (script the audit cannot follow)',
      'iframe[srcdoc] text https://github.com/k/k/blob/v1/x.go#L3',
      'div[style] text https://raw.githubusercontent.com/k/k/v1/y.png',
      'style text https://raw.githubusercontent.com/k/k/v1/z.png',
      'script text https://github.com/k/k/blob/v1/w.go',
    ]);
    // A <base> moves relative links: judged where it sends them.
    expect(
      auditPageLinks('<head><base href="https://github.com/"></head><a href="k/k/blob/v1/x.go">a</a>', allowed).map(
        (p) => p.opens,
      ),
    ).toEqual(['https://github.com/k/k/blob/v1/x.go']);
    // Script that builds its URL at run time cannot be searched: every javascript: URL and handler is refused.
    expect(
      auditPageLinks(
        `<a href="javascript:location=%27https:%2F%2Fgithub%2Ecom/k/k/blob/v1/p.go%27">p</a><a href=" JAVA\tSCRIPT:location='https://git'+'hub.com/k/k/blob/v1/c.go'">c</a><img src="x.png" onerror="go()">`,
        allowed,
      ).map((p) => p.where),
    ).toEqual(['a[href]', 'a[href]', 'img[onerror]']);
    // Quoted upstream text that only mentions a URL is not a link; the permalink passes everywhere.
    expect(
      auditPageLinks(
        `<pre>// see https://${file}</pre><button data-code="// see https://${file}"></button><script>go('${PERMALINK}')</script>`,
        allowed,
      ),
    ).toEqual([]);
    expect(auditTextLinks(`x=\u0022${PERMALINK}\u0022`, allowed)).toEqual([]);
  });

  it('reads a JSON file with its escapes decoded, and names a file that is not JSON', () => {
    const forged = PERMALINK.replace('0123456789abcdef', 'fedcba9876543210');
    const json = JSON.stringify({
      a: [{ permalink: PERMALINK }, { permalink: forged }],
      code: ['// see https://github.com/k/k/commit/abc'],
    });
    const escaped = json.replace(/\//g, '\\u002f').replace(/o/g, '\\u006f');
    expect(auditJsonLinks(escaped, allowed).map((p) => p.raw)).toEqual([forged]);
    expect(auditJsonLinks('{"a": ', allowed)).toMatchObject([{ where: 'file' }]);
  });

  it('allows only the permalinks of the entries this build cites', () => {
    const entry = (key: string, path: string) => ({
      key,
      repo: 'etcd-io/etcd',
      ref: 'v3.7.0',
      path,
      start: 1,
      end: 2,
      status: 'pending',
      pinnedAt: '2026-12-01T00:00:00.000Z',
    });
    const lock = parseLock(
      JSON.stringify({
        version: 1,
        entries: [entry('etcd-io/etcd@v3.7.0:a.go#L1-L2', 'a.go'), entry('etcd-io/etcd@v3.7.0:b.go#L1-L2', 'b.go')],
      }),
    );
    expect([...allowedSourceLinks(lock).values()].map((a) => a.key)).toHaveLength(2);
    expect([...allowedSourceLinks(lock, new Set(['etcd-io/etcd@v3.7.0:a.go#L1-L2'])).keys()]).toEqual([
      'https://github.com/etcd-io/etcd/blob/v3.7.0/a.go#L1-L2',
    ]);
  });

  it('finds citation refs in scripts', () => {
    expect(citationRefsIn('const a=`etcd-io/etcd@v3.7.0:server/x.go#L1-L2`,b="no@ref"')).toEqual([
      'etcd-io/etcd@v3.7.0:server/x.go#L1-L2',
    ]);
  });
});
