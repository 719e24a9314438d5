import { flavorOf, type FlavorName } from '../../../src/lib/wiki-export/flavors.ts';
import { describe, expect, it } from 'vitest';
import type { GuideVersion } from '../../../src/lib/guide-version.ts';
import { exportPage, type PageExportOptions } from '../../../src/lib/wiki-export/page.ts';
import { builtPageText, comparable, exportedPageText } from '../../../src/lib/wiki-export/page-text.ts';

// A Starlight page as the build writes it, cut down: layout around <main>, a heading with its
// anchor link, a citation notice, a calculator, a diagram, links of every kind.
const PAGE = `<!doctype html><html><head><link rel="canonical" href="https://h.example/g/etcd-sizing/"><style>body{}</style></head><body>
<header><a href="/g/">Site title</a><nav><a href="/g/glossary/">Glossary</a></nav></header>
<main><div class="content-panel"><h1 id="_top">Members</h1></div>
<div class="content-panel"><aside class="citation-notice">1 of 2 source citations on this page were not verified. <a href="/g/evidence/">See the evidence page</a>.</aside>
<div class="sl-markdown-content">
<p>See <a href="/g/glossary/#quorum">quorum</a>, <a href="#why-five">below</a>, <a href="/g/etcd-sizing/#writes-go-through-one-leader">writes</a>, <a href="/g/favicon.svg">the icon</a> and <a class="cite" href="https://github.com/o/r/blob/${'c'.repeat(40)}/f.go#L1" data-status="verified"><code>f.go</code>&nbsp;L1 @&nbsp;v1.0.0</a>.</p>
<div class="sl-heading-wrapper level-h2"><h2 id="why-five">Why five</h2><a class="sl-anchor-link" href="#why-five"><span class="sr-only">Section titled “Why five”</span></a></div>
<table><thead><tr><th>Members</th><th>Quorum</th></tr></thead><tbody><tr><td>3</td><td>2</td></tr></tbody></table>
<section class="calc not-content"><calc-quorum class="calc__body" data-calc="quorum" data-url-prefix="q."><p class="calc__title" id="q-title">Quorum</p>
<div class="calc__fields"><div class="calc__field" data-wrap="n"><label for="q-n">Members (n)</label><input id="q-n" data-field="n" type="text" value="3"><p class="calc__hint">1–99.</p></div></div>
<div class="calc__result"><p class="calc__lead">Quorum is 2.</p></div><div class="calc__actions"><button data-copy>Copy link</button></div></calc-quorum></section>
<script>console.log(1)</script>
<figure class="diagram diagram-rendered" data-diagram-source="content/docs/etcd-sizing.mdx" data-diagram-line="9"><div class="diagram-light"><svg xmlns="http://www.w3.org/2000/svg"><title>Members and quorum</title><text>label</text></svg></div><div class="diagram-dark"><svg><title>dark</title></svg></div></figure>
</div></div></main><footer><a href="/g/etcd-writes/">Next</a></footer></body></html>`;

const version: GuideVersion = { commit: undefined, missing: { why: 'notCheckout' }, commitNote: 'unknown commit (not a git checkout)', date: '2026-12-01', pinned: [] };
const options = (diagrams: 'svg' | 'mermaid', flavor: FlavorName = 'mkdocs'): PageExportOptions => ({
  flavor: flavorOf(flavor),
  diagrams,
  site: { base: '/g/', routes: new Set(['', 'etcd-sizing/', 'etcd-writes/', 'glossary/', 'evidence/']), moved: { 'etcd-sizing/': { 'writes-go-through-one-leader': '/etcd-writes/' } }, baseUrl: 'https://pub.example/', pageLink: flavorOf(flavor).pageLink },
  version,
  fencesOf: () => [{ line: 9, source: 'flowchart LR\n  accTitle: Members and quorum\n  a --> b' }],
});

describe('exportPage', () => {
  const page = exportPage('etcd-sizing/', PAGE, options('svg'));

  it('writes the content only, with front matter, relative page links and absolute site links', () => {
    expect(page.file).toBe('etcd-sizing.md');
    expect(page.markdown).toBe(
      [
        '---',
        'title: Members',
        'source: https://pub.example/etcd-sizing/',
        'guide:',
        '  commit: unknown commit (not a git checkout)',
        '  date: 2026-12-01',
        '---',
        '',
        '# Members',
        '',
        '> 1 of 2 source citations on this page were not verified. [See the evidence page](evidence.md).',
        '',
        `See [quorum](glossary.md#quorum), [below](#why-five), [writes](etcd-writes.md#writes-go-through-one-leader), [the icon](https://pub.example/favicon.svg) and [\`f.go\`\u00a0L1 @\u00a0v1.0.0](https://github.com/o/r/blob/${'c'.repeat(40)}/f.go#L1).`,
        '',
        '## Why five',
        '',
        '| Members | Quorum |',
        '| - | - |',
        '| 3 | 2 |',
        '',
        '**Quorum**',
        '',
        'Quorum is 2.',
        '',
        'Inputs: Members (n) `3`. [Open the live calculator with these inputs](https://pub.example/etcd-sizing/?q.n=3#q-title).',
        '',
        '![Members and quorum](etcd-sizing.diagram-1.svg)',
        '',
      ].join('\n'),
    );
    expect(page.siteLinks).toEqual(['https://pub.example/favicon.svg']);
    expect(page.assets.map((a) => a.file)).toEqual(['etcd-sizing.diagram-1.svg']);
    expect(page.counts).toEqual({ diagrams: 1, excerpts: 0, calculators: 1 });
  });

  it('gives a wiki without front matter a provenance table in the content’s language', () => {
    const en = exportPage('etcd-sizing/', PAGE, options('svg', 'github')).markdown;
    expect(en).toContain('| This page | Value |');
    expect(en).toContain('| Guide | unknown commit (not a git checkout) |');
    const ja = exportPage('etcd-sizing/', PAGE.replace('<main>', '<main lang="ja">'), options('svg', 'github')).markdown;
    expect(ja).toContain('| このページ | 値 |');
    expect(ja).toContain('| 元のページ | <https://pub.example/etcd-sizing/> |');
    expect(ja).toContain('| ガイド | コミット不明（git のチェックアウトではありません） |');
    expect(ja).not.toMatch(/This page|Guide|Built/);
  });

  it('writes diagrams as mermaid blocks in mermaid mode, with no SVG files', () => {
    const m = exportPage('etcd-sizing/', PAGE, options('mermaid'));
    expect(m.markdown).toContain('\n```mermaid\nflowchart LR\n  accTitle: Members and quorum\n  a --> b\n```\n');
    expect(m.assets).toEqual([]);
  });

  it('asks for mermaid mode or a Chromium build when a diagram was not rendered', () => {
    const pending = PAGE.replace(/<figure class="diagram[\s\S]*?<\/figure>/, '<figure class="diagram" data-diagram-source="content/docs/etcd-sizing.mdx" data-diagram-line="9"><pre class="mermaid">flowchart LR\n  accTitle: Members and quorum\n  a --> b</pre></figure>');
    expect(() => exportPage('etcd-sizing/', pending, options('svg'))).toThrow(/not rendered to SVG at build time .*--diagrams=mermaid/);
    expect(exportPage('etcd-sizing/', pending, options('mermaid')).markdown).toContain('```mermaid\nflowchart LR');
  });

  it('refuses a page that is not a Starlight content page', () => {
    expect(() => exportPage('x/', '<html><body><p>hi</p></body></html>', options('svg'))).toThrow(/\/x\/: no <main> with <h1 id="_top">/);
  });
});

describe('page text', () => {
  it('is the same for the built page and its export, after the documented removals', () => {
    const html = builtPageText(PAGE, '/etcd-sizing/');
    expect(html).not.toMatch(/Section titled|Copy link|1–99|Members \(n\)|label|Site title|Next/);
    const md = exportedPageText(exportPage('etcd-sizing/', PAGE, options('svg')).markdown);
    expect(comparable(md)).toBe(comparable(html));
    expect(comparable(md)).toBe(comparable(exportedPageText(exportPage('etcd-sizing/', PAGE, options('mermaid')).markdown)));
  });

  it('tells a changed word apart', () => {
    const md = exportPage('etcd-sizing/', PAGE, options('svg')).markdown.replace('Quorum is 2.', 'Quorum is 3.');
    expect(comparable(exportedPageText(md))).not.toBe(comparable(builtPageText(PAGE, '/etcd-sizing/')));
  });
});
