import { describe, expect, it } from 'vitest';
import { LinkChecker } from 'linkinator';
import { DIST, DIST_BASE, TEST_BASE } from '../helpers/paths.ts';
import { serveStatic } from '../helpers/static-server.ts';

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
