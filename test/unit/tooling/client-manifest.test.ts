import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Manifest } from 'vite';
import { chunkImports, clientManifestPath, readClientManifest } from '../../../src/tooling/client-manifest.ts';

// The shape Vite writes: keys are source ids (or `_name.hash.js` for shared chunks), imports name keys.
const manifest: Manifest = {
  'src/components/calculators/QuorumCalculator.astro?astro&type=script&index=0&lang.ts': {
    file: '_astro/QuorumCalculator.astro_astro_type_script_index_0_lang.A1.js',
    isEntry: true,
    imports: ['_lazy.B2.js'],
    dynamicImports: ['src/components/calculators/quorum.client.ts'],
  },
  '_lazy.B2.js': { file: '_astro/lazy.B2.js' },
  'src/components/calculators/quorum.client.ts': {
    file: '_astro/quorum.client.C3.js',
    isDynamicEntry: true,
    imports: ['_calc.D4.js', '_lazy.B2.js'],
  },
  '_calc.D4.js': { file: '_astro/calc.D4.js', css: ['_astro/calc.E5.css'] },
  'src/styles/site.css': { file: '_astro/site.F6.css', src: 'src/styles/site.css' },
};

describe('chunkImports', () => {
  const importsOf = chunkImports(manifest);
  it('turns manifest keys into the files of _astro/ that a chunk imports, statically and dynamically', () => {
    expect(importsOf('QuorumCalculator.astro_astro_type_script_index_0_lang.A1.js')).toEqual({
      static: ['lazy.B2.js'],
      dynamic: ['quorum.client.C3.js'],
    });
    expect(importsOf('quorum.client.C3.js')).toEqual({ static: ['calc.D4.js', 'lazy.B2.js'], dynamic: [] });
    expect(importsOf('lazy.B2.js')).toEqual({ static: [], dynamic: [] });
  });
  it('gives no imports for a file the manifest does not list as a chunk', () => {
    expect(importsOf('ec.x.js')).toEqual({ static: [], dynamic: [] });
  });
  it('rejects an import of a key the manifest lacks', () => {
    expect(() => chunkImports({ a: { file: '_astro/a.js', imports: ['gone'] } })).toThrow(
      /"gone", which is not one of its entries/,
    );
  });
});

describe('clientManifestPath', () => {
  it('names a build inside the root by its path, one outside by a hash', () => {
    expect(clientManifestPath('/r/dist', '/r')).toBe('/r/.cache/client-manifest/dist.json');
    expect(clientManifestPath('/r/out/site/', '/r/')).toBe('/r/.cache/client-manifest/out+site.json');
    expect(clientManifestPath('/tmp/b/dist', '/r')).toMatch(
      /^\/r\/\.cache\/client-manifest\/outside-[0-9a-f]{16}\.json$/,
    );
    expect(clientManifestPath('/tmp/b/dist', '/r')).not.toBe(clientManifestPath('/tmp/c/dist', '/r'));
  });
});

describe('readClientManifest', () => {
  let root: string;
  afterEach(() => rmSync(root, { recursive: true, force: true }));
  const setUp = (files: string[]): string => {
    root = mkdtempSync(join(tmpdir(), 'client-manifest-'));
    const dist = join(root, 'dist');
    mkdirSync(join(dist, '_astro'), { recursive: true });
    for (const f of files) writeFileSync(join(dist, f), '');
    return dist;
  };
  it('says how to rebuild when the build has no manifest', () => {
    const dist = setUp([]);
    expect(() => readClientManifest(dist, root)).toThrow(/No client manifest for the build in .*Rebuild the site/);
  });
  it('refuses a manifest that names chunks the build does not hold (an earlier build)', () => {
    const dist = setUp(['_astro/lazy.B2.js']);
    mkdirSync(join(root, '.cache/client-manifest'), { recursive: true });
    writeFileSync(clientManifestPath(dist, root), JSON.stringify(manifest));
    expect(() => readClientManifest(dist, root)).toThrow(/is from another build .*QuorumCalculator/);
  });
  it('reads the manifest of this build', () => {
    const files = Object.values(manifest)
      .map((c) => c.file)
      .filter((f) => f.endsWith('.js'));
    const dist = setUp(files);
    mkdirSync(join(root, '.cache/client-manifest'), { recursive: true });
    writeFileSync(clientManifestPath(dist, root), JSON.stringify(manifest));
    expect(readClientManifest(dist, root)).toEqual(manifest);
  });
});
