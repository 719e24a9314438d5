/**
 * Where this project keeps its pages and what the citation engine checks besides the MDX: the
 * model modules (each with the export it is read for) and the calculators' browser modules. The
 * engine's own modules spell no project path: they take these (its default content folders and
 * page paths included), and the CLI, the build and the page-history code read them.
 */
/** Folders, relative to the root, whose `.mdx` files are searched for citations. */
export const CONTENT_DIRS: readonly string[] = ['content'];

/** The folder of the site's pages: `content/docs/etcd-sizing.mdx` is `/etcd-sizing/`. */
export const DOCS_DIR = 'content/docs';

export const MODEL_FILES = {
  sources: { file: 'src/lib/model/sources.ts', name: undefined },
  expect: { file: 'src/lib/model/source-expect.ts', name: 'SOURCE_EXPECT' },
  bindings: { file: 'src/lib/model/bound-defaults.ts', name: 'BOUND_DEFAULTS' },
  schemas: { file: 'src/lib/model/calculator-state.ts', name: 'CALCULATOR_SCHEMAS' },
  /** Not checked by the engine: which sources each calculator shows, for the Evidence page. */
  calculators: { file: 'src/lib/calculators/declared-sources.ts', name: 'CALCULATOR_SOURCES' },
} as const;

/** Where the module graph starts and what it counts (src/lib/module-graph.ts): page inputs, and the calculators' declared sources' test. */
export const USAGE_PATHS = {
  /** The model's sources module. */
  sources: MODEL_FILES.sources.file,
  /** Calculators' browser modules, `<kebab-id>.client.ts`, and the shared `Calculator.astro`. */
  calculators: 'src/components/calculators',
} as const;
