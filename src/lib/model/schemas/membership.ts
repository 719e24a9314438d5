/** URL state of the membership step-through: the plan, the start and target sizes, members down, order, learners. */
import { registerCalculatorUrl } from '../calculator-url.ts';
import { bool, members, stopped } from './fields.ts';

export const MEMBERSHIP_URL = registerCalculatorUrl('membership', {
  prefix: 'j.',
  schema: {
    p: { kind: 'enum', values: ['replace', 'grow', 'shrink'], default: 'replace' },
    n: members(3),
    m: members(5),
    d: { ...stopped, default: 1 },
    o: { kind: 'enum', values: ['remove-first', 'add-first'], default: 'remove-first' },
    l: bool(true),
  },
  // Members down cannot exceed the members at the start.
  fix: (s: { n: number; d: number }, prefix: string, corrections: string[]) => {
    if (s.d <= s.n) return;
    corrections.push(`Link parameter "${prefix}d" exceeds the ${String(s.n)} members; using ${String(s.n)}.`);
    s.d = s.n;
  },
});
