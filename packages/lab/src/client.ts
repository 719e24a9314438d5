/**
 * etcd v3 clients for the lab and the probe, on the `etcd3` library (gRPC through @grpc/grpc-js;
 * it speaks the v3 API that etcd 3.4 and later serve). The library's retries and circuit breaker
 * are switched off (cockatiel's `noop` policy): the lab must see every failure, not hide it.
 */
import { Etcd3, type IOptions } from 'etcd3';
import { noop } from 'cockatiel';

export interface TlsFiles {
  ca: Buffer;
  cert?: Buffer | undefined;
  key?: Buffer | undefined;
}

/**
 * One client bound to one endpoint (no load balancing, so a test decides which member it talks to).
 * @param deadlineMs - deadline of every unary call, ms.
 */
export function clientFor(endpoint: string, deadlineMs: number, tls?: TlsFiles): Etcd3 {
  const options: IOptions = {
    hosts: [endpoint],
    dialTimeout: Math.min(deadlineMs, 5000),
    defaultCallOptions: (ctx) => (ctx.isStream ? {} : { deadline: Date.now() + deadlineMs }),
    faultHandling: { global: noop, host: () => noop },
  };
  if (tls)
    options.credentials = {
      rootCertificate: tls.ca,
      ...(tls.key ? { privateKey: tls.key } : {}),
      ...(tls.cert ? { certChain: tls.cert } : {}),
    };
  return new Etcd3(options);
}

/** gRPC status code names by number, for results and messages. */
const GRPC_CODES = [
  'OK',
  'CANCELLED',
  'UNKNOWN',
  'INVALID_ARGUMENT',
  'DEADLINE_EXCEEDED',
  'NOT_FOUND',
  'ALREADY_EXISTS',
  'PERMISSION_DENIED',
  'RESOURCE_EXHAUSTED',
  'FAILED_PRECONDITION',
  'ABORTED',
  'OUT_OF_RANGE',
  'UNIMPLEMENTED',
  'INTERNAL',
  'UNAVAILABLE',
  'DATA_LOSS',
  'UNAUTHENTICATED',
];

/**
 * The error's gRPC status code name, or null. `etcd3` re-throws gRPC errors as its own classes
 * but keeps grpc-js's message, which starts with the code ("4 DEADLINE_EXCEEDED: …").
 */
export function grpcCode(e: unknown): string | null {
  const code = (e as { code?: unknown } | null)?.code;
  if (typeof code === 'number' && GRPC_CODES[code]) return GRPC_CODES[code];
  const named = /\b(\d{1,2}) ([A-Z_]+):/.exec(e instanceof Error ? e.message : String(e));
  if (named && GRPC_CODES[Number(named[1])] === named[2]) return named[2]!;
  return null;
}

/** The message of an error, one line. */
export function errorText(e: unknown): string {
  return (e instanceof Error ? e.message : String(e)).split('\n')[0]!.slice(0, 300);
}
