/**
 * `<Value>` in the built site: the background chapter shows etcd's backend quota defaults as the
 * values the lock recorded, each linked to its entry in the page's sources list, which links the
 * lock entry's permalink, and the Evidence page lists
 * each value with the pattern that reads it.
 */
import { parse } from 'node-html-parser';
import { describe, expect, it } from 'vitest';
import { entryPermalink, readLock } from '../../src/lib/citations/lock.ts';
import { readPage, valuesCiting } from '../helpers/built-pages.ts';
import { DIST, DIST_BASE, ROOT } from '../helpers/paths.ts';

const lock = await readLock(ROOT);
const QUOTA = 'etcd-io/etcd@v3.7.0:server/storage/quota.go';
const quota = [
  { key: `${QUOTA}#L30`, shown: '2 GiB' },
  { key: `${QUOTA}#L33`, shown: '8 GiB' },
];

describe.each([DIST, DIST_BASE])('value citations in %s', (dist) => {
  it.each(quota)('background shows $shown linked to the lock permalink of $key', ({ key, shown }) => {
    const entry = lock.entries.get(key);
    expect(entry, `${key} is not in citations.lock.json`).toBeDefined();
    const [pattern, value] = Object.entries(entry!.values ?? {})[0] ?? [];
    expect(pattern, `${key} has no recorded value`).toBeDefined();
    expect(`${value} GiB`).toBe(shown);
    const main = parse(readPage(dist, 'background/')).querySelector('main')!;
    const links = valuesCiting(main, entryPermalink(entry!));
    expect(links).toHaveLength(1);
    const a = links[0]!;
    const state = a.closest('.cite')?.getAttribute('data-status');
    expect(state).toMatch(/^(verified|unverified)$/);
    // A value this build could not verify carries its state mark, and its name says the state in words.
    if (state === 'verified') {
      expect(a.text).toBe(shown);
      expect(a.getAttribute('aria-label')).toMatch(
        new RegExp(`^${shown}, source \\d+: quota\\.go line \\d+, verified$`),
      );
    } else {
      expect(a.text).toBe(`${shown}?`);
      expect(a.getAttribute('aria-label')).toMatch(/, not verified in this build$/);
    }
  });

  it('the Evidence page lists each value and its pattern beside the citation', () => {
    const rows = parse(readPage(dist, 'evidence/')).querySelectorAll('main tbody tr');
    for (const { key, shown } of quota) {
      const entry = lock.entries.get(key)!;
      const row = rows.find((r) => r.querySelector('td:nth-child(2) code')?.text === key);
      expect(row, `no Evidence row for ${key}`).toBeDefined();
      const cell = row!.querySelector('.evidence-value');
      expect(cell?.querySelector('strong')?.text).toBe(shown);
      expect(cell?.querySelector('code')?.text).toBe(`/${Object.keys(entry.values!)[0]}/`);
      expect(row!.querySelector('a')?.getAttribute('href')).toMatch(/\/background\/$/);
    }
  });
});
