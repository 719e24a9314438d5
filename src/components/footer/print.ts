/**
 * Just before the browser prints: every link in the article gets its absolute URL for print.css
 * to show, each calculator's print table gets the inputs it holds now, and the sheets' margin
 * rules get today's date as the print date.
 */
import { shownInputs } from './calc-inputs.ts';

function preparePrint(): void {
  for (const a of document.querySelectorAll<HTMLAnchorElement>('.sl-markdown-content a[href]')) {
    if (!a.getAttribute('href')?.startsWith('#')) a.dataset['printHref'] = a.href;
  }
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
