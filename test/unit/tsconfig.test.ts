import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/paths.ts';

/**
 * The files `astro check` type-checks: the tsconfig's file list, read the way its checker reads it
 * (TypeScript's parser, with .astro as an extra extension).
 */
function checkedFiles(root: string): string[] {
  const path = join(root, 'tsconfig.json');
  const config = ts.readConfigFile(path, (p) => ts.sys.readFile(p));
  const astro = [{ extension: '.astro', isMixedContent: true, scriptKind: ts.ScriptKind.Deferred }];
  return ts
    .parseJsonConfigFileContent(config.config, ts.sys, root, undefined, path, undefined, astro)
    .fileNames.map((f) => relative(root, f))
    .sort();
}

describe('tsconfig: what astro check reads', () => {
  it('includes every source file the repository tracks', () => {
    const tracked = execFileSync('git', ['ls-files', '*.ts', '*.mts', '*.mjs', '*.astro'], {
      cwd: ROOT,
      encoding: 'utf8',
    })
      .split('\n')
      .filter(Boolean);
    expect(tracked.length).toBeGreaterThan(100);
    const checked = new Set(checkedFiles(ROOT));
    expect(tracked.filter((f) => !checked.has(f))).toEqual([]);
  });

  // A second build in the repository root (SITE_BASE=/wiki npm run build -- --outDir dist-wiki) holds
  // megabytes of bundled JavaScript; type-checking it ran astro check out of memory.
  it('leaves out every build output, whatever its directory is called', () => {
    const dir = mkdtempSync(join(tmpdir(), 'tsconfig-'));
    try {
      copyFileSync(join(ROOT, 'tsconfig.json'), join(dir, 'tsconfig.json'));
      symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
      const sources = [
        'src/lib/a.ts',
        'src/components/B.astro',
        'content.config.ts',
        'astro.config.mjs',
        'scripts/c.ts',
        'test/unit/d.test.ts',
      ];
      const outputs = [
        'dist/_astro/e.js',
        'dist-base/_astro/f.js',
        'dist-wiki/_astro/g.js',
        'site-out/_astro/h.js',
        'public/i.js',
        '.cache/fixtures/site-1/dist/_astro/j.js',
        'reports/k.js',
      ];
      for (const file of [...sources, ...outputs]) {
        mkdirSync(dirname(join(dir, file)), { recursive: true });
        writeFileSync(join(dir, file), file.endsWith('.astro') ? '---\n---\n<p>x</p>\n' : 'export const x = 1;\n');
      }
      expect(checkedFiles(dir)).toEqual([...sources].sort());
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
