/**
 * Each line of the sizing plan agrees with the calculator it composes, given the same inputs: the
 * plan's figure and the one that calculator shows for the facts the plan mapped onto its fields.
 * Run for the six clusters, so that every branch a line takes is compared at least once.
 */
import { describe, expect, it } from 'vitest';
import { apfCalc } from '../../../src/lib/calculators/apf.ts';
import { apiserverCalc } from '../../../src/lib/calculators/apiserver.ts';
import { dbSizeCalc } from '../../../src/lib/calculators/db-size.ts';
import { fmtBytes, fmtInt, fmtNumApart } from '../../../src/lib/calculators/format.ts';
import { hardwareCalc } from '../../../src/lib/calculators/hardware.ts';
import { limitsCalc } from '../../../src/lib/calculators/limits.ts';
import { maintenanceCalc } from '../../../src/lib/calculators/maintenance.ts';
import { membershipCalc } from '../../../src/lib/calculators/membership.ts';
import { overridesCalc } from '../../../src/lib/calculators/overrides.ts';
import { planCalc, readFacts } from '../../../src/lib/calculators/plan.ts';
import { planLines } from '../../../src/lib/calculators/plan-lines.ts';
import { inlineText, type ResultDoc } from '../../../src/lib/calculators/result-doc.ts';
import { timeoutsCalc } from '../../../src/lib/calculators/timeouts.ts';
import { topologyCalc } from '../../../src/lib/calculators/topology.ts';
import { upgradeCalc } from '../../../src/lib/calculators/upgrade.ts';
import { text } from '../../../src/lib/calculators/calc.ts';
import type { ResourceRow } from '../../../src/lib/model/db-size.ts';
import { BACKEND_COMMIT_P99_TARGET_MS, WAL_FSYNC_P99_TARGET_MS } from '../../../src/lib/model/disk-targets.ts';
import { PLAN_DB_DEFAULTS, PLAN_INFLIGHT, sizingPlan, type SizingPlan } from '../../../src/lib/model/plan.ts';
import { SOURCE_EXPECT } from '../../../src/lib/model/source-expect.ts';
import { DB_SIZE_URL } from '../../../src/lib/model/schemas/db-size.ts';
import { APF_URL } from '../../../src/lib/model/schemas/apf.ts';
import { PLAN_URL } from '../../../src/lib/model/schemas/plan.ts';
import { defaultState } from '../../../src/lib/model/url-state.ts';
import { PLAN_CLUSTERS } from '../../helpers/plan-clusters.ts';

const clusters = Object.values(PLAN_CLUSTERS).map((c) => [c.name, c.raw] as const);

function planOf(raw: Readonly<Record<string, string>>): SizingPlan {
  const read = readFacts({ ...planCalc.toRaw(defaultState(PLAN_URL.schema)), ...raw });
  if ('errors' in read) throw new Error(JSON.stringify(read.errors));
  return sizingPlan(read.facts);
}

/** A calculator's answer, which must be valid. */
function docOf(out: { doc: ResultDoc | null; errors: Record<string, string> }): ResultDoc {
  expect(out.errors).toEqual({});
  return out.doc!;
}

/** The value of a figure row whose label starts with `label`. */
function fact(doc: ResultDoc, label: string): string {
  for (const b of doc.blocks)
    if (b.kind === 'facts') for (const r of b.rows) if (r.label.startsWith(label)) return inlineText(r.value);
  throw new Error(`No figure "${label}"`);
}

const leadOf = (doc: ResultDoc): string =>
  doc.blocks.flatMap((b) => (b.kind === 'para' && b.tone === 'lead' ? [inlineText(b.content)] : []))[0] ?? '';

/** Rows in the database-size calculator's syntax. */
const rowsText = (rows: readonly ResourceRow[]): string =>
  rows.map((r) => `${r.name} ${r.objects} ${text(r.meanBytes)} ${text(r.writesPerSecond)}`).join('\n');

describe.each(clusters)('%s: each plan line agrees with its calculator', (_name, raw) => {
  const p = planOf(raw);
  const f = p.facts;

  it('etcd members: the maintenance calculator for f failures with one stopped', () => {
    const doc = docOf(maintenanceCalc.compute({ f: text(f.failuresDuringMaintenance), k: '1' }));
    expect(fact(doc, 'Members needed')).toMatch(new RegExp(`^${p.members.members} = `));
    expect(fact(doc, 'Quorum')).toMatch(new RegExp(`^${p.members.quorum} `));
  });

  it('topology: the topology calculator for those members and control-plane nodes', () => {
    const doc = docOf(topologyCalc.compute({ e: text(p.members.members), c: text(p.controlPlaneNodes) }));
    expect(fact(doc, 'External')).toMatch(new RegExp(`^${p.topology.external.hosts} hosts`));
    if (f.etcd === 'stacked') expect(fact(doc, 'Stacked')).toBe(`${p.topology.stacked.hosts} hosts`);
  });

  it('machine class: the hardware calculator for the writes, the file size and the keys', () => {
    const keys = p.main.rows.reduce((s, r) => s + r.objects, 0);
    const doc = docOf(
      hardwareCalc.compute({
        n: text(f.nodes),
        c: '0',
        rps: text(p.main.writesPerSecond),
        gb: text(p.main.db.onDiskBytes / 1e9),
        keys: text(keys),
      }),
    );
    expect(leadOf(doc)).toMatch(new RegExp(`^${p.main.hardware.hardwareClass.name} cluster`));
  });

  it('disk targets: the numbers in the cited FAQ lines', () => {
    expect(SOURCE_EXPECT.etcdFaqWalFsyncTarget[0]).toContain(`less than ${WAL_FSYNC_P99_TARGET_MS}ms`);
    expect(SOURCE_EXPECT.etcdFaqBackendCommitTarget[0]).toContain(`less than ${BACKEND_COMMIT_P99_TARGET_MS}ms`);
  });

  it('database and quota: the database-size calculator for the same rows and its own defaults', () => {
    expect(PLAN_DB_DEFAULTS).toEqual({
      compactionMinutes: DB_SIZE_URL.schema.ci.default,
      keyOverheadBytes: DB_SIZE_URL.schema.ko.default,
      fragmentation: DB_SIZE_URL.schema.fr.default,
      growthPercentPerDay: DB_SIZE_URL.schema.g.default,
      quotaGiB: DB_SIZE_URL.schema.q.default,
      horizonDays: DB_SIZE_URL.schema.hd.default,
      headroomPercent: DB_SIZE_URL.schema.hr.default,
    });
    for (const cluster of [p.main, ...(p.eventsCluster ? [p.eventsCluster] : [])]) {
      const base = dbSizeCalc.toRaw(defaultState(DB_SIZE_URL.schema));
      const doc = docOf(dbSizeCalc.compute({ ...base, rows: rowsText(cluster.rows) }));
      expect(fact(doc, 'On disk before a defragmentation')).toBe(fmtBytes(cluster.db.onDiskBytes));
      expect(fact(doc, 'Quota to set')).toMatch(new RegExp(`^${cluster.db.quotaToSetGiB} GiB`));
    }
  });

  it('heartbeat and election timeout: the timeouts calculator for the same round trip and fsync', () => {
    const doc = docOf(timeoutsCalc.compute({ rtt: text(f.rttMs), fs: text(f.fsyncMs), h: '100', e: '1000' }));
    expect(fact(doc, 'Recommended')).toBe(
      `--heartbeat-interval=${p.timeouts.heartbeatMs} --election-timeout=${p.timeouts.electionMs}`,
    );
  });

  it('Events: the overrides calculator accepts the flag, and the limits calculator gives the same Events ratio', () => {
    const doc = docOf(overridesCalc.compute({ v: p.overridesValue }));
    expect(leadOf(doc)).toBe('Accepted by kube-apiserver v1.37: 1 override.');
    const ev = p.limits.checks.find((c) => c.limit.key === 'events')!;
    expect(fact(limitsDoc(p), 'Events')).toMatch(new RegExp(`^${fmtInt(ev.value)} of 1,000,000`));
  });

  it('control-plane nodes: the upgrade calculator for two kept up, and the API-server calculator for that many replicas', () => {
    const up = docOf(upgradeCalc.compute({ a: '2', s: f.strategy }));
    expect(Number(fact(up, 'Control-plane nodes to run'))).toBe(p.upgrade.baseNodes);
    expect(p.controlPlaneNodes).toBeGreaterThanOrEqual(f.etcd === 'stacked' ? p.members.members : p.upgrade.baseNodes);
    const cached = p.main.rows.filter((r) => r.name !== 'events');
    const n = cached.reduce((s, r) => s + r.objects, 0);
    const bytes = cached.reduce((s, r) => s + r.objects * r.meanBytes, 0);
    const api = docOf(
      apiserverCalc.compute({
        r: text(p.controlPlaneNodes),
        t: text(cached.length),
        n: text(n),
        s: text(Math.round(bytes / n)),
      }),
    );
    expect(fact(api, 'etcd watches')).toBe(fmtInt(p.apiserver.etcdWatches));
    expect(fact(api, 'Watch-cache memory')).toMatch(new RegExp(`^${fmtBytes(p.apiserver.watchCacheBytes)} `));
  });

  it('inflight limits and APF: the APF calculator for that many replicas and the default flags', () => {
    expect([PLAN_INFLIGHT.readOnly, PLAN_INFLIGHT.mutating]).toEqual([
      APF_URL.schema.mri.default,
      APF_URL.schema.mmri.default,
    ]);
    const doc = docOf(apfCalc.compute({ r: text(p.controlPlaneNodes), mri: '400', mmri: '200', pl: '' }));
    expect(fact(doc, 'Seats per replica')).toBe(fmtInt(p.apf.perReplica));
    expect(fact(doc, 'Seats across')).toBe(fmtInt(p.apf.acrossReplicas));
  });

  it('headroom: the tested-limits calculator for the same counts gives the same ratio first and the same rows', () => {
    const doc = limitsDoc(p);
    const first = doc.blocks[0]!;
    expect(first.kind === 'para' && inlineText(first.content)).toMatch(
      new RegExp(`^Binds first: .*, ratio ${fmtNumApart(p.limits.binding.ratio, 1).replace('.', '\\.')}, `),
    );
    for (const [key, label] of LIMIT_ROWS) {
      const c = p.limits.checks.find((x) => x.limit.key === key)!;
      expect(fact(doc, label)).toMatch(new RegExp(`^${fmtInt(c.value)} of ${fmtInt(c.limitInUse)}`));
    }
  });

  it('membership change: the membership calculator for a replacement in that many members', () => {
    const doc = docOf(
      membershipCalc.compute({
        p: 'replace',
        n: text(p.members.members),
        m: '5',
        d: '1',
        o: 'remove-first',
        l: '1',
      }),
    );
    expect(fact(doc, 'Steps')).toBe(String(p.membership.steps.length - 1));
    expect(leadOf(doc)).toBe(p.membership.summary);
  });

  it('membership change: why remove first is what the calculator gives for adding first with one member down', () => {
    if (p.facts.etcd === 'stacked') return;
    const addFirst = docOf(
      membershipCalc.compute({ p: 'replace', n: text(p.members.members), m: '5', d: '1', o: 'add-first', l: '1' }),
    );
    const refused = addFirst.blocks.some((b) => b.kind === 'para' && b.tone === 'refusal');
    const reason = planLines(p).find((l) => l.label === 'Membership change')!.reason;
    expect(reason, `${p.members.members} members`).toMatch(refused ? /refuses any add/ : /still accepts an add/);
  });
});

/** The tested-limits calculator's answer for the plan's counts (those it does not ask for at 0). */
function limitsDoc(p: SizingPlan): ResultDoc {
  const f = p.facts;
  const count = (key: string): string => text(p.limits.checks.find((c) => c.limit.key === key)!.value);
  return docOf(
    limitsCalc.compute({
      n: text(f.nodes),
      c: text(f.cores),
      pn: text(f.podsPerNode),
      p: count('pods'),
      pns: '0',
      ns: text(f.namespaces),
      s: count('services'),
      sns: '0',
      ep: '0',
      dns: '0',
      o: count('objectsPerType'),
      ev: text(f.events.objects),
      os: count('objectSize'),
      ts: count('typeSize'),
      tk: '0',
      tq: '0',
      sc: '1',
    }),
  );
}

/** Rows of the tested-limits calculator the plan's facts fill, by model key and the row's label. */
const LIMIT_ROWS = [
  ['nodes', 'Nodes'],
  ['pods', 'Pods'],
  ['namespaces', 'Namespaces'],
  ['events', 'Events'],
] as const;

describe('why a failed member is removed first, at both sizes', () => {
  it.each([
    [
      '0',
      3,
      /with one of 3 members down, etcd refuses any add, learner or voter \(4 members would need 3 running, 2 are\)/,
    ],
    ['1', 5, /with one of 5 members down etcd still accepts an add, .* makes the quorum 4 of 6 with 4 running/],
  ])('failures %s: %i external members', (f, members, said) => {
    const p = planOf({ f, et: 'external' });
    expect(p.members.members).toBe(members);
    expect(planLines(p).find((l) => l.label === 'Membership change')!.reason).toMatch(said);
  });
});
