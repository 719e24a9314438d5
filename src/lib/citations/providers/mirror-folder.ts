/**
 * Finds the git repositories in a folder of snapshots and writes the CITATION_MIRRORS value that
 * offers them, so nobody copies paths by hand. Three layouts are recognised, side by side:
 * `<owner>+<name>/repo` and `<owner>+<name>` (how snapshot tools name them), and `<owner>/<name>`
 * or `<owner>/<name>.git` (a tree of clones).
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

const NAME = /^[A-Za-z0-9_.-]+$/;

/** Whether `dir` holds a git repository: bare (HEAD and objects inside) or with a `.git` directory. */
function isGitDir(dir: string): boolean {
  return (existsSync(join(dir, 'HEAD')) && existsSync(join(dir, 'objects'))) || existsSync(join(dir, '.git'));
}

function dirsIn(dir: string): string[] {
  try {
    return readdirSync(dir, { withFileTypes: true })
      .filter((e) => e.isDirectory() || (e.isSymbolicLink() && statSync(join(dir, e.name)).isDirectory()))
      .map((e) => e.name)
      .filter((n) => !n.startsWith('.') && /^[A-Za-z0-9_.+-]+$/.test(n))
      .sort();
  } catch {
    return [];
  }
}

/**
 * @param folder - the folder to search (absolute, or relative to the working directory).
 * @returns `owner/repo` → absolute git directory, sorted by name; empty when none is found.
 * @throws Error when `folder` is not a directory.
 */
export function findMirrors(folder: string): Map<string, string> {
  const root = resolve(folder);
  if (!existsSync(root) || !statSync(root).isDirectory()) throw new Error(`${root} is not a directory.`);
  const found = new Map<string, string>();
  for (const entry of dirsIn(root)) {
    const plus = entry.indexOf('+');
    if (plus > 0) {
      const name = `${entry.slice(0, plus)}/${entry.slice(plus + 1)}`;
      const dir = [join(root, entry, 'repo'), join(root, entry)].find(isGitDir);
      if (dir && NAME.test(entry.slice(plus + 1))) found.set(name, dir);
      continue;
    }
    for (const child of dirsIn(join(root, entry))) {
      const dir = join(root, entry, child);
      if (isGitDir(dir)) found.set(`${entry}/${child.replace(/\.git$/, '')}`, dir);
    }
  }
  return new Map([...found].sort(([a], [b]) => (a < b ? -1 : 1)));
}

/**
 * The CITATION_MIRRORS value for `mirrors`: `owner/repo=/path,…`.
 * @throws Error when a path holds a comma, which the variable cannot carry (see ./mirror.ts).
 */
export function mirrorsValue(mirrors: ReadonlyMap<string, string>): string {
  return [...mirrors]
    .map(([name, dir]) => {
      if (dir.includes(',')) throw new Error(`${dir} holds a comma, which CITATION_MIRRORS cannot carry; rename it.`);
      return `${name}=${dir}`;
    })
    .join(',');
}
