import { execFileSync } from 'node:child_process';
import { mirrorDirOf } from '../../../src/lib/citations/providers/mirror.ts';
import { HARDWARE_EN } from '../../../src/lib/calculators/messages/hardware.ts';
import { requirementText, sizingWords } from '../../../src/lib/calculators/hardware-words.ts';
import { describe, expect, it } from 'vitest';
import {
  classifyWorkload,
  DEFAULT_QUOTA_BYTES,
  HARDWARE_CLASSES,
  HARDWARE_GUIDE,
  HARDWARE_INPUT_MAX,
  isHeavilyLoaded,
  type HardwareSizing,
  type HardwareWorkload,
} from '../../../src/lib/model/hardware.ts';
import { CALCULATOR_SCHEMAS } from '../../../src/lib/model/calculator-state.ts';
import { parseCitationRef } from '../../../src/lib/citations/ref.ts';

const none: HardwareWorkload = { nodes: 0, clients: 0, requestsPerSecond: 0, dataGB: 0, keys: 0 };
/** The model's phrases as the English catalogue says them. */
const say = (r: HardwareSizing) => sizingWords(r, 'en');
const classOf = (over: Partial<HardwareWorkload>) => classifyWorkload({ ...none, ...over }).hardwareClass.id;

describe('class bounds', () => {
  it('nothing known is Small, decided by every bounding input', () => {
    const r = classifyWorkload(none);
    expect(r.hardwareClass.id).toBe('small');
    expect(r.decidedBy).toEqual(['clients', 'requestsPerSecond', 'dataGB', 'keys']);
    expect(r.boundsGiven).toBe(false);
    expect(r.example).toBeNull();
    expect(r.caution).toBeNull();
    expect(r.beyondGuide).toEqual([]);
    expect(r.notes).toEqual([]);
  });
  it('clients: "fewer than" is exclusive at 100, 500 and 1,500', () => {
    expect(classOf({ clients: 99 })).toBe('small');
    expect(classOf({ clients: 100 })).toBe('medium');
    expect(classOf({ clients: 499 })).toBe('medium');
    expect(classOf({ clients: 500 })).toBe('large');
    expect(classOf({ clients: 1499 })).toBe('large');
    expect(classOf({ clients: 1500 })).toBe('xlarge');
  });
  it('requests per second: exclusive at 200, 1,000 and 10,000, fractions allowed', () => {
    expect(classOf({ requestsPerSecond: 199.9 })).toBe('small');
    expect(classOf({ requestsPerSecond: 200 })).toBe('medium');
    expect(classOf({ requestsPerSecond: 999 })).toBe('medium');
    expect(classOf({ requestsPerSecond: 1000 })).toBe('large');
    expect(classOf({ requestsPerSecond: 9999.5 })).toBe('large');
    expect(classOf({ requestsPerSecond: 10_000 })).toBe('xlarge');
  });
  it('data: "no more than" is inclusive at 0.1, 0.5 and 1 GB', () => {
    expect(classOf({ dataGB: 0.1 })).toBe('small');
    expect(classOf({ dataGB: 0.100001 })).toBe('medium');
    expect(classOf({ dataGB: 0.5 })).toBe('medium');
    expect(classOf({ dataGB: 0.51 })).toBe('large');
    expect(classOf({ dataGB: 1 })).toBe('large');
    expect(classOf({ dataGB: 1.01 })).toBe('xlarge');
  });
  it('nodes are no bound: the guide defines classes by clients, requests/s and data only', () => {
    for (const nodes of [50, 51, 250, 251, 1000, 1001, 3000, 5000]) expect(classOf({ nodes })).toBe('small');
    expect(classOf({ nodes: 1001, requestsPerSecond: 300 })).toBe('medium');
    expect(classOf({ nodes: 10, clients: 2000 })).toBe('xlarge');
  });
  it('nodes alone give a warning that they pick no class, and say where they fall among the examples', () => {
    const r = classifyWorkload({ ...none, nodes: 3000 });
    expect(say(r).caution).toMatch(
      /^3,000 nodes alone does not pick a class: the guide defines its classes by clients/,
    );
    expect(say(r).example).toBe(
      '3,000 nodes: the example workload the guide names for xLarge, an illustration, not a bound.',
    );
    expect(say(classifyWorkload({ ...none, nodes: 51 })).example).toBe(
      '51 nodes: between the example workloads of Small (50 nodes) and Medium (250 nodes); they illustrate the classes and bound nothing.',
    );
    expect(say(classifyWorkload({ ...none, nodes: 1 })).example).toMatch(
      /^1 node: fewer than the example workload of Small/,
    );
    expect(classifyWorkload({ ...none, nodes: 100, requestsPerSecond: 300 }).caution).toBeNull();
  });
  it('nodes with a key count are not "nodes alone": the key count decides, and no caution contradicts it', () => {
    const r = classifyWorkload({ ...none, nodes: 500, keys: 2_000_000 });
    expect(r.hardwareClass.id).toBe('medium');
    expect(r.decidedBy).toContain('keys');
    expect(r.caution).toBeNull();
    expect(classifyWorkload({ ...none, nodes: 500 }).caution).not.toBeNull();
  });
  it('a node count past the example of the class the bounds give is noted, and the class stands', () => {
    const r = classifyWorkload({ ...none, nodes: 1001, requestsPerSecond: 300 });
    expect(r.hardwareClass.id).toBe('medium');
    expect(say(r).notes.join(' ')).toMatch(
      /1,001 nodes is more than the 250-node example workload of Medium\. .*Medium stands/,
    );
    expect(classifyWorkload({ ...none, nodes: 200, requestsPerSecond: 300 }).notes).toEqual([]);
  });
  it('keys: a million raises Small to Medium (16 GB), and never lowers a class', () => {
    expect(classOf({ keys: 999_999 })).toBe('small');
    expect(classOf({ keys: 1_000_000 })).toBe('medium');
    expect(classOf({ keys: 5_000_000, dataGB: 0.8 })).toBe('large');
  });
  it('the largest requirement wins, and every input that needs it is named', () => {
    const r = classifyWorkload({ ...none, nodes: 100, clients: 50, requestsPerSecond: 2000, dataGB: 0.7 });
    expect(r.hardwareClass.id).toBe('large');
    expect(r.decidedBy).toEqual(['requestsPerSecond', 'dataGB']);
    expect(r.requirements.map((q) => q.input)).not.toContain('nodes');
    expect(
      requirementText(
        HARDWARE_EN,
        r.requirements.find((q) => q.input === 'dataGB')!,
      ),
    ).toBe('0.7 GB > 0.5 GB, the bound of Medium.');
  });
  it('a value just past a bound is shown with the digits that set it apart, and counts of one are singular', () => {
    const reason = (over: Partial<HardwareWorkload>, input: string) =>
      requirementText(
        HARDWARE_EN,
        classifyWorkload({ ...none, ...over }).requirements.find((q) => q.input === input)!,
      );
    expect(reason({ dataGB: 0.100001 }, 'dataGB')).toBe('0.100001 GB > 0.1 GB, the bound of Small.');
    expect(reason({ dataGB: 0.1 }, 'dataGB')).toBe('0.1 GB ≤ 0.1 GB (Small).');
    expect(reason({ requestsPerSecond: 199.999 }, 'requestsPerSecond')).toBe('199.999 requests/s < 200 (Small).');
    expect(reason({ clients: 1 }, 'clients')).toBe('1 client < 100 (Small).');
    expect(reason({ keys: 1 }, 'keys')).toMatch(/^1 key: fewer than/);
  });
});

describe('past the guide', () => {
  it('more nodes than the 3,000-node example is said plainly, and the class still comes from the bounds', () => {
    expect(classifyWorkload({ ...none, nodes: 3000 }).beyondGuide).toEqual([]);
    const past = classifyWorkload({ ...none, nodes: 3001, clients: 2000 });
    expect(past.hardwareClass.id).toBe('xlarge');
    expect(say(past).beyondGuide.join(' ')).toMatch(
      /3,001 nodes is past the largest example workload.*3,000 nodes, xLarge/,
    );
    // A small load on many nodes is Small by its bounds; the warning must not say the guide has no machine for it.
    const small = classifyWorkload({ nodes: 5000, clients: 50, requestsPerSecond: 100, dataGB: 0.05, keys: 0 });
    expect(small.hardwareClass.id).toBe('small');
    expect(say(small).beyondGuide).toEqual([
      '5,000 nodes is past the largest example workload in the guide (3,000 nodes, xLarge); the class comes from the bounds above, not from the node count.',
    ]);
  });
  it('load in xLarge says the class is open-ended', () => {
    expect(say(classifyWorkload({ ...none, clients: 100_000 })).beyondGuide.join(' ')).toMatch(/xLarge is open-ended/);
    expect(classifyWorkload({ ...none, clients: 1499 }).beyondGuide).toEqual([]);
  });
  it('exactly 1,500 clients or 10,000 requests/s notes the gap between Large and xLarge', () => {
    expect(say(classifyWorkload({ ...none, clients: 1500 })).notes.join(' ')).toMatch(/in no class/);
    expect(say(classifyWorkload({ ...none, requestsPerSecond: 10_000 })).notes.join(' ')).toMatch(/in no class/);
    expect(say(classifyWorkload({ ...none, clients: 1501 })).notes.join(' ')).not.toMatch(/in no class/);
  });
  it('data past the default and the suggested quota is flagged, in bytes', () => {
    const gbAtQuota = DEFAULT_QUOTA_BYTES / 1e9;
    expect(say(classifyWorkload({ ...none, dataGB: gbAtQuota })).notes.join(' ')).not.toMatch(/quota/);
    expect(say(classifyWorkload({ ...none, dataGB: 2.2 })).notes.join(' ')).toMatch(/default quota of 2 GiB/);
    expect(say(classifyWorkload({ ...none, dataGB: 9 })).notes.join(' ')).toMatch(/8 GiB etcd suggests at most/);
  });
  it('data that cannot fit in the smaller example machine memory is flagged', () => {
    expect(say(classifyWorkload({ ...none, dataGB: 59 })).notes.join(' ')).not.toMatch(/does not fit/);
    expect(say(classifyWorkload({ ...none, dataGB: 60 })).notes.join(' ')).toMatch(/does not fit in the 60 GB/);
  });
});

describe('heavily loaded, sequential IOPS and network', () => {
  it('"thousands of clients or tens of thousands of requests" is read as ≥ 1,000 or ≥ 10,000', () => {
    expect(isHeavilyLoaded(999, 9999)).toBe(false);
    expect(isHeavilyLoaded(1000, 0)).toBe(true);
    expect(isHeavilyLoaded(0, 10_000)).toBe(true);
    expect(classifyWorkload({ ...none, clients: 999 }).sequentialIops).toBe(50);
    expect(classifyWorkload({ ...none, clients: 1000 }).sequentialIops).toBe(500);
  });
  it('xLarge by data size alone is not heavily loaded: 500 IOPS follows the load, not the class', () => {
    for (const over of [
      { dataGB: 1.5 },
      { dataGB: 1.5, clients: 50 },
      { dataGB: 30, clients: 999, requestsPerSecond: 9999 },
    ]) {
      const byData = classifyWorkload({ ...none, ...over });
      expect(byData.hardwareClass.id).toBe('xlarge');
      expect(byData.heavilyLoaded).toBe(false);
      expect(byData.sequentialIops).toBe(50);
      expect(say(byData).notes.join(' ')).toMatch(/data size alone does not make a cluster heavily loaded/);
    }
    const byLoad = classifyWorkload({ ...none, dataGB: 1.5, requestsPerSecond: 20_000 });
    expect(byLoad.sequentialIops).toBe(500);
    expect(say(byLoad).notes.join(' ')).not.toMatch(/heavily loaded/);
    expect(classifyWorkload({ ...none, dataGB: 1 }).sequentialIops).toBe(50);
  });
  it('a 3,000-node cluster is not xLarge, nor 500 IOPS, on its node count alone', () => {
    const r = classifyWorkload({ ...none, nodes: 3000 });
    expect(r.hardwareClass.id).toBe('small');
    expect(r.sequentialIops).toBe(50);
    expect(r.caution).not.toBeNull();
  });
  it('10GbE from Large up', () => {
    expect(classifyWorkload({ ...none, dataGB: 0.5 }).network).toBe('1GbE');
    expect(classifyWorkload({ ...none, dataGB: 0.6 }).network).toBe('10GbE');
  });
});

describe('bad input', () => {
  it.each([
    [{ nodes: -1 }, /Kubernetes nodes must be a whole number from 0/],
    [{ nodes: 1.5 }, /Kubernetes nodes must be a whole number/],
    [{ clients: Number.NaN }, /etcd clients must be a whole number/],
    [{ requestsPerSecond: Number.POSITIVE_INFINITY }, /Requests per second must be a finite number/],
    [{ dataGB: -0.1 }, /Data size in GB must be a finite number from 0/],
    [{ keys: HARDWARE_INPUT_MAX.keys + 1 }, /Keys must be a whole number from 0 to/],
  ])('%j is refused with a message', (over, message) => {
    expect(() => classifyWorkload({ ...none, ...over })).toThrow(RangeError);
    expect(() => classifyWorkload({ ...none, ...over })).toThrow(message);
  });
});

describe('the class table as data', () => {
  it('is ordered smallest first, bounds rising and only xLarge unbounded', () => {
    const ids = HARDWARE_CLASSES.map((c) => c.id);
    expect(ids).toEqual(['small', 'medium', 'large', 'xlarge']);
    for (let i = 1; i < HARDWARE_CLASSES.length; i++) {
      const a = HARDWARE_CLASSES[i - 1]!;
      const b = HARDWARE_CLASSES[i]!;
      expect(b.exampleNodes).toBeGreaterThan(a.exampleNodes);
      for (const m of [0, 1] as const) {
        expect(b.machines[m].vcpus).toBeGreaterThan(a.machines[m].vcpus);
        expect(b.machines[m].memoryGB).toBeGreaterThan(a.machines[m].memoryGB);
      }
      if (b.clientsBelow !== null) expect(b.clientsBelow).toBeGreaterThan(a.clientsBelow!);
    }
    expect(HARDWARE_CLASSES.filter((c) => c.clientsBelow === null).map((c) => c.id)).toEqual(['xlarge']);
  });
  it("every row's ref is a line range of the pinned guide", () => {
    for (const c of HARDWARE_CLASSES) {
      expect(c.ref.startsWith(`${HARDWARE_GUIDE}#L`)).toBe(true);
      const ref = parseCitationRef(c.ref);
      expect(ref.end).toBeGreaterThan(ref.start);
    }
  });
  it('the URL schema bounds are the model bounds', () => {
    const s = CALCULATOR_SCHEMAS.hardware;
    expect([s.n.max, s.c.max, s.rps.max, s.gb.max, s.keys.max]).toEqual([
      HARDWARE_INPUT_MAX.nodes,
      HARDWARE_INPUT_MAX.clients,
      HARDWARE_INPUT_MAX.requestsPerSecond,
      HARDWARE_INPUT_MAX.dataGB,
      HARDWARE_INPUT_MAX.keys,
    ]);
  });

  // The rows against the guide's own table lines, when a mirror of etcd-io/website is at hand.
  const mirror = mirrorDirOf('etcd-io/website');
  it.skipIf(!mirror)(
    `each machine is the row its ref names in the guide (${mirror ? '' : 'SKIPPED: '}needs an etcd-io/website entry in CITATION_MIRRORS)`,
    () => {
      const { ref, path } = parseCitationRef(`${HARDWARE_GUIDE}#L1`);
      const lines = execFileSync('git', ['-C', mirror!, 'show', `${ref}:${path}`], { encoding: 'utf8' }).split('\n');
      for (const c of HARDWARE_CLASSES) {
        const { start, end } = parseCitationRef(c.ref);
        const text = lines.slice(start - 1, end).join('\n');
        for (const m of c.machines) {
          // The guide groups thousands only from 10,000 on ("3600", "16,000").
          const iops =
            m.maxConcurrentIops >= 10_000 ? m.maxConcurrentIops.toLocaleString('en-US') : String(m.maxConcurrentIops);
          const row = `| ${m.provider} | ${m.type} | ${m.vcpus} | ${m.memoryGB} | ${iops} | ${m.diskMBps} |`;
          expect(text).toContain(row);
        }
        expect(text).toContain(`${c.exampleNodes.toLocaleString('en-US')}`);
      }
    },
  );
});
