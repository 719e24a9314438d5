import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findChromium } from '../../src/lib/chromium.ts';
import {
  chromiumPathForTests,
  NO_CHROMIUM,
  needChromium,
  needSvgDiagrams,
  type SkipContext,
} from '../helpers/browser.ts';
import { ROOT } from '../helpers/paths.ts';

describe('findChromium', () => {
  it('uses CHROMIUM_PATH when it exists', () => {
    expect(findChromium({ CHROMIUM_PATH: process.execPath })).toBe(process.execPath);
  });
  it('refuses a CHROMIUM_PATH that does not exist instead of silently using another browser', () => {
    expect(() => findChromium({ CHROMIUM_PATH: '/nope/chromium' })).toThrow(/CHROMIUM_PATH .*does not exist/);
  });
});

describe('tests that need Chromium', () => {
  const none = (): undefined => undefined;
  const found = (): string => '/usr/bin/chromium';
  /** A test context whose skip() throws, as Vitest's does, and remembers its note. */
  const context = (): SkipContext & { note?: string | undefined } => {
    const ctx: SkipContext & { note?: string | undefined } = {
      skip(note?: string): never {
        ctx.note = note;
        throw new Error('skipped');
      },
    };
    return ctx;
  };

  it('are skipped with the reason outside CI, never passed silently', () => {
    expect(chromiumPathForTests({}, none)).toBeUndefined();
    const ctx = context();
    expect(() => needChromium(ctx, {}, none)).toThrow('skipped');
    expect(ctx.note).toBe(NO_CHROMIUM);
    expect(needChromium(context(), {}, found)).toBe('/usr/bin/chromium');
  });

  it('fail under CI=true with a message that says how to get Chromium', () => {
    const message =
      /^CI=true requires Chromium for the browser tests and the build-time diagrams, and there is none: no Chromium found: install it \(apt-get install -y chromium\) or set CHROMIUM_PATH\.$/;
    expect(() => chromiumPathForTests({ CI: 'true' }, none)).toThrow(message);
    const ctx = context();
    expect(() => needChromium(ctx, { CI: 'true' }, none)).toThrow(message);
    expect(ctx.note).toBeUndefined();
    expect(chromiumPathForTests({ CI: 'true' }, found)).toBe('/usr/bin/chromium');
  });

  it('of what a build with Chromium produces are skipped, with the reason, when DIAGRAMS=client', () => {
    const ctx = context();
    expect(() => needSvgDiagrams(ctx, { DIAGRAMS: 'client', CHROMIUM_PATH: process.execPath })).toThrow('skipped');
    expect(ctx.note).toMatch(/^DIAGRAMS=client/);
  });

  // A test that returns early passes without testing anything: browser and diagram conditions go
  // through the helpers above (skip with a note, or fail under CI), never through a bare return.
  it('go through these helpers in every test file: no direct findChromium(), no early return on it', () => {
    const files = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
        e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith('.test.ts') ? [join(dir, e.name)] : [],
      );
    const offenders: string[] = [];
    for (const file of files(join(ROOT, 'test'))) {
      const name = relative(ROOT, file);
      const text = readFileSync(file, 'utf8');
      if (name !== 'test/unit/chromium.test.ts' && /findChromium\(/.test(text))
        offenders.push(`${name}: calls findChromium() (use chromiumPathForTests or needChromium)`);
      for (const m of text.matchAll(/if \([^)]*(?:[Cc]hromium|executablePath|diagrams\.client)[^)]*\)\s*return\b/g))
        offenders.push(`${name}: ${m[0]}`);
    }
    expect(offenders).toEqual([]);
  });
});
