/**
 * A calculator in the wiki: its title, the result the build rendered from its default inputs, the
 * inputs that result is for, and a link to the live calculator on the site carrying those inputs in
 * its URL state, so a reader who follows it sees the same result and can change it. The fields,
 * buttons, hints and the availability chart are left out: a wiki cannot run them.
 */
import type { Element, ElementContent } from 'hast';
import { select, selectAll } from 'hast-util-select';
import { CALCULATOR_SCHEMAS, type CalculatorId } from '../model/calculator-state.ts';
import { h, hasClass, textContent } from './hast-edit.ts';
import { calcWords } from '../calculators/calc-words.ts';

/** One input of a calculator, as the build rendered it. */
export interface CalculatorInput {
  /** URL parameter, e.g. `q.n`. */
  param: string;
  /** The value in URL-state spelling (`'3'`, `'1'`/`'0'` for a checkbox, an option's value). */
  value: string;
  /** The field's label, e.g. `Members (n)`. */
  label: string;
  /** The value as the reader saw it: the option's label for a select, `yes`/`no` for a checkbox. */
  shown: string;
  /** False for a field the calculator hides for this state (`hidden` wrapper). */
  visible: boolean;
}

/** What {@link readCalculator} finds in a `section.calc`. */
export interface CalculatorMarkup {
  /** Calculator id (`quorum`), from `data-calc`. */
  id: string;
  /** URL-state prefix, e.g. `q.` (src/lib/model/calculator-state.ts). */
  prefix: string;
  /** Id of the title element, e.g. `q-title`: the live link's fragment. */
  titleId: string;
  title: string;
  inputs: CalculatorInput[];
  /** The build-time result (`.calc__result`). */
  result: Element;
  /** The tool's own output outside the result (the overrides builder's flag and notes), in order. */
  extras: Element[];
}

function prop(el: Element, name: string): string | undefined {
  const v = el.properties[name];
  // hast keeps token-list attributes (`for`) as arrays.
  if (Array.isArray(v)) return v.join(' ');
  return typeof v === 'string' ? v : typeof v === 'number' ? String(v) : undefined;
}

/**
 * Reads a calculator's build-time markup (src/components/calculators/Calculator.astro).
 *
 * @param section - a `section.calc` element.
 * @param where - page route, for errors.
 * @throws Error when the markup lacks the body, prefix, title or result the component always writes.
 */
export function readCalculator(section: Element, where: string): CalculatorMarkup {
  const body = select('[data-calc]', section);
  const title = body && select('.calc__title', body);
  const result = body && select('.calc__result', body);
  const id = body && prop(body, 'dataCalc');
  const prefix = body && prop(body, 'dataUrlPrefix');
  const titleId = title && prop(title, 'id');
  if (!body || !title || !result || !id || !prefix || !titleId) {
    throw new Error(`/${where}: a section.calc without data-calc, data-url-prefix, .calc__title with an id or .calc__result: Calculator.astro changed, update src/lib/wiki-export/calculators.ts.`);
  }
  const labels = new Map(selectAll('label[for]', body).map((l) => [prop(l, 'htmlFor') ?? '', textContent(l).trim()]));
  const inputs: CalculatorInput[] = [];
  for (const field of selectAll('[data-field]', body)) {
    const key = prop(field, 'dataField')!;
    const label = labels.get(prop(field, 'id') ?? '') ?? key;
    const wrap = selectAll('[data-wrap]', body).find((w) => prop(w, 'dataWrap') === key);
    const visible = !(wrap && wrap.properties['hidden'] !== undefined && wrap.properties['hidden'] !== false);
    let value: string;
    let shown: string;
    if (field.tagName === 'select') {
      const options = selectAll('option', field);
      const chosen = options.find((o) => o.properties['selected'] === true) ?? options[0];
      value = chosen ? (prop(chosen, 'value') ?? textContent(chosen)) : '';
      shown = chosen ? textContent(chosen).trim() : '';
    } else if (field.tagName === 'textarea') {
      value = textContent(field);
      shown = value;
    } else if (prop(field, 'type') === 'checkbox') {
      const on = field.properties['checked'] === true;
      value = on ? '1' : '0';
      shown = on ? 'yes' : 'no';
    } else {
      value = prop(field, 'value') ?? '';
      shown = value;
    }
    inputs.push({ param: `${prefix}${key}`, value: urlSpelling(id, key, value), label, shown, visible });
  }
  const builder = select('.calc__builder', body);
  const extras = builder ? builder.children.filter((c): c is Element => c.type === 'element' && (hasClass(c, 'calc__built') || hasClass(c, 'calc__note'))) : [];
  return { id, prefix, titleId, title: textContent(title).trim(), inputs, result, extras };
}

// A list field reads "0.5 1" in its text box, items separated as parseMsList
// (src/lib/calculators/write-path.ts) separates them; its URL state is comma-separated
// (src/lib/model/url-state.ts).
function urlSpelling(id: string, key: string, value: string): string {
  const spec = (CALCULATOR_SCHEMAS as Record<string, Record<string, { kind: string }> | undefined>)[id as CalculatorId]?.[key];
  return spec?.kind === 'decimal-list' ? value.trim().split(/[ \t\r\n]*;[ \t\r\n]*|,[ \t\r\n]+|[ \t\r\n]+/).join(',') : value;
}

/**
 * The URL of the live calculator with these inputs: every input is written out, defaults included,
 * so the link shows this result even after the site's defaults change.
 *
 * @param pageUrl - the page's absolute URL on the published site, e.g. `https://host/etcd-sizing/`.
 * @returns `https://host/etcd-sizing/?q.n=3&q.k=0#q-title`.
 */
export function liveCalculatorUrl(calc: CalculatorMarkup, pageUrl: string): string {
  const url = new URL(pageUrl);
  const params = new URLSearchParams();
  for (const input of calc.inputs) params.set(input.param, input.value);
  url.search = params.toString();
  url.hash = calc.titleId;
  return url.href;
}

/**
 * The calculator as wiki content: the title in bold, the tool's output, and a paragraph with the
 * visible inputs and the live link.
 *
 * @param pageUrl - see {@link liveCalculatorUrl}.
 * @param words - the page's language (src/lib/calculators/calc-words.ts).
 */
export function calculatorForWiki(calc: CalculatorMarkup, pageUrl: string, words = calcWords('en')): ElementContent[] {
  // The line's lead and link text are src/lib/calculators/calc-words.ts's, in the page's language.
  const inputs: (ElementContent | string)[] = [words.wikiInputs];
  calc.inputs
    .filter((i) => i.visible)
    .forEach((input, n, all) => {
      inputs.push(`${input.label} `, h('code', {}, [input.shown]), n < all.length - 1 ? '; ' : '. ');
    });
  inputs.push(h('a', { href: liveCalculatorUrl(calc, pageUrl) }, [words.wikiLive]), words.lang === 'ja' ? '。' : '.');
  return [h('p', {}, [h('strong', {}, [calc.title])]), ...calc.extras, ...calc.result.children.map(factsAsList).map(severityAsQuote), h('p', {}, inputs)];
}

// A warning or refusal is a block quote, as in the design-doc copy, so that it stands out in any wiki.
function severityAsQuote(node: ElementContent): ElementContent {
  if (node.type !== 'element' || node.tagName !== 'p' || node.properties['dataSeverity'] === undefined) return node;
  return h('blockquote', {}, [node]);
}

// A calculator's facts (`dl.calc__facts`) read best in a wiki as one bullet per fact, the name in
// bold; a Markdown definition list does not exist, and the converter's loose list is hard to scan.
function factsAsList(node: ElementContent): ElementContent {
  if (node.type !== 'element' || node.tagName !== 'dl') return node;
  const items: ElementContent[] = [];
  for (const group of selectAll('div', node)) {
    const dt = select('dt', group);
    const dd = select('dd', group);
    if (dt && dd) items.push(h('li', {}, [h('strong', {}, dt.children), ' ', ...dd.children]));
  }
  return h('ul', {}, items);
}
