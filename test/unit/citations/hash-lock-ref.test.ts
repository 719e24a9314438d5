import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { git } from '../../helpers/fake-github/index.ts';
import { fileText, gitBlobSha, hashLines, normaliseText, splitLines } from '../../../src/lib/citations/hash.ts';
import {
  LOCK_FILE,
  emptyLock,
  entryMismatch,
  parseLock,
  readLock,
  serializeLock,
  writeLock,
  type LockEntry,
} from '../../../src/lib/citations/lock.ts';
import { parseCitationRef, webHostFromApiUrl } from '../../../src/lib/citations/ref.ts';
import { findShift, occurrences, searchable } from '../../../src/lib/citations/locate.ts';

const enc = (s: string): Uint8Array => new TextEncoder().encode(s);

describe('normalisation and hashes', () => {
  test('CRLF, CR and LF files give the same lines and hash', () => {
    const a = fileText(enc('alpha\r\nbeta\r\n')).lines;
    const b = fileText(enc('alpha\rbeta\r')).lines;
    const c = fileText(enc('alpha\nbeta')).lines;
    expect(a).toEqual(['alpha', 'beta']);
    expect(b).toEqual(a);
    expect(c).toEqual(a);
  });
  test('the hash is sha256 of the lines joined with \\n, no trailing newline', async () => {
    const { createHash } = await import('node:crypto');
    expect(hashLines(['x', 'ü 🚀'])).toBe(createHash('sha256').update('x\nü 🚀').digest('hex'));
  });
  test('multibyte UTF-8 survives; a BOM is dropped', () => {
    expect(normaliseText(enc('\uFEFFnaïve — 日本 🚀\n'))).toBe('naïve — 日本 🚀\n');
  });
  test('line counting: empty file 0, final newline does not add a line', () => {
    expect(splitLines('')).toEqual([]);
    expect(splitLines('\n')).toEqual(['']);
    expect(splitLines('a\n\n')).toEqual(['a', '']);
  });
  test('gitBlobSha equals git hash-object, for CRLF and binary-ish bytes', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cite-hash-'));
    try {
      const bytes = Buffer.concat([Buffer.from('a\r\nb\rc\n'), Buffer.from([0xff, 0x00, 0xe2, 0x82])]);
      writeFileSync(join(dir, 'f'), bytes);
      git(dir, ['init', '-q']);
      expect(gitBlobSha(bytes)).toBe(git(dir, ['hash-object', 'f']));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
  test('property: joining split lines with \\n restores the normalised text minus one final newline', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const t = normaliseText(enc(s));
        expect(splitLines(t).join('\n')).toBe(t.endsWith('\n') ? t.slice(0, -1) : t);
        expect(t.includes('\r')).toBe(false);
      }),
    );
  });
});

describe('locating fragments', () => {
  const s = searchable(['a', 'func Foo() {', '  s.r.Propose(x)', '}', 'b', 'c', 'd', 'e', 'f', 'g']);
  test('occurrences report first and last line, also across lines', () => {
    expect(occurrences(s, 's.r.Propose(')).toEqual([{ start: 3, end: 3 }]);
    expect(occurrences(s, '{\n  s.r')).toEqual([{ start: 2, end: 3 }]);
  });
  test('findShift: smallest shift holding all fragments; vanished; no fit; ambiguous', () => {
    expect(findShift(s, 1, 1, ['s.r.Propose('])).toEqual({ kind: 'shift', delta: 2 });
    expect(findShift(s, 5, 6, ['func Foo', 's.r.Propose('])).toEqual({ kind: 'shift', delta: -3 });
    expect(findShift(s, 2, 3, ['func Foo'])).toEqual({ kind: 'shift', delta: 0 });
    expect(findShift(s, 1, 1, ['gone'])).toEqual({ kind: 'vanished', fragments: ['gone'] });
    expect(findShift(s, 1, 1, ['a', 'g'])).toEqual({ kind: 'none' });
    const t = searchable(['x', 'k', 'y', 'k', 'z']);
    expect(findShift(t, 3, 3, ['k'])).toEqual({ kind: 'ambiguous', deltas: [-1, 1] });
  });
});

describe('the lock', () => {
  const entry = (key: string, extra: Partial<LockEntry> = {}): LockEntry => {
    const r = parseCitationRef(key);
    return {
      key,
      repo: `${r.owner}/${r.repo}`,
      ref: r.ref,
      path: r.path,
      start: r.start,
      end: r.end,
      status: 'pinned',
      commit: 'c'.repeat(40),
      blobSha: 'b'.repeat(40),
      lineCount: 10,
      sha256: 'f'.repeat(64),
      pinnedAt: '2024-01-01T00:00:00.000Z',
      provider: 'github',
      ...extra,
    };
  };
  test('serialises sorted by key, fixed field order, with the normalisation header; round-trips', () => {
    const lock = emptyLock();
    for (const k of ['z/z@v1:b.go#L2', 'a/a@v1:a.go#L1-L3', 'a/a@v1:a.go#L1']) lock.entries.set(k, entry(k));
    const text = serializeLock(lock);
    const data = JSON.parse(text);
    expect(data.entries.map((e: LockEntry) => e.key)).toEqual([
      'a/a@v1:a.go#L1',
      'a/a@v1:a.go#L1-L3',
      'z/z@v1:b.go#L2',
    ]);
    expect(Object.keys(data.entries[0])).toEqual([
      'key',
      'repo',
      'ref',
      'path',
      'start',
      'end',
      'status',
      'commit',
      'blobSha',
      'lineCount',
      'sha256',
      'pinnedAt',
      'provider',
    ]);
    expect(data.normalisation).toMatch(/CRLF.*LF.*joined with "\\n"/);
    expect(serializeLock(parseLock(text))).toBe(text);
    // Insertion order must not matter.
    const other = emptyLock();
    for (const k of ['a/a@v1:a.go#L1', 'z/z@v1:b.go#L2', 'a/a@v1:a.go#L1-L3']) other.entries.set(k, entry(k));
    expect(serializeLock(other)).toBe(text);
  });
  test('pending entries carry no commit or hash', () => {
    const lock = emptyLock();
    const { commit: _c, blobSha: _b, lineCount: _l, sha256: _s, provider: _p, ...pending } = entry('a/a@v1:a.go#L1');
    lock.entries.set(pending.key, { ...pending, status: 'pending' });
    expect(Object.keys(JSON.parse(serializeLock(lock)).entries[0])).toEqual([
      'key',
      'repo',
      'ref',
      'path',
      'start',
      'end',
      'status',
      'pinnedAt',
    ]);
  });
  test('a corrupt lock is a clear error; a missing one is empty; writes are atomic', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cite-lock-'));
    try {
      expect((await readLock(dir)).entries.size).toBe(0);
      writeFileSync(join(dir, LOCK_FILE), '{ nope');
      await expect(readLock(dir)).rejects.toThrow(/citations\.lock\.json is invalid: not JSON.*cite -- pin/);
      writeFileSync(
        join(dir, LOCK_FILE),
        JSON.stringify({ version: 1, entries: [{ key: 'a/a@v1:a.go#L1', status: 'pinned' }] }),
      );
      await expect(readLock(dir)).rejects.toThrow(
        'citations.lock.json is invalid: entry "a/a@v1:a.go#L1" (entries[0]): missing fields "repo", "ref", "path", "start", "end", "pinnedAt", "commit", "blobSha", "lineCount", "sha256". It is generated',
      );
      const lock = emptyLock();
      lock.entries.set('a/a@v1:a.go#L1', entry('a/a@v1:a.go#L1'));
      await writeLock(dir, lock);
      expect((await readLock(dir)).entries.get('a/a@v1:a.go#L1')!.commit).toBe('c'.repeat(40));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the lock schema', () => {
  const good = (): Record<string, unknown> => ({
    key: 'a/a@v1:a.go#L1',
    repo: 'a/a',
    ref: 'v1',
    path: 'a.go',
    start: 1,
    end: 1,
    status: 'pinned',
    commit: 'c'.repeat(40),
    blobSha: 'b'.repeat(40),
    lineCount: 10,
    sha256: 'f'.repeat(64),
    pinnedAt: '2024-01-01T00:00:00.000Z',
    provider: 'github',
  });
  const parseWith = (edit: (e: Record<string, unknown>) => void, extra: unknown[] = []): string => {
    const e = good();
    edit(e);
    try {
      parseLock(JSON.stringify({ version: 1, entries: [...extra, e] }));
    } catch (err) {
      return (err as Error).message;
    }
    return 'parsed';
  };

  test('every hand edit that breaks an entry names the file, the entry and the field', () => {
    const at = 'citations.lock.json is invalid: entry "a/a@v1:a.go#L1" (entries[0]): ';
    expect(parseWith(() => {})).toBe('parsed');
    expect(
      parseWith((e) => {
        e.start = '1';
      }),
    ).toContain(`${at}field "start": expected a number, got "1".`);
    expect(
      parseWith((e) => {
        e.start = 0;
      }),
    ).toContain(`${at}field "start": expected a line number of at least 1, got 0.`);
    expect(
      parseWith((e) => {
        e.commit = 'abc';
      }),
    ).toContain(`${at}field "commit": expected a full 40-hex commit SHA, got "abc".`);
    expect(
      parseWith((e) => {
        e.sha256 = 'A'.repeat(64);
      }),
    ).toContain(`${at}field "sha256": expected a lowercase 64-hex sha256`);
    expect(
      parseWith((e) => {
        e.provider = 'gitlab';
      }),
    ).toContain(`${at}field "provider": expected "github" or "mirror", got "gitlab".`);
    expect(
      parseWith((e) => {
        e.lineCount = -1;
      }),
    ).toContain(`${at}field "lineCount": expected a number of lines, got -1.`);
    expect(
      parseWith((e) => {
        e.pinnedAt = 'yesterday';
      }),
    ).toContain(`${at}field "pinnedAt": expected an ISO 8601 time`);
    expect(
      parseWith((e) => {
        e.sha265 = e.sha256;
      }),
    ).toContain(`${at}unknown field "sha265".`);
    expect(
      parseWith((e) => {
        e.status = 'verified';
      }),
    ).toContain(`${at}field "status": expected "pinned" or "provisional" or "pending", got "verified".`);
    expect(
      parseWith((e) => {
        delete e.key;
      }),
    ).toContain('citations.lock.json is invalid: entries[0]: missing field "key".');
    expect(parseWith(() => {}, [good()])).toContain('entry "a/a@v1:a.go#L1" (entries[1]) appears twice.');
    expect(parseWith(() => {}, ['x'])).toContain('entries[0]: the entry: expected an object, got "x"');
  });

  test('a pending entry may not carry a commit or hashes', () => {
    const message = parseWith((e) => {
      e.status = 'pending';
      delete e.blobSha;
      delete e.lineCount;
      delete e.sha256;
      delete e.provider;
    });
    expect(message).toContain('(entries[0]): unknown field "commit"');
  });

  test('the file itself: version and entries', () => {
    expect(() => parseLock('{"version":2,"entries":[]}')).toThrow(
      'citations.lock.json is invalid: field "version": expected 1, got 2.',
    );
    expect(() => parseLock('{"version":1,"entries":{}}')).toThrow(
      'citations.lock.json is invalid: field "entries": expected an array, got {}.',
    );
    expect(() => parseLock('[]')).toThrow('citations.lock.json is invalid: the file: expected an object, got []');
  });

  test("the project's own lock still parses and serialises byte for byte (the format is unchanged)", () => {
    const text = readFileSync(fileURLToPath(new URL('../../../citations.lock.json', import.meta.url)), 'utf8');
    const lock = parseLock(text);
    expect(lock.entries.size).toBeGreaterThan(0);
    expect(serializeLock(lock)).toBe(text);
  });
});

describe('ref grammar extensions and permalink host', () => {
  test('dot-only owners and refs starting with "-" are rejected', () => {
    expect(() => parseCitationRef('../x@v1:a.go#L1')).toThrow(/owner\/repo/);
    expect(() => parseCitationRef('a/b@-x:a.go#L1')).toThrow(/not a tag/);
  });
  test('web host follows GITHUB_API_URL', () => {
    expect(webHostFromApiUrl(undefined)).toBe('https://github.com');
    expect(webHostFromApiUrl('https://api.github.com')).toBe('https://github.com');
    expect(webHostFromApiUrl('https://ghe.example/api/v3')).toBe('https://ghe.example');
    expect(webHostFromApiUrl('http://127.0.0.1:8080/')).toBe('http://127.0.0.1:8080');
  });
});

describe('where a lock entry says its lines were read', () => {
  const key = 'kubernetes/kubernetes@v1.37.0:staging/src/k8s.io/apiserver/pkg/x.go#L3-L4';
  const base: LockEntry = {
    key,
    repo: 'kubernetes/kubernetes',
    ref: 'v1.37.0',
    path: 'staging/src/k8s.io/apiserver/pkg/x.go',
    start: 3,
    end: 4,
    status: 'pinned',
    read: { repo: 'kubernetes/apiserver', ref: 'v0.37.0', path: 'pkg/x.go' },
    commit: 'c'.repeat(40),
    blobSha: 'b'.repeat(40),
    lineCount: 10,
    sha256: 'f'.repeat(64),
    pinnedAt: '2024-01-01T00:00:00.000Z',
  };
  test('only the staging repository at the mapped tag, or provisionally an earlier tag of its line, is accepted', () => {
    expect(entryMismatch(base)).toBeUndefined();
    expect(
      entryMismatch({ ...base, status: 'provisional', read: { ...base.read!, ref: 'v0.37.0-beta.0' } }),
    ).toBeUndefined();
    expect(entryMismatch({ ...base, read: { ...base.read!, repo: 'evil/other' } })).toMatch(
      /read from evil\/other@v0\.37\.0:pkg\/x\.go, but v1\.37\.0's staging lines are in kubernetes\/apiserver@v0\.37\.0:pkg\/x\.go/,
    );
    expect(entryMismatch({ ...base, read: { ...base.read!, path: 'pkg/y.go' } })).toMatch(
      /staging lines are in kubernetes\/apiserver@v0\.37\.0:pkg\/x\.go/,
    );
    // A provisional entry whose status was flipped to pinned still names its earlier tag.
    expect(entryMismatch({ ...base, read: { ...base.read!, ref: 'v0.37.0-beta.0' } })).toMatch(
      /pinned at v0\.37\.0-beta\.0, but v1\.37\.0 is published as v0\.37\.0/,
    );
    expect(entryMismatch({ ...base, status: 'provisional', read: { ...base.read!, ref: 'v0.38.0-alpha.0' } })).toMatch(
      /not an earlier tag of v0\.37\.0's release line/,
    );
    expect(entryMismatch({ ...base, status: 'provisional', read: undefined as never })).toMatch(
      /provisional but names no earlier tag/,
    );
    const etcd = {
      ...base,
      key: 'etcd-io/etcd@v3.7.0:a.go#L3-L4',
      repo: 'etcd-io/etcd',
      ref: 'v3.7.0',
      path: 'a.go',
      read: { repo: 'etcd-io/etcd', ref: 'v3.7.0', path: 'b.go' },
    };
    expect(entryMismatch(etcd)).toMatch(/only a Kubernetes staging citation is read anywhere but where it points/);
  });
  test('a read location of ".." is refused by the schema', () => {
    const text = JSON.stringify({ version: 1, entries: [{ ...base, read: { ...base.read, repo: '../..' } }] });
    expect(() => parseLock(text)).toThrow(/field "read\.repo"/);
  });
});
