/**
 * The disk latencies etcd's FAQ asks for, and the metrics that show them
 * (content/docs/etcd-disk.mdx, "Alert thresholds"). Constants only: the plan and the chapter state
 * them; the citations in ./sources.ts (etcdFaqWalFsyncTarget, etcdFaqBackendCommitTarget) pin the
 * FAQ lines, whose expected text carries both numbers.
 */

/** WAL fsync p99 target, ms: "p99 duration should be less than 10ms" (etcd FAQ, faq.md#L145). */
export const WAL_FSYNC_P99_TARGET_MS = 10;
/** Backend commit p99 target, ms: "p99 duration should be less than 25ms" (etcd FAQ, faq.md#L133). */
export const BACKEND_COMMIT_P99_TARGET_MS = 25;
/** The histogram of WAL fsyncs (server/storage/wal/metrics.go). */
export const WAL_FSYNC_METRIC = 'etcd_disk_wal_fsync_duration_seconds';
/** The histogram of backend commits (server/storage/backend/metrics.go). */
export const BACKEND_COMMIT_METRIC = 'etcd_disk_backend_commit_duration_seconds';
