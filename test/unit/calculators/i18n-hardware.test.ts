import { describe, expect, it } from 'vitest';
import { hintOf, viewIn } from '../../../src/lib/calculators/calc.ts';
import { sizingWords } from '../../../src/lib/calculators/hardware-words.ts';
import { hardwareCalc, hardwareView } from '../../../src/lib/calculators/hardware.ts';
import { HARDWARE_JA } from '../../../src/lib/calculators/messages/hardware.ts';
import { classifyWorkload, type HardwareWorkload } from '../../../src/lib/model/hardware.ts';
import { JAPANESE, digits, expectSameAnswer, expectSameRefusal } from '../../helpers/calc-language.ts';

const none: HardwareWorkload = { nodes: 0, clients: 0, requestsPerSecond: 0, dataGB: 0, keys: 0 };
// Inputs that reach every phrase the model has: each reason key, each example position, the
// caution, both beyond-the-guide phrases and every note.
const workloads: Partial<HardwareWorkload>[] = [
  {},
  { nodes: 3000 },
  { nodes: 51 },
  { nodes: 1 },
  { nodes: 5000, clients: 50 },
  { nodes: 1001, requestsPerSecond: 300 },
  { clients: 1, requestsPerSecond: 199.99, dataGB: 0.1, keys: 1 },
  { clients: 1500, dataGB: 0.100001, keys: 5_000_000 },
  { requestsPerSecond: 10_000, dataGB: 2.2 },
  { dataGB: 9 },
  { dataGB: 60 },
  { clients: 100_000, dataGB: 100, nodes: 250 },
];
const raw = (w: Partial<HardwareWorkload>) => {
  const x = { ...none, ...w };
  return {
    n: String(x.nodes),
    c: String(x.clients),
    rps: String(x.requestsPerSecond),
    gb: String(x.dataGB),
    keys: String(x.keys),
  };
};

describe('the hardware calculator in Japanese', () => {
  it('answers with the same state, blocks, tones, sources and figures, in Japanese in every block', () => {
    for (const w of workloads)
      expectSameAnswer(hardwareCalc.compute(raw(w)), hardwareCalc.compute(raw(w), 'ja'), JSON.stringify(w));
  });

  it('words every phrase the model returns, with the same figures in both languages', () => {
    const keys = new Set<string>();
    for (const w of workloads) {
      const r = classifyWorkload({ ...none, ...w });
      for (const q of r.requirements) keys.add(`${q.input}.${q.reason.key}`);
      if (r.example) keys.add(`example.${r.example.key}`);
      for (const p of [...r.beyondGuide, ...r.notes]) keys.add(p.key);
      const en = sizingWords(r, 'en');
      const ja = sizingWords(r, 'ja');
      const all = (s: typeof en) => [...s.reasons, s.example ?? '', s.caution ?? '', ...s.beyondGuide, ...s.notes];
      expect(all(ja).length).toBe(all(en).length);
      all(ja).forEach((t, i) => {
        const e = all(en)[i]!;
        if (e === '') return expect(t).toBe('');
        expect(t, e).toMatch(JAPANESE);
        expect(t, e).not.toMatch(/undefined|NaN/);
        // The same figures, however each language orders them (the class names carry none).
        expect(digits(t), e).toEqual(digits(e));
      });
    }
    // Each reason key of each input, the four example positions, both beyond phrases and all six notes.
    for (const k of [
      'clients.under',
      'clients.over',
      'requestsPerSecond.under',
      'requestsPerSecond.over',
      'dataGB.under',
      'dataGB.over',
      'keys.fewKeys',
      'keys.manyKeys',
      'example.at',
      'example.fewer',
      'example.more',
      'example.between',
      'pastExamples',
      'openEnded',
      'nodesAboveExample',
      'boundaryGap',
      'overSuggestedQuota',
      'overDefaultQuota',
      'dataOverMemory',
      'dataNotLoad',
    ])
      expect(keys, k).toContain(k);
  });

  it('refuses the same input, with Japanese messages that name the field, and still refuses "10.000"', () => {
    for (const bad of [{ n: 'x' }, { c: '2.5' }, { rps: '10.000' }, { gb: '-1' }, { keys: '' }]) {
      const input = { ...raw({}), ...bad };
      expectSameRefusal(hardwareCalc.compute(input), hardwareCalc.compute(input, 'ja'), HARDWARE_JA.labels);
    }
    expect(hardwareCalc.compute({ ...raw({}), rps: '10.000' }, 'ja').errors['rps']).toMatch(/2 通りに読めます/);
  });

  it('the form speaks Japanese with the same fields', () => {
    const ja = viewIn(hardwareView, 'ja');
    expect(ja.title).not.toBe(hardwareView.title);
    expect(ja.fields.map((f) => f.key)).toEqual(hardwareView.fields.map((f) => f.key));
    for (const f of ja.fields) {
      expect(f.label, f.key).toMatch(JAPANESE);
      expect(hintOf('hardware', f), f.key).toMatch(JAPANESE);
    }
  });
});
