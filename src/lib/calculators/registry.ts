/**
 * Every calculator by id, for the build: its logic, its labelled fields and, for the availability
 * calculator, its chart. `<Calculator id="quorum" />` renders from here; the browser loads each
 * calculator's code on its own (the loaders in src/components/calculators/Calculator.astro).
 *
 * Entries are imported on demand, so that the import graph of a page names no calculator module:
 * the citation engine finds which calculator a page shows from its `<Calculator id>` elements
 * (src/lib/citations/source-usage.ts), not from imports that every page would share.
 */
import { CALCULATOR_SCHEMAS, type CalculatorId, type CalculatorState } from '../model/calculator-state.ts';
import { defaultState } from '../model/url-state.ts';
import { hintOf, type CalcDef, type CalcView, type FieldDef, type Outcome, type Raw } from './calc.ts';
import type { Tree } from './tree.ts';

/** One calculator as the build renders it. */
export interface CalculatorEntry<Id extends CalculatorId> {
  def: CalcDef<Id>;
  view: CalcView<Id>;
  /** A figure drawn from the default outcome, outside the live region (the availability chart). */
  figure?: (out: Outcome<CalculatorState<Id>>) => Tree;
}

/** The registry: a typed entry per calculator id (a missing or misspelt id fails type-checking). */
export const CALCULATORS: { readonly [Id in CalculatorId]: () => Promise<CalculatorEntry<Id>> } = {
  quorum: async () => {
    const m = await import('./quorum.ts');
    return { def: m.quorumCalc, view: m.quorumView };
  },
  availability: async () => {
    const [m, chart] = await Promise.all([import('./availability.ts'), import('./chart.ts')]);
    return {
      def: m.availabilityCalc,
      view: m.availabilityView,
      figure: (out) => chart.availabilityChart(out.highlight ?? null),
    };
  },
  writePath: async () => {
    const m = await import('./write-path.ts');
    return { def: m.writePathCalc, view: m.writePathView };
  },
  apiserver: async () => {
    const m = await import('./apiserver.ts');
    return { def: m.apiserverCalc, view: m.apiserverView };
  },
  upgrade: async () => {
    const m = await import('./upgrade.ts');
    return { def: m.upgradeCalc, view: m.upgradeView };
  },
  maintenance: async () => {
    const m = await import('./maintenance.ts');
    return { def: m.maintenanceCalc, view: m.maintenanceView };
  },
  topology: async () => {
    const m = await import('./topology.ts');
    return { def: m.topologyCalc, view: m.topologyView };
  },
  overrides: async () => {
    const m = await import('./overrides.ts');
    return { def: m.overridesCalc, view: m.overridesView };
  },
  hardware: async () => {
    const m = await import('./hardware.ts');
    return { def: m.hardwareCalc, view: m.hardwareView };
  },
  readPath: async () => {
    const m = await import('./read-path.ts');
    return { def: m.readPathCalc, view: m.readPathView };
  },
  timeouts: async () => {
    const m = await import('./timeouts.ts');
    return { def: m.timeoutsCalc, view: m.timeoutsView };
  },
  dbSize: async () => {
    const m = await import('./db-size.ts');
    return { def: m.dbSizeCalc, view: m.dbSizeView };
  },
  limits: async () => {
    const m = await import('./limits.ts');
    return { def: m.limitsCalc, view: m.limitsView };
  },
  apf: async () => {
    const m = await import('./apf.ts');
    return { def: m.apfCalc, view: m.apfView };
  },
  membership: async () => {
    const m = await import('./membership.ts');
    return { def: m.membershipCalc, view: m.membershipView };
  },
};

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
 */
export function renderCalculator<Id extends CalculatorId>(id: Id, entry: CalculatorEntry<Id>): RenderedCalculator {
  const raw: Raw = entry.def.toRaw(defaultState(CALCULATOR_SCHEMAS[id]));
  const out = entry.def.compute(raw);
  // Field keys are the schema's; the form looks them up by name.
  const showWhen: Readonly<Record<string, ((raw: Readonly<Raw>) => boolean) | undefined>> = entry.def.showWhen ?? {};
  return {
    id,
    prefix: entry.def.prefix,
    title: entry.view.title,
    fields: entry.view.fields.map((f) => ({ ...f, hint: hintOf(id, f), hidden: showWhen[f.key]?.(raw) === false })),
    raw,
    out,
    figure: entry.figure ? entry.figure(out) : null,
  };
}
