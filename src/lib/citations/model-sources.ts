/**
 * Citations the model and calculators make: the refs the sources module exports, with the
 * `expect` fragments of SOURCE_EXPECT. They become {@link Citation}s like the MDX ones, so pin,
 * verify, relocate and the Evidence page treat both alike. The modules come in as
 * {@link ModelInputs} (loaded by whoever runs the engine); the text of the sources module is read
 * only to report each export's line.
 */
import type { Citation, ExtractionError, ExtractionResult } from './extract.ts';
import { sourceUrlOf } from './link-audit.ts';
import type { ModelInputs } from './model-inputs.ts';
import { CitationRefError, citationKey, parseCitationRef } from './ref.ts';

const DOC_URL = /^https:\/\//;

/**
 * Extracts the model's citations.
 *
 * @param model - the loaded model modules; undefined (a root without a model) gives none.
 * @returns one `Source` citation per exported ref (documentation URLs are skipped), and one error
 *   per export that is neither a URL nor a well-formed ref, lacks fragments, or has fragments for a
 *   name the sources module does not export as a ref.
 */
export function extractModelCitations(model: ModelInputs | undefined): ExtractionResult {
  if (!model) return { citations: [], errors: [] };
  const { text, exports: refs, file } = model.sources;
  const expectFile = model.expect.file;
  const expects = (model.expect.exports ?? {}) as Record<string, unknown>;

  const citations: Citation[] = [];
  const errors: ExtractionError[] = [];
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
        `has no \`expect\` fragments in ${expectFile}`,
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
        file: expectFile,
        line: 1,
        column: 1,
        message: `${expectFile}: SOURCE_EXPECT.${name} has fragments, but ${file} exports no ref of that name. Remove the entry or add the export.`,
      });
    }
  }
  return { citations, errors };
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
