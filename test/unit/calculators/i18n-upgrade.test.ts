import { describe, expect, it } from 'vitest';
import { hintOf, viewIn } from '../../../src/lib/calculators/calc.ts';
import { UPGRADE_EN } from '../../../src/lib/calculators/messages/upgrade.ts';
import { stackedEtcdNote, upgradeCalc, upgradeView } from '../../../src/lib/calculators/upgrade.ts';
import { controlPlaneNodesForUpgrade } from '../../../src/lib/model/upgrade.ts';
import { JAPANESE, expectSameAnswer } from '../../helpers/calc-language.ts';

describe('the upgrade calculator in Japanese', () => {
  it('answers with the same state, blocks, tones and figures, in Japanese in every block', () => {
    // Surge and in place; 1 and 2 nodes (stacked etcd tolerates nothing: a warning), an even count, an odd one.
    for (const raw of [
      { a: '2', s: 'surge' },
      { a: '2', s: 'in-place' },
      { a: '1', s: 'surge' },
      { a: '1', s: 'in-place' },
      { a: '4', s: 'surge' },
      { a: '3', s: 'in-place' },
      { a: '4', s: 'in-place' },
      { a: '98', s: 'in-place' },
    ]) {
      expectSameAnswer(upgradeCalc.compute(raw), upgradeCalc.compute(raw, 'ja'), JSON.stringify(raw));
    }
  });

  it('the stacked-etcd note warns in the same cases, in Japanese', () => {
    for (let nodes = 1; nodes <= 99; nodes++) {
      for (const s of ['surge', 'in-place'] as const) {
        const en = stackedEtcdNote(nodes, s);
        const ja = stackedEtcdNote(nodes, s, 'ja');
        expect(ja.warn, `${nodes} ${s}`).toBe(en.warn);
        expect(ja.text, `${nodes} ${s}`).toMatch(JAPANESE);
        // One node is "the only etcd member", in either language.
        if (nodes > 1) expect(ja.text, `${nodes} ${s}`).toContain(`${nodes} 台`);
      }
    }
    expect(stackedEtcdNote(2, 'surge', 'ja').text).toContain('少なくとも 3 台');
    expect(stackedEtcdNote(4, 'surge', 'ja').text).toContain('3 台の場合と変わらない');
    expect(stackedEtcdNote(5, 'in-place', 'ja').text).toContain(
      '5 台中 4 台が稼働し、さらに 1 台の障害に耐えられます。',
    );
    expect(stackedEtcdNote(3, 'in-place', 'ja').text).toContain('それ以上の障害には耐えられません');
  });

  it('words each strategy from the model’s figures', () => {
    expect(UPGRADE_EN.note(controlPlaneNodesForUpgrade(3, 'surge'))).toBe(
      'Run 3; each step adds a new node before removing an old one, so 4 exist briefly.',
    );
    expect(UPGRADE_EN.note(controlPlaneNodesForUpgrade(3, 'in-place'))).toBe(
      'Run 4; each step takes one node down to upgrade it, leaving 3 up.',
    );
  });

  it('refuses the same input, with Japanese messages that name the field', () => {
    for (const a of ['', '0', '99', 'abc', '2.5']) {
      const en = upgradeCalc.compute({ a, s: 'surge' });
      const ja = upgradeCalc.compute({ a, s: 'surge' }, 'ja');
      expect(ja.state, a).toBeNull();
      expect(ja.doc, a).toBeNull();
      expect(Object.keys(ja.errors), a).toEqual(Object.keys(en.errors));
      expect(ja.errors['a'], a).toMatch(JAPANESE);
      expect(ja.errors['a']!.startsWith('稼働し続けなければならないノード数'), a).toBe(true);
      expect(JSON.stringify(ja.result), a).toContain('まだ結果はありません');
    }
  });

  it('the form speaks Japanese with the same fields and options', () => {
    const ja = viewIn(upgradeView, 'ja');
    expect(ja.title).toBe('アップグレード戦略から決めるコントロールプレーンノード数');
    expect(ja.title).not.toBe(upgradeView.title);
    expect(ja.fields.map((f) => f.key)).toEqual(upgradeView.fields.map((f) => f.key));
    for (const f of ja.fields) expect(f.label, f.key).toMatch(JAPANESE);
    expect(hintOf('upgrade', ja.fields[0]!)).toMatch(/^1–98 台。$/);
    const strategy = ja.fields.find((f) => f.key === 's')!;
    const english = upgradeView.fields.find((f) => f.key === 's')!;
    expect(strategy.options!.map(([v]) => v)).toEqual(english.options!.map(([v]) => v));
    for (const [, label] of strategy.options!) expect(label).toMatch(JAPANESE);
    expect(viewIn(upgradeView, 'en')).toBe(upgradeView);
  });
});
