/**
 * Opens a citation marker's popover (./Marker.astro) on hover, keyboard focus or tap, and places it
 * beside the marker in the top layer, so nothing in the page moves. The popover is drawn the first
 * time it opens, from the page's evidence data (src/lib/citations/popover-data.ts, written by
 * ./PageSources.astro), and put right after its marker, so Tab goes on into its links. Without this
 * script the marker is a plain link to the page's sources list, which holds the same evidence.
 *
 * - Mouse: the popover opens after a short hover and closes when the pointer has left both the
 *   marker and the popover; a click follows the link to the sources list.
 * - Keyboard: focus opens it, Tab goes on into its links, Escape closes it and returns to the marker.
 * - Touch and pen: a tap opens or closes it instead of following the link; a tap elsewhere closes it.
 * - Copying the short commit copies the full one.
 */
import type { PopoverWords } from '../../lib/i18n/ui-text.ts';
import type { PopoverEntry } from '../../lib/citations/popover-entry.ts';

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

/**
 * The page's entries by source number, fetched once from the address its sources list gives
 * (./PageSources.astro); empty, with a console warning, when they cannot be had (the page saved
 * without them, or opened from disk): the markers then stay plain links to the sources list.
 */
let entries: Promise<Map<number, PopoverEntry>> | undefined;
function load(): Promise<Map<number, PopoverEntry>> {
  entries ??= (async () => {
    const url = document.querySelector<HTMLElement>('.page-sources[data-popovers]')?.dataset['popovers'];
    if (!url) return new Map();
    try {
      const r = await fetch(url);
      if (!r.ok) throw new Error(`HTTP ${r.status}`);
      return new Map(((await r.json()) as PopoverEntry[]).map((e) => [e.n, e]));
    } catch (e) {
      console.warn(
        `Citation popovers: ${url} could not be read (${(e as Error).message}); the markers link to the sources list.`,
      );
      return new Map();
    }
  })();
  return entries;
}

function el(tag: string, className: string, ...children: (Node | string)[]): HTMLElement {
  const e = document.createElement(tag);
  if (className) e.className = className;
  e.append(...children);
  return e;
}

/**
 * The popover's words in the page's language, which the sources list carries beside the address
 * of its entries (./PageSources.astro): there are entries to draw only where it is.
 */
function wordsOf(): PopoverWords {
  const json = document.querySelector<HTMLElement>('.page-sources[data-popover-words]')?.dataset['popoverWords'];
  if (!json) throw new Error('Citation popovers: the sources list carries no data-popover-words.');
  return JSON.parse(json) as PopoverWords;
}

/** One source, as ./PageSources.astro's list gives it plus the state's meaning and the first lines. */
function drawSource(e: PopoverEntry): HTMLElement {
  const w = wordsOf();
  const meta = el('span', 'cite-pop__meta');
  if (e.ref) meta.append(w.at, el('code', '', e.ref), w.commitAfterRef);
  else meta.append(w.atCommit);
  if (e.commit) {
    const commit = el('code', 'cite-pop__commit', e.commit.slice(0, 7));
    commit.dataset['commit'] = e.commit;
    commit.title = e.commit;
    meta.append(commit);
  } else meta.append(w.notPinned);
  meta.append(`${e.readRepo ? w.readFrom.replace('{repo}', e.readRepo) : ''}. ${e.note}`);
  const permalink = el('a', '', w.permalink) as HTMLAnchorElement;
  permalink.href = e.permalink;
  const list = el('a', '', w.sourcesList) as HTMLAnchorElement;
  list.href = `#source-${e.n}`;
  const source = el(
    'span',
    'cite-pop__source',
    el(
      'span',
      'cite-pop__where',
      el('span', 'cite-pop__n', `[${e.n}]`),
      ` ${e.repo} `,
      el('code', '', e.path),
      ` ${e.lines}`,
    ),
    meta,
    ...(e.code.length > 0 ? [el('span', 'cite-pop__code', e.code.join('\n'))] : []),
    el('span', 'cite-pop__links', permalink, ' · ', list),
  );
  source.dataset['status'] = e.status;
  return source;
}

/** The marker's popover: drawn and put after the marker the first time, found by its id after. */
async function popOf(marker: HTMLAnchorElement): Promise<HTMLElement | null> {
  const id = marker.dataset['pop'] ?? '';
  const drawn = document.getElementById(id);
  if (drawn) return drawn;
  const byNumber = await load();
  const sources = (marker.dataset['sources'] ?? '').split(',').map((n) => byNumber.get(Number(n)));
  if (sources.length === 0 || sources.some((s) => !s)) return null;
  // Another call may have drawn it while this one waited.
  const pop = document.getElementById(id) ?? el('span', 'cite-pop', ...sources.map((s) => drawSource(s!)));
  if (!pop.id) {
    pop.id = id;
    pop.setAttribute('popover', 'manual');
    marker.after(pop);
  }
  return pop;
}
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
  wanted = undefined;
  if (!shown) return;
  if (shown.pop.matches(':popover-open')) shown.pop.hidePopover();
  shown.marker.setAttribute('aria-expanded', 'false');
  shown = undefined;
}

/** The marker whose popover is to open once its data is here; a close or another marker cancels it. */
let wanted: HTMLAnchorElement | undefined;

/**
 * Opens the marker's popover; resolves false when it has none to show (its data could not be
 * had), so that a tap can follow the link instead.
 */
async function show(marker: HTMLAnchorElement): Promise<boolean> {
  clearTimeout(timer);
  if (shown?.marker === marker) return true;
  wanted = marker;
  const pop = await popOf(marker);
  if (wanted !== marker) return true;
  wanted = undefined;
  if (!pop || typeof pop.showPopover !== 'function') return false;
  close();
  pop.showPopover();
  shown = { marker, pop };
  place(shown);
  marker.setAttribute('aria-expanded', 'true');
  return true;
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
  if (marker) {
    void load();
    later(() => void show(marker), OPEN_MS);
  } else if (shown && inside(shown, e.target)) clearTimeout(timer);
});
document.addEventListener('pointerout', (e) => {
  if (e.pointerType !== 'mouse') return;
  if (!shown) {
    // Left the marker before its popover opened.
    if (markerOf(e.target) && markerOf(e.target) !== markerOf(e.relatedTarget)) close();
    return;
  }
  if (inside(shown, e.relatedTarget)) return;
  if (inside(shown, e.target)) later(close, CLOSE_MS);
  else if (markerOf(e.target)) clearTimeout(timer);
});
document.addEventListener('focusin', (e) => {
  const marker = markerOf(e.target);
  // Only keyboard focus opens it: a click or a tap focuses the link too, and is handled as a click.
  if (marker && !returning && marker.matches(':focus-visible')) void show(marker);
});
document.addEventListener('focusout', (e) => {
  if (shown ? !inside(shown, e.relatedTarget) : wanted && !wanted.contains(e.relatedTarget as Node | null))
    later(close, 0);
});
document.addEventListener('click', (e) => {
  const marker = markerOf(e.target);
  if (!marker) return;
  if (lastPointer === 'touch' || lastPointer === 'pen') {
    e.preventDefault();
    if (shown?.marker === marker) close();
    // Without its data the tap does what a link does.
    else void show(marker).then((opened) => opened || location.assign(marker.href));
  } else {
    close();
  }
});
document.addEventListener('keydown', (e) => {
  if (e.key !== 'Escape') return;
  if (!shown) return close();
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
