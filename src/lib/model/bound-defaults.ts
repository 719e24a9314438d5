/**
 * The one registry of model numbers that are upstream constants: calculator defaults, the tested
 * limits, the APF bootstrap levels' shares and lendable percentages, and etcd's quota constants.
 * Each entry names the upstream lines and pattern the constant is read from, like a `<Value>` in
 * the prose; the build reads the value from the verified lines and fails when it, times the
 * entry's factor, differs from the model's number (src/lib/citations/bound-defaults.ts), so the
 * model cannot keep a number upstream has changed. The Evidence page lists every entry.
 *
 * A calculator default is named by calculator and field (the number is the field's default in its
 * URL-state schema); any other number by its name in the model and its value, taken from the
 * model module itself so that the registry cannot drift from it.
 */
import { BOOTSTRAP_LEVELS } from './apf.ts';
import { DEFAULT_QUOTA_BYTES, MAX_SUGGESTED_QUOTA_BYTES } from './hardware.ts';
import { PODS_PER_CORE, TESTED_LIMITS } from './tested-limits.ts';

interface Binding {
  /** Citation ref of the lines holding the constant, `owner/repo@tag:path#Lx[-Ly]` (grammar: src/lib/citations/ref.ts). */
  ref: string;
  /** Regular expression (RE2 syntax) with one capture group that matches the cited lines once and captures a decimal number. */
  pattern: string;
  /**
   * What the captured number is multiplied by to give the model's number, in the model's unit
   * (for example 1024 when upstream counts KiB and the model bytes); default 1.
   */
  factor?: number;
}

/** One calculator default bound to an upstream constant. */
export interface BoundDefault extends Binding {
  /** Calculator id (a key of CALCULATOR_SCHEMAS in ./calculator-state.ts). */
  calculator: string;
  /** The field's key in that calculator's URL-state schema. */
  field: string;
}

/** One named model constant bound to an upstream constant. */
export interface BoundConstant extends Binding {
  /** How the model names it: `TESTED_LIMITS.nodes`, `BOOTSTRAP_LEVELS.system.lendablePercent`. */
  constant: string;
  /** The model's number. */
  value: number;
}

const THRESHOLDS =
  'kubernetes/community@24e7d8f5409c1a0121394a613746e524f781e044:sig-scalability/configs-and-limits/thresholds.md';
const APF_DEFAULTS =
  'kubernetes/kubernetes@v1.37.0:staging/src/k8s.io/apiserver/pkg/apis/flowcontrol/bootstrap/default.go';

/** A row of TESTED_LIMITS bound to its line of thresholds.md (or another source of the same number). */
function limit(key: string, binding: Binding): BoundConstant {
  const row = TESTED_LIMITS.find((l) => l.key === key);
  if (!row) throw new Error(`bound-defaults.ts binds TESTED_LIMITS.${key}, which is no row of TESTED_LIMITS`);
  return { constant: `TESTED_LIMITS.${key}`, value: row.threshold, ...binding };
}

/**
 * A bootstrap level's nominal shares and lendable percentage, read from its block of default.go
 * (`lines`: from the level's name, or its variable, to its LendablePercent line).
 */
function level(name: string, lines: string, opening: string): BoundConstant[] {
  const l = BOOTSTRAP_LEVELS.find((x) => x.name === name);
  if (!l) throw new Error(`bound-defaults.ts binds APF level ${name}, which BOOTSTRAP_LEVELS does not hold`);
  const ref = `${APF_DEFAULTS}#${lines}`;
  return [
    {
      constant: `BOOTSTRAP_LEVELS.${name}.nominalConcurrencyShares`,
      value: l.nominalConcurrencyShares,
      ref,
      pattern: `${opening}[\\s\\S]*NominalConcurrencyShares: ptr\\.To\\(int32\\((\\d+)\\)\\),`,
    },
    {
      constant: `BOOTSTRAP_LEVELS.${name}.lendablePercent`,
      value: l.lendablePercent,
      ref,
      pattern: `${opening}[\\s\\S]*LendablePercent: +ptr\\.To\\(int32\\((\\d+)\\)\\),`,
    },
  ];
}

/** Every binding; the build checks each (see src/lib/citations/bound-defaults.ts). */
export const BOUND_DEFAULTS: readonly (BoundDefault | BoundConstant)[] = [
  // etcd's defaults (content/docs/etcd-timeouts.mdx): heartbeat interval and election timeout, ms.
  {
    calculator: 'timeouts',
    field: 'h',
    ref: 'etcd-io/etcd@v3.7.0:server/embed/config.go#L533',
    pattern: 'TickMs:\\s+(\\d+),',
  },
  {
    calculator: 'timeouts',
    field: 'e',
    ref: 'etcd-io/etcd@v3.7.0:server/embed/config.go#L534',
    pattern: 'ElectionMs:\\s+(\\d+),',
  },
  // Database size (content/docs/etcd-database.mdx): kube-apiserver's compaction interval in minutes,
  // etcd's per-put quota charge in bytes, and etcd's default backend quota in GiB.
  {
    calculator: 'dbSize',
    field: 'ci',
    ref: 'kubernetes/kubernetes@v1.37.0:staging/src/k8s.io/apiserver/pkg/storage/storagebackend/config.go#L38',
    pattern: 'DefaultCompactInterval\\s+= (\\d+) \\* time\\.Minute',
  },
  {
    calculator: 'dbSize',
    field: 'ko',
    ref: 'etcd-io/etcd@v3.7.0:server/storage/quota.go#L63',
    pattern: 'kvOverhead = (\\d+)',
  },
  {
    calculator: 'dbSize',
    field: 'q',
    ref: 'etcd-io/etcd@v3.7.0:server/storage/quota.go#L30',
    pattern: 'DefaultQuotaBytes = int64\\((\\d+) \\* 1024 \\* 1024 \\* 1024\\)',
  },
  // API Priority and Fairness (content/docs/apiserver-capacity.mdx): kube-apiserver's inflight limits.
  {
    calculator: 'apf',
    field: 'mri',
    ref: 'kubernetes/kubernetes@v1.37.0:staging/src/k8s.io/apiserver/pkg/server/config.go#L451',
    pattern: 'MaxRequestsInFlight: +(\\d+),',
  },
  {
    calculator: 'apf',
    field: 'mmri',
    ref: 'kubernetes/kubernetes@v1.37.0:staging/src/k8s.io/apiserver/pkg/server/config.go#L452',
    pattern: 'MaxMutatingRequestsInFlight: +(\\d+),',
  },
  // The tested limits (content/docs/tested-limits.mdx): sig-scalability's thresholds, cited on the
  // page with the same refs and patterns.
  limit('objectsPerType', { ref: `${THRESHOLDS}#L51`, pattern: "Number of objects \\(non Event\\) [|] ([\\d']+)" }),
  limit('events', { ref: `${THRESHOLDS}#L52`, pattern: "Number of objects \\(Event\\)\\s+[|] ([\\d']+)" }),
  // thresholds.md writes 1.5MB; the model uses etcd's 1.5 MiB (1.5 × 1024 KiB), bound to both.
  limit('objectSize', { ref: `${THRESHOLDS}#L53`, pattern: 'Size per object\\s+[|] ([\\d.]+)MB', factor: 1024 }),
  limit('objectSize', {
    ref: 'etcd-io/etcd@v3.7.0:server/embed/config.go#L67',
    pattern: 'DefaultMaxRequestBytes\\s+= ([\\d.]+) \\* 1024 \\* 1024',
    factor: 1024,
  }),
  limit('typeSize', { ref: `${THRESHOLDS}#L54`, pattern: 'Total size\\s+[|] ([\\d.]+)GB', factor: 1024 }),
  limit('nodes', { ref: `${THRESHOLDS}#L60`, pattern: '#Nodes\\s+[|] n/a\\s+[|] (\\d+)' }),
  limit('namespaces', { ref: `${THRESHOLDS}#L61`, pattern: '#Namespaces\\s+[|] n/a\\s+[|] (\\d+)' }),
  limit('podsPerNamespace', { ref: `${THRESHOLDS}#L62`, pattern: '#Pods\\s+[|] (\\d+)' }),
  limit('pods', { ref: `${THRESHOLDS}#L62`, pattern: '#Pods\\s+[|] \\d+\\s+[|] (\\d+)' }),
  limit('podsPerNode', { ref: `${THRESHOLDS}#L63`, pattern: '#Pods per node\\s+[|] min\\((\\d+),' }),
  {
    constant: 'PODS_PER_CORE',
    value: PODS_PER_CORE,
    ref: `${THRESHOLDS}#L63`,
    pattern: '#Pods per node\\s+[|] min\\(110, (\\d+)\\*#cores\\)',
  },
  limit('servicesPerNamespace', { ref: `${THRESHOLDS}#L64`, pattern: '#Services\\s+[|] (\\d+)' }),
  limit('services', { ref: `${THRESHOLDS}#L64`, pattern: '#Services\\s+[|] \\d+\\s+[|] (\\d+)' }),
  limit('endpointsPerService', { ref: `${THRESHOLDS}#L66`, pattern: '#Endpoints per service\\s+[|] (\\d+)' }),
  limit('deploymentsPerNamespace', { ref: `${THRESHOLDS}#L69`, pattern: '#Deployments\\s+[|] (\\d+)' }),
  limit('tokens', { ref: `${THRESHOLDS}#L73`, pattern: '#AccessTokens\\s+[|] (\\d+)' }),
  limit('tokenQps', { ref: `${THRESHOLDS}#L74`, pattern: '#AccessTokens verifications [|] (\\d+) QPS' }),
  // The APF bootstrap levels (content/docs/apiserver-capacity.mdx): shares and lendable percentages.
  ...level('exempt', 'L86-L92', 'MandatoryPriorityLevelConfigurationExempt = '),
  ...level('catch-all', 'L96-L102', 'MandatoryPriorityLevelConfigurationCatchAll = '),
  ...level('system', 'L170-L175', '"system",'),
  ...level('node-high', 'L187-L192', '"node-high",'),
  ...level('leader-election', 'L205-L210', '"leader-election",'),
  ...level('workload-high', 'L223-L228', '"workload-high",'),
  ...level('workload-low', 'L241-L246', '"workload-low",'),
  ...level('global-default', 'L259-L264', '"global-default",'),
  // etcd's backend quota (content/docs/etcd-hardware.mdx): the default and the largest suggested, in bytes.
  {
    constant: 'DEFAULT_QUOTA_BYTES',
    value: DEFAULT_QUOTA_BYTES,
    ref: 'etcd-io/etcd@v3.7.0:server/storage/quota.go#L30',
    pattern: 'DefaultQuotaBytes = int64\\((\\d+) \\* 1024 \\* 1024 \\* 1024\\)',
    factor: 1024 ** 3,
  },
  {
    constant: 'MAX_SUGGESTED_QUOTA_BYTES',
    value: MAX_SUGGESTED_QUOTA_BYTES,
    ref: 'etcd-io/etcd@v3.7.0:server/storage/quota.go#L33',
    pattern: 'MaxQuotaBytes = int64\\((\\d+) \\* 1024 \\* 1024 \\* 1024\\)',
    factor: 1024 ** 3,
  },
];
