/**
 * Where an export may be written. Never into the sources or anything a tool of the project reads
 * (a Markdown file under content/ would become a page; anything under src/, scripts/ or test/ is
 * read by `astro check` and Vitest; public/ and dist/ are published), nor the repository root itself.
 */
import { isAbsolute, relative, resolve, sep } from 'node:path';

/** Top-level folders of the repository an export must not be written into. */
export const PROTECTED_FOLDERS = ['src', 'content', 'scripts', 'test', 'public', 'node_modules', '.git', '.github', '.ci', '.astro', '.cache', 'reports', 'test-results'] as const;

/**
 * Checks an output folder.
 *
 * @param out - the folder as given (relative to `cwd` or absolute).
 * @param root - the repository root.
 * @param cwd - the directory `out` is relative to.
 * @returns the absolute folder, or `{ error }` with a sentence saying what is wrong and what to use instead.
 */
export function checkOutFolder(out: string, root: string, cwd: string): { path: string } | { error: string } {
  const path = resolve(cwd, out);
  const repo = resolve(root);
  const fix = 'Use a folder of its own, such as wiki-export/ (the default, git-ignored) or one outside the repository.';
  if (path === repo) return { error: `--out ${out} is the repository root. ${fix}` };
  if (isInside(repo, path)) return { error: `--out ${out} contains the repository. ${fix}` };
  if (isInside(path, repo)) {
    const top = relative(repo, path).split(sep)[0]!;
    if ((PROTECTED_FOLDERS as readonly string[]).includes(top) || top === 'dist' || top.startsWith('dist-')) {
      return { error: `--out ${out} is inside ${top}/, which the build, astro check or Vitest reads (or which is published). ${fix}` };
    }
  }
  return { path };
}

/** Whether `child` is strictly below `parent` (both absolute). */
function isInside(child: string, parent: string): boolean {
  const rel = relative(parent, child);
  return rel !== '' && rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel);
}
