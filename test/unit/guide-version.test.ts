import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { LockEntry } from '../../src/lib/citations/lock.ts';
import { uiText } from '../../src/lib/i18n/ui-text.ts';
import {
  buildDate,
  commitNoteIn,
  commitUrl,
  formatGuideVersion,
  guideVersion,
  pinnedVersions,
  readGitCommit,
  repositoryUrlOf,
} from '../../src/lib/guide-version.ts';

const SHA = '3bb2ecb0123456789abcdef0123456789abcdef0';

function entry(repo: string, ref: string, status: LockEntry['status'], extra: Partial<LockEntry> = {}): LockEntry {
  return {
    key: `${repo}@${ref}:f.go#L1`,
    repo,
    ref,
    path: 'f.go',
    start: 1,
    end: 1,
    status,
    pinnedAt: '2026-01-01T00:00:00Z',
    ...extra,
  };
}

const lock = [
  entry('etcd-io/etcd', 'v3.7.0', 'pinned', { commit: 'c'.repeat(40) }),
  entry('etcd-io/etcd', 'v3.7.0', 'pinned', { commit: 'c'.repeat(40) }),
  entry('etcd-io/etcd', 'v0.1.0', 'pinned', { commit: 'd'.repeat(40) }),
  entry('etcd-io/etcd', 'e'.repeat(40), 'pinned', { commit: 'e'.repeat(40) }),
  entry('kubernetes/kubernetes', 'v1.37.0', 'provisional', {
    commit: 'a'.repeat(40),
    read: { repo: 'kubernetes/apiserver', ref: 'v0.37.0-beta.0', path: 'x.go' },
  }),
  entry('kubernetes/kubernetes', 'v1.37.0', 'pending'),
  entry('kubernetes/kubernetes', 'v1.38.0-alpha.1', 'pending'),
];

describe('pinnedVersions', () => {
  it('takes the highest release tag of each repository, ignoring older tags, commits and pre-releases', () => {
    expect(pinnedVersions(lock)).toEqual([
      { repo: 'kubernetes/kubernetes', version: 'v1.37.0', states: { provisional: 1, pending: 1 } },
      { repo: 'etcd-io/etcd', version: 'v3.7.0', commit: 'c'.repeat(40), states: { pinned: 2 } },
    ]);
  });

  it('names no commit when the citations at the tag do not share one', () => {
    const mixed = [...lock, entry('etcd-io/etcd', 'v3.7.0', 'pinned', { commit: 'f'.repeat(40) })];
    expect(pinnedVersions(mixed, ['etcd-io/etcd'])[0]!.commit).toBeUndefined();
  });

  it('fails with the repository named when nothing is cited at a release tag', () => {
    expect(() => pinnedVersions(lock, ['spf13/pflag'])).toThrow(/spf13\/pflag.*release tag/);
  });
});

describe('readGitCommit', () => {
  it('reads HEAD and whether tracked files changed', () => {
    const calls: string[] = [];
    const run = (dirty: string) => (args: readonly string[]) => {
      calls.push(args[0]!);
      return args[0] === 'rev-parse' ? `${SHA}\n` : dirty;
    };
    expect(readGitCommit('/r', run(''))).toEqual({ sha: SHA, short: '3bb2ecb', dirty: false });
    expect(readGitCommit('/r', run(' M src/x.ts\n'))).toEqual({ sha: SHA, short: '3bb2ecb', dirty: true });
    expect(calls).toEqual(['rev-parse', 'status', 'rev-parse', 'status']);
  });

  it('says why there is no commit outside a git checkout', () => {
    const dir = mkdtempSync(join(tmpdir(), 'guide-version-'));
    try {
      expect(readGitCommit(dir)).toEqual({ missing: { why: 'notCheckout' } });
    } finally {
      rmSync(dir, { recursive: true });
    }
    const noGit = () => {
      throw Object.assign(new Error('spawn git ENOENT'), { code: 'ENOENT' });
    };
    expect(readGitCommit('/r', noGit)).toEqual({ missing: { why: 'noGit' } });
    expect(readGitCommit('/r', () => 'not-a-sha\n')).toEqual({ missing: { why: 'oddHead', printed: 'not-a-sha' } });
  });
});

describe('commitUrl and repositoryUrlOf', () => {
  it('links the commit for the usual spellings of a repository URL', () => {
    for (const url of [
      'https://github.com/o/r',
      'git+https://github.com/o/r.git',
      'github:o/r',
      'https://github.com/o/r/',
    ]) {
      expect(commitUrl(url, SHA)).toBe(`https://github.com/o/r/commit/${SHA}`);
    }
    expect(commitUrl(undefined, SHA)).toBeUndefined();
    expect(() => commitUrl('git@github.com:o/r.git', SHA)).toThrow(/not a web address/);
  });

  it('reads package.json repository as a string or an object', () => {
    expect(repositoryUrlOf({ repository: 'github:o/r' })).toBe('github:o/r');
    expect(repositoryUrlOf({ repository: { type: 'git', url: 'https://x/o/r' } })).toBe('https://x/o/r');
    expect(repositoryUrlOf({ name: 'x' })).toBeUndefined();
  });
});

describe('buildDate and guideVersion', () => {
  it('prefers SOURCE_DATE_EPOCH and rejects a malformed one', () => {
    const now = new Date('2026-12-01T23:59:00Z');
    expect(buildDate(undefined, now)).toBe('2026-12-01');
    expect(buildDate('1767225600', now)).toBe('2026-01-01');
    expect(() => buildDate('yesterday', now)).toThrow(/SOURCE_DATE_EPOCH="yesterday"/);
  });

  it('puts the parts together and formats them on one line', () => {
    const v = guideVersion({
      commit: { sha: SHA, short: '3bb2ecb', dirty: true },
      date: '2026-12-01',
      lockEntries: lock,
      repositoryUrl: 'github:o/r',
    });
    expect(v.commit?.url).toBe(`https://github.com/o/r/commit/${SHA}`);
    expect(formatGuideVersion(v)).toBe('commit 3bb2ecb (modified), built 2026-12-01; Kubernetes v1.37.0, etcd v3.7.0');
    const none = guideVersion({
      commit: { missing: { why: 'notCheckout' } },
      date: '2026-12-01',
      lockEntries: lock,
    });
    expect(none.commit).toBeUndefined();
    expect(formatGuideVersion(none)).toBe(
      'unknown commit (not a git checkout), built 2026-12-01; Kubernetes v1.37.0, etcd v3.7.0',
    );
  });

  it('words the commit in each language from the same version', () => {
    const dirty = guideVersion({
      commit: { sha: SHA, short: '3bb2ecb', dirty: true },
      date: '2026-12-01',
      lockEntries: lock,
    });
    const clean = guideVersion({
      commit: { sha: SHA, short: '3bb2ecb', dirty: false },
      date: '2026-12-01',
      lockEntries: lock,
    });
    const odd = guideVersion({
      commit: { missing: { why: 'oddHead', printed: 'x' } },
      date: '2026-12-01',
      lockEntries: lock,
    });
    const ja = uiText('ja').commit;
    expect(commitNoteIn(clean, ja)).toBe('3bb2ecb');
    expect(commitNoteIn(dirty, ja)).toBe('3bb2ecb（未コミットの変更あり）');
    expect(commitNoteIn(odd, ja)).toBe('コミット不明（git が HEAD について "x" を出力しました）');
    expect(commitNoteIn(odd, uiText('en').commit)).toBe(odd.commitNote);
    expect(odd.commitNote).toBe('unknown commit (git printed "x" for HEAD)');
    expect(dirty.commitNote).toBe('3bb2ecb (modified)');
  });
});
