import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { git } from '../../helpers/fake-github/index.ts';
import { fileText, gitBlobSha, hashLines, normaliseText, splitLines } from '../../../src/lib/citations/hash.ts';
import { LOCK_FILE, emptyLock, parseLock, readLock, serializeLock, writeLock, type LockEntry } from '../../../src/lib/citations/lock.ts';
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
    fc.assert(fc.property(fc.string(), (s) => {
      const t = normaliseText(enc(s));
      expect(splitLines(t).join('\n')).toBe(t.endsWith('\n') ? t.slice(0, -1) : t);
      expect(t.includes('\r')).toBe(false);
    }));
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
    return { key, repo: `${r.owner}/${r.repo}`, ref: r.ref, path: r.path, start: r.start, end: r.end, status: 'pinned', commit: 'c'.repeat(40), blobSha: 'b'.repeat(40), lineCount: 10, sha256: 'f'.repeat(64), pinnedAt: '2024-01-01T00:00:00.000Z', provider: 'github', ...extra };
  };
  test('serialises sorted by key, fixed field order, with the normalisation header; round-trips', () => {
    const lock = emptyLock();
    for (const k of ['z/z@v1:b.go#L2', 'a/a@v1:a.go#L1-L3', 'a/a@v1:a.go#L1']) lock.entries.set(k, entry(k));
    const text = serializeLock(lock);
    const data = JSON.parse(text);
    expect(data.entries.map((e: LockEntry) => e.key)).toEqual(['a/a@v1:a.go#L1', 'a/a@v1:a.go#L1-L3', 'z/z@v1:b.go#L2']);
    expect(Object.keys(data.entries[0])).toEqual(['key', 'repo', 'ref', 'path', 'start', 'end', 'status', 'commit', 'blobSha', 'lineCount', 'sha256', 'pinnedAt', 'provider']);
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
    expect(Object.keys(JSON.parse(serializeLock(lock)).entries[0])).toEqual(['key', 'repo', 'ref', 'path', 'start', 'end', 'status', 'pinnedAt']);
  });
  test('a corrupt lock is a clear error; a missing one is empty; writes are atomic', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cite-lock-'));
    try {
      expect((await readLock(dir)).entries.size).toBe(0);
      writeFileSync(join(dir, LOCK_FILE), '{ nope');
      await expect(readLock(dir)).rejects.toThrow(/citations\.lock\.json is invalid: not JSON.*cite -- pin/);
      writeFileSync(join(dir, LOCK_FILE), JSON.stringify({ version: 1, entries: [{ key: 'a/a@v1:a.go#L1', status: 'pinned' }] }));
      await expect(readLock(dir)).rejects.toThrow(/pinned entry a\/a@v1:a.go#L1 has no "commit"/);
      const lock = emptyLock();
      lock.entries.set('a/a@v1:a.go#L1', entry('a/a@v1:a.go#L1'));
      await writeLock(dir, lock);
      expect((await readLock(dir)).entries.get('a/a@v1:a.go#L1')!.commit).toBe('c'.repeat(40));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
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
