/** The Markdown summary of a backup measurement, for a terminal or a design review. */
import { backupRows, type BackupResult } from '../../../src/lib/lab/backup-result.ts';

const cell = (x: number | null, digits = 2): string => (x === null ? '–' : x.toFixed(digits));

/**
 * The measurement as Markdown: machine, load, then one row per database size.
 * @param r - a result of kind `backup`.
 */
export function backupSummary(r: BackupResult): string {
  const e = r.environment;
  const m = r.machine;
  const l = r.loadAverage;
  const out = [
    '# etcd backup and restore',
    '',
    `- etcd **${e.etcdVersion}**, etcdctl ${r.etcdctl.version}; ${e.hostLabel}: ${e.cpuCount} × ${e.cpuModel}, ${(m.memoryBytes / 1024 ** 3).toFixed(0)} GiB memory, kernel ${e.kernel}`,
    `- data on ${e.dataDir?.filesystem ?? 'unknown'} (${m.disk.device}, ${m.disk.kind}${m.disk.rotational === null ? '' : `, rotational ${m.disk.rotational ? 1 : 0}`}); sequential write ${(m.sequentialWriteBytesPerSec / 1024 ** 2).toFixed(0)} MiB/s`,
    `- load average (1 min) through the run: ${cell(l.samples1m.min)}–${cell(l.samples1m.max)}, mean ${cell(l.samples1m.mean)}`,
    `- ${r.startedAt} → ${r.endedAt}`,
    '',
    '| DB size (GiB) | save (s) | status (s) | restore (s) | start until read (s) | restore + start (s/GiB) | keys back, new cluster ID |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...backupRows(r).map(
      (row) =>
        `| ${cell(row.dbSizeGiB)} | ${cell(row.saveS)} | ${cell(row.statusS)} | ${cell(row.restoreS)} | ${cell(row.startToReadS)} | ${cell(row.restoreAndStartSPerGiB)} | ${row.verified ? 'yes' : 'NO'} |`,
    ),
  ];
  const errors = r.sizes.flatMap((s) => s.errors.map((x) => `- ${s.targetBytes} bytes, ${x.step}: ${x.message}`));
  if (errors.length > 0) out.push('', 'Failed steps:', ...errors);
  return out.join('\n');
}
