/**
 * The states every channel of every calculator is tested in: the default, each kind of warning and
 * refusal the calculator can give, and an edge value. Each state lists field text that differs from
 * the default and what its answer must contain, so a state that stops giving its warning fails
 * instead of silently testing the default again.
 */
import type { CalculatorId } from '../../src/lib/model/calculator-state.ts';
import type { Tone } from '../../src/lib/calculators/result-doc.ts';
import { PLAN_CLUSTERS } from './plan-clusters.ts';

export interface ChannelState {
  name: string;
  /** Field text that differs from the default state, by field key. */
  raw: Readonly<Record<string, string>>;
  /** Severities the answer must carry, with a pattern of each one's text. */
  expect?: readonly (readonly [Tone, RegExp])[];
}

const DEFAULT: ChannelState = { name: 'default', raw: {} };

export const CHANNEL_STATES: { readonly [Id in CalculatorId]: readonly ChannelState[] } = {
  quorum: [
    DEFAULT,
    { name: 'even count', raw: { n: '4', k: '0' } },
    { name: 'quorum lost', raw: { n: '3', k: '2' }, expect: [['warning', /quorum/i]] },
  ],
  availability: [
    DEFAULT,
    { name: 'MTBF and MTTR', raw: { mode: 'mtbf', mtbf: '4380', mttr: '4' } },
    { name: 'one member', raw: { n: '1', k: '0' } },
  ],
  writePath: [DEFAULT, { name: 'one member', raw: { n: '1' } }],
  apiserver: [DEFAULT, { name: 'large', raw: { r: '5', n: '1000000' } }],
  upgrade: [
    DEFAULT,
    { name: 'surge on 2 nodes', raw: { a: '2', s: 'surge' }, expect: [['warning', /tolerate 0 failures/]] },
    { name: 'in place', raw: { a: '3', s: 'in-place' } },
  ],
  maintenance: [
    DEFAULT,
    { name: 'more than 7 members', raw: { f: '3', k: '1' }, expect: [['warning', /more than the 7/]] },
  ],
  topology: [
    DEFAULT,
    { name: 'E differs from C', raw: { e: '3', c: '2' } },
    { name: 'one of each', raw: { e: '1', c: '1' } },
  ],
  overrides: [
    DEFAULT,
    { name: 'rejected', raw: { v: 'events#http://a' }, expect: [['refusal', /rejects this value/]] },
    { name: 'empty', raw: { v: '' } },
  ],
  hardware: [
    DEFAULT,
    { name: 'past the largest class', raw: { n: '20000', c: '5000', rps: '30000', gb: '200' } },
    { name: 'nothing given', raw: { n: '0', c: '0', rps: '0', gb: '0', keys: '0' } },
    {
      name: 'nodes only',
      raw: { n: '3000', c: '0', rps: '0', gb: '0', keys: '0' },
      expect: [['warning', /alone does not pick a class/]],
    },
    // xLarge by data size, light load: 50 sequential IOPS and an info note, no warning that nodes decide alone.
    {
      name: 'xLarge by data size',
      raw: { n: '500', c: '0', rps: '50', gb: '1.5', keys: '2000000' },
      expect: [['warning', /xLarge is open-ended/]],
    },
  ],
  readPath: [
    DEFAULT,
    { name: 'rejected', raw: { verb: 'LIST', rv: '', rvm: 'Exact' }, expect: [['refusal', /rejects this request/]] },
    { name: 'from etcd', raw: { verb: 'GET', rv: '' } },
    {
      name: 'malformed continue token',
      raw: { cont: 'bad', limit: '500' },
      expect: [['refusal', /rejects this request before reading anything/]],
    },
    { name: 'continue at resourceVersion -1', raw: { cont: 'latest', limit: '500' } },
  ],
  timeouts: [
    DEFAULT,
    { name: 'pair etcd refuses', raw: { h: '100', e: '400' }, expect: [['refusal', /will not start/]] },
    { name: 'no pair fits', raw: { rtt: '6000' }, expect: [['warning', /No pair fits/]] },
    { name: 'election timeout not a whole number of ticks', raw: { h: '100', e: '1050' } },
  ],
  dbSize: [
    DEFAULT,
    {
      name: 'objects over the request limit, quota over 8 GiB',
      raw: { rows: 'blobs 10000 2000000 1', hd: '3650', g: '2' },
      expect: [
        ['warning', /above the 8 GiB/],
        ['refusal', /request limit/],
      ],
    },
  ],
  limits: [
    DEFAULT,
    { name: 'beyond the envelope', raw: { n: '6000' }, expect: [['warning', /Binds first/]] },
    { name: 'object over the request limit', raw: { os: '2000' }, expect: [['refusal', /max-request-bytes/]] },
  ],
  apf: [DEFAULT, { name: 'one level inspected', raw: { pl: 'catch-all' } }],
  membership: [
    DEFAULT,
    {
      name: 'add with a member down',
      raw: { p: 'replace', n: '3', d: '1', o: 'add-first' },
      expect: [['refusal', /refuses/]],
    },
    { name: 'grow with learners', raw: { p: 'grow', n: '3', m: '5', d: '0', l: '1' } },
  ],
  // The sizing plan's six clusters: each one's warnings, or none where the plan gives none.
  plan: [
    DEFAULT,
    { ...PLAN_CLUSTERS.poc, expect: [['warning', /losing the zone stops etcd/]] },
    { ...PLAN_CLUSTERS.oneZone, expect: [['warning', /losing the zone stops etcd/]] },
    { ...PLAN_CLUSTERS.heavyEvents, expect: [['warning', /losing the zone stops etcd/]] },
    PLAN_CLUSTERS.threeZones,
    { ...PLAN_CLUSTERS.envelope, expect: [['warning', /past the largest example workload/]] },
    {
      ...PLAN_CLUSTERS.pastEnvelope,
      expect: [
        ['warning', /nodes: 7,000 is past the tested 5,000/],
        ['warning', /Events: 1,400,000 is past the tested 1,000,000/],
      ],
    },
  ],
};
