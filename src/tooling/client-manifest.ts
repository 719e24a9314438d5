/**
 * The client build's Vite manifest: which JavaScript chunk imports which, statically or with
 * `import()`, as the bundler recorded it (https://vite.dev/guide/backend-integration). The page
 * weights read it instead of parsing minified chunks.
 *
 * Astro builds the browser code in Vite's `client` environment straight into the build directory
 * and turns Vite's manifest off. {@link clientManifest} turns it on for that environment only and,
 * once written, moves it out of the build directory (so that no host ships it: it names source
 * files) to `.cache/client-manifest/` under the project root, where {@link readClientManifest}
 * finds it by the build directory's path.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import type { Manifest, Plugin } from 'vite';
import type { ChunkImports } from '../lib/quality/js-graph.ts';

/** Where Vite writes a manifest by default, relative to the environment's outDir. */
const VITE_MANIFEST = '.vite/manifest.json';

/**
 * Where the manifest of a build is kept: `<root>/.cache/client-manifest/<name>.json`, the name
 * being the build directory relative to the root (`dist`, `dist-base`) or, for one outside the
 * root, a hash of its absolute path.
 * @param outDir - the build directory (absolute, or relative to the working directory).
 * @param root - the project root the build ran in.
 */
export function clientManifestPath(outDir: string, root: string): string {
  const abs = resolve(outDir);
  const rel = relative(resolve(root), abs);
  const name =
    rel && !rel.startsWith('..') && !isAbsolute(rel)
      ? rel.replaceAll(/[\\/]+/g, '+')
      : `outside-${createHash('sha256').update(abs).digest('hex').slice(0, 16)}`;
  return join(root, '.cache/client-manifest', `${name}.json`);
}

/**
 * Vite plugin (build only): writes the manifest of the `client` environment and moves it to
 * {@link clientManifestPath}. It runs before Astro's own `writeBundle` step, which would
 * otherwise read the manifest and delete it with the `.vite/` folder.
 */
export function clientManifest(): Plugin {
  return {
    name: 'sizing-guide:client-manifest',
    apply: 'build',
    configEnvironment(name) {
      return name === 'client' ? { build: { manifest: true } } : undefined;
    },
    writeBundle: {
      sequential: true,
      handler() {
        if (this.environment.name !== 'client') return;
        const { outDir } = this.environment.config.build;
        const written = join(outDir, VITE_MANIFEST);
        if (!existsSync(written))
          this.error(`Vite wrote no manifest at ${written}: is build.manifest overridden for the client environment?`);
        const kept = clientManifestPath(outDir, this.environment.config.root);
        mkdirSync(dirname(kept), { recursive: true });
        renameSync(written, kept);
        rmSync(dirname(written), { recursive: true, force: true });
      },
    },
  };
}

/**
 * The manifest of a build, checked against it: every JavaScript file it names must be in the
 * build directory (a manifest from an earlier build names other hashes).
 * @param dist - the build directory.
 * @param root - the project root the build ran in.
 * @throws Error saying how to rebuild when there is no manifest or it belongs to another build.
 */
export function readClientManifest(dist: string, root: string): Manifest {
  const path = clientManifestPath(dist, root);
  const rebuild =
    'Rebuild the site (`npm run build`, or `astro build --outDir <dir>`): the build writes it through the clientManifest() Vite plugin in astro.config.mjs.';
  if (!existsSync(path))
    throw new Error(`No client manifest for the build in ${dist} (looked for ${path}). ${rebuild}`);
  const manifest = JSON.parse(readFileSync(path, 'utf8')) as Manifest;
  const missing = Object.values(manifest)
    .map((c) => c.file)
    .filter((f) => f.endsWith('.js') && !existsSync(join(dist, f)));
  if (missing.length > 0)
    throw new Error(
      `The client manifest ${path} is from another build of ${dist}: ${missing.slice(0, 3).join(', ')} missing. ${rebuild}`,
    );
  return manifest;
}

/**
 * The imports of each JavaScript chunk, by output file: keys of the manifest turned into the files
 * they name. Files are returned relative to the assets directory (`_astro/`), as page scripts name them.
 * @param assetsDir - the assets directory as it prefixes `file` (`_astro`).
 * @returns a lookup that gives no imports for a file the manifest does not list as a chunk
 *   (a script that is not Vite output, such as Expressive Code's).
 */
export function chunkImports(manifest: Manifest, assetsDir = '_astro'): (file: string) => ChunkImports {
  const prefix = `${assetsDir}/`;
  const fileOf = (key: string): string => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`client manifest: an import names "${key}", which is not one of its entries`);
    return chunk.file.startsWith(prefix) ? chunk.file.slice(prefix.length) : chunk.file;
  };
  const byFile = new Map<string, ChunkImports>();
  for (const chunk of Object.values(manifest)) {
    if (!chunk.file.endsWith('.js')) continue;
    const file = chunk.file.startsWith(prefix) ? chunk.file.slice(prefix.length) : chunk.file;
    byFile.set(file, { static: (chunk.imports ?? []).map(fileOf), dynamic: (chunk.dynamicImports ?? []).map(fileOf) });
  }
  return (file) => byFile.get(file) ?? { static: [], dynamic: [] };
}
