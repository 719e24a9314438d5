/**
 * Browser side shared by every calculator: a custom element that reads its fields, runs the
 * calculator's pure `compute` on every input event, marks invalid fields, renders the result
 * tree with DOM calls (text is only ever set as text), keeps the state in the URL query and
 * copies the link.
 */
import { calcLang, calcWords, type CalcLang } from '../../lib/calculators/calc-words.ts';
import type { CalcDef, Outcome, Raw } from '../../lib/calculators/calc.ts';
import { h, type Tree } from '../../lib/calculators/tree.ts';
import { useSourceLinks } from '../../lib/calculators/ref-link.ts';
import type { CalculatorId, CalculatorState } from '../../lib/model/calculator-state.ts';
import { calculatorPrefix, calculatorSchema, calculatorTag, decodeCalculator } from '../../lib/model/calculator-url.ts';
import { encodeState } from '../../lib/model/url-state.ts';

const SVG_NS = 'http://www.w3.org/2000/svg';

/** Turns a result tree into DOM nodes; strings become text nodes, never markup. */
function toDom(tree: Tree, svg = false): Node {
  if (typeof tree === 'string') return document.createTextNode(tree);
  const inSvg = svg || tree.tag === 'svg';
  const el = inSvg ? document.createElementNS(SVG_NS, tree.tag) : document.createElement(tree.tag);
  for (const [k, v] of Object.entries(tree.attrs)) el.setAttribute(k, v);
  for (const c of tree.children) el.append(toDom(c, inSvg));
  return el;
}

/** Replaces a container's content with rendered trees (SVG elements inside an SVG container). */
export function renderInto(container: Element, trees: readonly Tree[]): void {
  const svg = container.namespaceURI === SVG_NS;
  container.replaceChildren(...trees.map((t) => toDom(t, svg)));
}

/** Copies text: the async clipboard API, else a selected textarea and execCommand. */
async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const ta = document.createElement('textarea');
    ta.value = text;
    ta.setAttribute('readonly', '');
    ta.style.position = 'fixed';
    ta.style.opacity = '0';
    document.body.append(ta);
    ta.select();
    let ok: boolean;
    try {
      // Deprecated, but the only way to copy where the clipboard API is missing: a wiki mirror served
      // over plain HTTP is not a secure context. Typed locally so the deprecation is a decision, not noise.
      ok = (document as unknown as { execCommand(command: 'copy'): boolean }).execCommand('copy');
    } catch {
      ok = false;
    }
    ta.remove();
    return ok;
  }
}

/** The custom element behind every calculator; `def` is set by {@link defineCalculator}. */
export class CalculatorElement<Id extends CalculatorId = CalculatorId> extends HTMLElement {
  def!: CalcDef<Id>;
  #copyTimer = 0;
  /** The valid state behind the result on screen, or null while an input is invalid (set by update()). */
  #state: CalculatorState<Id> | null = null;
  #outcome: Outcome<CalculatorState<Id>> | null = null;

  /** The page's language where the calculator sits (its content's `lang`), which it answers in. */
  get answersIn(): CalcLang {
    return calcLang(this.closest('[lang]')?.getAttribute('lang'));
  }

  /** The outcome on screen (its `doc` is what "Copy for a design doc" renders); null before the first update. */
  get outcome(): Outcome<CalculatorState<Id>> | null {
    return this.#outcome;
  }

  connectedCallback(): void {
    // The verified links of this calculator's upstream refs, which the build embedded.
    const links = this.querySelector('script[data-source-links]')?.textContent;
    if (links) useSourceLinks(JSON.parse(links) as Parameters<typeof useSourceLinks>[0]);
    const params = new URLSearchParams(location.search);
    const decoded = decodeCalculator(this.def.id, params);
    // Fields keep what the reader may have typed while this code loaded, unless the link carries state.
    if ([...params.keys()].some((k) => k.startsWith(calculatorPrefix(this.def.id)))) {
      this.writeFields(this.def.toRaw(decoded.state));
    }
    const notice = this.querySelector<HTMLElement>('[data-notice]');
    if (notice && decoded.corrections.length > 0) {
      notice.textContent = decoded.corrections.join(' ');
      notice.hidden = false;
    }
    this.addEventListener('input', (e) => this.onInput(e));
    this.addEventListener('change', (e) => this.onInput(e));
    const button = this.querySelector<HTMLButtonElement>('[data-copy]');
    if (button) {
      button.hidden = false;
      button.addEventListener('click', () => void this.copyLink());
    }
    // Writing the URL here also replaces corrected (clamped) link parameters with the values shown.
    this.update(true);
  }

  /** Field elements by key. */
  fields(): Map<string, HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement> {
    const map = new Map<string, HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>();
    for (const el of this.querySelectorAll<HTMLInputElement>('[data-field]')) map.set(el.dataset['field']!, el);
    return map;
  }

  readRaw(): Raw {
    const raw: Raw = {};
    for (const [key, el] of this.fields())
      raw[key] = el instanceof HTMLInputElement && el.type === 'checkbox' ? (el.checked ? '1' : '0') : el.value;
    return raw;
  }

  writeFields(raw: Readonly<Raw>): void {
    for (const [key, el] of this.fields()) {
      const v = raw[key];
      if (v === undefined) continue;
      if (el instanceof HTMLInputElement && el.type === 'checkbox') el.checked = v === '1';
      else el.value = v;
    }
  }

  onInput(_e: Event): void {
    this.update(true);
  }

  /** Recomputes, shows messages and the result, and (when valid) writes the URL. */
  update(writeUrl: boolean): Outcome<CalculatorState<Id>> {
    const raw = this.readRaw();
    const out = this.computeSafely(raw);
    const p = this.def.prefix;
    // The form's fields come from the DOM the build rendered; the def only knows their logic.
    // Keys come from the DOM's data-field names, which the build wrote from the calculator's schema.
    const showWhen: Readonly<Record<string, ((raw: Readonly<Raw>) => boolean) | undefined>> = this.def.showWhen ?? {};
    for (const [key, el] of this.fields()) {
      const when = showWhen[key];
      const wrap = when && this.querySelector<HTMLElement>(`[data-wrap="${key}"]`);
      if (wrap) wrap.hidden = !when(raw);
      const msg = out.errors[key];
      const err = this.querySelector(`#${p}-${key}-err`);
      if (err) err.textContent = msg ?? '';
      if (msg) el.setAttribute('aria-invalid', 'true');
      else el.removeAttribute('aria-invalid');
    }
    const result = this.querySelector(`#${p}-result`);
    if (result) renderInto(result, out.result);
    this.#state = out.state;
    this.#outcome = out;
    if (writeUrl && out.state) this.writeUrl(out.state);
    return out;
  }

  /**
   * `compute` is meant never to throw (unit tests drive every advertised bound). Should it throw
   * anyway, the result region says so instead of keeping a result that no longer matches the fields.
   */
  computeSafely(raw: Raw): Outcome<CalculatorState<Id>> {
    try {
      return this.def.compute(raw, this.answersIn);
    } catch (error) {
      console.error(error);
      const detail = error instanceof Error ? error.message : String(error);
      return {
        errors: {},
        state: null,
        doc: null,
        result: [h('p', { class: 'calc__warn' }, calcWords(this.answersIn).internalError(detail))],
      };
    }
  }

  /**
   * Puts the state in the query (defaults left out); skipped when a reload would not restore it exactly.
   * @returns whether the URL now holds the state.
   */
  writeUrl(state: CalculatorState<Id>): boolean {
    const id = this.def.id;
    const params = encodeState(calculatorSchema(id), state, calculatorPrefix(id), new URLSearchParams(location.search));
    if (decodeCalculator(id, params).corrections.length > 0) return false;
    const query = params.toString();
    history.replaceState(history.state, '', `${location.pathname}${query ? `?${query}` : ''}${location.hash}`);
    return true;
  }

  async copyLink(): Promise<void> {
    const status = this.querySelector<HTMLElement>('[data-copy-status]');
    // The state of the result on screen (every change goes through update()). The URL only ever holds
    // state a reload restores exactly: copying it now would share values the reader no longer sees.
    const state = this.#state;
    const words = calcWords(this.answersIn).copy;
    if (state === null) {
      if (status) status.textContent = words.fixFirst;
    } else if (!this.writeUrl(state)) {
      if (status) status.textContent = words.cannotHold;
    } else {
      const ok = await copyText(location.href);
      if (status) status.textContent = ok ? words.copied : words.blocked;
    }
    if (!status) return;
    clearTimeout(this.#copyTimer);
    this.#copyTimer = window.setTimeout(() => (status.textContent = ''), 4000);
  }
}

/**
 * Registers a calculator's custom element (once per page), named after its id (see calculatorTag).
 *
 * @param def - the pure calculator.
 * @param Base - a subclass for calculators with extra behaviour (the chart, the overrides builder).
 */
export function defineCalculator<Id extends CalculatorId>(
  def: CalcDef<Id>,
  Base: new () => CalculatorElement<Id> = CalculatorElement,
): void {
  const tag = calculatorTag(def.id);
  if (customElements.get(tag)) return;
  customElements.define(
    tag,
    class extends Base {
      override def = def;
    },
  );
}
