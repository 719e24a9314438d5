/**
 * After a build: how much JavaScript the project adds to each page and each calculator, gzipped.
 *
 *   npm run build && npm run js-weight [-- dist-dir]
 *
 * Uses the same measurement as the site audit and the budget tests (src/tooling/site-weight.ts,
 * src/lib/quality/js-graph.ts): Starlight's own files are those a page with no project component
 * also loads; "at load" follows static imports, "on demand" the dynamic imports the calculators
 * make when a reader reaches them, both as the build's client manifest records them. Exits 1 when
 * a chapter page is over the 15 KB target, at load plus on demand (see FAST_BUDGETS in
 * src/lib/quality/budgets.ts); 2 on a usage error or a directory without a usable build.
 */
import { resolve } from 'node:path';
import { closure, componentOfScript } from '../src/lib/quality/js-graph.ts';
import { CHAPTER_ROUTES, FAST_BUDGETS } from '../src/lib/quality/budgets.ts';
import { clientModuleOf } from '../src/lib/quality/page-weight.ts';
import { hasBuild, SiteWeights, projectComponents } from '../src/tooling/site-weight.ts';
import { DIST } from '../src/tooling/paths.ts';
import { positionalCli } from '../src/tooling/cli.ts';

const USAGE = 'Usage: npm run js-weight [-- dist-dir]   (default dist/; build it first with npm run build)';

const args = positionalCli('js-weight', USAGE);
const { fail } = args;
if (args.positionals.length > 1) fail(`one build directory at most, got ${args.positionals.join(' ')}`);
const dist = resolve(args.positionals[0] ?? DIST);
if (!hasBuild(dist)) fail(`${dist} holds no build (no index.html and _astro/).`);
const weights = (() => {
  try {
    return new SiteWeights(dist);
  } catch (e) {
    return fail((e as Error).message);
  }
})();
const kb = (n: number): string => `${(n / 1024).toFixed(1)} KB`;
const gz = (chunk: string): number => weights.bytesOf(`_astro/${chunk}`)?.gzip ?? 0;
const sum = (chunks: Iterable<string>): number => [...chunks].reduce((n, f) => n + gz(f), 0);

console.log(
  `Calculator JavaScript per page, gzipped; target ${kb(FAST_BUDGETS.calculatorJsGzip)} at load + on demand on chapter pages.\n`,
);
console.log(['page', 'at load', 'on demand', 'total'].join('\t'));
const over: string[] = [];
const pages = weights.all();
for (const page of pages) {
  const { atLoad, onDemand } = page.js.calculators;
  const total = atLoad.gzip + onDemand.gzip;
  const isOver = CHAPTER_ROUTES.includes(page.route) && total > FAST_BUDGETS.calculatorJsGzip;
  if (isOver) over.push(`/${page.route} ${kb(total)}`);
  console.log(
    [`/${page.route}`, `${atLoad.gzip} B`, `${onDemand.gzip} B`, `${total} B${isOver ? ' (over)' : ''}`].join('\t'),
  );
}

// Per calculator: the code its entry script can reach, outside Starlight's own files.
const importsOf = weights.importsOf;
const baseline = weights.baselineChunks();
const { calculators } = projectComponents();
// The calculators share one loader (at load); each calculator's client module and what it imports load on demand.
const loaders = new Set(
  pages.flatMap((page) => weights.scriptsOf(page.route).filter((e) => componentOfScript(e, calculators) !== null)),
);
const eager = [...closure(loaders, importsOf, false)].filter((f) => !baseline.has(f));
const clients = [...loaders].flatMap((l) => importsOf(l).dynamic).filter((f) => clientModuleOf(f) !== null);
console.log('\nPer calculator (shared chunks counted in full, so rows do not add up to a page):\n');
console.log(['calculator', 'at load', 'on demand'].join('\t'));
for (const client of [...new Set(clients)].sort()) {
  const later = [...closure([client], importsOf, false)].filter((f) => !baseline.has(f) && !eager.includes(f));
  console.log([clientModuleOf(client), `${sum(eager)} B`, `${sum(later)} B`].join('\t'));
}

if (over.length > 0) {
  console.error(`\nOver the ${kb(FAST_BUDGETS.calculatorJsGzip)} target: ${over.join(', ')}.`);
  process.exit(1);
}
