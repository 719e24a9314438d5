/**
 * When a page last changed, from git history, without trusting what a shallow clone cannot know.
 *
 * In a shallow clone (`git clone --depth 1`, the default of actions/checkout) every file that has
 * not changed since the cut-off commit appears to have been changed *by* that commit, because its
 * parent is missing. Starlight's own `lastUpdated` would then show the cut-off date on every page.
 * Here a date is taken from git only when the newest commit touching the file is not one of the
 * clone's boundary commits (`.git/shallow`); otherwise the build date stands in, and says so.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { isAbsolute, join, relative } from 'node:path';

/** Where a "last updated" date came from. */
export type LastUpdatedSource = 'git' | 'build';

export interface LastUpdated {
  /** The date to show. */
  date: Date;
  source: LastUpdatedSource;
  /** Commit that last changed the file, when `source` is `'git'`. */
  commit?: string;
  /** Why the build date stands in, when `source` is `'build'`; a short phrase for the page. */
  reason?: string;
}

function git(root: string, args: string[]): { ok: boolean; out: string } {
  const result = spawnSync('git', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  return { ok: result.status === 0, out: (result.stdout ?? '').trim() };
}

/** Boundary commits of a shallow clone (empty for a full clone). */
function shallowBoundaries(root: string): Set<string> {
  const path = git(root, ['rev-parse', '--git-path', 'shallow']);
  if (!path.ok) return new Set();
  const file = isAbsolute(path.out) ? path.out : join(root, path.out);
  if (!existsSync(file)) return new Set();
  return new Set(
    readFileSync(file, 'utf8')
      .split('\n')
      .filter((line) => /^[0-9a-f]{40,64}$/.test(line)),
  );
}

/**
 * Reads when each file last changed.
 *
 * @param root - the repository's working tree (absolute path).
 * @param files - files to date, absolute or relative to `root`.
 * @param buildDate - what stands in when git cannot say.
 * @returns one entry per file, keyed by the path relative to `root` (POSIX separators). A file
 *   dates from git when its newest commit is a real change; the build date stands in when the
 *   directory is not a git checkout, the file is untracked or has uncommitted changes, or the
 *   newest commit is a shallow clone's boundary (fetch full history, e.g. `fetch-depth: 0`, to fix).
 *   Never throws: a missing `git` also falls back to the build date.
 */
export function lastUpdated(root: string, files: readonly string[], buildDate: Date): Map<string, LastUpdated> {
  const result = new Map<string, LastUpdated>();
  const inside = git(root, ['rev-parse', '--is-inside-work-tree']);
  const boundaries = inside.ok ? shallowBoundaries(root) : new Set<string>();
  for (const file of files) {
    const rel = (isAbsolute(file) ? relative(root, file) : file).split('\\').join('/');
    const fallback = (reason: string) => result.set(rel, { date: buildDate, source: 'build', reason });
    if (!inside.ok || inside.out !== 'true') {
      fallback('not built from a git checkout');
      continue;
    }
    if (git(root, ['status', '--porcelain', '--', rel]).out !== '') {
      fallback('the page has uncommitted changes');
      continue;
    }
    const log = git(root, ['log', '-1', '--format=%H %cI', '--', rel]);
    const [commit, iso] = log.out.split(' ');
    if (!log.ok || !commit || !iso) {
      fallback('the page is not in git history');
      continue;
    }
    if (boundaries.has(commit)) {
      fallback('shallow clone: the history that dates this page was not fetched');
      continue;
    }
    result.set(rel, { date: new Date(iso), source: 'git', commit });
  }
  return result;
}
