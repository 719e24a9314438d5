/**
 * Probe of an existing etcd cluster: read-only unless writes are allowed, and then only under a
 * lab prefix, bounded, and deleted at the end.
 */
import type { Etcd3 } from 'etcd3';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { connect as tlsConnect } from 'node:tls';
import { Agent, fetch } from 'undici';
import { bucketQuantile, parseMetrics, type Histogram } from './prometheus.ts';
import { recommend } from './recommend.ts';
import {
  LAB_RESULT_SCHEMA_VERSION,
  type LabResult,
  type LoadResult,
  type MetricHistogram,
  type ProbedMember,
} from '../../../src/lib/lab/result.ts';
import type { Cleanup } from './cleanup.ts';
import { clientFor, errorText, type TlsFiles } from './client.ts';
import { environment } from './environment.ts';
import { populate, readLoad, writeLoad, type LoadOptions } from './load.ts';

export interface ProbeOptions {
  /** Comma-separated URLs, `https://host:2379,…`. */
  endpoints: string;
  cacert?: string | undefined;
  cert?: string | undefined;
  key?: string | undefined;
  metricsUrl?: string | undefined;
  allowWrites: boolean;
  durationMs: number;
  clients: number;
  valueBytes: number;
  hostLabel?: string | undefined;
  /** Registers the deletion of the lab prefix, so an interrupted probe still deletes its keys. */
  cleanup?: Cleanup;
  log?: (line: string) => void;
  /** Deadline of each call, ms (default 5000). */
  deadlineMs?: number;
}

/** Prefix of every key the probe writes (only with --allow-writes). */
export const PROBE_PREFIX = '/etcd-sizing-lab/';

/** Keys the probe's writes spread over. */
export const PROBE_KEYS = 100;

/**
 * Deletes every key under `prefix`, then counts what is left (linearizably); deletes once more if
 * a key is left.
 * @returns keys deleted, and keys still there (null when the count failed).
 */
export async function deletePrefix(conn: Etcd3, prefix: string): Promise<{ deleted: number; left: number | null }> {
  let deleted = Number((await conn.delete().prefix(prefix).exec()).deleted);
  let left: number | null;
  try {
    left = await conn.getAll().prefix(prefix).count();
    if (left > 0) {
      deleted += Number((await conn.delete().prefix(prefix).exec()).deleted);
      left = await conn.getAll().prefix(prefix).count();
    }
  } catch {
    left = null;
  }
  return { deleted, left };
}

/** Histograms read from /metrics, by name. */
const METRIC_HISTOGRAMS = [
  'etcd_disk_wal_fsync_duration_seconds',
  'etcd_disk_backend_commit_duration_seconds',
  'etcd_network_peer_round_trip_time_seconds',
];

/**
 * Checks and splits `--endpoints`.
 * @throws Error naming the bad item and the expected form.
 */
export function parseEndpoints(text: string): URL[] {
  const items = text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (items.length === 0) throw new Error('--endpoints is empty: give https://host:2379[,…]');
  return items.map((item) => {
    let u: URL;
    try {
      u = new URL(item);
    } catch {
      throw new Error(`--endpoints: ${JSON.stringify(item)} is not a URL; write it as https://host:2379`);
    }
    if (u.protocol !== 'https:' && u.protocol !== 'http:')
      throw new Error(`--endpoints: ${item} must start with https:// or http://`);
    if (!u.port) throw new Error(`--endpoints: ${item} has no port; etcd's client port is usually 2379`);
    return u;
  });
}

function readTls(o: ProbeOptions): TlsFiles | undefined {
  const read = (flag: string, path: string | undefined): Buffer | undefined => {
    if (path === undefined) return undefined;
    try {
      return readFileSync(path);
    } catch (e) {
      throw new Error(`${flag} ${path} cannot be read: ${(e as NodeJS.ErrnoException).code ?? errorText(e)}`, {
        cause: e,
      });
    }
  };
  if ((o.cert === undefined) !== (o.key === undefined))
    throw new Error('--cert and --key go together: give both or neither');
  const ca = read('--cacert', o.cacert);
  const cert = read('--cert', o.cert);
  const key = read('--key', o.key);
  if (!ca && !cert) return undefined;
  if (!ca) throw new Error('--cert/--key need --cacert too (the CA that signed the server certificates)');
  return { ca, cert, key };
}

/**
 * Turns a failed first call into what is wrong and how to fix it.
 * @param endpoint - the URL called.
 */
export function explainConnectError(endpoint: string, e: unknown): string {
  const text = errorText(e);
  if (/ECONNREFUSED|connection refused/i.test(text))
    return `nothing accepts connections at ${endpoint} (connection refused): check the host and port (etcd's client port is usually 2379).`;
  if (/certificate|self[- ]signed|SSL|TLS|handshake|wrong version number|unable to verify/i.test(text))
    return `the TLS handshake with ${endpoint} failed (${text}): check --cacert (the CA that signed the server's certificate), --cert and --key, and that the endpoint's scheme (https/http) matches the server.`;
  if (/ENOTFOUND|EAI_AGAIN|getaddrinfo/i.test(text)) return `${endpoint}: the host name does not resolve (${text}).`;
  if (/DEADLINE_EXCEEDED|deadline/i.test(text))
    return `${endpoint} did not answer within the deadline (${text}): the host is unreachable, filtered, or not speaking gRPC.`;
  if (/Protocol error|HTTP status code|UNIMPLEMENTED|unexpected|Received RST_STREAM|not found/i.test(text))
    return `${endpoint} answered, but not as etcd's v3 gRPC API (${text}): is this etcd's client port?`;
  return `${endpoint} could not be probed: ${text}`;
}

/**
 * Whether host:port completes a TLS handshake within `timeoutMs` (certificates not checked): an
 * http:// endpoint that does is a TLS port, and the fix is https://.
 */
export function speaksTls(host: string, port: number, timeoutMs = 2000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = tlsConnect({ host, port, rejectUnauthorized: false, timeout: timeoutMs });
    const done = (v: boolean): void => {
      socket.destroy();
      resolve(v);
    };
    socket.once('secureConnect', () => done(true));
    socket.once('error', () => done(false));
    socket.once('timeout', () => done(false));
  });
}

/** Endpoints given that are a member's peer URL (same host and port), with that member's client URLs. */
export function peerPortEndpoints(
  endpoints: readonly string[],
  members: readonly { name: string; peerUrls: readonly string[]; clientUrls: readonly string[] }[],
): string[] {
  const origin = (u: string): string | null => (URL.canParse(u) ? new URL(u).host : null);
  return endpoints.flatMap((e) => {
    const m = members.find((x) => x.peerUrls.some((p) => origin(p) === origin(e)));
    return m
      ? [
          `${e} is member ${m.name}'s peer URL, not a client URL: probe its client URL instead (${m.clientUrls.join(', ') || 'none listed'})`,
        ]
      : [];
  });
}

async function scrape(
  urls: string[],
  tls: TlsFiles | undefined,
): Promise<{ histograms: Map<string, Histogram>; values: Map<string, number>; errors: string[] }> {
  const dispatcher = new Agent({
    connect: tls ? { ca: tls.ca, cert: tls.cert, key: tls.key } : {},
    connectTimeout: 5000,
  });
  const acc = { histograms: new Map<string, Histogram>(), values: new Map<string, number>() };
  const errors: string[] = [];
  let quotaSeen = 0;
  try {
    for (const url of urls) {
      try {
        const r = await fetch(url, { signal: AbortSignal.timeout(5000), dispatcher });
        if (!r.ok) throw new Error(`HTTP ${r.status}`);
        const before = acc.values.get('etcd_server_quota_backend_bytes') ?? 0;
        parseMetrics(await r.text(), acc);
        if ((acc.values.get('etcd_server_quota_backend_bytes') ?? 0) > before) quotaSeen++;
      } catch (e) {
        errors.push(`${url}: ${errorText((e as { cause?: unknown }).cause ?? e)}`);
      }
    }
  } finally {
    await dispatcher.close();
  }
  // The quota gauge was summed over the members scraped; every member has the same flag.
  const q = acc.values.get('etcd_server_quota_backend_bytes');
  if (q !== undefined && quotaSeen > 0) acc.values.set('etcd_server_quota_backend_bytes', q / quotaSeen);
  return { ...acc, errors };
}

/**
 * Why a member has no status: the error of the endpoint among its client URLs that did not answer,
 * or that the probe was not given any of its URLs.
 */
function unansweredReason(
  clientUrls: readonly string[],
  statuses: readonly { endpoint: string; error: string | null }[],
): string {
  const origins = new Set(clientUrls.flatMap((u) => (URL.canParse(u) ? [new URL(u).origin] : [])));
  const failed = statuses.find((s) => s.error !== null && origins.has(new URL(s.endpoint).origin));
  return failed?.error ?? 'not among --endpoints (the probe only calls the endpoints it is given)';
}

/**
 * Runs the probe and returns a result of kind `probe`.
 * @throws Error with a clear cause (refused, TLS, not etcd, deadline) when no endpoint answers a
 *   status call, or when the options are wrong.
 */
export async function runProbe(o: ProbeOptions): Promise<LabResult> {
  const startedAt = new Date().toISOString();
  const log = o.log ?? (() => {});
  const endpoints = parseEndpoints(o.endpoints).map((u) => `${u.protocol}//${u.host}`);
  const tls = readTls(o);
  if (tls && endpoints.some((e) => e.startsWith('http:')))
    throw new Error('--cacert was given but an endpoint is http://: use https:// endpoints for a TLS cluster');
  const deadlineMs = o.deadlineMs ?? 5000;
  const conns: Etcd3[] = endpoints.map((e) => clientFor(e, deadlineMs, tls));
  try {
    const statuses = await Promise.all(
      conns.map(async (c, i) => {
        try {
          return { endpoint: endpoints[i]!, status: await c.maintenance.status(), error: null };
        } catch (e) {
          const u = new URL(endpoints[i]!);
          if (u.protocol === 'http:' && (await speaksTls(u.hostname, Number(u.port))))
            return {
              endpoint: endpoints[i]!,
              status: null,
              error: `${endpoints[i]} speaks TLS: write it as https://${u.host} and give --cacert (and --cert/--key if the cluster checks client certificates).`,
            };
          return { endpoint: endpoints[i]!, status: null, error: explainConnectError(endpoints[i]!, e) };
        }
      }),
    );
    const answered = statuses.filter((s) => s.status);
    if (answered.length === 0) throw new Error(statuses.map((s) => s.error).join('\n'));
    for (const s of statuses) if (s.error) log(`probe: ${s.error}`);
    const live = conns.filter((_, i) => statuses[i]!.status);
    const list = await live[0]!.cluster.memberList({});
    const leaderId = answered.find((s) => s.status!.leader !== '0')?.status!.leader ?? null;
    const members: ProbedMember[] = (list.members ?? []).map((m) => {
      const st = answered.find((s) => s.status!.header.member_id === m.ID)?.status ?? null;
      return {
        name: m.name || `(unstarted ${m.ID})`,
        id: m.ID,
        clientUrls: m.clientURLs ?? [],
        peerUrls: m.peerURLs ?? [],
        isLearner: Boolean(m.isLearner),
        isLeader: m.ID === leaderId,
        version: st?.version ?? null,
        dbSizeBytes: st ? Number(st.dbSize) : null,
        dbSizeInUseBytes: st && st.dbSizeInUse !== undefined ? Number(st.dbSizeInUse) : null,
        raftTerm: st ? Number(st.raftTerm) : null,
        statusError: st ? null : unansweredReason(m.clientURLs ?? [], statuses),
      };
    });
    const leader = members.find((m) => m.isLeader)?.name ?? null;
    for (const w of peerPortEndpoints(endpoints, members)) log(`probe: warning: ${w}`);
    log(`probe: ${members.length} member(s), leader ${leader ?? 'none'}; measuring reads for ${o.durationMs} ms each`);

    const prefix = `${PROBE_PREFIX}${randomBytes(6).toString('hex')}/`;
    const stop = new AbortController();
    const sent = { count: 0 };
    const load: LoadOptions = {
      connections: live,
      clients: o.clients,
      durationMs: o.durationMs,
      valueBytes: o.allowWrites ? o.valueBytes : 0,
      prefix,
      keys: o.allowWrites ? PROBE_KEYS : 1,
      signal: stop.signal,
    };
    let write: LoadResult | null = null;
    let writing: Promise<unknown> = Promise.resolve();
    let removal: { deleted: number; left: number | null } | null = null;
    // Stop the writers first and wait for the puts in flight, then delete, then count what is
    // left: deleting while a writer still runs would leave its next put behind.
    const removeKeys = async (): Promise<void> => {
      stop.abort();
      await writing.catch(() => {});
      removal = await deletePrefix(live[0]!, prefix);
    };
    const undo = o.allowWrites && o.cleanup ? o.cleanup.add(`probe keys under ${prefix}`, removeKeys) : null;
    let linearizableRead: LoadResult, serializableRead: LoadResult;
    try {
      if (o.allowWrites) {
        log(
          `probe: writing under ${prefix}: ${PROBE_KEYS} keys of ${o.valueBytes} bytes, then puts to them from ${o.clients} client(s) for ${o.durationMs} ms; every put is a revision the cluster keeps until it compacts`,
        );
        const writes = (async () => {
          await populate({ ...load, sent });
          return writeLoad({ ...load, sent });
        })();
        writing = writes;
        write = await writes;
      }
      // Without writes the reads ask for a key that does not exist: the read path is the same.
      linearizableRead = await readLoad(load, false);
      serializableRead = await readLoad(load, true);
    } finally {
      if (o.allowWrites) {
        if (undo) await undo();
        else await removeKeys();
      }
    }
    const { deleted, left } = removal ?? { deleted: 0, left: null };
    if (left) log(`probe: ${left} key(s) are still under ${prefix}: delete them with etcdctl del --prefix ${prefix}`);

    const metricsUrls = o.metricsUrl ? [o.metricsUrl] : endpoints.map((e) => `${e}/metrics`);
    const scraped = await scrape(metricsUrls, tls);
    const metrics: MetricHistogram[] = [];
    for (const name of METRIC_HISTOGRAMS) {
      const h = scraped.histograms.get(name);
      if (!h) continue;
      const q = (x: number): number | null => {
        const v = bucketQuantile(h, x);
        return v === null ? null : Math.round(v * 1e6) / 1000;
      };
      metrics.push({ name, count: h.count, p50Ms: q(0.5), p99Ms: q(0.99) });
    }
    const quota = scraped.values.get('etcd_server_quota_backend_bytes') ?? null;
    // Only etcd's own peer round-trip histogram: the difference of linearizable and serializable
    // read latency also holds the wait for the leader's apply and the client queues, and read
    // 2–4.5 × the real RTT in the lab, so it is not used as an RTT.
    const rttEstimateMs = metrics.find((m) => m.name === 'etcd_network_peer_round_trip_time_seconds')?.p50Ms ?? null;
    const dbSizes = members.map((m) => m.dbSizeBytes).filter((x): x is number => x !== null);
    const recommendation = recommend({
      votingMembers: members.filter((m) => !m.isLearner).length,
      dbSizeBytes: dbSizes.length ? Math.max(...dbSizes) : null,
      quotaBytes: quota,
      rttMs: rttEstimateMs,
    });
    const version = answered[0]!.status!.version;
    return {
      schemaVersion: LAB_RESULT_SCHEMA_VERSION,
      kind: 'probe',
      startedAt,
      endedAt: new Date().toISOString(),
      environment: environment({ path: null, version, goVersion: null }, null, o.hostLabel),
      settings: {
        durationMs: o.durationMs,
        clients: o.clients,
        valueBytes: load.valueBytes,
        memberCounts: [members.length],
        rttMs: [],
      },
      fsync: null,
      clusters: [],
      probe: {
        endpoints,
        tls: Boolean(tls) || endpoints.some((e) => e.startsWith('https:')),
        members,
        leader,
        quotaBytes: quota,
        linearizableRead,
        serializableRead,
        write,
        writesAllowed: o.allowWrites,
        keysWrittenAndDeleted: deleted,
        putsSent: sent.count,
        valueBytesSent: sent.count * load.valueBytes,
        keysLeft: o.allowWrites ? left : 0,
        redacted: false,
        metricsUrl: metricsUrls.join(', '),
        metricsError: scraped.errors.length ? scraped.errors.join('; ') : null,
        metrics,
        rttEstimateMs,
        recommendation,
      },
    };
  } finally {
    conns.forEach((c) => c.close());
  }
}
