import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse, type HTMLElement } from 'node-html-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRANSLATIONS } from '../../src/lib/i18n/locales.ts';
import { uiText } from '../../src/lib/i18n/ui-text.ts';
import { calcWords } from '../../src/lib/calculators/calc-words.ts';
import { sha256Of } from '../../src/lib/i18n/translation.ts';
import { chromiumPathForTests } from '../helpers/browser.ts';
import { useBrowserAndSite } from '../helpers/browser-site.ts';
import { builtRoutes, readPage } from '../helpers/built-pages.ts';
import { createFixtureSite, removeFixture, runIn, type FixtureBuild } from '../helpers/fixture-site.ts';
import { DIST } from '../helpers/paths.ts';

const SITE = 'https://sizing-guide.example.org/';
const JAPANESE = /[\u3040-\u30ff\u4e00-\u9fff]/;
const translated = TRANSLATIONS.flatMap((t) =>
  builtRoutes(DIST, { fallbacks: false })
    .filter((r) => r.startsWith(`${t.locale}/`) && r !== `${t.locale}/404/`)
    .map((route) => ({ t, route, english: route.slice(t.locale.length + 1) })),
);
const doc = (route: string): HTMLElement => parse(readPage(DIST, route));
/** The ids of the headings a reader can link to: the content's h2–h4, in page order. */
const headingIds = (page: HTMLElement): string[] =>
  page.querySelectorAll('.sl-markdown-content :is(h2, h3, h4)[id]').map((h) => h.id);

describe('the translated editions', () => {
  it('serve the overview, the core chapters, the production-sizing chapters translated so far and the glossary in Japanese', () => {
    const ja = translated.filter(({ t }) => t.locale === 'ja').map(({ english }) => english);
    for (const route of [
      '',
      'etcd-sizing/',
      'etcd-writes/',
      'etcd-reads/',
      'control-plane/',
      'colocation/',
      'etcd-hardware/',
      'etcd-disk/',
      'etcd-timeouts/',
      'tested-limits/',
      'apiserver-capacity/',
      'glossary/',
    ])
      expect(ja).toContain(route);
  });

  it.each(translated)(
    '/$route: its language, its alternates, the picker and the English anchors',
    ({ t, route, english }) => {
      const page = doc(route);
      expect(page.querySelector('html')?.getAttribute('lang')).toBe(t.lang);
      expect(page.querySelector('main')?.getAttribute('lang')).toBe(t.lang);
      const alternates = Object.fromEntries(
        page
          .querySelectorAll('link[rel="alternate"][hreflang]')
          .map((l) => [l.getAttribute('hreflang'), l.getAttribute('href')]),
      );
      expect(alternates).toMatchObject({
        en: `${SITE}${english}`,
        [t.lang]: `${SITE}${route}`,
        'x-default': `${SITE}${english}`,
      });
      expect(page.querySelector('starlight-lang-select select')).not.toBeNull();
      // Our own controls speak the page's language too: every heading's citation button.
      for (const b of page.querySelectorAll('button.section-cite'))
        expect(b.getAttribute('aria-label'), route).toMatch(/^節「.+」の引用をコピー$/);
      // A link to a section works in either language: the translation keeps the English ids.
      expect(headingIds(page)).toEqual(headingIds(doc(english)));
      // Starlight's heading links are named in the page's language too (our override of its catalogue).
      expect(page.querySelector('main')!.text, route).not.toContain('Section titled');
      // A chart drawn at build time titles, labels and describes itself in the page's language.
      for (const t of page.querySelectorAll('svg[data-chart] :is(title, desc)'))
        expect(t.text, route).toMatch(JAPANESE);
    },
  );

  it('the model’s tables show the English page’s figures under Japanese headings', () => {
    const cells = (page: HTMLElement, table: string, part: string) =>
      page.querySelectorAll(`main table[data-table="${table}"] ${part}`).map((c) => c.text.trim());
    for (const [route, table] of [
      ['etcd-sizing/', 'quorum'],
      ['etcd-sizing/', 'maintenance'],
      ['colocation/', 'hosts'],
    ] as const) {
      const en = doc(route);
      const ja = doc(`ja/${route}`);
      expect(cells(ja, table, 'td[style]'), table).toEqual(cells(en, table, 'td[style]'));
      expect(cells(ja, table, 'td[style]').length, table).toBeGreaterThan(0);
      const heads = cells(ja, table, 'th');
      expect(heads.length, table).toBe(cells(en, table, 'th').length);
      for (const h of heads) expect(h, table).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
    }
  });

  it.each(['en', 'ja'] as const)(
    'source-link states, excerpt headers and calculator link notes speak the %s page’s language',
    (lang) => {
      const words = uiText(lang).citations;
      // A state's name as this language says it; a provisional one with any checked-at tag.
      const stateText = (status: string): RegExp => {
        const [before, after] = words.provisional('\u0000').split('\u0000') as [string, string];
        const esc = (t: string) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        if (status === 'provisional') return new RegExp(`^${esc(before)}\\S+${esc(after)}$`);
        const named: Record<string, string> = { pending: words.pending, failed: words.failed };
        return new RegExp(`^${esc(named[status] ?? words.unverified)}$`);
      };
      let seen = 0;
      for (const { route, english } of translated.filter(({ t }) => t.locale === 'ja')) {
        const page = doc(lang === 'ja' ? route : english);
        for (const fig of page.querySelectorAll('figure.excerpt')) {
          const status = fig.querySelector('.excerpt-status')!;
          seen++;
          if (fig.getAttribute('data-status') === 'verified')
            expect(status.text).toBe(
              `${words.excerpt.verifiedBefore}${status.querySelector('code')!.text}${words.excerpt.verifiedAfter}`,
            );
          else expect(status.text).toMatch(stateText(fig.getAttribute('data-status')!));
        }
        for (const state of page.querySelectorAll('a.calc__ref[data-status] .calc__ref-state')) {
          seen++;
          const status = state.closest('a')!.getAttribute('data-status')!;
          const [open, close] = calcWords(lang).paren;
          expect(state.text.startsWith(open) && state.text.endsWith(close), state.text).toBe(true);
          expect(state.text.slice(open.length, -close.length)).toMatch(stateText(status));
        }
        for (const script of page.querySelectorAll('script[data-source-links]')) {
          const links = Object.values(JSON.parse(script.text) as Record<string, { status: string; note?: string }>);
          for (const link of links.filter((l) => l.note !== undefined)) {
            seen++;
            expect(link.note).toMatch(stateText(link.status));
          }
        }
      }
      // Every Japanese page with an excerpt or a calculator's sources was looked at.
      expect(seen).toBeGreaterThan(0);
    },
  );

  it('the sitemap names each translated page with its English alternate', () => {
    const sitemap = readFileSync(join(DIST, 'sitemap-0.xml'), 'utf8');
    for (const { route, english, t } of translated) {
      expect(sitemap).toContain(`<loc>${SITE}${route}</loc>`);
      expect(sitemap).toContain(`<xhtml:link rel="alternate" hreflang="${t.lang}" href="${SITE}${route}"/>`);
      expect(sitemap).toContain(`<xhtml:link rel="alternate" hreflang="en" href="${SITE}${english}"/>`);
    }
  });

  it('Pagefind keeps one index per language', () => {
    const entry = JSON.parse(readFileSync(join(DIST, 'pagefind/pagefind-entry.json'), 'utf8')) as {
      languages: Record<string, { page_count: number }>;
    };
    expect(Object.keys(entry.languages).sort()).toEqual(['en', ...TRANSLATIONS.map((t) => t.lang)].sort());
    for (const t of TRANSLATIONS) expect(entry.languages[t.lang]!.page_count).toBeGreaterThan(0);
  });
});

const executablePath = chromiumPathForTests();
const ctx = executablePath ? useBrowserAndSite(executablePath, DIST) : undefined;

describe.skipIf(!executablePath)('a calculator on a Japanese page', () => {
  it('answers, refuses and explains in Japanese, with the parser’s rules unchanged', async () => {
    const page = await ctx!.browser.newPage();
    try {
      await page.goto(`${ctx!.site.url}ja/etcd-sizing/`);
      const calc = page.locator('[data-calc="quorum"]');
      await calc.scrollIntoViewIfNeeded();
      await page.waitForFunction(() => Boolean(customElements.get('calc-quorum')));
      await expect.poll(() => calc.locator('.calc__result').textContent()).toMatch(/クォーラム/);
      const members = calc.getByLabel('メンバー数（n）');
      await members.fill('10.000');
      await expect
        .poll(() => calc.locator('[data-wrap="n"] .calc__error').textContent())
        .toMatch(/^メンバー数："10\.000" は 2 通りに読めます/);
      await expect.poll(() => calc.locator('.calc__result').textContent()).toMatch(/まだ結果はありません/);
      await members.fill('4');
      await expect.poll(() => calc.locator('.calc__result').textContent()).toMatch(/4 は偶数です/);
      expect(await calc.getByRole('button', { name: '設計ドキュメント用にコピー' }).count()).toBe(1);
    } finally {
      await page.close();
    }
  });
});

describe.skipIf(!executablePath)('a citation popover on a Japanese page', () => {
  it('says where the lines are and what their state means in Japanese', async () => {
    const page = await ctx!.browser.newPage({ viewport: { width: 1280, height: 900 } });
    try {
      await page.goto(`${ctx!.site.url}ja/etcd-sizing/`);
      const marker = page.locator('main p a.cite-link').first();
      await marker.scrollIntoViewIfNeeded();
      await marker.hover();
      const pop = page.locator(`#${await marker.getAttribute('data-pop')}`);
      await expect.poll(() => pop.isVisible()).toBe(true);
      const text = (await pop.textContent()) ?? '';
      expect(text).toContain('パーマリンク');
      expect(text).toContain('出典一覧');
      expect(text).toMatch(/コミット [0-9a-f]{7}/);
      expect(text).toMatch(/このビルドで検証済みです。|暫定：|保留中：|検証に失敗|検証していません/);
    } finally {
      await page.close();
    }
  });
});

describe.skipIf(!executablePath)('search in Japanese', () => {
  it('finds a Japanese term on the Japanese pages, and only there', async () => {
    const page = await ctx!.browser.newPage();
    try {
      await page.goto(`${ctx!.site.url}ja/`);
      // A string, so that Vite leaves this import() to the page (it rewrites one in a function).
      const results = (await page.evaluate(`(async () => {
        const pagefind = await import('${ctx!.site.url}pagefind/pagefind.js');
        const found = await pagefind.search('クォーラム');
        return Promise.all(found.results.map(async (r) => (await r.data()).url));
      })()`)) as string[];
      expect(results.length).toBeGreaterThan(0);
      for (const url of results) expect(url).toMatch(/^\/ja\//);
      expect(results).toContain('/ja/etcd-sizing/');
    } finally {
      await page.close();
    }
  });
});

/**
 * Drift: a fixture with one translation stamped against its English page as it is, and one
 * stamped against an older English text. The ordinary build says which is out of date, on the
 * page; a strict build refuses it.
 */
describe('a translation whose English page changed', () => {
  const prose = 'This fixture page is here so that its translation has an English page to follow. '.repeat(3);
  const current = `---\ntitle: Home\n---\n\n${prose}\n`;
  const changed = `---\ntitle: Other\n---\n\n${prose}\n\n## A section\n\n${prose}\n`;
  const stamp = (sha: string) => `translation:\n  sha256: ${sha}\n  date: '2026-11-30'\n`;
  const PAGES = {
    'index.mdx': current,
    'other.mdx': changed,
    'ja/index.mdx': `---\ntitle: ホーム\n${stamp(sha256Of(current))}---\n\n${'翻訳済みのページです。'.repeat(8)}\n`,
    'ja/other.mdx': `---\ntitle: その他\n${stamp(sha256Of('an older English text'))}---\n\n${'古い英語版の翻訳です。'.repeat(8)}\n\n## 節 {/* #a-section */}\n\n${'本文です。'.repeat(8)}\n`,
  };
  let dir: string;
  let build: FixtureBuild;
  let strict: FixtureBuild;

  beforeAll(async () => {
    dir = createFixtureSite(PAGES);
    const env = { CITATIONS: 'off', DIAGRAMS: 'client' };
    build = await runIn(dir, 'npx', ['--no', 'astro', 'build'], env);
    strict = await runIn(dir, 'npx', ['--no', 'astro', 'build', '--outDir', 'dist-strict'], {
      ...env,
      TRANSLATIONS_STRICT: '1',
    });
  }, 240_000);
  afterAll(() => {
    if (build) removeFixture(build);
  });

  it('builds, warns, and marks only the stale page, linking its English page', () => {
    expect(build.status, build.output).toBe(0);
    expect(build.output).toMatch(/1 translation\(s\) are out of date/);
    expect(build.output).toContain('content/docs/ja/other.mdx');
    const page = (route: string) => parse(readFileSync(join(dir, 'dist', route, 'index.html'), 'utf8'));
    expect(page('ja').querySelector('.translation-notice')).toBeNull();
    const notice = page('ja/other').querySelector('.translation-notice');
    expect(notice?.text).toContain('英語版が更新されています');
    expect(notice?.text).toContain('2026-11-30');
    expect(notice?.querySelector('a')?.getAttribute('href')).toBe('/other/');
    expect(page('ja/other').querySelector('h2#a-section')).not.toBeNull();
  });

  it('fails a strict build, naming the page and what to do', () => {
    expect(strict.status).not.toBe(0);
    expect(strict.output).toContain('content/docs/ja/other.mdx');
    expect(strict.output).toContain('TRANSLATIONS_STRICT');
  });
});
