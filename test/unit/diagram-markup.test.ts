import { describe, expect, it } from 'vitest';
import { findPendingDiagrams, renderedDiagramMarkup, spliceAll } from '../../src/lib/diagram-markup.ts';
import { builtPageFile, checkBuiltPage } from '../../src/lib/page-check.ts';

const pending = (file: string, line: number, source: string) =>
  `<figure class="diagram" data-diagram-source="${file}" data-diagram-line="${line}"><pre class="mermaid" dir="ltr">${source}</pre></figure>`;

describe('diagram markup', () => {
  it('finds pending diagrams with file, line and decoded source', () => {
    const html = `<p>a</p>${pending('content/docs/a.mdx', 12, 'flowchart LR\n  A --&gt; B &amp; C')}<p>b</p>${pending('x.mdx', 3, 'graph TD')}`;
    const found = findPendingDiagrams(html);
    expect(found.map((d) => [d.file, d.line, d.source])).toEqual([
      ['content/docs/a.mdx', 12, 'flowchart LR\n  A --> B & C'],
      ['x.mdx', 3, 'graph TD'],
    ]);
    expect(html.slice(found[0]!.start, found[0]!.end)).toMatch(/^<figure.*<\/figure>$/s);
  });

  it('splices rendered SVG in place and keeps the surrounding HTML', () => {
    const html = `<main><p>before</p>${pending('a.mdx', 1, 'x')}<p>after</p></main>`;
    const [d] = findPendingDiagrams(html);
    const svg = (t: string) => `<svg style="max-width: 420.5px;"><title>${t}</title><desc>d</desc></svg>`;
    const out = spliceAll(html, [
      { start: d!.start, end: d!.end, text: renderedDiagramMarkup(d!, svg('L'), svg('D')) },
    ]);
    expect(out).toContain('<p>before</p><figure class="diagram diagram-rendered"');
    expect(out).toContain('--diagram-width: 421px');
    expect(out).toContain('<div class="diagram-light"><svg');
    expect(out).toContain('<div class="diagram-dark"><svg');
    expect(out.endsWith('<p>after</p></main>')).toBe(true);
    expect(findPendingDiagrams(out)).toEqual([]);
  });

  it('refuses overlapping edits', () => {
    expect(() =>
      spliceAll('abcdef', [
        { start: 0, end: 3, text: '' },
        { start: 2, end: 4, text: '' },
      ]),
    ).toThrow(/overlapping/);
  });
});

describe('checkBuiltPage', () => {
  const page = (body: string) =>
    `<html><body><main><div class="sl-markdown-content">${body}</div></main></body></html>`;
  const words = '<p>' + 'Quorum means a majority of the configured members. '.repeat(6) + '</p>';

  it('accepts prose with an accessible SVG diagram and with a fallback diagram', () => {
    const svg = '<svg><title>t</title><desc>d</desc></svg>';
    const rendered = `<figure class="diagram diagram-rendered"><div>${svg}</div><div>${svg}</div></figure>`;
    const report = checkBuiltPage(page(words + rendered + pending('a.mdx', 1, 'graph TD')));
    expect(report).toMatchObject({ svgDiagrams: 1, fallbackDiagrams: 1, problems: [] });
  });

  it('reports lost prose, an empty diagram and a diagram without title', () => {
    const noTitle = '<svg><desc>d</desc></svg>';
    const report = checkBuiltPage(
      page(
        `<p>too short</p><figure class="diagram" data-diagram-source="a.mdx" data-diagram-line="4"></figure>` +
          `<figure class="diagram diagram-rendered" data-diagram-source="a.mdx" data-diagram-line="9"><div>${noTitle}</div><div>${noTitle}</div></figure>`,
      ),
    );
    expect(report.problems).toEqual([
      'diagram 1 (a.mdx:4): neither inline SVG nor Mermaid fallback',
      'diagram 2 (a.mdx:9): SVG lacks an accessible <title> or <desc> (add accTitle/accDescr)',
      'diagram 2 (a.mdx:9): SVG lacks an accessible <title> or <desc> (add accTitle/accDescr)',
      'only 2 words of prose (expected at least 30)',
    ]);
  });

  it('reports a page without <main>', () => {
    expect(checkBuiltPage('<html><body><p>x</p></body></html>').problems).toEqual(['no <main> element']);
  });
});

describe('builtPageFile', () => {
  it('maps page pathnames to their index.html', () => {
    expect(builtPageFile('/d/', '')).toBe('/d/index.html');
    expect(builtPageFile('/d/', 'etcd-sizing/')).toBe('/d/etcd-sizing/index.html');
    expect(builtPageFile('/d/', 'etcd-sizing')).toBe('/d/etcd-sizing/index.html');
  });
});
