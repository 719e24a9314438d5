/** Markdown summaries of lab and probe results, for a terminal or a design review. */
import { claimRatios } from './compare.ts';
import type { LabResult, LatencyStats, LoadResult } from '../../../src/lib/lab/result.ts';
import { majorityLossesOf, resumedAfter, stopsOf } from '../../../src/lib/lab/stops.ts';
import { spreadOf } from '../../../src/lib/lab/windows.ts';

const fmt = (x: number | null | undefined, digits = 1): string =>
  x === null || x === undefined ? '–' : x.toFixed(digits);
const lat = (l: LatencyStats | undefined): string =>
  l ? `${fmt(l.p50Ms, 2)} / ${fmt(l.p90Ms, 2)} / ${fmt(l.p99Ms, 2)} / ${fmt(l.maxMs, 1)}` : '–';
const bytes = (b: number | null): string =>
  b === null ? '–' : b >= 1024 ** 3 ? `${(b / 1024 ** 3).toFixed(2)} GiB` : `${(b / 1024 ** 2).toFixed(1)} MiB`;

function loadRow(name: string, l: LoadResult | null): string {
  if (!l) return `| ${name} | – | – | – | – | – |`;
  const ws = l.windows ?? [];
  const tp = ws.length > 1 ? spreadOf(ws.map((w) => w.throughputPerSec)) : null;
  const ops = tp ? `${fmt(tp.median, 0)} (${fmt(tp.min, 0)}–${fmt(tp.max, 0)})` : fmt(l.throughputPerSec, 0);
  const bound = ws.filter((w) => w.machine?.cpuBound).length;
  const cpu = ws.length ? `${ws.length} windows, ${bound} CPU-bound` : '1 window';
  return `| ${name} | ${l.clients} | ${ops} | ${lat(l.latency)} | ${l.errors} | ${cpu} |`;
}

function environmentLines(r: LabResult): string[] {
  const e = r.environment;
  return [
    `- etcd **${e.etcdVersion}**${e.etcdGoVersion ? ` (${e.etcdGoVersion})` : ''}; client ${e.clientLibrary.name} ${e.clientLibrary.version} on Node ${e.nodeVersion}`,
    `- ${e.hostLabel}: ${e.cpuCount} × ${e.cpuModel}, kernel ${e.kernel}`,
    ...(e.dataDir ? [`- data on ${e.dataDir.filesystem} (${e.dataDir.device})`] : []),
    `- ${r.startedAt} → ${r.endedAt}`,
  ];
}

/**
 * The lab run as Markdown: environment, the claims as ratios, then one table per cluster.
 * @param r - a result of kind `lab`.
 */
export function labSummary(r: LabResult): string {
  const out: string[] = ['# etcd evidence lab', '', ...environmentLines(r), ''];
  out.push(
    'All members share one machine (CPU, disk, loopback network): compare ratios within this run, not absolute numbers with production.',
    '',
  );
  const windows = r.clusters.flatMap((c) =>
    [c.scenarios.write, c.scenarios.linearizableRead, c.scenarios.serializableRead, c.scenarios.mixed].flatMap(
      (l) => l?.windows ?? [],
    ),
  );
  if (windows.length > 0)
    out.push(
      `Windows: ${windows.length} of ${r.settings.durationMs / 1000} s after a warm-up, ${windows.filter((w) => w.machine?.cpuBound).length} of them CPU-bound (the CPUs ≥ 90 % busy).${r.settings.pinning ? ` Pinning: ${r.settings.pinning.reason}.` : ''}`,
      '',
    );
  if (r.fsync)
    out.push(
      `Disk: ${r.fsync.writes} × ${r.fsync.blockBytes} B append + fdatasync: p50 ${fmt(r.fsync.latency.p50Ms, 2)} ms, p99 ${fmt(r.fsync.latency.p99Ms, 2)} ms, max ${fmt(r.fsync.latency.maxMs, 2)} ms.`,
      '',
    );
  out.push('## Claims', '', '| Claim | Measured | Basis |', '| --- | --- | --- |');
  for (const c of claimRatios(r))
    out.push(`| ${c.claim} | ${c.value === null ? '–' : `${c.value} ${c.unit}`} | ${c.basis} |`);
  out.push('');
  for (const c of r.clusters) {
    const s = c.scenarios;
    out.push(`## ${c.members} member(s), ${c.rttRequestedMs} ms RTT`, '');
    if (c.rtt.length > 0) {
      const measured = c.rtt.map((p) => p.measuredMs);
      out.push(`RTT added, measured: ${fmt(Math.min(...measured), 2)}–${fmt(Math.max(...measured), 2)} ms.`, '');
    }
    out.push(
      '| Load | Clients | Ops/s, median (range) | Latency p50 / p90 / p99 / max (ms), medians | Errors | Windows |',
      '| --- | --- | --- | --- | --- | --- |',
      loadRow(`write (${s.write?.valueBytes ?? '?'} B values)`, s.write),
      loadRow('linearizable read', s.linearizableRead),
      loadRow('serializable read', s.serializableRead),
      loadRow(`mixed (${Math.round((s.mixed?.readFraction ?? 0) * 100)} % reads)`, s.mixed),
      '',
    );
    for (const f of [...stopsOf(c, 'follower'), ...stopsOf(c, 'leader')]) {
      const again = resumedAfter(f);
      if (f.clientOutagesMs) {
        const stuck = (f.inFlightAtKill ?? []).filter((w) => !w.acknowledged);
        out.push(
          `- ${f.role} ${f.stoppedMember} killed (client deadline ${fmt((f.writeDeadlineMs ?? 0) / 1000, 0)} s):` +
            (f.electionMs !== null ? ` new leader ${f.leaderAfter} after ${f.electionMs} ms;` : '') +
            ` first writer writing again after ${fmt(again?.first, 0)} ms, every writer after ${fmt(again?.all, 0)} ms` +
            (stuck.length
              ? ` (${stuck.length} write(s) stuck at the kill, ended by etcd after ${stuck.map((w) => w.endedAfterMs).join(', ')} ms)`
              : '') +
            `; ${f.writesAcknowledged} acknowledged, ${f.writesReadBack} read back, ${f.missing} missing.`,
        );
        continue;
      }
      out.push(
        `- ${f.role} ${f.stoppedMember} killed: no write acknowledged for ${fmt(f.writeFailureWindowMs, 0)} ms` +
          (f.electionMs !== null ? `, new leader ${f.leaderAfter} after ${f.electionMs} ms` : '') +
          `; ${f.writesAcknowledged} acknowledged, ${f.writesReadBack} read back, ${f.missing} missing.`,
      );
    }
    for (const m of majorityLossesOf(c)) {
      out.push(
        `- majority lost (${m.stoppedMembers.join(', ')} stopped): ${m.writesRefused} of ${m.writesAttempted} writes refused` +
          (m.errorText
            ? ` after ${fmt(m.refusedAfterMs, 0)} ms with \`${m.errorText}\`${m.errorCode ? ` (${m.errorCode})` : ''}`
            : '') +
          '.',
      );
    }
    for (const k of c.skipped) out.push(`- ${k.scenario} not run: ${k.reason}.`);
    for (const e of c.errors) out.push(`- **${e.step} failed**: ${e.message}`);
    out.push('');
  }
  return out.join('\n');
}

/** What an --allow-writes probe wrote and what it left, in the probe's own counts. */
function writesLine(p: NonNullable<LabResult['probe']>): string {
  const sent =
    p.putsSent === undefined
      ? `${p.keysWrittenAndDeleted} keys written under the lab prefix and deleted.`
      : `${p.putsSent} puts (${bytes(p.valueBytesSent ?? 0)} of values) to ${p.keysWrittenAndDeleted} keys under the lab prefix; the keys were deleted, and ${p.keysLeft === null ? 'the count of what is left failed: check with etcdctl get --prefix --count-only /etcd-sizing-lab/' : `${p.keysLeft} are left`}. Each put is a revision that stays in the cluster's history until it compacts.`;
  return `Writes: ${sent}`;
}

/**
 * A probe as Markdown for a design review: the cluster, the reads, the disk metrics and the
 * recommendation with its reasons.
 * @throws Error when `r` is not a probe result.
 */
export function probeSummary(r: LabResult): string {
  const p = r.probe;
  if (!p) throw new Error('probeSummary needs a result of kind probe');
  const out: string[] = [
    '# etcd cluster probe',
    '',
    ...environmentLines(r).slice(0, 1),
    `- probed from ${r.environment.hostLabel} at ${r.startedAt}`,
    '',
  ];
  const down = p.members.filter((m) => m.statusError !== null);
  out.push(
    `Endpoints: ${p.endpoints.join(', ')} (${p.tls ? 'TLS' : 'plain'}). Leader: ${p.leader ?? 'none seen'}. Quota: ${bytes(p.quotaBytes)}.`,
    '',
    ...(down.length > 0
      ? [
          `**Warning: ${down.length} of ${p.members.length} member(s) did not answer (${down.map((m) => m.name).join(', ')}).** The loads and the recommendation cover only the members that answered; a cluster with a member down tolerates one failure fewer until it is back.`,
          '',
        ]
      : []),
    '| Member | Leader | Learner | Version | DB size | In use | Status |',
    '| --- | --- | --- | --- | --- | --- | --- |',
  );
  for (const m of p.members)
    out.push(
      `| ${m.name} | ${m.isLeader ? 'yes' : ''} | ${m.isLearner ? 'yes' : ''} | ${m.version ?? '–'} | ${bytes(m.dbSizeBytes)} | ${bytes(m.dbSizeInUseBytes)} | ${m.statusError ?? 'ok'} |`,
    );
  out.push(
    '',
    '| Load | Clients | Ops/s | Latency p50 / p90 / p99 / max (ms) | Errors | Windows |',
    '| --- | --- | --- | --- | --- | --- |',
    loadRow('linearizable read', p.linearizableRead),
    loadRow('serializable read', p.serializableRead),
    ...(p.write ? [loadRow(`write (${p.write.valueBytes} B, lab prefix, deleted)`, p.write)] : []),
    '',
  );
  if (p.metrics.length > 0) {
    out.push('| Metric (all scraped members) | Count | p50 (ms) | p99 (ms) |', '| --- | --- | --- | --- |');
    for (const m of p.metrics) out.push(`| ${m.name} | ${m.count} | ${fmt(m.p50Ms, 1)} | ${fmt(m.p99Ms, 1)} |`);
    out.push('', 'Percentiles from Prometheus buckets are bucket upper bounds.', '');
  } else {
    out.push(`Metrics: not read${p.metricsError ? ` (${p.metricsError})` : ''}.`, '');
  }
  const rec = p.recommendation;
  out.push(
    '## Recommendation',
    '',
    `- Members: ${rec.currentMembers} voting now; recommended ${rec.recommendedMembers} (tolerates ${rec.toleratedFailures} failure(s)).`,
    `- Timeouts: --heartbeat-interval=${rec.heartbeatMs} --election-timeout=${rec.electionTimeoutMs}.`,
    ...rec.notes.map((n) => `- ${n}`),
    '',
    p.writesAllowed ? writesLine(p) : 'Read-only: nothing was written (use --allow-writes for the write test).',
    '',
  );
  return out.join('\n');
}
