/**
 * Where `expect` fragments occur in a file, and the smallest shift of a cited
 * range that contains them all. The shift only phrases verify's and pin's messages:
 * relocate and outdated follow a line diff instead (line-map.ts).
 */

/** An occurrence of a fragment, as 1-based first and last line (fragments may span lines). */
export interface Occurrence {
  start: number;
  end: number;
}

const MAX_OCCURRENCES = 1000;

/** Precomputed text of a file for repeated searches. */
export interface Searchable {
  text: string;
  lineStarts: number[];
  lineCount: number;
}

/** Prepares normalised lines for {@link occurrences}. */
export function searchable(lines: readonly string[]): Searchable {
  const lineStarts: number[] = [];
  let offset = 0;
  for (const l of lines) {
    lineStarts.push(offset);
    offset += l.length + 1;
  }
  return { text: lines.join('\n'), lineStarts, lineCount: lines.length };
}

function lineAt(s: Searchable, offset: number): number {
  let lo = 0;
  let hi = s.lineStarts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (s.lineStarts[mid]! <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo + 1;
}

/** Every occurrence of `fragment` (at most 1000), in file order. */
export function occurrences(s: Searchable, fragment: string): Occurrence[] {
  const out: Occurrence[] = [];
  if (!fragment) return out;
  for (let i = s.text.indexOf(fragment); i >= 0 && out.length < MAX_OCCURRENCES; i = s.text.indexOf(fragment, i + 1)) {
    out.push({ start: lineAt(s, i), end: lineAt(s, i + fragment.length - 1) });
  }
  return out;
}

/** The result of looking for a shift of [start, end] containing all fragments. */
export type ShiftResult =
  | { kind: 'shift'; delta: number }
  | { kind: 'vanished'; fragments: string[] }
  | { kind: 'ambiguous'; deltas: [number, number] }
  | { kind: 'none' };

/**
 * The shift `d` of smallest |d| such that every fragment occurs wholly inside
 * lines [start+d, end+d] of the file (0 when they already do).
 *
 * @returns `vanished` listing fragments that occur nowhere; `ambiguous` when
 *   +d and -d both work; `none` when the fragments do not fit one window of this size.
 */
export function findShift(s: Searchable, start: number, end: number, fragments: readonly string[]): ShiftResult {
  const occ = fragments.map((f) => occurrences(s, f));
  const vanished = fragments.filter((_, i) => occ[i]!.length === 0);
  if (vanished.length > 0) return { kind: 'vanished', fragments: vanished };
  const min = 1 - start;
  const max = s.lineCount - end;
  const fits = (d: number): boolean =>
    d >= min && d <= max && occ.every((os) => os.some((o) => o.start >= start + d && o.end <= end + d));
  // The best |d| is 0 or the edge of some occurrence's feasible interval [o.end-end, o.start-start].
  const candidates = new Set<number>([0]);
  for (const os of occ)
    for (const o of os) {
      candidates.add(o.end - end);
      candidates.add(o.start - start);
    }
  let best: number | undefined;
  let tie: number | undefined;
  for (const d of candidates) {
    if (!fits(d)) continue;
    if (best === undefined || Math.abs(d) < Math.abs(best)) {
      best = d;
      tie = undefined;
    } else if (Math.abs(d) === Math.abs(best) && d !== best) tie = d;
  }
  if (best === undefined) return { kind: 'none' };
  if (tie !== undefined) return { kind: 'ambiguous', deltas: [Math.min(best, tie), Math.max(best, tie)] };
  return { kind: 'shift', delta: best };
}

/** `L5` or `L5-L9`. */
export function formatRange(start: number, end: number): string {
  return start === end ? `L${start}` : `L${start}-L${end}`;
}

/** `+7` or `-3`. */
export function signed(n: number): string {
  return n > 0 ? `+${n}` : String(n);
}
