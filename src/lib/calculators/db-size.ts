/** The database-size calculator: etcd's size from resources, history and fragmentation, days to quota, quota to set. */
// Registers this calculator's URL state, so that it ships in this calculator's chunk only.
import '../model/schemas/db-size.ts';
import {
  DEFAULT_MAX_REQUEST_BYTES,
  SUGGESTED_MAX_QUOTA_GIB,
  estimateDbSize,
  parseResourceRows,
} from '../model/db-size.ts';
import * as SOURCES from '../model/sources.ts';
import { answer, decimal, invalid, take, text, whole, type CalcDef, type CalcView, type Raw } from './calc.ts';
import { bullets, facts, para, resultDoc } from './result-doc.ts';
import { fmtBytes, fmtInt, fmtNum, plural } from './format.ts';

/** Title and labelled fields, used only by the build to render the form (the browser reads the DOM). */
export const dbSizeView: CalcView<'dbSize'> = {
  title: 'etcd database size and the quota to set',
  sources: ['etcdQuotaAvailable', 'etcdQuotaDefaults', 'etcdQuotaKvOverhead'],
  fields: [
    {
      key: 'rows',
      label: 'Resources (name, objects, mean bytes, writes)',
      kind: 'textarea',
      hint: 'One resource a line: name, objects, mean bytes, writes per second (or per day as 500/d); lines starting with # are ignored. The rows given are example inputs, not measurements: replace them with yours.',
    },
    {
      key: 'ci',
      label: 'Compaction interval (minutes)',
      kind: 'text',
      inputmode: 'decimal',
      hint: (range) => `${range}; kube-apiserver’s --etcd-compaction-interval.`,
    },
    {
      key: 'ko',
      label: 'Per-key overhead (bytes)',
      kind: 'text',
      inputmode: 'numeric',
      hint: (range) => `${range}; etcd charges 256 per put plus the key: add your mean key length.`,
    },
    {
      key: 'fr',
      label: 'Fragmentation factor (file ÷ in use)',
      kind: 'text',
      inputmode: 'decimal',
      hint: (range) => `${range}; an assumption: measure yours.`,
    },
    {
      key: 'g',
      label: 'Growth per day (%)',
      kind: 'text',
      inputmode: 'decimal',
      hint: (range) => `${range} % of today’s size a day, linear.`,
    },
    { key: 'q', label: 'Quota in force (GiB)', kind: 'text', inputmode: 'decimal', hint: (range) => `${range}.` },
    {
      key: 'hd',
      label: 'Plan for (days)',
      kind: 'text',
      inputmode: 'numeric',
      hint: (range) => `${range}.`,
    },
    {
      key: 'hr',
      label: 'Headroom above that (%)',
      kind: 'text',
      inputmode: 'numeric',
      hint: (range) => `${range}.`,
    },
  ],
};

const days = (d: number | null): string =>
  d === null ? 'never, at 0 % growth' : d === 0 ? 'already at or over the quota' : plural(Math.floor(d), 'day');

export const dbSizeCalc: CalcDef<'dbSize'> = {
  id: 'dbSize',
  prefix: 'b',
  toRaw: (s) => ({
    rows: s.rows,
    ci: text(s.ci),
    ko: text(s.ko),
    fr: text(s.fr),
    g: text(s.g),
    q: text(s.q),
    hd: text(s.hd),
    hr: text(s.hr),
  }),
  compute(raw: Readonly<Raw>) {
    const errors: Record<string, string> = {};
    const rows = take(parseResourceRows(raw['rows'] ?? ''), 'rows', errors);
    const ci = decimal(raw, 'dbSize', 'ci', 'Compaction interval', errors);
    const ko = whole(raw, 'dbSize', 'ko', 'Per-key overhead', errors);
    const fr = decimal(raw, 'dbSize', 'fr', 'Fragmentation factor', errors);
    const g = decimal(raw, 'dbSize', 'g', 'Growth per day', errors);
    const q = decimal(raw, 'dbSize', 'q', 'Quota', errors);
    const hd = whole(raw, 'dbSize', 'hd', 'Days to plan for', errors);
    const hr = whole(raw, 'dbSize', 'hr', 'Headroom', errors);
    if (
      rows === null ||
      ci === null ||
      ko === null ||
      fr === null ||
      g === null ||
      q === null ||
      hd === null ||
      hr === null
    )
      return invalid(errors);
    const e = estimateDbSize({
      rows,
      compactionMinutes: ci,
      keyOverheadBytes: ko,
      fragmentation: fr,
      growthPercentPerDay: g,
      quotaGiB: q,
      horizonDays: hd,
      headroomPercent: hr,
    });
    const byRow = [...e.rows].sort((a, b) => b.liveBytes + b.historyBytes - (a.liveBytes + a.historyBytes));
    return answer(
      errors,
      { rows: raw['rows'] ?? '', ci, ko, fr, g, q, hd, hr },
      resultDoc(
        [
          facts([
            ['Live data (latest revision of every key)', fmtBytes(e.liveBytes)],
            [
              `History before a compaction (${fmtInt(Math.round(e.revisionsKept))} revisions, 2 × ${fmtNum(ci)} min of writes)`,
              fmtBytes(e.historyBytes),
            ],
            ['Estimated logical size (in use)', fmtBytes(e.logicalBytes)],
            [`On disk before a defragmentation (× ${fmtNum(fr)})`, fmtBytes(e.onDiskBytes)],
            [`Share of the ${fmtNum(q)} GiB quota`, `${fmtNum(e.quotaUsed * 100)} %`],
            [`Days until the quota at ${fmtNum(g)} % a day`, days(e.daysToQuota)],
            [
              `Quota to set (${plural(hd, 'day')}, +${fmtInt(hr)} %)`,
              `${fmtInt(e.quotaToSetGiB)} GiB` +
                (e.quotaToSetGiB <= q ? ` (the ${fmtNum(q)} GiB in force already covers it)` : ''),
            ],
          ]),
          para(
            `The quota counts the file, free pages included: ${fmtBytes(e.onDiskBytes)} against ${fmtBytes(e.quotaBytes)}. ` +
              `${fmtInt(e.quotaToSetGiB)} GiB is --quota-backend-bytes=${String(e.quotaToSetGiB * 1024 ** 3)}.`,
            'lead',
          ),
          bullets(byRow.map((r) => `${r.name}: ${fmtBytes(r.liveBytes)} live + ${fmtBytes(r.historyBytes)} history`)),
          e.aboveSuggestedMax
            ? para(
                `${fmtInt(e.quotaToSetGiB)} GiB is above the ${SUGGESTED_MAX_QUOTA_GIB} GiB etcd suggests at most: etcd logs a warning at startup, and its code notes that a larger quota may degrade performance.`,
                'warning',
              )
            : null,
          e.tooLarge.length > 0
            ? para(
                `${e.tooLarge.join(', ')}: a mean object over ${fmtBytes(DEFAULT_MAX_REQUEST_BYTES)} is over etcd’s default request limit; such writes are refused.`,
                'refusal',
              )
            : null,
        ],
        'Size = live data (objects × (mean bytes + per-key charge)) + history kept between compactions (2 × the interval’s writes), times the fragmentation factor; the quota counts the file. Quota to set: the size after the planned days of growth, plus the headroom, rounded up to whole GiB.',
        [SOURCES.etcdQuotaDefaults, SOURCES.etcdQuotaKvOverhead, SOURCES.etcdQuotaAvailable],
      ),
    );
  },
};
