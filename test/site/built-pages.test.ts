import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'node-html-parser';
import { readClientManifest } from '../../src/tooling/client-manifest.ts';
import { checkBuiltPage } from '../../src/lib/page-check.ts';
import { builtRoutes, isFallbackPage, readPage } from '../../src/tooling/built-pages.ts';
import { TRANSLATIONS, translationOfRoute } from '../../src/lib/i18n/locales.ts';
import { expectedRoutes } from '../helpers/built-pages.ts';
import { DIST, DIST_BASE, ROOT, TEST_BASE } from '../helpers/paths.ts';
import { needSvgDiagrams } from '../helpers/browser.ts';

const routes = expectedRoutes();

describe('built site', () => {
  it('has one page per content file, in both builds', () => {
    expect(routes.length).toBeGreaterThanOrEqual(7);
    const translated404 = TRANSLATIONS.map((t) => `${t.locale}/404/`);
    const pages = (dist: string) => builtRoutes(dist, { fallbacks: false }).filter((r) => !translated404.includes(r));
    expect(pages(DIST)).toEqual(routes);
    expect(pages(DIST_BASE)).toEqual(routes);
  });

  it('serves every English page under each translation’s prefix, translated or as Starlight’s fallback', () => {
    const english = routes.filter((r) => !translationOfRoute(r));
    const translated404 = TRANSLATIONS.map((t) => `${t.locale}/404/`);
    const all = builtRoutes(DIST);
    for (const t of TRANSLATIONS) {
      const ours = all.filter((r) => translationOfRoute(r) === t);
      // The English 404 is the site's 404.html; a translation's is an ordinary page at <locale>/404/.
      expect(ours).toEqual([...english, '404/'].map((r) => `${t.locale}/${r}`).sort());
      for (const route of ours) {
        const fallback = isFallbackPage(readPage(DIST, route));
        expect(fallback, route).toBe(!routes.includes(route) && !translated404.includes(route));
      }
    }
  });

  // A build run from Vitest inherits NODE_ENV=test, which Vite treats as development; the tests
  // must measure and drive what `npm run build` ships (test/helpers/build-site.ts).
  it('is a production build in both outputs: search holds Starlight\u2019s search UI, not its dev placeholder', () => {
    for (const dist of [DIST, DIST_BASE]) {
      const search = parse(readPage(dist, 'glossary/')).querySelector('site-search dialog');
      expect(search?.querySelector('#starlight__search')).toBeTruthy();
    }
  });

  // The page weights read the client build's Vite manifest; it names source files, so no host may get it.
  it('ships no Vite manifest, and keeps each build\u2019s client manifest outside it', () => {
    for (const dist of [DIST, DIST_BASE]) {
      expect(existsSync(join(dist, '.vite'))).toBe(false);
      // The one manifest.json shipped is the guide's own (/manifest.json), which names no source file.
      const manifests = readdirSync(dist, { recursive: true, encoding: 'utf8' }).filter((f) =>
        f.endsWith('manifest.json'),
      );
      expect(manifests).toEqual(['manifest.json']);
      const own = readFileSync(join(dist, 'manifest.json'), 'utf8');
      expect(JSON.parse(own)).toMatchObject({ schema: 1 });
      expect(own).not.toMatch(/"src\/|\.astro"|\.ts"/);
      expect(Object.keys(readClientManifest(dist, ROOT)).length).toBeGreaterThan(0);
    }
  });

  it.each(routes)('/%s keeps its prose and every diagram is SVG or fallback', (route) => {
    expect(checkBuiltPage(readPage(DIST, route)).problems).toEqual([]);
  });

  // A build with Chromium renders every diagram at build time; without it the test shows as skipped.
  it.for(routes)('/%s: every diagram is inline SVG, none left to the reader\u2019s browser', (route, ctx) => {
    needSvgDiagrams(ctx);
    expect(checkBuiltPage(readPage(DIST, route)).fallbackDiagrams).toBe(0);
  });

  it.each(routes)('/%s has unique heading anchors, so none gets a shifting "-1" suffix', (route) => {
    const root = parse(readPage(DIST, route));
    const ids = root.querySelectorAll('main h2[id], main h3[id], main h4[id]').map((h) => h.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.filter((id) => /-\d+$/.test(id) && ids.includes(id.replace(/-\d+$/, '')))).toEqual([]);
  });

  it('ships no Mermaid JavaScript on a page whose diagrams are SVG', (ctx) => {
    needSvgDiagrams(ctx);
    for (const route of routes) {
      const html = readPage(DIST, route);
      const scripts = parse(html)
        .querySelectorAll('script[src]')
        .map((s) => s.getAttribute('src') ?? '');
      expect(scripts.filter((src) => /mermaid/i.test(src))).toEqual([]);
      expect(html).not.toContain('MermaidClient');
    }
  });

  // An override replaces only the server list of the main storage config (kube-apiserver's storage
  // factory copies that config per resource): the tool says what every override inherits.
  it('the overrides tool says what applies to every override at once: TLS files, prefix, compaction, checks', () => {
    const tool = parse(readPage(DIST, 'etcd-writes/')).querySelector('[data-calc="overrides"] [data-shared-settings]');
    const text = tool?.textContent.replace(/\s+/g, ' ') ?? '';
    expect(text).toMatch(/An override changes only which etcd servers hold its resource/);
    for (const flag of [
      '--etcd-certfile',
      '--etcd-keyfile',
      '--etcd-cafile',
      '--etcd-prefix',
      '--etcd-compaction-interval',
    ])
      expect(text).toContain(flag);
    expect(text).toMatch(/etcd-override check per distinct server list/);
  });

  it.each(routes)('/%s in the sub-path build has no root-relative link outside the base', (route) => {
    const root = parse(readPage(DIST_BASE, route));
    const urls = [
      ...root.querySelectorAll('a[href]').map((a) => a.getAttribute('href') ?? ''),
      ...root.querySelectorAll('link[href]').map((a) => a.getAttribute('href') ?? ''),
      ...root.querySelectorAll('script[src], img[src]').map((a) => a.getAttribute('src') ?? ''),
    ];
    const outside = urls.filter((u) => u.startsWith('/') && !u.startsWith('//') && !u.startsWith(`${TEST_BASE}/`));
    expect(outside).toEqual([]);
  });
});
