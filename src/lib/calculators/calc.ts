/**
 * The shape every calculator shares: its fields, how to turn URL state into field text, and a
 * pure `compute` from the text the reader typed to per-field messages, a result tree and the
 * state to keep in the URL. Build time calls `compute(toRaw(default state))`; the browser calls
 * it on every input event, so both show the same result.
 */
import type { CalculatorId, CalculatorState } from '../model/calculator-state.ts';
import { calculatorSchema, numberSpec, type CalculatorKey, type CalculatorNumberKey } from '../model/calculator-url.ts';
import { parseDecimal, parseWholeNumber, spellNumber, type Parsed } from '../model/input.ts';
import type { StateSchema } from '../model/url-state.ts';
import type * as ModelSources from '../model/sources.ts';
import { fmtInt } from './format.ts';
import { calcWords, type CalcLang } from './calc-words.ts';
import { h, type Tree } from './tree.ts';
import type { ChartCurrent } from './chart-live.ts';
import { renderResultTree } from './render-tree.ts';
import type { ResultDoc } from './result-doc.ts';

/** Hint text around the field's bounds: `(range) => \`Configured etcd members, ${range}.\`` gets "1–99". */
export type RangeHint = (range: string) => string;

/** One input of a calculator, keyed by a field of its URL schema. */
export interface FieldDef<K extends string = string> {
  /** Key in the calculator's URL schema (also the `data-field` name). */
  key: K;
  /** Visible label; also the accessible name. */
  label: string;
  kind: 'text' | 'select' | 'checkbox' | 'textarea';
  /** Options of a select: [value, label]. */
  options?: readonly (readonly [string, string])[];
  /** Keyboard hint for phones. */
  inputmode?: 'numeric' | 'decimal' | 'text' | 'url';
  /**
   * Short help under the input (unit, example). A function gets the schema's bounds of a numeric
   * field, written "1–99" (see {@link rangeText}), so the hint cannot drift from what is accepted.
   */
  hint?: string | RangeHint;
}

/** Field text by key, as read from the form (untrusted); checkboxes are "1" or "0". */
export type Raw = Record<string, string>;

/** What `compute` returns. */
export interface Outcome<S = Record<string, unknown>> {
  /** Message per field key; empty when every field is valid. */
  errors: Record<string, string>;
  /** The answer for valid input (every channel renders it), or null while some input is invalid. */
  doc: ResultDoc | null;
  /** Content of the aria-live result region, rendered from `doc` (./render-tree.ts): never blank. */
  result: Tree[];
  /** State to write to the URL, or null while the input is invalid. */
  state: S | null;
  /** The point the availability chart highlights (null while the input is invalid). */
  highlight?: ChartCurrent | null;
}

/**
 * A calculator's logic: pure, used at build time and in the browser, typed by its URL schema
 * (`CALCULATOR_SCHEMAS[Id]`): `toRaw` gets that state and must give text for each of its keys,
 * `compute` must return that state, and `showWhen` may only name its keys. Its labels live in a
 * separate {@link CalcView} so that text only the build renders never ships as JavaScript.
 */
/** The name of one model source: an export of src/lib/model/sources.ts. */
export type SourceName = keyof typeof ModelSources;

export interface CalcDef<Id extends CalculatorId = CalculatorId> {
  id: Id;
  /** Short DOM id prefix, unique per page. */
  prefix: string;
  /** Fields shown only while the predicate holds for the current text, by field key. */
  showWhen?: Readonly<Partial<Record<CalculatorKey<Id>, (raw: Readonly<Raw>) => boolean>>>;
  /** Field text for a decoded URL state. */
  toRaw(state: Readonly<CalculatorState<Id>>): Record<CalculatorKey<Id>, string>;
  /**
   * @param lang - the page's language (./calc-words.ts): a calculator with messages in it answers
   *   in it; the others answer in English.
   */
  compute(raw: Readonly<Raw>, lang?: CalcLang): Outcome<CalculatorState<Id>>;
}

/** What only the build needs of a calculator: its form's title and labelled fields, and the sources it declares. */
export interface CalcView<Id extends CalculatorId = CalculatorId> {
  title: string;
  fields: readonly FieldDef<CalculatorKey<Id>>[];
  /**
   * The model sources (export names of src/lib/model/sources.ts) that this calculator's code, and
   * the model code it calls, can show a reader. Kept here, in the build-only half of a
   * calculator, so that browser bundles do not carry the names. The Evidence page lists, per source, the
   * calculators and pages that show it from these; a unit test holds each list to what the
   * calculator's modules read.
   */
  sources: readonly SourceName[];
  /**
   * The form's text in the other languages the calculator speaks (its compute answers in them
   * too); a field it leaves out keeps its English text.
   */
  translations?: Partial<Record<Exclude<CalcLang, 'en'>, ViewText<CalculatorKey<Id>>>>;
}

/** A calculator form's text in one language: its title, and per field its label, hint and option labels. */
export interface ViewText<K extends string = string> {
  title: string;
  fields: Partial<Record<K, { label: string; hint?: string | RangeHint; options?: Readonly<Record<string, string>> }>>;
}

/** A view in `lang`: its English fields with the translation's text where it gives one. */
export function viewIn<Id extends CalculatorId>(view: CalcView<Id>, lang: CalcLang): CalcView<Id> {
  const t = lang === 'en' ? undefined : view.translations?.[lang];
  if (!t) return view;
  const fields = view.fields.map((f) => {
    const own = t.fields[f.key];
    if (!own) return f;
    const options = f.options?.map(([value, label]) => [value, own.options?.[value] ?? label] as const);
    return { ...f, label: own.label, ...(own.hint ? { hint: own.hint } : {}), ...(options ? { options } : {}) };
  });
  return { ...view, title: t.title, fields };
}

/** A numeric field's bounds as hints write them: "1–99", "0–100,000,000". */
export function rangeText(spec: { min: number; max: number }): string {
  return `${fmtInt(spec.min)}–${fmtInt(spec.max)}`;
}

/**
 * The hint shown under a field: its text, or for a {@link RangeHint} the text around its bounds.
 * @throws Error when a range hint is given to a field without bounds.
 */
export function hintOf<Id extends CalculatorId>(id: Id, field: FieldDef<CalculatorKey<Id>>): string | undefined {
  if (typeof field.hint !== 'function') return field.hint;
  const schema: StateSchema = calculatorSchema(id);
  const spec = schema[field.key];
  if (spec?.kind !== 'whole' && spec?.kind !== 'decimal')
    throw new Error(`Calculator "${id}": field "${field.key}" has a range hint but no bounds in its schema.`);
  return field.hint(rangeText(spec));
}

/** Parses a whole-number field with the bounds of its URL schema field. */
export function whole<Id extends CalculatorId>(
  raw: Readonly<Raw>,
  id: Id,
  key: CalculatorNumberKey<Id>,
  label: string,
  errors: Record<string, string>,
  lang: CalcLang = 'en',
): number | null {
  const s = numberSpec(id, key);
  const words = calcWords(lang).number;
  return take(parseWholeNumber(raw[key] ?? '', { min: s.min, max: s.max, label, words }), key, errors);
}

/** Parses a decimal field with the bounds of its URL schema field. */
export function decimal<Id extends CalculatorId>(
  raw: Readonly<Raw>,
  id: Id,
  key: CalculatorNumberKey<Id>,
  label: string,
  errors: Record<string, string>,
  lang: CalcLang = 'en',
): number | null {
  const s = numberSpec(id, key);
  const words = calcWords(lang).number;
  return take(parseDecimal(raw[key] ?? '', { min: s.min, max: s.max, label, words }), key, errors);
}

/** Records a parser's message under `key`; returns the value or null. */
export function take<T>(parsed: Parsed<T>, key: string, errors: Record<string, string>): T | null {
  if (parsed.ok) return parsed.value;
  errors[key] = parsed.error;
  return null;
}

/** The result region's content while some input is invalid (never blank). */
function invalidResult(errors: Record<string, string>, lang: CalcLang): Tree[] {
  return [h('p', { class: 'calc__invalid' }, calcWords(lang).noResultYet(Object.keys(errors).length))];
}

/** An outcome for invalid input, its result region in `lang`. */
export function invalid(errors: Record<string, string>, lang: CalcLang = 'en'): Outcome<never> {
  return { errors, doc: null, result: invalidResult(errors, lang), state: null };
}

/**
 * An outcome for valid input: the document, and the result region rendered from it.
 * @param highlight - the point the availability chart marks, for that calculator only.
 */
export function answer<S>(
  errors: Record<string, string>,
  state: S | null,
  doc: ResultDoc,
  highlight?: ChartCurrent | null,
): Outcome<S> {
  return { errors, state, doc, result: renderResultTree(doc), ...(highlight === undefined ? {} : { highlight }) };
}

/** Text of a state value for its field; numbers as the parser reads them back (see spellNumber). */
export function text(v: unknown): string {
  return typeof v === 'number' ? spellNumber(v) : String(v);
}
