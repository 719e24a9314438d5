/**
 * After a build: how much JavaScript the project adds to each page, gzipped.
 *
 *   npm run build && npm run js-weight [-- dist-dir]
 *
 * "Project JS" starts from the page's scripts that come from this repository's components
 * (`<Name>.astro_astro_type_script…` for a `<Name>.astro` under src/components/), follows their
 * imports, and leaves out every file that a page without calculators (glossary) also loads:
 * those are Starlight's own. Static imports load with the page ("eager"); dynamic imports load
 * when a calculator is needed ("on demand"). Exits 1 when a page's project JS, eager and on
 * demand together, exceeds the budget: a reader who uses every calculator on the page downloads both.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { builtRoutes, readPage } from '../test/helpers/built-pages.ts';
import { DIST, ROOT } from '../test/helpers/paths.ts';

/** Budget for all project JS one page can load (eager + on demand), gzipped bytes. */
const BUDGET = 15 * 1024;
const dist = resolve(process.argv[2] ?? DIST);
const assets = join(dist, '_astro');
const BASELINE_ROUTE = 'glossary/';

const gzCache = new Map<string, number>();
/** Gzipped size of a file in dist/_astro (level 9, like a static host would). */
function gz(file: string): number {
  let n = gzCache.get(file);
  if (n === undefined) {
    n = gzipSync(readFileSync(join(assets, file)), { level: 9 }).length;
    gzCache.set(file, n);
  }
  return n;
}

/** Files a chunk imports: static (`from"./x.js"`, `import"./x.js"`) and dynamic (`import("./x.js")`). */
function importsOf(file: string): { static: string[]; dynamic: string[] } {
  const src = readFileSync(join(assets, file), 'utf8');
  const stat = [...src.matchAll(/(?:from|import)\s*["'`]\.\/([^"'`]+\.js)["'`]/g)].map((m) => m[1]!);
  const dyn = [...src.matchAll(/import\(\s*["'`]\.\/([^"'`]+\.js)["'`]\s*\)/g)].map((m) => m[1]!);
  return { static: [...new Set(stat)], dynamic: [...new Set(dyn)] };
}

/** Static closure of some entry files. */
function staticClosure(entries: Iterable<string>): Set<string> {
  const seen = new Set<string>();
  const walk = (f: string): void => {
    if (seen.has(f)) return;
    seen.add(f);
    for (const d of importsOf(f).static) walk(d);
  };
  for (const e of entries) walk(e);
  return seen;
}

/** Everything reachable, dynamic imports included (and what those import statically). */
function fullClosure(entries: Iterable<string>): Set<string> {
  const seen = new Set<string>();
  const walk = (f: string): void => {
    if (seen.has(f)) return;
    seen.add(f);
    const i = importsOf(f);
    for (const d of [...i.static, ...i.dynamic]) walk(d);
  };
  for (const e of entries) walk(e);
  return seen;
}

/** External module scripts of a page, as file names in _astro. */
function pageScripts(route: string): string[] {
  const html = readPage(dist, route);
  return [...html.matchAll(/<script[^>]*\bsrc="([^"]+)"/g)].map((m) => basename(m[1]!)).filter((f) => f.endsWith('.js'));
}

/** Component names under src/components (recursively), e.g. "QuorumCalculator". */
function projectComponents(): Set<string> {
  const names = new Set<string>();
  const walk = (dir: string): void => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      if (e.isDirectory()) walk(join(dir, e.name));
      else if (e.name.endsWith('.astro')) names.add(e.name.replace(/\.astro$/, ''));
    }
  };
  walk(join(ROOT, 'src/components'));
  return names;
}

const components = projectComponents();
const componentOf = (file: string): string | null => {
  const m = /^(.+?)\.astro_astro_type_script/.exec(file);
  return m && components.has(m[1]!) ? m[1]! : null;
};
const sum = (files: Iterable<string>): number => [...files].reduce((n, f) => n + gz(f), 0);
const kb = (n: number): string => `${(n / 1024).toFixed(1)} KB`;

const baseline = fullClosure(pageScripts(BASELINE_ROUTE));
let failed = false;
const perComponent = new Map<string, { entry: number; onDemand: Set<string> }>();

console.log(`Project JavaScript per page, gzipped (baseline: files also loaded by /${BASELINE_ROUTE}); budget ${kb(BUDGET)} in all (eager + on demand).\n`);
console.log(['page', 'eager', 'on demand', 'all', 'other non-baseline'].join('\t'));
for (const route of builtRoutes(dist)) {
  const scripts = pageScripts(route);
  const entries = scripts.filter((f) => componentOf(f) !== null);
  const eager = [...staticClosure(entries)].filter((f) => !baseline.has(f));
  const all = [...fullClosure(entries)].filter((f) => !baseline.has(f));
  const onDemand = all.filter((f) => !eager.includes(f));
  const other = [...staticClosure(scripts.filter((f) => componentOf(f) === null))].filter((f) => !baseline.has(f) && !eager.includes(f));
  const allBytes = sum(all);
  if (allBytes > BUDGET) failed = true;
  console.log([`/${route}`, `${sum(eager)} B`, `${sum(onDemand)} B`, `${allBytes} B${allBytes > BUDGET ? ' (over)' : ''}`, other.length ? `${other.join(', ')} (${sum(other)} B, not ours)` : '-'].join('\t'));
  for (const e of entries) {
    const name = componentOf(e)!;
    if (perComponent.has(name)) continue;
    const own = [...staticClosure([e])].filter((f) => !baseline.has(f));
    perComponent.set(name, { entry: sum(own), onDemand: new Set([...fullClosure([e])].filter((f) => !own.includes(f) && !baseline.has(f))) });
  }
}

console.log('\nPer calculator (gzipped): eager loader; its on-demand code (shared chunks counted in full, so columns do not add up across calculators).\n');
console.log(['component', 'eager', 'on demand', 'files'].join('\t'));
for (const [name, c] of [...perComponent].sort()) {
  console.log([name, `${c.entry} B`, `${sum(c.onDemand)} B`, [...c.onDemand].map((f) => `${f.replace(/\.[\w-]+\.js$/, '')}:${gz(f)}`).join(' ')].join('\t'));
}
if (failed) {
  console.error(`\nOver budget: some page can load more than ${kb(BUDGET)} of project JavaScript.`);
  process.exit(1);
}
