/** The hardware calculator: from a workload to the smallest class of etcd's hardware guide, and why. */
// Registers this calculator's URL state, so that it ships in this calculator's chunk only.
import '../model/schemas/hardware.ts';
import { classifyWorkload } from '../model/hardware.ts';
import { answer, decimal, invalid, text, whole, type CalcDef, type CalcView, type Raw } from './calc.ts';
import { bullets, facts, para, resultDoc } from './result-doc.ts';
import { CLASS_SOURCE } from './hardware-sources.ts';
import type { CalcLang } from './calc-words.ts';
import { HARDWARE_WORDS, sizingWords } from './hardware-words.ts';
import { HARDWARE_VIEW_JA } from './messages/hardware.ts';

/** Title and labelled fields, used only by the build to render the form (the browser reads the DOM). */
export const hardwareView: CalcView<'hardware'> = {
  title: 'etcd machine size from the hardware guide',
  translations: { ja: HARDWARE_VIEW_JA },
  sources: ['etcdHardwareLarge', 'etcdHardwareMedium', 'etcdHardwareSmall', 'etcdHardwareXLarge'],
  fields: [
    {
      key: 'n',
      label: 'Kubernetes nodes',
      kind: 'text',
      inputmode: 'numeric',
      hint: (range) => `${range}; 0 if unknown.`,
    },
    {
      key: 'c',
      label: 'etcd clients',
      kind: 'text',
      inputmode: 'numeric',
      hint: (range) => `${range}; 0 if unknown.`,
    },
    {
      key: 'rps',
      label: 'Requests per second to etcd',
      kind: 'text',
      inputmode: 'decimal',
      hint: (range) => `${range}; 0 if unknown.`,
    },
    {
      key: 'gb',
      label: 'Data size in GB',
      kind: 'text',
      inputmode: 'decimal',
      hint: (range) => `${range}; the database size, 0 if unknown.`,
    },
    {
      key: 'keys',
      label: 'Keys',
      kind: 'text',
      inputmode: 'numeric',
      hint: (range) => `${range}; 0 if unknown.`,
    },
  ],
};

export { CLASS_SOURCE };

export const hardwareCalc: CalcDef<'hardware'> = {
  id: 'hardware',
  prefix: 'h',
  toRaw: (s) => ({ n: text(s.n), c: text(s.c), rps: text(s.rps), gb: text(s.gb), keys: text(s.keys) }),
  compute(raw: Readonly<Raw>, lang: CalcLang = 'en') {
    const w = HARDWARE_WORDS[lang];
    const errors: Record<string, string> = {};
    const n = whole(raw, 'hardware', 'n', w.labels.n, errors, lang);
    const c = whole(raw, 'hardware', 'c', w.labels.c, errors, lang);
    const rps = decimal(raw, 'hardware', 'rps', w.labels.rps, errors, lang);
    const gb = decimal(raw, 'hardware', 'gb', w.labels.gb, errors, lang);
    const keys = whole(raw, 'hardware', 'keys', w.labels.keys, errors, lang);
    if (n === null || c === null || rps === null || gb === null || keys === null) return invalid(errors, lang);
    const r = classifyWorkload({ nodes: n, clients: c, requestsPerSecond: rps, dataGB: gb, keys });
    const said = sizingWords(r, lang);
    const k = r.hardwareClass;
    const given = r.requirements.filter((q) => q.value > 0);
    const lead =
      given.length === 0
        ? n > 0
          ? w.leadByDefault(k.name)
          : w.leadNoInput(k.name)
        : w.lead(
            k.name,
            r.decidedBy.filter((i) => given.some((q) => q.input === i)).map((i) => w.inputName[i]),
          );
    return answer(
      errors,
      { n, c, rps, gb, keys },
      resultDoc(
        [
          para(lead, 'lead'),
          facts([
            ...k.machines.map((m) => [w.machineLabel(m.provider), w.machine(m)] as const),
            [w.iopsLabel, w.iops(r.sequentialIops, r.heavilyLoaded)],
            [w.networkLabel, w.network[r.network]],
          ]),
          given.length > 0 || said.example !== null
            ? bullets([...said.reasons, ...(said.example === null ? [] : [said.example])])
            : para(w.enterOne, 'info'),
          said.caution === null ? null : para(said.caution, 'warning'),
          ...said.beyondGuide.map((t) => para(t, 'warning')),
          ...said.notes.map((t) => para(t, 'info')),
        ],
        w.rule,
        [CLASS_SOURCE[k.id]],
        lang,
      ),
    );
  },
};
