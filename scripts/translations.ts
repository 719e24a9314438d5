/**
 * The translated pages' stamps (src/lib/i18n/translation.ts).
 *
 *   npm run translations                      lists each translation and whether it is current
 *   npm run translations -- stamp FILE …      records that FILE now translates its English page as it is
 *
 * Stamp a translation after bringing it up to date with its English page: the stamp records the
 * English file's SHA-256 and today's date (UTC), and the page's out-of-date notice goes away.
 *
 * Exit status: 0 done (the listing exits 0 even when some are out of date), 2 usage error or a
 * file that is not a translated page.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parseFrontmatter } from '@astrojs/markdown-remark';
import { englishFileOf, TRANSLATIONS, translationOfFile } from '../src/lib/i18n/locales.ts';
import { withStamp } from '../src/lib/i18n/stamp.ts';
import { describeOutOfDate, sha256Of, translationStatus } from '../src/lib/i18n/translation.ts';
import { DOCS_DIR } from '../src/lib/project-paths.ts';
import { ROOT } from '../src/tooling/paths.ts';

const USAGE = 'Usage: npm run translations [-- stamp content/docs/<locale>/<page>.mdx …]';

function fail(message: string): never {
  console.error(`translations: ${message}\n${USAGE}`);
  process.exit(2);
}

function translatedFiles(): string[] {
  return TRANSLATIONS.flatMap((t) =>
    readdirSync(join(ROOT, DOCS_DIR, t.locale), { recursive: true, encoding: 'utf8' })
      .filter((f) => /\.mdx?$/.test(f))
      .map((f) => `${DOCS_DIR}/${t.locale}/${f.replaceAll('\\', '/')}`),
  ).sort();
}

function list(): void {
  const statuses = translatedFiles().map((file) => {
    const text = readFileSync(join(ROOT, file), 'utf8');
    return translationStatus(
      file,
      parseFrontmatter(text).frontmatter['translation'],
      readFileSync(join(ROOT, englishFileOf(file))),
    );
  });
  for (const s of statuses) console.log(`${s.state.padEnd(9)}  ${s.route.padEnd(28)} ${s.stamp?.date ?? '—'}`);
  const out = describeOutOfDate(statuses);
  console.log(out.length === 0 ? `${statuses.length} translation(s), all current.` : out.join('\n'));
}

function stamp(files: string[]): void {
  if (files.length === 0) fail('stamp needs the translated file(s) to stamp.');
  const date = new Date().toISOString().slice(0, 10);
  for (const given of files) {
    const file = relative(ROOT, join(process.cwd(), given)).replaceAll('\\', '/');
    if (!translationOfFile(file)) fail(`${given} is not a translated page (under ${DOCS_DIR}/<locale>/).`);
    let english: Buffer;
    try {
      english = readFileSync(join(ROOT, englishFileOf(file)));
    } catch {
      fail(`${given} translates ${englishFileOf(file)}, which does not exist.`);
    }
    const path = join(ROOT, file);
    try {
      writeFileSync(path, withStamp(readFileSync(path, 'utf8'), { sha256: sha256Of(english), date }));
    } catch (e) {
      fail(`${given}: ${(e as Error).message}`);
    }
    console.log(`stamped ${file}: translates ${englishFileOf(file)} as of ${date}`);
  }
}

const [command, ...rest] = process.argv.slice(2);
if (command === undefined) list();
else if (command === 'stamp') stamp(rest);
else fail(`unknown command ${command}.`);
