/** The tested-limits calculator: a cluster's counts against sig-scalability's thresholds. */
// Registers this calculator's URL state, so that it ships in this calculator's chunk only.
import '../model/schemas/limits.ts';
import {
  APPROACHING_FROM,
  LARGEST_TESTED_NODES,
  PODS_PER_CORE,
  TESTED_LIMITS,
  checkTestedLimits,
  type LimitCheck,
  type LimitKey,
  type LimitStatus,
} from '../model/tested-limits.ts';
import type { CalculatorKey, CalculatorState } from '../model/calculator-state.ts';
import * as SOURCES from '../model/sources.ts';
import { answer, invalid, text, whole, type CalcDef, type CalcView, type FieldDef, type Raw } from './calc.ts';
import { facts, para, resultDoc } from './result-doc.ts';
import { fmtInt, fmtNum, fmtNumApart } from './format.ts';

/** The calculator's field keys (short, in the URL) and the model's names for them. */
type Key = CalculatorKey<'limits'>;
type Count = Exclude<Key, 'sc'>;

/**
 * Each count's field: its key, the model's name for it, its label and the unit its hint names.
 * Exported for the tests, which check that every threshold of the model has a field.
 */
export const LIMIT_FIELDS: readonly (readonly [Count, LimitKey | 'cores', string, string])[] = [
  ['n', 'nodes', 'Nodes', ''],
  ['c', 'cores', 'CPU cores of the node with the most pods', ''],
  ['pn', 'podsPerNode', 'Most pods on one node', ''],
  ['p', 'pods', 'Pods in the cluster', ''],
  ['pns', 'podsPerNamespace', 'Most pods in one namespace', ''],
  ['ns', 'namespaces', 'Namespaces', ''],
  ['s', 'services', 'Services in the cluster', ''],
  ['sns', 'servicesPerNamespace', 'Most Services in one namespace', ''],
  ['ep', 'endpointsPerService', 'Most endpoints behind one Service', ''],
  ['dns', 'deploymentsPerNamespace', 'Most Deployments in one namespace', ''],
  ['o', 'objectsPerType', 'Most objects of one type, not Events', ''],
  ['ev', 'events', 'Events', ''],
  ['os', 'objectSize', 'Largest object (KiB)', ' KiB'],
  ['ts', 'typeSize', 'Largest total size of one type (MiB)', ' MiB'],
  ['tk', 'tokens', 'Access tokens', ''],
  ['tq', 'tokenQps', 'Access-token verifications per second', ''],
];

/** Title and labelled fields, used only by the build to render the form (the browser reads the DOM). */
export const limitsView: CalcView<'limits'> = {
  title: 'How close a cluster is to the tested limits',
  sources: ['scalabilityThresholdsCaveats'],
  fields: [
    ...LIMIT_FIELDS.map(([key, , label, unit]): FieldDef<Key> => ({
      key,
      label,
      kind: 'text',
      inputmode: 'numeric',
      hint: (range) => `${range}${unit}.`,
    })),
    { key: 'sc', label: 'Lower the cluster-wide thresholds in proportion to nodes ÷ 5,000', kind: 'checkbox' },
  ],
};

/** Short labels for the result, by key (the form's labels stay in the view). */
const NAMES: Readonly<Record<LimitKey, string>> = {
  nodes: 'Nodes',
  pods: 'Pods',
  podsPerNode: 'Pods on one node',
  podsPerNamespace: 'Pods in one namespace',
  namespaces: 'Namespaces',
  services: 'Services',
  servicesPerNamespace: 'Services in one namespace',
  endpointsPerService: 'Endpoints of one Service',
  deploymentsPerNamespace: 'Deployments in one namespace',
  objectsPerType: 'Objects of one type',
  events: 'Events',
  objectSize: 'Largest object',
  typeSize: 'Total size of one type',
  tokens: 'Access tokens',
  tokenQps: 'Token verifications',
};

const STATUS: Readonly<Record<LimitStatus, string>> = {
  within: 'well within',
  approaching: 'approaching',
  beyond: 'beyond the tested envelope',
};

const UNIT: Readonly<Record<LimitCheck['limit']['unit'], string>> = { count: '', KiB: ' KiB', MiB: ' MiB', QPS: '/s' };

/** "25,000 of 30,000 (150,000 × 1,000 ÷ 5,000): ratio 0.83, approaching". */
function line(c: LimitCheck, nodes: number): string {
  const u = UNIT[c.limit.unit];
  const how =
    c.derivation?.kind === 'scaled'
      ? ` (${fmtInt(c.limit.threshold)} × ${fmtInt(nodes)} ÷ ${fmtInt(LARGEST_TESTED_NODES)})`
      : c.derivation?.kind === 'perCore'
        ? ` (${PODS_PER_CORE} × ${c.derivation.cores} ${c.derivation.cores === 1 ? 'core' : 'cores'})`
        : '';
  return `${fmtInt(c.value)}${u} of ${fmtInt(c.limitInUse)}${u}${how}${c.limit.readAs ? ` (${c.limit.readAs})` : ''}: ratio ${fmtNumApart(c.ratio, 1)}, ${STATUS[c.status]}`;
}

export const limitsCalc: CalcDef<'limits'> = {
  id: 'limits',
  prefix: 'l',
  toRaw: (s) => ({
    ...(Object.fromEntries(LIMIT_FIELDS.map(([k]) => [k, text(s[k])])) as Record<Count, string>),
    sc: s.sc ? '1' : '0',
  }),
  compute(raw: Readonly<Raw>) {
    const errors: Record<string, string> = {};
    const state = { sc: raw['sc'] === '1' } as CalculatorState<'limits'>;
    const counts = {} as Record<LimitKey | 'cores', number>;
    for (const [k, name, label] of LIMIT_FIELDS) {
      const v = whole(raw, 'limits', k, label, errors);
      if (v !== null) state[k] = counts[name] = v;
    }
    if (Object.keys(errors).length > 0) return invalid(errors);
    const scale = state.sc;
    const report = checkTestedLimits(counts, scale);
    const b = report.binding;
    const lead =
      b.ratio === 0
        ? 'Every count is 0: nothing binds yet.'
        : `Binds first: ${NAMES[b.limit.key]}, ratio ${fmtNumApart(b.ratio, 1)}, ${STATUS[b.status]}.`;
    const blocks = [
      para(lead, b.status === 'beyond' ? 'warning' : 'lead'),
      facts(report.checks.map((c) => [NAMES[c.limit.key], line(c, counts.nodes)] as const)),
      report.high.length >= 2
        ? para(
            `${report.high.length} dimensions are at half their thresholds or more. The envelope is not a cube: far along one dimension, the room left on the others shrinks, so together they are further out than any one ratio says.`,
            'info',
          )
        : null,
      counts.objectSize > TESTED_LIMITS.find((l) => l.key === 'objectSize')!.threshold
        ? para(
            'etcd refuses a request larger than --max-request-bytes (1.5 MiB by default): an object this large cannot be written unless that flag is raised on every member.',
            'refusal',
          )
        : null,
      para(
        [
          'These are thresholds, not hard limits: past one, performance degrades and the SLOs are no longer promised; the cluster does not fail at once. ',
          scale && counts.nodes < LARGEST_TESTED_NODES
            ? `Pods, namespaces and Services are compared at ${fmtInt(counts.nodes)} ÷ ${fmtInt(LARGEST_TESTED_NODES)} of their 5,000-node value, as the thresholds say for smaller clusters.`
            : 'Cluster-wide thresholds are compared at their 5,000-node value.',
        ],
        'info',
      ),
    ];
    return answer(
      errors,
      state,
      resultDoc(
        blocks,
        `Each count is divided by its sig-scalability threshold (the ratio); the largest ratio binds first. From ${fmtNum(APPROACHING_FROM)} a count is approaching its threshold (the guide’s margin, not upstream’s); above 1 it is beyond the tested envelope.`,
        [SOURCES.scalabilityThresholdsCaveats],
      ),
    );
  },
};
