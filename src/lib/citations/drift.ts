/**
 * The shared core of `cite relocate` and `cite outdated`: reads a cited file at
 * the pinned commit and at a newer commit, follows the cited range through their
 * line diff (line-map.ts), and words the result for people.
 */
import { formatRange, occurrences, searchable, signed } from './locate.ts';
import { followRange, lineMap, type Hunk, type LineMap, type LineRange, type RangeDrift } from './line-map.ts';
import type { SourceReader } from './source.ts';

/** {@link RangeDrift}, plus `gone` for a file that no longer exists at the newer commit. */
export type CitationDrift = RangeDrift | { state: 'gone'; from: LineRange; changes: Hunk[]; fileMissing: true };

/** Where the cited lines are: repository, path and range at the older commit. */
export interface CitedLines {
  owner: string;
  repo: string;
  path: string;
  start: number;
  end: number;
  /**
   * The git blob SHA the lock recorded for the file at the older commit. A cached copy is used only
   * when it names this blob, and a fetched one that is another blob is refused, so a forged cache
   * record or a lock edited by hand cannot pass for the pinned lines.
   */
  blobSha?: string | undefined;
}

export type DriftResult =
  { kind: 'ok'; drift: CitationDrift; newLines: readonly string[] } | { kind: 'unavailable'; reason: string };

/** Follows cited ranges from one commit to another, diffing each file pair once. */
export class DriftFinder {
  private readonly maps = new Map<string, Promise<LineMap | { missing: 'old' | 'new' } | { reason: string }>>();
  private readonly reader: SourceReader;

  constructor(reader: SourceReader) {
    this.reader = reader;
  }

  /**
   * What became of `c`'s lines between `oldCommit` and `newCommit`.
   * @returns `unavailable` when a version cannot be read, the file is missing at
   *   `oldCommit`, or the range is not within it (the lock disagrees with upstream).
   * @throws ProviderError for definite provider failures (see {@link SourceReader.file}).
   */
  async follow(c: CitedLines, oldCommit: string, newCommit: string): Promise<DriftResult> {
    const k = `${c.owner}/${c.repo}:${oldCommit}..${newCommit}:${c.path}:${c.blobSha ?? ''}`;
    let p = this.maps.get(k);
    if (!p) {
      p = this.load(c, oldCommit, newCommit);
      this.maps.set(k, p);
    }
    const m = await p;
    const from = { start: c.start, end: c.end };
    if ('reason' in m) return { kind: 'unavailable', reason: m.reason };
    if ('missing' in m) {
      if (m.missing === 'new')
        return { kind: 'ok', drift: { state: 'gone', from, changes: [], fileMissing: true }, newLines: [] };
      return { kind: 'unavailable', reason: `${c.path} does not exist at the pinned commit ${oldCommit.slice(0, 12)}` };
    }
    if (c.end > m.oldLines.length) {
      return {
        kind: 'unavailable',
        reason: `${formatRange(c.start, c.end)} is past the end of ${c.path} at the pinned commit (${m.oldLines.length} lines)`,
      };
    }
    return { kind: 'ok', drift: followRange(m, from), newLines: m.newLines };
  }

  private async load(
    c: CitedLines,
    oldCommit: string,
    newCommit: string,
  ): Promise<LineMap | { missing: 'old' | 'new' } | { reason: string }> {
    const [a, b] = await Promise.all([
      this.reader.file(c.owner, c.repo, oldCommit, c.path, { expectBlobSha: c.blobSha }),
      this.reader.file(c.owner, c.repo, newCommit, c.path),
    ]);
    for (const f of [a, b]) if (f.kind === 'unavailable') return { reason: `cannot read ${c.path}: ${f.reason}` };
    if (a.kind === 'ok' && c.blobSha !== undefined && a.entry?.sha !== c.blobSha) {
      return {
        reason: `${c.path} at the pinned commit ${oldCommit.slice(0, 12)} is blob ${a.entry?.sha.slice(0, 12) ?? '(unknown)'}, not the ${c.blobSha.slice(0, 12)} citations.lock.json records, so the lock does not describe these lines; restore citations.lock.json from git, or run \`npm run cite -- pin --refresh\``,
      };
    }
    if (a.kind === 'missing') return { missing: 'old' };
    if (b.kind === 'missing') return { missing: 'new' };
    if (a.kind !== 'ok' || b.kind !== 'ok') return { reason: `cannot read ${c.path}` };
    return lineMap(a.text.lines, b.text.lines);
  }
}

/** The `expect` fragments that do not lie wholly inside `range` of the new lines. */
export function fragmentsOutside(newLines: readonly string[], range: LineRange, expect: readonly string[]): string[] {
  const s = searchable(newLines);
  return expect.filter((x) => !occurrences(s, x).some((o) => o.start >= range.start && o.end <= range.end));
}

/**
 * One phrase for a drift, e.g. `L4 moved to L7 (+3)`, `L7-L9 edited: 2 lines
 * changed, now L12-L15`, `L12 gone: the diff deletes every cited line`.
 */
export function formatDrift(d: CitationDrift, path: string): string {
  const from = formatRange(d.from.start, d.from.end);
  switch (d.state) {
    case 'unchanged':
      return `${from} unchanged`;
    case 'moved':
      return `${from} moved to ${formatRange(d.to.start, d.to.end)} (${signed(d.delta)})${d.via === 'block' ? ', the same lines elsewhere in the file' : ''}`;
    case 'edited': {
      const tally = changeTally(d.changes);
      if (d.to) return `${from} edited (${tally}), now ${formatRange(d.to.start, d.to.end)}`;
      const deletes = (line: number): boolean =>
        d.changes.some((h) => h.oldStart <= line && line < h.oldStart + h.oldLines.length);
      const ends = [deletes(d.from.start) ? 'first' : '', deletes(d.from.end) ? 'last' : '']
        .filter(Boolean)
        .join(' and ');
      return `${from} edited (${tally}); the diff deletes its ${ends} line${ends.includes(' and ') ? 's' : ''}, so it gives no new range`;
    }
    case 'gone':
      return 'fileMissing' in d ? `${path} no longer exists` : `${from} gone: the diff deletes every cited line`;
  }
}

function changeTally(changes: readonly Hunk[]): string {
  const del = changes.reduce((n, h) => n + h.oldLines.length, 0);
  const ins = changes.reduce((n, h) => n + h.newLines.length, 0);
  const parts = [];
  if (del > 0) parts.push(`${del} cited line${del === 1 ? '' : 's'} deleted or replaced`);
  if (ins > 0) parts.push(`${ins} line${ins === 1 ? '' : 's'} inserted`);
  return parts.join(', ');
}

/**
 * The changed lines for review, old (`-`) then new (`+`) per hunk, with their line
 * numbers, e.g. `  - L139: if x {` / `  + L125: if y {`. Each side shows at most
 * `maxPerSide` lines, then a count of the rest.
 */
export function formatChanges(changes: readonly Hunk[], maxPerSide = 8, indent = '    '): string[] {
  const out: string[] = [];
  const side = (sign: '-' | '+', first: number, lines: readonly string[]): void => {
    lines.slice(0, maxPerSide).forEach((l, k) => out.push(`${indent}${sign} L${first + k}: ${l}`));
    if (lines.length > maxPerSide)
      out.push(
        `${indent}${sign} … ${lines.length - maxPerSide} more line${lines.length - maxPerSide === 1 ? '' : 's'}`,
      );
  };
  for (const h of changes) {
    if (h.oldLines.length === 0) out.push(`${indent}  (inserted before old L${h.oldStart})`);
    side('-', h.oldStart, h.oldLines);
    if (h.newLines.length === 0) out.push(`${indent}  (nothing in their place; next new line is L${h.newStart})`);
    side('+', h.newStart, h.newLines);
  }
  return out;
}
