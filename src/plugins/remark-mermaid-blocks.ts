import type { Root, Code } from 'mdast';
import type { VFile } from 'vfile';
import { relative } from 'node:path';
import { visit } from 'unist-util-visit';

/**
 * Remark plugin: turns each ```` ```mermaid ```` fence into a pending diagram
 * (`figure.diagram > pre.mermaid`) before Expressive Code can claim it as a
 * code block. The source line is kept so that a render failure can name it.
 * The post-build pass of the integration (`src/integration/post-build.ts`) swaps it for SVG.
 */
export function remarkMermaidBlocks() {
  return (tree: Root, file: VFile) => {
    const source = file.path ? relative(file.cwd, file.path) : '(unknown file)';
    visit(tree, 'code', (node: Code, index, parent) => {
      if (node.lang !== 'mermaid' || !parent || index === undefined) return;
      const line = node.position?.start.line ?? 0;
      parent.children[index] = {
        type: 'paragraph',
        children: [],
        data: {
          hName: 'figure',
          hProperties: { className: ['diagram'], dataDiagramSource: source, dataDiagramLine: String(line) },
          hChildren: [
            {
              type: 'element',
              tagName: 'pre',
              properties: { className: ['mermaid'] },
              children: [{ type: 'text', value: node.value }],
            },
          ],
        },
      };
    });
  };
}
