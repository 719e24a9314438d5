/**
 * Every calculator by id, for the build: its logic, its labelled fields and, for the availability
 * calculator, its chart, found by file name (`<kebab-id>.ts`). `<Calculator id="quorum" />` renders
 * from here; the browser loads each calculator's code on its own (the loaders in
 * src/components/calculators/Calculator.astro).
 *
 * Entries are imported on demand, so that the import graph of a page names no calculator module:
 * a page's "Last updated" inputs follow the calculators its `<Calculator id>` elements name
 * (src/lib/module-graph.ts), not imports that every page would share.
 */
import { CALCULATOR_SCHEMAS, type CalculatorId, type CalculatorState } from '../model/calculator-state.ts';
import { defaultState } from '../model/url-state.ts';
import { kebab } from '../model/calculator-url.ts';
import { hintOf, viewIn, type CalcDef, type CalcView, type FieldDef, type Outcome, type Raw } from './calc.ts';
import type { CalcLang } from './calc-words.ts';
import type { Tree } from './tree.ts';

/** One calculator as the build renders it. */
export interface CalculatorEntry<Id extends CalculatorId> {
  def: CalcDef<Id>;
  view: CalcView<Id>;
  /** A figure drawn from the default outcome, outside the live region (the availability chart). */
  figure?: (out: Outcome<CalculatorState<Id>>, lang: CalcLang) => Tree;
}

/**
 * Each calculator's module, found by convention: `<kebab-id>.ts` beside this file (`write-path.ts`
 * for `writePath`) exports `<id>Calc` and `<id>View`. Lazy, so that no page's import graph names
 * them (see the module comment).
 */
const MODULES = import.meta.glob<Readonly<Record<string, unknown>>>('./*.ts');

/** Figures drawn outside a calculator's live region, by id: only the availability chart so far. */
const FIGURES: { readonly [Id in CalculatorId]?: () => Promise<CalculatorEntry<Id>['figure']> } = {
  availability: async () => {
    const chart = await import('./chart.ts');
    const { AVAILABILITY_WORDS } = await import('./messages/availability.ts');
    return (out, lang) => chart.availabilityChart(out.highlight ?? null, AVAILABILITY_WORDS[lang].chart);
  },
};

async function entryOf<Id extends CalculatorId>(id: Id): Promise<CalculatorEntry<Id>> {
  const file = `./${kebab(id)}.ts`;
  const load = MODULES[file];
  if (!load)
    throw new Error(
      `Calculator "${id}" has no module src/lib/calculators/${file.slice(2)}: add it (see CONTRIBUTING.md).`,
    );
  const m = await load();
  const def = m[`${id}Calc`] as CalcDef<Id> | undefined;
  const view = m[`${id}View`] as CalcView<Id> | undefined;
  if (def?.id !== id || !view)
    throw new Error(
      `src/lib/calculators/${file.slice(2)} must export ${id}Calc (a definition with id "${id}") and ${id}View.`,
    );
  const figure = await FIGURES[id]?.();
  return figure ? { def, view, figure } : { def, view };
}

/** The registry: an entry per calculator id of the URL schemas (src/lib/model/calculator-state.ts). */
export const CALCULATORS = Object.fromEntries(
  (Object.keys(CALCULATOR_SCHEMAS) as CalculatorId[]).map((id) => [id, () => entryOf(id)]),
) as { readonly [Id in CalculatorId]: () => Promise<CalculatorEntry<Id>> };

/** A field ready to render: its hint resolved (bounds from the schema), and whether it starts hidden. */
export type RenderedField = Omit<FieldDef, 'hint'> & { hint: string | undefined; hidden: boolean };

/** What the build renders for a calculator: its default state's text and outcome, and its form. */
export interface RenderedCalculator {
  id: CalculatorId;
  /** DOM id prefix (see CalcDef). */
  prefix: string;
  title: string;
  fields: RenderedField[];
  /** Field text of the default state. */
  raw: Raw;
  out: Outcome;
  figure: Tree | null;
}

/**
 * Loads a calculator's entry.
 *
 * @param id - a calculator id; anything else is a type error, and at run time an Error.
 */
export async function loadCalculator<Id extends CalculatorId>(id: Id): Promise<CalculatorEntry<Id>> {
  const load = CALCULATORS[id];
  if (!load) throw new Error(`No calculator "${String(id)}": use one of ${Object.keys(CALCULATORS).join(', ')}.`);
  return load();
}

/**
 * What the build shows before any script runs: the result of the schema's default state.
 * Synchronous on purpose: the source links the result uses are module state (ref-link.ts), set by
 * the caller just before, and an await here would let another calculator's render replace them.
 * @param lang - the page's language: the form and the result in it where the calculator speaks it.
 */
export function renderCalculator<Id extends CalculatorId>(
  id: Id,
  entry: CalculatorEntry<Id>,
  lang: CalcLang = 'en',
): RenderedCalculator {
  const raw: Raw = entry.def.toRaw(defaultState(CALCULATOR_SCHEMAS[id]));
  const out = entry.def.compute(raw, lang);
  const view = viewIn(entry.view, lang);
  // Field keys are the schema's; the form looks them up by name.
  const showWhen: Readonly<Record<string, ((raw: Readonly<Raw>) => boolean) | undefined>> = entry.def.showWhen ?? {};
  return {
    id,
    prefix: entry.def.prefix,
    title: view.title,
    fields: view.fields.map((f) => ({ ...f, hint: hintOf(id, f), hidden: showWhen[f.key]?.(raw) === false })),
    raw,
    out,
    figure: entry.figure ? entry.figure(out, lang) : null,
  };
}
