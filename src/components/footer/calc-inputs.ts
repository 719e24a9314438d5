/**
 * A calculator's current inputs as a reader sees them: label and displayed value of every field
 * that is shown (a select gives its option's text, a checkbox "yes" or "no"). Shared by the print
 * script and the design-doc copy; reads the DOM only.
 */
export interface ShownInput {
  key: string;
  label: string;
  value: string;
  /** Whether the calculator hides this field now (it does not apply to the current inputs). */
  hidden: boolean;
}

/** @param body - a calculator's element (`[data-calc]`). */
export function shownInputs(body: Element): ShownInput[] {
  const out: ShownInput[] = [];
  for (const field of body.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>(
    '[data-field]',
  )) {
    const key = field.dataset['field'] ?? '';
    const label = field.id
      ? (body.querySelector(`label[for="${CSS.escape(field.id)}"]`)?.textContent?.trim() ?? key)
      : key;
    const value =
      field instanceof HTMLSelectElement
        ? (field.selectedOptions[0]?.textContent?.trim() ?? field.value)
        : field instanceof HTMLInputElement && field.type === 'checkbox'
          ? field.checked
            ? 'yes'
            : 'no'
          : field.value.trim();
    const hidden = Boolean(field.closest<HTMLElement>('[data-wrap]')?.hidden);
    out.push({ key, label, value, hidden });
  }
  // The order of the calculator's definition, as its print table lists them (the form puts checkboxes last).
  const order = [...body.querySelectorAll<HTMLElement>('[data-print-field]')].map((r) => r.dataset['printField']);
  const rank = (key: string) => (order.includes(key) ? order.indexOf(key) : order.length);
  return out.sort((a, b) => rank(a.key) - rank(b.key));
}
