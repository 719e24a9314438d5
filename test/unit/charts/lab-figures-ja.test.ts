import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { barChart } from '../../../src/lib/charts/bar-chart.ts';
import { methodNote } from '../../../src/lib/charts/lab-figure-format.ts';
import { labFigureWords, LAB_FIGURE_LANGS } from '../../../src/lib/charts/lab-figure-words.ts';
import { LAB_FIGURES, labFigure, type LabFigure, type LabFigureId } from '../../../src/lib/charts/lab-figures.ts';
import type { TreeElement } from '../../../src/lib/calculators/tree.ts';
import { DRAWN_LAB_RUN } from '../../../src/lib/lab/drawn-runs.ts';
import { parseLabResult, type LabResult } from '../../../src/lib/lab/result.ts';
import { ROOT } from '../../helpers/paths.ts';

// The committed run the site draws: the Japanese pages show its figures.
const FILE = join(ROOT, `content/lab-results/${DRAWN_LAB_RUN}.json`);
const drawn = (): LabResult => parseLabResult(JSON.parse(readFileSync(FILE, 'utf8')), FILE);

/** The numbers in a text, as written ("1,234", "0.22", "-0.0"), sorted: word order differs between languages. */
const numbers = (s: string): string[] => (s.match(/-?\d+(?:,\d{3})*(?:\.\d+)?/g) ?? []).sort();
const JAPANESE = /[\u3040-\u30ff\u4e00-\u9fff]/;

function both(id: LabFigureId): { en: LabFigure; ja: LabFigure } {
  const r = drawn();
  const en = labFigure(id, r);
  const ja = labFigure(id, r, 'ja');
  if (!en || !ja) throw new Error(`the drawn run ${DRAWN_LAB_RUN} has no ${id} figure`);
  return { en, ja };
}

describe('the lab figures of the drawn run in Japanese', () => {
  // The four the Japanese pages show, then the two they do not (yet).
  const figures: LabFigureId[] = ['leader-loss', 'majority-loss', 'writes', 'reads', 'leader-timeline', 'disk'];
  test('every figure is covered', () => expect([...figures].sort()).toEqual([...LAB_FIGURES].sort()));

  test.each(figures)('%s: the same rows, cells and numbers in every cell as in English', (id) => {
    const { en, ja } = both(id);
    expect(ja.table.length).toBe(en.table.length);
    expect(ja.table.length).toBeGreaterThan(1);
    ja.table.forEach((row, i) => {
      expect(row.length).toBe(en.table[i]!.length);
      if (i > 0)
        row.forEach((cell, j) => expect(numbers(cell), `row ${i}, column ${j}`).toEqual(numbers(en.table[i]![j]!)));
    });
  });

  test.each(figures)('%s: Japanese headers, and as many findings, saying the same numbers', (id) => {
    const { en, ja } = both(id);
    const head = ja.table[0]!;
    for (const h of head) expect(h, h).toMatch(/^p\d+$/.test(h) ? /^p\d+$/ : JAPANESE);
    expect(head.filter((h) => !/^p\d+$/.test(h))).not.toContain(en.table[0]![0]);
    expect(ja.findings.length).toBe(en.findings.length);
    expect(ja.findings.length).toBeGreaterThan(0);
    ja.findings.forEach((f, i) => {
      expect(f).toMatch(JAPANESE);
      expect(f).toMatch(/。$/);
      expect(numbers(f), f).toEqual(numbers(en.findings[i]!));
    });
  });

  test.each(figures)('%s: the chart draws the same bars under Japanese labels', (id) => {
    const { en, ja } = both(id);
    if (!en.chart) return expect(ja.chart).toBeNull();
    const c = ja.chart!;
    const bars = (f: LabFigure) => f.chart!.groups.map((g) => g.bars.map((b) => [b.series, b.value, b.label, b.range]));
    expect(bars(ja)).toEqual(bars(en));
    expect(c.groups.map((g) => numbers(g.label))).toEqual(en.chart.groups.map((g) => numbers(g.label)));
    expect(c.series.map(numbers)).toEqual(en.chart.series.map(numbers));
    for (const text of [c.title, c.yLabel, c.desc]) expect(text).toMatch(JAPANESE);
    expect(c.desc).not.toMatch(/\b(the|of|and|with|after)\b/);
    expect(c.reference?.value).toBe(en.chart.reference?.value);
  });

  test('the words the chapters rely on: leader, follower, linearizable and serializable reads', () => {
    const loss = both('leader-loss').ja;
    expect(loss.table.slice(1).map((r) => r[1])).toEqual(expect.arrayContaining(['リーダー', 'フォロワー']));
    expect(loss.chart!.reference!.label).toBe('選出タイムアウト 1,000 ms');
    expect(both('reads').ja.findings[0]).toMatch(/線形化可能な読み取り.*シリアライズ可能な読み取り/);
    expect(both('majority-loss').ja.findings[0]).toMatch(/^過半数のメンバーを停止した状態では、/);
  });

  test('the method note says the same numbers in sentences of its own', () => {
    const r = drawn();
    const en = methodNote(r);
    const ja = methodNote(r, 'ja');
    expect(numbers(ja)).toEqual(numbers(en));
    expect(ja).toMatch(/^負荷とクラスターごとに、.*。$/);
    expect(ja).not.toMatch(/[a-z]{4,}/);
  });
});

describe('the words of the lab figures', () => {
  test('pick the page content’s language, English for one without a table', () => {
    expect([...LAB_FIGURE_LANGS].sort()).toEqual(['en', 'ja']);
    expect(labFigureWords('ja').lang).toBe('ja');
    expect(labFigureWords('ja-JP').lang).toBe('ja');
    expect(labFigureWords('fr').lang).toBe('en');
    expect(labFigureWords(undefined).lang).toBe('en');
  });

  test('the paragraph under a figure reads, in English, as the component always printed it', () => {
    const r = drawn();
    const env = r.environment;
    const facts = {
      day: r.startedAt.slice(0, 10),
      etcdVersion: env.etcdVersion,
      host: env.hostLabel,
      cpuCount: env.cpuCount,
      cpuModel: env.cpuModel,
      kernel: env.kernel,
      filesystem: env.dataDir?.filesystem,
      clients: r.settings.clients,
      readClientsPerMember: r.settings.readClientsPerMember,
      clientName: env.clientLibrary.name,
      clientVersion: env.clientLibrary.version,
    };
    const say = (lang: string): string => {
      const w = labFigureWords(lang).where({ ...facts, method: methodNote(r, lang) });
      return `${w.before}npm run lab${w.after}[${w.link}]${w.end}`;
    };
    expect(say('en')).toBe(
      `Measured with npm run lab on 2026-12-03: etcd 3.4.23, every member a process on one machine (vm: 2 × AMD EPYC, 6.18.44-fc-v1045, data on ext4), with 8 clients for the writes and 2 per member for the reads, and the etcd client etcd3 1.1.2. ${methodNote(r)} The members share that machine's CPU and disk, so read the ratios, not the absolute numbers. [Raw JSON].`,
    );
    const ja = say('ja');
    expect(ja).toMatch(/^npm run lab で 2026-12-03 に計測しました。/);
    expect(ja).toContain(methodNote(r, 'ja'));
    expect(ja).toContain('[生の JSON]');
    expect(numbers(ja)).toEqual(numbers(say('en')));
    expect(say('en').replace(/, data on ext4/, '')).toBe(
      (() => {
        const w = labFigureWords('en').where({ ...facts, filesystem: undefined, method: methodNote(r) });
        return `${w.before}npm run lab${w.after}[${w.link}]${w.end}`;
      })(),
    );
  });

  test('a legend in Japanese leaves each name room for its wide characters', () => {
    const legendX = (series: string[]): number[] =>
      barChart({ id: 't', title: 'T', desc: 'D', yLabel: 'y', series, groups: [] })
        .children.filter((c): c is TreeElement => typeof c !== 'string' && c.attrs['class'] === 'bar-chart__legend')
        .map((t) => Number(t.attrs['x']));
    // English keeps its 7 units a character; a wide character takes 12, its width at 12px.
    expect(legendX(['follower stopped', 'leader stopped'])).toEqual([77, 77 + 17 + 16 * 7 + 16]);
    expect(legendX(['フォロワー停止', 'リーダー停止'])).toEqual([77, 77 + 17 + 7 * 12 + 16]);
  });

  test('an unmeasured bar is drawn with the word given for it', () => {
    const spec = {
      id: 't',
      title: 'T',
      desc: 'D',
      yLabel: 'y',
      series: ['a'],
      groups: [{ label: 'g', bars: [{ series: 0, value: null, label: 'データなし' }] }],
    };
    const values = (svg: TreeElement): unknown[] =>
      svg.children
        .filter((c): c is TreeElement => typeof c !== 'string' && c.attrs['class'] === 'bar-chart__value')
        .map((t) => t.children[0]);
    expect(values(barChart(spec))).toEqual(['n/a']);
    expect(values(barChart({ ...spec, missing: 'データなし' }))).toEqual(['データなし']);
  });
});
