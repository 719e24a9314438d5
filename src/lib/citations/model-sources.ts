/**
 * Citations the model and calculators make: the refs exported by `src/lib/model/sources.ts`, with
 * the `expect` fragments of `src/lib/model/source-expect.ts`. They become {@link Citation}s like
 * the MDX ones, so pin, verify, relocate and the Evidence page treat both alike.
 *
 * The two modules are imported (they are plain data), never evaluated as text; the text of
 * sources.ts is read only to report each export's line.
 */
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import type { Citation, ExtractionError, ExtractionResult } from './extract.ts';
import { sourceUrlOf } from './link-audit.ts';
import { CitationRefError, citationKey, parseCitationRef } from './ref.ts';

/** Where the model's refs and their fragments live, relative to the repository root. */
export const MODEL_SOURCES = { refs: 'src/lib/model/sources.ts', expect: 'src/lib/model/source-expect.ts' } as const;

const DOC_URL = /^https:\/\//;

/**
 * Extracts the model's citations.
 *
 * @param root - repository root; a root without `src/lib/model/sources.ts` (a test fixture) has none.
 * @returns one `Source` citation per exported ref (documentation URLs are skipped), and one error
 *   per export that is neither a URL nor a well-formed ref, lacks fragments, or has fragments for a
 *   name sources.ts does not export as a ref.
 */
export async function extractModelCitations(root: string): Promise<ExtractionResult> {
  const refsFile = join(root, MODEL_SOURCES.refs);
  let text: string;
  try {
    text = await readFile(refsFile, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return { citations: [], errors: [] };
    throw e;
  }
  const refs = await importModule(refsFile);
  const expectModule = await importModule(join(root, MODEL_SOURCES.expect)).catch((e: unknown) => {
    throw new Error(
      `${MODEL_SOURCES.expect} could not be loaded (${(e as Error).message}); it must export SOURCE_EXPECT for the refs in ${MODEL_SOURCES.refs}.`,
    );
  });
  const expects = (expectModule['SOURCE_EXPECT'] ?? {}) as Record<string, unknown>;

  const citations: Citation[] = [];
  const errors: ExtractionError[] = [];
  const file = MODEL_SOURCES.refs;
  const cited = new Set<string>();
  for (const [name, value] of Object.entries(refs)) {
    const at = locateExport(text, name);
    const error = (what: string, fix: string): void => {
      errors.push({
        file,
        line: at.line,
        column: at.column,
        message: `${file}:${at.line}:${at.column}: SOURCES.${name} ${what}. ${fix}`,
      });
    };
    if (!/^[A-Za-z_$][\w$]*$/.test(name)) {
      error('is not named as an identifier', "Export each source as `export const someName = '…';`.");
      continue;
    }
    if (typeof value !== 'string') {
      error('is not a string', 'Export each source as a ref string or a documentation URL.');
      continue;
    }
    if (sourceUrlOf(value) !== null) {
      error(
        `is a link to upstream files (${value}), which would never be pinned`,
        'Write it as a citation ref (owner/repo@tag:path#Lx-Ly) with `expect` fragments.',
      );
      continue;
    }
    if (DOC_URL.test(value)) continue;
    let ref;
    try {
      ref = parseCitationRef(value);
    } catch (e) {
      if (e instanceof CitationRefError) {
        error(`is neither an https:// documentation URL nor a citation ref: ${e.message}`, 'Correct the ref.');
        continue;
      }
      throw e;
    }
    cited.add(name);
    const expect = expects[name];
    if (!Array.isArray(expect) || expect.length === 0 || expect.some((x) => typeof x !== 'string' || x.trim() === '')) {
      error(
        `has no \`expect\` fragments in ${MODEL_SOURCES.expect}`,
        `Add ${name}: ["a fragment of the cited lines", …] to SOURCE_EXPECT.`,
      );
      continue;
    }
    citations.push({
      file,
      line: at.line,
      column: at.column,
      kind: 'Source',
      name,
      refText: value,
      ref,
      key: citationKey(ref),
      expect: [...(expect as string[])],
      context: 0,
      refAttrRange: at.literal,
    });
  }
  for (const name of Object.keys(expects)) {
    if (!cited.has(name) && !(name in refs)) {
      errors.push({
        file: MODEL_SOURCES.expect,
        line: 1,
        column: 1,
        message: `${MODEL_SOURCES.expect}: SOURCE_EXPECT.${name} has fragments, but ${MODEL_SOURCES.refs} exports no ref of that name. Remove the entry or add the export.`,
      });
    }
  }
  return { citations, errors };
}

const execFileAsync = promisify(execFile);
/** Imports the module named by argv[1] and prints its exports as JSON. */
const PRINT_EXPORTS = 'import(process.argv[1]).then((m) => process.stdout.write(JSON.stringify({ ...m })))';

/**
 * The exports of a model data module (sources.ts, source-expect.ts, bound-defaults.ts), as they are on disk now. They are loaded in a
 * child Node process, not with `import()` here: Astro loads the integration that calls this
 * through a Vite module runner which it closes once the config is loaded, while verification is
 * still running, and a long-lived process (the dev server) would keep the first version it
 * imported. Both files are plain `export const` data, so their exports survive JSON; Node 22.18
 * and later (the project's Node 24) strips their TypeScript types itself.
 *
 * @throws Error naming the file, with Node's message, when the module cannot be loaded.
 */
export async function importModule(file: string): Promise<Record<string, unknown>> {
  try {
    const { stdout } = await execFileAsync(
      process.execPath,
      ['--input-type=module', '-e', PRINT_EXPORTS, pathToFileURL(file).href],
      {
        maxBuffer: 16 * 1024 * 1024,
      },
    );
    return JSON.parse(stdout) as Record<string, unknown>;
  } catch (error) {
    const detail =
      (error as { stderr?: string }).stderr
        ?.trim()
        .split('\n')
        .find((l) => /Error/.test(l)) ?? (error as Error).message;
    throw new Error(`Could not load ${file}: ${detail}`, { cause: error });
  }
}

/**
 * Line and column of `export const <name> =` in sources.ts, and the UTF-16 offsets of its string
 * literal (what `relocate` rewrites). Line 1 and no literal when the export is written otherwise.
 */
function locateExport(
  text: string,
  name: string,
): { line: number; column: number; literal: { start: number; end: number } } {
  const decl = new RegExp(`^export const ${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} = `, 'm').exec(text);
  if (!decl) return { line: 1, column: 1, literal: { start: -1, end: -1 } };
  const line = text.slice(0, decl.index).split('\n').length;
  const start = decl.index + decl[0].length;
  const quote = text[start];
  const end = quote === "'" || quote === '"' ? text.indexOf(quote, start + 1) + 1 : -1;
  return { line, column: 1, literal: end > 0 ? { start, end } : { start: -1, end: -1 } };
}
