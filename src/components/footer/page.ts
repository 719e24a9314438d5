/**
 * What the footer's scripts share: the page's published URL, the guide version that copied text
 * ends with, a status message that is shown and announced, and copying to the clipboard.
 */
const status = document.querySelector<HTMLElement>('[data-guide-status]');
/** What every copied citation ends with (the footer's data-guide-version). */
export const version = document.querySelector<HTMLElement>('[data-guide-version]')?.dataset['guideVersion'] ?? '';
/** The page's published URL (SITE_URL and SITE_BASE included), without query or fragment. */
export const canonical =
  document.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href ?? location.href.split(/[?#]/)[0]!;

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
