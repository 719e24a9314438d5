/**
 * Just before the browser prints: every link in the article gets its absolute URL for print.css
 * to show, and the sheets' margin rules get today's date as the print date.
 */
function preparePrint(): void {
  for (const a of document.querySelectorAll<HTMLAnchorElement>('.sl-markdown-content a[href]')) {
    if (!a.getAttribute('href')?.startsWith('#')) a.dataset['printHref'] = a.href;
  }
  const rules = document.querySelector<HTMLStyleElement>('style[data-print-rules]');
  const template = rules?.dataset['template'];
  if (rules && template) rules.textContent = template.replace('__PRINT_DATE__', new Date().toISOString().slice(0, 10));
}

addEventListener('beforeprint', preparePrint);
