/** The API Priority and Fairness calculator: seats per replica and per priority level from the inflight flags. */
// Registers this calculator's URL state, so that it ships in this calculator's chunk only.
import '../model/schemas/apf.ts';
import { apfSeats, widestRequest, type LevelSeats } from '../model/apf.ts';
import * as SOURCES from '../model/sources.ts';
import { answer, invalid, text, whole, type CalcDef, type CalcView, type Raw } from './calc.ts';
import { facts, para, resultDoc, type Block, type Cell } from './result-doc.ts';
import { fmtInt, plural } from './format.ts';

/** Title and labelled fields, used only by the build to render the form (the browser reads the DOM). */
export const apfView: CalcView<'apf'> = {
  title: 'API Priority and Fairness seats',
  sources: ['apfAdjustmentPeriod', 'apfBorrowingBounds', 'apfFairShare', 'apfFirstAdjustment', 'apfNominalSeats'],
  fields: [
    { key: 'r', label: 'API-server replicas', kind: 'text', inputmode: 'numeric', hint: (range) => `${range}.` },
    {
      key: 'mri',
      label: '--max-requests-inflight',
      kind: 'text',
      inputmode: 'numeric',
      hint: (range) => `${range}; default 400.`,
    },
    {
      key: 'mmri',
      label: '--max-mutating-requests-inflight',
      kind: 'text',
      inputmode: 'numeric',
      hint: (range) => `${range}; default 200.`,
    },
    {
      key: 'pl',
      label: 'Priority level to inspect',
      kind: 'select',
      options: [
        ['', 'None'],
        ['exempt', 'exempt'],
        ['catch-all', 'catch-all'],
        ['system', 'system'],
        ['node-high', 'node-high'],
        ['leader-election', 'leader-election'],
        ['workload-high', 'workload-high'],
        ['workload-low', 'workload-low'],
        ['global-default', 'global-default'],
      ],
    },
  ],
};

/** The per-level table: one row per bootstrap level. */
function levelTable(levels: readonly LevelSeats[], replicas: number): Block {
  const head = ['Level', 'Shares', 'Nominal', 'Lendable', 'Range', 'Idle', 'LIST max', `× ${fmtInt(replicas)}`];
  const cell = (text: string): Cell => ({ content: [text] });
  return {
    kind: 'table',
    label: 'Seats per priority level',
    head,
    align: head.map((_, i) => (i === 0 ? 'left' : 'right')),
    rows: levels.map((l) => {
      const exempt = l.level.type === 'exempt';
      return {
        cells: [
          { content: [l.level.name], header: true },
          cell(String(l.level.nominalConcurrencyShares)),
          cell(exempt ? '0' : fmtInt(l.nominal)),
          cell(fmtInt(l.lendable)),
          cell(exempt ? '–' : `${fmtInt(l.min)}–${fmtInt(l.max)}`),
          cell(l.idle === null ? '–' : fmtInt(l.idle)),
          cell(exempt ? '–' : fmtInt(widestRequest(l).list)),
          cell(exempt ? '–' : fmtInt(l.nominal * replicas)),
        ],
      };
    }),
  };
}

/** What one level's figures mean, in a sentence or two. */
function levelDetail(l: LevelSeats, limit: number, shareSum: number, replicas: number): string {
  const name = l.level.name;
  if (l.level.type === 'exempt')
    return `${name} (${l.level.who}): never queued or rejected, and with 0 shares it takes no nominal seats. Its requests still use seats: each adjustment subtracts what they recently used from the seats the limited levels share out.`;
  const nominal = `${name} (${l.level.who}): ceil(${fmtInt(limit)} × ${l.level.nominalConcurrencyShares} / ${shareSum}) = ${fmtInt(l.nominal)} seats per replica, ${fmtInt(l.nominal * replicas)} across ${fmtInt(replicas)}.`;
  const lend = ` It lends up to ${fmtInt(l.lendable)} (${l.level.lendablePercent} %), so it keeps at least ${fmtInt(l.min)}, and may borrow up to ${fmtInt(l.max - l.nominal)} more. With no demand anywhere its limit is ${fmtInt(l.idle ?? l.nominal)}; under load it moves every 10 s with recent demand.`;
  const q = l.level.queuing;
  if (!q)
    return `${nominal}${lend} It does not queue: once its seats are taken, further requests get HTTP 429 at once. A LIST may take up to ${fmtInt(widestRequest(l).list)} seats.`;
  const w = widestRequest(l);
  return `${nominal}${lend} ${q.queues} queues, hand size ${q.handSize}, ${q.queueLengthLimit} per queue: up to ${fmtInt(l.maxWaiting)} requests wait, ${fmtInt(q.handSize * q.queueLengthLimit)} at most from one flow. One LIST takes at most ${fmtInt(w.list)} seats here, a write's watch-event work at most ${fmtInt(w.mutating)}.`;
}

export const apfCalc: CalcDef<'apf'> = {
  id: 'apf',
  prefix: 'f',
  toRaw: (state) => ({ r: text(state.r), mri: text(state.mri), mmri: text(state.mmri), pl: text(state.pl) }),
  compute(raw: Readonly<Raw>) {
    const errors: Record<string, string> = {};
    const r = whole(raw, 'apf', 'r', 'API-server replicas', errors);
    const mri = whole(raw, 'apf', 'mri', '--max-requests-inflight', errors);
    const mmri = whole(raw, 'apf', 'mmri', '--max-mutating-requests-inflight', errors);
    if (r === null || mri === null || mmri === null) return invalid(errors);
    if (mri + mmri === 0) {
      errors['mmri'] =
        'The two flags add up to 0: kube-apiserver refuses to start with API Priority and Fairness. Give either a positive value.';
      return invalid(errors);
    }
    const s = apfSeats(r, mri, mmri);
    const pick = s.levels.find((l) => l.level.name === raw['pl']);
    const pl = pick ? pick.level.name : '';
    return answer(
      errors,
      { r, mri, mmri, pl },
      resultDoc(
        [
          facts([
            [`Seats per replica (${fmtInt(mri)} + ${fmtInt(mmri)})`, fmtInt(s.perReplica)],
            [`Seats across ${plural(r, 'replica')}, spread evenly`, fmtInt(s.acrossReplicas)],
            ['Nominal seats of the levels', `${fmtInt(s.nominalSum)} (${s.shareSum} shares; each level rounded up)`],
            ['Requests that may wait in queues, per replica', fmtInt(s.maxWaitingPerReplica)],
          ]),
          levelTable(s.levels, r),
          pick ? para(levelDetail(pick, s.perReplica, s.shareSum, r), 'lead') : null,
          para(
            'Each replica enforces its own limit on what reaches it: the total holds only when the load balancer spreads requests evenly, and one busy replica queues or rejects while others idle.',
            'info',
          ),
          para(
            `Range: every 10 s the controller moves a level's limit between nominal − lendable and nominal + what it may borrow; no bootstrap level caps borrowing, so each may borrow up to the whole limit. Idle: the limit while no level has demand, as after start-up: the nominal seats' sum shared out in proportion to the floors. LIST max: the most seats one LIST takes there. × ${fmtInt(r)}: nominal seats across the replicas. exempt is never limited.`,
            'info',
          ),
        ],
        'Each replica has --max-requests-inflight + --max-mutating-requests-inflight seats; a limited level’s nominal seats are ceil(seats × its shares ÷ the sum of all shares), and it may lend its lendable percentage of them to other levels; every 10 s the controller re-divides the nominal seats’ sum in proportion to each level’s target (its floor, or its smoothed recent demand when higher), each level kept between its lower bound and nominal + what it may borrow.',
        [
          SOURCES.apfNominalSeats,
          SOURCES.apfBorrowingBounds,
          SOURCES.apfFairShare,
          SOURCES.apfFirstAdjustment,
          SOURCES.apfAdjustmentPeriod,
        ],
      ),
    );
  },
};
