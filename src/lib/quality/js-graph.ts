/**
 * The JavaScript graph of a built page: which files load with the page, which load on demand
 * (dynamic `import()`), and who they belong to (Starlight, or the calculators, diagrams or code
 * blocks this project adds). Pure: callers pass a function that returns a chunk's imports (the
 * scripts and tests read them from the client build's Vite manifest, src/tooling/client-manifest.ts).
 */

/** Imports of one chunk, as file names in the same directory (`_astro/`). */
export interface ChunkImports {
  /** `import "./x.js"` and `… from "./x.js"`: load with the importing chunk. */
  static: string[];
  /** `import("./x.js")`: load when the code asks for them. */
  dynamic: string[];
}

/** Who a page's JavaScript belongs to. `starlight` = files also loaded by a page without project components. */
export type JsGroup = 'starlight' | 'calculators' | 'diagrams' | 'code' | 'other';

/** Project groups in the order they claim a shared file (a file is counted once per page). */
const PROJECT_GROUPS = ['calculators', 'diagrams', 'code', 'other'] as const;

/** Files of one group on one page; `atLoad` and `onDemand` are disjoint. */
export interface GroupFiles {
  atLoad: string[];
  onDemand: string[];
}

/**
 * An `importsOf` that leaves out the dynamic imports a page cannot trigger. The calculators share
 * one loader that names every calculator's client module, but a page fetches only the modules of
 * the calculators it holds.
 * @param keep - whether a dynamically imported file can load on this page.
 */
export function pruneDynamic(
  importsOf: (file: string) => ChunkImports,
  keep: (file: string) => boolean,
): (file: string) => ChunkImports {
  return (file) => {
    const i = importsOf(file);
    return { static: i.static, dynamic: i.dynamic.filter(keep) };
  };
}

/**
 * Files reachable from `entries` (entries included).
 * @param withDynamic - also follow `import()` (and what those chunks import).
 */
export function closure(
  entries: Iterable<string>,
  importsOf: (file: string) => ChunkImports,
  withDynamic: boolean,
): Set<string> {
  const seen = new Set<string>();
  const stack = [...entries];
  while (stack.length > 0) {
    const f = stack.pop()!;
    if (seen.has(f)) continue;
    seen.add(f);
    const i = importsOf(f);
    stack.push(...i.static, ...(withDynamic ? i.dynamic : []));
  }
  return seen;
}

/**
 * The project component a script entry comes from: Astro names a component's hoisted script
 * `<Name>.astro_astro_type_script_index_0_lang.<hash>.js`.
 * @param components - component names of this repository (e.g. "QuorumCalculator").
 */
export function componentOfScript(file: string, components: ReadonlySet<string>): string | null {
  const m = /^(.+?)\.astro_astro_type_script/.exec(file);
  return m && components.has(m[1]!) ? m[1]! : null;
}

/**
 * Splits a page's JavaScript by owner.
 *
 * @param entries - the page's external module scripts, as file names in `_astro/`.
 * @param baseline - everything (dynamic imports included) that a page without project
 *   components loads: Starlight's own code.
 * @param groupOf - owner of an entry that is not in the baseline (project groups only).
 * @returns for each group the files that load with the page and those fetched on demand.
 *   A file reachable from several groups is counted once, in the first of `PROJECT_GROUPS`;
 *   a file that one group loads eagerly is never on demand for another.
 */
export function splitPageJs(
  entries: string[],
  baseline: ReadonlySet<string>,
  importsOf: (file: string) => ChunkImports,
  groupOf: (entry: string) => Exclude<JsGroup, 'starlight'>,
): Record<JsGroup, GroupFiles> {
  const eagerAll = closure(entries, importsOf, false);
  const everything = closure(entries, importsOf, true);
  const claimed = new Set<string>();
  const result = {} as Record<JsGroup, GroupFiles>;
  result.starlight = {
    atLoad: [...eagerAll].filter((f) => baseline.has(f)).sort(),
    onDemand: [...everything].filter((f) => baseline.has(f) && !eagerAll.has(f)).sort(),
  };
  for (const f of everything) if (baseline.has(f)) claimed.add(f);
  // Eager files first, over all groups, so that a file loaded at once never counts as on demand.
  const eagerOf = new Map<string, string[]>();
  for (const g of PROJECT_GROUPS) {
    const own = closure(
      entries.filter((e) => !baseline.has(e) && groupOf(e) === g),
      importsOf,
      false,
    );
    const files = [...own].filter((f) => !claimed.has(f)).sort();
    for (const f of files) claimed.add(f);
    eagerOf.set(g, files);
  }
  for (const g of PROJECT_GROUPS) {
    const own = closure(
      entries.filter((e) => !baseline.has(e) && groupOf(e) === g),
      importsOf,
      true,
    );
    const later = [...own].filter((f) => !claimed.has(f)).sort();
    for (const f of later) claimed.add(f);
    result[g] = { atLoad: eagerOf.get(g)!, onDemand: later };
  }
  return result;
}
