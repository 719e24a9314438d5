/**
 * What the engine is given of the model, instead of finding and loading it itself: the modules'
 * exports and texts, each with the repository-relative path that messages name and that `relocate`
 * rewrites. Whoever runs the engine loads them (the CLI natively, the build from its config's
 * static imports, the dev server through its module runner): see src/tooling/model-inputs.ts.
 */

/** One loaded module: its path relative to the root, its source text and its exports. */
export interface ModuleInput<T> {
  file: string;
  text: string;
  exports: T;
}

export interface ModelInputs {
  /** The model's upstream refs (and documentation URLs): one export per source. */
  sources: ModuleInput<Record<string, unknown>>;
  /** `SOURCE_EXPECT`: each source's `expect` fragments, by export name. */
  expect: ModuleInput<Record<string, unknown>>;
  /** The bindings of model numbers to upstream constants (an array; checked entry by entry). */
  bindings: ModuleInput<unknown>;
  /** Every calculator's URL-state schema, by calculator id: field → `{ default }`. */
  schemas: ModuleInput<Record<string, Record<string, { default?: unknown }>>>;
}
