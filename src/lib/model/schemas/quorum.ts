/** URL state of the quorum calculator: members and stopped members. */
import { registerCalculatorUrl } from '../calculator-url.ts';
import { clampStopped, members, stopped } from './fields.ts';

export const QUORUM_URL = registerCalculatorUrl('quorum', {
  prefix: 'q.',
  schema: { n: members(3), k: stopped },
  fix: clampStopped,
});
