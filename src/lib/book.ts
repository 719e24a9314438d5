/**
 * The printed book of the whole guide: its chapters in sidebar order, where each starts, and the
 * title page with the table of contents. Pure: `npm run print -- --book` (scripts/print.ts) prints
 * the chapters and this front matter in Chromium and joins them (src/tooling/book-pdf.ts).
 */
import type { NavEntry } from './sidebar-order.ts';

/** A printed chapter: its route and title, and how many sheets it took. */
export interface BookChapter {
  route: string;
  title: string;
  sheets: number;
}

/** A line of the table of contents: a group heading, or a chapter and the sheet it starts on (1-based). */
export type TocLine = { group: string; depth: number } | { title: string; route: string; depth: number; page: number };

/**
 * The table of contents: the sidebar's groups and pages, each page with the book sheet it starts on;
 * pages that were not printed, and groups left without any, are left out.
 * @param nav - the sidebar (src/lib/sidebar-order.ts).
 * @param chapters - the printed chapters in the same order as the sidebar's pages.
 * @param frontSheets - sheets before the first chapter (title page and contents).
 * @throws Error when a printed chapter is not in the sidebar, or not in its order.
 */
export function tableOfContents(
  nav: readonly NavEntry[],
  chapters: readonly BookChapter[],
  frontSheets: number,
): TocLine[] {
  const start = new Map<string, number>();
  let next = frontSheets + 1;
  for (const c of chapters) {
    start.set(c.route, next);
    next += c.sheets;
  }
  const lines = (entries: readonly NavEntry[], depth: number): TocLine[] =>
    entries.flatMap((e): TocLine[] => {
      if (!('route' in e)) {
        const inner = lines(e.items, depth + 1);
        return inner.length > 0 ? [{ group: e.label, depth }, ...inner] : [];
      }
      const page = start.get(e.route);
      return page === undefined ? [] : [{ title: e.label, route: e.route, depth, page }];
    });
  const toc = lines(nav, 0);
  const listed = toc.flatMap((l) => ('route' in l ? [l.route] : []));
  if (listed.join('\n') !== chapters.map((c) => c.route).join('\n'))
    throw new Error(
      `The book's chapters (${chapters.map((c) => `/${c.route}`).join(', ')}) are not in the sidebar's order.`,
    );
  return toc;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
const esc = (s: string): string => s.replace(/[&<>"]/g, (c) => ESCAPES[c]!);

/**
 * The title page and the table of contents as one HTML document for Chromium to print on A4.
 * @param guide - the book's language (`en`, `ja`), title, the heading of its contents, the guide
 *   version line (commit, build date, cited releases) and the site URL.
 * @param toc - from {@link tableOfContents}; page numbers are sheets of the whole book.
 */
export function frontMatterHtml(
  guide: { lang: string; title: string; contents: string; version: string; site: string },
  toc: readonly TocLine[],
): string {
  const rows = toc
    .map((l) =>
      'group' in l
        ? `<li class="group" style="--depth:${l.depth}">${esc(l.group)}</li>`
        : `<li style="--depth:${l.depth}"><span>${esc(l.title)}</span><span class="dots"></span><span>${l.page}</span></li>`,
    )
    .join('\n');
  return `<!doctype html><html lang="${esc(guide.lang)}"><head><meta charset="utf-8"><title>${esc(guide.title)}</title><style>
@page { size: A4; margin: 20mm 18mm; }
body { font: 11pt/1.5 system-ui, sans-serif; color: #111; }
.title { height: 240mm; display: flex; flex-direction: column; justify-content: center; break-after: page; }
h1 { font-size: 26pt; line-height: 1.2; margin: 0 0 8mm; }
.title p { margin: 0 0 2mm; color: #333; }
h2 { font-size: 16pt; margin: 0 0 6mm; }
ol { list-style: none; padding: 0; margin: 0; }
li { display: flex; gap: 2mm; padding-inline-start: calc(var(--depth) * 6mm); margin-block: 1.2mm; }
li.group { font-weight: 600; margin-block-start: 3mm; }
.dots { flex: 1; border-bottom: 1px dotted #888; margin-bottom: 1.2mm; }
</style></head><body>
<section class="title"><h1>${esc(guide.title)}</h1><p>${esc(guide.version)}</p><p>${esc(guide.site)}</p></section>
<section><h2>${esc(guide.contents)}</h2><ol>
${rows}
</ol></section></body></html>`;
}
