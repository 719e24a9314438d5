/**
 * Browser code of the availability calculator: the shared element plus the live chart. The
 * chart's axes and reference series stay as the build drew them; on each input only the
 * highlight (series, marker, description) is redrawn, with the build's own scales (chart-live.ts).
 */
import { CalculatorElement, defineCalculator, renderInto } from './client.ts';
import { availabilityCalc } from '../../lib/calculators/availability.ts';
import type { Outcome } from '../../lib/calculators/calc.ts';
import { chartHighlight } from '../../lib/calculators/chart-live.ts';
import { AVAILABILITY_WORDS } from '../../lib/calculators/messages/availability.ts';
import type { CalculatorState } from '../../lib/model/calculator-state.ts';

/** Adds the live chart highlight to the shared calculator element. */
class AvailabilityElement extends CalculatorElement<'availability'> {
  override update(writeUrl: boolean): Outcome<CalculatorState<'availability'>> {
    const out = super.update(writeUrl);
    const svg = this.querySelector('svg[data-chart]');
    if (!svg) return out;
    const hl = chartHighlight(out.highlight ?? null, AVAILABILITY_WORDS[this.answersIn].chart);
    for (const g of svg.querySelectorAll(':scope > g.chart__series')) {
      g.classList.toggle(
        'chart__series--current',
        g.querySelector('path')?.getAttribute('data-members') === String(hl.reference),
      );
    }
    renderInto(svg.querySelector('[data-chart-live]')!, hl.layer);
    svg.querySelector('desc')!.textContent = hl.desc;
    return out;
  }
}

defineCalculator(availabilityCalc, AvailabilityElement);
