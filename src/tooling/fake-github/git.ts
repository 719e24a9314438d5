/**
 * Real git repositories for tests, built in temp dirs from made-up files.
 * Commits and tags use a fixed identity and clock, and core.autocrlf=false so
 * bytes are stored exactly as written (CRLF tests depend on it).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

const ENV = {
  ...process.env,
  GIT_AUTHOR_NAME: 'Fixture',
  GIT_AUTHOR_EMAIL: 'fixture@example.invalid',
  GIT_COMMITTER_NAME: 'Fixture',
  GIT_COMMITTER_EMAIL: 'fixture@example.invalid',
  GIT_AUTHOR_DATE: '2024-01-01T00:00:00Z',
  GIT_COMMITTER_DATE: '2024-01-01T00:00:00Z',
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_CONFIG_GLOBAL: '/dev/null',
  GIT_TERMINAL_PROMPT: '0',
};
for (const k of ['GIT_DIR', 'GIT_WORK_TREE', 'GIT_INDEX_FILE']) delete (ENV as Record<string, string | undefined>)[k];

/** Runs git in `dir`; returns stdout (trimmed unless `raw`). */
export function git(dir: string, args: string[], raw = false): string {
  // stderr is captured (and part of the error on failure), so git's notices do not clutter test output.
  const out = execFileSync('git', ['-C', dir, '-c', 'core.autocrlf=false', '-c', 'core.quotepath=false', ...args], {
    env: ENV,
    maxBuffer: 1 << 30,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return raw ? out.toString('utf8') : out.toString('utf8').trim();
}

export interface FixtureRepo {
  /** Repository directory (has a working tree; providers read objects only). */
  dir: string;
  /**
   * Writes files (string or bytes; null deletes), commits, returns the commit SHA.
   * `{ symlink: target }` makes a symbolic link (mode 120000); `{ submodule: true }` a
   * nested repository with one commit, recorded as a submodule (gitlink, mode 160000).
   * Paths are `/`-separated and may contain spaces and non-ASCII.
   */
  commit(files: Record<string, FileSpec>, message?: string): string;
  /** Creates or moves a tag (lightweight, or annotated with a message) at `commit` (default HEAD). */
  tag(name: string, options?: { annotated?: boolean; commit?: string }): void;
  /** Creates or moves a branch. */
  branch(name: string, commit?: string): void;
  head(): string;
  remove(): void;
}

export type FileSpec = string | Uint8Array | null | { symlink: string } | { submodule: true };

let counter = 0;

/** Creates an empty repository in a new temp directory. */
export function createRepo(label = 'repo'): FixtureRepo {
  const dir = mkdtempSync(join(tmpdir(), `cite-${label}-`));
  git(dir, ['init', '-q', '-b', 'main']);
  let tick = 0;
  return {
    dir,
    commit(files, message = `commit ${++counter}`) {
      for (const [path, content] of Object.entries(files)) {
        const abs = join(dir, ...path.split('/'));
        if (content === null) rmSync(abs, { force: true, recursive: true });
        else if (typeof content === 'object' && 'symlink' in content) {
          mkdirSync(dirname(abs), { recursive: true });
          rmSync(abs, { force: true });
          symlinkSync(content.symlink, abs);
        } else if (typeof content === 'object' && 'submodule' in content) {
          mkdirSync(abs, { recursive: true });
          git(abs, ['init', '-q', '-b', 'main']);
          writeFileSync(join(abs, 'README'), 'nested\n');
          git(abs, ['add', 'README']);
          execFileSync('git', ['-C', abs, 'commit', '-q', '-m', 'nested'], { env: ENV });
        } else {
          mkdirSync(dirname(abs), { recursive: true });
          writeFileSync(abs, content);
        }
      }
      git(dir, ['add', '-A']);
      // Distinct committer times keep SHAs distinct for identical trees.
      const date = new Date(Date.UTC(2024, 0, 1) + ++tick * 1000).toISOString();
      execFileSync('git', ['-C', dir, 'commit', '-q', '--allow-empty', '-m', message], {
        env: { ...ENV, GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date },
      });
      return git(dir, ['rev-parse', 'HEAD']);
    },
    tag(name, options = {}) {
      const target = options.commit ?? 'HEAD';
      if (options.annotated) git(dir, ['tag', '-f', '-a', '-m', `release ${name}`, name, target]);
      else git(dir, ['tag', '-f', name, target]);
    },
    branch(name, commit = 'HEAD') {
      git(dir, ['branch', '-f', name, commit]);
    },
    head() {
      return git(dir, ['rev-parse', 'HEAD']);
    },
    remove() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** `n` made-up Go-ish lines, `line i: <label>` style, 1-based. */
export function madeUpLines(n: number, label = 'value'): string[] {
  return Array.from({ length: n }, (_, i) => `\tstep${i + 1} := compute("${label}", ${i + 1}) // line ${i + 1}`);
}
