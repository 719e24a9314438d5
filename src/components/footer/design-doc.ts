/**
 * "Copy for a design doc" on every calculator: its current inputs, results, the rule it applied,
 * the upstream lines it cites (commit permalinks with their verification state, from the links
 * the build embedded), the live link that restores the inputs, and the guide version, as one
 * Markdown block (src/lib/citation-text.ts).
 */
import { designDocBlock, type SourceRow } from '../../lib/citation-text.ts';
import { shownInputs } from './calc-inputs.ts';
import { announce, canonical, copyText, version } from './page.ts';

/** `owner/repo@tag:dir/file.go#L10-L20` → `file.go L10–20 @ tag`. */
function sourceLabel(ref: string): string {
  const m = /^[^@]+@([^:]+):(?:.*\/)?([^/#]+)#L(\d+)(?:-L(\d+))?$/.exec(ref);
  if (!m) return ref;
  const [, tag, file, start, end] = m;
  return `${file} L${start}${end && end !== start ? `–${end}` : ''} @ ${tag}`;
}

function sourcesOf(body: Element): SourceRow[] {
  const json = body.querySelector('script[data-source-links]')?.textContent;
  if (!json) return [];
  const links = JSON.parse(json) as Record<string, { href: string; status: string; note?: string }>;
  return Object.entries(links)
    .map(([ref, l]) => ({ label: sourceLabel(ref), url: l.href, state: l.note ?? l.status }))
    .sort((a, b) => (a.label < b.label ? -1 : 1));
}

function blockOf(body: HTMLElement): string {
  const title = body.querySelector('.calc__title')?.textContent?.trim() ?? 'Calculator';
  const inputs = shownInputs(body)
    .filter((i) => !i.hidden)
    .map(({ label, value }) => ({ label, value }));
  const results = [...body.querySelectorAll('.calc__result dl.calc__facts > div')].map((row) => ({
    label: row.querySelector('dt')?.textContent?.trim() ?? '',
    value: row.querySelector('dd')?.textContent?.trim() ?? '',
  }));
  const rule = [...body.querySelectorAll('.calc__result .calc__lead, .calc__result .calc__note')]
    .map((p) => p.textContent?.trim())
    .join(' ');
  const live = new URL(canonical);
  live.search = location.search;
  // Lands on the calculator itself, as its own Copy link does not; the title's id is the prefix's.
  const titleId = body.querySelector('.calc__title')?.id;
  if (titleId) live.hash = titleId;
  return designDocBlock({
    title,
    inputs,
    results,
    rule: rule || title,
    sources: sourcesOf(body),
    liveUrl: live.href,
    version,
  });
}

for (const button of document.querySelectorAll<HTMLButtonElement>('[data-copy-doc]')) button.dataset['ready'] = '';

document.addEventListener('click', async (event) => {
  const button = (event.target as Element | null)?.closest<HTMLButtonElement>('[data-copy-doc]');
  const body = button?.closest<HTMLElement>('[data-calc]');
  if (!button || !body) return;
  if ([...body.querySelectorAll('.calc__error')].some((e) => e.textContent?.trim())) {
    announce('Fix the inputs marked as invalid first: the block would not match what the calculator shows.');
    return;
  }
  let text: string;
  try {
    text = blockOf(body);
  } catch (error) {
    announce(`Could not build the block: ${(error as Error).message}`);
    return;
  }
  announce(
    (await copyText(text))
      ? 'Copied the calculator’s inputs, results and sources as Markdown.'
      : 'Copying is blocked here; select the calculator’s table and copy it by hand.',
  );
});
