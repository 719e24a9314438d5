/**
 * Citations as the built pages show them: a marker in the sentence (a number, or a `<Value>`'s
 * value) with an accessible name that says source, file, lines and state; its popover with the
 * whole evidence; the page's numbered sources list, which the markers link to and which links back;
 * the same list on paper and in the wiki export. In Chromium: the accessibility tree names the
 * markers, hover, keyboard focus and tap open the popover without moving the page, and without
 * JavaScript a marker still leads to its source.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse, type HTMLElement } from 'node-html-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allowedSourceLinks } from '../../src/lib/citations/link-audit.ts';
import { comparable } from '../../src/lib/wiki-export/page-text.ts';
import { exportFileOf } from '../../src/lib/wiki-export/routes.ts';
import { chromiumPathForTests } from '../helpers/browser.ts';
import { useBrowserAndSite } from '../helpers/browser-site.ts';
import { builtRoutes, readPage } from '../helpers/built-pages.ts';
import { DIST, DIST_BASE, ROOT, TEST_BASE } from '../helpers/paths.ts';
import { readLock } from '../../src/lib/citations/lock.ts';
import { popoverData } from '../helpers/popover-data.ts';

const allowed = allowedSourceLinks(await readLock(ROOT));
/** What a marker's accessible name says of each source: file, lines, state. */
const SOURCE_SAID =
  /^[^\s:;]+ (line \d+|lines \d+ to \d+), (verified|provisional, checked at v[\w.-]+|pending, not pinned to a commit yet|not verified in this build|failed verification)$/;
/** The same in Japanese, on a translated page (src/lib/i18n/ui-text.ts). */
const SOURCE_SAID_JA =
  /^[^\s:;]+ (\d+ 行目|\d+ 行目から \d+ 行目), (検証済み|暫定：v[\w.-]+ で確認|保留中：まだコミットに固定されていません|このビルドでは未検証|検証に失敗)$/;
const PAGES_SHOWN = ['etcd-timeouts/', 'apiserver-capacity/'];
/** A phone's screen and touch, for the tap tests. */
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };

interface Seen {
  route: string;
  main: HTMLElement;
  markers: HTMLElement[];
  list: Map<string, HTMLElement>;
}

function read(dist: string, route: string): Seen {
  const main = parse(readPage(dist, route)).querySelector('main')!;
  const list = new Map(main.querySelectorAll('.page-sources li').map((li) => [li.id, li]));
  return { route, main, markers: main.querySelectorAll('a.cite-link'), list };
}

describe.each([DIST, DIST_BASE])('citation markers in %s', (dist) => {
  const pages = builtRoutes(dist, { fallbacks: false }).map((r) => read(dist, r));
  const chapters = pages.filter((p) => p.markers.length > 0);

  it('has markers on the chapters, and a sources list wherever there is a marker', () => {
    expect(chapters.length).toBeGreaterThan(10);
    for (const p of chapters) expect(p.list.size, `/${p.route}`).toBeGreaterThan(0);
  });

  it('names every marker by its number, file, lines and state, and shows the numbers it names', () => {
    for (const { route, main, markers } of chapters) {
      const ja = main.getAttribute('lang') === 'ja';
      for (const a of markers) {
        const name = a.getAttribute('aria-label') ?? '';
        const numbers = (a.getAttribute('data-sources') ?? '').split(',');
        const value = a.classList.contains('cite-value') ? `${a.childNodes[0]?.text}, ` : '';
        const which = ja
          ? `出典 ${numbers.join('、')}`
          : `${numbers.length > 1 ? 'sources' : 'source'} ${numbers.join(', ')}`;
        expect(name.startsWith(`${value}${which}: `), `/${route}: ${name}`).toBe(true);
        const said = name.slice(name.indexOf(': ') + 2).split('; ');
        expect(said, `/${route}: ${name}`).toHaveLength(numbers.length);
        for (const s of said) expect(s, `/${route}: ${name}`).toMatch(ja ? SOURCE_SAID_JA : SOURCE_SAID);
        if (!value)
          expect(a.text, `/${route}`).toMatch(new RegExp(`^\\[${numbers.map((n) => `${n}[*?]?`).join(', ')}\\]$`));
      }
    }
  });

  it('links every marker to its sources list entry, and every entry back to the places that cite it', () => {
    for (const { route, main, markers, list } of chapters) {
      for (const a of markers) {
        for (const n of (a.getAttribute('data-sources') ?? '').split(','))
          expect(list.has(`source-${n}`), `/${route}: source ${n}`).toBe(true);
        expect(a.getAttribute('href')).toBe(`#source-${a.getAttribute('data-sources')!.split(',')[0]}`);
      }
      const ids = new Set(main.querySelectorAll('[id]').map((el) => el.id));
      for (const back of main.querySelectorAll('.page-sources__back a')) {
        expect(ids.has(back.getAttribute('href')!.slice(1)), `/${route}: ${back.getAttribute('href')}`).toBe(true);
      }
      // The list is numbered 1…N without gaps.
      expect([...list.keys()], `/${route}`).toEqual([...list.keys()].map((_, i) => `source-${i + 1}`));
    }
  });

  it('gives each marker popover data with, for each source, its permalink (the list’s), commit and state', () => {
    for (const { route, main, markers, list } of chapters) {
      // The popovers are not in the page: one JSON file per page holds what they show, drawn on demand.
      expect(main.querySelectorAll('.cite-pop'), `/${route}`).toHaveLength(0);
      const base = dist === DIST_BASE ? TEST_BASE : '';
      expect(main.querySelector('.page-sources')?.getAttribute('data-popovers')).toBe(
        `${base}/popovers/${route.slice(0, -1) || 'index'}.json`,
      );
      const entries = popoverData(dist, main);
      expect(
        entries.map((e) => e.n),
        `/${route}`,
      ).toEqual([...list.keys()].map((_, i) => i + 1));
      for (const a of markers) {
        expect(a.getAttribute('data-pop'), `/${route}`).toMatch(/^cite-pop-\d+$/);
        for (const n of a.getAttribute('data-sources')!.split(',').map(Number)) {
          const e = entries[n - 1]!;
          const entry = list.get(`source-${n}`)!;
          expect(e.permalink).toBe(entry.querySelector('a.page-sources__permalink')?.getAttribute('href'));
          expect(allowed.has(e.permalink), `/${route}: ${e.permalink} is not a lock permalink`).toBe(true);
          expect(e.status).toBe(entry.getAttribute('data-status'));
          expect(e.lines).toBe(entry.querySelector('a.page-sources__permalink')?.text);
          if (e.commit) expect(e.permalink).toContain(e.commit);
          if (e.status === 'verified') expect(e.code.length, `/${route}: source ${n}`).toBeGreaterThan(0);
          // In the page's language (src/lib/i18n/ui-text.ts).
          expect(e.note).toMatch(
            main.getAttribute('lang') === 'ja'
              ? /^(このビルドで検証済み|暫定：|保留中：|このビルドでは固定したソースを読めなかった|この引用は検証に失敗)/
              : /^(Verified in this build|Provisional: |Pending: |This build could not read|This citation failed)/,
          );
        }
      }
    }
  });
});

const executablePath = chromiumPathForTests();

describe.skipIf(!executablePath)('citation markers in Chromium', () => {
  const ctx = useBrowserAndSite(executablePath, DIST);

  it.each(PAGES_SHOWN)('/%s: the accessibility tree names each marker as its label says', async (route) => {
    const page = await ctx.browser.newPage();
    try {
      await page.goto(ctx.site.url + route);
      const labels = await page
        .locator('main a.cite-link')
        .evaluateAll((as) => as.slice(0, 8).map((a) => a.getAttribute('aria-label')!));
      expect(labels.length).toBe(8);
      for (const label of labels)
        expect(await page.getByRole('link', { name: label, exact: true }).count(), label).toBeGreaterThan(0);
      // A closed popover is not in the tree, nor in the text a reader sees.
      expect(await page.locator('.cite-pop').first().isVisible()).toBe(false);
    } finally {
      await page.close();
    }
  });

  it.each(PAGES_SHOWN)(
    '/%s: hover and keyboard focus open the popover beside the marker, and nothing moves',
    async (route) => {
      const page = await ctx.browser.newPage({ viewport: { width: 1280, height: 900 } });
      try {
        await page.goto(ctx.site.url + route);
        await page.evaluate(() => {
          (window as unknown as { shifts: number }).shifts = 0;
          new PerformanceObserver((l) => {
            // As CLS counts them: a shift right after the reader's own input (a key press) is not one.
            for (const e of l.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
              if (!e.hadRecentInput) (window as unknown as { shifts: number }).shifts += e.value;
          }).observe({ type: 'layout-shift' });
        });
        const marker = page.locator('main p a.cite-link').nth(2);
        const pop = page.locator(`#${await marker.getAttribute('data-pop')}`);
        await marker.scrollIntoViewIfNeeded();
        await marker.hover();
        await expect.poll(() => pop.isVisible()).toBe(true);
        expect(await marker.getAttribute('aria-expanded')).toBe('true');
        // Drawn from the page's popover data: each source's place, lines, state and permalink.
        const drawn = await pop.locator('.cite-pop__source').evaluateAll((els) =>
          els.map((el) => ({
            where: el.querySelector('.cite-pop__where')!.textContent,
            code: el.querySelector('.cite-pop__code')?.textContent ?? '',
            meta: el.querySelector('.cite-pop__meta')!.textContent,
            permalink: el.querySelector('.cite-pop__links a')!.getAttribute('href'),
          })),
        );
        const data = popoverData(DIST, parse(readPage(DIST, route)));
        expect(drawn).toEqual(
          (await marker.getAttribute('data-sources'))!.split(',').map((n) => {
            const e = data[Number(n) - 1]!;
            return {
              where: `[${e.n}] ${e.repo} ${e.path} ${e.lines}`,
              code: e.code.join('\n'),
              meta: expect.stringContaining(e.note) as unknown as string,
              permalink: e.permalink,
            };
          }),
        );
        const [m, p] = await Promise.all([marker.boundingBox(), pop.boundingBox()]);
        // Beside the marker (below or above it), inside the viewport.
        expect(Math.min(Math.abs(p!.y - (m!.y + m!.height)), Math.abs(p!.y + p!.height - m!.y))).toBeLessThan(12);
        expect(p!.x).toBeGreaterThanOrEqual(0);
        expect(p!.x + p!.width).toBeLessThanOrEqual(1280);
        await page.mouse.move(5, 890);
        await expect.poll(() => pop.isVisible()).toBe(false);
        // Keyboard: focus opens it, Escape closes it and leaves focus on the marker.
        await page.keyboard.press('Tab');
        await marker.focus();
        await expect.poll(() => pop.isVisible()).toBe(true);
        await page.keyboard.press('Tab');
        expect(
          await page.evaluate(
            (id) => document.getElementById(id)!.contains(document.activeElement),
            (await marker.getAttribute('data-pop'))!,
          ),
        ).toBe(true);
        await page.keyboard.press('Escape');
        await expect.poll(() => pop.isVisible()).toBe(false);
        expect(await marker.evaluate((a) => a === document.activeElement)).toBe(true);
        expect(await page.evaluate(() => (window as unknown as { shifts: number }).shifts)).toBe(0);
      } finally {
        await page.close();
      }
    },
  );

  it('a tap opens the popover instead of following the link, and a second tap closes it', async () => {
    const context = await ctx.browser.newContext(PHONE);
    try {
      const page = await context.newPage();
      await page.goto(ctx.site.url + 'etcd-timeouts/');
      const marker = page.locator('main p a.cite-link').nth(2);
      const pop = page.locator(`#${await marker.getAttribute('data-pop')}`);
      await marker.scrollIntoViewIfNeeded();
      await marker.tap();
      await expect.poll(() => pop.isVisible()).toBe(true);
      expect(new URL(page.url()).hash).toBe('');
      const box = await pop.boundingBox();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(390);
      await marker.tap();
      await expect.poll(() => pop.isVisible()).toBe(false);
    } finally {
      await context.close();
    }
  });

  it('when the popover data cannot be fetched, a tap follows the link to the sources list and says why', async () => {
    const context = await ctx.browser.newContext(PHONE);
    try {
      const page = await context.newPage();
      await page.route('**/popovers/*.json', (r) => r.fulfill({ status: 404, body: 'gone' }));
      const warnings: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'warning') warnings.push(m.text());
      });
      await page.goto(ctx.site.url + 'etcd-timeouts/');
      const marker = page.locator('main p a.cite-link').nth(2);
      const n = (await marker.getAttribute('data-sources'))!.split(',')[0];
      await marker.scrollIntoViewIfNeeded();
      await marker.tap();
      await expect.poll(() => new URL(page.url()).hash).toBe(`#source-${n}`);
      expect(await page.locator('.cite-pop').count()).toBe(0);
      expect(warnings.join('\n')).toMatch(/popovers\/etcd-timeouts\.json could not be read \(HTTP 404\)/);
    } finally {
      await context.close();
    }
  });

  it('without JavaScript a marker leads to its entry in the sources list, which has the permalink', async () => {
    const context = await ctx.browser.newContext({ javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto(ctx.site.url + 'etcd-timeouts/');
      const marker = page.locator('main p a.cite-link').first();
      const n = (await marker.getAttribute('data-sources'))!.split(',')[0];
      await marker.click();
      expect(new URL(page.url()).hash).toBe(`#source-${n}`);
      const entry = page.locator(`#source-${n}`);
      expect(await entry.isVisible()).toBe(true);
      expect(await entry.locator('a.page-sources__permalink').getAttribute('href')).toMatch(/^https:\/\/github\.com\//);
      expect(await page.locator('.cite-pop').first().isVisible()).toBe(false);
    } finally {
      await context.close();
    }
  });

  it.each(PAGES_SHOWN)('/%s prints the same sources list, each permalink written out', async (route) => {
    const page = await ctx.browser.newPage();
    try {
      await page.goto(ctx.site.url + route);
      const screen = await page.locator('.page-sources li').allInnerTexts();
      await page.emulateMedia({ media: 'print' });
      await page.evaluate(() => dispatchEvent(new Event('beforeprint')));
      const printed = await page.locator('.page-sources li').evaluateAll((lis) =>
        lis.map((li) => ({
          visible: li.checkVisibility(),
          back: li.querySelector('.page-sources__back')?.checkVisibility() ?? false,
          after: getComputedStyle(li.querySelector('a.page-sources__permalink')!, '::after').content,
          href: li.querySelector('a.page-sources__permalink')!.getAttribute('href'),
          noted: li.querySelector('a[data-print-note]') !== null,
        })),
      );
      expect(printed).toHaveLength(screen.length);
      for (const p of printed) {
        expect(p.visible && !p.back && !p.noted).toBe(true);
        // The permalink follows its link text on paper (Chromium reports the rule or its value).
        expect(p.after).toMatch(new RegExp(`attr\\(href\\)|${p.href!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
      }
    } finally {
      await page.close();
    }
  });
});

describe('the wiki export carries the page’s sources list', () => {
  const out = mkdtempSync(join(tmpdir(), 'cite-wiki-'));
  afterAll(() => rmSync(out, { recursive: true, force: true }));
  beforeAll(() => {
    const r = spawnSync(process.execPath, [join(ROOT, 'scripts/export-wiki.ts'), '--dist', DIST, '--out', out], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    expect(r.status, r.stderr).toBe(0);
  }, 120_000);

  it.each(PAGES_SHOWN)(
    '/%s: the same entries, text and permalinks, and each marker linked to its permalink',
    (route) => {
      const { main, list } = read(DIST, route);
      const md = readFileSync(join(out, exportFileOf(route)), 'utf8');
      const section = md.slice(md.indexOf('\n## Sources\n'));
      expect(section.length).toBeGreaterThan(20);
      const items = [...section.matchAll(/^(\d+)\. (.*)$/gm)];
      expect(items.map((m) => `source-${m[1]}`)).toEqual([...list.keys()]);
      for (const [, n, line] of items) {
        const li = list.get(`source-${n}`)!;
        for (const back of li.querySelectorAll('.page-sources__back')) back.remove();
        const href = li.querySelector('a.page-sources__permalink')!.getAttribute('href')!;
        expect(line).toContain(`(${href})`);
        expect(comparable(line!.replace(/\]\([^)]*\)/g, ']').replace(/[[\]`\\]/g, ''))).toBe(comparable(li.text));
      }
      // The first marker in the prose reads the same and links straight to its source's permalink.
      const first = main.querySelector('p a.cite-link:not(.cite-value)')!;
      const n = first.getAttribute('data-sources')!.split(',')[0]!;
      const permalink = list.get(`source-${n}`)!.querySelector('a.page-sources__permalink')!.getAttribute('href');
      const shown = first.text.replace(/^\[|\]$/g, '').split(', ')[0]!;
      expect(md).toContain(`[${shown.replace(/([*?])/, '\\$1')}](${permalink})`);
    },
  );
});
