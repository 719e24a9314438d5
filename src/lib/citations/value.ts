/**
 * Value citations: a `<Value>` reads one constant out of the cited lines through a regular
 * expression with exactly one capture group, so the page shows what upstream says and the build
 * notices when upstream changes it. Pure functions; pin.ts records the capture in the lock and
 * verify.ts recomputes it.
 */
import { RE2JS } from 're2js';

/** What every message about a bad pattern ends with. */
export const PATTERN_FIX =
  'Write a regular expression (RE2 syntax, as JavaScript writes it without lookaround or backreferences) with exactly one capture group around the value, matching the cited lines once, e.g. pattern="DefaultQuotaBytes = int64\\((\\d+) \\*" (use (?:…) for any other group).';

/**
 * Compiles a pattern with RE2's linear-time engine (re2js, a port of Google's RE2): no pattern can
 * make pin, verify or the build backtrack for ever, as `^(?:\s*\S*)*(\d)X$` does in JavaScript's engine.
 */
function compile(pattern: string): RE2JS {
  return RE2JS.compile(pattern);
}

/**
 * Why a pattern cannot be used, or undefined when it can.
 *
 * @param pattern - the `pattern` attribute as written (RE2 syntax: JavaScript's, less lookaround and backreferences).
 * @returns e.g. `is not a valid regular expression (missing closing ))` or `has 2 capture groups, not 1`.
 */
export function patternProblem(pattern: string): string | undefined {
  if (pattern === '') return 'is empty';
  let re: RE2JS;
  try {
    re = compile(pattern);
  } catch (e) {
    return `is not a valid regular expression (${(e as Error).message.replace(/^error parsing regexp: /, '')})`;
  }
  const groups = re.groupCount();
  return groups === 1 ? undefined : `has ${groups} capture groups, not 1`;
}

/** The result of applying a pattern to the cited lines. */
export type Capture =
  { kind: 'value'; value: string } | { kind: 'no-match' } | { kind: 'bad-pattern'; problem: string };

/**
 * Applies a `<Value>` pattern to the cited lines (joined with LF, as normalised by hash.ts): the one
 * match's capture group is the value. A pattern that matches twice would let a changed second
 * constant pass unnoticed, and an empty capture shows nothing, so both are errors.
 *
 * @returns the captured text; `no-match` when the pattern does not match or its group takes no part
 *   in the match; `bad-pattern` with {@link patternProblem}'s reason, or when it matches more than
 *   once or captures the empty string. Runs in time linear in the lines' length.
 */
export function captureValue(pattern: string, lines: readonly string[]): Capture {
  const problem = patternProblem(pattern);
  if (problem) return { kind: 'bad-pattern', problem };
  const m = compile(pattern).matcher(lines.join('\n'));
  if (!m.find()) return { kind: 'no-match' };
  const value = m.group(1);
  if (value === null || value === undefined) return { kind: 'no-match' };
  if (m.find())
    return { kind: 'bad-pattern', problem: 'matches the cited lines more than once; make it match one place' };
  if (value === '') return { kind: 'bad-pattern', problem: 'captures an empty string; make the group match the value' };
  return { kind: 'value', value };
}

/** Longest value the lock records: a constant, never a passage of upstream text. */
export const MAX_VALUE_LENGTH = 100;
