import { describe, expect, it } from 'vitest';
import { unified } from 'unified';
import remarkParse from 'remark-parse';
import type { Root } from 'mdast';
import { VFile } from 'vfile';
import { remarkMermaidBlocks } from '../../src/plugins/remark-mermaid-blocks.ts';

describe('remarkMermaidBlocks', () => {
  it('turns mermaid fences into pending figures with file and line, and leaves other code alone', async () => {
    const file = new VFile({
      path: `${process.cwd()}/content/docs/x.mdx`,
      cwd: process.cwd(),
      value: 'Text\n\n```mermaid\ngraph TD\n```\n\n```go\nx := 1\n```\n',
    });
    const processor = unified().use(remarkParse).use(remarkMermaidBlocks);
    const tree = (await processor.run(processor.parse(file), file)) as Root;
    const [, diagram, code] = tree.children;
    expect(diagram?.data).toMatchObject({
      hName: 'figure',
      hProperties: { className: ['diagram'], dataDiagramSource: 'content/docs/x.mdx', dataDiagramLine: '3' },
    });
    expect(code).toMatchObject({ type: 'code', lang: 'go' });
  });
});
