/**
 * `npm run export:wiki -- --flavor=…` against each wiki's own rules: the start page's name, the
 * navigation file in the site's sidebar order, how pages link each other (and that every link and
 * anchor resolves), the image format of diagrams, and front matter only where the wiki reads it.
 * The mkdocs flavour is also built with Debian's `mkdocs build --strict`.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import GithubSlugger from 'github-slugger';
import type { Heading, Image, Link, Root } from 'mdast';
import { toString } from 'mdast-util-to-string';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { visit } from 'unist-util-visit';
import { afterAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { flavorOf, type FlavorName } from '../../src/lib/wiki-export/flavors.ts';
import { navRoutes, sidebarOf } from '../../src/lib/sidebar-order.ts';
import { editionRoutes, readPage } from '../helpers/built-pages.ts';
import { DIST, ROOT } from '../helpers/paths.ts';

const temp = mkdtempSync(join(tmpdir(), 'wiki-flavors-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));
const routes = editionRoutes(DIST).filter((r) => r !== '404.html');
const parse = (md: string) => unified().use(remarkParse).use(remarkGfm).parse(md) as Root;
const sidebar = sidebarOf(readPage(DIST, ''), (href) => {
  const route = href.replace(/^\//, '');
  return routes.includes(route) ? route : undefined;
});

function exportFlavor(flavor: FlavorName): string {
  const out = join(temp, flavor);
  const r = spawnSync(process.execPath, [join(ROOT, 'scripts/export-wiki.ts'), `--flavor=${flavor}`, '--out', out], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`export:wiki --flavor=${flavor} failed: ${r.stderr}`);
  return out;
}

function anchorsOf(md: string): Set<string> {
  const slugger = new GithubSlugger();
  const slugs = new Set<string>();
  visit(parse(md), 'heading', (h: Heading) => void slugs.add(slugger.slug(toString(h))));
  return slugs;
}

describe.each(['github', 'gitlab'] as const)('the %s flavour', (name) => {
  const flavor = flavorOf(name);
  const out = exportFlavor(name);
  const home = name === 'github' ? 'Home' : 'home';
  const pages = new Map(
    routes.map((r) => [flavor.fileOf(r).replace(/\.md$/, ''), readFileSync(join(out, flavor.fileOf(r)), 'utf8')]),
  );
  // Each page's headings are parsed once, not once for every link that points into it.
  const anchors = new Map<string, Set<string>>();
  const anchorsIn = (page: string) => anchors.get(page) ?? anchors.set(page, anchorsOf(pages.get(page)!)).get(page)!;

  it(`starts at ${home} and lists every page in the sidebar’s order in its navigation file`, () => {
    expect(existsSync(join(out, `${home}.md`))).toBe(true);
    expect(existsSync(join(out, 'index.md'))).toBe(false);
    const nav = readFileSync(join(out, name === 'github' ? '_Sidebar.md' : '_sidebar.md'), 'utf8');
    const linked: string[] = [];
    visit(parse(nav), 'link', (l: Link) => void linked.push(l.url));
    expect(linked).toEqual(navRoutes(sidebar).map((r) => flavor.fileOf(r).replace(/\.md$/, '')));
    expect(new Set(linked)).toEqual(new Set(pages.keys()));
  });

  it('links pages by name without .md, to pages and headings that exist', () => {
    for (const [page, md] of pages) {
      visit(parse(md), 'link', (l: Link) => {
        if (/^[a-z]+:/i.test(l.url) || l.url === '#') return;
        const [target, anchor] = l.url.split('#') as [string, string?];
        const to = target === '' ? page : target;
        expect(to, `${page}: ${l.url}`).not.toMatch(/\.md$|\//);
        expect(pages.has(to), `${page}: ${l.url}`).toBe(true);
        if (anchor) expect(anchorsIn(to).has(decodeURIComponent(anchor)), `${page}: ${l.url}`).toBe(true);
      });
    }
  });

  it(`has no front matter but a provenance table, and ${name === 'github' ? 'PNG' : 'SVG'} diagrams that exist`, () => {
    const ext = name === 'github' ? '.png' : '.svg';
    let images = 0;
    for (const [page, md] of pages) {
      expect(md.startsWith('---'), page).toBe(false);
      expect(md, page).toMatch(/\| Source \| <https:\/\/[^>]+> \|/);
      visit(parse(md), 'image', (img: Image) => {
        images += 1;
        expect(img.url.endsWith(ext), `${page}: ${img.url}`).toBe(true);
        const bytes = readFileSync(join(out, img.url));
        if (ext === '.png') expect(bytes.subarray(1, 4).toString(), img.url).toBe('PNG');
        else expect(bytes.toString('utf8', 0, 200), img.url).toContain('<svg');
      });
    }
    expect(images).toBeGreaterThan(0);
  });
});

describe('the mkdocs flavour', () => {
  const out = exportFlavor('mkdocs');
  const mkdocs = spawnSync('mkdocs', ['--version'], { encoding: 'utf8' }).status === 0;

  it('keeps front matter and relative .md links, and writes the sidebar as a MkDocs nav', () => {
    expect(readFileSync(join(out, 'index.md'), 'utf8').startsWith('---\n')).toBe(true);
    const nav = parseYaml(readFileSync(join(out, 'mkdocs-nav.yml'), 'utf8')) as { nav: unknown };
    const files = JSON.stringify(nav.nav)
      .match(/"[^"]+\.md"/g)!
      .map((s) => JSON.parse(s) as string);
    expect(files).toEqual(navRoutes(sidebar).map((r) => flavorOf('mkdocs').fileOf(r)));
  });

  it('builds with mkdocs build --strict, the nav inherited from the export', (ctx) => {
    if (!mkdocs) {
      if (process.env['CI'] === 'true') throw new Error('mkdocs is not installed: apt-get install -y mkdocs');
      ctx.skip('mkdocs is not installed (apt-get install -y mkdocs)');
    }
    const site = join(temp, 'mkdocs-site');
    mkdirSync(site, { recursive: true });
    spawnSync('cp', ['-r', out, join(site, 'docs')]);
    writeFileSync(join(site, 'mkdocs.yml'), 'site_name: Sizing guide\nINHERIT: docs/mkdocs-nav.yml\n');
    const r = spawnSync('mkdocs', ['build', '--strict'], { cwd: site, encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    expect(readdirSync(join(site, 'site'))).toContain('index.html');
  });
});
