/**
 * The sizing plan: one form of a cluster's facts, one result document with a line per sizing
 * decision (./plan-lines.ts), each taken by the model function of the chapter's own calculator
 * (src/lib/model/plan.ts). Warnings show on their line and again at the top.
 */
// Registers this calculator's URL state, so that it ships in this calculator's chunk only.
import '../model/schemas/plan.ts';
import { parseResourceRows, type ResourceRow } from '../model/db-size.ts';
import { sizingPlan, type PlanFacts } from '../model/plan.ts';
import { etcdFlags, kubeadmExtraArgs } from '../model/timeouts.ts';
import { answer, decimal, invalid, take, text, whole, type CalcDef, type CalcView, type Raw } from './calc.ts';
import { planLines, type PlanLine } from './plan-lines.ts';
import { UPGRADE_STRATEGY_FIELD } from './upgrade-field.ts';
import { codeBlock, para, resultDoc, type Block, type Cell, type Inline } from './result-doc.ts';
import { fmtInt, plural } from './format.ts';

/** Title and labelled fields, used only by the build to render the form (the browser reads the DOM). */
export const planView: CalcView<'plan'> = {
  title: 'The sizing plan for one cluster',
  sources: [
    'apfBorrowingBounds',
    'apfNominalSeats',
    'apiserverCompactInterval',
    'consistencyCheckPeriod',
    'etcdClusterReadyToAdd',
    'etcdClusterReadyToPromote',
    'etcdClusterReadyToRemove',
    'etcdConfigValidateTimeouts',
    'etcdDefragPerMember',
    'etcdFaqBackendCommitTarget',
    'etcdFaqMaxClusterSize',
    'etcdFaqRemoveFirst',
    'etcdFaqWalFsyncTarget',
    'etcdHardwareLarge',
    'etcdHardwareMedium',
    'etcdHardwareSmall',
    'etcdHardwareXLarge',
    'etcdQuorum',
    'etcdQuotaAvailable',
    'etcdQuotaDefaults',
    'etcdQuotaKvOverhead',
    'etcdServerMayAddMember',
    'etcdServerMayRemoveMember',
    'etcdServersOverridesFlag',
    'etcdTuningElectionRtt',
    'etcdTuningHeartbeatRtt',
    'eventsWatchCacheOffByDefault',
    'kubeletLeaseRenewFraction',
    'kubeletNodeLeaseDuration',
    'kubeletNodeStatusReport',
    'parseEtcdServersOverrides',
    'pflagReadAsCSV',
    'scalabilityThresholdsCaveats',
  ],
  fields: [
    { key: 'n', label: 'Nodes', kind: 'text', inputmode: 'numeric', hint: (range) => `${range}.` },
    {
      key: 'pn',
      label: 'Most pods on one node',
      kind: 'text',
      inputmode: 'numeric',
      hint: (range) => `${range}; default 30, the tests’ density (our assumption).`,
    },
    {
      key: 'c',
      label: 'CPU cores of that node',
      kind: 'text',
      inputmode: 'numeric',
      hint: (range) => `${range}; default 16 (our assumption).`,
    },
    { key: 'ns', label: 'Namespaces', kind: 'text', inputmode: 'numeric', hint: (range) => `${range}.` },
    {
      key: 'rows',
      label: 'Objects by kind (name, objects, mean bytes, writes)',
      kind: 'textarea',
      hint: 'One kind a line: name, objects, mean bytes, writes per second (or per day as 500/d), as in the database-size calculator. Events and node Leases are separate: Leases follow from the nodes. The rows given are example inputs for 100 nodes, not measurements.',
    },
    { key: 'ev', label: 'Events stored', kind: 'text', inputmode: 'numeric', hint: (range) => `${range}.` },
    {
      key: 'evb',
      label: 'Mean Event size (bytes)',
      kind: 'text',
      inputmode: 'numeric',
      hint: (range) => `${range}.`,
    },
    {
      key: 'evw',
      label: 'Event writes per second',
      kind: 'text',
      inputmode: 'decimal',
      hint: (range) => `${range}; creates and updates.`,
    },
    {
      key: 'rtt',
      label: 'Round trip between etcd members (ms)',
      kind: 'text',
      inputmode: 'decimal',
      hint: (range) => `p99 or max over every member pair, ${range}.`,
    },
    {
      key: 'fs',
      label: 'Measured WAL fsync p99 (ms)',
      kind: 'text',
      inputmode: 'decimal',
      hint: (range) => `${range}; 0 if not measured yet.`,
    },
    { key: 'z', label: 'Failure zones', kind: 'text', inputmode: 'numeric', hint: (range) => `${range}.` },
    {
      key: 'f',
      label: 'Failures etcd must survive while one member is stopped',
      kind: 'text',
      inputmode: 'numeric',
      hint: (range) => `${range}; 1 for production (five members), 0 for a proof of concept.`,
    },
    UPGRADE_STRATEGY_FIELD,
    {
      key: 'et',
      label: 'etcd topology',
      kind: 'select',
      options: [
        ['external', 'External: etcd on its own hosts'],
        ['stacked', 'Stacked: etcd on the control-plane nodes'],
      ],
    },
    {
      key: 'op',
      label: 'Who runs the control plane',
      kind: 'select',
      options: [
        ['self', 'We run it ourselves'],
        ['managed', 'A managed service runs it'],
      ],
    },
  ],
};

/** Names the plan fills in itself, refused in the rows so that nothing is counted twice. */
const RESERVED_ROWS = ['events', 'leases'];

/** Checks the rows against what the plan adds itself and what the composed models accept. */
function checkRows(rows: readonly ResourceRow[], nodes: number, events: number): string | null {
  const reserved = rows.find((r) => RESERVED_ROWS.includes(r.name.toLowerCase()));
  if (reserved)
    return `Leave "${reserved.name}" out of the rows: Events have fields of their own and node Leases follow from the nodes.`;
  if (rows.some((r) => r.meanBytes > 1e7))
    return 'A mean object size above 10,000,000 bytes is outside what the plan sizes.';
  const total = rows.reduce((s, r) => s + r.objects, nodes + events);
  if (total > 1e9) return `The objects add up to ${fmtInt(total)}, past the 1,000,000,000 the models take.`;
  return null;
}

const ENUM = {
  s: ['surge', 'in-place'],
  et: ['external', 'stacked'],
  op: ['self', 'managed'],
} as const;

function pick<K extends keyof typeof ENUM>(raw: Readonly<Raw>, key: K): (typeof ENUM)[K][number] {
  const values: readonly string[] = ENUM[key];
  return (values.includes(raw[key] ?? '') ? raw[key] : ENUM[key][0]) as (typeof ENUM)[K][number];
}

/**
 * Reads the form into facts, or the messages of the fields that are not valid.
 * @param raw - field text by key (untrusted).
 * @returns the facts and the rows' text as typed, or one message per invalid field.
 */
export function readFacts(
  raw: Readonly<Raw>,
): { facts: PlanFacts; rowsText: string } | { errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const n = whole(raw, 'plan', 'n', 'Nodes', errors);
  const pn = whole(raw, 'plan', 'pn', 'Most pods on one node', errors);
  const c = whole(raw, 'plan', 'c', 'CPU cores', errors);
  const ns = whole(raw, 'plan', 'ns', 'Namespaces', errors);
  const rows = take(parseResourceRows(raw['rows'] ?? ''), 'rows', errors);
  const ev = whole(raw, 'plan', 'ev', 'Events stored', errors);
  const evb = whole(raw, 'plan', 'evb', 'Mean Event size', errors);
  const evw = decimal(raw, 'plan', 'evw', 'Event writes per second', errors);
  const rtt = decimal(raw, 'plan', 'rtt', 'Round trip', errors);
  const fs = decimal(raw, 'plan', 'fs', 'WAL fsync p99', errors);
  const z = whole(raw, 'plan', 'z', 'Failure zones', errors);
  const f = whole(raw, 'plan', 'f', 'Failures to survive', errors);
  if (rows !== null && n !== null && ev !== null) {
    const problem = checkRows(rows, n, ev);
    if (problem) errors['rows'] = problem;
  }
  if (Object.keys(errors).length > 0) return { errors };
  const facts: PlanFacts = {
    nodes: n!,
    podsPerNode: pn!,
    cores: c!,
    namespaces: ns!,
    rows: rows!,
    events: { objects: ev!, meanBytes: evb!, writesPerSecond: evw! },
    rttMs: rtt!,
    fsyncMs: fs!,
    zones: z!,
    failuresDuringMaintenance: f!,
    strategy: pick(raw, 's'),
    etcd: pick(raw, 'et'),
    operator: pick(raw, 'op'),
  };
  return { facts, rowsText: raw['rows'] ?? '' };
}

/** The plan table: a row per line, flagged where the line carries a warning. */
function planTable(lines: readonly PlanLine[]): Block {
  const cell = (...content: Inline[]): Cell => ({ content });
  return {
    kind: 'table',
    label: 'The plan',
    className: 'calc__plan',
    head: ['Plan line', 'Value', 'Why, where explained, what decided it'],
    rows: lines.map((l) => ({
      ...(l.warnings.length > 0 ? { flag: l.warnings.some((w) => w.tone === 'refusal') ? 'refused' : 'warning' } : {}),
      cells: [
        { content: [l.label], header: true },
        cell(...l.value),
        cell(
          l.reason,
          ...l.warnings.flatMap((w): Inline[] => [
            { br: true },
            { strong: [`${w.tone === 'refusal' ? 'Refused' : 'Warning'}: ${w.text}`] },
          ]),
          { br: true },
          'Chapter: ',
          { page: l.page, text: l.pageTitle },
          { br: true },
          'Decided by: ',
          ...l.refs.flatMap((r, i): Inline[] => (i === 0 ? [{ ref: r }] : [', ', { ref: r }])),
        ),
      ],
    })),
  };
}

export const planCalc: CalcDef<'plan'> = {
  id: 'plan',
  prefix: 's',
  toRaw: (s) => ({
    n: text(s.n),
    pn: text(s.pn),
    c: text(s.c),
    ns: text(s.ns),
    rows: s.rows,
    ev: text(s.ev),
    evb: text(s.evb),
    evw: text(s.evw),
    rtt: text(s.rtt),
    fs: text(s.fs),
    z: text(s.z),
    f: text(s.f),
    s: s.s,
    et: s.et,
    op: s.op,
  }),
  compute(raw: Readonly<Raw>) {
    const read = readFacts(raw);
    if ('errors' in read) return invalid(read.errors);
    const f = read.facts;
    const p = sizingPlan(f);
    const lines = planLines(p);
    const warnings = lines.flatMap((l) => l.warnings.map((w) => ({ ...w, line: l.label })));
    const t = p.timeouts;
    const lead = `${fmtInt(f.nodes)} nodes in ${plural(f.zones, 'zone')}: ${p.members.members} ${f.etcd} etcd members (${p.main.hardware.hardwareClass.name}), ${plural(p.controlPlaneNodes, 'control-plane node')}, Events ${p.moveEvents ? 'on their own etcd cluster' : 'on the main cluster'}.`;
    return answer(
      {},
      {
        n: f.nodes,
        pn: f.podsPerNode,
        c: f.cores,
        ns: f.namespaces,
        rows: read.rowsText,
        ev: f.events.objects,
        evb: f.events.meanBytes,
        evw: f.events.writesPerSecond,
        rtt: f.rttMs,
        fs: f.fsyncMs,
        z: f.zones,
        f: f.failuresDuringMaintenance,
        s: f.strategy,
        et: f.etcd,
        op: f.operator,
      },
      resultDoc(
        [
          para(lead, 'lead'),
          warnings.length === 0
            ? para('No line carries a warning for these facts.', 'info')
            : para(`${plural(warnings.length, 'warning')} on the lines below:`),
          ...warnings.map((w) => para(`${w.line}: ${w.text}`, w.tone)),
          planTable(lines),
          t.effective ? para('etcd flags, the same on every member:') : null,
          t.effective ? codeBlock(etcdFlags(t.heartbeatMs, t.electionMs)) : null,
          t.effective && f.etcd === 'stacked'
            ? para('Or, for kubeadm’s stacked etcd (ClusterConfiguration v1beta4):')
            : null,
          t.effective && f.etcd === 'stacked' ? codeBlock(kubeadmExtraArgs(t.heartbeatMs, t.electionMs)) : null,
          p.moveEvents ? para('kube-apiserver flag, on every replica (replace the placeholder servers):') : null,
          p.moveEvents ? codeBlock(`--etcd-servers-overrides=${p.overridesValue}`) : null,
          para(
            'Stated assumptions: one etcd member stopped at a time; two control-plane nodes kept up through an upgrade; a node Lease of 400 bytes; the database-size calculator’s compaction, fragmentation, growth and headroom; kube-apiserver’s default inflight limits. Counts the form does not ask for (per namespace, per Service, tokens) are not checked against the tested limits.',
            'info',
          ),
        ],
        'Each line is the answer of the chapter’s own calculator to these facts: members from the maintenance policy, the class from the hardware guide’s bounds, the database from the size estimate, the flags from the round trip, the control plane from the upgrade strategy and zones, the seats from APF’s shares, the headroom from the tested thresholds, the steps from etcd’s membership checks. Events move when their count approaches the tested limit or when they alone raise the machine class.',
      ),
    );
  },
};
