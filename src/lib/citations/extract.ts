/**
 * Finds `<Cite>`, `<Excerpt>` and `<Value>` elements in MDX and reads their attributes
 * statically (from the MDX syntax tree and its estree), never by evaluating code.
 * The attributes each element needs (`ref`, `expect`; for `<Value>`, `pattern`) are in the README,
 * "Verifying citations".
 */
import { readdir, readFile, realpath, stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { MdxSyntaxError, scanMdx } from '../mdx-scan.ts';
import { CONTENT_DIRS } from '../project-paths.ts';
import { extractBoundDefaults, type BoundField } from './bound-defaults.ts';
import type { ModelInputs } from './model-inputs.ts';
import { extractModelCitations } from './model-sources.ts';
import { PATTERN_FIX, patternProblem } from './value.ts';
import { CitationRefError, citationKey, parseCitationRef, type CitationRef } from './ref.ts';

/**
 * `Cite`, `Excerpt` and `Value` are MDX elements; `Source` is a ref exported by the model (./model-sources.ts).
 * A `Value` cites lines like a `Cite` and also shows a constant captured from them (./value.ts).
 */
export type CitationKind = 'Cite' | 'Excerpt' | 'Value' | 'Source';

/** One citation as written in MDX. */
export interface Citation {
  /** MDX file (or, for `Source`, src/lib/model/sources.ts), relative to the repository root, `/`-separated. */
  file: string;
  /** 1-based line and column of the element's `<`. */
  line: number;
  column: number;
  kind: CitationKind;
  /** For `Source`: the export's name in sources.ts (`delegatorGetRvUnset`). */
  name?: string;
  /** The `ref` attribute (or the exported string) exactly as written. */
  refText: string;
  ref: CitationRef;
  /** Lock key (canonical ref text). */
  key: string;
  /**
   * Fragments that must occur inside the cited lines; at least one, none empty. Empty for a `Value`,
   * whose `pattern` must match the lines instead.
   */
  expect: string[];
  /** `Value` only: the regular expression (one capture group) that reads the value from the cited lines. */
  pattern?: string;
  /** `Value` only: text shown after the value (`" GiB"`); absent when not given. */
  unit?: string;
  /** A `Value` from the bindings module: the model number it must equal (./bound-defaults.ts). */
  bound?: BoundField;
  /** Lines of context on each side (Excerpt only; 0 for Cite). */
  context: number;
  /** Source offsets (UTF-16) of the whole `ref="…"` attribute (for `Source`, the string literal), for `relocate`. */
  refAttrRange: { start: number; end: number };
}

/** An authoring error with its location; `message` already names file:line and the fix. */
export interface ExtractionError {
  file: string;
  line: number;
  column: number;
  message: string;
}

export interface ExtractionResult {
  citations: Citation[];
  errors: ExtractionError[];
}

/** One page's citations and, from the same parse, its `<Calculator id>`s (document order; absent when it does not parse). */
export interface PageExtraction extends ExtractionResult {
  calculators?: string[];
}

/** Every page's citations, and each parsed page's `<Calculator id>`s by its root-relative path. */
export interface ContentExtraction extends ExtractionResult {
  calculators: Map<string, string[]>;
}

const KINDS = new Set<string>(['Cite', 'Excerpt', 'Value']);
const MAX_CONTEXT = 50;
const VALUE_EXAMPLE =
  '<Value ref="owner/repo@v1.2.3:path/file.go#L30" pattern="DefaultQuotaBytes = int64\\((\\d+) \\*" unit=" GiB" />';

interface Point {
  line?: number;
  column?: number;
  offset?: number;
}
interface Position {
  start: Point;
  end: Point;
}
interface EsNode {
  type: string;
  [k: string]: unknown;
}
interface JsxAttribute {
  type: 'mdxJsxAttribute' | 'mdxJsxExpressionAttribute';
  name?: string;
  value?: string | null | { type: string; value: string; data?: { estree?: { body: EsNode[] } } };
  position?: Position;
}
interface MdNode {
  type: string;
  name?: string | null;
  attributes?: JsxAttribute[];
  children?: MdNode[];
  position?: Position;
}

/**
 * Extracts citations from one MDX source text.
 *
 * @param file - path relative to the repository root, used in messages.
 * @param source - the MDX text.
 * @returns citations that are well-formed, one error per malformed one (missing or non-literal
 *   `expect`, malformed `ref`, bad `context`, MDX syntax error), and the page's calculator ids.
 */
export function extractFromSource(file: string, source: string): PageExtraction {
  const citations: Citation[] = [];
  const errors: ExtractionError[] = [];
  let tree: MdNode;
  let calculators: string[];
  try {
    // The page's one parse, shared with the rest of the build (../mdx-scan.ts).
    const scan = scanMdx(source);
    tree = scan.tree as unknown as MdNode;
    calculators = scan.calculators;
  } catch (e) {
    if (!(e instanceof MdxSyntaxError)) throw e;
    const { line, column, reason } = e;
    errors.push({
      file,
      line,
      column,
      message: `${file}:${line}:${column}: MDX syntax error, so its citations cannot be checked: ${reason}. Fix the MDX syntax.`,
    });
    return { citations, errors };
  }

  const visit = (node: MdNode): void => {
    if ((node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') && node.name && KINDS.has(node.name)) {
      const result = readElement(file, node);
      if ('error' in result) errors.push(result.error);
      else citations.push(result.citation);
    }
    for (const child of node.children ?? []) visit(child);
  };
  visit(tree);
  return { citations, errors, calculators };
}

function readElement(file: string, node: MdNode): { citation: Citation } | { error: ExtractionError } {
  const kind = node.name as CitationKind;
  const line = node.position?.start.line ?? 1;
  const column = node.position?.start.column ?? 1;
  const where = `${file}:${line}:${column}`;
  const fail = (what: string, fix: string): { error: ExtractionError } => ({
    error: { file, line, column, message: `${where}: <${kind}> ${what.replace(/\.+$/, '')}. ${fix}` },
  });
  const example =
    kind === 'Cite'
      ? '<Cite ref="owner/repo@v1.2.3:path/file.go#L10" expect="a fragment of line 10" />'
      : kind === 'Value'
        ? VALUE_EXAMPLE
        : '<Excerpt ref="owner/repo@v1.2.3:path/file.go#L10-L14" expect={["fragment one", "fragment two"]} context={2} />';

  let refAttr: JsxAttribute | undefined;
  let expectAttr: JsxAttribute | undefined;
  let contextAttr: JsxAttribute | undefined;
  let patternAttr: JsxAttribute | undefined;
  let unitAttr: JsxAttribute | undefined;
  for (const attr of node.attributes ?? []) {
    if (attr.type === 'mdxJsxExpressionAttribute') {
      return fail(
        'uses a spread attribute',
        `Write ${kind === 'Value' ? 'ref, pattern and unit' : 'ref, expect and context'} as literal attributes, e.g. ${example}.`,
      );
    }
    if (attr.name === 'ref') refAttr = attr;
    else if (attr.name === 'expect') expectAttr = attr;
    else if (attr.name === 'context') contextAttr = attr;
    else if (attr.name === 'pattern') patternAttr = attr;
    else if (attr.name === 'unit') unitAttr = attr;
  }

  if (!refAttr) return fail('has no `ref` attribute', `Add one, e.g. ${example}.`);
  if (typeof refAttr.value !== 'string') {
    return fail(
      'has a `ref` that is not a string literal',
      `Write it as ref="owner/repo@ref:path#L1-L2" (a literal, so it can be checked without running the page).`,
    );
  }
  const refText = refAttr.value;
  let ref: CitationRef;
  try {
    ref = parseCitationRef(refText);
  } catch (e) {
    if (e instanceof CitationRefError) return fail(`has a malformed ref: ${e.message}`, 'Correct the `ref` attribute.');
    throw e;
  }

  const vStart = refAttr.position?.start.offset;
  const vEnd = refAttr.position?.end.offset;
  const refAttrRange = { start: vStart ?? -1, end: vEnd ?? -1 };
  // What every kind of citation records; each kind adds what it checks the lines with.
  const common = { file, line, column, kind, refText, ref, key: citationKey(ref), refAttrRange };
  if (kind === 'Value') {
    if (expectAttr || contextAttr)
      return fail(
        `citing ${refText} has \`${expectAttr ? 'expect' : 'context'}\`, which <Value> does not use`,
        `Remove it: the \`pattern\` states what the lines say, e.g. ${VALUE_EXAMPLE}.`,
      );
    if (!patternAttr)
      return fail(
        `citing ${refText} has no \`pattern\``,
        `Add a regular expression with one capture group around the value, e.g. ${VALUE_EXAMPLE}.`,
      );
    const pattern = readStrings(patternAttr);
    if (typeof pattern === 'string' || pattern.length !== 1)
      return fail(`citing ${refText} has a \`pattern\` that is not one string literal`, `Write it as pattern="…".`);
    const problem = patternProblem(pattern[0]!);
    if (problem) return fail(`citing ${refText} has a \`pattern\` that ${problem}`, PATTERN_FIX);
    let unit: string | undefined;
    if (unitAttr) {
      const u = readStrings(unitAttr);
      if (typeof u === 'string' || u.length !== 1)
        return fail(`citing ${refText} has a \`unit\` that is not one string literal`, 'Write it as unit=" GiB".');
      unit = u[0];
    }
    return {
      citation: { ...common, expect: [], pattern: pattern[0]!, ...(unit !== undefined ? { unit } : {}), context: 0 },
    };
  }
  if (patternAttr || unitAttr)
    return fail(
      `citing ${refText} has \`${patternAttr ? 'pattern' : 'unit'}\`, which only <Value> uses`,
      `Remove it, or use ${VALUE_EXAMPLE} to show a value from the lines.`,
    );

  if (!expectAttr) {
    return fail(
      `citing ${refText} has no \`expect\``,
      'Add expect="…" (or expect={["…", "…"]}) with literal fragments of the cited lines: it states what those lines are and is checked against them.',
    );
  }
  const expect = readStrings(expectAttr);
  if (typeof expect === 'string')
    return fail(
      `citing ${refText} has an \`expect\` that ${expect}`,
      'Use expect="fragment" or expect={["fragment", "another"]} with string literals only.',
    );
  if (expect.length === 0)
    return fail(`citing ${refText} has an empty \`expect\``, 'List at least one fragment of the cited lines.');
  if (expect.some((s) => s.trim() === ''))
    return fail(
      `citing ${refText} has an empty or blank \`expect\` fragment`,
      'Remove it or write a fragment of the cited lines.',
    );

  let context = 0;
  if (contextAttr) {
    if (kind !== 'Excerpt')
      return fail(
        `citing ${refText} has \`context\`, which only <Excerpt> uses`,
        'Remove it, or use <Excerpt> to show the code.',
      );
    const n = readInteger(contextAttr);
    if (n === undefined || n < 0 || n > MAX_CONTEXT) {
      return fail(
        `citing ${refText} has a \`context\` that is not an integer from 0 to ${MAX_CONTEXT}`,
        'Write it as context={2}.',
      );
    }
    context = n;
  }

  return {
    citation: { ...common, expect, context },
  };
}

/** The estree expression inside `attr={…}`, or undefined when it is not exactly one expression. */
function expressionOf(attr: JsxAttribute): EsNode | undefined {
  const v = attr.value;
  if (!v || typeof v !== 'object') return undefined;
  const body = v.data?.estree?.body;
  if (!body || body.length !== 1 || body[0]!.type !== 'ExpressionStatement') return undefined;
  return body[0]!.expression as EsNode;
}

/** A static string from a string Literal or an expression-free TemplateLiteral. */
function staticString(node: EsNode): string | undefined {
  if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node.type === 'TemplateLiteral' && (node.expressions as unknown[]).length === 0) {
    const quasis = node.quasis as Array<{ value: { cooked: string | null } }>;
    return quasis[0]?.value.cooked ?? undefined;
  }
  return undefined;
}

/** Reads `expect`; returns the strings, or a description of why it is not static. */
function readStrings(attr: JsxAttribute): string[] | string {
  if (typeof attr.value === 'string') return [attr.value];
  if (attr.value === null || attr.value === undefined) return 'has no value';
  const expr = expressionOf(attr);
  if (!expr) return 'is not a single expression';
  const single = staticString(expr);
  if (single !== undefined) return [single];
  if (expr.type !== 'ArrayExpression')
    return `is an expression (${expr.type}), not a string or an array of string literals`;
  const out: string[] = [];
  for (const el of expr.elements as Array<EsNode | null>) {
    const s = el ? staticString(el) : undefined;
    if (s === undefined) return `has an element that is not a string literal (${el ? el.type : 'a hole'})`;
    out.push(s);
  }
  return out;
}

function readInteger(attr: JsxAttribute): number | undefined {
  if (typeof attr.value === 'string') return /^[0-9]+$/.test(attr.value) ? Number(attr.value) : undefined;
  const expr = attr.value ? expressionOf(attr) : undefined;
  if (expr?.type === 'Literal' && typeof expr.value === 'number' && Number.isInteger(expr.value)) return expr.value;
  return undefined;
}

/**
 * Lists `.mdx` files under the given directories (missing directories are skipped). Symbolic links
 * to files and directories are followed, as Astro's content loader follows them, so every page the
 * site builds has its citations checked; a directory reached twice (a link loop) is walked once.
 *
 * @returns paths relative to `root` as reached (a link's own path, not its target's), `/`-separated, sorted.
 */
export async function listMdxFiles(root: string, dirs: readonly string[] = CONTENT_DIRS): Promise<string[]> {
  const out: string[] = [];
  const walked = new Set<string>();
  const walk = async (abs: string): Promise<void> => {
    let entries;
    try {
      const real = await realpath(abs);
      if (walked.has(real)) return;
      walked.add(real);
      entries = await readdir(abs, { withFileTypes: true });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw e;
    }
    for (const entry of entries) {
      if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
      const p = join(abs, entry.name);
      // A dangling link is left to Astro, which reports it; there is nothing here to check.
      const kind = entry.isSymbolicLink() ? await stat(p).catch(() => undefined) : entry;
      if (kind?.isDirectory()) await walk(p);
      else if (kind?.isFile() && entry.name.endsWith('.mdx')) out.push(relative(root, p).split(sep).join('/'));
    }
  };
  for (const d of dirs) await walk(join(root, d));
  return out.sort();
}

/**
 * Extracts the citations of every `.mdx` file under `dirs` (default `content/`), then those of the
 * model's sources (./model-sources.ts) and its bindings (./bound-defaults.ts) when `model` is given.
 *
 * @param model - the loaded model modules (src/tooling/model-inputs.ts); without them, MDX only.
 * @returns citations in file order, then source order; errors for malformed ones; each parsed page's calculator ids.
 */
export async function extractCitations(
  root: string,
  dirs: readonly string[] = CONTENT_DIRS,
  model?: ModelInputs,
): Promise<ContentExtraction> {
  const files = await listMdxFiles(root, dirs);
  const sources = extractModelCitations(model);
  const bound = extractBoundDefaults(model);
  const citations: Citation[] = [];
  const errors: ExtractionError[] = [];
  const calculators = new Map<string, string[]>();
  for (const file of files) {
    const r = extractFromSource(file, await readFile(join(root, file), 'utf8'));
    citations.push(...r.citations);
    errors.push(...r.errors);
    if (r.calculators) calculators.set(file, r.calculators);
  }
  citations.push(...sources.citations, ...bound.citations);
  errors.push(...sources.errors, ...bound.errors);
  return { citations, errors, calculators };
}
