/** The write-path calculator: the etcd write path as a model — leader egress and commit latency. */
import { WRITE_PATH_URL } from '../model/schemas/write-path.ts';
import { parseDecimal, type Parsed } from '../model/input.ts';
import { writePath, type FollowerTiming } from '../model/write-path.ts';
import * as SOURCES from '../model/sources.ts';
import { answer, decimal, invalid, take, text, whole, type CalcDef, type CalcView, type Raw } from './calc.ts';
import { facts, para, resultDoc } from './result-doc.ts';
import { calcWords, type CalcLang } from './calc-words.ts';
import { WRITE_PATH_EN, WRITE_PATH_JA, WRITE_PATH_VIEW_JA, type WritePathWords } from './messages/write-path.ts';

const WORDS: Record<CalcLang, WritePathWords> = { en: WRITE_PATH_EN, ja: WRITE_PATH_JA };

/**
 * Parses a list of per-follower times in milliseconds, separated by spaces, ";" or ", "
 * (a comma directly between digits is refused, as every field refuses it; a no-break space, as a
 * French locale groups thousands, separates nothing and is refused with the item).
 *
 * @param text - what the reader typed.
 * @param count - followers (n − 1); fewer values are padded with the last one, more are refused.
 * @param label - name for messages.
 * @param lang - the messages' language.
 */
export function parseMsList(text: string, count: number, label: string, lang: CalcLang = 'en'): Parsed<number[]> {
  if (count === 0) return { ok: true, value: [] };
  const w = WORDS[lang];
  const items = text.trim() === '' ? [] : text.trim().split(/[ \t\r\n]*;[ \t\r\n]*|,[ \t\r\n]+|[ \t\r\n]+/);
  if (items.length === 0) return { ok: false, error: w.listEmpty(label, count) };
  if (items.length > count) return { ok: false, error: w.listTooMany(label, items.length, count) };
  const out: number[] = [];
  for (const [i, item] of items.entries()) {
    const rule = { min: 0, max: 1e6, label: w.listItem(label, i + 1), words: calcWords(lang).number };
    const p = parseDecimal(item, rule);
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
  translations: { ja: WRITE_PATH_VIEW_JA },
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
  compute(raw: Readonly<Raw>, lang: CalcLang = 'en') {
    const m = WORDS[lang];
    const errors: Record<string, string> = {};
    const w = decimal(raw, 'writePath', 'w', m.writesLabel, errors, lang);
    const b = decimal(raw, 'writePath', 'b', m.entrySizeLabel, errors, lang);
    const n = whole(raw, 'writePath', 'n', m.membersLabel, errors, lang);
    const lf = decimal(raw, 'writePath', 'lf', m.leaderFsyncLabel, errors, lang);
    const followers = n === null ? 0 : n - 1;
    const perFollower = (key: 'rtt' | 'fs', label: string): number[] | null =>
      n === null ? null : take(parseMsList(raw[key] ?? '', followers, label, lang), key, errors);
    const rtt = perFollower('rtt', m.roundTripsLabel);
    const fs = perFollower('fs', m.followerFsyncsLabel);
    if (w === null || b === null || n === null || lf === null || rtt === null || fs === null)
      return invalid(errors, lang);
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
        ? m.singleMember
        : c.boundBy === 'leader-fsync'
          ? m.boundByLeader(c.leaderFsyncMs, c.followerAcksNeeded, c.decidingFollowerAckMs)
          : m.boundByFollowers(c.followerAcksNeeded, c.followerAckMs);
    return answer(
      errors,
      state,
      resultDoc(
        [
          facts([
            [m.egress, m.egressValue(wp.egressBytesPerSecond, w, b, n - 1)],
            [m.commitLatency, m.commitValue(c.commitMs, c.quorum, c.followerAcksNeeded)],
          ]),
          para(decider),
          // The model's note is English; the catalogue words the same statement in each language.
          para(m.throughputNote, 'info'),
          para(m.modelNotMeasurement, 'info'),
        ],
        m.rule,
        [SOURCES.etcdQuorum],
        lang,
      ),
    );
  },
};
