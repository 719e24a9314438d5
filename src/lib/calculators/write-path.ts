/** The write-path calculator: the etcd write path as a model — leader egress and commit latency. */
import { WRITE_PATH_URL } from '../model/schemas/write-path.ts';
import { parseDecimal, type Parsed } from '../model/input.ts';
import { writePath, type FollowerTiming } from '../model/write-path.ts';
import * as SOURCES from '../model/sources.ts';
import { answer, decimal, invalid, take, text, whole, type CalcDef, type CalcView, type Raw } from './calc.ts';
import { facts, para, resultDoc } from './result-doc.ts';
import { fmtBytes, fmtMs, fmtNum, ordinal } from './format.ts';

/**
 * Parses a list of per-follower times in milliseconds, separated by spaces, ";" or ", "
 * (a comma directly between digits is refused, as every field refuses it; a no-break space, as a
 * French locale groups thousands, separates nothing and is refused with the item).
 *
 * @param text - what the reader typed.
 * @param count - followers (n − 1); fewer values are padded with the last one, more are refused.
 * @param label - name for messages.
 */
export function parseMsList(text: string, count: number, label: string): Parsed<number[]> {
  if (count === 0) return { ok: true, value: [] };
  const items = text.trim() === '' ? [] : text.trim().split(/[ \t\r\n]*;[ \t\r\n]*|,[ \t\r\n]+|[ \t\r\n]+/);
  if (items.length === 0)
    return { ok: false, error: `${label} is empty: enter one time in ms per follower (${count}).` };
  if (items.length > count)
    return {
      ok: false,
      error: `${label}: ${items.length} values for ${count} ${count === 1 ? 'follower' : 'followers'}; remove ${items.length - count === 1 ? 'one' : items.length - count}.`,
    };
  const out: number[] = [];
  for (const [i, item] of items.entries()) {
    const p = parseDecimal(item, { min: 0, max: 1e6, label: `${label}, item ${i + 1}` });
    if (!p.ok) return p;
    out.push(p.value);
  }
  while (out.length < count) out.push(out[out.length - 1]!);
  return { ok: true, value: out };
}

const list = (v: readonly number[]): string => v.map(text).join(' ');

/** Title and labelled fields, used only by the build to render the form (the browser reads the DOM). */
export const writePathView: CalcView<'writePath'> = {
  title: 'The write path (a model)',
  sources: ['etcdQuorum'],
  fields: [
    { key: 'w', label: 'Writes per second', kind: 'text', inputmode: 'decimal', hint: 'Committed writes per second.' },
    { key: 'b', label: 'Mean entry size (bytes)', kind: 'text', inputmode: 'decimal', hint: 'Bytes per Raft entry.' },
    { key: 'n', label: 'Members (n)', kind: 'text', inputmode: 'numeric', hint: (range) => `${range}.` },
    { key: 'lf', label: 'Leader fsync (ms)', kind: 'text', inputmode: 'decimal', hint: 'WAL fsync on the leader.' },
    {
      key: 'rtt',
      label: 'Follower round trips (ms)',
      kind: 'text',
      inputmode: 'decimal',
      hint: 'One per follower, separated by spaces; fewer repeat the last.',
    },
    {
      key: 'fs',
      label: 'Follower fsyncs (ms)',
      kind: 'text',
      inputmode: 'decimal',
      hint: 'One per follower, separated by spaces; fewer repeat the last.',
    },
  ],
};

export const writePathCalc: CalcDef<'writePath'> = {
  id: 'writePath',
  prefix: 'w',
  toRaw: (s) => ({ w: text(s.w), b: text(s.b), n: text(s.n), lf: text(s.lf), rtt: list(s.rtt), fs: list(s.fs) }),
  compute(raw: Readonly<Raw>) {
    const errors: Record<string, string> = {};
    const w = decimal(raw, 'writePath', 'w', 'Writes per second', errors);
    const b = decimal(raw, 'writePath', 'b', 'Mean entry size', errors);
    const n = whole(raw, 'writePath', 'n', 'Members', errors);
    const lf = decimal(raw, 'writePath', 'lf', 'Leader fsync', errors);
    const followers = n === null ? 0 : n - 1;
    const rtt =
      n === null ? null : take(parseMsList(raw['rtt'] ?? '', followers, 'Follower round trips'), 'rtt', errors);
    const fs = n === null ? null : take(parseMsList(raw['fs'] ?? '', followers, 'Follower fsyncs'), 'fs', errors);
    if (w === null || b === null || n === null || lf === null || rtt === null || fs === null) return invalid(errors);
    const timings: FollowerTiming[] = rtt.map((r, i) => ({ rttMs: r, fsyncMs: fs[i]! }));
    const wp = writePath({ writesPerSecond: w, meanEntryBytes: b, members: n, leaderFsyncMs: lf, followers: timings });
    const c = wp.commit;
    // One member has no follower: the lists are unused, and the link keeps their defaults (a link's
    // empty list is refused like any value without a number).
    const unused = WRITE_PATH_URL.schema;
    const state = {
      w,
      b,
      n,
      lf,
      rtt: followers ? rtt : [...unused.rtt.default],
      fs: followers ? fs : [...unused.fs.default],
    };
    const decider =
      c.followerAcksNeeded === 0
        ? 'A single member commits on its own fsync.'
        : c.boundBy === 'leader-fsync'
          ? `The leader's own fsync (${fmtMs(c.leaderFsyncMs)}) is the slowest step; the ${c.followerAcksNeeded === 1 ? 'fastest follower acknowledges' : `${c.followerAcksNeeded} fastest followers acknowledge`} by ${fmtMs(c.decidingFollowerAckMs)}.`
          : `The leader waits for ${c.followerAcksNeeded === 1 ? 'the fastest follower' : `the ${c.followerAcksNeeded} fastest followers`}; follower acks (round trip + fsync), fastest first: ${c.followerAckMs.map(fmtMs).join(', ')}; the ${c.followerAcksNeeded === 1 ? 'first' : ordinal(c.followerAcksNeeded)} decides.`;
    return answer(
      errors,
      state,
      resultDoc(
        [
          facts([
            [
              'Leader egress for replication',
              `${fmtBytes(wp.egressBytesPerSecond)}/s (${fmtNum(w)} × ${fmtBytes(b)} × ${n - 1})`,
            ],
            ['Commit latency', `${fmtMs(c.commitMs)} (quorum ${c.quorum}: leader + ${c.followerAcksNeeded})`],
          ]),
          para(decider),
          para(wp.throughputNote, 'info'),
          para(
            'A model, not a measurement: heartbeats, snapshots, TLS framing, apply time and queueing are left out.',
            'info',
          ),
        ],
        'An entry commits once a quorum has it on disk: commit latency = max(leader fsync, the (quorum − 1)-th fastest follower ack, each ack a round trip plus that follower’s fsync); the leader sends every entry to each of the n − 1 followers.',
        [SOURCES.etcdQuorum],
      ),
    );
  },
};
