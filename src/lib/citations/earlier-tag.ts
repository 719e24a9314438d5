/**
 * The fallback when a cited tag cannot be read: the nearest earlier tag of the same release line
 * that holds the file (for `v0.37.0`, its release candidates, then betas, then alphas). Lines
 * checked there make a *provisional* citation, never a verified one.
 */
import { ProviderError } from './providers/types.ts';
import type { FileText } from './hash.ts';
import type { ResolvedRef, SourceReader } from './source.ts';
import { earlierTagsOfLine, releaseLinePrefix, type ReadTarget } from './staging.ts';

export interface EarlierCheck {
  /** The tag the lines were read at. */
  tag: string;
  resolved: ResolvedRef;
  text: FileText;
}

/**
 * Reads `target.path` at the nearest earlier tag of `target.ref`'s release line that has it.
 *
 * @returns undefined when `target.ref` is not a version, the line has no earlier tag, or none
 *   of them holds the file.
 * @throws ProviderError when the tags cannot be listed or read (unreachable, not found).
 */
export async function readAtEarlierTag(reader: SourceReader, target: ReadTarget): Promise<EarlierCheck | undefined> {
  const prefix = releaseLinePrefix(target.ref);
  if (!prefix) return undefined;
  const tags = earlierTagsOfLine(target.ref, await reader.listTags(target.owner, target.repo, prefix));
  for (const tag of tags) {
    let resolved;
    let f;
    try {
      resolved = await reader.resolve(target.owner, target.repo, tag);
      f = await reader.file(target.owner, target.repo, resolved.commit, target.path);
    } catch (e) {
      // A tag that names no commit, or a path that is not a file there: try the next one.
      if (e instanceof ProviderError && (e.kind === 'not-found' || e.kind === 'not-a-file')) continue;
      throw e;
    }
    if (f.kind === 'ok') return { tag, resolved, text: f.text };
    if (f.kind === 'unavailable') throw f.error ?? new ProviderError('unreachable', f.reason);
  }
  return undefined;
}
