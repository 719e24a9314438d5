/**
 * Tiny loader that each calculator ships eagerly: the calculator's real code (model, d3, lint)
 * is fetched only when the calculator comes near the viewport, is focused or pressed, or the
 * URL already carries its state. Keeps the JavaScript loaded with a chapter small.
 */

/**
 * @param tag - the calculator's custom element name.
 * @param prefix - its URL parameter prefix (e.g. "q."): present in the query → load at once.
 * @param load - dynamic import of the calculator's client module (which defines the element).
 */
export function loadWhenNeeded(tag: string, prefix: string, load: () => Promise<unknown>): void {
  const els = document.querySelectorAll(tag);
  if (els.length === 0) return;
  let io: IntersectionObserver | null = null;
  let started = false;
  const go = (): void => {
    if (started) return;
    started = true;
    io?.disconnect();
    void load();
  };
  for (const key of new URLSearchParams(location.search).keys()) if (key.startsWith(prefix)) return go();
  if (!('IntersectionObserver' in window)) return go();
  io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && go(), { rootMargin: '600px 0px' });
  for (const el of els) {
    io.observe(el);
    el.addEventListener('focusin', go);
    el.addEventListener('pointerdown', go);
  }
}
