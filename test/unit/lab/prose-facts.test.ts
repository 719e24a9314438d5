import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DRAWN_LAB_RUN } from '../../../src/lib/lab/drawn-runs.ts';
import { LAB_FACTS, labFacts } from '../../../src/lib/lab/prose-facts.ts';
import { parseLabResult, type LabResult } from '../../../src/lib/lab/result.ts';
import { ROOT } from '../../helpers/paths.ts';

// A committed repeated run: its facts were counted by hand from the JSON when the lab page quoted them.
const FILE = join(ROOT, 'content/lab-results/lab-shared-vm-2cpu-2026-12-02T080214Z.json');
const load = (): LabResult => parseLabResult(JSON.parse(readFileSync(FILE, 'utf8')), FILE);
const DRAWN_FILE = join(ROOT, `content/lab-results/${DRAWN_LAB_RUN}.json`);
const loadDrawn = (): LabResult => parseLabResult(JSON.parse(readFileSync(DRAWN_FILE, 'utf8')), DRAWN_FILE);

/** The figures of a phrase, sorted, for comparing languages that order them differently. The
 * English spells "within two [election timeouts]" as a word, which Japanese writes 2 回分. */
const figures = (phrase: string): string[] => (phrase.replace(/\btwo\b/g, '2').match(/\d+(?:[.,]\d+)*/g) ?? []).sort();

/** Latin words a Japanese phrase may keep: a unit and a name. */
const LATIN_ALLOWED = new Set(['ms', 'etcd']);

/** What every Japanese phrase of a run must hold against the English one. */
function expectJapaneseMatches(r: LabResult): void {
  const en = labFacts(r);
  const ja = labFacts(r, 'ja');
  for (const name of LAB_FACTS) {
    const phrase = ja[name];
    expect(phrase.trim(), name).not.toBe('');
    expect(figures(phrase), `${name}: ${phrase}`).toEqual(figures(en[name]));
    const latin = (phrase.match(/[A-Za-z]{3,}/g) ?? []).filter((word) => !LATIN_ALLOWED.has(word));
    expect(latin, `${name}: ${phrase}`).toEqual([]);
    expect(phrase, name).not.toMatch(/kill|。$/i);
  }
}

describe('the lab facts the prose quotes', () => {
  it('counts kills, outages, errors and windows of a repeated run', () => {
    expect(labFacts(load())).toEqual({
      'election-timeouts': '25 of 30 kills within two, the other 5 up to 2.9 timeouts',
      'write-load-average': 'about 15 in the 5-member windows',
      'write-busy-range': '99–100 %',
      'write-ratio-best': '0.34 × its rate, with 3 members and 2 ms added',
      'write-windows-cpu-bound': 'all 35',
      'read-windows-cpu-bound': 'all 70',
      'first-error-kinds':
        'the plain message in 18 kills and the leader-failure one in 11 kills; in 1 no write failed at all',
      'outages-at-request-timeout': "133 of the 240 writers' outages (30 leader kills)",
      'outages-stuck-at-kill': '81',
      'outages-caught-later': '52',
      'kills-ended-by-request-timeout': '29 of 30 kills (in the other every writer was back within 1.51 s)',
      'kills-without-writes-until-request-timeout': '1 of 30 kills',
      'run-duration': '20 min 41 s',
    });
  });

  it('words a whole as "all", and drops the clauses that have nothing to say', () => {
    const r = load();
    for (const c of r.clusters)
      for (const s of c.scenarios.leaderStops ?? []) {
        s.electionMs = c.electionTimeoutMs;
        s.firstError = 'etcdserver: request timed out, possibly due to connection lost';
        s.clientOutagesMs = s.clientOutagesMs!.map(() => 7000);
      }
    const f = labFacts(r);
    expect(f['election-timeouts']).toBe('all 30 kills within two');
    const slow = r.clusters.find((c) => c.scenarios.leaderStops?.length)!;
    slow.scenarios.leaderStops![0]!.electionMs = 2.5 * slow.electionTimeoutMs;
    expect(labFacts(r)['election-timeouts']).toBe('29 of 30 kills within two, the other at 2.5 timeouts');
    expect(f['first-error-kinds']).toBe('the connection-lost one in 30 kills');
    expect(f['kills-ended-by-request-timeout']).toBe('all 30 kills');
    expect(f['kills-without-writes-until-request-timeout']).toBe('all 30 kills');
    expect(f['outages-at-request-timeout']).toBe("240 of the 240 writers' outages (30 leader kills)");
    r.clusters[0]!.scenarios.write!.windows![0]!.machine!.cpuBound = false;
    expect(labFacts(r)['write-windows-cpu-bound']).toBe('34 of 35');
  });

  it('refuses a run without per-writer outages rather than quote an empty phrase', () => {
    const r = load();
    for (const c of r.clusters) for (const s of c.scenarios.leaderStops ?? []) delete s.clientOutagesMs;
    expect(() => labFacts(r)).toThrow(/no repeated leader kills with per-writer outages/);
    const none = load();
    for (const c of none.clusters) {
      c.scenarios.leaderStops = [];
      c.scenarios.leaderStop = null;
    }
    expect(() => labFacts(none)).toThrow(/started 2026-12-02T08:02:14/);
  });

  // The sentences around the facts carry words the facts do not: "every larger cluster wrote less
  // than a single member", "the other N had that write acknowledged". A declared run must bear them out.
  it('the drawn run holds what the sentences around its facts say', () => {
    const file = join(ROOT, `content/lab-results/${DRAWN_LAB_RUN}.json`);
    const f = labFacts(parseLabResult(JSON.parse(readFileSync(file, 'utf8')), file));
    expect(Number.parseFloat(f['write-ratio-best'])).toBeLessThan(1);
    expect(Number.parseInt(f['outages-caught-later'], 10)).toBeGreaterThan(0);
    expect(Number.parseInt(f['outages-stuck-at-kill'], 10)).toBeGreaterThan(0);
    expect(f['kills-ended-by-request-timeout']).toMatch(/^(all \d+|\d+ of \d+) kills/);
  });

  it('words the same figures in Japanese, under the same conditions', () => {
    expect(labFacts(load(), 'ja')).toEqual({
      'election-timeouts': '停止 30 回中 25 回で選出タイムアウト 2 回分以内、残る 5 回では最大 2.9 回分',
      'write-load-average': 'メンバー 5 台の計測期間で約 15',
      'write-busy-range': '99〜100 %',
      'write-ratio-best': '往復遅延を 2 ms 加えたメンバー 3 台のクラスターで、単一メンバーのときの 0.34 倍',
      'write-windows-cpu-bound': '35 回すべて',
      'read-windows-cpu-bound': '70 回すべて',
      'first-error-kinds':
        '理由を示さないメッセージが 18 回、前のリーダーの障害を理由に挙げるものが 11 回、失敗した書き込みがなかったのが 1 回',
      'outages-at-request-timeout': 'リーダーの停止 30 回で書き込みクライアントに生じた中断 240 件のうち 133 件',
      'outages-stuck-at-kill': '81',
      'outages-caught-later': '52',
      'kills-ended-by-request-timeout':
        '停止 30 回中 29 回（残りの停止では、どの書き込みクライアントも 1.51 秒以内に再開）',
      'kills-without-writes-until-request-timeout': '停止 30 回中 1 回',
      'run-duration': '20 分 41 秒',
    });
    expectJapaneseMatches(load());
  });

  it('quotes the drawn run in Japanese with the English figures and no English words', () => {
    expectJapaneseMatches(loadDrawn());
  });

  it('keeps the figures in Japanese on every branch a phrase can take', () => {
    const r = load();
    const stops = r.clusters.flatMap((c) => (c.scenarios.leaderStops ?? []).map((s) => ({ c, s })));
    for (const { c, s } of stops) {
      s.electionMs = c.electionTimeoutMs;
      s.firstError = 'etcdserver: request timed out, possibly due to connection lost';
      s.clientOutagesMs = s.clientOutagesMs!.map(() => 7000);
    }
    expectJapaneseMatches(r);
    expect(labFacts(r, 'ja')['election-timeouts']).toBe('停止 30 回すべてで選出タイムアウト 2 回分以内');
    expect(labFacts(r, 'ja')['first-error-kinds']).toBe('接続の切断を理由に挙げるものが 30 回');
    stops[0]!.s.electionMs = 2.5 * stops[0]!.c.electionTimeoutMs;
    expect(labFacts(r, 'ja')['election-timeouts']).toBe(
      '停止 30 回中 29 回で選出タイムアウト 2 回分以内、残りは 2.5 回分',
    );
    expectJapaneseMatches(r);
    // Two kills whose writers all came back quickly; one with no first error of any kind.
    const drawn = loadDrawn();
    const kills = drawn.clusters.flatMap((c) => c.scenarios.leaderStops ?? []);
    for (const s of kills.slice(0, 2)) s.clientOutagesMs = s.clientOutagesMs!.map(() => 800);
    for (const s of kills) s.firstError = null;
    expect(labFacts(drawn)['kills-ended-by-request-timeout']).toMatch(/in the other 2 every writer/);
    expect(labFacts(drawn)['first-error-kinds']).toMatch(/^none; in 30 no write failed at all$/);
    expectJapaneseMatches(drawn);
    expect(labFacts(drawn, 'ja')['kills-ended-by-request-timeout']).toMatch(/^停止 30 回中 28 回（残る 2 回では/);
    const bare = load();
    for (const c of bare.clusters)
      for (const w of c.scenarios.write?.windows ?? []) if (w.machine) w.machine.loadAverage1 = null;
    bare.clusters = bare.clusters.filter((c) => c.members !== 1);
    for (const c of bare.clusters)
      for (const w of c.scenarios.write?.windows ?? []) if (w.machine) w.machine.machineBusyFraction = null;
    expect(labFacts(bare, 'ja')).toMatchObject({
      'write-load-average': '記録なし',
      'write-busy-range': '記録なし',
      'write-ratio-best': '測定なし',
    });
    expect(labFacts(bare)).toMatchObject({
      'write-load-average': 'not recorded',
      'write-busy-range': 'not recorded',
      'write-ratio-best': 'not measured',
    });
  });

  it('takes the language from the tag, and English for a language without words', () => {
    const r = load();
    const en = labFacts(r);
    expect(labFacts(r, 'en')).toEqual(en);
    expect(labFacts(r, 'fr')).toEqual(en);
    expect(labFacts(r, 'ja-JP')).toEqual(labFacts(r, 'ja'));
  });
});
