import { describe, expect, it } from 'vitest';
import { hintOf, viewIn } from '../../../src/lib/calculators/calc.ts';
import { maintenanceCalc, maintenanceView } from '../../../src/lib/calculators/maintenance.ts';
import { MAINTENANCE_EN } from '../../../src/lib/calculators/messages/maintenance.ts';
import { inlineText } from '../../../src/lib/calculators/result-doc.ts';
import { MAX_FAILURES_PLUS_STOPPED, membersForMaintenancePolicy } from '../../../src/lib/model/maintenance.ts';
import { JAPANESE, expectSameAnswer, tones } from '../../helpers/calc-language.ts';

describe('the maintenance calculator in Japanese', () => {
  it('answers with the same figures, blocks and tones (warning included), in Japanese text throughout', () => {
    for (const raw of [
      { f: '0', k: '0' },
      { f: '1', k: '0' },
      { f: '1', k: '1' },
      { f: '0', k: '1' },
      { f: '1', k: '2' },
      { f: '3', k: '1' },
      { f: '49', k: '0' },
      { f: '24', k: '25' },
    ]) {
      const label = JSON.stringify(raw);
      const en = maintenanceCalc.compute(raw);
      const ja = maintenanceCalc.compute(raw, 'ja');
      expectSameAnswer(en, ja, label);
      expect(ja.doc!.rule).toContain('n = 2 × (f + k) + 1');
    }
    const warned = maintenanceCalc.compute({ f: '3', k: '1' }, 'ja').doc!;
    expect(tones(warned)).toEqual(['facts', 'lead', 'warning']);
    const warning = warned.blocks.at(-1)!;
    expect(warning.kind === 'para' && inlineText(warning.content)).toBe(
      '9 台は、etcd が推奨する上限の 7 台を超えています。すべての書き込みが、そのうち 5 台に届く必要があります。',
    );
  });

  it('warns, in either language, exactly when the model flags more than 7 members', () => {
    for (let f = 0; f <= MAX_FAILURES_PLUS_STOPPED; f++)
      for (let k = 0; f + k <= MAX_FAILURES_PLUS_STOPPED; k++) {
        const r = membersForMaintenancePolicy(f, k);
        expect(r.warning, `${f}, ${k}`).toBe(r.members > 7 ? 'overSeven' : null);
        for (const lang of ['en', 'ja'] as const) {
          const doc = maintenanceCalc.compute({ f: String(f), k: String(k) }, lang).doc!;
          const warnings = doc.blocks.filter((b) => b.kind === 'para' && b.tone === 'warning');
          expect(warnings.length, `${f}, ${k} ${lang}`).toBe(r.warning === null ? 0 : 1);
        }
      }
    expect(MAINTENANCE_EN.overSeven(9, 5)).toBe(
      '9 members is more than the 7 etcd recommends at most; every write must reach 5 of them.',
    );
  });

  it('refuses the same inputs as English, with Japanese messages on the same fields', () => {
    for (const raw of [
      { f: '30', k: '20' },
      { f: 'x', k: '1' },
      { f: '', k: '' },
      { f: '1', k: '-1' },
      { f: '1.5', k: '0' },
    ]) {
      const label = JSON.stringify(raw);
      const en = maintenanceCalc.compute(raw);
      const ja = maintenanceCalc.compute(raw, 'ja');
      expect(ja.state, label).toBeNull();
      expect(ja.doc, label).toBeNull();
      expect(Object.keys(ja.errors), label).toEqual(Object.keys(en.errors));
      for (const message of Object.values(ja.errors)) expect(message, label).toMatch(JAPANESE);
      expect(JSON.stringify(ja.result), label).toContain('まだ結果はありません');
    }
    expect(maintenanceCalc.compute({ f: '30', k: '20' }, 'ja').errors['k']).toBe(
      '障害数と停止するメンバー数の合計は 49 以下にしてください（メンバー 99 台に相当します。入力値 50）。',
    );
    expect(maintenanceCalc.compute({ f: '', k: '0' }, 'ja').errors['f']).toMatch(/^耐えるべき障害数が空です。/);
  });

  it('has a Japanese form with the same fields', () => {
    const ja = viewIn(maintenanceView, 'ja');
    expect(ja.title).toBe('メンテナンス方針から決める etcd のメンバー数');
    expect(ja.fields.map((f) => f.key)).toEqual(maintenanceView.fields.map((f) => f.key));
    for (const f of ja.fields) expect(f.label, f.key).toMatch(JAPANESE);
    expect(hintOf('maintenance', ja.fields[0]!)).toMatch(/^0–\d+。$/);
    expect(hintOf('maintenance', ja.fields[1]!)).toBe(`0–49。f + k は ${MAX_FAILURES_PLUS_STOPPED} 以下。`);
    expect(viewIn(maintenanceView, 'en')).toBe(maintenanceView);
  });
});
