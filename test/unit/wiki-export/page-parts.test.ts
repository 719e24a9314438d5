import type { Element, Root } from 'hast';
import { select } from 'hast-util-select';
import rehypeParse from 'rehype-parse';
import { unified } from 'unified';
import { describe, expect, it } from 'vitest';
import { calculatorForWiki, liveCalculatorUrl, readCalculator } from '../../../src/lib/wiki-export/calculators.ts';
import { diagramFence, mermaidFences, mermaidSources, readDiagram, svgFile } from '../../../src/lib/wiki-export/diagrams.ts';
import { excerptForWiki } from '../../../src/lib/wiki-export/excerpts.ts';
import { hastToMarkdown } from '../../../src/lib/wiki-export/to-markdown.ts';

function fragment(html: string): Root {
  return unified().use(rehypeParse, { fragment: true }).parse(html) as Root;
}
function el(html: string, selector: string): Element {
  const found = select(selector, fragment(html));
  if (!found) throw new Error(`fixture has no ${selector}`);
  return found;
}
function md(nodes: Root['children']): string {
  return hastToMarkdown({ type: 'root', children: nodes });
}

// The markup Calculator.astro writes, cut down to what the export reads.
const CALC = `<section class="calc not-content" aria-labelledby="w-title"><calc-write-path class="calc__body" data-calc="writePath" data-url-prefix="w.">
<p class="calc__title" id="w-title">Write path</p>
<div class="calc__fields">
  <div class="calc__field" data-wrap="n"><label for="w-n">Members (n)</label><input id="w-n" data-field="n" type="text" value="3"><p class="calc__hint">1–9.</p></div>
  <div class="calc__field" data-wrap="mode"><label for="w-mode">Mode</label><select id="w-mode" data-field="mode"><option value="a">first</option><option value="b" selected>second</option></select></div>
  <div class="calc__field" data-wrap="rtt" hidden><label for="w-rtt">Round trips (ms)</label><input id="w-rtt" data-field="rtt" type="text" value="0.5 1"></div>
</div>
<div class="calc__checks"><div class="calc__check" data-wrap="pn"><input id="w-pn" data-field="pn" type="checkbox" checked><label for="w-pn">Pre-vote</label></div></div>
<div class="calc__result" id="w-result"><dl class="calc__facts"><div><dt>Quorum</dt><dd>2 members</dd></div></dl><p class="calc__lead">Writes wait for 2 fsyncs.</p></div>
<div class="calc__actions"><button data-copy hidden>Copy link</button></div>
</calc-write-path></section>`;

describe('calculators', () => {
  const calc = readCalculator(el(CALC, 'section.calc'), 'p/');

  it('reads the inputs the build rendered, in URL-state spelling', () => {
    expect(calc.inputs).toEqual([
      { param: 'w.n', value: '3', label: 'Members (n)', shown: '3', visible: true },
      { param: 'w.mode', value: 'b', label: 'Mode', shown: 'second', visible: true },
      { param: 'w.rtt', value: '0.5,1', label: 'Round trips (ms)', shown: '0.5 1', visible: false },
      { param: 'w.pn', value: '1', label: 'Pre-vote', shown: 'yes', visible: true },
    ]);
  });

  it('links the live calculator with every input, and shows the result with the visible inputs', () => {
    expect(liveCalculatorUrl(calc, 'https://h.example/g/etcd-writes/')).toBe('https://h.example/g/etcd-writes/?w.n=3&w.mode=b&w.rtt=0.5%2C1&w.pn=1#w-title');
    const text = md(calculatorForWiki(calc, 'https://h.example/etcd-writes/'));
    expect(text).toBe(
      '**Write path**\n\n- **Quorum** 2 members\n\nWrites wait for 2 fsyncs.\n\n' +
        'Inputs: Members (n) `3`; Mode `second`; Pre-vote `yes`. [Open the live calculator with these inputs](https://h.example/etcd-writes/?w.n=3\\&w.mode=b\\&w.rtt=0.5%2C1\\&w.pn=1#w-title).\n',
    );
    expect(text).not.toMatch(/Copy link|1–9/);
  });

  it('refuses markup without the parts Calculator.astro always writes', () => {
    expect(() => readCalculator(el('<section class="calc"><p>x</p></section>', 'section'), 'p/')).toThrow(/\/p\/: a section.calc without data-calc/);
  });
});

const HEADER = `<figcaption class="excerpt-header"><a href="https://github.com/o/r/blob/${'c'.repeat(40)}/a/b.go#L2-L3"><span class="excerpt-repo">o/r</span><span class="excerpt-ref">@v1.0.0</span><code class="excerpt-path">a/b.go</code><span class="excerpt-lines">L2–3</span></a>`;

describe('excerptForWiki', () => {
  it('writes a verified excerpt as its linked header and a fenced block in its language', () => {
    const html = `<figure class="excerpt" data-status="verified">${HEADER}<span class="excerpt-status verified">verified against <code>ccccccc</code></span></figcaption>
<div class="expressive-code"><figure class="frame"><pre data-language="go"><code><div class="ec-line"><div class="gutter"><div class="ln">1</div></div><div class="code"><span class="indent">  </span>x := 1</div></div><div class="ec-line highlight"><div class="gutter"><div class="ln">2</div></div><div class="code">
</div></div><div class="ec-line"><div class="gutter"><div class="ln">3</div></div><div class="code">return x</div></div></code></pre></figure></div></figure>`;
    expect(md(excerptForWiki(el(html, 'figure'), 'p/'))).toBe(
      `[o/r@v1.0.0 \`a/b.go\` L2–3](https://github.com/o/r/blob/${'c'.repeat(40)}/a/b.go#L2-L3) verified against \`ccccccc\`\n\n\`\`\`go\n  x := 1\n\nreturn x\n\`\`\`\n`,
    );
  });

  it('keeps the card of an excerpt the build could not verify, with its state', () => {
    const html = `<figure class="excerpt" data-status="provisional">${HEADER}<span class="excerpt-status unverified">provisional: checked at v1.0.0-beta.0</span></figcaption><p class="excerpt-card">Not shown. Read the lines on GitHub: <a href="https://github.com/o/r/blob/x/a/b.go#L2-L3">b.go L2–3</a>.</p></figure>`;
    const text = md(excerptForWiki(el(html, 'figure'), 'p/'));
    expect(text).toContain(') provisional: checked at v1.0.0-beta.0\n\nNot shown. Read the lines on GitHub: [b.go L2–3](https://github.com/o/r/blob/x/a/b.go#L2-L3).\n');
    expect(text).not.toContain('```');
  });
});

describe('diagrams', () => {
  const mdx = "---\ntitle: x\n---\n\nText.\n\n```mermaid\nflowchart LR\n  accTitle: One\n  a --> b\n```\n\n```js\nno()\n```\n\n<Aside>\n\n```mermaid\nsequenceDiagram\n  accTitle: Two\n```\n\n</Aside>\n";

  it('finds every mermaid fence of an MDX file with its line, also inside components', () => {
    expect(mermaidFences(mdx, 'x.mdx')).toEqual([
      { line: 7, source: 'flowchart LR\n  accTitle: One\n  a --> b' },
      { line: 19, source: 'sequenceDiagram\n  accTitle: Two' },
    ]);
    expect(() => mermaidFences('<Broken\n', 'x.mdx')).toThrow(/^x\.mdx: cannot parse the MDX/);
  });

  const rendered = (line: number) =>
    readDiagram(el(`<figure class="diagram diagram-rendered" data-diagram-source="content/docs/x.mdx" data-diagram-line="${line}"><div class="diagram-light"><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><title>One</title><style>#d{fill:red}</style><rect x="1" y="1" width="2" height="2"></rect><text>a &amp; b</text></svg></div><div class="diagram-dark"><svg><title>dark</title></svg></div></figure>`, 'figure'), 'p/');

  it('reads the light SVG and title of a rendered diagram, and writes it as a standalone XML file', () => {
    const d = rendered(7);
    expect([d.file, d.line, d.title, d.source]).toEqual(['content/docs/x.mdx', 7, 'One', undefined]);
    expect(svgFile(d.svg!)).toBe('<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><title>One</title><style>#d{fill:red}</style><rect x="1" y="1" width="2" height="2" /><text>a &#x26; b</text></svg>\n');
  });

  it('matches diagrams to their fences by line, and fails loudly when the MDX and the build disagree', () => {
    const fences = () => mermaidFences(mdx, 'x.mdx');
    expect(mermaidSources([rendered(7), rendered(19)], fences, 'p/')).toEqual(['flowchart LR\n  accTitle: One\n  a --> b', 'sequenceDiagram\n  accTitle: Two']);
    expect(() => mermaidSources([rendered(7)], fences, 'p/')).toThrow(/1 diagram\(s\) from content\/docs\/x\.mdx, which has 2 mermaid fence\(s\): .*npm run build/);
    expect(() => mermaidSources([rendered(7), rendered(8)], fences, 'p/')).toThrow(/line 8, where the MDX has no mermaid fence/);
    expect(md([diagramFence('flowchart LR\n  a --> b\n')])).toBe('```mermaid\nflowchart LR\n  a --> b\n```\n');
  });

  it('refuses a figure without its source file and line', () => {
    expect(() => readDiagram(el('<figure class="diagram"><svg></svg></figure>', 'figure'), 'p/')).toThrow(/without data-diagram-source/);
  });
});
