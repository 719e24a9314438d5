/**
 * The project's relative-import graph, read statically (es-module-lexer; MDX pages through their
 * one scan): which project files a page is drawn from, for its "Last updated" date
 * (./page-inputs.ts), and which model sources (exports of src/lib/model/sources.ts) a module
 * and everything it imports read, which the calculators' declarations are tested against.
 *
 * Conservative: a module that reads `S.x` anywhere counts as reading `x`. Only static relative
 * imports are followed; packages cannot name the project's sources.
 */
import { readFile } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { init, parse } from 'es-module-lexer';
import { kebab } from './model/calculator-url.ts';
import { scanMdx } from './mdx-scan.ts';

/** Where the model's sources module and the calculators' browser modules are, relative to the root. */
export interface UsagePaths {
  /** The sources module, e.g. `src/lib/model/sources.ts`. */
  sources: string;
  /** The folder of `<kebab-id>.client.ts` modules and the shared `Calculator.astro`. */
  calculators: string;
}

/** Modules that can import: styles, JSON and images cannot name a source. */
const SCRIPT = /\.(ts|mts|js|mjs|astro|mdx)$/;

/**
 * The project files each MDX page is drawn from: the page, and every module its imports reach,
 * directly or through the calculators it names in `<Calculator id="…" />` (their browser modules,
 * `<kebab-id>.client.ts`, and what those import). One import graph serves every page.
 *
 * @param root - repository root.
 * @param paths - where the sources module and the calculators' browser modules are.
 * @param pages - MDX files, relative to root.
 * @returns per page, paths relative to root (POSIX), sorted; sources.ts counts only where a module reads it.
 */
export async function pageModules(
  root: string,
  paths: UsagePaths,
  pages: readonly string[],
): Promise<Map<string, string[]>> {
  await init;
  const graph = new ImportGraph(root, resolve(root, paths.sources));
  // The shared calculator component reaches every calculator (its registry); each named one is
  // followed through its own browser module instead.
  const stop = new Set([join(root, paths.calculators, 'Calculator.astro')]);
  const out = new Map<string, string[]>();
  for (const page of pages) {
    const entries = [
      join(root, page),
      ...scanMdx(await readFile(join(root, page), 'utf8')).calculators.map((id) =>
        join(root, paths.calculators, `${kebab(id)}.client.ts`),
      ),
    ];
    const files = new Set<string>();
    for (const e of entries)
      for (const f of await graph.reachableFiles(e, stop)) files.add(relative(root, f).split(sep).join('/'));
    if ((await Promise.all(entries.map((e) => graph.reachableUses(e)))).some((u) => u.size > 0))
      files.add(paths.sources);
    out.set(page, [...files].sort());
  }
  return out;
}

/** The relative-import graph of the project, read lazily, each module once. */
export class ImportGraph {
  private readonly modules = new Map<string, Promise<{ imports: string[]; uses: Set<string> }>>();
  private readonly root: string;
  private readonly sourcesFile: string;
  constructor(root: string, sourcesFile: string) {
    this.root = root;
    this.sourcesFile = sourcesFile;
  }

  /** `entry` and every project module it imports, directly or not (absolute paths), not past `stop`. */
  async reachableFiles(entry: string, stop: ReadonlySet<string> = new Set()): Promise<Set<string>> {
    const seen = new Set<string>();
    const queue = [resolve(entry)];
    while (queue.length > 0) {
      const f = queue.pop()!;
      if (seen.has(f)) continue;
      seen.add(f);
      if (!stop.has(f)) queue.push(...(await this.module(f)).imports);
    }
    return seen;
  }

  /** Every sources.ts member read by `entry` or anything it imports (call `await init` from es-module-lexer first, as {@link sourcesRead} does). */
  async reachableUses(entry: string): Promise<Set<string>> {
    const out = new Set<string>();
    for (const f of await this.reachableFiles(entry)) for (const u of (await this.module(f)).uses) out.add(u);
    return out;
  }

  private module(file: string): Promise<{ imports: string[]; uses: Set<string> }> {
    let p = this.modules.get(file);
    if (!p) this.modules.set(file, (p = this.read(file)));
    return p;
  }

  private async read(file: string): Promise<{ imports: string[]; uses: Set<string> }> {
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch {
      return { imports: [], uses: new Set() }; // an unresolvable import is the bundler's error to report
    }
    const code = scriptOf(file, text);
    const imports: string[] = [];
    const uses = new Set<string>();
    for (const part of code) {
      let found;
      try {
        [found] = parse(part);
      } catch (e) {
        throw new Error(
          `Cannot read the imports of ${relative(this.root, file)} to find what its pages are drawn from: ${(e as Error).message}.`,
          { cause: e },
        );
      }
      for (const imp of found) {
        const spec = imp.n;
        // Dynamic imports are the calculator loader's on-demand modules: a page that can load every
        // calculator shows only those it renders, which its static imports name.
        if (!spec || !spec.startsWith('.') || imp.d !== -1) continue;
        // A type-only import brings no code: it can neither read a source nor change what a page shows.
        if (/^\s*(import|export)\s+type\b/.test(part.slice(imp.ss, imp.se))) continue;
        const target = resolve(dirname(file), spec.replace(/\?.*$/, ''));
        if (!target.startsWith(resolve(this.root) + sep) || !SCRIPT.test(target)) continue;
        if (target === this.sourcesFile) {
          for (const name of boundNames(part.slice(imp.ss, imp.se), part)) uses.add(name);
        } else imports.push(target);
      }
    }
    return { imports, uses };
  }
}

/** The JavaScript of a module: a `.ts` file whole, an `.astro` file's frontmatter and scripts, an MDX page's ESM. */
function scriptOf(file: string, text: string): string[] {
  if (file.endsWith('.astro')) {
    const parts: string[] = [];
    const front = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text);
    if (front) parts.push(front[1]!);
    // Module scripts only: a self-closing or data (JSON) script holds no imports.
    for (const m of text.matchAll(/<script(\s[^>]*?)?(?<!\/)>([\s\S]*?)<\/script>/g)) {
      if (!/type="application\/json"/.test(m[1] ?? '')) parts.push(m[2]!);
    }
    return parts;
  }
  if (file.endsWith('.mdx')) return scanMdx(text).esm;
  return [text];
}

/**
 * The sources.ts exports an import statement makes available and the module reads:
 * `import * as S from …` → every `S.<name>` in the module; `import { a, b as c } from …` → a, b.
 */
function boundNames(statement: string, code: string): string[] {
  const ns = /\*\s+as\s+([A-Za-z_$][\w$]*)/.exec(statement);
  if (ns)
    return [...code.matchAll(new RegExp(`(?<![\\w$.])${ns[1]!.replace(/\$/g, '\\$')}\\.([A-Za-z_$][\\w$]*)`, 'g'))].map(
      (m) => m[1]!,
    );
  const named = /\{([^}]*)\}/.exec(statement);
  if (!named) return [];
  return named[1]!
    .split(',')
    .map((s) =>
      s
        .trim()
        .replace(/^type\s+/, '')
        .split(/\s+as\s+/)[0]!
        .trim(),
    )
    .filter(Boolean);
}

/**
 * The model sources a module and everything it imports read.
 * @param root - repository root.
 * @param paths - where the sources module is.
 * @param entry - the module, relative to root.
 * @returns export names of the sources module, sorted.
 * @throws Error naming a module whose imports cannot be read.
 */
export async function sourcesRead(root: string, paths: UsagePaths, entry: string): Promise<string[]> {
  await init;
  return [...(await new ImportGraph(root, resolve(root, paths.sources)).reachableUses(join(root, entry)))].sort();
}
