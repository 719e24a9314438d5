/**
 * The etcd write path as a model: what the leader sends and when a write commits.
 *
 * Assumptions (stated, not measured):
 * - Every entry is sent by the leader to each of the n − 1 followers (Raft log replication);
 *   heartbeats, snapshots, gRPC/TLS framing and client responses are not counted.
 * - The leader writes the entry to its own disk in parallel with sending it to followers, an
 *   optimisation etcd's Raft library allows (etcd-io/raft@v3.6.0:README.md#L118, Raft thesis
 *   §10.2.1). An entry is committed when a quorum has it on disk: the leader itself plus the
 *   (quorum − 1) fastest followers. So commit latency = max(leader fsync, (quorum − 1)-th
 *   smallest follower "round trip + fsync").
 * - Throughput: every member stores every entry, so adding members adds no write capacity;
 *   the model's throughput has no term that grows with n (only leader egress does, × (n − 1)).
 */
import { assertFinite, assertWhole } from './input.ts';
import { MAX_MEMBERS, MIN_MEMBERS, quorum } from './quorum.ts';

/** Upper bound on rates/sizes accepted by the model, to keep results finite. */
const MAX_RATE = 1e12;

/**
 * Leader egress for log replication, bytes per second: writes × meanEntryBytes × (n − 1).
 *
 * @param writesPerSecond - committed writes per second, finite, 0–1e12.
 * @param meanEntryBytes - mean Raft entry size in bytes, finite, 0–1e12.
 * @param members - configured members n, whole number 1–99.
 * @returns bytes per second sent by the leader to followers (0 for a single member).
 * @throws RangeError for out-of-range input.
 * Source: Raft log replication — the leader sends each entry to every follower
 * (https://raft.github.io/raft.pdf §5.3).
 */
export function replicationEgressBytesPerSecond(
  writesPerSecond: number,
  meanEntryBytes: number,
  members: number,
): number {
  assertFinite(writesPerSecond, 0, MAX_RATE, 'Writes per second');
  assertFinite(meanEntryBytes, 0, MAX_RATE, 'Mean entry size (bytes)');
  assertWhole(members, MIN_MEMBERS, MAX_MEMBERS, 'Members');
  return writesPerSecond * meanEntryBytes * (members - 1);
}

/** A follower's time to acknowledge an entry: network round trip plus its own fsync. */
export interface FollowerTiming {
  /** Leader↔follower round-trip time, milliseconds, ≥ 0. */
  rttMs: number;
  /** Follower WAL fsync time, milliseconds, ≥ 0. */
  fsyncMs: number;
}

/** Result of {@link commitLatency}. */
export interface CommitLatency {
  members: number;
  quorum: number;
  /** Follower acknowledgements the leader waits for: quorum − 1. */
  followerAcksNeeded: number;
  /** Each follower's rtt + fsync, ascending, milliseconds. */
  followerAckMs: number[];
  /** The (quorum − 1)-th smallest follower ack, ms; 0 when no follower ack is needed (n = 1). */
  decidingFollowerAckMs: number;
  /** Leader's own fsync, ms. */
  leaderFsyncMs: number;
  /** Commit latency = max(leader fsync, deciding follower ack), ms. */
  commitMs: number;
  /** What sets the commit time. */
  boundBy: 'leader-fsync' | 'follower-ack';
}

/**
 * Commit latency of one write: max(leader fsync, (quorum − 1)-th fastest follower ack), where a
 * follower's ack time is its round trip plus its fsync. Ties go to 'leader-fsync'.
 *
 * @param members - configured members n, whole number 1–99.
 * @param leaderFsyncMs - leader fsync, ms, finite, 0–1e12.
 * @param followers - exactly n − 1 follower timings (ms, finite, 0–1e12 each).
 * @throws RangeError when the follower list is not n − 1 long or a time is out of range.
 * Sources: quorum https://etcd.io/docs/v3.6/faq/#what-is-failure-tolerance; leader writes in
 * parallel etcd-io/raft@v3.6.0:README.md#L118.
 */
export function commitLatency(
  members: number,
  leaderFsyncMs: number,
  followers: readonly FollowerTiming[],
): CommitLatency {
  const q = quorum(members);
  assertFinite(leaderFsyncMs, 0, MAX_RATE, 'Leader fsync (ms)');
  if (followers.length !== members - 1) {
    throw new RangeError(
      `A cluster of ${members} members has ${members - 1} followers; got timings for ${followers.length}.`,
    );
  }
  const acks = followers
    .map((f, i) => {
      assertFinite(f.rttMs, 0, MAX_RATE, `Follower ${i + 1} round trip (ms)`);
      assertFinite(f.fsyncMs, 0, MAX_RATE, `Follower ${i + 1} fsync (ms)`);
      return f.rttMs + f.fsyncMs;
    })
    .sort((a, b) => a - b);
  const needed = q - 1;
  const deciding = needed === 0 ? 0 : acks[needed - 1]!;
  const commitMs = Math.max(leaderFsyncMs, deciding);
  return {
    members,
    quorum: q,
    followerAcksNeeded: needed,
    followerAckMs: acks,
    decidingFollowerAckMs: deciding,
    leaderFsyncMs,
    commitMs,
    boundBy: deciding > leaderFsyncMs ? 'follower-ack' : 'leader-fsync',
  };
}

/** Combined write-path result for the calculator. */
export interface WritePath {
  egressBytesPerSecond: number;
  /** Egress per write, bytes: meanEntryBytes × (n − 1). */
  egressBytesPerWrite: number;
  commit: CommitLatency;
  /** Always the same statement: more members add no write capacity in this model. */
  throughputNote: string;
}

/**
 * The write-path calculator: egress and commit latency together.
 *
 * @throws RangeError as {@link replicationEgressBytesPerSecond} and {@link commitLatency}.
 */
export function writePath(input: {
  writesPerSecond: number;
  meanEntryBytes: number;
  members: number;
  leaderFsyncMs: number;
  followers: readonly FollowerTiming[];
}): WritePath {
  return {
    egressBytesPerSecond: replicationEgressBytesPerSecond(input.writesPerSecond, input.meanEntryBytes, input.members),
    egressBytesPerWrite: input.meanEntryBytes * (input.members - 1),
    commit: commitLatency(input.members, input.leaderFsyncMs, input.followers),
    throughputNote:
      'Every member stores every entry, so adding members adds no write capacity: throughput has no term that grows with n, while leader egress grows with n − 1.',
  };
}
