import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { englishFileOf, TRANSLATIONS } from '../../../src/lib/i18n/locales.ts';
import { pageEvidence, parityDifferences } from '../../../src/lib/i18n/parity.ts';
import { ROOT } from '../../helpers/paths.ts';

const translated = TRANSLATIONS.flatMap((t) =>
  readdirSync(join(ROOT, 'content/docs', t.locale))
    .filter((f) => f.endsWith('.mdx'))
    .map((f) => ({ locale: t.locale, file: `content/docs/${t.locale}/${f}` })),
);
const read = (file: string): string => readFileSync(join(ROOT, file), 'utf8');

describe('every translated page keeps its English page’s evidence, anchors and links', () => {
  it('there are translated pages to check', () => {
    expect(translated.length).toBeGreaterThanOrEqual(7);
  });
  it.each(translated)('$file', ({ locale, file }) => {
    const english = pageEvidence(read(englishFileOf(file)));
    expect(english.components.length + english.anchors.length + english.links.length).toBeGreaterThan(0);
    expect(parityDifferences(english, pageEvidence(read(file), locale))).toEqual([]);
  });
});

describe('the parity check sees each kind of drift', () => {
  const en = [
    '---\ntitle: T\n---',
    "import Cite from '../../src/components/Cite.astro';",
    '',
    '## Odd member counts',
    '',
    'A [quorum](/glossary/#quorum) of n <Cite ref="o/r@v1:a.go#L1-L2" expect={["x"]} />.',
    '',
    '<Calculator id="quorum" />',
    '',
    '## Summary',
  ].join('\n');
  const ja = en
    .replace('## Odd member counts', '## 奇数のメンバー数 {/* #odd-member-counts */}')
    .replace('## Summary', '## まとめ {/* #summary */}')
    .replace('A [quorum](/glossary/#quorum) of n', '[クォーラム](/ja/glossary/#quorum)は');
  const diff = (text: string) => parityDifferences(pageEvidence(en), pageEvidence(text, 'ja'));

  it('a faithful translation differs in nothing', () => {
    expect(diff(ja)).toEqual([]);
  });
  it('a changed expect fragment, a dropped calculator, a lost anchor, a link elsewhere', () => {
    expect(diff(ja.replace('expect={["x"]}', 'expect={["y"]}')).map((d) => d.part)).toEqual(['components']);
    expect(diff(ja.replace('<Calculator id="quorum" />', ''))).toEqual([
      { part: 'components', missing: ['<Calculator id="quorum">'], extra: [] },
    ]);
    expect(diff(ja.replace(' {/* #summary */}', ''))).toEqual([
      { part: 'anchors', missing: ['summary'], extra: ['まとめ'] },
    ]);
    expect(diff(ja.replace('/ja/glossary/#quorum', '/ja/glossary/#leader'))).toEqual([
      { part: 'links', missing: ['/glossary/#quorum'], extra: ['/glossary/#leader'] },
    ]);
  });
  it("a pointer to the other edition, marked with that edition's language, is not one of the page's links", () => {
    const pointer = '\n\n<div lang="ja">\n\n[日本語版](/ja/)\n\n</div>\n';
    expect(pageEvidence(en + pointer).links).toEqual(pageEvidence(en).links);
    expect(diff(ja + '\n\n<div lang="en">\n\n[English](/etcd-writes/)\n\n</div>\n')).toEqual([]);
    // Unmarked, the same link is one the English page lacks.
    expect(diff(ja + '\n\n[書き込み](/ja/etcd-writes/)\n')).toEqual([
      { part: 'links', missing: [], extra: ['/etcd-writes/'] },
    ]);
  });
  it('headings in another order', () => {
    const swapped = ja
      .replace('## 奇数のメンバー数 {/* #odd-member-counts */}', '## X')
      .replace('## まとめ {/* #summary */}', '## 奇数のメンバー数 {/* #odd-member-counts */}')
      .replace('## X', '## まとめ {/* #summary */}');
    expect(diff(swapped)).toEqual([
      { part: 'anchors', missing: [], extra: ['odd-member-counts (out of order)', 'summary (out of order)'] },
    ]);
  });
});
