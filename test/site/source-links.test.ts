/**
 * Every link the built site makes into a source repository is a lock entry's permalink, and every
 * citation ref a script carries is pinned in the lock: no page, table or calculator can show an
 * unpinned upstream line.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'node-html-parser';
import { describe, expect, it } from 'vitest';
import {
  allowedSourceLinks,
  auditPageLinks,
  auditScriptLinks,
  citationRefsIn,
  sourceUrlOf,
} from '../../src/lib/citations/link-audit.ts';
import { readLock } from '../../src/lib/citations/lock.ts';
import { builtRoutes, readPage } from '../helpers/built-pages.ts';
import { DIST, DIST_BASE, ROOT } from '../helpers/paths.ts';

const lock = await readLock(ROOT);
const allowed = allowedSourceLinks(lock);

describe.each([DIST, DIST_BASE])('source links in %s', (dist) => {
  it('every link to upstream files is a lock permalink, and links to unpinned lines say they are not verified', () => {
    let links = 0;
    const seen = new Set<string>();
    for (const route of builtRoutes(dist)) {
      const html = readPage(dist, route);
      const root = parse(html);
      // Links anywhere in the markup, including the JSON a calculator embeds for the browser.
      expect([...auditPageLinks(html, allowed), ...auditScriptLinks(html, allowed)], `/${route}`).toEqual([]);
      for (const a of root.querySelectorAll('a[href]')) {
        const href = a.getAttribute('href')!;
        if (sourceUrlOf(href) === null) continue;
        const entry = allowed.get(href)!;
        links++;
        seen.add(entry.key);
        // The state is on the link (calculators, <Cite>) or on its excerpt or Evidence row.
        const state = a.closest('[data-status]')?.getAttribute('data-status');
        if (entry.status === 'pinned') expect(state, `/${route}: ${href}`).toMatch(/^(verified|unverified)$/);
        else expect(state, `/${route}: ${href} is ${entry.status} but shown as ${state}`).toBe(entry.status);
      }
    }
    expect(links).toBeGreaterThan(50);
    // The Evidence page lists every entry, so every pinned or pending line is reachable from the site.
    expect([...seen].sort()).toEqual([...lock.entries.keys()].sort());
  });

  it('scripts carry only citation refs the lock pins, and no link to upstream files', () => {
    const scripts = readdirSync(join(dist, '_astro')).filter((f) => f.endsWith('.js'));
    let refs = 0;
    for (const f of scripts) {
      const js = readFileSync(join(dist, '_astro', f), 'utf8');
      // Calculators read their links from the page; a script never holds one, not even a permalink.
      expect(auditScriptLinks(js, new Set()), `${f} builds its own links to upstream files`).toEqual([]);
      for (const ref of citationRefsIn(js)) {
        refs++;
        expect(lock.entries.has(ref), `${f} carries ${ref}, which citations.lock.json does not pin`).toBe(true);
      }
    }
    // The read-path explorer and the overrides tool ship their refs.
    expect(refs).toBeGreaterThan(20);
  });
});
