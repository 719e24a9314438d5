/**
 * The drift tools on real upstream: every etcd v3.7.0 citation in the lock,
 * followed to v3.7.1 and to the newest v3.6 tag through a local etcd git mirror,
 * checked against a line map this test builds itself from `git diff -U0` hunks.
 * Skipped, and named so, when CITATION_MIRRORS has no etcd-io/etcd entry.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, test } from 'vitest';
import { runOutdated, type LockEntry, type OutdatedItem } from '../../../src/lib/citations/index.ts';
import { findShift, searchable } from '../../../src/lib/citations/locate.ts';
import { mirrorDirOf } from '../../../src/lib/citations/providers/mirror.ts';
import { loadModelInputs } from '../../../src/tooling/model-inputs.ts';

const MIRROR = mirrorDirOf('etcd-io/etcd') ?? '';
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const present = MIRROR !== '';
const title = present
  ? `etcd v3.7.0 citations against real upstream (git mirror ${MIRROR})`
  : `etcd v3.7.0 citations against real upstream: SKIPPED, CITATION_MIRRORS has no etcd-io/etcd entry`;

// stderr piped, not shown: a missing path is an expected answer here. Many citations share a file
// (about three each), so each answer or failure is kept: a file's text and diff are read once per target.
const answers = new Map<string, { out: string } | { error: unknown }>();
const git = (...args: string[]): string => {
  const key = args.join('\0');
  let answer = answers.get(key);
  if (!answer) {
    try {
      answer = {
        out: execFileSync('git', ['-C', MIRROR, ...args], {
          encoding: 'utf8',
          maxBuffer: 1 << 28,
          stdio: ['ignore', 'pipe', 'pipe'],
        }),
      };
    } catch (error) {
      answer = { error };
    }
    answers.set(key, answer);
  }
  if ('error' in answer) throw answer.error;
  return answer.out;
};
const lines = (text: string): string[] => {
  const l = text.replace(/\r\n?/g, '\n').split('\n');
  if (l[l.length - 1] === '') l.pop();
  return l;
};

interface Expected {
  state: string;
  to?: { start: number; end: number };
}

/** new line of each old line (index = old line), null when deleted, from git's own -U0 hunks. */
function gitLineMap(from: string, to: string, path: string, oldCount: number): Array<number | null> {
  const map: Array<number | null> = new Array(oldCount + 1).fill(null);
  let o = 1;
  let n = 1;
  for (const h of git('diff', '-U0', '--no-color', '--no-ext-diff', '--no-renames', from, to, '--', path).matchAll(
    /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/gm,
  )) {
    const [os, oc, ns, nc] = [h[1], h[2] ?? '1', h[3], h[4] ?? '1'].map(Number) as [number, number, number, number];
    // With a count of 0, git gives the line *after which* the hunk sits.
    const firstOld = oc === 0 ? os + 1 : os;
    while (o < firstOld) map[o++] = n++;
    o = firstOld + oc;
    n = (nc === 0 ? ns + 1 : ns) + nc;
  }
  while (o <= oldCount) map[o++] = n++;
  return map;
}

/** The state by the definitions in line-map.ts, computed from git's line map. */
function expected(e: LockEntry, target: string): Expected {
  try {
    git('cat-file', '-e', `${target}:${e.path}`);
  } catch {
    return { state: 'gone' };
  }
  const a = lines(git('show', `${e.commit}:${e.path}`));
  const b = lines(git('show', `${target}:${e.path}`));
  const map = gitLineMap(e.commit!, target, e.path, a.length);
  const cited = map.slice(e.start, e.end + 1);
  if (cited.every((x) => x === null)) {
    const block = a.slice(e.start - 1, e.end);
    const kept = new Set(map.filter((x): x is number => x !== null));
    const at: number[] = [];
    for (let n = 0; n + block.length <= b.length; n++) if (block.every((l, k) => b[n + k] === l)) at.push(n + 1);
    const whollyInserted = at.length === 1 && block.every((_, k) => !kept.has(at[0]! + k));
    return whollyInserted
      ? { state: 'moved', to: { start: at[0]!, end: at[0]! + block.length - 1 } }
      : { state: 'gone' };
  }
  const first = map[e.start];
  const last = map[e.end];
  const intact = cited.every((x) => x !== null) && last! - first! === e.end - e.start;
  if (intact) return first === e.start ? { state: 'unchanged' } : { state: 'moved', to: { start: first!, end: last! } };
  return first != null && last != null ? { state: 'edited', to: { start: first, end: last } } : { state: 'edited' };
}

/** What the old smallest-shift logic would have said, for the summary. */
function oldShift(item: OutdatedItem, target: string): string {
  const r = item.citation.ref;
  let b: string[];
  try {
    b = lines(git('show', `${target}:${r.path}`));
  } catch {
    return 'file deleted';
  }
  const s = findShift(searchable(b), r.start, r.end, item.citation.expect);
  if (s.kind === 'shift') return s.delta === 0 ? 'in place' : `moved ${s.delta > 0 ? '+' : ''}${s.delta}`;
  if (s.kind === 'ambiguous') return `ambiguous ${s.deltas.join('/')}`;
  return s.kind;
}

describe.skipIf(!present)(title, () => {
  const cache = mkdtempSync(join(tmpdir(), 'cite-etcd-'));
  afterAll(() => rmSync(cache, { recursive: true, force: true }));
  const lock = JSON.parse(readFileSync(join(ROOT, 'citations.lock.json'), 'utf8')) as { entries: LockEntry[] };
  const entries = lock.entries.filter((e) => e.key.startsWith('etcd-io/etcd@v3.7.0:'));
  const newest36 = present
    ? git('tag', '-l', 'v3.6.*')
        .split('\n')
        .filter((t) => /^v3\.6\.\d+$/.test(t))
        .sort((x, y) => Number(x.split('.')[2]) - Number(y.split('.')[2]))
        .at(-1)!
    : 'v3.6.x';

  test.each(['v3.7.1', newest36])(
    'every pinned etcd v3.7.0 citation, followed to %s, agrees with git diff',
    async (target) => {
      expect(entries.length).toBeGreaterThan(0);
      expect(entries.every((e) => e.status === 'pinned')).toBe(true);
      const r = await runOutdated({
        root: ROOT,
        against: [`etcd-io/etcd@${target}`],
        offline: true,
        cacheDir: cache,
        env: { CITATION_MIRRORS: `etcd-io/etcd=${MIRROR}` },
        model: await loadModelInputs(ROOT),
      });
      expect(r.errors).toEqual([]);
      // The site also cites etcd at other refs (an early tag, the first commit); this test follows v3.7.0's.
      const items = new Map(r.items.filter((i) => i.key.startsWith('etcd-io/etcd@v3.7.0:')).map((i) => [i.key, i]));
      expect([...items.keys()].sort()).toEqual(entries.map((e) => e.key).sort());

      const rows: string[] = [];
      const tally: Record<string, number> = { unchanged: 0, moved: 0, edited: 0, gone: 0 };
      for (const e of entries) {
        const item = items.get(e.key)!;
        const d = item.drift;
        const to = d.state === 'moved' || d.state === 'edited' ? d.to : undefined;
        // toEqual treats an undefined `to` as absent.
        expect({ key: e.key, state: d.state, to }).toEqual({ key: e.key, ...expected(e, target) });
        tally[d.state]!++;
        const range = to ? ` → ${to.start === to.end ? `L${to.start}` : `L${to.start}-L${to.end}`}` : '';
        rows.push(
          `  ${d.state.padEnd(9)} ${e.key.slice('etcd-io/etcd@v3.7.0:'.length)}${range}  (old shift logic: ${oldShift(item, target)})`,
        );
      }
      console.log(
        `etcd v3.7.0 → ${target}: ${Object.entries(tally)
          .map(([k, v]) => `${v} ${k}`)
          .join(', ')}\n${rows.join('\n')}`,
      );
    },
    60_000,
  );
});
