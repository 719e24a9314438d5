/** One line of the sizing plan, as ./plan-lines.ts and ./plan-lines-etcd.ts build it. */
import type { SizingPlan } from '../model/plan.ts';
import type { Inline, Tone } from './result-doc.ts';

/** A note on a line that carries a severity: shown on the line and again at the top. */
export interface LineWarning {
  tone: Extract<Tone, 'warning' | 'refusal'>;
  text: string;
}

/** One line of the plan. */
export interface PlanLine {
  label: string;
  value: readonly Inline[];
  reason: string;
  /** The chapter section that explains it, as a site path. */
  page: string;
  pageTitle: string;
  refs: readonly string[];
  warnings: readonly LineWarning[];
}

export const warn = (text: string): LineWarning => ({ tone: 'warning', text });
export const managedNote = (p: SizingPlan, what: string): string =>
  p.facts.operator === 'managed' ? ` Managed: the provider ${what}; ask for this.` : '';
