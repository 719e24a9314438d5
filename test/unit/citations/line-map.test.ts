import { describe, expect, test } from 'vitest';
import { followRange, lineMap, mapLine, type RangeDrift } from '../../../src/lib/citations/line-map.ts';
import { findShift, searchable } from '../../../src/lib/citations/locate.ts';

const L = (s: string): string[] => (s === '' ? [] : s.replace(/\n$/, '').split('\n'));
const follow = (a: string, b: string, start: number, end: number): RangeDrift =>
  followRange(lineMap(L(a), L(b)), { start, end });
/** What the old relocate/outdated said: the smallest shift that holds every fragment. */
const oldShift = (b: string, start: number, end: number, expect: string[]) =>
  findShift(searchable(L(b)), start, end, expect);

const fn = (name: string, body: string[]): string[] => [
  `func ${name}() error {`,
  ...body.map((l) => `\t${l}`),
  '}',
  '',
];

describe('lineMap', () => {
  test('hunks say which old lines were replaced by which new ones, git-style', () => {
    const m = lineMap(['a', 'b', 'c', 'd'], ['a', 'x', 'c', 'd', 'e']);
    expect(m.hunks).toEqual([
      { oldStart: 2, oldLines: ['b'], newStart: 2, newLines: ['x'] },
      { oldStart: 5, oldLines: [], newStart: 5, newLines: ['e'] },
    ]);
    expect([1, 2, 3, 4].map((n) => mapLine(m, n))).toEqual([1, undefined, 3, 4]);
    expect(mapLine(m, 0)).toBeUndefined();
    expect(mapLine(m, 5)).toBeUndefined();
  });

  test('empty versions', () => {
    expect(lineMap([], []).hunks).toEqual([]);
    expect(lineMap([], ['a']).hunks).toEqual([{ oldStart: 1, oldLines: [], newStart: 1, newLines: ['a'] }]);
    expect(lineMap(['a', 'b'], []).hunks).toEqual([{ oldStart: 1, oldLines: ['a', 'b'], newStart: 1, newLines: [] }]);
    // Nothing can be cited in an empty file…
    expect(() => followRange(lineMap([], ['a']), { start: 1, end: 1 })).toThrow(RangeError);
    // …and a file emptied deletes every cited line.
    expect(follow('a\nb\nc\n', '', 2, 3)).toEqual({
      state: 'gone',
      from: { start: 2, end: 3 },
      changes: [{ oldStart: 2, oldLines: ['b', 'c'], newStart: 1, newLines: [] }],
    });
  });

  test('a range outside the old version is a RangeError', () => {
    const m = lineMap(['a', 'b'], ['a', 'b']);
    expect(() => followRange(m, { start: 0, end: 1 })).toThrow(RangeError);
    expect(() => followRange(m, { start: 2, end: 1 })).toThrow(RangeError);
    expect(() => followRange(m, { start: 2, end: 3 })).toThrow(/not within the old version \(2 lines\)/);
  });

  test('a file rewritten from scratch diffs quickly (lines found in one version only are set aside)', () => {
    const a = Array.from({ length: 20000 }, (_, i) => `old ${i}`);
    const b = Array.from({ length: 20000 }, (_, i) => `new ${i}`);
    const t = Date.now();
    expect(followRange(lineMap(a, b), { start: 5, end: 9 }).state).toBe('gone');
    expect(Date.now() - t).toBeLessThan(2000);
  });
});

describe('followRange', () => {
  test('unchanged: the same lines at the same numbers, even when lines change elsewhere', () => {
    expect(follow('a\nb\nc\nd\n', 'a\nb\nc\nD\n', 1, 3)).toEqual({ state: 'unchanged', from: { start: 1, end: 3 } });
  });

  test('insertions above: moved by the number of lines inserted, not to the nearest fragment', () => {
    const v1 = ['package x', '', ...fn('A', ['return nil']), ...fn('B', ['b()', 'return nil'])];
    // 20 lines inserted above B, among them a function that also ends in `return nil`.
    const added = [
      ...fn('C', ['c1()', 'c2()', 'c3()', 'c4()', 'c5()', 'c6()', 'c7()', 'return nil']),
      ...fn('D', ['d1()', 'd2()', 'd3()', 'd4()', 'd5()', 'return nil']),
    ];
    expect(added).toHaveLength(20);
    const v2 = [...v1.slice(0, 6), ...added, ...v1.slice(6)];
    const b = v1.indexOf('\tb()'); // 0-based: B's body is L8-L9
    const d = follow(v1.join('\n'), v2.join('\n'), b + 1, b + 2);
    expect(d).toEqual({
      state: 'moved',
      from: { start: 8, end: 9 },
      to: { start: 28, end: 29 },
      delta: 20,
      via: 'diff',
    });
    // The old logic took the nearest `return nil`: A's, 4 lines up.
    expect(oldShift(v2.join('\n'), 8, 9, ['return nil'])).toEqual({ kind: 'shift', delta: -4 });
  });

  test('deletions inside: edited, with the deleted lines and the new (shorter) range', () => {
    const v1 = 'a\nfunc F() {\n\tone()\n\ttwo()\n\tthree()\n\tfour()\n}\nz\nq\nr\n';
    const v2 = 'a\nfunc F() {\n\tone()\n\tfour()\n}\nz\nq\nr\n';
    expect(follow(v1, v2, 2, 7)).toEqual({
      state: 'edited',
      from: { start: 2, end: 7 },
      to: { start: 2, end: 5 },
      changes: [{ oldStart: 4, oldLines: ['\ttwo()', '\tthree()'], newStart: 4, newLines: [] }],
    });
    // The old logic kept L2-L7 (the fragments still fit), which now runs two lines past F.
    expect(oldShift(v2, 2, 7, ['func F() {', 'four()'])).toEqual({ kind: 'shift', delta: 0 });
  });

  test('lines inserted between cited lines: edited, the new range holds them', () => {
    expect(follow('a\nb\nc\n', 'a\nb\nx\ny\nc\n', 1, 3)).toEqual({
      state: 'edited',
      from: { start: 1, end: 3 },
      to: { start: 1, end: 5 },
      changes: [{ oldStart: 3, oldLines: [], newStart: 3, newLines: ['x', 'y'] }],
    });
  });

  test('a deleted block is gone, even when its fragment occurs in an unrelated function', () => {
    const loop = ['\tfor {', '\t\tselect {', '\t\tcase <-stop:', '\t\t\treturn', '\t\t}', '\t}'];
    const other = ['func Other() {', '\tfor {', '\t\tpoll()', '\t}', '}'];
    const filler = Array.from({ length: 10 }, (_, i) => `// ${i}`);
    const v1 = ['func Run() {', '\tsetup()', ...loop, '}', '', ...filler, ...other];
    const v2 = ['func Run() {', '\tsetup()', '}', '', ...filler, ...other];
    const d = follow(v1.join('\n'), v2.join('\n'), 3, 8);
    expect(d).toEqual({
      state: 'gone',
      from: { start: 3, end: 8 },
      changes: [{ oldStart: 3, oldLines: loop, newStart: 3, newLines: [] }],
    });
    // The old logic moved the range 8 lines down, into Other().
    expect(oldShift(v2.join('\n'), 3, 8, ['for {'])).toEqual({ kind: 'shift', delta: 8 });
  });

  test('a block replaced wholly is gone, and the changes say what took its place', () => {
    const d = follow('a\nb\nc\nd\n', 'a\nB\nC\nd\n', 2, 3);
    expect(d).toEqual({
      state: 'gone',
      from: { start: 2, end: 3 },
      changes: [{ oldStart: 2, oldLines: ['b', 'c'], newStart: 2, newLines: ['B', 'C'] }],
    });
  });

  test('a moved function: moved, whether the diff keeps it or takes it out and puts it back', () => {
    const small = fn('Small', ['return check(x)']);
    const big = fn('Big', ['a()', 'b()', 'c()', 'd()', 'e()', 'f()', 'return check(x)']);
    const near = fn('Near', ['return check(x)']);
    // Big moves above Small: the diff keeps Big and moves Small down around it.
    const v1 = ['package p', '', ...small, ...big, ...near];
    const v2 = ['package p', '', ...big, ...small, ...near];
    expect(follow(v1.join('\n'), v2.join('\n'), 3, 5)).toEqual({
      state: 'moved',
      from: { start: 3, end: 5 },
      to: { start: 13, end: 15 },
      delta: 10,
      via: 'block',
    });
    expect(follow(v1.join('\n'), v2.join('\n'), 7, 15)).toEqual({
      state: 'moved',
      from: { start: 7, end: 15 },
      to: { start: 3, end: 11 },
      delta: -4,
      via: 'diff',
    });
    // Citing Small's body line alone, the old logic took it to the nearest `return check(x)`, Big's;
    expect(oldShift(v2.join('\n'), 4, 4, ['return check(x)'])).toEqual({ kind: 'shift', delta: 6 });
    // the diff deletes it, and the line occurs three times, so nothing is proposed.
    expect(follow(v1.join('\n'), v2.join('\n'), 4, 4).state).toBe('gone');
  });

  test('a block that reappears twice is gone: no telling which copy', () => {
    // The diff keeps k1-k3 and deletes A, B; they come back twice.
    expect(follow('A\nB\nk1\nk2\nk3\n', 'k1\nk2\nk3\nA\nB\nA\nB\n', 1, 2).state).toBe('gone');
    expect(follow('A\nB\nk1\nk2\nk3\n', 'k1\nk2\nk3\nA\nB\n', 1, 2)).toMatchObject({
      state: 'moved',
      to: { start: 4, end: 5 },
      via: 'block',
    });
  });

  describe('edits at the range edges', () => {
    const v1 = 'a\nfirst\nmid\nlast\nz\n';
    test('first line changed: edited, and no new range (the diff keeps only its last line)', () => {
      expect(follow(v1, 'a\nFIRST\nmid\nlast\nz\n', 2, 4)).toEqual({
        state: 'edited',
        from: { start: 2, end: 4 },
        changes: [{ oldStart: 2, oldLines: ['first'], newStart: 2, newLines: ['FIRST'] }],
      });
    });
    test('last line deleted: edited, no new range', () => {
      expect(follow(v1, 'a\nfirst\nmid\nz\n', 2, 4)).toEqual({
        state: 'edited',
        from: { start: 2, end: 4 },
        changes: [{ oldStart: 4, oldLines: ['last'], newStart: 4, newLines: [] }],
      });
    });
    test('a hunk straddling the start: only its cited lines are listed as deleted', () => {
      const d = follow(v1, 'A\nF\nmid\nlast\nz\n', 2, 4);
      expect(d).toEqual({
        state: 'edited',
        from: { start: 2, end: 4 },
        changes: [{ oldStart: 2, oldLines: ['first'], newStart: 1, newLines: ['A', 'F'] }],
      });
    });
    test('insertions just outside the range leave it moved, not edited', () => {
      expect(follow(v1, 'a\nnew1\nfirst\nmid\nlast\nnew2\nz\n', 2, 4)).toEqual({
        state: 'moved',
        from: { start: 2, end: 4 },
        to: { start: 3, end: 5 },
        delta: 1,
        via: 'diff',
      });
    });
    test('an insertion after the first line is inside: edited, the new range holds it', () => {
      expect(follow(v1, 'a\nfirst\nnew\nmid\nlast\nz\n', 2, 4)).toMatchObject({
        state: 'edited',
        to: { start: 2, end: 5 },
      });
    });
  });
});
