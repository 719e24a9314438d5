/** URL state of the timeouts calculator. */
import { registerCalculatorUrl } from '../calculator-url.ts';

export const TIMEOUTS_URL = registerCalculatorUrl('timeouts', {
  prefix: 'e.',
  schema: {
    rtt: { kind: 'decimal', min: 0, max: 60_000, default: 2 },
    fs: { kind: 'decimal', min: 0, max: 60_000, default: 0 },
    // Defaults bound to etcd's (src/lib/model/bound-defaults.ts); 0 is allowed to show etcd's refusal.
    h: { kind: 'whole', min: 0, max: 1_000_000, default: 100 },
    e: { kind: 'whole', min: 0, max: 1_000_000, default: 1000 },
  },
});
