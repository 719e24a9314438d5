/** URL state of the availability calculator: members, stopped members and either p or MTBF/MTTR. */
import { registerCalculatorUrl } from '../calculator-url.ts';
import { clampStopped, members, stopped } from './fields.ts';

export const AVAILABILITY_URL = registerCalculatorUrl('availability', {
  prefix: 'a.',
  schema: {
    n: members(3),
    k: stopped,
    mode: { kind: 'enum', values: ['p', 'mtbf'], default: 'p' },
    p: { kind: 'decimal', min: 0, max: 1, default: 0.001 },
    mtbf: { kind: 'decimal', min: 0, max: 1e9, default: 4380 },
    mttr: { kind: 'decimal', min: 0, max: 1e9, default: 4 },
  },
  fix: clampStopped,
});
