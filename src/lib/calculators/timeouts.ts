/**
 * The timeouts calculator: etcd's heartbeat interval and election timeout from a measured round
 * trip, by the tuning page's rule, whether etcd v3.7.0 accepts them, and the flags to paste; then
 * the reader's own pair checked against both rules.
 */
// Registers this calculator's URL state, so that it ships in this calculator's chunk only.
import '../model/schemas/timeouts.ts';
import {
  DEFAULT_ELECTION_MS,
  DEFAULT_HEARTBEAT_MS,
  docVerdict,
  DOC_MAX_ELECTION_MS,
  effective,
  etcdFlags,
  kubeadmExtraArgs,
  MAX_DOC_ROUND_TRIP_MS,
  MAX_ELECTION_MS,
  recommend,
  serverVerdict,
  type Recommendation,
  type ServerVerdict,
} from '../model/timeouts.ts';
import * as SOURCES from '../model/sources.ts';
import { answer, decimal, invalid, text, whole, type CalcDef, type CalcView, type Raw } from './calc.ts';
import { codeBlock, facts, para, resultDoc, type Block, type Inline } from './result-doc.ts';
import { fmtInt, fmtMs } from './format.ts';

/** Title and labelled fields, used only by the build to render the form (the browser reads the DOM). */
export const timeoutsView: CalcView<'timeouts'> = {
  title: 'Heartbeat and election timeout from the round trip',
  sources: [
    'etcdConfigValidateTimeouts',
    'etcdElectionTicks',
    'etcdRaftElectionTick',
    'etcdTimingFieldsUint',
    'etcdTuningElectionRtt',
    'etcdTuningHeartbeatRtt',
  ],
  fields: [
    {
      key: 'rtt',
      label: 'Round trip between members (ms)',
      kind: 'text',
      inputmode: 'decimal',
      hint: (range) => `p99 or max over every member pair, ${range}.`,
    },
    {
      key: 'fs',
      label: 'WAL fsync p99 (ms)',
      kind: 'text',
      inputmode: 'decimal',
      hint: (range) => `${range}; 0 leaves the disk out.`,
    },
    {
      key: 'h',
      label: 'Your --heartbeat-interval (ms)',
      kind: 'text',
      inputmode: 'numeric',
      hint: (range) => `Whole ms, ${range}.`,
    },
    {
      key: 'e',
      label: 'Your --election-timeout (ms)',
      kind: 'text',
      inputmode: 'numeric',
      hint: (range) => `Whole ms, ${range}.`,
    },
  ],
};

function serverText(v: ServerVerdict): Inline[] {
  return v.accepted ? ['accepts them'] : ['refuses them: ', { code: v.message! }];
}

function why(r: Recommendation): string {
  const hb =
    r.heartbeatFrom === 'default'
      ? `the round trip (${fmtMs(r.roundTripMs)}) is below etcd's default heartbeat, so the default stays`
      : `the heartbeat is the round trip in whole ms`;
  const el =
    r.electionFrom === 'default'
      ? "10 × the round trip is below etcd's default election timeout, so the default stays"
      : r.electionFrom === '10x-round-trip'
        ? 'the election timeout is 10 × the round trip, as the tuning page asks'
        : 'the election timeout is 5 × the heartbeat, the least etcd accepts';
  return `Why: ${hb}; ${el}${r.electionFrom === 'default' ? '' : ', in whole heartbeat ticks'}.`;
}

export const timeoutsCalc: CalcDef<'timeouts'> = {
  id: 'timeouts',
  prefix: 'e',
  toRaw: (s) => ({ rtt: text(s.rtt), fs: text(s.fs), h: text(s.h), e: text(s.e) }),
  compute(raw: Readonly<Raw>) {
    const errors: Record<string, string> = {};
    const rtt = decimal(raw, 'timeouts', 'rtt', 'Round trip', errors);
    const fs = decimal(raw, 'timeouts', 'fs', 'Fsync p99', errors);
    const hb = whole(raw, 'timeouts', 'h', 'Heartbeat interval', errors);
    const el = whole(raw, 'timeouts', 'e', 'Election timeout', errors);
    if (rtt === null || fs === null || hb === null || el === null) return invalid(errors);
    const r = recommend(rtt, fs);
    const roundTrip = fs > 0 ? `${fmtMs(r.roundTripMs)} (${fmtMs(rtt)} + fsync ${fmtMs(fs)})` : fmtMs(r.roundTripMs);
    const result: Block[] = [
      facts([
        ['Round trip used', roundTrip],
        ['Recommended', { code: etcdFlags(r.heartbeatMs, r.electionMs) }],
        ['etcd v3.7.0', serverText(r.server)],
      ]),
    ];
    if (r.effective) {
      const e = r.effective;
      result.push(
        para(why(r)),
        para(
          `A follower that hears nothing starts an election after ${fmtMs(e.electionMs)} to ${fmtMs(e.latestElectionMs)} (${e.electionTicks} ticks, randomised up to twice that); the leader logs a late heartbeat past ${fmtMs(e.lateHeartbeatMs)}.`,
        ),
        para('Paste on every member (all members need the same values):'),
        codeBlock(etcdFlags(r.heartbeatMs, r.electionMs)),
        para('Or, for kubeadm’s stacked etcd (ClusterConfiguration v1beta4):'),
        codeBlock(kubeadmExtraArgs(r.heartbeatMs, r.electionMs)),
      );
    } else {
      result.push(
        para(
          `No pair fits: the tuning page's 10 × round trip is above etcd's ${fmtMs(MAX_ELECTION_MS)} maximum once the round trip passes ${fmtMs(MAX_DOC_ROUND_TRIP_MS)}. Bring the members closer together rather than stretching the timeouts.`,
          'warning',
        ),
      );
    }
    const mine = serverVerdict(hb, el);
    const doc = docVerdict(hb, el, r.roundTripMs);
    const docOk = doc.meetsPage;
    const docText = docOk
      ? 'meets it'
      : [
          doc.heartbeatInBand
            ? ''
            : `heartbeat outside ${fmtMs(doc.heartbeatBandMs[0])}–${fmtMs(doc.heartbeatBandMs[1])} (0.5–1.5 × round trip)${hb > doc.heartbeatBandMs[1] && hb <= DEFAULT_HEARTBEAT_MS ? ', though the page says the defaults work on a local network' : ''}`,
          doc.electionMeetsRule ? '' : `election timeout below ${fmtMs(doc.minElectionMs)} (10 × round trip)`,
          doc.electionWithinLimit ? '' : `election timeout above the page’s ${fmtMs(DOC_MAX_ELECTION_MS)} upper limit`,
        ]
          .filter(Boolean)
          .join('; ');
    result.push(
      facts([
        [`Your ${etcdFlags(hb, el)}: etcd v3.7.0`, serverText(mine)],
        ['Tuning page’s rule for this round trip', docText],
      ]),
    );
    if (!mine.accepted)
      result.push(para(['etcd v3.7.0 will not start with your pair: ', { code: mine.message! }], 'refusal'));
    if (mine.accepted) {
      // etcd hands raft a whole number of heartbeat ticks (unsigned division), so a remainder never runs.
      const runs = effective(hb, el);
      if (runs.electionMs !== el)
        result.push(
          para(
            [
              `etcd truncates your election timeout to whole heartbeat ticks: ${fmtInt(el)} ÷ ${fmtInt(hb)} is ${fmtInt(runs.electionTicks)} ticks, so it runs as ${fmtMs(runs.electionMs)}, not ${fmtMs(el)} (followers start an election after ${fmtMs(runs.electionMs)} to ${fmtMs(runs.latestElectionMs)}). `,
              { ref: SOURCES.etcdTimingFieldsUint },
              ' ',
              { ref: SOURCES.etcdElectionTicks },
              ' ',
              { ref: SOURCES.etcdRaftElectionTick },
            ],
            'info',
          ),
        );
    }
    if (mine.accepted && !doc.electionMeetsRule)
      result.push(
        para(
          'etcd accepts a pair the tuning page advises against: it checks only 5 × heartbeat, never the round trip.',
          'info',
        ),
      );
    if (!mine.accepted && doc.electionMeetsRule && doc.electionWithinLimit && !doc.heartbeatInBand)
      result.push(
        para(
          'The tuning page’s election rule alone would allow this election timeout, but its heartbeat band rules this heartbeat out: with all its rules the page never allows a pair etcd refuses.',
          'info',
        ),
      );
    const rule = `Round trip R = network round trip + fsync; heartbeat = max(${fmtInt(DEFAULT_HEARTBEAT_MS)}, ⌈R⌉) ms, election timeout = max(${fmtInt(DEFAULT_ELECTION_MS)}, ⌈10 × R⌉, 5 × heartbeat) ms in whole heartbeat ticks (the tuning page’s 10 × round trip, never below etcd’s defaults). etcd accepts an election timeout of at least 5 × heartbeat and at most ${fmtMs(MAX_ELECTION_MS)}, so past R = ${fmtMs(MAX_DOC_ROUND_TRIP_MS)} no pair fits.`;
    return answer(
      errors,
      { rtt, fs, h: hb, e: el },
      resultDoc(result, rule, [
        SOURCES.etcdTuningHeartbeatRtt,
        SOURCES.etcdTuningElectionRtt,
        SOURCES.etcdConfigValidateTimeouts,
      ]),
    );
  },
};
