import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { createSite } from '../../helpers/fake-github/index.ts';
import { extractCitations, extractFromSource } from '../../../src/lib/citations/extract.ts';

const F = 'content/docs/page.mdx';

describe('extracting citations', () => {
  test('reads Cite and Excerpt attributes with positions, in source order', () => {
    const src = [
      "import Cite from '../../src/components/Cite.astro';",
      '',
      '# Title',
      '',
      'Text (<Cite ref="etcd-io/etcd@v3.7.0:server/x.go#L1113" expect="s.r.Propose(" />) more.',
      '',
      '<Excerpt',
      '  ref="a-b/c.d@v1.2.3:dir/naïve file.go#L138-L144"',
      '  expect={["!r.Serializable", `LinearizableReadNotify`]}',
      '  context={2}',
      '/>',
      '',
      '```mdx',
      '<Cite ref="not/parsed@v1:inside-code-fence.go#L1" />',
      '```',
    ].join('\n');
    const { citations, errors } = extractFromSource(F, src);
    expect(errors).toEqual([]);
    expect(citations.map((c) => [c.kind, c.line, c.column, c.key, c.expect, c.context])).toEqual([
      ['Cite', 5, 7, 'etcd-io/etcd@v3.7.0:server/x.go#L1113', ['s.r.Propose('], 0],
      ['Excerpt', 7, 1, 'a-b/c.d@v1.2.3:dir/naïve file.go#L138-L144', ['!r.Serializable', 'LinearizableReadNotify'], 2],
    ]);
    const c = citations[1]!;
    expect(src.slice(c.refAttrRange.start, c.refAttrRange.end)).toBe(
      'ref="a-b/c.d@v1.2.3:dir/naïve file.go#L138-L144"',
    );
  });

  test('#L5-L5 and #L5 share one lock key', () => {
    const { citations } = extractFromSource(
      F,
      '<Cite ref="a/b@v1:x.go#L5-L5" expect="x" />\n\n<Cite ref="a/b@v1:x.go#L5" expect="y" />\n',
    );
    expect(new Set(citations.map((c) => c.key))).toEqual(new Set(['a/b@v1:x.go#L5']));
  });

  const errorCases: Array<[string, string, RegExp]> = [
    [
      'missing expect',
      '<Cite ref="a/b@v1:x.go#L5" />',
      /page\.mdx:3:1: <Cite> citing a\/b@v1:x\.go#L5 has no `expect`\. Add expect=/,
    ],
    [
      'malformed ref',
      '<Cite ref="a/b:x.go#L5" expect="x" />',
      /page\.mdx:3:1: <Cite> has a malformed ref: .*no "@".*Correct the `ref`/,
    ],
    [
      'reversed range',
      '<Excerpt ref="a/b@v1:x.go#L9-L5" expect="x" />',
      /page\.mdx:3:1: .*ends \(L5\) before it starts \(L9\)/,
    ],
    ['missing ref', '<Cite expect="x" />', /page\.mdx:3:1: <Cite> has no `ref` attribute/],
    ['ref from a variable', '<Cite ref={someRef} expect="x" />', /`ref` that is not a string literal/],
    [
      'expect from a variable',
      '<Cite ref="a/b@v1:x.go#L5" expect={frag} />',
      /`expect` that is an expression \(Identifier\), not a string/,
    ],
    [
      'expect array with a non-literal',
      '<Cite ref="a/b@v1:x.go#L5" expect={["a", b]} />',
      /has an element that is not a string literal \(Identifier\)/,
    ],
    [
      'template with a substitution',
      '<Cite ref="a/b@v1:x.go#L5" expect={`a${b}`} />',
      /not a string or an array of string literals/,
    ],
    ['empty expect array', '<Cite ref="a/b@v1:x.go#L5" expect={[]} />', /empty `expect`/],
    ['blank fragment', '<Cite ref="a/b@v1:x.go#L5" expect="  " />', /blank `expect` fragment/],
    ['context on Cite', '<Cite ref="a/b@v1:x.go#L5" expect="x" context={2} />', /only <Excerpt> uses/],
    [
      'negative context',
      '<Excerpt ref="a/b@v1:x.go#L5" expect="x" context={-1} />',
      /`context` that is not an integer from 0 to 50/,
    ],
    ['spread attributes', '<Cite {...props} />', /spread attribute/],
  ];
  test.each(errorCases)('%s is an error naming file:line and the fix', (_name, element, message) => {
    const { citations, errors } = extractFromSource(F, `# T\n\n${element}\n`);
    expect(citations).toEqual([]);
    expect(errors).toHaveLength(1);
    expect(errors[0]!.message).toMatch(message);
    expect(errors[0]!.line).toBe(3);
  });

  test('an MDX syntax error is reported with its line', () => {
    const { errors } = extractFromSource(F, '# T\n\nok\n\n<Cite ref="a/b@v1:x.go#L1" expect="x"\n');
    expect(errors).toHaveLength(1);
    expect(errors[0]!.message).toMatch(/^content\/docs\/page\.mdx:\d+:\d+: MDX syntax error/);
  });

  test('walks content/ recursively and records root-relative paths', async () => {
    const site = createSite();
    try {
      site.page('a.mdx', '<Cite ref="a/b@v1:x.go#L1" expect="x" />\n');
      site.page('deep/b.mdx', '\n\n<Cite ref="a/b@v1:y.go#L2" />\n');
      site.page('c.md', '<Cite ref="ignored" />\n');
      const r = await extractCitations(site.root);
      expect(r.citations.map((c) => `${c.file}:${c.line}`)).toEqual(['content/docs/a.mdx:1']);
      expect(r.errors.map((e) => `${e.file}:${e.line}`)).toEqual(['content/docs/deep/b.mdx:3']);
    } finally {
      site.remove();
    }
  });

  test("names each page's calculators from the same parse, and leaves out a page that does not parse", async () => {
    const site = createSite();
    try {
      site.page('a.mdx', '<Calculator id="quota" />\n\ntext\n\n<Calculator id="members" />\n');
      site.page('b.mdx', 'no calculator\n');
      site.page('broken.mdx', '<Calculator id="quota"\n');
      const r = await extractCitations(site.root);
      expect(Object.fromEntries(r.calculators)).toEqual({
        'content/docs/a.mdx': ['quota', 'members'],
        'content/docs/b.mdx': [],
      });
    } finally {
      site.remove();
    }
  });

  test('follows symbolic links to pages and folders, as the site build does, and survives a loop', async () => {
    const site = createSite();
    try {
      site.page('real.mdx', '<Cite ref="a/b@v1:x.go#L1" expect="x" />\n');
      mkdirSync(join(site.root, 'shared/more'), { recursive: true });
      writeFileSync(join(site.root, 'shared/more/inner.mdx'), '<Cite ref="a/b@v1:y.go#L2" expect="y" />\n');
      symlinkSync(join(site.root, 'content/docs/real.mdx'), join(site.root, 'content/docs/alias.mdx'));
      symlinkSync(join(site.root, 'shared'), join(site.root, 'content/docs/linked'));
      symlinkSync(join(site.root, 'shared'), join(site.root, 'shared/more/loop'));
      symlinkSync(join(site.root, 'missing.mdx'), join(site.root, 'content/docs/dangling.mdx'));
      const r = await extractCitations(site.root);
      expect(r.errors).toEqual([]);
      expect(r.citations.map((c) => c.file)).toEqual([
        'content/docs/alias.mdx',
        'content/docs/linked/more/inner.mdx',
        'content/docs/real.mdx',
      ]);
    } finally {
      site.remove();
    }
  });
});
