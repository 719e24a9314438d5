/**
 * Just before the browser prints: the article's links become numbered notes, listed with their
 * full URLs after the article; citations keep their markers, whose notes are the page's sources
 * list with each permalink written out (src/styles/print.css); each
 * calculator's print table gets the inputs it holds now; the sheets' margin rules get today's date.
 * Links to the guide's own pages are listed at their published address (the canonical URL), not
 * at whatever host serves this copy.
 */
import { shownInputs } from './calc-inputs.ts';
import { canonical } from './page.ts';

/** Where the links are the citations' own notes, not text to number. */
const CITATION_NOTES = '.page-sources, .cite-pop';

function numberLinks(): void {
  const article = document.querySelector('.sl-markdown-content');
  if (!article) return;
  const numbers = new Map<string, number>();
  for (const a of article.querySelectorAll<HTMLAnchorElement>('a[href]')) {
    const href = a.getAttribute('href')!;
    // Citations already have their notes: the markers point into the page's sources list, which
    // prints each permalink in full (print.css); a closed popover is not printed.
    if (href.startsWith('#') || a.closest(CITATION_NOTES)) continue;
    const url = new URL(href, canonical).href;
    if (!numbers.has(url)) numbers.set(url, numbers.size + 1);
    a.dataset['printNote'] = String(numbers.get(url));
  }
  document.querySelector('.print-links')?.remove();
  if (numbers.size === 0) return;
  const list = document.createElement('section');
  list.className = 'print-links';
  const title = document.createElement('p');
  // The page's language, as the footer renders it (src/lib/i18n/ui-text.ts).
  title.textContent = document.querySelector<HTMLElement>('[data-print-links]')?.dataset['printLinks'] ?? 'Links';
  const ol = document.createElement('ol');
  for (const url of numbers.keys()) {
    const li = document.createElement('li');
    li.textContent = url;
    ol.append(li);
  }
  list.append(title, ol);
  article.after(list);
}

function preparePrint(): void {
  numberLinks();
  for (const body of document.querySelectorAll('[data-calc]')) {
    for (const input of shownInputs(body)) {
      const row = body.querySelector<HTMLTableRowElement>(`[data-print-field="${CSS.escape(input.key)}"]`);
      if (!row) continue;
      row.hidden = input.hidden;
      const cell = row.querySelector('td');
      if (cell) cell.textContent = input.value;
    }
  }
  const rules = document.querySelector<HTMLStyleElement>('style[data-print-rules]');
  const template = rules?.dataset['template'];
  if (rules && template) rules.textContent = template.replace('__PRINT_DATE__', new Date().toISOString().slice(0, 10));
}

addEventListener('beforeprint', preparePrint);
