/**
 * Calculator defaults that are upstream constants. Each entry names a calculator field and the
 * upstream line and pattern the constant is read from, like a `<Value>` in the prose; the build
 * reads the value from the verified lines and fails when it and the field's default differ, so a
 * calculator cannot keep a default upstream has changed.
 *
 * Data only (no imports), so that the citation engine can read it outside Vite.
 */

/** One calculator default bound to an upstream constant. */
export interface BoundDefault {
  /** Calculator id (a key of CALCULATOR_SCHEMAS in ./calculator-state.ts). */
  calculator: string;
  /** The field's key in that calculator's URL-state schema. */
  field: string;
  /** Citation ref of the line holding the constant, `owner/repo@tag:path#Lx` (grammar: src/lib/citations/ref.ts). */
  ref: string;
  /** Regular expression with one capture group that matches the cited lines and captures a decimal number. */
  pattern: string;
  /**
   * What the captured number is multiplied by to give the field's default, in the field's unit
   * (for example 1024 when upstream counts KiB and the field is in bytes); default 1.
   */
  factor?: number;
}

/** Every bound default; the build checks each (see src/lib/citations/bound-defaults.ts). */
export const BOUND_DEFAULTS: readonly BoundDefault[] = [
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
];
