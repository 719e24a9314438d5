/**
 * What a marker's popover shows, as data: one entry per numbered source of the page, served as one
 * JSON file per page (src/integration/popovers-route.ts) and drawn only when a reader opens a
 * popover (src/components/cite/popover.ts, which needs only ./popover-entry.ts). A chapter with a
 * hundred markers then carries no hundred hidden popovers, which every load would download, parse
 * and style for the few a reader opens. Pure.
 */
import { firstCitedLines, shownLines, type PageSources } from './page-sources.ts';
import { parseCitationRef } from './ref.ts';
import { stateNote } from './render-data.ts';
import type { PopoverEntry } from './popover-entry.ts';
import { uiText, type CitationWords } from '../i18n/ui-text.ts';

/**
 * The popover entries of a page, in source order (entry `n - 1` is source `n`).
 *
 * @param sources - the page's numbered sources (src/lib/citations/page-sources.ts).
 * @param words - the page's language (src/lib/i18n/ui-text.ts).
 */
export function popoverEntries(sources: PageSources, words: CitationWords = uiText('en').citations): PopoverEntry[] {
  return sources.byNumber.map((s) => {
    const c = s.citation;
    const ref = parseCitationRef(c.refText).ref;
    return {
      n: s.n,
      repo: s.repo,
      path: s.path,
      lines: shownLines(s.start, s.end),
      ...(/^[0-9a-f]{40}$/.test(ref) ? {} : { ref }),
      ...(c.commit ? { commit: c.commit } : {}),
      ...(c.readRepo ? { readRepo: c.readRepo } : {}),
      status: c.status,
      note: stateNote(c, words)?.sentence ?? words.note.verified,
      code: firstCitedLines(s),
      permalink: c.permalink,
    };
  });
}
