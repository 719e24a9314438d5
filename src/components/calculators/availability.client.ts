/**
 * Browser code of the Availability calculator, loaded on demand by its component. The chart's
 * axes and reference series stay as the build drew them with d3; on each input only the
 * highlight (series, marker, description) is redrawn, with chart-live's copy of the d3 mapping.
 */
import { CalculatorElement, defineCalculator, renderInto } from './client.ts';
import { availabilityCalc } from '../../lib/calculators/availability.ts';
import type { Outcome } from '../../lib/calculators/calc.ts';
import { CHART_P, CHART_X_RANGE, CHART_Y, CHART_Y_RANGE, chartHighlight, linePath, logScale } from '../../lib/calculators/chart-live.ts';

const x = logScale(CHART_P, CHART_X_RANGE);
const y = logScale(CHART_Y, CHART_Y_RANGE);
const path = linePath(x, y);

/** Adds the live chart highlight to the shared calculator element. */
class AvailabilityElement extends CalculatorElement {
  override update(writeUrl: boolean): Outcome {
    const out = super.update(writeUrl);
    const svg = this.querySelector('svg[data-chart]');
    if (!svg) return out;
    const hl = chartHighlight(out.highlight ?? null, x, y, path);
    for (const g of svg.querySelectorAll(':scope > g.chart__series')) {
      g.classList.toggle('chart__series--current', g.querySelector('path')?.getAttribute('data-members') === String(hl.reference));
    }
    renderInto(svg.querySelector('[data-chart-live]')!, hl.layer);
    svg.querySelector('desc')!.textContent = hl.desc;
    return out;
  }
}

defineCalculator('calc-availability', availabilityCalc, AvailabilityElement);
