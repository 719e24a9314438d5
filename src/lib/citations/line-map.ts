/**
 * Where a cited line range went between two versions of a file, read off a line
 * diff (jsdiff's Myers diff of the normalised lines) rather than guessed from
 * where the `expect` fragments occur. Pure: no I/O.
 *
 * Line numbers are 1-based everywhere; ranges are inclusive.
 */
import { diffArrays } from 'diff';

/** An inclusive range of 1-based lines. */
export interface LineRange {
  start: number;
  end: number;
}

/**
 * One change of the diff: `oldLines` (old lines `oldStart`…) replaced by
 * `newLines` (new lines `newStart`…); either side may be empty, not both.
 * With no old lines, `oldStart` is the old line the insertion goes before
 * (old line count + 1 at the end); with no new lines, `newStart` is the new line
 * that follows the deletion (likewise).
 */
export interface Hunk {
  oldStart: number;
  oldLines: string[];
  newStart: number;
  newLines: string[];
}

/** A line diff of two versions of a file, with the new number of each kept old line. */
export interface LineMap {
  oldLines: readonly string[];
  newLines: readonly string[];
  /** Hunks in file order, separated by at least one kept line. */
  hunks: Hunk[];
  /** `newOf[i]`: the new line number of old line `i`, 0 when the diff deletes it (index 0 unused). */
  newOf: Int32Array;
}

/**
 * Diffs two versions of a file line by line (exact string equality).
 *
 * Lines that occur in only one version cannot be kept by any diff, so they are
 * set aside before diffing (as GNU diff and git do): the diff is still minimal,
 * and a rewritten file costs milliseconds instead of Myers' quadratic worst case.
 *
 * @param oldLines - the normalised lines of the older version (see hash.ts).
 * @param newLines - the normalised lines of the newer version.
 */
export function lineMap(oldLines: readonly string[], newLines: readonly string[]): LineMap {
  const inNew = new Set(newLines);
  const inOld = new Set(oldLines);
  const a: number[] = [];
  const b: number[] = [];
  oldLines.forEach((l, i) => {
    if (inNew.has(l)) a.push(i);
  });
  newLines.forEach((l, i) => {
    if (inOld.has(l)) b.push(i);
  });

  const newOf = new Int32Array(oldLines.length + 1);
  let i = 0;
  let j = 0;
  for (const c of diffArrays(
    a.map((k) => oldLines[k]!),
    b.map((k) => newLines[k]!),
  )) {
    if (c.added) j += c.count;
    else if (c.removed) i += c.count;
    else for (let k = 0; k < c.count; k++) newOf[a[i++]! + 1] = b[j++]! + 1;
  }
  return { oldLines, newLines, hunks: hunksOf(newOf, oldLines, newLines), newOf };
}

/** The hunks between consecutive kept lines. */
function hunksOf(newOf: Int32Array, oldLines: readonly string[], newLines: readonly string[]): Hunk[] {
  const hunks: Hunk[] = [];
  let o = 1; // next old line
  let n = 1; // next new line
  const flush = (oldEnd: number, newEnd: number): void => {
    if (oldEnd > o || newEnd > n) {
      hunks.push({
        oldStart: o,
        oldLines: oldLines.slice(o - 1, oldEnd - 1),
        newStart: n,
        newLines: newLines.slice(n - 1, newEnd - 1),
      });
    }
  };
  for (let k = 1; k <= oldLines.length; k++) {
    const to = newOf[k]!;
    if (to === 0) continue;
    flush(k, to);
    o = k + 1;
    n = to + 1;
  }
  flush(oldLines.length + 1, newLines.length + 1);
  return hunks;
}

/** The new number of old line `line`, or undefined when the diff deletes it (or it is out of range). */
export function mapLine(map: LineMap, line: number): number | undefined {
  const to = line >= 1 && line < map.newOf.length ? map.newOf[line]! : 0;
  return to === 0 ? undefined : to;
}

export type DriftState = 'unchanged' | 'moved' | 'edited' | 'gone';

/**
 * What became of a range:
 * - `unchanged`: every line kept, at the same numbers.
 * - `moved`: the same lines, contiguous, at `to` (`delta` = to.start - from.start ≠ 0).
 *   Found through the diff's kept lines, or, when the diff deletes every cited line,
 *   because the exact block occurs once in the new version and wholly among inserted
 *   lines (`via: 'block'`: the diff took a moved function out and put it back elsewhere).
 * - `edited`: some cited lines are kept, some deleted or replaced, or lines were
 *   inserted between them. `changes` are the hunks involved, their old side cut
 *   to the cited lines. `to` is present only when the diff keeps both the first and
 *   the last cited line: then it is [new first, new last], inserted lines included.
 * - `gone`: the diff deletes every cited line and the block does not reappear
 *   (`changes`: what the diff put in their place, possibly nothing).
 */
export type RangeDrift =
  | { state: 'unchanged'; from: LineRange }
  | { state: 'moved'; from: LineRange; to: LineRange; delta: number; via: 'diff' | 'block' }
  | { state: 'edited'; from: LineRange; to?: LineRange; changes: Hunk[] }
  | { state: 'gone'; from: LineRange; changes: Hunk[] };

/**
 * Follows old lines `range` through the diff (see {@link RangeDrift}).
 * @throws RangeError when the range is not within the old version (start < 1, end < start, end > old line count).
 */
export function followRange(map: LineMap, range: LineRange): RangeDrift {
  const { start, end } = range;
  if (!Number.isInteger(start) || !Number.isInteger(end) || start < 1 || end < start || end > map.oldLines.length) {
    throw new RangeError(`L${start}-L${end} is not within the old version (${map.oldLines.length} lines)`);
  }
  const from = { start, end };
  let kept = 0;
  for (let k = start; k <= end; k++) if (map.newOf[k] !== 0) kept++;
  const changes = touching(map.hunks, from);

  if (kept === 0) {
    const at = blockAmongInserted(map, from);
    if (at !== undefined)
      return { state: 'moved', from, to: { start: at, end: at + end - start }, delta: at - start, via: 'block' };
    return { state: 'gone', from, changes };
  }
  const first = mapLine(map, start);
  const last = mapLine(map, end);
  if (changes.length === 0 && first !== undefined && last !== undefined) {
    const delta = first - start;
    return delta === 0
      ? { state: 'unchanged', from }
      : { state: 'moved', from, to: { start: first, end: last }, delta, via: 'diff' };
  }
  return first !== undefined && last !== undefined
    ? { state: 'edited', from, to: { start: first, end: last }, changes }
    : { state: 'edited', from, changes };
}

/**
 * Hunks that delete a cited line or insert between two cited lines, old side cut
 * to the range. An insertion just before the first or after the last cited line
 * does not touch it.
 */
function touching(hunks: readonly Hunk[], r: LineRange): Hunk[] {
  const out: Hunk[] = [];
  for (const h of hunks) {
    const oldEnd = h.oldStart + h.oldLines.length - 1;
    const deletesCited = h.oldLines.length > 0 && h.oldStart <= r.end && oldEnd >= r.start;
    const insertsInside = h.oldLines.length === 0 && h.oldStart > r.start && h.oldStart <= r.end;
    if (!deletesCited && !insertsInside) continue;
    const lo = Math.max(h.oldStart, r.start);
    const hi = Math.min(oldEnd, r.end);
    out.push({
      ...h,
      oldStart: deletesCited ? lo : h.oldStart,
      oldLines: deletesCited ? h.oldLines.slice(lo - h.oldStart, hi - h.oldStart + 1) : [],
    });
  }
  return out;
}

/** The first new line of the only occurrence of the old block, when that occurrence is wholly inserted lines. */
function blockAmongInserted(map: LineMap, r: LineRange): number | undefined {
  const block = map.oldLines.slice(r.start - 1, r.end);
  const kept = new Uint8Array(map.newLines.length + 1);
  for (let k = 1; k < map.newOf.length; k++) if (map.newOf[k]) kept[map.newOf[k]!] = 1;
  let found: number | undefined;
  for (let n = 1; n + block.length - 1 <= map.newLines.length; n++) {
    if (!block.every((l, k) => map.newLines[n - 1 + k] === l)) continue;
    if (found !== undefined) return undefined; // twice: no telling which
    found = n;
  }
  if (found === undefined) return undefined;
  for (let k = found; k < found + block.length; k++) if (kept[k]) return undefined;
  return found;
}
