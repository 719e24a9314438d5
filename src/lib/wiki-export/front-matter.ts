/**
 * The YAML front matter of an exported page: where it comes from and which guide it is.
 */
import { stringify } from 'yaml';
import { GUIDE_REPOS, type GuideVersion } from '../guide-version.ts';

/**
 * Front matter text, between `---` lines and followed by a blank line. Keys always come in the
 * same order, so the same input gives the same bytes.
 *
 * @param title - the page title.
 * @param sourceUrl - the page on the published site.
 * @param version - from src/lib/guide-version.ts.
 * @returns e.g. `---\ntitle: …\nsource: https://…/etcd-sizing/\nguide:\n  commit: 3bb2ecb\n…---\n\n`.
 */
export function frontMatter(title: string, sourceUrl: string, version: GuideVersion): string {
  const guide: Record<string, string> = { commit: version.commitNote };
  if (version.commit?.url) guide['commit_url'] = version.commit.url;
  guide['date'] = version.date;
  for (const p of version.pinned) guide[(GUIDE_REPOS.find((r) => r.repo === p.repo)?.name ?? p.repo).toLowerCase()] = p.version;
  // lineWidth 0: never fold a long title or URL onto a second line.
  return `---\n${stringify({ title, source: sourceUrl, guide }, { lineWidth: 0 })}---\n\n`;
}
