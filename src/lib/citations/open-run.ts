/**
 * The preamble every citation command shares (pin, verify, relocate, outdated): a source reader
 * for this run, its mirrors checked, and the lock read. Each failure is a configuration error with
 * the message that names the fix, returned rather than thrown so the command can report it.
 */
import { LockFileError, readLock, type Lock } from './lock.ts';
import { ProviderError } from './providers/types.ts';
import type { ModelInputs } from './model-inputs.ts';
import { SourceReader, type SourceReaderOptions } from './source.ts';

/** The options every citation command takes. */
export interface RunOptions {
  root: string;
  env?: NodeJS.ProcessEnv;
  /** No network: mirrors (local) and `.cache/citations` only. */
  offline?: boolean;
  log?: (line: string) => void;
  /** Directories (relative to root) holding MDX; default `content`. */
  contentDirs?: string[];
  /** The model modules whose sources and bindings are citations too (src/tooling/model-inputs.ts). */
  model?: ModelInputs | undefined;
  cacheDir?: string;
  /** Overrides of the GitHub options read from env (tests: backoff, waits). */
  github?: SourceReaderOptions['github'];
}

export type OpenRun = { reader: SourceReader; lock: Lock } | { configError: string };

/**
 * @param options - the reader's options (root, env, offline, cacheDir, cacheReads, log, github).
 * @returns the reader and the lock, or the configuration error (bad CITATION_MIRRORS or
 *   GITHUB_API_URL, a mirror that is not a git repository, an unreadable or malformed lock).
 */
export async function openRun(options: SourceReaderOptions): Promise<OpenRun> {
  try {
    const reader = new SourceReader(options);
    await reader.checkMirrors();
    return { reader, lock: await readLock(options.root) };
  } catch (e) {
    if (e instanceof ProviderError || e instanceof LockFileError) return { configError: e.message };
    throw e;
  }
}
