import { describe, expect, it } from 'vitest';
import { markerName, stateLegend, stateMark } from '../../../src/lib/citations/page-sources.ts';
import { uiText, UI_LANGS } from '../../../src/lib/i18n/ui-text.ts';
import { describeStates } from '../../../src/lib/site-manifest.ts';
import { TRANSLATIONS } from '../../../src/lib/i18n/locales.ts';

const counts = { verified: 12, provisional: 3, pending: 1, unverified: 0, failed: 0 };

describe('the interface text catalogues', () => {
  it('has one for English and for every translation, and falls back to English', () => {
    expect([...UI_LANGS].sort()).toEqual(['en', ...TRANSLATIONS.map((t) => t.lang)].sort());
    expect(uiText('ja-JP').lang).toBe('ja');
    expect(uiText('fr').lang).toBe('en');
    expect(uiText(undefined).lang).toBe('en');
  });

  it('English reads as the guide always has', () => {
    expect(describeStates(counts)).toBe('12 verified, 3 provisional, 1 pending');
    expect(stateMark({ status: 'provisional', checkedAt: 'v1.37.0-beta.0' }).name).toBe(
      'provisional, checked at v1.37.0-beta.0',
    );
    expect(uiText('en').stamp.printFooter('abc1234', '2026-12-07', ['Kubernetes v1.37.0', 'etcd v3.7.0'])).toBe(
      'Guide abc1234, built 2026-12-07 · cites Kubernetes v1.37.0 and etcd v3.7.0 · printed __PRINT_DATE__',
    );
  });

  it('Japanese gives the same figures in Japanese', () => {
    const ja = uiText('ja');
    expect(describeStates(counts, ja.citations)).toBe('検証済み 12 件、暫定 3 件、保留中 1 件');
    expect(describeStates({ ...counts, verified: 0, provisional: 0, pending: 0 }, ja.citations)).toBe(
      'アップストリームの引用なし',
    );
    const citations = [{ status: 'provisional' as const, checkedAt: 'v1.37.0-beta.0' }, { status: 'pending' as const }];
    const legend = stateLegend(citations, ja.citations);
    expect(legend).toHaveLength(2);
    expect(legend[0]).toContain('v1.37.0-beta.0');
    const source = {
      n: 3,
      path: 'server/embed/config.go',
      start: 629,
      end: 630,
      citation: { status: 'verified' },
    } as unknown as Parameters<typeof markerName>[0][number];
    expect(markerName([source], undefined, ja.citations)).toBe('出典 3: config.go 629 行目から 630 行目, 検証済み');
    expect(ja.stamp.printFooter('abc1234', '2026-12-07', [])).toContain('__PRINT_DATE__');
  });

  it("words a <Value>'s unit per language, and shows an unknown one as the MDX writes it", () => {
    expect(uiText('en').citations.unit(' minutes')).toBe(' minutes');
    expect(uiText('ja').citations.unit(' minutes')).toBe(' 分');
    expect(uiText('ja').citations.unit(' GiB')).toBe(' GiB');
    expect(uiText('ja').citations.valueNotPinned).not.toBe(uiText('en').citations.valueNotPinned);
  });
});
