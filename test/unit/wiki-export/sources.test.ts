import type { Element, Root } from 'hast';
import { select } from 'hast-util-select';
import rehypeParse from 'rehype-parse';
import { unified } from 'unified';
import { describe, expect, it } from 'vitest';
import { hastToMarkdown } from '../../../src/lib/wiki-export/to-markdown.ts';
import { citationsForWiki } from '../../../src/lib/wiki-export/sources.ts';

const P1 = 'https://github.com/etcd-io/etcd/blob/4d71f7c83a2cef992d57abd3284edfaf66c91a4a/server/embed/config.go#L629-L630';
const P2 = 'https://github.com/kubernetes/apiserver/blob/c19df515293eb2c814ee3cca7c46e5c2748e7c5e/pkg/server/config.go#L451';

/** A marker, a value and the sources list, shaped as src/components/cite/ renders them. */
const HTML = `<div class="sl-markdown-content">
<p>Whole milliseconds<span class="cite" data-status="mixed"><a class="cite-link" href="#source-1" id="cite-1" aria-label="sources 1, 2: …" data-pop="cite-pop-1" data-sources="1,2"><sup class="cite-marker">[<span>1</span><span id="cite-2">, 2*</span>]</sup></a></span>.
The limit is <span class="cite"><a class="cite-link cite-value" href="#source-2" id="cite-3" data-pop="cite-pop-3" data-sources="2">400<sup class="cite-state">*</sup></a></span>.</p>
<section class="page-sources" data-popovers="/popovers/etcd-timeouts.json"><h2 id="page-sources">Sources</h2>
<p class="page-sources__file">etcd-io/etcd <code>server/embed/config.go</code></p>
<ol start="1"><li id="source-1"><a class="page-sources__permalink" href="${P1}">L629–630</a> at <code>v3.7.0</code>, commit <code>4d71f7c</code>, verified.<span class="page-sources__back"> Cited at <a href="#cite-1">↩1</a></span></li></ol>
<p class="page-sources__file">kubernetes/kubernetes <code>staging/src/k8s.io/apiserver/pkg/server/config.go</code></p>
<ol start="2"><li id="source-2"><a class="page-sources__permalink" href="${P2}">L451</a> at <code>v1.37.0</code>, commit <code>c19df51</code>, * provisional, checked at v1.37.0-beta.0.<span class="page-sources__back"> Cited at <a href="#cite-2">↩1</a> <a href="#cite-3">↩2</a></span></li></ol>
</section></div>`;

const content = (html: string): Element =>
  select('.sl-markdown-content', unified().use(rehypeParse, { fragment: true }).parse(html) as Root)!;

describe('citations in the wiki export', () => {
  it('links each marker number and value to its permalink, keeps the list, drops the links back', () => {
    const el = content(HTML);
    expect(citationsForWiki(el, 'etcd-timeouts/')).toBe(2);
    const md = hastToMarkdown({ type: 'root', children: el.children });
    expect(md).toContain(`Whole milliseconds\\[[1](${P1}), [2\\*](${P2})]`);
    expect(md).toContain(`The limit is [400\\*](${P2}).`);
    expect(md).not.toContain('popovers');
    expect(md).not.toContain('Cited at');
    expect(md).toMatch(/^1\. \[L629–630\]\(https:\/\/github\.com\/etcd-io\/etcd\/blob\/4d71f7c[^)]*\) at `v3\.7\.0`, commit `4d71f7c`, verified\.$/m);
    expect(md).toMatch(/^2\. \[L451\]\([^)]*\) at `v1\.37\.0`, commit `c19df51`, \\\* provisional, checked at v1\.37\.0-beta\.0\.$/m);
  });

  it('refuses a marker whose source the list lacks', () => {
    expect(() => citationsForWiki(content(HTML.replace('id="source-2"', 'id="source-9"')), 'x/')).toThrow(
      /names source 2, which the page's sources list lacks/,
    );
  });
});
