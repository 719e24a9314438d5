/**
 * Translation stamps: each translated page records which version of its English page it
 * translates, as the SHA-256 of the English MDX file and the day the translation was brought up
 * to date with it. A stamp that no longer matches the English file marks the translation stale.
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { pagePathOf } from '../citations/render-data.ts';
import { englishFileOf, translationOfFile } from './locales.ts';

/** The `translation` frontmatter key of a translated page. */
export const translationStampSchema = z
  .object({
    sha256: z.string().regex(/^[0-9a-f]{64}$/, 'sha256 must be 64 lowercase hex digits (the English file’s SHA-256)'),
    date: z.iso.date({
      error: "date must be a quoted 'YYYY-MM-DD' string (unquoted, YAML reads it as a timestamp)",
    }),
  })
  .strict();

export type TranslationStamp = z.infer<typeof translationStampSchema>;

/**
 * - `current`: the stamp matches the English file.
 * - `stale`: the English file changed after the translation was stamped.
 * - `unstamped`: the page has no stamp (or a malformed one), so nothing says what it translates.
 */
export type TranslationState = 'current' | 'stale' | 'unstamped';

/** One translated page's standing against its English page. */
export interface TranslationStatus {
  /** The translated MDX file, relative to the root: `content/docs/ja/etcd-sizing.mdx`. */
  file: string;
  /** Its route: `/ja/etcd-sizing/`. */
  route: string;
  lang: string;
  englishFile: string;
  englishRoute: string;
  state: TranslationState;
  /** The stamp as written, when it parses. */
  stamp?: TranslationStamp;
  /** Why the stamp did not parse, for `unstamped`. */
  problem?: string;
  /** SHA-256 of the English file as it is now. */
  englishSha256: string;
}

/** Where the English page is served: its route, or `/404.html` for the not-found page Starlight writes there. */
function englishRouteOf(englishFile: string): string {
  const route = pagePathOf(englishFile);
  return route === '/404/' ? '/404.html' : route;
}

/** SHA-256 (hex) of a file's bytes, the hash a stamp records. */
export function sha256Of(bytes: string | Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/**
 * Compares a translated page's stamp with its English file.
 *
 * @param file - the translated file, relative to the root (`content/docs/ja/…`).
 * @param stamp - the page's `translation` frontmatter value, unparsed (undefined when absent).
 * @param english - the English file's bytes as they are now.
 * @throws Error when `file` is not under a translation's folder.
 */
export function translationStatus(file: string, stamp: unknown, english: string | Uint8Array): TranslationStatus {
  const translation = translationOfFile(file);
  if (!translation) throw new Error(`${file} is not a translated page.`);
  const englishFile = englishFileOf(file);
  const englishSha256 = sha256Of(english);
  const base = {
    file,
    route: pagePathOf(file),
    lang: translation.lang,
    englishFile,
    englishRoute: englishRouteOf(englishFile),
    englishSha256,
  };
  if (stamp === undefined) return { ...base, state: 'unstamped', problem: 'no translation stamp in its frontmatter' };
  const parsed = translationStampSchema.safeParse(stamp);
  if (!parsed.success)
    return { ...base, state: 'unstamped', problem: parsed.error.issues.map((i) => i.message).join('; ') };
  const state = parsed.data.sha256 === englishSha256 ? 'current' : 'stale';
  return { ...base, state, stamp: parsed.data };
}

/** One line per translation that is not current, saying what to do; empty when all are current. */
export function describeOutOfDate(statuses: readonly TranslationStatus[]): string[] {
  return statuses
    .filter((s) => s.state !== 'current')
    .map((s) =>
      s.state === 'stale'
        ? `${s.file} translates an older ${s.englishFile} (stamped ${s.stamp!.date}): bring it up to date, then run npm run translations -- stamp ${s.file}`
        : `${s.file}: ${s.problem}; translate ${s.englishFile}, then run npm run translations -- stamp ${s.file}`,
    );
}
