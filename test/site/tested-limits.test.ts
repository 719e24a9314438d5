/**
 * The tested-limits chapter as built: its threshold table is the model's, row for row, and every
 * number the model takes from upstream is shown on the page as the value the lock pinned, linked to
 * the lock entry's permalink.
 */
import { parse } from 'node-html-parser';
import { describe, expect, it } from 'vitest';
import { entryPermalink, readLock } from '../../src/lib/citations/lock.ts';
import { fmtInt } from '../../src/lib/calculators/format.ts';
import { TESTED_LIMITS } from '../../src/lib/model/tested-limits.ts';
import { uiText } from '../../src/lib/i18n/ui-text.ts';
import { BOUND_DEFAULTS } from '../../src/lib/model/bound-defaults.ts';
import { readPage, valuesCiting } from '../helpers/built-pages.ts';
import { DIST, DIST_BASE, ROOT } from '../helpers/paths.ts';

const lock = await readLock(ROOT);

describe.each([DIST, DIST_BASE])('the tested-limits chapter in %s', (dist) => {
  const main = parse(readPage(dist, 'tested-limits/')).querySelector('main')!;

  it('renders one table row per modelled threshold, with its number, cell text and line', () => {
    const rows = main.querySelectorAll('table[data-table="tested-limits"] tbody tr');
    expect(rows).toHaveLength(TESTED_LIMITS.length);
    rows.forEach((tr, i) => {
      const l = TESTED_LIMITS[i]!;
      const cells = tr.querySelectorAll('td').map((td) => td.text.trim());
      expect(cells[0]).toBe(uiText('en').tables.limits.quantities[l.key]);
      if (l.key !== 'podsPerNode') expect(cells[2]).toContain(fmtInt(l.threshold));
      expect(cells[3]).toBe(l.upstream);
      expect(cells[4]).toBe(`L${l.line}`);
    });
  });

  it.each(
    BOUND_DEFAULTS.flatMap((b) =>
      'constant' in b && (b.constant.startsWith('TESTED_LIMITS.') || b.constant === 'PODS_PER_CORE')
        ? [[b.constant, b] as const]
        : [],
    ),
  )('%s: the page shows the pinned value, linked to its lines', (_key, s) => {
    const entry = lock.entries.get(s.ref);
    expect(entry, `${s.ref} is not in citations.lock.json`).toBeDefined();
    const value = entry!.values?.[s.pattern];
    expect(value, `${s.ref} has no value for ${s.pattern}`).toBeDefined();
    const shown = valuesCiting(main, entryPermalink(entry!)).map((a) => a.text);
    expect(shown.some((t) => t.startsWith(value!))).toBe(true);
  });
});
