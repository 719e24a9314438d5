/**
 * The shape every calculator shares: its fields, how to turn URL state into field text, and a
 * pure `compute` from the text the reader typed to per-field messages, a result tree and the
 * state to keep in the URL. Build time calls `compute(toRaw(default state))`; the browser calls
 * it on every input event, so both show the same result.
 */
import { CALCULATOR_SCHEMAS, type CalculatorId } from '../model/calculator-state.ts';
import { parseDecimal, parseWholeNumber, spellNumber, type Parsed } from '../model/input.ts';
import { h, type Tree } from './tree.ts';
import type { ChartCurrent } from './chart-live.ts';

/** One input of a calculator. */
export interface FieldDef {
  /** Key in the calculator's URL schema (also the `data-field` name). */
  key: string;
  /** Visible label; also the accessible name. */
  label: string;
  kind: 'text' | 'select' | 'checkbox' | 'textarea';
  /** Options of a select: [value, label]. */
  options?: readonly (readonly [string, string])[];
  /** Keyboard hint for phones. */
  inputmode?: 'numeric' | 'decimal' | 'text' | 'url';
  /** Short help under the input (range, unit). */
  hint?: string;
}

/** Field text by key; checkboxes are "1" or "0". */
export type Raw = Record<string, string>;

/** What `compute` returns. */
export interface Outcome {
  /** Message per field key; empty when every field is valid. */
  errors: Record<string, string>;
  /** Content of the aria-live result region: never blank. */
  result: Tree[];
  /** State to write to the URL, or null while the input is invalid. */
  state: Record<string, unknown> | null;
  /** The point the availability chart highlights (null while the input is invalid). */
  highlight?: ChartCurrent | null;
}

/**
 * A calculator's logic: pure, used at build time and in the browser. Its labels live in a
 * separate {@link CalcView} so that text only the build renders never ships as JavaScript.
 */
export interface CalcDef {
  id: CalculatorId;
  /** Short DOM id prefix, unique per page. */
  prefix: string;
  /** Fields shown only while the predicate holds for the current text, by field key. */
  showWhen?: Readonly<Record<string, (raw: Readonly<Raw>) => boolean>>;
  /** Field text for a decoded URL state. */
  toRaw(state: Readonly<Record<string, unknown>>): Raw;
  compute(raw: Readonly<Raw>): Outcome;
}

/** What the build needs to render a calculator's form: its title and labelled fields. */
export interface CalcView {
  title: string;
  fields: readonly FieldDef[];
}

type NumberSpec = { min: number; max: number; default: number };

/** Bounds of a numeric schema field, so input ranges and URL clamping agree. */
export function specOf(id: CalculatorId, key: string): NumberSpec {
  return (CALCULATOR_SCHEMAS[id] as unknown as Record<string, NumberSpec>)[key]!;
}

/** Parses a whole-number field with the bounds of its URL schema field. */
export function whole(raw: Readonly<Raw>, id: CalculatorId, key: string, label: string, errors: Record<string, string>): number | null {
  const s = specOf(id, key);
  return take(parseWholeNumber(raw[key] ?? '', { min: s.min, max: s.max, label }), key, errors);
}

/** Parses a decimal field with the bounds of its URL schema field. */
export function decimal(raw: Readonly<Raw>, id: CalculatorId, key: string, label: string, errors: Record<string, string>): number | null {
  const s = specOf(id, key);
  return take(parseDecimal(raw[key] ?? '', { min: s.min, max: s.max, label }), key, errors);
}

/** Records a parser's message under `key`; returns the value or null. */
export function take<T>(parsed: Parsed<T>, key: string, errors: Record<string, string>): T | null {
  if (parsed.ok) return parsed.value;
  errors[key] = parsed.error;
  return null;
}

/** The result region's content while some input is invalid (never blank). */
export function invalidResult(errors: Record<string, string>): Tree[] {
  const n = Object.keys(errors).length;
  return [h('p', { class: 'calc__invalid' }, `No result yet: fix the ${n === 1 ? 'marked input' : `${n} marked inputs`}.`)];
}

/** An outcome for invalid input. */
export function invalid(errors: Record<string, string>): Outcome {
  return { errors, result: invalidResult(errors), state: null };
}

/** A definition list of result figures: [label, value] pairs. */
export function facts(rows: readonly (readonly [string, Tree])[]): Tree {
  return h('dl', { class: 'calc__facts' }, ...rows.map(([k, v]) => h('div', {}, h('dt', {}, k), h('dd', {}, v))));
}

/** A paragraph, optionally with a class (calc__note, calc__warn, calc__lead). */
export function para(text: Tree, cls = ''): Tree {
  return cls ? h('p', { class: cls }, text) : h('p', {}, text);
}

/** Text of a state value for its field; numbers as the parser reads them back (see spellNumber). */
export function text(v: unknown): string {
  return typeof v === 'number' ? spellNumber(v) : String(v);
}
