import { describe, expect, it } from 'vitest';
import { GUIDE_REPOS, type GuideVersion } from '../../../src/lib/guide-version.ts';
import { frontMatter } from '../../../src/lib/wiki-export/front-matter.ts';
import { movedSectionsOf } from '../../../src/lib/wiki-export/moved.ts';
import { parse } from 'yaml';

describe('movedSectionsOf', () => {
  it('reads movedSections from the frontmatter', () => {
    const mdx = `---\ntitle: x\nmovedSections:\n  writes-go-through-one-leader: /etcd-writes/\n---\n\n## A\n`;
    expect(movedSectionsOf(mdx, 'x.mdx')).toEqual({ 'writes-go-through-one-leader': '/etcd-writes/' });
    expect(movedSectionsOf('---\ntitle: x\n---\n', 'x.mdx')).toEqual({});
    expect(movedSectionsOf('# no frontmatter\n', 'x.mdx')).toEqual({});
  });

  it('names the file and the problem for a bad entry', () => {
    expect(() => movedSectionsOf('---\nmovedSections:\n  a: etcd-writes\n---\n', 'c/x.mdx')).toThrow(/^c\/x\.mdx: Moved section "a" points to "etcd-writes"/);
    expect(() => movedSectionsOf('---\nmovedSections: [a]\n---\n', 'c/x.mdx')).toThrow(/c\/x\.mdx: movedSections must map/);
    expect(() => movedSectionsOf('---\ntitle: [\n---\n', 'c/x.mdx')).toThrow(/c\/x\.mdx: the frontmatter is not valid YAML/);
  });
});

describe('frontMatter', () => {
  const version: GuideVersion = {
    commit: { sha: 'a'.repeat(40), short: 'aaaaaaa', dirty: false, url: `https://github.com/o/r/commit/${'a'.repeat(40)}` },
    commitNote: 'aaaaaaa',
    date: '2026-12-01',
    pinned: GUIDE_REPOS.map((r, i) => ({ repo: r.repo, version: `v${i + 1}.0.0`, states: {} })),
  };

  it('writes the source URL and the guide version as YAML, in a fixed order', () => {
    const text = frontMatter('etcd sizing: members', 'https://h.example/etcd-sizing/', version);
    expect(text.startsWith('---\n') && text.endsWith('---\n\n')).toBe(true);
    expect(parse(text.slice(4, -5))).toEqual({
      title: 'etcd sizing: members',
      source: 'https://h.example/etcd-sizing/',
      guide: { commit: 'aaaaaaa', commit_url: version.commit!.url, date: '2026-12-01', kubernetes: 'v1.0.0', etcd: 'v2.0.0' },
    });
    expect(Object.keys(parse(text.slice(4, -5)).guide)).toEqual(['commit', 'commit_url', 'date', 'kubernetes', 'etcd']);
    expect(frontMatter('t', 'https://h.example/', { ...version, commit: undefined, commitNote: 'unknown commit (not a git checkout)' })).toContain('commit: unknown commit (not a git checkout)\n');
  });
});
