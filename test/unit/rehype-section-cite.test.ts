import { describe, expect, it } from 'vitest';
import { unified } from 'unified';
import rehypeParse from 'rehype-parse';
import rehypeStringify from 'rehype-stringify';
import { VFile } from 'vfile';
import { rehypeSectionCite } from '../../src/plugins/rehype-section-cite.ts';

const run = async (html: string) =>
  String(
    await unified().use(rehypeParse, { fragment: true }).use(rehypeSectionCite).use(rehypeStringify).process(html),
  );

describe('rehypeSectionCite', () => {
  it('adds one button after the anchor link of each h2 and h3 wrapper, named for its section', async () => {
    const out = await run(
      '<div class="sl-heading-wrapper level-h2"><h2 id="why-five">Why <em>five</em></h2><a class="sl-anchor-link" href="#why-five">#</a></div>' +
        '<div class="sl-heading-wrapper level-h3"><h3 id="sub">Sub</h3><a class="sl-anchor-link" href="#sub">#</a></div>',
    );
    const buttons = out.match(/<button[^>]*>/g) ?? [];
    expect(buttons).toHaveLength(2);
    expect(buttons[0]).toContain('data-cite-section="why-five"');
    expect(buttons[0]).toContain('aria-label="Copy a citation of the section “Why five”"');
    expect(out.indexOf('sl-anchor-link')).toBeLessThan(out.indexOf('<button'));
  });

  it('leaves h4 headings, headings without an id and bare headings alone', async () => {
    const out = await run(
      '<div class="sl-heading-wrapper level-h4"><h4 id="deep">Deep</h4></div>' +
        '<div class="sl-heading-wrapper level-h2"><h2>No id</h2></div><h2 id="bare">Bare</h2>',
    );
    expect(out).not.toContain('<button');
  });
  it('speaks the page’s language: a translation’s heading gets a Japanese name and messages', async () => {
    const html =
      '<div class="sl-heading-wrapper level-h2"><h2 id="why-five">本番環境で 5 台</h2><a class="sl-anchor-link" href="#why-five">#</a></div>';
    const file = new VFile({ path: '/repo/content/docs/ja/etcd-sizing.mdx', value: html });
    const out = String(
      await unified().use(rehypeParse, { fragment: true }).use(rehypeSectionCite).use(rehypeStringify).process(file),
    );
    expect(out).toContain('aria-label="節「本番環境で 5 台」の引用をコピー"');
    expect(out).toContain('data-copied="「{section}」の引用をコピーしました。"');
    expect(await run(html)).toContain('aria-label="Copy a citation of the section “本番環境で 5 台”"');
  });
});
