import { describe, expect, it } from 'vitest';
import { uiText } from '../../src/lib/i18n/ui-text.ts';
import { lastUpdatedOfInputs, type LastUpdated } from '../../src/lib/page-history.ts';
import { pageInputs } from '../../src/lib/page-inputs.ts';
import { ROOT } from '../helpers/paths.ts';

describe('pageInputs', () => {
  it('lists the page, the model modules of its calculators and tables, and the lab results it draws', async () => {
    const inputs = (await pageInputs(ROOT, ['content/docs/etcd-sizing.mdx'])).get('content/docs/etcd-sizing.mdx')!;
    expect(inputs[0]).toBe('content/docs/etcd-sizing.mdx');
    expect(inputs).toContain('src/lib/model/quorum.ts');
    expect(inputs.some((f) => /^content\/lab-results\/lab-.*\.json$/.test(f))).toBe(true);
    // Components and styles are not content; another calculator's model is not this page's.
    expect(inputs.filter((f) => !/^(content\/|src\/lib\/model\/)/.test(f))).toEqual([]);
    expect(inputs).not.toContain('src/lib/model/schemas/membership.ts');
  });

  it('a page without calculators or figures has only itself and what it imports', async () => {
    expect((await pageInputs(ROOT, ['content/docs/glossary.mdx'])).get('content/docs/glossary.mdx')).toEqual([
      'content/docs/glossary.mdx',
    ]);
  });
});

describe('lastUpdatedOfInputs', () => {
  const git = (iso: string): LastUpdated => ({ date: new Date(iso), source: 'git', commit: 'c' });
  it('takes the newest change and names its input; an undatable input makes the build date stand in', () => {
    const dates = new Map([
      ['a.mdx', git('2026-11-01T00:00:00Z')],
      ['m.ts', git('2026-11-20T00:00:00Z')],
      ['x.json', { date: new Date('2026-12-01T00:00:00Z'), source: 'build' as const, reason: 'uncommitted' as const }],
    ]);
    expect(lastUpdatedOfInputs(dates, ['a.mdx', 'm.ts'])).toMatchObject({ input: 'm.ts', source: 'git' });
    expect(lastUpdatedOfInputs(dates, ['a.mdx', 'm.ts', 'x.json'])).toMatchObject({
      source: 'build',
      input: 'x.json',
      reason: 'uncommitted',
    });
    // The page words the reason in its language and names the input that is not its MDX.
    expect(uiText('en').lastUpdated.buildDate('uncommitted', 'x.json')).toBe(
      'uncommitted changes (x.json), so this is the build date',
    );
    expect(uiText('ja').lastUpdated.buildDate('uncommitted', null)).toBe(
      'コミットされていない変更があります。そのためビルド日を示しています',
    );
    expect(() => lastUpdatedOfInputs(dates, ['nope.mdx'])).toThrow(/No history was read for nope\.mdx/);
  });
});
