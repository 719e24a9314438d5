import { describe, expect, it } from 'vitest';
import { MdxSyntaxError, scanMdx } from '../../src/lib/mdx-scan.ts';

const PAGE = [
  '---',
  'title: A page',
  'renamedFrom: ["/old/"]',
  '---',
  "import Calculator from '../../src/components/calculators/Calculator.astro';",
  '',
  'Text with a <Calculator id="quorum" /> inline.',
  '',
  '```mermaid',
  'graph LR; a-->b',
  '```',
  '',
  '<Calculator id="membership" />',
  '',
  '```go',
  'package main',
  '```',
  '',
].join('\n');

describe('the one MDX scan', () => {
  it('reads frontmatter, calculators, Mermaid diagrams and ESM from one parse', () => {
    const scan = scanMdx(PAGE);
    expect(scan.frontmatter).toEqual({ title: 'A page', renamedFrom: ['/old/'] });
    expect(scan.calculators).toEqual(['quorum', 'membership']);
    expect(scan.diagrams).toEqual([{ source: 'graph LR; a-->b', line: 9 }]);
    expect(scan.esm).toEqual(["import Calculator from '../../src/components/calculators/Calculator.astro';"]);
    expect(scan.frontmatterError).toBeUndefined();
  });

  it('parses a text once: the same text gives the same scan, another text a new one', () => {
    expect(scanMdx(PAGE)).toBe(scanMdx(PAGE));
    expect(scanMdx(`${PAGE}\nMore.\n`)).not.toBe(scanMdx(PAGE));
  });

  it('a syntax error names its place, every time it is asked', () => {
    const broken = '# Title\n\nSome <Cite ref="x" text.\n';
    const first = (() => {
      try {
        scanMdx(broken);
      } catch (e) {
        return e;
      }
      return undefined;
    })();
    expect(first).toBeInstanceOf(MdxSyntaxError);
    expect((first as MdxSyntaxError).line).toBe(3);
    expect(() => scanMdx(broken)).toThrow(first as Error);
  });

  it('frontmatter that is not YAML is reported beside a usable tree', () => {
    const scan = scanMdx('---\ntitle: [unclosed\n---\n\n<Calculator id="quorum" />\n');
    expect(scan.frontmatter).toEqual({});
    expect(scan.frontmatterError).toMatch(/./);
    expect(scan.calculators).toEqual(['quorum']);
  });
});
