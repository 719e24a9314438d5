/**
 * Makes the section-citation buttons (src/plugins/rehype-section-cite.ts) work: a click copies
 * `[Page — Section](URL#anchor) (guide …)` to the clipboard and says so, visibly and to screen
 * readers. The URL is the page's canonical one (SITE_URL and SITE_BASE included), not the address
 * the reader happens to use, so a citation from a mirror still points at the published guide.
 */
import { sectionCitation } from '../../lib/citation-text.ts';

const status = document.querySelector<HTMLElement>('[data-guide-status]');
const version = document.querySelector<HTMLElement>('[data-guide-version]')?.dataset['guideVersion'] ?? '';
const canonical =
  document.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href ?? location.href.split('#')[0]!;
const page = document.querySelector('h1#_top')?.textContent?.trim() || document.title;

let hide: ReturnType<typeof setTimeout> | undefined;
/** Shows a message for a few seconds; the region is `role="status"`, so it is also announced. */
export function announce(message: string): void {
  if (!status) return;
  status.textContent = message;
  status.hidden = false;
  clearTimeout(hide);
  hide = setTimeout(() => (status.hidden = true), 4000);
}

/**
 * Copies text, falling back to a selected textarea where the Clipboard API is missing (a mirror
 * served over plain http is not a secure context).
 * @returns whether the text reached the clipboard.
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.append(area);
    area.select();
    const ok = document.execCommand('copy');
    area.remove();
    return ok;
  }
}

for (const button of document.querySelectorAll<HTMLButtonElement>('button.section-cite')) button.dataset['ready'] = '';

document.addEventListener('click', async (event) => {
  const button = (event.target as Element | null)?.closest<HTMLButtonElement>('button.section-cite');
  if (!button) return;
  const id = button.dataset['citeSection'] ?? '';
  const section = button.dataset['citeTitle'] ?? id;
  const url = new URL(canonical);
  url.hash = id;
  const text = sectionCitation({ page, section, url: url.href, version });
  announce(
    (await copyText(text)) ? `Copied a citation of “${section}”.` : `Copying is blocked here. The citation: ${text}`,
  );
});
