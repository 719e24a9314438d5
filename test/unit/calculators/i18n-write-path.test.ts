import { describe, expect, it } from 'vitest';
import { hintOf, viewIn } from '../../../src/lib/calculators/calc.ts';
import { WRITE_PATH_EN } from '../../../src/lib/calculators/messages/write-path.ts';
import { inlineText } from '../../../src/lib/calculators/result-doc.ts';
import { parseMsList, writePathCalc, writePathView } from '../../../src/lib/calculators/write-path.ts';
import { writePath } from '../../../src/lib/model/write-path.ts';
import { JAPANESE, expectSameAnswer, factValues } from '../../helpers/calc-language.ts';

const DEFAULTS = { w: '1000', b: '1024', n: '3', lf: '2', rtt: '0.5 1', fs: '2 2' };

describe('the write-path calculator in Japanese', () => {
  it('answers with the same figures in every branch of what decides the commit', () => {
    const cases: Record<string, Partial<typeof DEFAULTS>> = {
      'a follower ack decides (the defaults)': {},
      'the leader fsync decides': { lf: '10' },
      'the leader fsync decides, two acks needed': { n: '5', lf: '10', rtt: '1 1 1 1', fs: '1' },
      'the second-fastest follower decides': { n: '5', rtt: '1 1 5 5', fs: '2' },
      'one member': { n: '1', rtt: '', fs: '' },
      'one-byte entries': { b: '1' },
      'large figures': { w: '50000', b: '100000', n: '7', lf: '0.25', rtt: '0.125', fs: '3.5' },
    };
    for (const [name, change] of Object.entries(cases)) {
      const raw = { ...DEFAULTS, ...change };
      expectSameAnswer(writePathCalc.compute(raw), writePathCalc.compute(raw, 'ja'), name);
    }
    const ja = writePathCalc.compute({ ...DEFAULTS, n: '5', rtt: '1 1 5 5', fs: '2' }, 'ja');
    expect(factValues(ja.doc)).toEqual(['3.91 MiB/s（1,000 × 1 KiB × 4）', '3 ms（クォーラム 3：リーダー + 2）']);
    const decider = ja.doc!.blocks[1]!;
    expect(decider.kind === 'para' && inlineText(decider.content)).toBe(
      'リーダーは最も速い 2 台のフォロワーの確認応答を待ちます。フォロワーの確認応答（往復時間 + fsync）は速い順に 3 ms、3 ms、7 ms、7 ms で、2 番目の値がコミットの時点を決めます。',
    );
    expect(factValues(writePathCalc.compute({ ...DEFAULTS, b: '1' }, 'ja').doc)[0]).toContain('× 1 バイト ×');
  });

  it('the English catalogue says what the model says', () => {
    const wp = writePath({ writesPerSecond: 1, meanEntryBytes: 1, members: 1, leaderFsyncMs: 1, followers: [] });
    expect(WRITE_PATH_EN.throughputNote).toBe(wp.throughputNote);
  });

  it('refuses the same inputs, with Japanese messages that name the field', () => {
    const cases: Record<string, Partial<typeof DEFAULTS>> = {
      'a word for writes': { w: 'abc' },
      'no members': { n: '0' },
      'a grouped entry size': { b: '1,024' },
      'a negative leader fsync': { lf: '-1' },
      'an empty list': { rtt: '' },
      'too many values': { fs: '1 2 3 4' },
      'a negative item': { rtt: '1 -1' },
      'a decimal comma in an item': { fs: '0,5' },
      'two bad fields': { w: '', lf: 'x' },
    };
    for (const [name, change] of Object.entries(cases)) {
      const raw = { ...DEFAULTS, ...change };
      const en = writePathCalc.compute(raw);
      const ja = writePathCalc.compute(raw, 'ja');
      expect(ja.state, name).toBeNull();
      expect(ja.doc, name).toBeNull();
      expect(Object.keys(ja.errors).sort(), name).toEqual(Object.keys(en.errors).sort());
      expect(Object.keys(ja.errors).length, name).toBeGreaterThan(0);
      for (const message of Object.values(ja.errors)) expect(message, name).toMatch(JAPANESE);
      expect(JSON.stringify(ja.result), name).toContain('まだ結果はありません');
    }
    const at = (change: Partial<typeof DEFAULTS>) => writePathCalc.compute({ ...DEFAULTS, ...change }, 'ja').errors;
    expect(at({ fs: '1 2 3 4' })['fs']).toBe(
      'フォロワーの fsync：フォロワー 2 台に対して値が 4 個あります。2 個削除してください。',
    );
    expect(at({ rtt: '' })['rtt']).toBe(
      'フォロワーとの往復時間が空です。フォロワーごとに ms 単位の時間を 1 つずつ入力してください（フォロワー 2 台）。',
    );
    expect(at({ rtt: '1 -1' })['rtt']).toMatch(/^フォロワーとの往復時間（2 番目の値）は負の値にできません。/);
    expect(at({ w: 'abc' })['w']).toMatch(/^毎秒の書き込み数は/);
    expect(parseMsList('1 2', 4, 'RTT', 'ja')).toEqual({ ok: true, value: [1, 2, 2, 2] });
    expect(parseMsList('1 2 3', 2, 'RTT', 'en')).toEqual(parseMsList('1 2 3', 2, 'RTT'));
  });

  it('the form speaks Japanese with the same fields', () => {
    const ja = viewIn(writePathView, 'ja');
    expect(ja.title).toBe('書き込み経路（モデル）');
    expect(ja.fields.map((f) => f.key)).toEqual(writePathView.fields.map((f) => f.key));
    expect(ja.fields.map((f) => f.kind)).toEqual(writePathView.fields.map((f) => f.kind));
    for (const f of ja.fields) {
      expect(f.label, f.key).toMatch(JAPANESE);
      expect(hintOf('writePath', f), f.key).toMatch(/。$/);
    }
    expect(
      hintOf(
        'writePath',
        ja.fields.find((f) => f.key === 'n')!,
      ),
    ).toMatch(/^1–\d+。$/);
    expect(viewIn(writePathView, 'en')).toBe(writePathView);
  });
});
