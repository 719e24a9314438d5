/**
 * Model numbers bound to upstream constants (the bindings module, given as {@link ModelInputs}):
 * calculator defaults and named constants of the model (the tested limits, APF shares, quotas).
 * Each binding is cited like a `<Value>`: pinned, its value recorded in the lock and re-read when
 * verified. After verification the value, times the binding's factor, must equal the model's
 * number (a calculator field's default in its URL-state schema, or the constant's value);
 * otherwise the build fails saying which number to change.
 */
import type { Citation, ExtractionError, ExtractionResult } from './extract.ts';
import type { ModelInputs } from './model-inputs.ts';
import { CitationRefError, citationKey, parseCitationRef } from './ref.ts';
import { patternProblem } from './value.ts';

/** What a bound `Value` citation carries besides its ref and pattern. */
export type BoundField = (
  | {
      calculator: string;
      field: string;
      /** The module that collects the calculators' schemas, named in the fix. */
      schemas: string;
    }
  | {
      /** The constant's name in the model, e.g. `TESTED_LIMITS.nodes`. */
      constant: string;
    }
) & {
  /** The model's number, in its own unit: the field's default, or the constant's value. */
  default: number;
  /** Multiplier from the upstream number to the model's unit. */
  factor: number;
};

/** `timeouts.h` or `TESTED_LIMITS.nodes`: how messages and the Evidence page name a binding. */
export function boundName(b: BoundField): string {
  return 'constant' in b ? b.constant : `${b.calculator}.${b.field}`;
}

/**
 * Extracts the bindings as `Value` citations (file: the bindings module, line: the entry's `ref`).
 *
 * @param model - the loaded model modules; undefined gives none.
 * @returns one citation per well-formed binding, and one error per binding with an unknown
 *   calculator or field, a field without a numeric default, a constant without a finite value,
 *   a malformed ref, a bad pattern or a factor that is not a positive finite number.
 */
export function extractBoundDefaults(model: ModelInputs | undefined): ExtractionResult {
  if (!model) return { citations: [], errors: [] };
  const { file, text, exports: bindings } = model.bindings;
  if (!Array.isArray(bindings)) {
    const message = `${file}:1:1: BOUND_DEFAULTS is not exported as an array. Export \`export const BOUND_DEFAULTS: readonly BoundDefault[] = [ … ];\`.`;
    return { citations: [], errors: [{ file, line: 1, column: 1, message }] };
  }
  const schemas = model.schemas.exports ?? {};
  const schemasFile = model.schemas.file;

  const citations: Citation[] = [];
  const errors: ExtractionError[] = [];
  let searchFrom = 0;
  let fragmentFrom = 0;
  for (const [i, b] of (bindings as Record<string, unknown>[]).entries()) {
    const refText = typeof b['ref'] === 'string' ? b['ref'] : '';
    // Entries are found in order, so two bindings of one ref get their own lines.
    const at = refText ? text.indexOf(refText, searchFrom) : -1;
    if (at >= 0) searchFrom = at + refText.length;
    // A ref the module builds from parts (`${THRESHOLDS}#L60`) is placed by its line range, which
    // the module writes out: messages then name the entry's line, though `relocate` cannot rewrite it.
    const range = refText.slice(refText.lastIndexOf('#') + 1);
    const near = at < 0 && /^L\d/.test(range) ? text.indexOf(range, fragmentFrom) : -1;
    if (near >= 0) fragmentFrom = near;
    const found = at >= 0 ? at : near;
    const line = found >= 0 ? text.slice(0, found).split('\n').length : 1;
    const constant = typeof b['constant'] === 'string' ? b['constant'] : undefined;
    const label = `BOUND_DEFAULTS[${i}] (${constant ?? `${String(b['calculator'])}.${String(b['field'])}`})`;
    const error = (what: string, fix: string): void => {
      errors.push({ file, line, column: 1, message: `${file}:${line}:1: ${label} ${what}. Fix: ${fix}` });
    };
    let target: { calculator: string; field: string; schemas: string } | { constant: string };
    let modelNumber: number;
    if (constant !== undefined) {
      const value = b['value'];
      if (typeof value !== 'number' || !Number.isFinite(value)) {
        error(`has value ${JSON.stringify(value)}`, "give the model's number as `value`");
        continue;
      }
      target = { constant };
      modelNumber = value;
    } else {
      const calculator = String(b['calculator']);
      const field = String(b['field']);
      const schema = schemas[calculator];
      if (!schema) {
        error(
          `names calculator "${calculator}", which ${schemasFile} does not define`,
          `use one of ${Object.keys(schemas).join(', ')}`,
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
      target = { calculator, field, schemas: schemasFile };
      modelNumber = fallback;
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
      bound: { ...target, default: modelNumber, factor },
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
    const at = `${c.file}:${c.line}: ${boundName(b)} is bound to ${c.refText} (pattern /${c.pattern}/)`;
    // Digit groups written with apostrophes (sig-scalability's "150'000") are one number.
    const digits = /^\d{1,3}('\d{3})+$/.test(value.trim()) ? value.trim().replace(/'/g, '') : value.trim();
    if (!/^-?\d+(\.\d+)?$/.test(digits)) {
      out.push(`${at}, whose value "${value}" is not a decimal number. Fix: bind a numeric constant.`);
      continue;
    }
    const upstream = Number(digits) * b.factor;
    if (Math.abs(upstream - b.default) > Math.abs(upstream) * 1e-12) {
      const says = `upstream says ${value}${b.factor === 1 ? '' : ` × ${b.factor} = ${upstream}`}`;
      out.push(
        'constant' in b
          ? `${at}: ${says}, but the model's ${b.constant} is ${b.default}. Fix: change ${b.constant} in the model to ${upstream} (and check the prose that restates it), or correct the binding.`
          : `${at}: ${says}, but the calculator's default is ${b.default}. Fix: set the default in ${b.schemas} to ${upstream} (in the ${b.calculator} schema module; and check the prose that explains it), or correct the binding.`,
      );
    }
  }
  return out;
}
