import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { chromiumPathForTests } from '../helpers/browser.ts';
import { useBrowserAndSite } from '../helpers/browser-site.ts';
import { builtRoutes, readPage, smallestPageWith } from '../helpers/built-pages.ts';
import { calcWords } from '../../src/lib/calculators/calc-words.ts';
import { DIST, ROOT } from '../helpers/paths.ts';
import { CHANNEL_STATES } from '../helpers/calculator-states.ts';
import { ReusedTab } from '../helpers/reused-tab.ts';
import { expectMarkdownCarries, parseMarkdown, type ShownResult } from '../helpers/channel-compare.ts';
import { CALCULATORS, loadCalculator } from '../../src/lib/calculators/registry.ts';
import { CALCULATOR_SCHEMAS, type CalculatorId } from '../../src/lib/model/calculator-state.ts';
import { calculatorPrefix, calculatorSchema } from '../../src/lib/model/calculator-url.ts';
import { defaultState, encodeState } from '../../src/lib/model/url-state.ts';
import { visit } from 'unist-util-visit';
import { toString } from 'mdast-util-to-string';
import type { Table } from 'mdast';

const executablePath = chromiumPathForTests();
const ids = Object.keys(CALCULATORS) as CalculatorId[];
const JAPANESE = /[\u3040-\u30ff\u4e00-\u9fff]/;

/** The smallest translated Japanese page that holds the calculator, if any. */
function japanesePageWith(id: CalculatorId): string | undefined {
  return builtRoutes(DIST, { fallbacks: false })
    .filter((r) => r.startsWith('ja/'))
    .map((r) => ({ r, html: readPage(DIST, r) }))
    .filter(({ html }) => html.includes(`data-calc="${id}"`))
    .sort((a, b) => a.html.length - b.html.length)[0]?.r;
}
const cases = [
  ...ids.map((id) => ({ id, lang: 'en' as const, route: smallestPageWith(DIST, id) })),
  ...ids.flatMap((id) => {
    const route = japanesePageWith(id);
    return route ? [{ id, lang: 'ja' as const, route }] : [];
  }),
];

/** The query that carries a state, computed as the calculator itself would write it. */
async function queryOf(id: CalculatorId, raw: Readonly<Record<string, string>>): Promise<string> {
  const entry = await loadCalculator(id);
  const state = entry.def.compute({ ...entry.def.toRaw(defaultState(CALCULATOR_SCHEMAS[id]) as never), ...raw }).state;
  if (state === null) throw new Error(`${id}: the state ${JSON.stringify(raw)} is not valid.`);
  const params = encodeState(calculatorSchema(id), state as never, calculatorPrefix(id), new URLSearchParams());
  return params.toString();
}

/** What the calculator's result region shows now, read from the DOM. */
function shownIn(page: Page, id: CalculatorId): Promise<ShownResult> {
  return page.locator(`[data-calc="${id}"] .calc__result`).evaluate((region) => {
    const norm = (s: string) => s.replace(/\s+/g, ' ').trim();
    const leaves: string[] = [];
    const walker = document.createTreeWalker(region, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode())
      if (norm(n.textContent ?? '')) leaves.push(norm(n.textContent!));
    const severities = [...region.querySelectorAll<HTMLElement>('[data-severity]')].map(
      (e) => [e.dataset['severity']!, norm(e.textContent ?? '')] as [string, string],
    );
    const links = [...region.querySelectorAll('a[href]')].map((a) => (a as HTMLAnchorElement).href);
    return { leaves, severities, links };
  });
}

/** The part of a wiki page that holds the calculator titled `title`: from its title to its inputs line. */
function wikiSection(md: string, title: string, lead: string): string {
  const start = md.indexOf(`**${title}**`);
  const end = md.indexOf(`\n${lead.trim()}`, start);
  if (start < 0 || end < 0) throw new Error(`The wiki page has no calculator titled "${title}".`);
  return md.slice(start + title.length + 4, end);
}

describe.runIf(executablePath)('each calculator’s copy, print and wiki export carry what its page shows', () => {
  const handles = useBrowserAndSite(executablePath, DIST);
  let wiki = '';
  beforeAll(() => {
    wiki = mkdtempSync(join(tmpdir(), 'wiki-channels-'));
    for (const lang of ['en', 'ja']) {
      const args = ['scripts/export-wiki.ts', '--dist', DIST, '--out', join(wiki, lang), '--lang', lang];
      const r = spawnSync(process.execPath, args, { cwd: ROOT });
      if (r.status !== 0) throw new Error(`export:wiki --lang ${lang} failed: ${String(r.stderr)}`);
    }
  });
  afterAll(() => rmSync(wiki, { recursive: true, force: true }));
  // The calculators take turns on one page (see ReusedTab) whose context may use the clipboard.
  const tab = new ReusedTab(async () => {
    const context = await handles.browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(handles.site.url).origin });
    return context.newPage();
  });
  afterAll(() => tab.close());

  it.each(cases)('$id on /$route, in every channel state', async ({ id, lang, route }) => {
    const page = await tab.take();
    const path = `/${route}`;
    const words = calcWords(lang);
    for (const state of CHANNEL_STATES[id]) {
      const where = `${id} (${state.name}) on ${path}`;
      const query = await queryOf(id, state.raw);
      await page.goto(`${handles.site.url.replace(/\/$/, '')}${path}${query ? `?${query}` : ''}`);
      const calc = page.locator(`[data-calc="${id}"]`);
      await calc.scrollIntoViewIfNeeded();
      await page.waitForFunction((tag) => Boolean(customElements.get(tag)), await calc.evaluate((e) => e.localName));
      const shown = await shownIn(page, id);
      // The patterns are English; a Japanese page must show the same tones, and in Japanese.
      for (const [tone, pattern] of state.expect ?? [])
        expect(
          shown.severities.some(
            ([t, text]) => t === tone && (lang === 'ja' ? JAPANESE.test(text) : pattern.test(text)),
          ),
          `${where}: ${tone}`,
        ).toBe(true);
      if (lang === 'ja') expect(shown.leaves.join(' '), `${where}: in Japanese`).toMatch(JAPANESE);

      await page.evaluate(() => navigator.clipboard.writeText(''));
      await calc.getByRole('button', { name: words.copyForDesignDoc }).click();
      await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).not.toBe('');
      const md = await page.evaluate(() => navigator.clipboard.readText());
      expectMarkdownCarries(shown, md, `${where}, copy`);

      // Print renders the same region; its inputs table holds the inputs the copy lists.
      await page.emulateMedia({ media: 'print' });
      await page.evaluate(() => window.dispatchEvent(new Event('beforeprint')));
      expect(await shownIn(page, id), `${where}, print`).toEqual(shown);
      expect(await calc.locator('.calc__result').isVisible(), `${where}: the result prints`).toBe(true);
      const printed = await calc
        .locator('[data-print-inputs] tr:not([hidden])')
        .evaluateAll((rows) =>
          rows.map((r) => [...r.children].map((c) => c.textContent!.replace(/\s+/g, ' ').trim() || '—').join(' | ')),
        );
      const tables: Table[] = [];
      visit(parseMarkdown(md), 'table', (t: Table) => void tables.push(t));
      const copied = tables[0]!.children.slice(1).map((r) => r.children.map((c) => toString(c)).join(' | '));
      expect(printed, `${where}: printed inputs`).toEqual(copied);
      await page.emulateMedia({ media: 'screen' });

      // The wiki export holds the default state, rendered from the same result region.
      if (state.name === 'default') {
        const title = (await calc.locator('.calc__title').textContent())!.trim();
        const inEdition = lang === 'ja' ? route.slice('ja/'.length) : route;
        const file = inEdition === '' ? 'index.md' : `${inEdition.slice(0, -1)}.md`;
        // Inline links keep their text in the wiki; their targets are checked by the wiki-export test.
        const section = wikiSection(readFileSync(join(wiki, lang, file), 'utf8'), title, words.wikiInputs);
        expectMarkdownCarries({ ...shown, links: [] }, section, `${where}, wiki`);
      }
    }
  });
});
