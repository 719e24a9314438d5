/**
 * A probe result made fit to publish: the reader's endpoints, member names, member URLs, metrics
 * URLs and every address inside error messages are replaced by placeholders, so a committed probe
 * says what was measured without saying where.
 */
import type { LabResult } from '../../../src/lib/lab/result.ts';

/** URLs and host:port pairs (IPv4, bracketed IPv6, names) inside free text. */
const ADDRESS =
  /\b[a-z][a-z0-9+.-]*:\/\/[^\s,;)'"]+|\[[0-9a-f:]+\](?::\d+)?|\b(?:\d{1,3}\.){3}\d{1,3}(?::\d+)?\b|\b[a-z0-9-]+(?:\.[a-z0-9-]+)+:\d+\b/gi;

/** `text` with every URL and address replaced by `<address>`. */
export function redactText(text: string): string {
  return text.replace(ADDRESS, '<address>');
}

/**
 * A copy of a probe result with its endpoints as `endpoint-1` …, members as `member-1` … (in the
 * member list's order; the leader field follows), their URLs dropped, and addresses removed from
 * every error text, and the host label (by default the probing machine's hostname) replaced unless
 * `keepHostLabel` (the reader chose it with --label). A lab run (`kind: "lab"`) has nothing of the
 * reader's and is returned as is.
 */
export function redactProbe(r: LabResult, keepHostLabel = false): LabResult {
  const p = r.probe;
  if (r.kind !== 'probe' || !p) return r;
  const names = new Map(p.members.map((m, i) => [m.name, `member-${i + 1}`]));
  return {
    ...r,
    environment: keepHostLabel ? r.environment : { ...r.environment, hostLabel: 'probe' },
    probe: {
      ...p,
      endpoints: p.endpoints.map((_, i) => `endpoint-${i + 1}`),
      members: p.members.map((m) => ({
        ...m,
        name: names.get(m.name)!,
        id: '(redacted)',
        clientUrls: [],
        peerUrls: [],
        statusError: m.statusError === null ? null : redactText(m.statusError),
      })),
      leader: p.leader === null ? null : (names.get(p.leader) ?? 'member-?'),
      metricsUrl: p.metricsUrl === null ? null : '(redacted)',
      metricsError: p.metricsError === null ? null : redactText(p.metricsError),
      linearizableRead: p.linearizableRead && redactLoad(p.linearizableRead),
      serializableRead: p.serializableRead && redactLoad(p.serializableRead),
      write: p.write && redactLoad(p.write),
      recommendation: { ...p.recommendation, notes: p.recommendation.notes.map(redactText) },
      redacted: true,
    },
  };
}

function redactLoad<L extends { firstError: string | null }>(l: L): L {
  return { ...l, firstError: l.firstError === null ? null : redactText(l.firstError) };
}
