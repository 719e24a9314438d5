import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DRAWN_LAB_RUN } from '../../../src/lib/lab/drawn-runs.ts';
import { labFacts } from '../../../src/lib/lab/prose-facts.ts';
import { parseLabResult, type LabResult } from '../../../src/lib/lab/result.ts';
import { ROOT } from '../../helpers/paths.ts';

// A committed repeated run: its facts were counted by hand from the JSON when the lab page quoted them.
const FILE = join(ROOT, 'content/lab-results/lab-shared-vm-2cpu-2026-12-02T080214Z.json');
const load = (): LabResult => parseLabResult(JSON.parse(readFileSync(FILE, 'utf8')), FILE);

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
});
