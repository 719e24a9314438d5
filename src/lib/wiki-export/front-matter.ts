/**
 * Where an exported page comes from and which guide it is: as YAML front matter for a wiki that
 * reads it, or as a small table for one that would print it as text.
 */
import type { Element } from 'hast';
import { stringify } from 'yaml';
import { GUIDE_REPOS, commitNoteIn, type GuideVersion } from '../guide-version.ts';
import type { UiText } from '../i18n/ui-text.ts';
import { h } from './hast-edit.ts';

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

/**
 * The same provenance as {@link frontMatter}, as a two-column table under the page title, in the
 * page's language.
 * @param sourceUrl - the page on the published site.
 * @param text - the catalogue of the page's language (src/lib/i18n/ui-text.ts).
 */
export function provenanceTable(sourceUrl: string, version: GuideVersion, text: Pick<UiText, 'commit' | 'provenance'>): Element {
  const words = text.provenance;
  const commit = commitNoteIn(version, text.commit);
  const rows: [string, Element | string][] = [
    [words.source, h('a', { href: sourceUrl }, [sourceUrl])],
    [words.guide, version.commit?.url ? h('a', { href: version.commit.url }, [commit]) : commit],
    [words.built, version.date],
    ...version.pinned.map((p): [string, string] => [GUIDE_REPOS.find((r) => r.repo === p.repo)?.name ?? p.repo, p.version]),
  ];
  return h('table', {}, [
    h('thead', {}, [h('tr', {}, [h('th', {}, [words.thisPage]), h('th', {}, [words.value])])]),
    h('tbody', {}, rows.map(([k, v]) => h('tr', {}, [h('td', {}, [k]), h('td', {}, [v])]))),
  ]);
}
