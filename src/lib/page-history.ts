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

/**
 * Why the build date stands in for a page: no git checkout, uncommitted changes, a file git does
 * not track, a shallow clone's boundary, git unable to say, or no history read at all. A key: the
 * page words it in its language (src/lib/i18n/ui-text.ts `lastUpdated.buildDate`).
 */
export type BuildDateReason = 'no-checkout' | 'uncommitted' | 'untracked' | 'shallow' | 'unknown' | 'no-history';

export interface LastUpdated {
  /** The date to show. */
  date: Date;
  source: LastUpdatedSource;
  /** Commit that last changed the file, when `source` is `'git'`. */
  commit?: string;
  /** Why the build date stands in, when `source` is `'build'`. */
  reason?: BuildDateReason;
}

function git(root: string, args: string[]): { ok: boolean; out: string; raw: string } {
  const result = spawnSync('git', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  const raw = result.stdout ?? '';
  return { ok: result.status === 0, out: raw.trim(), raw };
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
  const rels = files.map((file) => (isAbsolute(file) ? relative(root, file) : file).split('\\').join('/'));
  const fallback = (rel: string, reason: BuildDateReason) =>
    result.set(rel, { date: buildDate, source: 'build', reason });
  const inside = git(root, ['rev-parse', '--is-inside-work-tree']);
  if (!inside.ok || inside.out !== 'true') {
    for (const rel of rels) fallback(rel, 'no-checkout');
    return result;
  }
  if (rels.length === 0) return result;
  const boundaries = shallowBoundaries(root);
  // Both commands name paths from the repository's top level; root may lie below it.
  const prefix = git(root, ['rev-parse', '--show-prefix']).out;
  const own = (path: string) => (path.startsWith(prefix) ? path.slice(prefix.length) : undefined);
  // One status and one log for every page, not three git processes per page at build start.
  const dirty = new Set(
    // -z: "XY path" entries ended by NUL, paths neither quoted nor trimmed.
    git(root, ['status', '--porcelain', '-z', '--untracked-files=all', '--', ...rels])
      .raw.split('\0')
      .filter((entry) => entry.length > 3)
      .map((entry) => own(entry.slice(3))),
  );
  const newest = new Map<string, { commit: string; iso: string }>();
  let current: { commit: string; iso: string } | undefined;
  // -m: a merge lists the files it brought in, so a file whose only commit is a merge still has a date.
  for (const line of git(root, ['log', '-m', '--format=%x00%H %cI', '--name-only', '--', ...rels]).out.split('\n')) {
    if (line.startsWith('\0')) {
      const [commit, iso] = line.slice(1).split(' ');
      current = commit && iso ? { commit, iso } : undefined;
    } else if (line !== '' && current) {
      const path = own(line);
      if (path !== undefined && !newest.has(path)) newest.set(path, current);
    }
  }
  for (const rel of rels) {
    const last = newest.get(rel);
    if (dirty.has(rel)) fallback(rel, 'uncommitted');
    else if (!last) fallback(rel, 'untracked');
    else if (boundaries.has(last.commit)) fallback(rel, 'shallow');
    else result.set(rel, { date: new Date(last.iso), source: 'git', commit: last.commit });
  }
  return result;
}

/** A page's last change over all its inputs, and which input it was. */
export type PageLastUpdated = LastUpdated & { input: string };

/**
 * The newest change among a page's inputs (src/lib/page-inputs.ts). When git cannot date one of
 * them, the build date stands in for the page, with the reason and that input.
 * @param dates - {@link lastUpdated} of every input of every page.
 * @param inputs - the page's inputs, its MDX file first.
 * @throws Error for an input that `dates` does not hold.
 */
export function lastUpdatedOfInputs(
  dates: ReadonlyMap<string, LastUpdated>,
  inputs: readonly string[],
): PageLastUpdated {
  let newest: PageLastUpdated | undefined;
  for (const input of inputs) {
    const d = dates.get(input);
    if (!d) throw new Error(`No history was read for ${input}.`);
    if (d.source === 'build') return { ...d, input, reason: d.reason ?? 'unknown' };
    if (!newest || d.date > newest.date) newest = { ...d, input };
  }
  if (!newest) throw new Error('A page has no inputs to date.');
  return newest;
}
