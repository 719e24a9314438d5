/** URL state of the sizing plan: the cluster's facts, one field each. */
import { registerCalculatorUrl } from '../calculator-url.ts';
import { MAX_FAILURES_PLUS_STOPPED } from '../quorum.ts';
import { PLAN_EXAMPLE_ROWS } from '../plan-example.ts';

const count = (d: number) => ({ kind: 'whole', min: 0, max: 1e9, default: d }) as const;

export const PLAN_URL = registerCalculatorUrl('plan', {
  prefix: 's.',
  schema: {
    // The hardware calculator's node bound; the tested-limits calculator's core bound.
    n: { kind: 'whole', min: 1, max: 1_000_000, default: 100 },
    pn: count(30),
    c: { kind: 'whole', min: 1, max: 1024, default: 16 },
    ns: count(50),
    rows: { kind: 'text', maxLength: 2000, multiline: true, default: PLAN_EXAMPLE_ROWS },
    // Events: the database-size calculator's example row.
    ev: count(20_000),
    evb: { kind: 'whole', min: 0, max: 1e7, default: 1200 },
    evw: { kind: 'decimal', min: 0, max: 1e6, default: 20 },
    // The timeouts calculator's bounds and defaults.
    rtt: { kind: 'decimal', min: 0, max: 60_000, default: 2 },
    fs: { kind: 'decimal', min: 0, max: 60_000, default: 0 },
    z: { kind: 'whole', min: 1, max: 99, default: 1 },
    // One member is stopped at a time for maintenance, so f + 1 ≤ 49.
    f: { kind: 'whole', min: 0, max: MAX_FAILURES_PLUS_STOPPED - 1, default: 1 },
    s: { kind: 'enum', values: ['surge', 'in-place'], default: 'surge' },
    et: { kind: 'enum', values: ['external', 'stacked'], default: 'external' },
    op: { kind: 'enum', values: ['self', 'managed'], default: 'self' },
  },
});
