import { describe, expect, it } from 'vitest';
import { commitHashes, densityFailures, densityTable, proseDensity } from '../../../src/lib/quality/prose-density.ts';

describe('prose density', () => {
  it('finds abbreviated and full commit hashes, not numbers or hex-looking words', () => {
    expect(
      commitHashes('at 824597935df6e95992ef61c07e3222f4f796ca6c and dfab190c, 100000000 bytes, deadbeef, 4d71f7c'),
    ).toEqual(['824597935df6e95992ef61c07e3222f4f796ca6c', 'dfab190c']);
  });

  it('sums citation characters against prose characters, whitespace excluded', () => {
    const d = proseDensity([
      { text: 'Both are whole milliseconds[6].', citationText: ['[6]'] },
      { text: 'The default is 2 GiB.', citationText: [] },
    ]);
    expect(d.proseChars).toBe(28 + 17);
    expect(d.citationChars).toBe(3);
    expect(d.share).toBeCloseTo(3 / 45);
    expect(proseDensity([]).share).toBe(0);
  });

  it('judges a page against 5 % and no hash, and tabulates', () => {
    const over = proseDensity([
      { text: `${'a'.repeat(90)} @ 824597935df6e95992ef61c07e3222f4f796ca6c`, citationText: ['@ 8245979…'] },
    ]);
    expect(densityFailures(over)).toEqual([
      expect.stringMatching(/^citation text \d+\.\d % of prose > 5 %$/),
      '1 commit hash(es) in running prose (824597935df6e95992ef61c07e3222f4f796ca6c…)',
    ]);
    const fine = proseDensity([{ text: 'a'.repeat(100) + '[1]', citationText: ['[1]'] }]);
    expect(densityFailures(fine)).toEqual([]);
    expect(densityTable([{ route: 'etcd-disk/', density: fine }])).toContain(
      '| /etcd-disk/ | 103 | 3 | 2.9 % | 0 | yes |',
    );
  });
});
