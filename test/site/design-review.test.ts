import { createHash } from 'node:crypto';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'node-html-parser';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { visit } from 'unist-util-visit';
import type { Link, Root, Table } from 'mdast';
import { toString } from 'mdast-util-to-string';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { chromiumPathForTests, NO_CHROMIUM } from '../helpers/browser.ts';
import { useBrowserAndSite } from '../helpers/browser-site.ts';
import { DIST, DIST_BASE, ROOT, TEST_BASE } from '../helpers/paths.ts';
import { builtRoutes, readPage } from '../helpers/built-pages.ts';
import { readLock, entryPermalink } from '../../src/lib/citations/lock.ts';
import type { SiteManifest } from '../../src/lib/site-manifest.ts';

const SITE_URL = 'https://sizing-guide.example.org';
const parseMd = (md: string) => unified().use(remarkParse).use(remarkGfm).parse(md) as Root;
const linksIn = (tree: Root) => {
  const found: Link[] = [];
  visit(tree, 'link', (l: Link) => void found.push(l));
  return found;
};
const manifestOf = (dist: string) => JSON.parse(readFileSync(join(dist, 'manifest.json'), 'utf8')) as SiteManifest;
const head = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();

/** The README's contentHash script, written where it can import the project's node-html-parser. */
function readmeContentHashScript(): string {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const code = /<!-- readme:content-hash -->\s*```js\n([\s\S]*?)```/.exec(readme)?.[1];
  if (!code) throw new Error('README.md has no ```js block after <!-- readme:content-hash -->.');
  const dir = join(ROOT, '.cache');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'readme-content-hash.mjs');
  writeFileSync(file, code.replace(/^ {2}/gm, ''));
  return file;
}

/** How the Japanese footer names each citation state. */
const JA_STATES: Record<string, string> = {
  verified: '検証済み',
  provisional: '暫定',
  pending: '保留中',
  unverified: '未検証',
  failed: '検証失敗',
};

describe.each([
  ['/', DIST, ''],
  [TEST_BASE, DIST_BASE, TEST_BASE],
])('version of the guide (base %s)', (_label, dist, base) => {
  const manifest = manifestOf(dist);

  it('the manifest names the commit, the lock hash and every chapter with its content hash', () => {
    expect(manifest.schema).toBe(1);
    expect(manifest.site.url).toBe(`${SITE_URL}${base}/`);
    expect(manifest.site.guide.commit?.sha).toBe(head);
    const lock = readFileSync(join(ROOT, 'citations.lock.json'));
    expect(manifest.site.lockHash).toBe(createHash('sha256').update(lock).digest('hex'));
    const routes = builtRoutes(dist, { fallbacks: false }).filter((r) => r !== '404.html');
    expect(manifest.pages.map((p) => p.url).sort()).toEqual(routes.map((r) => `${SITE_URL}${base}/${r}`).sort());
  });

  it('each page’s contentHash is what the README’s script computes from the built page, whatever the base', () => {
    const script = readmeContentHashScript();
    const plain = manifestOf(DIST);
    for (const page of manifest.pages) {
      const route = page.url.slice(`${SITE_URL}${base}/`.length);
      const r = spawnSync(process.execPath, [script, join(dist, route, 'index.html'), base], { encoding: 'utf8' });
      expect(r.status, r.stderr).toBe(0);
      expect(page.contentHash, page.url).toBe(r.stdout.trim());
      expect(page.contentHash, `${page.url} against the build at /`).toBe(
        plain.pages.find((p) => p.url === `${SITE_URL}/${route}`)?.contentHash,
      );
    }
  });

  it('the release states are this build’s, and each page counts what its notice and footer count', () => {
    for (const release of manifest.site.guide.pinned) {
      const built = Object.values(release.states).reduce((a, b) => a + b, 0);
      const locked = Object.values(release.lockStates).reduce((a, b) => a + (b ?? 0), 0);
      expect(built, release.repo).toBeGreaterThan(0);
      expect(built, release.repo).toBeLessThanOrEqual(locked);
    }
    for (const page of manifest.pages) {
      const doc = parse(readPage(dist, page.url.slice(`${SITE_URL}${base}/`.length)));
      const total = page.citations.length;
      const notVerified = total - page.counts.verified;
      const notice = doc.querySelector('.citation-notice')?.text.replace(/\s+/g, ' ') ?? '';
      const ja = doc.querySelector('main')?.getAttribute('lang') === 'ja';
      if (notVerified === 0) expect(notice, page.url).toBe('');
      else
        expect(notice, page.url).toContain(
          ja ? `引用 ${total} 件のうち ${notVerified} 件は` : `${notVerified} of ${total} upstream citations`,
        );
    }
  });

  it('every page’s footer shows the commit, the build date, the pinned versions and its citation counts', () => {
    for (const page of manifest.pages) {
      const doc = parse(readPage(dist, page.url.slice(`${SITE_URL}${base}/`.length)));
      const stamp = doc.querySelector('.guide-stamp');
      expect(stamp, page.url).not.toBeNull();
      const text = stamp!.text.replace(/\s+/g, ' ');
      // The footer speaks the page's language (src/lib/i18n/ui-text.ts).
      const ja = doc.querySelector('html')?.getAttribute('lang') === 'ja';
      expect(text).toContain(head.slice(0, 7));
      expect(text).toContain(`${ja ? 'ビルド日' : 'built'} ${manifest.site.guide.date}`);
      expect(text).toContain(`Kubernetes v1.37.0${ja ? '、' : ' and '}etcd v3.7.0`);
      const counted = Object.entries(page.counts)
        .filter(([, n]) => n > 0)
        .map(([s, n]) => (ja ? `${JA_STATES[s]} ${n} 件` : `${n} ${s}`))
        .join(ja ? '、' : ', ');
      expect(text).toContain(counted || (ja ? 'アップストリームの引用なし' : 'no upstream citations'));
      expect(stamp!.querySelector('a')?.getAttribute('href')).toBe(`${base}/evidence/`);
    }
  });

  it('the manifest’s citation states are the lock’s keys, each in the state the Evidence page shows', async () => {
    const lock = await readLock(ROOT);
    for (const page of manifest.pages)
      for (const c of page.citations) expect(lock.entries.has(c.key), c.key).toBe(true);
    const etcd = manifest.pages.find((p) => p.url.endsWith('/etcd-writes/'));
    expect(etcd?.citations.length).toBeGreaterThan(0);
  });

  it('the 404 page links every chapter and says how to search', () => {
    const doc = parse(readFileSync(join(dist, '404.html'), 'utf8'));
    const hrefs = doc.querySelectorAll('.sl-markdown-content a').map((a) => a.getAttribute('href'));
    for (const route of ['', 'etcd-sizing/', 'etcd-writes/', 'etcd-reads/', 'control-plane/', 'colocation/']) {
      expect(hrefs).toContain(`${base}/${route}`);
    }
    expect(doc.querySelector('.sl-markdown-content')?.text).toMatch(/Search the guide/);
  });
});

const executablePath = chromiumPathForTests();

describe.runIf(executablePath)('cite a section and copy a calculator for a design doc (base %s)', () => {
  const handles = useBrowserAndSite(executablePath, DIST_BASE, TEST_BASE);

  async function open(path: string): Promise<Page> {
    const context = await handles.browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(handles.site.url).origin });
    const page = await context.newPage();
    await page.goto(`${handles.site.url.replace(/\/$/, '')}${path}`);
    return page;
  }

  it('a heading’s button copies a Markdown citation of that section, and says so', async () => {
    const page = await open('/etcd-writes/');
    const button = page.getByRole('button', { name: 'Copy a citation of the section “Writes go through one leader”' });
    await button.focus();
    await page.keyboard.press('Enter');
    await expect
      .poll(() => page.locator('[data-guide-status]').textContent())
      .toMatch(/Copied a citation of “Writes go through one leader”/);
    const text = await page.evaluate(() => navigator.clipboard.readText());
    const [link, ...more] = linksIn(parseMd(text));
    expect(more).toEqual([]);
    expect(link?.url).toBe(`${SITE_URL}${TEST_BASE}/etcd-writes/#writes-go-through-one-leader`);
    const title = (await page.locator('h1#_top').textContent())!.trim();
    expect(toString(link)).toBe(`${title} — Writes go through one leader`);
    expect(text).toContain(`guide commit ${head.slice(0, 7)}`);
    expect(await page.locator('[data-guide-status]').getAttribute('role')).toBe('status');
    await page.context().close();
  });

  it('"Copy for a design doc" gives the calculator’s inputs, results, sources and live link as Markdown that parses', async () => {
    const page = await open('/etcd-sizing/?q.n=5&q.k=1');
    const calc = page.locator('[data-calc="quorum"]');
    await calc.scrollIntoViewIfNeeded();
    const button = calc.getByRole('button', { name: 'Copy for a design doc' });
    await button.click();
    await expect.poll(() => page.locator('[data-guide-status]').textContent()).toMatch(/Copied the calculator/);
    const text = await page.evaluate(() => navigator.clipboard.readText());
    const tree = parseMd(text);
    const tables: Table[] = [];
    visit(tree, 'table', (t: Table) => void tables.push(t));
    const rows = tables.map((t) => t.children.slice(1).map((r) => r.children.map((c) => toString(c))));
    expect(rows[0]).toContainEqual(['Members (n)', '5']);
    expect(rows[0]).toContainEqual(['Members stopped for maintenance (k)', '1']);
    expect(rows[1]?.find(([label]) => label === 'Quorum')?.[1]).toMatch(/^3 members/);
    const urls = linksIn(tree).map((l) => l.url);
    const live = urls.at(-1)!;
    expect(live).toBe(`${SITE_URL}${TEST_BASE}/etcd-sizing/?q.n=5&q.k=1#q-title`);
    // Every other link is the commit permalink of a lock entry.
    const lock = await readLock(ROOT);
    const permalinks = new Set([...lock.entries.values()].map((e) => entryPermalink(e)));
    for (const url of urls.slice(0, -1)) expect(permalinks.has(url), url).toBe(true);
    expect(text).toContain(`guide commit ${head.slice(0, 7)}`);
    await page.context().close();
  });
});

describe('Chromium for these tests', () => {
  it('is present, or the browser tests above are skipped visibly', (ctx) => {
    if (!executablePath) {
      if (process.env['CI'] === 'true') throw new Error(NO_CHROMIUM);
      ctx.skip(NO_CHROMIUM);
    }
    expect(existsSync(executablePath!)).toBe(true);
  });
});
