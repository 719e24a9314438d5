/**
 * What the site's small command-line tools (screenshots, print, js-weight) share: positional
 * arguments with `--help`, a usage error that exits 2 with the usage line, and, for the tools that
 * visit pages in Chromium, the browser and the built routes to visit.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { findChromium } from '../lib/chromium.ts';
import { builtRoutes, inEdition } from './built-pages.ts';
import { DIST } from './paths.ts';

export interface Cli {
  positionals: string[];
  /** The boolean flags the tool accepts, by name: whether each was given. */
  flags: Record<string, boolean>;
  /** The string options the tool accepts (`--lang ja`), by name: the value given, if any. */
  options: Record<string, string | undefined>;
  /** Prints `<tool>: <message>` and the usage line, then exits 2. */
  fail(message: string): never;
}

/**
 * Parses positional arguments, boolean flags and `--help`/`-h` (prints the usage, exits 0).
 * @param tool - the name in messages, e.g. `print`.
 * @param usage - one usage line.
 * @param flags - the boolean flags the tool takes, e.g. `['book']` for `--book`; any other is a usage error.
 * @param strings - the options that take a value, e.g. `['lang']` for `--lang ja`.
 */
export function positionalCli(
  tool: string,
  usage: string,
  flags: readonly string[] = [],
  strings: readonly string[] = [],
): Cli {
  const fail = (message: string): never => {
    console.error(`${tool}: ${message}\n${usage}`);
    process.exit(2);
  };
  let parsed;
  try {
    const options: Record<string, { type: 'boolean' | 'string' }> = Object.fromEntries([
      ...flags.map((f) => [f, { type: 'boolean' as const }]),
      ...strings.map((f) => [f, { type: 'string' as const }]),
    ]);
    parsed = parseArgs({ allowPositionals: true, options: { ...options, help: { type: 'boolean', short: 'h' } } });
  } catch (e) {
    return fail((e as Error).message);
  }
  const values = parsed.values as Record<string, boolean | string | undefined>;
  if (values['help']) {
    console.log(usage);
    process.exit(0);
  }
  return {
    positionals: parsed.positionals,
    flags: Object.fromEntries(flags.map((f) => [f, values[f] === true])),
    options: Object.fromEntries(strings.map((f) => [f, typeof values[f] === 'string' ? values[f] : undefined])),
    fail,
  };
}

/**
 * Chromium and the routes of dist/ to visit: those given as positionals (each must be built), or
 * all. Fails (exit 2) without Chromium, without a build, or for a route that was not built.
 * @param edition - visit one edition only: its locale (`undefined`: English) and whether its
 *   fallback copies of untranslated pages count; without it, every language's own pages.
 */
export function pagesToVisit(
  cli: Cli,
  edition?: { locale: string | undefined; fallbacks: boolean },
): { executablePath: string; routes: string[] } {
  const executablePath = findChromium();
  if (!executablePath)
    return cli.fail('no Chromium found: install it (apt-get install -y chromium) or set CHROMIUM_PATH.');
  if (!existsSync(join(DIST, 'index.html'))) return cli.fail('dist/ holds no build: run npm run build first.');
  const own = builtRoutes(DIST, { fallbacks: edition?.fallbacks ?? false });
  const built = edition ? own.filter((r) => inEdition(r, edition.locale)) : own;
  const only = cli.positionals;
  const unknown = only.filter((r) => !built.includes(r));
  if (unknown.length > 0)
    cli.fail(
      `no built page${edition ? ` of the ${edition.locale ?? 'en'} edition` : ''} at ${unknown.join(', ')}; routes end in / (etcd-sizing/), the overview is ''.`,
    );
  return { executablePath, routes: built.filter((r) => only.length === 0 || only.includes(r)) };
}
