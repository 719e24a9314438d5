/**
 * Loads the model modules the citation engine checks ({@link ModelInputs}): the one place that
 * names where they live. The CLI imports them natively (Node strips their types), the build
 * hands over what its config imported statically, and the dev server loads them again through its
 * module runner, so no child process is ever started to read them.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ModelInputs } from '../lib/citations/model-inputs.ts';
import { MODEL_FILES } from '../lib/project-paths.ts';

/** Imports a module given its path relative to the root. */
export type ModuleImporter = (file: string) => Promise<Record<string, unknown>>;

/** Node's own `import()`, for the CLI and benchmarks. */
export const nativeImporter =
  (root: string): ModuleImporter =>
  (file) =>
    import(pathToFileURL(join(root, file)).href) as Promise<Record<string, unknown>>;

/**
 * An importer answering from modules already loaded (the build's config imports them statically,
 * while Vite's module runner is still open).
 * @throws Error for a path that is not one of {@link MODEL_FILES}.
 */
export function loadedImporter(modules: Record<keyof typeof MODEL_FILES, Record<string, unknown>>): ModuleImporter {
  return async (file) => {
    const part = (Object.keys(MODEL_FILES) as (keyof typeof MODEL_FILES)[]).find((k) => MODEL_FILES[k].file === file);
    if (!part) throw new Error(`${file} is not a model module the config imported`);
    return modules[part];
  };
}

/**
 * @param root - repository root.
 * @param importer - how each module is loaded (default: Node's `import()`).
 * @returns the inputs (a missing module counts as empty), or undefined for a root with none of them (a bare fixture).
 * @throws Error naming the module when one exists but cannot be loaded.
 */
export async function loadModelInputs(
  root: string,
  importer: ModuleImporter = nativeImporter(root),
): Promise<ModelInputs | undefined> {
  if (!Object.values(MODEL_FILES).some(({ file }) => existsSync(join(root, file)))) return undefined;
  const load = async <T>(
    part: keyof typeof MODEL_FILES,
    fallback: T,
  ): Promise<{ file: string; text: string; exports: T }> => {
    const { file, name } = MODEL_FILES[part];
    let text = '';
    try {
      text = await readFile(join(root, file), 'utf8');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return { file, text, exports: fallback };
      throw e;
    }
    let module: Record<string, unknown>;
    try {
      module = await importer(file);
    } catch (e) {
      throw new Error(`Could not load ${file}: ${(e as Error).message}`, { cause: e });
    }
    return { file, text, exports: (name === undefined ? { ...module } : module[name]) as T };
  };
  const [sources, expect, bindings, schemas] = await Promise.all([
    load<Record<string, unknown>>('sources', {}),
    load<Record<string, unknown>>('expect', {}),
    load<unknown>('bindings', []),
    load<Record<string, Record<string, { default?: unknown }>>>('schemas', {}),
  ]);
  return { sources, expect, bindings, schemas };
}
