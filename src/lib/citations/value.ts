/**
 * Value citations: a `<Value>` reads one constant out of the cited lines through a regular
 * expression with exactly one capture group, so the page shows what upstream says and the build
 * notices when upstream changes it. Pure functions; pin.ts records the capture in the lock and
 * verify.ts recomputes it.
 */

/** Flags every pattern is compiled with: `u`, so a stray escape is a syntax error rather than a literal. */
const FLAGS = 'u';

/** What every message about a bad pattern ends with. */
export const PATTERN_FIX =
  'Write a JavaScript regular expression with exactly one capture group around the value, e.g. pattern="DefaultQuotaBytes = int64\\((\\d+) \\*" (use (?:…) for any other group).';

/**
 * Why a pattern cannot be used, or undefined when it can.
 *
 * @param pattern - the `pattern` attribute as written (JavaScript regular expression syntax, `u` flag).
 * @returns e.g. `is not a valid regular expression (Unterminated group)` or `has 2 capture groups, not 1`.
 */
export function patternProblem(pattern: string): string | undefined {
  if (pattern === '') return 'is empty';
  let re: RegExp;
  try {
    re = new RegExp(pattern, FLAGS);
  } catch (e) {
    return `is not a valid regular expression (${(e as Error).message.replace(/^Invalid regular expression: /, '')})`;
  }
  const groups = captureGroups(re);
  return groups === 1 ? undefined : `has ${groups} capture groups, not 1`;
}

/**
 * The number of capture groups of a regular expression: an alternative that matches the empty
 * string makes `exec` return one slot per group whatever the pattern is.
 */
function captureGroups(re: RegExp): number {
  return new RegExp(`${re.source}|`, re.flags).exec('')!.length - 1;
}

/** The result of applying a pattern to the cited lines. */
export type Capture =
  { kind: 'value'; value: string } | { kind: 'no-match' } | { kind: 'bad-pattern'; problem: string };

/**
 * Applies a `<Value>` pattern to the cited lines (joined with LF, as normalised by hash.ts): the
 * first match's capture group is the value.
 *
 * @returns the captured text; `no-match` when the pattern does not match or its group takes no part
 *   in the match; `bad-pattern` with {@link patternProblem}'s reason.
 */
export function captureValue(pattern: string, lines: readonly string[]): Capture {
  const problem = patternProblem(pattern);
  if (problem) return { kind: 'bad-pattern', problem };
  const m = new RegExp(pattern, FLAGS).exec(lines.join('\n'));
  const value = m?.[1];
  return value === undefined ? { kind: 'no-match' } : { kind: 'value', value };
}

/** Longest value the lock records: a constant, never a passage of upstream text. */
export const MAX_VALUE_LENGTH = 100;
