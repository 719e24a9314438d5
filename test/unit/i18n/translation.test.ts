import { describe, expect, it } from 'vitest';
import { englishFileOf, translationOfFile, translationOfRoute } from '../../../src/lib/i18n/locales.ts';
import { scanMdx } from '../../../src/lib/mdx-scan.ts';
import { withStamp } from '../../../src/lib/i18n/stamp.ts';
import { describeOutOfDate, sha256Of, translationStatus } from '../../../src/lib/i18n/translation.ts';
import { headingIdOf } from '../../../src/lib/i18n/heading-id.ts';

const ENGLISH = '---\ntitle: Members\n---\nFive members.\n';
const FILE = 'content/docs/ja/etcd-sizing.mdx';

describe('locales', () => {
  it('maps a translated file to its English file and route', () => {
    expect(translationOfFile(FILE)?.lang).toBe('ja');
    expect(translationOfFile('content/docs/etcd-sizing.mdx')).toBeUndefined();
    expect(englishFileOf('content/docs/ja/index.mdx')).toBe('content/docs/index.mdx');
    expect(translationOfRoute('/ja/etcd-sizing/')?.locale).toBe('ja');
    expect(translationOfRoute('/jam/')).toBeUndefined();
    expect(() => englishFileOf('content/docs/etcd-sizing.mdx')).toThrow(/not a translated page/);
  });
});

describe('translation stamps', () => {
  const stamp = { sha256: sha256Of(ENGLISH), date: '2026-12-05' };
  it('current while the English file is unchanged, stale once it changes', () => {
    expect(translationStatus(FILE, stamp, ENGLISH)).toMatchObject({
      state: 'current',
      route: '/ja/etcd-sizing/',
      englishRoute: '/etcd-sizing/',
    });
    // The not-found page is served as 404.html, so that is where a translated 404 links back to.
    expect(translationStatus('content/docs/ja/404.mdx', stamp, ENGLISH).englishRoute).toBe('/404.html');
    const stale = translationStatus(FILE, stamp, ENGLISH.replace('Five', 'Three'));
    expect(stale.state).toBe('stale');
    expect(describeOutOfDate([stale])).toEqual([
      expect.stringMatching(
        /translates an older content\/docs\/etcd-sizing\.mdx \(stamped 2026-12-05\).*stamp content\/docs\/ja\/etcd-sizing\.mdx/,
      ),
    ]);
  });
  it('a missing or malformed stamp is unstamped, and says why', () => {
    expect(translationStatus(FILE, undefined, ENGLISH)).toMatchObject({
      state: 'unstamped',
      problem: /no translation stamp/,
    });
    const bad = translationStatus(FILE, { sha256: 'abc', date: '2026-12-05' }, ENGLISH);
    expect(bad).toMatchObject({ state: 'unstamped', problem: expect.stringMatching(/64 lowercase hex/) });
    expect(translationStatus(FILE, { ...stamp, date: '5 Dec' }, ENGLISH).state).toBe('unstamped');
    expect(describeOutOfDate([translationStatus(FILE, stamp, ENGLISH)])).toEqual([]);
  });
  it('withStamp sets the key and keeps the rest of the frontmatter and the body', () => {
    const text = "---\n# why\ntitle: 'メンバー数'\n---\n本文\n";
    const once = withStamp(text, stamp);
    expect(once).toBe(
      `---\n# why\ntitle: 'メンバー数'\ntranslation:\n  sha256: ${stamp.sha256}\n  date: '2026-12-05'\n---\n本文\n`,
    );
    // Astro's frontmatter parser must read the date back as the string the schema wants.
    expect(scanMdx(once).frontmatter['translation']).toEqual(stamp);
    expect(withStamp(once, { ...stamp, date: '2026-12-06' })).toBe(once.replace('2026-12-05', '2026-12-06'));
    expect(() => withStamp('本文', stamp)).toThrow(/no frontmatter/);
    expect(() => withStamp('---\ntitle: [\n---\n', stamp)).toThrow(/not valid YAML/);
  });
});

describe('heading-id comments', () => {
  it('reads the id and nothing else', () => {
    expect(headingIdOf('/* #odd-member-counts */')).toBe('odd-member-counts');
    expect(headingIdOf(' /*#summary*/ ')).toBe('summary');
    expect(headingIdOf('/* summary */')).toBeUndefined();
    expect(headingIdOf('/* #Bad Id */')).toBeUndefined();
    expect(headingIdOf('x /* #summary */')).toBeUndefined();
  });
});
