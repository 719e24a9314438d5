/**
 * Text normalisation and hashing shared by pin and verify. The rules here are
 * what the lock's `normalisation` header describes; change both together.
 */
import { createHash } from 'node:crypto';

/** Human-readable statement of the normalisation, written into citations.lock.json. */
export const NORMALISATION =
  'File bytes decoded as UTF-8 (a leading BOM dropped); CRLF and lone CR converted to LF; ' +
  'the file split on LF (a final LF ends the last line, it does not start a new one); ' +
  'the cited lines joined with "\\n" with no trailing newline; sha256 of that UTF-8 text, lowercase hex.';

const decoder = new TextDecoder('utf-8');

/**
 * Decodes file bytes and normalises line endings (see {@link NORMALISATION}).
 * Invalid UTF-8 becomes U+FFFD rather than failing: cited files are source text.
 */
export function normaliseText(bytes: Uint8Array): string {
  // TextDecoder drops a leading BOM by default, which is what we want.
  return decoder.decode(bytes).replace(/\r\n?/g, '\n');
}

/**
 * Splits normalised text into lines, 1-based line N at index N-1.
 * `"a\nb\n"` and `"a\nb"` both have 2 lines; `""` has 0.
 */
export function splitLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/** sha256 (lowercase hex) of the given lines joined with "\n", no trailing newline. */
export function hashLines(lines: readonly string[]): string {
  return createHash('sha256').update(lines.join('\n'), 'utf8').digest('hex');
}

/**
 * Git's blob object id (SHA-1) of raw file bytes: sha1("blob <len>\0" + bytes).
 * Equal to `git hash-object` and to the blob SHA GitHub reports, so the
 * provider can record it without a second request.
 */
export function gitBlobSha(bytes: Uint8Array): string {
  return createHash('sha1').update(`blob ${bytes.byteLength}\0`).update(bytes).digest('hex');
}

/** A file's normalised lines plus the identifiers the lock records. */
export interface FileText {
  lines: string[];
  blobSha: string;
}

/** Normalises raw bytes into {@link FileText}. */
export function fileText(bytes: Uint8Array): FileText {
  return { lines: splitLines(normaliseText(bytes)), blobSha: gitBlobSha(bytes) };
}
