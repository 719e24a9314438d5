/**
 * Each calculator's URL state, looked up by calculator id: the same code at build time and in the
 * browser. A calculator's schema module (`./schemas/<id in kebab case>.ts`) registers its schema,
 * query prefix and cross-field fix-up here when it loads, and the calculator's definition module
 * imports that schema module. So a page's JavaScript carries the schemas of the calculators it
 * shows, not every calculator's: this module is in the chunk all calculators share, each schema in
 * its own calculator's chunk. Build code that needs every schema at once reads
 * `./calculator-state.ts`; browser code imports only its types.
 */
import type { CALCULATOR_SCHEMAS, CalculatorId } from './calculator-state.ts';
import { decodeState, type Decoded, type StateOf, type StateSchema } from './url-state.ts';

/** One calculator's URL state, as its schema module declares it. */
export interface CalculatorUrl<S extends StateSchema = StateSchema> {
  /** Query-parameter prefix, unique on the site: "q." → "q.n=5". */
  prefix: string;
  /** The calculator's fields, their bounds and defaults. */
  schema: S;
  /**
   * Cross-field rules applied after decoding (e.g. stopped members ≤ members): changes the state in
   * place and pushes one plain-text correction per change, naming the parameters with `prefix`.
   */
  fix?: (state: StateOf<S>, prefix: string, corrections: string[]) => void;
}

type Schemas = typeof CALCULATOR_SCHEMAS;

// Keyed by calculator id; filled as schema modules load (ES module order guarantees a definition's
// schema is registered before the definition's code runs).
const registered = new Map<string, CalculatorUrl>();

/**
 * Registers a calculator's URL state; called once by its schema module, at load.
 *
 * @param id - the calculator id (a key of CALCULATOR_SCHEMAS in ./calculator-state.ts).
 * @returns `url` itself, with the schema's literal types kept, for ./calculator-state.ts to collect.
 */
export function registerCalculatorUrl<const S extends StateSchema>(
  id: string,
  url: CalculatorUrl<S>,
): CalculatorUrl<S> {
  registered.set(id, url as unknown as CalculatorUrl);
  return url;
}

/** A calculator's custom element name, its id in kebab case: readPath → "calc-read-path". */
export function calculatorTag(id: CalculatorId): string {
  return `calc-${kebab(id)}`;
}

/** A calculator id as its modules are named: `writePath` → `write-path`. */
export function kebab(id: string): string {
  return id.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
}

function urlOf(id: CalculatorId): CalculatorUrl {
  const url = registered.get(id);
  if (!url) {
    throw new Error(
      `Calculator "${id}" has no URL state registered. Fix: import src/lib/model/schemas/${kebab(id)}.ts from its definition module (src/lib/calculators/), which registers it.`,
    );
  }
  return url;
}

/**
 * A calculator's URL-state schema.
 * @throws Error when its schema module has not loaded (see {@link registerCalculatorUrl}).
 */
export function calculatorSchema<C extends CalculatorId>(id: C): Schemas[C] {
  return urlOf(id).schema as Schemas[C];
}

/**
 * A calculator's query-parameter prefix, e.g. "q.".
 * @throws Error when its schema module has not loaded.
 */
export function calculatorPrefix(id: CalculatorId): string {
  return urlOf(id).prefix;
}

/**
 * Decodes one calculator's state from untrusted params (see decodeState) and applies its
 * cross-field rules (the `fix` of its schema module): stopped members clamped to members (quorum,
 * availability); failures + stopped clamped to 49 by lowering the stopped count (maintenance).
 *
 * @throws Error when the calculator's schema module has not loaded.
 */
export function decodeCalculator<C extends CalculatorId>(id: C, params: URLSearchParams): Decoded<Schemas[C]> {
  const { schema, prefix, fix } = urlOf(id);
  const decoded = decodeState(schema, params, prefix);
  fix?.(decoded.state, prefix, decoded.corrections);
  return decoded as Decoded<Schemas[C]>;
}

/** The field keys of one calculator's schema ("n" | "k" for quorum). */
export type CalculatorKey<C extends CalculatorId> = keyof Schemas[C] & string;

/** The keys of one calculator's whole-number and decimal fields: those with bounds. */
export type CalculatorNumberKey<C extends CalculatorId> = {
  [K in CalculatorKey<C>]: Schemas[C][K] extends { kind: 'whole' | 'decimal' } ? K : never;
}[CalculatorKey<C>];

/**
 * Bounds of a numeric field of a calculator's schema, so that field parsing, URL clamping and the
 * hint under the input ("1–99") all read the same numbers.
 *
 * @throws Error when the key names no whole or decimal field (the types already refuse it), or
 *   the calculator's schema module has not loaded.
 */
export function numberSpec<C extends CalculatorId>(
  id: C,
  key: CalculatorNumberKey<C>,
): { kind: 'whole' | 'decimal'; min: number; max: number; default: number } {
  const schema: StateSchema = urlOf(id).schema;
  const spec = schema[key];
  if (spec?.kind !== 'whole' && spec?.kind !== 'decimal')
    throw new Error(`Calculator "${id}" has no numeric field "${key}".`);
  return spec;
}
