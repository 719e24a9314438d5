import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { findMirrors, mirrorsValue } from '../../../src/lib/citations/providers/mirror-folder.ts';
import { parseMirrors } from '../../../src/lib/citations/providers/mirror.ts';

const folder = mkdtempSync(join(tmpdir(), 'mirrors-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
const init = (dir: string, bare: boolean): void => {
  mkdirSync(dir, { recursive: true });
  execFileSync('git', ['init', '-q', ...(bare ? ['--bare'] : []), dir]);
};

test('finds snapshots in each layout, skips folders that hold no repository, and writes a value parseMirrors reads back', () => {
  init(join(folder, 'etcd-io+etcd', 'repo'), true); // a snapshot tool's layout
  init(join(folder, 'etcd-io+raft'), true);
  init(join(folder, 'kubernetes', 'apiserver.git'), true); // a tree of clones
  init(join(folder, 'kubernetes', 'client-go'), false);
  mkdirSync(join(folder, 'kubernetes', 'notes')); // not a repository
  mkdirSync(join(folder, 'empty+thing', 'repo'), { recursive: true });
  mkdirSync(join(folder, '.hidden+repo'));
  const found = findMirrors(folder);
  expect([...found]).toEqual([
    ['etcd-io/etcd', join(folder, 'etcd-io+etcd', 'repo')],
    ['etcd-io/raft', join(folder, 'etcd-io+raft')],
    ['kubernetes/apiserver', join(folder, 'kubernetes', 'apiserver.git')],
    ['kubernetes/client-go', join(folder, 'kubernetes', 'client-go')],
  ]);
  expect(parseMirrors(mirrorsValue(found))).toEqual(found);
  expect(() => findMirrors(join(folder, 'nope'))).toThrow(/is not a directory/);
  expect(() => mirrorsValue(new Map([['a/b', '/srv/a,b']]))).toThrow(/holds a comma/);
});
