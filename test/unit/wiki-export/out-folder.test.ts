import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkOutFolder } from '../../../src/lib/wiki-export/out-folder.ts';

const ROOT = '/repo';

describe('checkOutFolder', () => {
  it('accepts the default folder, other folders at the root and folders outside the repository', () => {
    expect(checkOutFolder('wiki-export', ROOT, ROOT)).toEqual({ path: join(ROOT, 'wiki-export') });
    expect(checkOutFolder('../wiki', ROOT, ROOT)).toEqual({ path: '/wiki' });
    expect(checkOutFolder('/srv/wiki-clone', ROOT, '/tmp')).toEqual({ path: '/srv/wiki-clone' });
    expect(checkOutFolder('distribution', ROOT, ROOT)).toEqual({ path: join(ROOT, 'distribution') });
  });

  it.each(['src/wiki', 'content', 'content/docs/wiki', 'scripts/out', 'test/x', 'public/wiki', 'dist', 'dist-base/w', 'node_modules/x'])('refuses %s, which the project reads or publishes', (out) => {
    const r = checkOutFolder(out, ROOT, ROOT);
    expect('error' in r && r.error).toMatch(/is inside .*\/, which the build, astro check or Vitest reads .* Use a folder of its own/);
  });

  it('refuses the repository root and any folder that contains it', () => {
    expect(checkOutFolder('.', ROOT, ROOT)).toEqual({ error: expect.stringMatching(/is the repository root/) });
    expect(checkOutFolder('/', ROOT, ROOT)).toEqual({ error: expect.stringMatching(/contains the repository/) });
    expect(checkOutFolder('src/..', ROOT, ROOT)).toEqual({ error: expect.stringMatching(/is the repository root/) });
  });
});
