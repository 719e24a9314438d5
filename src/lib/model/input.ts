/**
 * Text-to-number parsing shared by every calculator. Each parser takes what the reader typed
 * (or what an untrusted URL parameter holds) and returns either a finite number or a message
 * that says what is wrong and how to fix it. No parser ever returns NaN or ±Infinity.
 */
import { NUMBER_WORDS, type NumberWords } from './input-words.ts';

/** A parsed value, or the message to show beside the input. */
export type Parsed<T> = { ok: true; value: T } | { ok: false; error: string };

/** Bounds and the label used in messages (e.g. "Members"). */
export interface NumberRule {
  /** Smallest accepted value (inclusive). */
  min: number;
  /** Largest accepted value (inclusive). */
  max: number;
  /** Name of the input as the reader sees it; messages start with it. */
  label: string;
  /** What the reader wrote after the number (e.g. "%"), so that messages quote and suggest it too. */
  suffix?: string;
  /** The messages' language (./input-words.ts); English by default. */
  words?: NumberWords;
}

/** Longest text a parser looks at; longer input is refused before any work is done. */
const MAX_NUMBER_TEXT = 64;

const ok = <T>(value: T): Parsed<T> => ({ ok: true, value });
const fail = (error: string): Parsed<never> => ({ ok: false, error });

const DECIMAL = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;
// Digits in groups of three after a 1–3 digit head, the same separator between every group (point,
// comma, a space, a no-break or narrow no-break space as French writes them, an apostrophe as Swiss
// German does, an underscore), then maybe a fraction after the other of point and comma:
// "1,000", "10.000", "1.000.000", "10 000", "10'000", "10,000.5", "10.000,5".
const GROUPED = /^[+-]?[1-9]\d{0,2}([., \u00a0\u202f'’_])\d{3}(?:\1\d{3})*((?!\1)[.,]\d+)?$/;
const DECIMAL_COMMA = /^[+-]?\d*,\d+$/;

/**
 * How a number is written in a field or a link so that {@link parseDecimal} reads it back as the
 * same number: `String(value)`, with a zero added where that would look like a thousands group
 * (1.125 → "1.1250", since "1.125" is refused as ambiguous).
 */
export function spellNumber(value: number): string {
  const s = String(value);
  // String() writes no comma or space, so a match here is a point before exactly three digits.
  return GROUPED.test(s) ? `${s}0` : s;
}

const wordsOf = (rule: NumberRule): NumberWords => rule.words ?? NUMBER_WORDS.en;

function describeRange(rule: NumberRule, whole: boolean): string {
  const w = wordsOf(rule);
  return whole ? w.wholeRange(rule.min, rule.max) : w.anyRange(rule.min, rule.max);
}

/**
 * The message for a number written with a grouping separator or a decimal comma, or null when `t`
 * has neither. Every spelling it suggests is one the parser accepts (see {@link spellNumber}).
 * The rule: digits are never grouped, and the decimal separator is a point. A text that two
 * conventions read as two different numbers ("1.000", "1,000") names both readings.
 */
function separatorProblem(t: string, rule: NumberRule, whole: boolean): string | null {
  const unit = rule.suffix ?? '';
  const say = (v: number): string => `"${spellNumber(v)}${unit}"`;
  const shown = `"${t}${unit}"`;
  // The reading with the separators left out, and the one with a decimal separator; NaN when none.
  let grouped = NaN;
  let decimal = NaN;
  const g = GROUPED.exec(t);
  const sep = g?.[1] === '.' ? 'point' : 'comma';
  if (g) {
    grouped = Number(t.split(g[1]!).join('').replace(',', '.'));
    // One point or comma before three digits, and nothing after: "1.000" is a thousand, or one.
    if (!g[2] && /^[^.,]*[.,][^.,]*$/.test(t)) decimal = Number(t.replace(',', '.'));
  } else if (DECIMAL_COMMA.test(t)) decimal = Number(t.replace(',', '.'));
  else return null;
  const fits = (v: number): boolean => !Number.isNaN(v) && (!whole || Number.isInteger(v));
  const w = wordsOf(rule);
  if (fits(grouped) && fits(decimal)) return w.ambiguous(rule.label, shown, say(grouped), say(decimal), sep);
  if (fits(grouped)) return w.noGrouping(rule.label, say(grouped));
  if (fits(decimal)) return w.decimalPoint(rule.label, say(decimal), shown);
  return w.notWholeShown(rule.label, describeRange(rule, whole), shown);
}

/**
 * Shared front half of both parsers: trims, rejects empty/overlong/grouped/decimal-comma/letter
 * input and returns the finite number written, or a message.
 */
function readNumber(text: string, rule: NumberRule, whole: boolean): Parsed<number> {
  const t = String(text).trim();
  const range = describeRange(rule, whole);
  const w = wordsOf(rule);
  if (t === '') return fail(w.empty(rule.label, range));
  if (t.length > MAX_NUMBER_TEXT) return fail(w.tooLong(rule.label, range));
  const separators = separatorProblem(t, rule, whole);
  if (separators !== null) return fail(separators);
  if (!DECIMAL.test(t)) return fail(w.notANumber(rule.label, range, t));
  const value = Number(t);
  if (!Number.isFinite(value)) return fail(w.tooLarge(rule.label, range));
  return ok(value === 0 ? 0 : value); // normalise -0
}

function checkRange(value: number, text: string, rule: NumberRule, whole: boolean): Parsed<number> {
  const range = describeRange(rule, whole);
  const w = wordsOf(rule);
  if (value < 0 && rule.min >= 0) return fail(w.negative(rule.label, range));
  if (value < rule.min) return fail(w.atLeast(rule.label, rule.min, text.trim()));
  if (value > rule.max) return fail(w.atMost(rule.label, rule.max, text.trim()));
  return ok(value);
}

/**
 * Parses a whole number in `[rule.min, rule.max]`.
 *
 * Accepts optional surrounding whitespace, a leading `+`, and integer-valued notations such
 * as `5.0` or `1e2`. Rejects, each with its own message: empty text, letters, any grouping of
 * digits (`1,000`, `10.000`, `1.000.000`, `10 000`, `10'000`: the message names the reading or
 * readings and how to write each), a decimal comma (`0,5`), a fractional value, a negative value
 * when `min ≥ 0`, values out of range, and anything longer than {@link MAX_NUMBER_TEXT} characters.
 * A point followed by exactly three digits (`1.000`) is refused as ambiguous in every field, since
 * half of Europe writes ten thousand as `10.000`; no reading is ever guessed.
 *
 * @returns `{ ok: true, value }` with a finite safe integer, or `{ ok: false, error }`.
 */
export function parseWholeNumber(text: string, rule: NumberRule): Parsed<number> {
  const read = readNumber(text, rule, true);
  if (!read.ok) return read;
  if (!Number.isInteger(read.value)) {
    if (read.value < 0 && rule.min >= 0) return checkRange(read.value, text, rule, true);
    return fail(wordsOf(rule).notWhole(rule.label, text.trim()));
  }
  if (!Number.isSafeInteger(read.value)) return fail(wordsOf(rule).tooLarge(rule.label, describeRange(rule, true)));
  return checkRange(read.value, text, rule, true);
}

/**
 * Parses a decimal number in `[rule.min, rule.max]` (scientific notation such as `1e-4` is
 * accepted). Same messages as {@link parseWholeNumber} except that fractions are allowed.
 *
 * @returns a finite number, or the message.
 */
export function parseDecimal(text: string, rule: NumberRule): Parsed<number> {
  const read = readNumber(text, rule, false);
  if (!read.ok) return read;
  return checkRange(read.value, text, rule, false);
}

/**
 * Parses a probability or fraction in `[0, 1]`. A trailing `%` is read as percent
 * (`0.1%` → 0.001).
 *
 * @param label - name of the input for messages.
 * @param words - the messages' language (./input-words.ts).
 */
export function parseFraction(text: string, label: string, words: NumberWords = NUMBER_WORDS.en): Parsed<number> {
  const t = String(text).trim();
  if (t.endsWith('%')) {
    const pct = parseDecimal(t.slice(0, -1), { min: 0, max: 100, label: words.percent(label), suffix: '%', words });
    return pct.ok ? ok(pct.value / 100) : pct;
  }
  return parseDecimal(t, { min: 0, max: 1, label, words });
}

/**
 * Cross-field check: members stopped for maintenance `k` cannot exceed configured members `n`.
 *
 * @returns `k` when `0 ≤ k ≤ n`, otherwise the message.
 */
export function checkStoppedWithinMembers(
  k: number,
  n: number,
  stopped = 'Members stopped',
  words: NumberWords = NUMBER_WORDS.en,
): Parsed<number> {
  if (k > n) return fail(words.stoppedOver(stopped, k, n));
  return ok(k);
}

/** Throws a RangeError unless `value` is an integer in `[min, max]`. Used by the model functions. */
export function assertWhole(value: number, min: number, max: number, name: string): void {
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new RangeError(`${name} must be a whole number from ${min} to ${max}; got ${String(value)}.`);
  }
}

/** Throws a RangeError unless `value` is a finite number in `[min, max]`. */
export function assertFinite(value: number, min: number, max: number, name: string): void {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < min || value > max) {
    throw new RangeError(`${name} must be a finite number from ${min} to ${max}; got ${String(value)}.`);
  }
}
