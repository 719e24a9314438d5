import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { extractCitations, listMdxFiles } from '../../../src/lib/citations/extract.ts';
import { extractModelCitations } from '../../../src/lib/citations/model-sources.ts';
import { pagePathOf, sourceUsage } from '../../../src/lib/citations/render-data.ts';
import { CALCULATOR_SOURCES } from '../../../src/lib/calculators/declared-sources.ts';
import { kebab } from '../../../src/lib/model/calculator-url.ts';
import { scanMdx } from '../../../src/lib/mdx-scan.ts';
import { translationOfFile } from '../../../src/lib/i18n/locales.ts';
import { sourcesRead } from '../../../src/lib/module-graph.ts';
import { describe as describeCitation } from '../../../src/lib/citations/verify.ts';
import { ROOT } from '../../helpers/paths.ts';
import { USAGE_PATHS } from '../../../src/lib/project-paths.ts';
import { loadModelInputs } from '../../../src/tooling/model-inputs.ts';

const roots: string[] = [];
afterEach(() => {
  for (const r of roots.splice(0)) rmSync(r, { recursive: true, force: true });
});

/** A throw-away repository root holding `files` (path → text). */
function fixture(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'model-sources-'));
  roots.push(root);
  for (const [p, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, p)), { recursive: true });
    writeFileSync(join(root, p), text);
  }
  return root;
}

const REF_A = 'acme/widgets@v1.0.0:src/a.go#L3-L5';
const REF_B = 'acme/widgets@v1.0.0:src/b.go#L7';

describe('model sources as citations', () => {
  it('turns every exported ref into a Source citation at its line, skipping documentation URLs', async () => {
    const root = fixture({
      'src/lib/model/sources.ts': `// refs\nexport const a = '${REF_A}';\nexport const doc = 'https://etcd.io/docs/';\nexport const b = '${REF_B}';\n`,
      'src/lib/model/source-expect.ts': `export const SOURCE_EXPECT = { a: ['func A('], b: ['return b', 'x := 1'] };\n`,
    });
    const r = extractModelCitations(await loadModelInputs(root));
    expect(r.errors).toEqual([]);
    expect(r.citations.map((c) => [c.name, c.line, c.key, c.expect])).toEqual([
      ['a', 2, REF_A, ['func A(']],
      ['b', 4, REF_B, ['return b', 'x := 1']],
    ]);
    expect(describeCitation(r.citations[1]!)).toBe(`src/lib/model/sources.ts:4: SOURCES.b "${REF_B}"`);
    // The literal's offsets cover exactly the quoted ref, which is what relocate rewrites.
    const text = `// refs\nexport const a = '${REF_A}';\n`;
    const { start, end } = r.citations[0]!.refAttrRange;
    expect(text.slice(start, end)).toBe(`'${REF_A}'`);
  });

  it('reports a ref without fragments, a malformed ref and fragments for a name that is not exported', async () => {
    const root = fixture({
      'src/lib/model/sources.ts': `export const a = '${REF_A}';\nexport const bad = 'acme/widgets@v1.0.0:src/a.go';\n`,
      'src/lib/model/source-expect.ts': `export const SOURCE_EXPECT = { gone: ['x'] };\n`,
    });
    const r = extractModelCitations(await loadModelInputs(root));
    expect(r.citations).toEqual([]);
    const messages = r.errors.map((e) => e.message).join('\n');
    expect(messages).toMatch(
      /src\/lib\/model\/sources\.ts:1:1: SOURCES\.a has no `expect` fragments in src\/lib\/model\/source-expect\.ts\. Add a: \[/,
    );
    expect(messages).toMatch(
      /sources\.ts:2:1: SOURCES\.bad is neither an https:\/\/ documentation URL nor a citation ref: .*no "#L" line anchor/,
    );
    expect(messages).toMatch(
      /SOURCE_EXPECT\.gone has fragments, but src\/lib\/model\/sources\.ts exports no ref of that name/,
    );
  });

  it('refuses a link to upstream files written as a documentation URL, and a name that is not an identifier', async () => {
    const root = fixture({
      'src/lib/model/sources.ts': `export const blob = 'https://GitHub.com/kubernetes/kubernetes/blob/master/x.go#L1';\nconst v = '${REF_A}';\nexport { v as "a(" };\n`,
      'src/lib/model/source-expect.ts': `export const SOURCE_EXPECT = {};\n`,
    });
    const r = extractModelCitations(await loadModelInputs(root));
    const messages = r.errors.map((e) => e.message).join('\n');
    expect(messages).toMatch(/SOURCES\.blob is a link to upstream files .*which would never be pinned/);
    expect(messages).toMatch(/SOURCES\.a\( is not named as an identifier/);
  });

  it('a root without a model has no model citations; the MDX extractor still works', async () => {
    const root = fixture({ 'content/docs/p.mdx': `<Cite ref="${REF_A}" expect="func A(" />\n` });
    expect(await loadModelInputs(root)).toBeUndefined();
    const r = await extractCitations(root, undefined, await loadModelInputs(root));
    expect(r.citations.map((c) => c.kind)).toEqual(['Cite']);
  });

  it('the guide\u2019s own model: every ref export has fragments and is collected with the MDX citations', async () => {
    const sources = await import('../../../src/lib/model/sources.ts');
    const refs = Object.entries(sources).filter(([, v]) => !v.startsWith('https://'));
    const r = await extractCitations(ROOT, undefined, await loadModelInputs(ROOT));
    expect(r.errors).toEqual([]);
    const model = r.citations.filter((c) => c.kind === 'Source');
    expect(model.map((c) => c.name).sort()).toEqual(refs.map(([k]) => k).sort());
    expect(r.citations.some((c) => c.kind === 'Cite')).toBe(true);
  });
});

describe('which calculators and pages show a model source', () => {
  it('a source shows on the calculators that declare it and on the pages that render one of them', () => {
    const usage = sourceUsage(
      { one: ['a', 'b'], two: ['b'], three: [] },
      new Map([
        ['/', ['one']],
        ['/both/', ['two', 'one']],
        ['/plain/', []],
      ]),
    );
    expect(Object.fromEntries(usage)).toEqual({
      a: { calculators: ['one'], pages: ['/', '/both/'] },
      b: { calculators: ['one', 'two'], pages: ['/', '/both/'] },
    });
  });

  it('the module graph follows static imports, not dynamic or type-only ones, and reads namespace and named imports', async () => {
    const root = fixture({
      'src/lib/model/sources.ts': `export const a = '${REF_A}';\nexport const b = '${REF_B}';\nexport const c = '${REF_B}';\n`,
      'src/lib/model/rules.ts': `import * as S from './sources.ts';\nexport const rule = (x: number): string => (x > 1 ? S.a : 'none');\n`,
      'src/lib/model/other.ts': `import { b as theB } from './sources.ts';\nexport const other = theB;\n`,
      'src/lib/model/typed.ts': `import type { c } from './sources.ts';\nexport type C = typeof c;\n`,
      'src/lib/calculators/one.ts': `import { rule } from '../model/rules.ts';\nimport type { C } from '../model/typed.ts';\nexport const oneCalc = rule;\nexport const later = () => import('../model/other.ts');\n`,
      'src/lib/calculators/two.ts': `import './two.css';\nimport { other } from '../model/other.ts';\nexport const twoCalc = other;\n`,
      'src/lib/calculators/two.css': `.x { color: red }\n`,
    });
    expect(await sourcesRead(root, USAGE_PATHS, 'src/lib/calculators/one.ts')).toEqual(['a']);
    expect(await sourcesRead(root, USAGE_PATHS, 'src/lib/calculators/two.ts')).toEqual(['b']);
  });

  it.each(Object.entries(CALCULATOR_SOURCES))(
    'the %s calculator declares exactly the sources its browser module and what it imports read',
    async (id, declared) => {
      const read = await sourcesRead(ROOT, USAGE_PATHS, `${USAGE_PATHS.calculators}/${kebab(id)}.client.ts`);
      expect([...declared].sort()).toEqual(read);
    },
  );

  it('the guide: each source is shown by the calculators that declare it, on their pages and no others', async () => {
    const pages = new Map<string, string[]>();
    for (const f of (await listMdxFiles(ROOT)).filter((f) => !translationOfFile(f)))
      pages.set(pagePathOf(f), scanMdx(readFileSync(join(ROOT, f), 'utf8')).calculators);
    const usage = sourceUsage(CALCULATOR_SOURCES, pages);
    expect(usage.get('delegatorGetRvUnset')).toEqual({
      calculators: ['apiserver', 'readPath'],
      pages: ['/calculators/', '/control-plane/', '/etcd-reads/'],
    });
    expect(usage.get('consistencyCheckPeriod')).toEqual({ calculators: ['plan'], pages: ['/plan/'] });
    expect(usage.get('etcdTuningElectionRtt')).toEqual({
      calculators: ['plan', 'timeouts'],
      pages: ['/calculators/', '/etcd-timeouts/', '/plan/'],
    });
    expect(usage.get('pflagReadAsCSV')).toEqual({
      calculators: ['overrides', 'plan'],
      pages: ['/calculators/', '/etcd-writes/', '/plan/'],
    });
  });
});
