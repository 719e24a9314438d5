/**
 * The overrides calculator: `--etcd-servers-overrides` builder and parser. The flag value (state "v") is
 * the single source of truth: the builder's rows write it, and a pasted value that the rows can
 * represent exactly fills the rows back in.
 */
// Registers this calculator's URL state, so that it ships in this calculator's chunk only.
import '../model/schemas/overrides.ts';
import {
  buildEtcdServersOverrides,
  HELP_TEXT_EXAMPLE,
  parseEtcdServersOverrides,
  type BuildResult,
  type EtcdServersOverride,
} from '../model/etcd-servers-overrides.ts';
import { lintEtcdServersOverrides } from '../model/overrides-lint.ts';
import * as SOURCES from '../model/sources.ts';
import { answer, type CalcDef, type CalcView, type Raw } from './calc.ts';
import type { CalcLang } from './calc-words.ts';
import { OVERRIDES_EN, OVERRIDES_JA, OVERRIDES_VIEW_JA, type OverridesWords } from './messages/overrides.ts';
import { bullets, codeBlock, para, resultDoc, type Block, type ResultDoc } from './result-doc.ts';
import { h, type Tree } from './tree.ts';

const WORDS: Record<CalcLang, OverridesWords> = { en: OVERRIDES_EN, ja: OVERRIDES_JA };

/** One builder row as typed: servers separated by spaces. */
export interface RowText {
  group: string;
  resource: string;
  servers: string;
}

/** Rows as overrides: servers split on whitespace (a URL holds none). */
function rowsToOverrides(rows: readonly RowText[]): EtcdServersOverride[] {
  return rows.map((r) => ({
    group: r.group,
    resource: r.resource,
    servers: r.servers.trim() === '' ? [] : r.servers.trim().split(/\s+/),
  }));
}

/** Builds the flag value from typed rows (see buildEtcdServersOverrides). */
export function buildFromRows(rows: readonly RowText[]): BuildResult {
  return buildEtcdServersOverrides(rowsToOverrides(rows));
}

/**
 * Rows for a flag value, or null when it does not parse or the rows could not write it back
 * byte for byte (e.g. whitespace inside a field).
 */
export function rowsFromValue(value: string): RowText[] | null {
  const parsed = parseEtcdServersOverrides(value);
  if (!parsed.ok || parsed.overrides.length === 0) return null;
  const rows = parsed.overrides.map((o) => ({ group: o.group, resource: o.resource, servers: o.servers.join(' ') }));
  const back = buildFromRows(rows);
  return back.ok && back.value === value ? rows : null;
}

/** The parser's verdict (upstream's accept/reject and message) followed by lint findings. */
function overridesDoc(value: string, lang: CalcLang): ResultDoc {
  const w = WORDS[lang];
  const parsed = parseEtcdServersOverrides(value);
  const blocks: Block[] = [];
  if (parsed.ok) {
    const n = parsed.overrides.length;
    blocks.push(para({ strong: [n === 0 ? w.acceptedEmpty : w.accepted(n)] }, 'lead'));
    if (n > 0)
      blocks.push(
        bullets(
          parsed.overrides.map((o) => [
            { code: `${o.group === '' ? w.coreGroup : o.group}/${o.resource}` },
            ` → ${o.servers.join(', ')}`,
          ]),
          'calc__parsed',
        ),
      );
  } else {
    blocks.push(para(w.rejects, 'refusal'));
    // kube-apiserver's own message, quoted as it prints it.
    blocks.push(codeBlock(parsed.error));
    blocks.push(para(w.rejection(parsed.rejection)));
  }
  const rule = parsed.ok ? SOURCES.parseEtcdServersOverrides : parsed.source;
  blocks.push(para([w.upstreamRule, { ref: rule }], 'info'));
  const findings = lintEtcdServersOverrides(value);
  blocks.push(para(findings.length === 0 ? w.noFindings : w.findingsLead(findings.length), 'info'));
  for (const f of findings) {
    const text = w.finding(f.finding);
    blocks.push(para(f.severity === 'warning' ? text : w.note(text), f.severity === 'warning' ? 'warning' : 'info'));
  }
  return resultDoc(blocks, w.rule, [], lang);
}

/** Title and labelled fields, used only by the build to render the form (the browser reads the DOM). */
export const overridesView: CalcView<'overrides'> = {
  title: '--etcd-servers-overrides builder and parser',
  sources: ['parseEtcdServersOverrides', 'pflagReadAsCSV'],
  translations: { ja: OVERRIDES_VIEW_JA },
  fields: [
    {
      key: 'v',
      label: 'Flag value to check',
      kind: 'textarea',
      hint: 'Paste the value after "--etcd-servers-overrides=", or build it with the rows above.',
    },
  ],
};

export const overridesCalc: CalcDef<'overrides'> = {
  id: 'overrides',
  prefix: 'o',
  toRaw: (s) => ({ v: s.v }),
  compute: (raw: Readonly<Raw>, lang: CalcLang = 'en') => {
    const v = raw['v'] ?? '';
    return answer({}, { v }, overridesDoc(v, lang));
  },
};

export { HELP_TEXT_EXAMPLE };

/**
 * The built flag, with a line-break opportunity (`<wbr>`) after each `=`, `,`, `;` and `#`, so a
 * long value wraps between overrides and servers instead of inside a host name or a port.
 * `<wbr>` adds no character: copying the text copies the flag unchanged.
 * @param value - the flag's value as buildFromRows writes it.
 * @returns children for the `<code data-built>` element.
 */
export function builtFlagTree(value: string): Tree[] {
  const parts = `--etcd-servers-overrides=${value}`.split(/(?<=[=,;#])/).filter((part) => part !== '');
  return parts.flatMap((part, i) => (i === 0 ? [part] : [h('wbr'), part]));
}

/** Messages per row field from a failed build, keyed "row:field", in `lang`. */
export function rowErrors(build: BuildResult, lang: CalcLang = 'en'): Record<string, string> {
  const out: Record<string, string> = {};
  if (build.ok) return out;
  const w = WORDS[lang];
  for (const p of build.problems) {
    const key = `${p.row}:${p.field}`;
    const message = w.rowIssue(p.issue);
    out[key] = out[key] ? `${out[key]}${w.gap}${message}` : message;
  }
  return out;
}

/**
 * One builder row as a tree (a fieldset with three labelled inputs and a Remove button), used by
 * the build and by the browser when rows are added or removed.
 *
 * @param i - 0-based row index (labels say "override i + 1").
 * @param row - the row's text.
 * @param errors - messages from {@link rowErrors}.
 * @param interactive - whether the Remove button is shown (only with JavaScript).
 * @param lang - the page's language, which the labels speak.
 */
export function rowTree(
  i: number,
  row: RowText,
  errors: Readonly<Record<string, string>> = {},
  interactive = false,
  lang: CalcLang = 'en',
): Tree {
  const n = i + 1;
  const w = WORDS[lang].row;
  const srOnly = (text: string): Tree | null => (text === '' ? null : h('span', { class: 'sr-only' }, text));
  const field = (key: keyof RowText, label: string, hint: string, extra = ''): Tree => {
    const id = `o-${key}-${i}`;
    const msg = errors[`${i}:${key}`] ?? '';
    return h(
      'div',
      { class: `calc__field${extra}` },
      h('label', { for: id }, label, srOnly(w.which(n))),
      h('input', {
        id,
        type: 'text',
        'data-row-field': key,
        value: row[key],
        autocomplete: 'off',
        spellcheck: 'false',
        placeholder: hint,
        'aria-describedby': `${id}-err`,
        ...(msg ? { 'aria-invalid': 'true' } : {}),
      }),
      h('p', { class: 'calc__error', id: `${id}-err` }, msg),
    );
  };
  const [before, remove, after] = w.remove(n);
  return h(
    'fieldset',
    { class: 'calc__row', 'data-row': String(i) },
    h('legend', {}, w.legend(n)),
    field('group', w.group, w.groupHint),
    field('resource', w.resource, w.resourceHint),
    field('servers', w.servers, 'https://etcd-0:2379 https://etcd-1:2379', ' calc__field--servers'),
    h(
      'button',
      { type: 'button', class: 'calc__button', 'data-remove': String(i), ...(interactive ? {} : { hidden: '' }) },
      srOnly(before),
      remove,
      srOnly(after),
    ),
  );
}
