/**
 * The one small script a page with calculators loads at once. Each calculator's real code
 * (model, parsers, result text) is fetched only when the calculator comes near the viewport,
 * is focused or pressed, or the URL already carries its state, so a chapter loads little
 * JavaScript with the page.
 */

/** Client modules by calculator id (the `data-calc` attribute); each defines its custom element. */
export type CalculatorLoaders = Readonly<Record<string, () => Promise<unknown>>>;

/** How far ahead of the viewport a calculator starts loading. */
const AHEAD = '600px 0px';

/**
 * Arranges for every calculator on the page (`[data-calc]`) to load its client module when needed.
 * A calculator whose URL parameters (prefix in `data-url-prefix`, e.g. "q.") are in the query
 * loads at once. If its module cannot be fetched, the calculator's notice says so: the result
 * rendered at build time stays, but it no longer updates.
 *
 * @param loaders - dynamic imports by calculator id; ids without a loader are left static.
 */
export function loadCalculatorsWhenNeeded(loaders: CalculatorLoaders): void {
  const keys = [...new URLSearchParams(location.search).keys()];
  const starts = new Map<Element, () => void>();
  const io =
    'IntersectionObserver' in window
      ? new IntersectionObserver((entries) => entries.forEach((e) => e.isIntersecting && starts.get(e.target)?.()), {
          rootMargin: AHEAD,
        })
      : null;
  for (const el of document.querySelectorAll<HTMLElement>('[data-calc]')) {
    const load = loaders[el.dataset['calc'] ?? ''];
    if (!load) continue;
    let started = false;
    const start = (): void => {
      if (started) return;
      started = true;
      io?.unobserve(el);
      load().catch(() => showLoadFailure(el));
    };
    const prefix = el.dataset['urlPrefix'];
    if (!io || (prefix && keys.some((k) => k.startsWith(prefix)))) {
      start();
      continue;
    }
    starts.set(el, start);
    io.observe(el);
    el.addEventListener('focusin', start);
    el.addEventListener('pointerdown', start);
  }
}

function showLoadFailure(el: HTMLElement): void {
  const notice = el.querySelector<HTMLElement>('[data-notice]');
  if (!notice) return;
  notice.textContent =
    'Could not load this calculator (network error): the result shows the defaults and will not update. Reload to retry.';
  notice.hidden = false;
}
