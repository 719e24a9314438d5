/** The hardware calculator: from a workload to the smallest class of etcd's hardware guide, and why. */
// Registers this calculator's URL state, so that it ships in this calculator's chunk only.
import '../model/schemas/hardware.ts';
import { classifyWorkload, type BoundingInput } from '../model/hardware.ts';
import { answer, decimal, invalid, text, whole, type CalcDef, type CalcView, type Raw } from './calc.ts';
import { bullets, facts, para, resultDoc } from './result-doc.ts';
import { CLASS_SOURCE } from './hardware-sources.ts';
import { fmtInt, fmtNum } from './format.ts';

/** Title and labelled fields, used only by the build to render the form (the browser reads the DOM). */
export const hardwareView: CalcView<'hardware'> = {
  title: 'etcd machine size from the hardware guide',
  sources: ['etcdHardwareLarge', 'etcdHardwareMedium', 'etcdHardwareSmall', 'etcdHardwareXLarge'],
  fields: [
    {
      key: 'n',
      label: 'Kubernetes nodes',
      kind: 'text',
      inputmode: 'numeric',
      hint: (range) => `${range}; 0 if unknown.`,
    },
    {
      key: 'c',
      label: 'etcd clients',
      kind: 'text',
      inputmode: 'numeric',
      hint: (range) => `${range}; 0 if unknown.`,
    },
    {
      key: 'rps',
      label: 'Requests per second to etcd',
      kind: 'text',
      inputmode: 'decimal',
      hint: (range) => `${range}; 0 if unknown.`,
    },
    {
      key: 'gb',
      label: 'Data size in GB',
      kind: 'text',
      inputmode: 'decimal',
      hint: (range) => `${range}; the database size, 0 if unknown.`,
    },
    {
      key: 'keys',
      label: 'Keys',
      kind: 'text',
      inputmode: 'numeric',
      hint: (range) => `${range}; 0 if unknown.`,
    },
  ],
};

export { CLASS_SOURCE };

const INPUT_NAME: Readonly<Record<BoundingInput, string>> = {
  clients: 'clients',
  requestsPerSecond: 'request rate',
  dataGB: 'data size',
  keys: 'keys',
};

export const hardwareCalc: CalcDef<'hardware'> = {
  id: 'hardware',
  prefix: 'h',
  toRaw: (s) => ({ n: text(s.n), c: text(s.c), rps: text(s.rps), gb: text(s.gb), keys: text(s.keys) }),
  compute(raw: Readonly<Raw>) {
    const errors: Record<string, string> = {};
    const n = whole(raw, 'hardware', 'n', 'Kubernetes nodes', errors);
    const c = whole(raw, 'hardware', 'c', 'etcd clients', errors);
    const rps = decimal(raw, 'hardware', 'rps', 'Requests per second', errors);
    const gb = decimal(raw, 'hardware', 'gb', 'Data size', errors);
    const keys = whole(raw, 'hardware', 'keys', 'Keys', errors);
    if (n === null || c === null || rps === null || gb === null || keys === null) return invalid(errors);
    const r = classifyWorkload({ nodes: n, clients: c, requestsPerSecond: rps, dataGB: gb, keys });
    const k = r.hardwareClass;
    const given = r.requirements.filter((q) => q.value > 0);
    const lead =
      given.length === 0
        ? n > 0
          ? `${k.name} cluster by default: nodes alone decide no class, and no client count, request rate, data size or key count is given.`
          : `${k.name} cluster: no input given, so the smallest class.`
        : `${k.name} cluster, decided by ${r.decidedBy
            .filter((i) => given.some((q) => q.input === i))
            .map((i) => INPUT_NAME[i])
            .join(', ')}.`;
    return answer(
      errors,
      { n, c, rps, gb, keys },
      resultDoc(
        [
          para(lead, 'lead'),
          facts([
            ...k.machines.map(
              (m) =>
                [
                  `${m.provider} example`,
                  `${m.type}: ${m.vcpus} vCPUs, ${fmtNum(m.memoryGB)} GB memory, ${fmtInt(m.maxConcurrentIops)} max concurrent IOPS, ${fmtNum(m.diskMBps)} MB/s disk`,
                ] as const,
            ),
            [
              'Sequential IOPS the disk needs',
              `${r.sequentialIops} (${r.heavilyLoaded ? 'heavily loaded' : 'typical'}); cloud figures are concurrent IOPS, up to 10× higher`,
            ],
            ['Network', r.network === '10GbE' ? '10GbE (large clusters)' : '1GbE (common deployments)'],
          ]),
          given.length > 0 || r.example !== null
            ? bullets([...given.map((q) => q.reason), ...(r.example === null ? [] : [r.example.text])])
            : para('Enter at least one input; 0 means unknown.', 'info'),
          r.caution === null ? null : para(r.caution, 'warning'),
          ...r.beyondGuide.map((t) => para(t, 'warning')),
          ...r.notes.map((t) => para(t, 'info')),
        ],
        'The smallest of the hardware guide’s four classes that covers every input given: its client, request-rate and data bounds, and 16 GB of memory for millions of keys. Nodes are compared with the classes’ example workloads but decide nothing, since the guide defines the classes by the three bounds alone; an input of 0 is unknown and decides nothing.',
        [CLASS_SOURCE[k.id]],
      ),
    );
  },
};
