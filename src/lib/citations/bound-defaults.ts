/**
 * Calculator defaults bound to upstream constants (`src/lib/model/bound-defaults.ts`). Each binding
 * is cited like a `<Value>`: pinned, its value recorded in the lock and re-read when verified. After
 * verification the value, times the binding's factor, must equal the calculator field's default in
 * `src/lib/model/calculator-state.ts` (which collects each calculator's schema module,
 * `src/lib/model/schemas/<id in kebab case>.ts`); otherwise the build fails saying which to change.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Citation, ExtractionError, ExtractionResult } from './extract.ts';
import { importModule } from './model-sources.ts';
import { CitationRefError, citationKey, parseCitationRef } from './ref.ts';
import { patternProblem } from './value.ts';

/**
 * Where the bindings and the calculators' schemas live, relative to the repository root: `schemas`
 * is the build's collection of every calculator's schema (the browser never loads it).
 */
export const BOUND_FILES = {
  bindings: 'src/lib/model/bound-defaults.ts',
  schemas: 'src/lib/model/calculator-state.ts',
} as const;

/** What a bound `Value` citation carries besides its ref and pattern. */
export interface BoundField {
  calculator: string;
  field: string;
  /** The field's default in the calculator's schema, in the field's unit. */
  default: number;
  /** Multiplier from the upstream number to the field's unit. */
  factor: number;
}

/**
 * Extracts the bindings as `Value` citations (file: the bindings module, line: the entry's `ref`).
 *
 * @param root - repository root; a root without the bindings module has none.
 * @returns one citation per well-formed binding, and one error per binding with an unknown
 *   calculator or field, a field without a numeric default, a malformed ref, a bad pattern or a
 *   factor that is not a positive finite number.
 * @throws Error when either module exists but cannot be loaded.
 */
export async function extractBoundDefaults(root: string): Promise<ExtractionResult> {
  const file = BOUND_FILES.bindings;
  let text: string;
  try {
    text = await readFile(join(root, file), 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return { citations: [], errors: [] };
    throw e;
  }
  const bindings = (await importModule(join(root, file)))['BOUND_DEFAULTS'];
  if (!Array.isArray(bindings)) {
    const message = `${file}:1:1: BOUND_DEFAULTS is not exported as an array. Export \`export const BOUND_DEFAULTS: readonly BoundDefault[] = [ … ];\`.`;
    return { citations: [], errors: [{ file, line: 1, column: 1, message }] };
  }
  const schemas = bindings.length
    ? ((await importModule(join(root, BOUND_FILES.schemas)))['CALCULATOR_SCHEMAS'] as Record<
        string,
        Record<string, { default?: unknown }>
      >)
    : {};

  const citations: Citation[] = [];
  const errors: ExtractionError[] = [];
  let searchFrom = 0;
  for (const [i, b] of (bindings as Record<string, unknown>[]).entries()) {
    const refText = typeof b['ref'] === 'string' ? b['ref'] : '';
    // Entries are found in order, so two bindings of one ref get their own lines.
    const at = refText ? text.indexOf(refText, searchFrom) : -1;
    if (at >= 0) searchFrom = at + refText.length;
    const line = at >= 0 ? text.slice(0, at).split('\n').length : 1;
    const label = `BOUND_DEFAULTS[${i}] (${String(b['calculator'])}.${String(b['field'])})`;
    const error = (what: string, fix: string): void => {
      errors.push({ file, line, column: 1, message: `${file}:${line}:1: ${label} ${what}. Fix: ${fix}` });
    };
    const calculator = String(b['calculator']);
    const field = String(b['field']);
    const schema = schemas?.[calculator];
    if (!schema) {
      error(
        `names calculator "${calculator}", which ${BOUND_FILES.schemas} does not define`,
        `use one of ${Object.keys(schemas ?? {}).join(', ')}`,
      );
      continue;
    }
    const fallback = schema[field]?.default;
    if (!(field in schema)) {
      error(
        `names field "${field}", which the ${calculator} calculator does not have`,
        `use one of ${Object.keys(schema).join(', ')}`,
      );
      continue;
    }
    if (typeof fallback !== 'number') {
      error('is bound to a field whose default is not a number', 'bind a numeric field');
      continue;
    }
    const factor = b['factor'] ?? 1;
    if (typeof factor !== 'number' || !Number.isFinite(factor) || factor <= 0) {
      error(`has factor ${JSON.stringify(factor)}`, 'give a positive number (or leave it out for 1)');
      continue;
    }
    const pattern = b['pattern'];
    const problem = typeof pattern === 'string' ? patternProblem(pattern) : 'is not a string';
    if (problem || typeof pattern !== 'string') {
      error(`has a pattern that ${problem}`, 'write a regular expression with exactly one capture group');
      continue;
    }
    let ref;
    try {
      ref = parseCitationRef(refText);
    } catch (e) {
      if (!(e instanceof CitationRefError)) throw e;
      error(`has a bad ref: ${e.message}`, 'correct the ref');
      continue;
    }
    citations.push({
      file,
      line,
      column: 1,
      kind: 'Value',
      refText,
      ref,
      key: citationKey(ref),
      expect: [],
      pattern,
      context: 0,
      // The ref's string literal, quotes included, for `relocate`.
      refAttrRange: at >= 0 ? { start: at - 1, end: at + refText.length + 1 } : { start: -1, end: -1 },
      bound: { calculator, field, default: fallback, factor },
    });
  }
  return { citations, errors };
}

/** The part of a verification result the comparison reads. */
export interface BoundResult {
  citation: Pick<Citation, 'file' | 'line' | 'refText' | 'pattern' | 'bound'>;
  /** The value the lock recorded. */
  value?: string;
  /** What the pattern captured from the lines read in this run, when they were read. */
  captured?: string;
}

/**
 * Compares each bound default with its upstream value.
 *
 * @returns one message per binding whose value is not a decimal number or, times the factor,
 *   differs from the field's default (equal within one part in 10¹², so a factor such as 1/1024
 *   does not fail on rounding). Bindings without a value are left to verification, which already
 *   reports a lock without one.
 */
export function boundDefaultMismatches(results: readonly BoundResult[]): string[] {
  const out: string[] = [];
  for (const { citation: c, value: locked, captured } of results) {
    // Upstream is what the lines say now; the lock's value only when they were not read.
    const value = captured ?? locked;
    const b = c.bound;
    if (!b || value === undefined) continue;
    const at = `${c.file}:${c.line}: ${b.calculator}.${b.field} is bound to ${c.refText} (pattern /${c.pattern}/)`;
    if (!/^-?\d+(\.\d+)?$/.test(value.trim())) {
      out.push(`${at}, whose value "${value}" is not a decimal number. Fix: bind a numeric constant.`);
      continue;
    }
    const upstream = Number(value) * b.factor;
    if (Math.abs(upstream - b.default) > Math.abs(upstream) * 1e-12) {
      out.push(
        `${at}: upstream says ${value}${b.factor === 1 ? '' : ` × ${b.factor} = ${upstream}`}, but the calculator's default is ${b.default}. Fix: set the default in ${BOUND_FILES.schemas} to ${upstream} (in the ${b.calculator} schema module it imports from src/lib/model/schemas/; and check the prose that explains it), or correct the binding.`,
      );
    }
  }
  return out;
}
