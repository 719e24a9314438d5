/** URL state of the upgrade calculator. */
import { registerCalculatorUrl } from '../calculator-url.ts';
import { MAX_MEMBERS } from '../quorum.ts';

export const UPGRADE_URL = registerCalculatorUrl('upgrade', {
  prefix: 'u.',
  schema: {
    a: { kind: 'whole', min: 1, max: MAX_MEMBERS - 1, default: 2 },
    s: { kind: 'enum', values: ['surge', 'in-place'], default: 'surge' },
  },
});
