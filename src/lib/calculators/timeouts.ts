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
  type DocVerdict,
  type ServerVerdict,
} from '../model/timeouts.ts';
import * as SOURCES from '../model/sources.ts';
import { answer, decimal, invalid, text, whole, type CalcDef, type CalcView, type Raw } from './calc.ts';
import { codeBlock, facts, para, resultDoc, type Block, type Inline } from './result-doc.ts';
import { fmtMs } from './format.ts';
import { type CalcLang } from './calc-words.ts';
import { sayPhrase } from './phrase-words.ts';
import { TIMEOUTS_EN, TIMEOUTS_JA, TIMEOUTS_VIEW_JA, type DocMiss, type TimeoutsWords } from './messages/timeouts.ts';

/** Title and labelled fields, used only by the build to render the form (the browser reads the DOM). */
export const timeoutsView: CalcView<'timeouts'> = {
  title: 'Heartbeat and election timeout from the round trip',
  translations: { ja: TIMEOUTS_VIEW_JA },
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

const WORDS: Record<CalcLang, TimeoutsWords> = { en: TIMEOUTS_EN, ja: TIMEOUTS_JA };

function serverText(v: ServerVerdict, w: TimeoutsWords): Inline[] {
  return v.accepted ? [w.accepts] : [w.refuses, { code: v.message! }];
}

/** What the tuning page's rule finds wrong with a pair, part by part (none: it meets the page). */
function docMisses(doc: DocVerdict, hb: number): DocMiss[] {
  const misses: DocMiss[] = [];
  if (!doc.heartbeatInBand)
    misses.push({
      key: 'heartbeatBand',
      band: doc.heartbeatBandMs,
      // Above the band but not above the default: the page's "defaults work on a local network" applies.
      defaultsNote: hb > doc.heartbeatBandMs[1] && hb <= DEFAULT_HEARTBEAT_MS,
    });
  if (!doc.electionMeetsRule) misses.push({ key: 'electionBelow', minMs: doc.minElectionMs });
  if (!doc.electionWithinLimit) misses.push({ key: 'electionAbove', maxMs: DOC_MAX_ELECTION_MS });
  return misses;
}

export const timeoutsCalc: CalcDef<'timeouts'> = {
  id: 'timeouts',
  prefix: 'e',
  toRaw: (s) => ({ rtt: text(s.rtt), fs: text(s.fs), h: text(s.h), e: text(s.e) }),
  compute(raw: Readonly<Raw>, lang: CalcLang = 'en') {
    const w = WORDS[lang];
    const errors: Record<string, string> = {};
    const rtt = decimal(raw, 'timeouts', 'rtt', w.labels.rtt, errors, lang);
    const fs = decimal(raw, 'timeouts', 'fs', w.labels.fs, errors, lang);
    const hb = whole(raw, 'timeouts', 'h', w.labels.h, errors, lang);
    const el = whole(raw, 'timeouts', 'e', w.labels.e, errors, lang);
    if (rtt === null || fs === null || hb === null || el === null) return invalid(errors, lang);
    const r = recommend(rtt, fs);
    const roundTrip = fs > 0 ? w.roundTripWithFsync(r.roundTripMs, rtt, fs) : fmtMs(r.roundTripMs);
    const result: Block[] = [
      facts([
        [w.roundTripUsed, roundTrip],
        [w.recommended, { code: etcdFlags(r.heartbeatMs, r.electionMs) }],
        [w.server, serverText(r.server, w)],
      ]),
    ];
    if (r.effective) {
      result.push(
        para(
          w.why(
            w.heartbeatFrom[r.heartbeatFrom](r.roundTripMs),
            w.electionFrom[r.electionFrom],
            r.electionFrom !== 'default',
          ),
        ),
        para(w.runs(r.effective)),
        para(w.paste),
        codeBlock(etcdFlags(r.heartbeatMs, r.electionMs)),
        para(w.kubeadm),
        codeBlock(kubeadmExtraArgs(r.heartbeatMs, r.electionMs)),
      );
    } else {
      result.push(para(w.noPairFits(MAX_ELECTION_MS, MAX_DOC_ROUND_TRIP_MS), 'warning'));
    }
    const mine = serverVerdict(hb, el);
    const doc = docVerdict(hb, el, r.roundTripMs);
    const docText = doc.meetsPage
      ? w.meetsPage
      : docMisses(doc, hb)
          .map((m) => sayPhrase(w.docMiss, m))
          .join(w.missGap);
    result.push(
      facts([
        [w.yours(etcdFlags(hb, el)), serverText(mine, w)],
        [w.docRule, docText],
      ]),
    );
    if (!mine.accepted) result.push(para([w.willNotStart, { code: mine.message! }], 'refusal'));
    if (mine.accepted) {
      // etcd hands raft a whole number of heartbeat ticks (unsigned division), so a remainder never runs.
      const runs = effective(hb, el);
      if (runs.electionMs !== el)
        result.push(
          para(
            [
              w.truncates(el, hb, runs),
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
    if (mine.accepted && !doc.electionMeetsRule) result.push(para(w.acceptsAdvisedAgainst, 'info'));
    if (!mine.accepted && doc.electionMeetsRule && doc.electionWithinLimit && !doc.heartbeatInBand)
      result.push(para(w.bandRulesOut, 'info'));
    const rule = w.rule(
      { heartbeatMs: DEFAULT_HEARTBEAT_MS, electionMs: DEFAULT_ELECTION_MS },
      MAX_ELECTION_MS,
      MAX_DOC_ROUND_TRIP_MS,
    );
    return answer(
      errors,
      { rtt, fs, h: hb, e: el },
      resultDoc(
        result,
        rule,
        [SOURCES.etcdTuningHeartbeatRtt, SOURCES.etcdTuningElectionRtt, SOURCES.etcdConfigValidateTimeouts],
        lang,
      ),
    );
  },
};
