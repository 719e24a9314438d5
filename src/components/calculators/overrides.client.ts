/** Browser code of the --etcd-servers-overrides calculator: the shared element plus the row builder. */
import { CalculatorElement, defineCalculator, renderInto } from './client.ts';
import {
  buildFromRows,
  builtFlagTree,
  overridesCalc,
  rowErrors,
  rowsFromValue,
  rowTree,
  type RowText,
} from '../../lib/calculators/overrides.ts';

const rowFields = (root: ParentNode): HTMLInputElement[] => [
  ...root.querySelectorAll<HTMLInputElement>('[data-row-field]'),
];

/**
 * Adds the row builder: rows write the flag value; a pasted value the rows can hold fills them.
 * The build renders the rows, so this code only re-renders them when they must change (rows
 * added or removed, or a different value): a reader who tabbed into a row, or typed in it, before
 * this code loaded keeps the focus and the text.
 */
class OverridesElement extends CalculatorElement<'overrides'> {
  override connectedCallback(): void {
    super.connectedCallback();
    this.querySelector<HTMLButtonElement>('[data-add]')!.hidden = false;
    for (const b of this.querySelectorAll<HTMLElement>('[data-remove]')) b.hidden = false;
    this.addEventListener('click', (e) => {
      const target = e.target instanceof Element ? e.target.closest('button') : null;
      if (!target) return;
      const rows = this.readRows();
      if (target.hasAttribute('data-add')) {
        rows.push({ group: '', resource: '', servers: '' });
        this.renderRows(rows);
        this.querySelector<HTMLInputElement>(`#o-group-${rows.length - 1}`)?.focus();
        this.rowsChanged();
      } else if (target.hasAttribute('data-remove')) {
        const i = Number(target.getAttribute('data-remove'));
        rows.splice(i, 1);
        this.renderRows(rows);
        (
          this.querySelector<HTMLElement>(`[data-remove="${Math.min(i, rows.length - 1)}"]`) ??
          this.querySelector<HTMLElement>('[data-add]')
        )?.focus();
        this.rowsChanged();
      }
    });
    // Rows typed in before this code loaded write the value; otherwise the rows show the value (the
    // build's, a link's, or one typed in the box). A link loads this code at once, before any typing.
    if (rowFields(this).some((input) => input.value !== input.defaultValue)) this.rowsChanged();
    else this.syncRows();
  }

  readRows(): RowText[] {
    return [...this.querySelectorAll<HTMLElement>('[data-row]')].map((row) => {
      const get = (k: string): string => row.querySelector<HTMLInputElement>(`[data-row-field="${k}"]`)?.value ?? '';
      return { group: get('group'), resource: get('resource'), servers: get('servers') };
    });
  }

  /** Replaces the rows; a row field that had the focus (same id) gets it back, with its selection. */
  renderRows(rows: readonly RowText[], errors: Record<string, string> = {}): void {
    const active = document.activeElement;
    const focused = active instanceof HTMLInputElement && this.contains(active) ? active : null;
    renderInto(
      this.querySelector('[data-rows]')!,
      rows.map((r, i) => rowTree(i, r, errors, true, this.answersIn)),
    );
    const again = focused && focused.id ? this.querySelector<HTMLInputElement>(`#${focused.id}`) : null;
    if (focused && again && again !== focused) {
      again.focus();
      again.setSelectionRange(focused.selectionStart, focused.selectionEnd);
    }
  }

  setBuilt(value: string): void {
    renderInto(this.querySelector('[data-built]')!, builtFlagTree(value));
  }

  /** Rows edited: build, mark row errors in place (no re-render, focus stays), update the value. */
  rowsChanged(): void {
    const build = buildFromRows(this.readRows());
    const errors = rowErrors(build, this.answersIn);
    for (const input of rowFields(this)) {
      const i = input.closest('[data-row]')!.getAttribute('data-row');
      const msg = errors[`${i}:${input.dataset['rowField']}`] ?? '';
      this.querySelector(`#${input.id}-err`)!.textContent = msg;
      if (msg) input.setAttribute('aria-invalid', 'true');
      else input.removeAttribute('aria-invalid');
    }
    if (!build.ok) return;
    this.querySelector<HTMLTextAreaElement>('[data-field="v"]')!.value = build.value;
    this.querySelector<HTMLElement>('[data-rows-note]')!.hidden = true;
    this.setBuilt(build.value);
    this.update(true);
  }

  /**
   * Value edited (or loaded from the link): the rows always show the value. When they cannot hold it
   * exactly (quotes, stray whitespace, a rejected override), they are emptied and a note says why,
   * rather than keeping rows that no longer match. Rows that already show it are left alone.
   */
  syncRows(): void {
    const value = this.readRaw()['v'] ?? '';
    const rows = rowsFromValue(value) ?? [];
    if (JSON.stringify(rows) !== JSON.stringify(this.readRows())) this.renderRows(rows);
    this.setBuilt(value);
    this.querySelector<HTMLElement>('[data-rows-note]')!.hidden = rows.length > 0 || value === '';
  }

  override onInput(e: Event): void {
    const t = e.target;
    if (t instanceof Element && t.closest('[data-rows]')) this.rowsChanged();
    else {
      this.update(true);
      this.syncRows();
    }
  }
}

defineCalculator(overridesCalc, OverridesElement);
