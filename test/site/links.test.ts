import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LinkChecker } from 'linkinator';
import { parse } from 'node-html-parser';
import { DIST, DIST_BASE, ROOT, TEST_BASE } from '../helpers/paths.ts';
import { serveStatic } from '../../src/tooling/static-server.ts';

/**
 * Every internal link and #fragment in the built HTML resolves. External
 * links are skipped: this machine has no outside network, and checking them
 * belongs to a scheduled job, not to a build.
 */
async function brokenLinks(dir: string, base: string): Promise<string[]> {
  const site = await serveStatic(dir, base);
  try {
    const checker = new LinkChecker();
    const result = await checker.check({
      path: site.url,
      recurse: true,
      checkFragments: true,
      concurrency: 8,
      linksToSkip: (link: string) => Promise.resolve(!link.startsWith(site.origin)),
    });
    return result.links
      .filter((l) => l.state === 'BROKEN')
      .map((l) => `${l.url} (from ${l.parent}): ${l.status ?? ''} ${(l.failureDetails ?? []).map(String).join('; ')}`);
  } finally {
    await site.close();
  }
}

describe('links', () => {
  it('every internal link and anchor resolves in the default build', async () => {
    expect(await brokenLinks(DIST, '/')).toEqual([]);
  });
  it('every internal link and anchor resolves under a sub-path', async () => {
    expect(await brokenLinks(DIST_BASE, TEST_BASE)).toEqual([]);
  });
});

/** A README heading's anchor as GitHub writes it: lower case, punctuation dropped, spaces to "-". */
const githubAnchor = (heading: string): string =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');

describe('README examples', () => {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const page = (path: string) => {
    const file = join(DIST, path.replace(/^\//, ''), 'index.html');
    return existsSync(file) ? parse(readFileSync(file, 'utf8')) : null;
  };

  it('every site path in a README code span is a page, and every #anchor on it exists', () => {
    const paths = [...readme.matchAll(/`(\/(?:[a-z0-9-]+\/)*)(?:#([a-z0-9-]+))?`/g)].map((m) => [m[1]!, m[2]] as const);
    expect(paths.length).toBeGreaterThan(1);
    const broken = paths.filter(([path, id]) => {
      const html = page(path);
      return html === null || (id !== undefined && html.querySelector(`main [id="${id}"]`) === null);
    });
    expect(broken).toEqual([]);
  });

  it('the moved-section and moved-calculator examples name a heading and a calculator that are on their page', () => {
    const examples = [...readme.matchAll(/`([a-z0-9.-]+): (\/[a-z0-9-]+\/)`/g)].map((m) => [m[1]!, m[2]!] as const);
    expect(examples.map(([key]) => key)).toEqual(['writes-go-through-one-leader', 'w']);
    const [[id, sectionPage], [prefix, calculatorPage]] = examples as [
      readonly [string, string],
      readonly [string, string],
    ];
    expect(page(sectionPage)?.querySelector(`main h2[id="${id}"], main h3[id="${id}"]`)).toBeTruthy();
    expect(page(calculatorPage)?.querySelector(`[data-url-prefix="${prefix}."]`)).toBeTruthy();
  });

  it('every #anchor link inside the README names one of its headings', () => {
    const anchors = new Set([...readme.matchAll(/^#{1,6} (.+)$/gm)].map((m) => githubAnchor(m[1]!)));
    const links = [...readme.matchAll(/\]\(#([^)]+)\)/g)].map((m) => m[1]!);
    expect(links.length).toBeGreaterThan(0);
    expect(links.filter((l) => !anchors.has(l))).toEqual([]);
  });
});
