import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPathForTests, launchBrowser, NO_CHROMIUM } from '../helpers/browser.ts';
import { createFixtureSite, removeFixture, runIn, type FixtureBuild } from '../helpers/fixture-site.ts';
import { serveStatic } from '../../src/tooling/static-server.ts';

/**
 * A page renamed from /old-name/ to /new-name/ keeps its old URL working: the build writes a
 * forwarding page there, and a reader who follows an old link, query and fragment included,
 * lands on the new page with both.
 */
const prose = 'This fixture page exists to prove that a renamed page still answers at its old address. '.repeat(3);
const PAGES = {
  'index.mdx': `---\ntitle: Home\n---\n\n${prose}\n`,
  'new-name.mdx': `---\ntitle: Renamed\nrenamedFrom: ["/old-name/"]\n---\n\n${prose}\n\n## A section\n\n${prose}\n`,
};

describe('renamed pages', () => {
  let build: FixtureBuild;

  beforeAll(async () => {
    const dir = createFixtureSite(PAGES);
    build = await runIn(dir, 'npx', ['--no', 'astro', 'build'], { CITATIONS: 'off', DIAGRAMS: 'client' });
  }, 240_000);
  afterAll(() => {
    if (build) removeFixture(build);
  });

  it('the build writes a forwarding page at the old path, for search engines too', () => {
    expect(build.status, build.output).toBe(0);
    const file = join(build.dir, 'dist/old-name/index.html');
    expect(existsSync(file)).toBe(true);
    const html = readFileSync(file, 'utf8');
    expect(html).toContain('<link rel="canonical" href="https://sizing-guide.example.org/new-name/">');
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(build.output).toMatch(/1 renamed page\(s\) forward/);
  });

  it('an old link lands on the new page with its query and fragment', async (ctx) => {
    const path = chromiumPathForTests();
    if (!path) {
      if (process.env['CI'] === 'true') throw new Error(NO_CHROMIUM);
      ctx.skip(NO_CHROMIUM);
    }
    const server = await serveStatic(join(build.dir, 'dist'));
    const browser = await launchBrowser(path!);
    try {
      const page = await browser.newPage();
      await page.goto(`${server.url}old-name/?q.n=5#a-section`);
      await page.waitForURL(/\/new-name\//, { timeout: 10_000 });
      const url = new URL(page.url());
      expect(url.pathname).toBe('/new-name/');
      expect(url.search).toBe('?q.n=5');
      expect(url.hash).toBe('#a-section');
      expect(await page.locator('h2#a-section').count()).toBe(1);
    } finally {
      await browser.close();
      await server.close();
    }
  }, 60_000);

  it('refuses an old path that is a page of its own', async () => {
    const dir = createFixtureSite({
      ...PAGES,
      'new-name.mdx': PAGES['new-name.mdx'].replace('/old-name/', '/new-name/'),
    });
    const refused = await runIn(dir, 'npx', ['--no', 'astro', 'build'], { CITATIONS: 'off', DIAGRAMS: 'client' });
    try {
      expect(refused.status).not.toBe(0);
      expect(refused.output).toMatch(/renamedFrom "\/new-name\/" is the path of a page that exists/);
    } finally {
      removeFixture(refused);
    }
  }, 240_000);
});
