/**
 * Opens a citation marker's popover (./Marker.astro) on hover, keyboard focus or tap, and places it
 * beside the marker in the top layer, so nothing in the page moves. Without this script the marker
 * is a plain link to the page's sources list, which holds the same evidence.
 *
 * - Mouse: the popover opens after a short hover and closes when the pointer has left both the
 *   marker and the popover; a click follows the link to the sources list.
 * - Keyboard: focus opens it, Tab goes on into its links, Escape closes it and returns to the marker.
 * - Touch and pen: a tap opens or closes it instead of following the link; a tap elsewhere closes it.
 * - Copying the short commit copies the full one.
 */
const OPEN_MS = 150;
const CLOSE_MS = 300;
/** Gap between marker and popover, and the least margin to the viewport's edges, in CSS pixels. */
const GAP = 6;
const EDGE = 8;

interface Shown {
  marker: HTMLAnchorElement;
  pop: HTMLElement;
}
let shown: Shown | undefined;
let timer: ReturnType<typeof setTimeout> | undefined;
let lastPointer = 'mouse';
/** Set while Escape hands focus back to the marker, which must not reopen the popover. */
let returning = false;

const markerOf = (t: EventTarget | null): HTMLAnchorElement | null =>
  t instanceof Element ? t.closest<HTMLAnchorElement>('a[data-pop]') : null;
const popOf = (marker: HTMLAnchorElement): HTMLElement | null => document.getElementById(marker.dataset['pop'] ?? '');
const inside = (o: Shown, t: EventTarget | null): boolean =>
  t instanceof Node && (o.marker.contains(t) || o.pop.contains(t));

/** Below the marker, or above it when there is no room below; never past the viewport's edges. */
function place({ marker, pop }: Shown): void {
  const r = marker.getBoundingClientRect();
  const width = document.documentElement.clientWidth;
  const left = Math.max(EDGE, Math.min(r.left + r.width / 2 - pop.offsetWidth / 2, width - pop.offsetWidth - EDGE));
  const below = r.bottom + GAP;
  const above = r.top - GAP - pop.offsetHeight;
  const top = below + pop.offsetHeight > innerHeight - EDGE && above >= EDGE ? above : below;
  pop.style.left = `${left}px`;
  pop.style.top = `${top}px`;
}

function close(): void {
  clearTimeout(timer);
  if (!shown) return;
  if (shown.pop.matches(':popover-open')) shown.pop.hidePopover();
  shown.marker.setAttribute('aria-expanded', 'false');
  shown = undefined;
}

function show(marker: HTMLAnchorElement): void {
  clearTimeout(timer);
  if (shown?.marker === marker) return;
  close();
  const pop = popOf(marker);
  if (!pop || typeof pop.showPopover !== 'function') return;
  pop.showPopover();
  shown = { marker, pop };
  place(shown);
  marker.setAttribute('aria-expanded', 'true');
}

const later = (fn: () => void, ms: number): void => {
  clearTimeout(timer);
  timer = setTimeout(fn, ms);
};

document.addEventListener('pointerdown', (e) => {
  lastPointer = e.pointerType;
  if (shown && !inside(shown, e.target)) close();
});
document.addEventListener('pointerover', (e) => {
  if (e.pointerType !== 'mouse') return;
  const marker = markerOf(e.target);
  if (marker) later(() => show(marker), OPEN_MS);
  else if (shown && inside(shown, e.target)) clearTimeout(timer);
});
document.addEventListener('pointerout', (e) => {
  if (e.pointerType !== 'mouse' || !shown || inside(shown, e.relatedTarget)) return;
  if (inside(shown, e.target)) later(close, CLOSE_MS);
  else if (markerOf(e.target)) clearTimeout(timer);
});
document.addEventListener('focusin', (e) => {
  const marker = markerOf(e.target);
  // Only keyboard focus opens it: a click or a tap focuses the link too, and is handled as a click.
  if (marker && !returning && marker.matches(':focus-visible')) show(marker);
});
document.addEventListener('focusout', (e) => {
  if (shown && !inside(shown, e.relatedTarget)) later(close, 0);
});
document.addEventListener('click', (e) => {
  const marker = markerOf(e.target);
  if (!marker) return;
  if (lastPointer === 'touch' || lastPointer === 'pen') {
    e.preventDefault();
    if (shown?.marker === marker) close();
    else show(marker);
  } else {
    close();
  }
});
document.addEventListener('keydown', (e) => {
  if (e.key !== 'Escape' || !shown) return;
  const { marker, pop } = shown;
  const focusWasInside = pop.contains(document.activeElement);
  close();
  if (focusWasInside) {
    returning = true;
    marker.focus({ preventScroll: true });
    returning = false;
  }
});
const follow = (): void => {
  if (shown) place(shown);
};
addEventListener('scroll', follow, { passive: true });
addEventListener('resize', follow, { passive: true });
document.addEventListener('copy', (e) => {
  const selection = getSelection();
  const node = selection?.anchorNode;
  const commit = (node instanceof Element ? node : node?.parentElement)?.closest<HTMLElement>('[data-commit]');
  if (!commit || !selection || !commit.contains(selection.focusNode)) return;
  e.clipboardData?.setData('text/plain', commit.dataset['commit'] ?? '');
  e.preventDefault();
});
