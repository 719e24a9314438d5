/**
 * "Copy for a design doc" on every calculator: the calculator's own result document for the
 * inputs on screen, rendered as Markdown (src/lib/calculators/render-markdown.ts) with the inputs,
 * the verified links the build embedded, the live link that restores the inputs, and the guide
 * version. The answer is never read back from the result region: the copy renders what the page
 * renders, from the same document.
 */
import type { CalculatorElement } from '../calculators/client.ts';
import type { Outcome } from '../../lib/calculators/calc.ts';
import type { RefLinkData } from '../../lib/calculators/ref-link.ts';
import { designDocMarkdown } from '../../lib/calculators/render-markdown.ts';
import { calcWords } from '../../lib/calculators/calc-words.ts';
import { shownInputs } from './calc-inputs.ts';
import { announce, canonical, copyText, version } from './page.ts';

/** How long a copy waits for the calculator's code, which loads when the reader presses it (lazy.ts). */
const LOAD_WAIT_MS = 10_000;

function linksOf(body: Element): Record<string, RefLinkData> {
  const json = body.querySelector('script[data-source-links]')?.textContent;
  return json ? (JSON.parse(json) as Record<string, RefLinkData>) : {};
}

/** The calculator's outcome on screen, once its code has loaded; null if it never does. */
async function outcomeOf(body: HTMLElement): Promise<Outcome | null> {
  const tag = body.localName;
  if (!customElements.get(tag)) {
    const timeout = new Promise<false>((resolve) => setTimeout(() => resolve(false), LOAD_WAIT_MS));
    if (!(await Promise.race([customElements.whenDefined(tag).then(() => true), timeout]))) return null;
  }
  return (body as unknown as CalculatorElement).outcome;
}

function markdownOf(body: HTMLElement, out: Outcome & { doc: NonNullable<Outcome['doc']> }): string {
  const title = body.querySelector('.calc__title')?.textContent?.trim() ?? 'Calculator';
  const inputs = shownInputs(body)
    .filter((i) => !i.hidden)
    .map(({ label, value }) => ({ label, value }));
  const live = new URL(canonical);
  live.search = location.search;
  // Lands on the calculator itself, as its own Copy link does not; the title's id is the prefix's.
  const titleId = body.querySelector('.calc__title')?.id;
  if (titleId) live.hash = titleId;
  return designDocMarkdown(out.doc, { title, inputs, links: linksOf(body), liveUrl: live.href, version });
}

for (const button of document.querySelectorAll<HTMLButtonElement>('[data-copy-doc]')) button.dataset['ready'] = '';

document.addEventListener('click', async (event) => {
  const button = (event.target as Element | null)?.closest<HTMLButtonElement>('[data-copy-doc]');
  const body = button?.closest<HTMLElement>('[data-calc]');
  if (!button || !body) return;
  // In the language of the content the calculator sits in, as its result is.
  const words = calcWords(body.closest('[lang]')?.getAttribute('lang')).designDoc;
  const out = await outcomeOf(body);
  if (!out) {
    announce(words.notLoaded);
    return;
  }
  if (!out.doc) {
    announce(words.fixFirst);
    return;
  }
  let text: string;
  try {
    text = markdownOf(body, { ...out, doc: out.doc });
  } catch (error) {
    announce(words.failed((error as Error).message));
    return;
  }
  announce((await copyText(text)) ? words.copied : words.blocked);
});
