/**
 * `npm run export:wiki` on the built site: every exported page reads back through a Markdown
 * parser, every link and image in it resolves (relative links to an exported file and heading,
 * GitHub links to the lock's permalinks, links back to the site to a built page), diagrams are
 * there in the chosen form, calculators' live links carry their default state, the same build
 * exports the same bytes, and each page's text is the built page's text.
 */
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, posix } from 'node:path';
import GithubSlugger from 'github-slugger';
import type { Heading, Html, Link, ListItem, Root } from 'mdast';
import { toString } from 'mdast-util-to-string';
import { parse as parseHtml } from 'node-html-parser';
import remarkFrontmatter from 'remark-frontmatter';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { SaxesParser } from 'saxes';
import { unified } from 'unified';
import { visitParents } from 'unist-util-visit-parents';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { allowedSourceLinks, sourceUrlOf } from '../../src/lib/citations/link-audit.ts';
import { readLock } from '../../src/lib/citations/lock.ts';
import {
  CALCULATOR_PREFIX,
  CALCULATOR_SCHEMAS,
  decodeCalculator,
  type CalculatorId,
} from '../../src/lib/model/calculator-state.ts';
import { defaultState } from '../../src/lib/model/url-state.ts';
import { builtPageText, comparable, exportedPageText } from '../../src/lib/wiki-export/page-text.ts';
import { exportFileOf } from '../../src/lib/wiki-export/routes.ts';
import { editionRoutes, readPage } from '../helpers/built-pages.ts';
import { DIST, DIST_BASE, ROOT } from '../helpers/paths.ts';

const allowed = allowedSourceLinks(await readLock(ROOT));
const BASE_URL = 'https://wiki-test.example/guide/';
const temp = mkdtempSync(join(tmpdir(), 'wiki-export-test-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

function exportWiki(args: string[]): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [join(ROOT, 'scripts/export-wiki.ts'), ...args], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/**
 * What an export must not change in the repository: tracked and untracked files, its top level,
 * and the build's files with their times (node_modules is shared with other checkouts, so its
 * listing is not compared).
 */
function repositoryState(): string[] {
  return [
    spawnSync('git', ['status', '--porcelain', '--untracked-files=all'], { cwd: ROOT, encoding: 'utf8' }).stdout,
    readdirSync(ROOT).sort().join(' '),
    filesIn(DIST)
      .map((f) => `${f}@${statSync(join(DIST, f)).mtimeMs}`)
      .join(' '),
  ];
}

function filesIn(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string, prefix: string): void => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      if (e.isDirectory()) walk(join(d, e.name), `${prefix}${e.name}/`);
      else out.push(`${prefix}${e.name}`);
    }
  };
  walk(dir, '');
  return out.sort();
}

const parser = unified().use(remarkParse).use(remarkFrontmatter).use(remarkGfm);

function headingSlugs(tree: Root): Set<string> {
  const slugger = new GithubSlugger();
  const slugs = new Set<string>();
  visitParents(tree, 'heading', (h: Heading) => {
    slugs.add(slugger.slug(toString(h)));
  });
  // A heading whose site id is not its text's slug (a translated heading) carries an <a id> before it.
  visitParents(tree, 'html', (n: Html) => {
    const id = /^<a id="([^"]+)">$/.exec(n.value)?.[1];
    if (id) slugs.add(id);
  });
  return slugs;
}

/** The list items of a page's sources list (after its "Sources" heading) that link to `url`. */
function sourceEntries(tree: Root, url: string): ListItem[] {
  const start = tree.children.findIndex((n) => n.type === 'heading' && ['Sources', '出典'].includes(toString(n)));
  if (start < 0) return [];
  const items: ListItem[] = [];
  for (const n of tree.children.slice(start + 1)) {
    visitParents(n, 'listItem', (item: ListItem) => {
      let links = false;
      visitParents(item, 'link', (l: Link) => {
        links ||= l.url === url;
      });
      if (links) items.push(item);
    });
  }
  return items;
}

function svgParses(text: string): string | undefined {
  const sax = new SaxesParser({ xmlns: true });
  let root: string | undefined;
  let error: string | undefined;
  sax.on('error', (e) => {
    error ??= e.message;
  });
  sax.on('opentag', (t) => {
    root ??= t.local;
  });
  sax.write(text).close();
  return error ?? (root === 'svg' ? undefined : `root element is <${root}>, not <svg>`);
}

/** How a Japanese sources list names a lock entry's state (src/lib/i18n/ui-text.ts). */
const JA_LOCK_STATUS: Record<string, string> = { provisional: '暫定', pending: '保留中' };

const cases = [
  { name: 'default build, SVG diagrams', dist: DIST, diagrams: 'svg' },
  { name: 'default build, mermaid diagrams', dist: DIST, diagrams: 'mermaid' },
  { name: 'SITE_BASE build, SVG diagrams', dist: DIST_BASE, diagrams: 'svg' },
  { name: 'the Japanese edition, SVG diagrams', dist: DIST, diagrams: 'svg', lang: 'ja' },
] as const;

describe.each(cases)('wiki export: $name', (c) => {
  const { dist, diagrams } = c;
  const lang = 'lang' in c ? c.lang : undefined;
  const out = join(temp, `${diagrams}-${dist === DIST ? 'root' : 'base'}${lang ? `-${lang}` : ''}`);
  // A translation's edition is its folder of the build, exported as a wiki of its own.
  const edition = lang ? join(dist, lang) : dist;
  const siteUrl = lang ? `${BASE_URL}${lang}/` : BASE_URL;
  const routes = lang
    ? editionRoutes(dist, lang)
        .map((r) => r.slice(lang.length + 1))
        .filter((r) => r !== '404/')
    : editionRoutes(dist);
  const args = [`--diagrams=${diagrams}`, '--base-url', siteUrl, ...(lang ? ['--lang', lang] : [])];
  let files: string[] = [];
  const trees = new Map<string, Root>();
  const slugs = new Map<string, Set<string>>();

  beforeAll(() => {
    const r = exportWiki(['--dist', dist, '--out', out, ...args]);
    expect(r.status, r.stderr).toBe(0);
    files = filesIn(out);
    for (const f of files.filter((f) => f.endsWith('.md'))) {
      const tree = parser.parse(readFileSync(join(out, f), 'utf8')) as Root;
      trees.set(f, tree);
      slugs.set(f, headingSlugs(tree));
    }
  });

  it('writes one Markdown file per page, with front matter naming its source and the guide version', () => {
    expect([...trees.keys()].sort()).toEqual(routes.map(exportFileOf).sort());
    for (const route of routes) {
      const tree = trees.get(exportFileOf(route))!;
      expect(tree.children[0]?.type, route).toBe('yaml');
      const fm = parseYaml((tree.children[0] as { value: string }).value) as {
        title: string;
        source: string;
        guide: Record<string, string>;
      };
      expect(fm.source).toBe(new URL(route, siteUrl).href);
      expect(fm.title).toBe(parseHtml(readPage(edition, route)).querySelector('h1#_top')!.text.trim());
      expect(fm.guide['date']).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(fm.guide['commit']).toMatch(/^[0-9a-f]{7}( \(modified\))?$/);
      expect(fm.guide['kubernetes']).toMatch(/^v1\.\d+\.\d+$/);
      expect(fm.guide['etcd']).toMatch(/^v3\.\d+\.\d+$/);
    }
  });

  it('every link and image resolves: exported files and headings, lock permalinks, built pages', () => {
    let relative = 0;
    let upstream = 0;
    let site = 0;
    for (const [file, tree] of trees) {
      visitParents(tree, (node, ancestors) => {
        if (node.type !== 'link' && node.type !== 'image') return;
        const url = node.url;
        const where = `${file}: ${url}`;
        expect(url.startsWith('/'), `${where} is root-relative, which a wiki resolves against its own host`).toBe(
          false,
        );
        if (/^[a-z]+:/i.test(url)) {
          if (sourceUrlOf(url) !== null) {
            upstream++;
            const entry = allowed.get(url);
            expect(entry, `${where} is not the permalink of any citations.lock.json entry`).toBeDefined();
            // A link to lines that are not pinned says so, in the link or right after it (an excerpt's header),
            // or, for a citation marker, in the page's sources list entry it shares its permalink with.
            const block = ancestors.findLast(
              (a) => a.type === 'paragraph' || a.type === 'tableRow' || a.type === 'listItem',
            );
            if (entry!.status !== 'pinned') {
              const said = [block ?? node, ...sourceEntries(tree, url)].map((n) => toString(n));
              // In the page's words: a translated page's sources list says it in its language.
              const words = [entry!.status, ...(lang ? [JA_LOCK_STATUS[entry!.status]] : [])];
              expect(
                words.some((w) => said.join('\n').includes(w!)),
                `${where}: ${said.join('\n')}`,
              ).toBe(true);
            }
          } else if (url.startsWith(BASE_URL)) {
            site++;
            const path = new URL(url).pathname.slice(new URL(BASE_URL).pathname.length);
            expect(
              routes.includes(path) || existsSync(join(dist, path)),
              `${where} is not a page or file of the build`,
            ).toBe(true);
          }
          return;
        }
        relative++;
        const [path = '', anchor] = url.split('#') as [string, string | undefined];
        const target = path === '' ? file : posix.join(posix.dirname(file), decodeURIComponent(path));
        expect(files, `${where}: no exported file ${target}`).toContain(target);
        if (node.type === 'image') {
          expect(target, where).toMatch(/\.svg$/);
          const svg = readFileSync(join(out, target), 'utf8');
          expect(svgParses(svg), where).toBeUndefined();
          // Mermaid scopes its styles to the SVG: without its own <style> the file draws no lines.
          expect(svg, where).toMatch(/<style>[^<]*#diagram-[0-9a-f]+-light/);
          expect(svg, where).toContain(`<title id="chart-title-`);
        }
        if (anchor !== undefined)
          expect(
            slugs.get(target)?.has(decodeURIComponent(anchor)),
            `${where}: no heading #${anchor} in ${target}`,
          ).toBe(true);
      });
    }
    expect(relative).toBeGreaterThan(50);
    expect(upstream).toBeGreaterThan(100);
    expect(site).toBeGreaterThan(10);
  });

  it('links to sections that moved go to their new page', () => {
    const md = readFileSync(join(out, 'etcd-sizing.md'), 'utf8');
    expect(md).toContain('(etcd-writes.md#writes-go-through-one-leader)');
    // No exported link points at an id that is listed as moved away from its page.
    for (const [, tree] of trees) {
      visitParents(tree, 'link', (l: Link) => {
        expect(l.url).not.toMatch(/^etcd-sizing\.md#writes-go-through-one-leader$/);
      });
    }
  });

  it('shows each diagram in the chosen form', () => {
    for (const route of routes) {
      const figures = parseHtml(readPage(edition, route)).querySelectorAll('main figure.diagram').length;
      const tree = trees.get(exportFileOf(route))!;
      let images = 0;
      let fences = 0;
      visitParents(tree, (n) => {
        if (n.type === 'image') images++;
        else if (n.type === 'code' && n.lang === 'mermaid') fences++;
      });
      if (diagrams === 'svg') {
        expect([images, fences], route).toEqual([figures, 0]);
      } else {
        expect([images, fences], route).toEqual([0, figures]);
      }
    }
    const svgs = files.filter((f) => f.endsWith('.svg'));
    expect(svgs.length).toBe(diagrams === 'svg' ? 5 : 0);
  });

  it('links each calculator to the live calculator with its default state', () => {
    let live = 0;
    for (const [file, tree] of trees) {
      visitParents(tree, 'link', (l: Link) => {
        const m = /#([a-z])-title$/.exec(l.url);
        if (!m) return;
        live++;
        const id = (Object.keys(CALCULATOR_PREFIX) as CalculatorId[]).find((k) => CALCULATOR_PREFIX[k] === `${m[1]}.`)!;
        const url = new URL(l.url);
        expect(url.href.startsWith(BASE_URL), `${file}: ${l.url}`).toBe(true);
        const decoded = decodeCalculator(id, url.searchParams);
        expect(decoded.corrections, `${file}: ${l.url}`).toEqual([]);
        expect(decoded.state, `${file}: ${l.url}`).toEqual(defaultState(CALCULATOR_SCHEMAS[id]));
        // Every field is written out, so the link keeps this result if a default changes.
        expect([...url.searchParams.keys()].sort()).toEqual(
          Object.keys(CALCULATOR_SCHEMAS[id])
            .map((k) => `${CALCULATOR_PREFIX[id]}${k}`)
            .sort(),
        );
      });
    }
    expect(live).toBe(
      routes.reduce((n, r) => n + parseHtml(readPage(edition, r)).querySelectorAll('main section.calc').length, 0),
    );
  });

  it("each page's text is the built page's text", () => {
    for (const route of routes) {
      const html = comparable(builtPageText(readPage(edition, route), `/${route}`));
      const md = comparable(exportedPageText(readFileSync(join(out, exportFileOf(route)), 'utf8')));
      if (html !== md) {
        let i = 0;
        while (i < html.length && html[i] === md[i]) i++;
        expect.fail(
          `/${route}: the export's text departs from the page's at character ${i}:\n  page:   …${html.slice(Math.max(0, i - 60), i + 80)}\n  export: …${md.slice(Math.max(0, i - 60), i + 80)}`,
        );
      }
      expect(html.length, route).toBeGreaterThan(500);
    }
  });

  it('exports the same bytes from the same build, and writes nothing in the repository', () => {
    const again = `${out}-again`;
    const before = repositoryState();
    const r = exportWiki(['--dist', dist, '--out', again, ...args]);
    expect(r.status, r.stderr).toBe(0);
    expect(repositoryState()).toEqual(before);
    expect(filesIn(again)).toEqual(files);
    for (const f of files) expect(readFileSync(join(again, f), 'utf8'), f).toBe(readFileSync(join(out, f), 'utf8'));
  });
});

describe('export:wiki command line', () => {
  it('asks for a build when there is none, and exits non-zero', () => {
    const r = exportWiki(['--dist', join(temp, 'no-such-dist'), '--out', join(temp, 'unused')]);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('npm run build');
    expect(existsSync(join(temp, 'unused'))).toBe(false);
  });

  it('refuses folders the project reads, and usage mistakes, with what to do instead', () => {
    for (const out of ['src/wiki', 'content/wiki', 'test/wiki', 'scripts/wiki', '.', 'dist/wiki']) {
      const r = exportWiki(['--out', out]);
      expect(r.status, out).toBe(2);
      expect(r.stderr, out).toMatch(/Use a folder of its own/);
    }
    expect(existsSync(join(ROOT, 'src/wiki'))).toBe(false);
    const bad = exportWiki(['--diagrams=png', '--out', join(temp, 'x')]);
    expect([bad.status, bad.stderr.trim()]).toEqual([2, '--diagrams=png: use svg or mermaid.']);
    expect(exportWiki(['--base-url', 'ftp://x/', '--out', join(temp, 'x')]).stderr).toMatch(/not an http\(s\) URL/);
  });

  it('replaces its own earlier export, and never writes over other files', () => {
    const out = join(temp, 'reused');
    mkdirSync(out);
    writeFileSync(join(out, 'Home.md'), 'someone else’s page\n');
    const refused = exportWiki(['--dist', DIST, '--out', out]);
    expect(refused.status).toBe(2);
    expect(refused.stderr).toMatch(/already holds files \(Home\.md\)/);
    expect(readdirSync(out)).toEqual(['Home.md']);
    rmSync(join(out, 'Home.md'));
    // An earlier export in SVG mode: the one the first case above wrote.
    const earlier = join(temp, 'svg-root');
    expect(existsSync(earlier), 'this test reuses the export of "default build, SVG diagrams"').toBe(true);
    cpSync(earlier, out, { recursive: true });
    expect(readdirSync(out)).toContain('etcd-writes.diagram-1.svg');
    // A second export in mermaid mode removes the SVG files of the first.
    expect(exportWiki(['--dist', DIST, '--out', out, '--diagrams=mermaid']).status).toBe(0);
    expect(readdirSync(out).filter((f) => f.endsWith('.svg'))).toEqual([]);
    expect(readdirSync(out)).toContain('etcd-writes.md');
  });
});
