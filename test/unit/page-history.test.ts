import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastUpdated } from '../../src/lib/page-history.ts';

const BUILD = new Date('2026-12-01T09:00:00Z');
let dir: string;
let origin: string;

function commit(repo: string, file: string, text: string, iso: string): void {
  writeFileSync(join(repo, file), text);
  const env = { ...process.env, GIT_AUTHOR_DATE: iso, GIT_COMMITTER_DATE: iso };
  execFileSync('git', ['add', file], { cwd: repo, env });
  execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.invalid', 'commit', '-qm', file], {
    cwd: repo,
    env,
  });
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'page-history-'));
  origin = join(dir, 'origin');
  execFileSync('git', ['init', '-q', '-b', 'main', origin]);
  commit(origin, 'old.mdx', 'a', '2026-01-10T12:00:00Z');
  commit(origin, 'middle.mdx', 'b', '2026-05-20T12:00:00Z');
  commit(origin, 'new.mdx', 'c', '2026-11-30T12:00:00Z');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('lastUpdated', () => {
  it('dates each file by the newest commit that changed it, in a full clone', () => {
    const dates = lastUpdated(origin, ['old.mdx', join(origin, 'new.mdx')], BUILD);
    expect(dates.get('old.mdx')).toMatchObject({ source: 'git', date: new Date('2026-01-10T12:00:00Z') });
    expect(dates.get('new.mdx')).toMatchObject({ source: 'git', date: new Date('2026-11-30T12:00:00Z') });
  });

  it('in a shallow clone, trusts only commits whose parent was fetched', () => {
    const shallow = join(dir, 'shallow');
    execFileSync('git', ['clone', '-q', '--depth', '2', `file://${origin}`, shallow]);
    const dates = lastUpdated(shallow, ['old.mdx', 'middle.mdx', 'new.mdx'], BUILD);
    expect(dates.get('new.mdx')).toMatchObject({ source: 'git', date: new Date('2026-11-30T12:00:00Z') });
    // old.mdx last changed before the cut-off; git would wrongly credit the boundary commit.
    for (const file of ['old.mdx', 'middle.mdx']) {
      expect(dates.get(file)).toMatchObject({ source: 'build', date: BUILD });
      expect(dates.get(file)?.reason).toBe('shallow');
    }
  });

  it('falls back to the build date for uncommitted changes, untracked files and non-git folders', () => {
    writeFileSync(join(origin, 'new.mdx'), 'edited');
    writeFileSync(join(origin, 'draft.mdx'), 'draft');
    const dates = lastUpdated(origin, ['new.mdx', 'draft.mdx'], BUILD);
    expect(dates.get('new.mdx')).toMatchObject({ source: 'build', reason: 'uncommitted' });
    expect(dates.get('draft.mdx')).toMatchObject({ source: 'build', date: BUILD, reason: 'uncommitted' });
    execFileSync('git', ['checkout', '-q', '--', 'new.mdx'], { cwd: origin });
    rmSync(join(origin, 'draft.mdx'));

    const plain = mkdtempSync(join(tmpdir(), 'not-git-'));
    try {
      expect(lastUpdated(plain, ['x.mdx'], BUILD).get('x.mdx')).toMatchObject({
        source: 'build',
        reason: 'no-checkout',
      });
    } finally {
      rmSync(plain, { recursive: true, force: true });
    }
  });
});
