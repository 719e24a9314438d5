/** The API Priority and Fairness calculator: seats per replica and per priority level from the inflight flags. */
// Registers this calculator's URL state, so that it ships in this calculator's chunk only.
import '../model/schemas/apf.ts';
import { apfSeats, widestRequest, type LevelSeats } from '../model/apf.ts';
import * as SOURCES from '../model/sources.ts';
import { answer, invalid, text, whole, type CalcDef, type CalcView, type Raw } from './calc.ts';
import { facts, para, resultDoc, type Block, type Cell } from './result-doc.ts';
import { fmtInt } from './format.ts';
import type { CalcLang } from './calc-words.ts';
import { APF_EN, APF_JA, APF_VIEW_JA, type ApfWords } from './messages/apf.ts';

/** Title and labelled fields, used only by the build to render the form (the browser reads the DOM). */
export const apfView: CalcView<'apf'> = {
  title: 'API Priority and Fairness seats',
  translations: { ja: APF_VIEW_JA },
  sources: ['apfAdjustmentPeriod', 'apfBorrowingBounds', 'apfFairShare', 'apfFirstAdjustment', 'apfNominalSeats'],
  fields: [
    { key: 'r', label: APF_EN.labels.r, kind: 'text', inputmode: 'numeric', hint: (range) => `${range}.` },
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

const WORDS: Record<CalcLang, ApfWords> = { en: APF_EN, ja: APF_JA };

/** The per-level table: one row per bootstrap level. */
function levelTable(levels: readonly LevelSeats[], replicas: number, w: ApfWords): Block {
  const head = [...w.head, w.acrossHead(fmtInt(replicas))];
  const cell = (text: string): Cell => ({ content: [text] });
  return {
    kind: 'table',
    label: w.tableLabel,
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
function levelDetail(l: LevelSeats, limit: number, shareSum: number, replicas: number, w: ApfWords): string {
  const who = w.who[l.level.name];
  if (l.level.type === 'exempt') return w.exempt(l.level.name, who);
  const widest = widestRequest(l);
  const f = {
    name: l.level.name,
    who,
    limit,
    shares: l.level.nominalConcurrencyShares,
    shareSum,
    nominal: l.nominal,
    replicas,
    lendable: l.lendable,
    lendablePercent: l.level.lendablePercent,
    floor: l.min,
    borrow: l.max - l.nominal,
    idle: l.idle ?? l.nominal,
    list: widest.list,
  };
  const q = l.level.queuing;
  const how = q
    ? w.queues(
        q.queues,
        q.handSize,
        q.queueLengthLimit,
        l.maxWaiting,
        q.handSize * q.queueLengthLimit,
        widest.list,
        widest.mutating,
      )
    : w.rejects(widest.list);
  return `${w.nominal(f)}${w.lends(f)}${how}`;
}

export const apfCalc: CalcDef<'apf'> = {
  id: 'apf',
  prefix: 'f',
  toRaw: (state) => ({ r: text(state.r), mri: text(state.mri), mmri: text(state.mmri), pl: text(state.pl) }),
  compute(raw: Readonly<Raw>, lang: CalcLang = 'en') {
    const w = WORDS[lang];
    const errors: Record<string, string> = {};
    const r = whole(raw, 'apf', 'r', w.labels.r, errors, lang);
    const mri = whole(raw, 'apf', 'mri', w.labels.mri, errors, lang);
    const mmri = whole(raw, 'apf', 'mmri', w.labels.mmri, errors, lang);
    if (r === null || mri === null || mmri === null) return invalid(errors, lang);
    if (mri + mmri === 0) {
      errors['mmri'] = w.zeroSum;
      return invalid(errors, lang);
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
            [w.perReplica(fmtInt(mri), fmtInt(mmri)), fmtInt(s.perReplica)],
            [w.acrossReplicas(r), fmtInt(s.acrossReplicas)],
            [w.nominalSum, w.nominalSumValue(fmtInt(s.nominalSum), s.shareSum)],
            [w.waiting, fmtInt(s.maxWaitingPerReplica)],
          ]),
          levelTable(s.levels, r, w),
          pick ? para(levelDetail(pick, s.perReplica, s.shareSum, r, w), 'lead') : null,
          para(w.perReplicaNote, 'info'),
          para(w.columnsNote(fmtInt(r)), 'info'),
        ],
        w.rule,
        [
          SOURCES.apfNominalSeats,
          SOURCES.apfBorrowingBounds,
          SOURCES.apfFairShare,
          SOURCES.apfFirstAdjustment,
          SOURCES.apfAdjustmentPeriod,
        ],
        lang,
      ),
    );
  },
};
