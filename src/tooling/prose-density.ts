/**
 * Reads a built page's running prose as Chromium lays it out and sums it with
 * src/lib/quality/prose-density.ts: `innerText` of each outermost paragraph and list item, so
 * text that is not rendered (a closed popover, a `hidden` element) does not count.
 */
import type { Browser } from 'playwright-core';
import {
  CITATION_TEXT,
  NOT_PROSE,
  PROSE_BLOCKS,
  proseDensity,
  type ProseBlock,
  type ProseDensity,
} from '../lib/quality/prose-density.ts';
import { VIEWPORTS } from './page-quality.ts';

/**
 * Opens `url` at the laptop viewport and measures its content's prose.
 * @param url - a page of a served build.
 */
export async function measureProse(browser: Browser, url: string): Promise<ProseDensity> {
  const page = await browser.newPage({ viewport: VIEWPORTS.desktop });
  try {
    await page.goto(url, { waitUntil: 'load' });
    const blocks = await page.evaluate(
      ({ blocks, notProse, citation }) => {
        const content = document.querySelector('main .sl-markdown-content');
        if (!content) return [];
        const out: { text: string; citationText: string[] }[] = [];
        for (const el of content.querySelectorAll<HTMLElement>(blocks)) {
          if (el.closest(notProse) || el.parentElement?.closest(blocks)) continue;
          const citationText = [...el.querySelectorAll<HTMLElement>(citation)]
            // A mark inside a marker is counted with the marker, not twice.
            .filter((c) => !c.parentElement?.closest(citation))
            .map((c) => c.innerText);
          out.push({ text: el.innerText, citationText });
        }
        return out;
      },
      { blocks: PROSE_BLOCKS, notProse: NOT_PROSE, citation: CITATION_TEXT },
    );
    return proseDensity(blocks as ProseBlock[]);
  } finally {
    await page.close();
  }
}
