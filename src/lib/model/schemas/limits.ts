/** URL state of the tested-limits calculator. */
import { registerCalculatorUrl } from '../calculator-url.ts';
import { bool } from './fields.ts';

// A cluster's count; 1e9 matches MAX_COUNT in ../tested-limits.ts.
const count = (d: number, min = 0) => ({ kind: 'whole', min, max: 1e9, default: d }) as const;

export const LIMITS_URL = registerCalculatorUrl('limits', {
  prefix: 'l.',
  // Short keys keep the URL short; src/lib/calculators/limits.ts maps them to the model's names.
  schema: {
    n: count(1_000, 1),
    c: { kind: 'whole', min: 1, max: 1024, default: 16 },
    p: count(25_000),
    pn: count(60),
    pns: count(2_000),
    ns: count(300),
    s: count(1_200),
    sns: count(300),
    ep: count(120),
    dns: count(400),
    o: count(25_000),
    ev: count(200_000),
    os: count(100),
    ts: count(300),
    tk: count(500),
    tq: count(1_000),
    sc: bool(true),
  },
});
