import { describe, expect, it } from 'vitest';
import { hintOf, viewIn } from '../../../src/lib/calculators/calc.ts';
import { TOPOLOGY_EN } from '../../../src/lib/calculators/messages/topology.ts';
import { inlineText } from '../../../src/lib/calculators/result-doc.ts';
import { topologyCalc, topologyView } from '../../../src/lib/calculators/topology.ts';
import { topologyHosts } from '../../../src/lib/model/topology.ts';
import { JAPANESE, expectSameAnswer } from '../../helpers/calc-language.ts';

describe('the topology calculator in Japanese', () => {
  it('answers with the same state, blocks, tones and figures, in Japanese in every block', () => {
    // Stacked possible (E = C), E ≠ C (a warning), quorum lost on one host (1 member), the largest counts.
    for (const raw of [
      { e: '3', c: '3' },
      { e: '5', c: '5' },
      { e: '5', c: '2' },
      { e: '2', c: '1' },
      { e: '1', c: '3' },
      { e: '1', c: '1' },
      { e: '99', c: '99' },
    ]) {
      expectSameAnswer(topologyCalc.compute(raw), topologyCalc.compute(raw, 'ja'), JSON.stringify(raw));
    }
    const text = (raw: Record<string, string>) =>
      topologyCalc.compute(raw, 'ja').doc!.blocks.flatMap((b) => (b.kind === 'para' ? [inlineText(b.content)] : []));
    expect(text({ e: '5', c: '2' })[0]).toContain('コントロールプレーンノードを 5 台にする');
    expect(text({ e: '1', c: '1' }).join()).toContain('etcd はクォーラムを失います');
    expect(text({ e: '3', c: '3' })[0]).toContain(
      'etcd メンバー 1 台とコントロールプレーンのインスタンス 1 つが失われます',
    );
  });

  it('warns exactly when the model flags E ≠ C, and words the warning from E and C', () => {
    for (let e = 1; e <= 99; e += 7)
      for (let c = 1; c <= 99; c += 5) {
        expect(topologyHosts(e, c).stacked.warning, `${e}, ${c}`).toBe(e === c ? null : 'mismatch');
        const warnings = topologyCalc
          .compute({ e: String(e), c: String(c) })
          .doc!.blocks.filter((b) => b.kind === 'para' && b.tone === 'warning');
        expect(
          warnings.map((b) => b.kind === 'para' && inlineText(b.content)),
          `${e}, ${c}`,
        ).toEqual(e === c ? [] : [TOPOLOGY_EN.stackedMismatch(e, c)]);
      }
    expect(TOPOLOGY_EN.stackedMismatch(5, 2)).toBe(
      'Stacked etcd runs one member on each control-plane node, so it has exactly 2 etcd members on 2 hosts; running 5 etcd members needs external etcd, or 5 control-plane nodes.',
    );
    expect(TOPOLOGY_EN.stackedMismatch(2, 1)).toContain('exactly 1 etcd member on 1 host; running 2 etcd members');
  });

  it('refuses the same input, with Japanese messages that name the field', () => {
    for (const raw of [
      { e: '', c: '2' },
      { e: '0', c: '2' },
      { e: '5', c: '100' },
      { e: 'abc', c: 'x' },
      { e: '2.5', c: '3' },
    ]) {
      const label = JSON.stringify(raw);
      const en = topologyCalc.compute(raw);
      const ja = topologyCalc.compute(raw, 'ja');
      expect(ja.state, label).toBeNull();
      expect(ja.doc, label).toBeNull();
      expect(Object.keys(ja.errors).sort(), label).toEqual(Object.keys(en.errors).sort());
      for (const [key, message] of Object.entries(ja.errors)) {
        expect(message, label).toMatch(JAPANESE);
        expect(message.startsWith(key === 'e' ? 'etcd メンバー数' : 'コントロールプレーンノード数'), label).toBe(true);
      }
      expect(JSON.stringify(ja.result), label).toContain('まだ結果はありません');
    }
  });

  it('the form speaks Japanese with the same fields', () => {
    const ja = viewIn(topologyView, 'ja');
    expect(ja.title).toBe('スタック型と外部 etcd のホスト数');
    expect(ja.fields.map((f) => f.key)).toEqual(topologyView.fields.map((f) => f.key));
    for (const f of ja.fields) {
      expect(f.label, f.key).toMatch(JAPANESE);
      expect(hintOf('topology', f), f.key).toMatch(/^1–99 台。$/);
    }
    expect(viewIn(topologyView, 'en')).toBe(topologyView);
  });
});
