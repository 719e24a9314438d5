/**
 * One parse of an MDX page for everything the build reads from it besides Astro's own render:
 * the syntax tree (the citation engine walks it for `<Cite>`, `<Excerpt>` and `<Value>`), its
 * frontmatter, the calculators it names, its Mermaid diagrams and its ESM. Results are cached by
 * the text's SHA-256, so the build, the dev server's re-checks and the CLI parse a page once per
 * content, whichever of them asks first.
 */
import { createHash } from 'node:crypto';
import { parseFrontmatter } from '@astrojs/markdown-remark';
import type { Root, RootContent } from 'mdast';
import remarkMdx from 'remark-mdx';
import remarkParse from 'remark-parse';
import { unified } from 'unified';

/** A Mermaid code block: its source and the 1-based line of its opening fence. */
export interface MdxDiagram {
  source: string;
  line: number;
}

/** What one MDX text holds, read from one parse. */
export interface MdxScan {
  /** The mdast tree with MDX nodes (remark-parse + remark-mdx; the frontmatter is a thematic break and text in it). */
  tree: Root;
  /** The YAML frontmatter as Astro reads it (`{}` when there is none, or when it is not valid YAML). */
  frontmatter: Record<string, unknown>;
  /** Why the frontmatter could not be read, when it could not (Astro reports it too, with its place). */
  frontmatterError?: string;
  /** Ids of the `<Calculator id="…" />` elements, in document order (a literal id only). */
  calculators: string[];
  /** Mermaid code blocks, in document order. */
  diagrams: MdxDiagram[];
  /** The source of each top-level `import`/`export` block. */
  esm: string[];
}

/** A text that MDX cannot parse: the parser's reason and where it stopped (1-based). */
export class MdxSyntaxError extends Error {
  readonly line: number;
  readonly column: number;
  readonly reason: string;
  constructor(reason: string, line: number, column: number) {
    super(`MDX syntax error at ${line}:${column}: ${reason}`);
    this.reason = reason;
    this.line = line;
    this.column = column;
  }
}

const processor = unified().use(remarkParse).use(remarkMdx);
const cache = new Map<string, MdxScan | MdxSyntaxError>();
/** Pages of a guide are few; the bound only keeps a long dev session from holding every edit. */
const CACHE_LIMIT = 500;

/**
 * Scans one MDX text (see the module comment).
 * @param source - the MDX text.
 * @returns the scan, shared by every caller that asks for the same text: treat it as read-only.
 * @throws MdxSyntaxError when the text is not valid MDX (also cached, so a second caller gets the same error).
 */
export function scanMdx(source: string): MdxScan {
  const key = createHash('sha256').update(source).digest('hex');
  let hit = cache.get(key);
  if (!hit) {
    hit = parseOnce(source);
    if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!);
    cache.set(key, hit);
  }
  if (hit instanceof MdxSyntaxError) throw hit;
  return hit;
}

function parseOnce(source: string): MdxScan | MdxSyntaxError {
  let tree: Root;
  try {
    tree = processor.parse(source);
  } catch (e) {
    const err = e as {
      line?: number;
      column?: number;
      place?: { line?: number; column?: number; start?: { line?: number; column?: number } };
      reason?: string;
      message: string;
    };
    const line = err.line ?? err.place?.line ?? err.place?.start?.line ?? 1;
    const column = err.column ?? err.place?.column ?? err.place?.start?.column ?? 1;
    return new MdxSyntaxError(err.reason ?? err.message, line, column);
  }
  const scan: MdxScan = { tree, frontmatter: {}, calculators: [], diagrams: [], esm: [] };
  try {
    scan.frontmatter = parseFrontmatter(source).frontmatter;
  } catch (e) {
    scan.frontmatterError = e instanceof Error ? e.message : String(e);
  }
  const walk = (node: Root | RootContent): void => {
    if (node.type === 'mdxjsEsm') scan.esm.push(node.value);
    else if (node.type === 'code' && node.lang === 'mermaid')
      scan.diagrams.push({ source: node.value, line: node.position?.start.line ?? 1 });
    else if ((node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') && node.name === 'Calculator') {
      const id = node.attributes.find((a) => a.type === 'mdxJsxAttribute' && a.name === 'id')?.value;
      if (typeof id === 'string') scan.calculators.push(id);
    }
    if ('children' in node) for (const child of node.children) walk(child);
  };
  walk(tree);
  return scan;
}
