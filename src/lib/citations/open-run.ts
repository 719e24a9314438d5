/**
 * The preamble every citation command shares (pin, verify, relocate, outdated): a source reader
 * for this run, its mirrors checked, and the lock read. Each failure is a configuration error with
 * the message that names the fix, returned rather than thrown so the command can report it.
 */
import { LockFileError, readLock, type Lock } from './lock.ts';
import { ProviderError } from './providers/types.ts';
import { readerFor, type SourceReader } from './source.ts';

export type OpenRun = { reader: SourceReader; lock: Lock } | { configError: string };

/**
 * @param options - what {@link readerFor} takes (root, env, offline, cacheDir, cacheReads, log, github).
 * @returns the reader and the lock, or the configuration error (bad CITATION_MIRRORS or
 *   GITHUB_API_URL, a mirror that is not a git repository, an unreadable or malformed lock).
 */
export async function openRun(options: Parameters<typeof readerFor>[0]): Promise<OpenRun> {
  try {
    const reader = readerFor(options);
    await reader.checkMirrors();
    return { reader, lock: await readLock(options.root) };
  } catch (e) {
    if (e instanceof ProviderError || e instanceof LockFileError) return { configError: e.message };
    throw e;
  }
}
