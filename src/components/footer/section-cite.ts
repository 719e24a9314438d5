/**
 * Makes the section-citation buttons (src/plugins/rehype-section-cite.ts) work: a click copies
 * `[Page — Section](URL#anchor) (guide …)` to the clipboard and says so, visibly and to screen
 * readers. The URL is the page's canonical one (SITE_URL and SITE_BASE included), not the address
 * the reader happens to use, so a citation from a mirror still points at the published guide.
 */
import { sectionCitation } from '../../lib/citation-text.ts';
import { announce, canonical, copyText, version } from './page.ts';

const page = document.querySelector('h1#_top')?.textContent?.trim() || document.title;

for (const button of document.querySelectorAll<HTMLButtonElement>('button.section-cite')) button.dataset['ready'] = '';

document.addEventListener('click', async (event) => {
  const button = (event.target as Element | null)?.closest<HTMLButtonElement>('button.section-cite');
  if (!button) return;
  const id = button.dataset['citeSection'] ?? '';
  const section = button.dataset['citeTitle'] ?? id;
  const url = new URL(canonical);
  url.hash = id;
  const text = sectionCitation({ page, section, url: url.href, version });
  // The page's language, as the build wrote it on the button (src/lib/i18n/ui-text.ts).
  const copied = button.dataset['copied'] ?? 'Copied a citation of “{section}”.';
  const blocked = button.dataset['blocked'] ?? 'Copying is blocked here. The citation: {citation}';
  announce(((await copyText(text)) ? copied : blocked).replace('{section}', section).replace('{citation}', text));
});
