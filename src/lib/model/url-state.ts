/**
 * Calculator state in the URL query string: encode to URLSearchParams, decode from untrusted
 * params. Decoding never throws and never returns anything but numbers within their bounds,
 * booleans, allowed enum values, or short plain-text strings without markup characters; bad
 * values are clamped (numbers out of range) or replaced by the default (anything else), and
 * each correction is reported. Rendering decoded text is the UI's job: set it as text, never as HTML.
 */
import { parseDecimal, spellNumber } from './input.ts';

/** How one field is stored. */
export type FieldSpec =
  | { kind: 'whole'; min: number; max: number; default: number }
  | { kind: 'decimal'; min: number; max: number; default: number }
  | { kind: 'decimal-list'; min: number; max: number; maxItems: number; default: readonly number[] }
  /**
   * `aliases` maps values older links carry to the value they now mean (read silently, never
   * written back): a field that changed shape keeps its links working.
   */
  | { kind: 'enum'; values: readonly string[]; default: string; aliases?: Readonly<Record<string, string>> }
  | { kind: 'bool'; default: boolean }
  /** `multiline` also admits tab, line feed and carriage return (a pasted flag value can hold them). */
  | { kind: 'text'; maxLength: number; pattern?: RegExp; multiline?: boolean; default: string };

/** A calculator's fields by key. */
export type StateSchema = Readonly<Record<string, FieldSpec>>;

/** The state type a schema describes. */
export type StateOf<S extends StateSchema> = {
  -readonly [K in keyof S]: S[K] extends { kind: 'whole' | 'decimal' }
    ? number
    : S[K] extends { kind: 'decimal-list' }
      ? number[]
      : S[K] extends { kind: 'bool' }
        ? boolean
        : string;
};

/** Result of {@link decodeState}. */
export interface Decoded<S extends StateSchema> {
  state: StateOf<S>;
  /** One plain-text line per corrected parameter (empty when the link was clean). */
  corrections: string[];
}

/** Longest raw parameter value looked at; longer values are replaced by the default. */
const MAX_PARAM_LENGTH = 4096;
// Control characters and markup-significant characters are never accepted in text fields;
// multiline fields admit tab, line feed and carriage return (removed before the check).
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNSAFE_TEXT = /[\u0000-\u001f\u007f<>`]/;

/** The defaults of a schema, as a fresh state object. */
export function defaultState<S extends StateSchema>(schema: S): StateOf<S> {
  const out: Record<string, unknown> = {};
  for (const [key, spec] of Object.entries(schema))
    out[key] = spec.kind === 'decimal-list' ? [...spec.default] : spec.default;
  return out as StateOf<S>;
}

function encodeValue(spec: FieldSpec, value: unknown): string {
  switch (spec.kind) {
    case 'bool':
      return value ? '1' : '0';
    case 'decimal-list':
      return (value as number[]).map(spellNumber).join(',');
    case 'whole':
    case 'decimal':
      return spellNumber(value as number);
    default:
      return String(value);
  }
}

function sameAsDefault(spec: FieldSpec, value: unknown): boolean {
  if (spec.kind === 'decimal-list') {
    const v = value as number[];
    return v.length === spec.default.length && v.every((x, i) => x === spec.default[i]);
  }
  return value === spec.default;
}

/**
 * Writes a state into query parameters named `${prefix}${key}`, leaving out values equal to
 * their default so links stay short.
 *
 * @param schema - the calculator's schema.
 * @param state - the state to write (assumed valid; it came from the model's own inputs).
 * @param prefix - namespace so several calculators can share one URL (e.g. "q.").
 * @param into - params to add to (default: a new URLSearchParams); existing keys are replaced.
 */
export function encodeState<S extends StateSchema>(
  schema: S,
  state: StateOf<S>,
  prefix = '',
  into = new URLSearchParams(),
): URLSearchParams {
  for (const [key, spec] of Object.entries(schema)) {
    const name = `${prefix}${key}`;
    const value = (state as Record<string, unknown>)[key];
    if (value === undefined || sameAsDefault(spec, value)) into.delete(name);
    else into.set(name, encodeValue(spec, value));
  }
  return into;
}

function clampNumber(
  raw: string,
  spec: { min: number; max: number; default: number },
  whole: boolean,
): { value: number; note: string | null } {
  const rule = { min: -Number.MAX_VALUE, max: Number.MAX_VALUE, label: 'value' };
  // Read as a decimal, so a huge whole number such as 1e20 is clamped like any other out-of-range value.
  const parsed = parseDecimal(raw, rule);
  if (!parsed.ok || (whole && !Number.isInteger(parsed.value)))
    return { value: spec.default, note: 'not a valid number; using the default' };
  if (parsed.value < spec.min) return { value: spec.min, note: `below ${spec.min}; using ${spec.min}` };
  if (parsed.value > spec.max) return { value: spec.max, note: `above ${spec.max}; using ${spec.max}` };
  return { value: parsed.value, note: null };
}

/**
 * Reads a state from untrusted query parameters.
 * - missing parameter → default;
 * - whole/decimal: not a number (letters, NaN, Infinity, decimal comma…) → default;
 *   out of range → clamped to the nearest bound; a fraction for a whole field → default;
 * - decimal-list: comma-separated; bad items dropped, items clamped, then the first maxItems kept;
 *   when no item is a number (or the value is empty), the default;
 * - enum: must equal one of the values exactly, or an alias (read as the value it names), else default;
 * - bool: "1"/"true" or "0"/"false", else default;
 * - text: at most maxLength characters, no control characters (tab and line breaks allowed when
 *   `multiline`) or `<`, `>`, `` ` ``, and must match
 *   `pattern` when given, else default.
 * Values longer than {@link MAX_PARAM_LENGTH} are ignored (default).
 *
 * @returns the state and a plain-text line for each correction.
 */
export function decodeState<S extends StateSchema>(schema: S, params: URLSearchParams, prefix = ''): Decoded<S> {
  const state = defaultState(schema) as Record<string, unknown>;
  const corrections: string[] = [];
  for (const [key, spec] of Object.entries(schema)) {
    const name = `${prefix}${key}`;
    const raw = params.get(name);
    if (raw === null) continue;
    const note = (what: string): void => {
      corrections.push(`Link parameter "${name}" ${what}.`);
    };
    if (raw.length > MAX_PARAM_LENGTH) {
      note('is too long; using the default');
      continue;
    }
    switch (spec.kind) {
      case 'whole':
      case 'decimal': {
        const r = clampNumber(raw, spec, spec.kind === 'whole');
        state[key] = r.value;
        if (r.note) note(`is ${r.note}`);
        break;
      }
      case 'decimal-list': {
        const items = raw === '' ? [] : raw.split(',');
        const values: number[] = [];
        let bad = false;
        for (const item of items) {
          const r = clampNumber(item, { min: spec.min, max: spec.max, default: NaN }, false);
          if (Number.isFinite(r.value)) values.push(r.value);
          if (r.note) bad = true;
        }
        // No number at all (empty, or letters only): the default, as for any other field, not an empty list.
        if (values.length === 0) {
          note(`has no number from ${spec.min} to ${spec.max}; using the default`);
          break;
        }
        if (values.length > spec.maxItems) bad = true;
        state[key] = values.slice(0, spec.maxItems);
        if (bad)
          note(
            `had items that were not numbers from ${spec.min} to ${spec.max} (at most ${spec.maxItems}); they were dropped or clamped`,
          );
        break;
      }
      case 'enum':
        if (spec.values.includes(raw)) state[key] = raw;
        else if (spec.aliases !== undefined && Object.hasOwn(spec.aliases, raw)) state[key] = spec.aliases[raw];
        else note('is not one of the allowed values; using the default');
        break;
      case 'bool':
        if (raw === '1' || raw === 'true') state[key] = true;
        else if (raw === '0' || raw === 'false') state[key] = false;
        else note('is not 1, 0, true or false; using the default');
        break;
      case 'text':
        if (
          raw.length > spec.maxLength ||
          UNSAFE_TEXT.test(spec.multiline ? raw.replace(/[\t\n\r]/g, '') : raw) ||
          (spec.pattern !== undefined && !spec.pattern.test(raw))
        ) {
          note('contains characters or a length that is not allowed; using the default');
        } else state[key] = raw;
        break;
    }
  }
  return { state: state as StateOf<S>, corrections };
}
