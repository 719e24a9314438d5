/**
 * Local git repositories as providers, for air-gapped builds and internal mirrors:
 * CITATION_MIRRORS="etcd-io/etcd=/srv/etcd.git,kubernetes/kubernetes=/srv/kubernetes".
 * Reads git objects only (`rev-parse`, `ls-tree`, `cat-file`), never a working tree, which
 * git may have converted to CRLF or the user may have edited.
 */
import { execFile } from 'node:child_process';
import { statSync } from 'node:fs';
import { dirname, isAbsolute, resolve } from 'node:path';
import {
  ProviderError,
  notAFile,
  type FetchedFile,
  type Resolution,
  type SourceProvider,
  type TreeEntry,
} from './types.ts';

/**
 * Parses CITATION_MIRRORS into `owner/repo` → git directory (absolute).
 * Entries are comma-separated `owner/repo=/path`; a path may not contain a comma.
 *
 * @param cwd - base for relative paths.
 * @throws ProviderError(`config`) for a malformed entry or a path that does not exist.
 */
export function parseMirrors(value: string | undefined, cwd: string = process.cwd()): Map<string, string> {
  const out = new Map<string, string>();
  if (!value || !value.trim()) return out;
  for (const raw of value.split(',')) {
    const entry = raw.trim();
    if (!entry) continue;
    const eq = entry.indexOf('=');
    const name = eq < 0 ? '' : entry.slice(0, eq).trim();
    const path = eq < 0 ? '' : entry.slice(eq + 1).trim();
    if (!/^[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+$/.test(name) || !path) {
      throw new ProviderError(
        'config',
        `CITATION_MIRRORS entry "${entry}" is not owner/repo=/path/to/git. Example: CITATION_MIRRORS="etcd-io/etcd=/srv/etcd.git,kubernetes/kubernetes=/srv/kubernetes".`,
      );
    }
    const abs = isAbsolute(path) ? path : resolve(cwd, path);
    let isDir = false;
    try {
      isDir = statSync(abs).isDirectory();
    } catch {
      /* reported below */
    }
    if (!isDir)
      throw new ProviderError(
        'config',
        `CITATION_MIRRORS: the mirror of ${name}, ${abs}, is not a directory. Clone it first (git clone --mirror https://github.com/${name} ${abs}) or fix the path.`,
      );
    out.set(name, abs);
  }
  return out;
}

/**
 * The git directory CITATION_MIRRORS names for `owner/repo`, or undefined: the one place tests and
 * tools learn where a snapshot is (no machine's folder is written anywhere else).
 * @throws ProviderError(`config`) as {@link parseMirrors} does.
 */
export function mirrorDirOf(repo: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
  return parseMirrors(env['CITATION_MIRRORS']).get(repo);
}

// Parent git variables (e.g. inside a hook) would redirect git away from the mirror.
const GIT_ENV_DROP = [
  'GIT_DIR',
  'GIT_WORK_TREE',
  'GIT_INDEX_FILE',
  'GIT_OBJECT_DIRECTORY',
  'GIT_ALTERNATE_OBJECT_DIRECTORIES',
  'GIT_NAMESPACE',
  'GIT_CEILING_DIRECTORIES',
];

function git(
  dir: string,
  args: string[],
  binary: boolean,
): Promise<{ ok: true; out: Buffer } | { ok: false; err: string }> {
  // Literal pathspecs: a cited path with `*` or `:(` names that path, not a pattern.
  const env: NodeJS.ProcessEnv = { ...process.env, GIT_TERMINAL_PROMPT: '0', GIT_LITERAL_PATHSPECS: '1' };
  for (const k of GIT_ENV_DROP) delete env[k];
  // Stop discovery at the mirror itself: a non-repository inside some other clone must not read that clone.
  env.GIT_CEILING_DIRECTORIES = dirname(dir);
  return new Promise((done) => {
    execFile('git', ['-C', dir, ...args], { env, encoding: 'buffer', maxBuffer: 1 << 30 }, (error, stdout, stderr) => {
      if (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
          done({ ok: false, err: 'git is not installed or not on PATH' });
          return;
        }
        done({ ok: false, err: Buffer.from(stderr).toString('utf8').trim() || error.message });
      } else done({ ok: true, out: binary ? stdout : Buffer.from(stdout.toString('utf8').trim()) });
    });
  });
}

/**
 * A provider reading `owner/repo` from a local git repository (bare or not).
 * @param name - `owner/repo` it serves (for messages).
 * @param dir - the git directory or a repository with a working tree.
 */
export function createMirrorProvider(name: string, dir: string): SourceProvider {
  let checked: Promise<void> | undefined;
  const ensureRepo = (): Promise<void> => {
    checked ??= git(dir, ['rev-parse', '--git-dir'], false).then((r) => {
      if (!r.ok)
        throw new ProviderError(
          'config',
          `CITATION_MIRRORS: ${dir} (mirror of ${name}) is not a git repository: ${r.err}. Point it at a clone of ${name}.`,
        );
    });
    return checked;
  };
  const check = (owner: string, repo: string): void => {
    if (`${owner}/${repo}` !== name)
      throw new ProviderError('config', `The mirror ${dir} serves ${name}, not ${owner}/${repo}.`);
  };

  return {
    name: 'mirror',
    description: `mirror ${dir}`,
    origin: dir,
    check: ensureRepo,

    async resolveRef(owner: string, repo: string, ref: string): Promise<Resolution> {
      check(owner, repo);
      await ensureRepo();
      const full = /^[0-9a-f]{40}$/.test(ref);
      // Prefer a tag, as the GitHub provider does, then a branch, then a commit SHA.
      const candidates: Array<[Resolution['kind'], string]> = full
        ? [['commit', ref]]
        : [
            ['tag', `refs/tags/${ref}`],
            ['branch', `refs/heads/${ref}`],
            ['branch', `refs/remotes/origin/${ref}`],
          ];
      for (const [kind, name] of candidates) {
        const r = await git(dir, ['rev-parse', '--verify', '--quiet', `${name}^{commit}`], false);
        if (r.ok) return { commit: r.out.toString('utf8'), kind, notModified: false };
      }
      throw new ProviderError(
        'not-found',
        `Ref "${ref}" not found in the mirror of ${name} at ${dir}. Fetch it (git -C ${dir} fetch origin tag ${ref}) or check the @ref part of the citation.`,
      );
    },

    async listTags(owner: string, repo: string, prefix: string): Promise<string[]> {
      check(owner, repo);
      await ensureRepo();
      const r = await git(dir, ['for-each-ref', '--format=%(refname:strip=2)', `refs/tags/${prefix}*`], false);
      if (!r.ok)
        throw new ProviderError('server', `git for-each-ref failed in the mirror of ${name} at ${dir}: ${r.err}.`);
      const out = r.out.toString('utf8');
      return out === '' ? [] : out.split('\n');
    },

    async fetchFile(owner: string, repo: string, commit: string, path: string): Promise<FetchedFile | null> {
      check(owner, repo);
      await ensureRepo();
      // The tree entry, with its mode: `<mode> <type> <sha>\t<path>\0`.
      const listed = await git(dir, ['ls-tree', '-z', '--full-tree', commit, '--', path], true);
      if (!listed.ok) {
        const c = await git(dir, ['cat-file', '-e', `${commit}^{commit}`], false);
        if (!c.ok)
          throw new ProviderError(
            'not-found',
            `Commit ${commit} is not in the mirror of ${name} at ${dir}. Fetch it (git -C ${dir} fetch --tags origin).`,
          );
        throw new ProviderError(
          'server',
          `git ls-tree failed for ${name}:${path} at ${commit.slice(0, 7)} in ${dir}: ${listed.err}.`,
        );
      }
      const entry = listed.out
        .toString('utf8')
        .split('\0')
        .map(parseLsTree)
        .find((e) => e?.path === path);
      if (!entry) return null;
      if (entry.type !== 'file') throw notAFile(name, commit, path, entry);
      const content = await git(dir, ['cat-file', 'blob', entry.sha], true);
      if (!content.ok)
        throw new ProviderError('server', `git cat-file failed for ${name}:${path} in ${dir}: ${content.err}.`);
      return { entry, bytes: new Uint8Array(content.out.buffer, content.out.byteOffset, content.out.byteLength) };
    },
  };
}

/** One `git ls-tree -z` record as a {@link TreeEntry}, or undefined for an empty or unknown record. */
function parseLsTree(record: string): TreeEntry | undefined {
  const m = /^([0-7]{6}) (blob|tree|commit) ([0-9a-f]{40,64})\t(.+)$/s.exec(record);
  if (!m) return undefined;
  const [, mode, objectType, sha, path] = m as unknown as [string, string, string, string, string];
  const type: TreeEntry['type'] =
    mode === '120000' ? 'symlink' : objectType === 'tree' ? 'dir' : objectType === 'commit' ? 'submodule' : 'file';
  return { path, type, mode, sha };
}
