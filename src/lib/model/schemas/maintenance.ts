/** URL state of the maintenance calculator: failures f and stopped members k. */
import { registerCalculatorUrl } from '../calculator-url.ts';
import { MAX_FAILURES_PLUS_STOPPED } from '../quorum.ts';

export const MAINTENANCE_URL = registerCalculatorUrl('maintenance', {
  prefix: 'm.',
  schema: {
    f: { kind: 'whole', min: 0, max: MAX_FAILURES_PLUS_STOPPED, default: 1 },
    k: { kind: 'whole', min: 0, max: MAX_FAILURES_PLUS_STOPPED, default: 1 },
  },
  // f + k ≤ 49, kept by lowering the stopped count.
  fix(s, prefix, corrections) {
    if (s.f + s.k <= MAX_FAILURES_PLUS_STOPPED) return;
    s.k = MAX_FAILURES_PLUS_STOPPED - s.f;
    corrections.push(
      `Link parameters "${prefix}f" + "${prefix}k" exceed ${MAX_FAILURES_PLUS_STOPPED}; using ${prefix}k=${String(s.k)}.`,
    );
  },
});
