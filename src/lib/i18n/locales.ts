/**
 * The guide's languages. English is the root locale (no prefix); each translation has a folder of
 * its own under content/docs/ and a URL prefix of the same name, as Starlight's i18n expects
 * (https://starlight.astro.build/guides/i18n/).
 */
import { DOCS_DIR } from '../project-paths.ts';

/** A translated edition: `locale` is its folder and URL prefix, `lang` its BCP 47 tag. */
export interface Translation {
  locale: string;
  lang: string;
  label: string;
}

export const TRANSLATIONS: readonly Translation[] = [{ locale: 'ja', lang: 'ja', label: '日本語' }];

/**
 * Starlight's `locales` option: English at the root, and each translation under its prefix.
 * @param present - whether a translation has a folder of pages; one without serves no edition (a
 *   site of English pages only, such as a test's fixture, builds no fallback copies).
 */
export function starlightLocales(
  present: (t: Translation) => boolean = () => true,
): Record<string, { label: string; lang: string }> {
  return {
    root: { label: 'English', lang: 'en' },
    ...Object.fromEntries(TRANSLATIONS.filter(present).map((t) => [t.locale, { label: t.label, lang: t.lang }])),
  };
}

/**
 * The translation an MDX file belongs to (`content/docs/ja/etcd-sizing.mdx` → the ja entry), or
 * undefined for an English page.
 * @param file - path relative to the project root, with `/` separators.
 */
export function translationOfFile(file: string): Translation | undefined {
  return TRANSLATIONS.find((t) => file.startsWith(`${DOCS_DIR}/${t.locale}/`));
}

/** The translation a site route belongs to (`/ja/etcd-sizing/` or `ja/etcd-sizing/` → ja), if any. */
export function translationOfRoute(route: string): Translation | undefined {
  const first = route.replace(/^\//, '').split('/')[0];
  return TRANSLATIONS.find((t) => t.locale === first);
}

/**
 * The English file a translated file translates: `content/docs/ja/etcd-sizing.mdx` →
 * `content/docs/etcd-sizing.mdx`.
 * @throws Error when the file is not in a translation's folder.
 */
export function englishFileOf(file: string): string {
  const t = translationOfFile(file);
  if (!t) throw new Error(`${file} is not a translated page (not under ${DOCS_DIR}/<locale>/).`);
  return `${DOCS_DIR}/${file.slice(DOCS_DIR.length + t.locale.length + 2)}`;
}
