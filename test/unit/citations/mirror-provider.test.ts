import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createRepo, git } from '../../helpers/fake-github/index.ts';
import { createMirrorProvider, parseMirrors } from '../../../src/lib/citations/providers/mirror.ts';
import { ProviderError } from '../../../src/lib/citations/providers/types.ts';
import { gitBlobSha } from '../../../src/lib/citations/hash.ts';

const repo = createRepo('mirror');
let c1: string;
let bare: string;
beforeAll(() => {
  c1 = repo.commit({
    'win/crlf.txt': Buffer.from('one\r\ntwo\r\n'),
    'a b/ß.go': 'x\n',
    'glob/*.go': 'star\n',
    'glob/a.go': 'plain\n',
    'tool.sh': Buffer.from('#!/bin/sh\n'),
    'link.go': { symlink: 'a b/ß.go' },
    'vendor/lib': { submodule: true },
  });
  chmodSync(join(repo.dir, 'tool.sh'), 0o755);
  c1 = repo.commit({});
  repo.tag('v1', { annotated: true });
  repo.tag('light');
  // A bare clone has no working tree at all: the provider must read objects.
  bare = mkdtempSync(join(tmpdir(), 'cite-bare-'));
  git(bare, ['clone', '-q', '--mirror', repo.dir, '.']);
});
afterAll(() => {
  repo.remove();
  rmSync(bare, { recursive: true, force: true });
});

describe('CITATION_MIRRORS', () => {
  test('parses owner/repo=path entries, relative paths against cwd', () => {
    const m = parseMirrors(` acme/widget=${repo.dir} , acme/other=${bare}`);
    expect([...m]).toEqual([
      ['acme/widget', repo.dir],
      ['acme/other', bare],
    ]);
  });
  test('a malformed entry or a missing directory is a configuration error with an example', () => {
    expect(() => parseMirrors('acme-widget')).toThrow(/not owner\/repo=\/path\/to\/git.*Example/);
    expect(() => parseMirrors('acme/w=/definitely/not/here')).toThrow(/is not a directory/);
    let kind: string | undefined;
    try {
      parseMirrors('nope');
    } catch (e) {
      kind = (e as ProviderError).kind;
    }
    expect(kind).toBe('config');
  });
});

describe.each([
  ['working-tree clone', () => repo.dir],
  ['bare mirror', () => bare],
])('mirror provider (%s)', (_label, dir) => {
  test('resolves lightweight and annotated tags to the commit', async () => {
    const p = createMirrorProvider('acme/widget', dir());
    expect((await p.resolveRef('acme', 'widget', 'light')).commit).toBe(c1);
    expect((await p.resolveRef('acme', 'widget', 'v1')).commit).toBe(c1);
    expect((await p.resolveRef('acme', 'widget', c1)).commit).toBe(c1);
  });
  test('reads git objects byte for byte (CRLF kept; normalisation happens later), with the tree entry and its mode', async () => {
    const p = createMirrorProvider('acme/widget', dir());
    const f = await p.fetchFile('acme', 'widget', c1, 'win/crlf.txt');
    expect(Buffer.from(f!.bytes).toString('latin1')).toBe('one\r\ntwo\r\n');
    const sha = git(repo.dir, ['rev-parse', `${c1}:win/crlf.txt`]);
    expect(f!.entry).toEqual({ path: 'win/crlf.txt', type: 'file', mode: '100644', sha });
    expect(gitBlobSha(f!.bytes)).toBe(sha);
    expect(Buffer.from((await p.fetchFile('acme', 'widget', c1, 'a b/ß.go'))!.bytes).toString()).toBe('x\n');
    expect((await p.fetchFile('acme', 'widget', c1, 'tool.sh'))!.entry.mode).toBe('100755');
  });
  test('paths are literal, not patterns: "glob/*.go" is that file only', async () => {
    const p = createMirrorProvider('acme/widget', dir());
    expect(Buffer.from((await p.fetchFile('acme', 'widget', c1, 'glob/*.go'))!.bytes).toString()).toBe('star\n');
    expect(await p.fetchFile('acme', 'widget', c1, 'glob/?.go')).toBeNull();
  });
  test('a missing file is null; a missing ref, a directory, a symlink or a submodule is a clear error', async () => {
    const p = createMirrorProvider('acme/widget', dir());
    expect(await p.fetchFile('acme', 'widget', c1, 'nope.go')).toBeNull();
    await expect(p.resolveRef('acme', 'widget', 'v404')).rejects.toThrow(
      /Ref "v404" not found in the mirror of acme\/widget.*git -C/,
    );
    await expect(p.fetchFile('acme', 'widget', c1, 'win')).rejects.toThrow(
      /^win at [0-9a-f]{7} in acme\/widget is a directory \(mode 040000\), not a file\. Cite a regular file\.$/,
    );
    await expect(p.fetchFile('acme', 'widget', c1, 'link.go')).rejects.toThrow(
      /link\.go at [0-9a-f]{7} in acme\/widget is a symbolic link \(mode 120000\), not a file/,
    );
    await expect(p.fetchFile('acme', 'widget', c1, 'vendor/lib')).rejects.toThrow(
      /vendor\/lib at [0-9a-f]{7} in acme\/widget is a submodule \(mode 160000\), not a file/,
    );
    const e = await p.fetchFile('acme', 'widget', c1, 'link.go').catch((x: unknown) => x);
    expect((e as ProviderError).kind).toBe('not-a-file');
  });
  test('a commit the mirror does not have is not-found', async () => {
    const p = createMirrorProvider('acme/widget', dir());
    const e = await p.fetchFile('acme', 'widget', 'f'.repeat(40), 'win/crlf.txt').catch((x: unknown) => x);
    expect((e as ProviderError).kind).toBe('not-found');
    expect((e as ProviderError).message).toMatch(/Commit f{40} is not in the mirror of acme\/widget/);
  });
});

test('a directory that is not a git repository is a configuration error, even inside another clone', async () => {
  const inside = join(repo.dir, 'win'); // a plain directory within a clone
  const p = createMirrorProvider('acme/widget', inside);
  const e = await p.resolveRef('acme', 'widget', 'v1').catch((x: unknown) => x);
  expect(e).toBeInstanceOf(ProviderError);
  expect((e as ProviderError).kind).toBe('config');
});
