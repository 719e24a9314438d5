/**
 * Where each number of ./tested-limits.ts is read upstream: the citation ref and the `<Value>`
 * pattern the tested-limits page cites it with, and what the captured number is multiplied by to
 * give the model's number. Kept apart from the model so that the calculator's browser code carries
 * none of it; the build-time table and the unit tests read it.
 *
 * Data only (no imports), like ./bound-defaults.ts.
 */

const THRESHOLDS =
  'kubernetes/community@24e7d8f5409c1a0121394a613746e524f781e044:sig-scalability/configs-and-limits/thresholds.md';

/** One model number bound to an upstream line. */
export interface LimitSource {
  /** A key of TESTED_LIMITS, or "podsPerCore" for PODS_PER_CORE. */
  key: string;
  /** Citation ref of the line, `owner/repo@commit:path#Lx`. */
  ref: string;
  /** Regular expression with one capture group, as the page's `<Value pattern>` writes it. */
  pattern: string;
  /** The captured number (digit-group apostrophes removed) times this is the model's number; default 1. */
  factor?: number;
}

/** Every model number and where it is read; the page cites each one with the same ref and pattern. */
export const LIMIT_SOURCES: readonly LimitSource[] = [
  { key: 'objectsPerType', ref: `${THRESHOLDS}#L51`, pattern: "Number of objects \\(non Event\\) [|] ([\\d']+)" },
  { key: 'events', ref: `${THRESHOLDS}#L52`, pattern: "Number of objects \\(Event\\)\\s+[|] ([\\d']+)" },
  // thresholds.md writes 1.5MB; the model uses etcd's 1.5 MiB (1.5 × 1024 KiB), cited on the page too.
  { key: 'objectSize', ref: `${THRESHOLDS}#L53`, pattern: 'Size per object\\s+[|] ([\\d.]+)MB', factor: 1024 },
  {
    key: 'objectSize',
    ref: 'etcd-io/etcd@v3.7.0:server/embed/config.go#L67',
    pattern: 'DefaultMaxRequestBytes\\s+= ([\\d.]+) \\* 1024 \\* 1024',
    factor: 1024,
  },
  { key: 'typeSize', ref: `${THRESHOLDS}#L54`, pattern: 'Total size\\s+[|] ([\\d.]+)GB', factor: 1024 },
  { key: 'nodes', ref: `${THRESHOLDS}#L60`, pattern: '#Nodes\\s+[|] n/a\\s+[|] (\\d+)' },
  { key: 'namespaces', ref: `${THRESHOLDS}#L61`, pattern: '#Namespaces\\s+[|] n/a\\s+[|] (\\d+)' },
  { key: 'podsPerNamespace', ref: `${THRESHOLDS}#L62`, pattern: '#Pods\\s+[|] (\\d+)' },
  { key: 'pods', ref: `${THRESHOLDS}#L62`, pattern: '#Pods\\s+[|] \\d+\\s+[|] (\\d+)' },
  { key: 'podsPerNode', ref: `${THRESHOLDS}#L63`, pattern: '#Pods per node\\s+[|] min\\((\\d+),' },
  { key: 'podsPerCore', ref: `${THRESHOLDS}#L63`, pattern: '#Pods per node\\s+[|] min\\(110, (\\d+)\\*#cores\\)' },
  { key: 'servicesPerNamespace', ref: `${THRESHOLDS}#L64`, pattern: '#Services\\s+[|] (\\d+)' },
  { key: 'services', ref: `${THRESHOLDS}#L64`, pattern: '#Services\\s+[|] \\d+\\s+[|] (\\d+)' },
  { key: 'endpointsPerService', ref: `${THRESHOLDS}#L66`, pattern: '#Endpoints per service\\s+[|] (\\d+)' },
  { key: 'deploymentsPerNamespace', ref: `${THRESHOLDS}#L69`, pattern: '#Deployments\\s+[|] (\\d+)' },
  { key: 'tokens', ref: `${THRESHOLDS}#L73`, pattern: '#AccessTokens\\s+[|] (\\d+)' },
  { key: 'tokenQps', ref: `${THRESHOLDS}#L74`, pattern: '#AccessTokens verifications [|] (\\d+) QPS' },
];
