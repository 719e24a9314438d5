import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { extractCitations } from '../../../src/lib/citations/extract.ts';
import { extractModelCitations } from '../../../src/lib/citations/model-sources.ts';
import { modelSourceUsage } from '../../../src/lib/citations/source-usage.ts';
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
  it('follows static imports from calculator modules and pages, not the loader\u2019s dynamic ones', async () => {
    const root = fixture({
      'src/lib/model/sources.ts': `export const a = '${REF_A}';\nexport const b = '${REF_B}';\n`,
      'src/lib/model/rules.ts': `import * as S from './sources.ts';\nexport const rule = (x: number): string => (x > 1 ? S.a : 'none');\n`,
      'src/lib/model/other.ts': `import { b as theB } from './sources.ts';\nexport const other = theB;\n`,
      'src/lib/calculators/one.ts': `import { rule } from '../model/rules.ts';\nexport const oneCalc = rule;\n`,
      'src/lib/calculators/two.ts': `import './two.css';\nimport { other } from '../model/other.ts';\nexport const twoCalc = other;\n`,
      'src/lib/calculators/two.css': `.x { color: red }\n`,
      'src/components/calculators/one.client.ts': `import { oneCalc } from '../../lib/calculators/one.ts';\nconsole.log(oneCalc);\n`,
      'src/components/calculators/two-step.client.ts': `import { twoCalc } from '../../lib/calculators/two.ts';\nconsole.log(twoCalc);\n`,
      'src/components/calculators/Calculator.astro': `---\nconst x = 1;\n---\n<script is:inline type="application/json" data-source-links set:html={x} />\n<script>\n  const loaders = { one: () => import('./one.client.ts'), two: () => import('./two-step.client.ts') };\n</script>\n`,
      'src/components/calculators/One.astro': `---\nimport Calculator from './Calculator.astro';\nimport { oneCalc } from '../../lib/calculators/one.ts';\n---\n<Calculator def={oneCalc} />\n`,
      'content/docs/index.mdx': `---\ntitle: Home\n---\nimport One from '../../src/components/calculators/One.astro';\n\n<One />\n`,
      'content/docs/plain.mdx': `---\ntitle: Plain\n---\nNo calculators.\n`,
    });
    const usage = await modelSourceUsage(root, USAGE_PATHS);
    expect(Object.fromEntries(usage)).toEqual({
      a: { calculators: ['one'], pages: ['/'] },
      b: { calculators: ['twoStep'], pages: [] },
    });
  });

  it('the guide: each source is shown by the calculators that read it, on their pages and no others', async () => {
    const usage = await modelSourceUsage(ROOT, USAGE_PATHS);
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
