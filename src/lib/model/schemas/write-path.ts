/** URL state of the write-path calculator. */
import { registerCalculatorUrl } from '../calculator-url.ts';
import { MAX_MEMBERS } from '../quorum.ts';
import { members } from './fields.ts';

export const WRITE_PATH_URL = registerCalculatorUrl('writePath', {
  prefix: 'w.',
  schema: {
    w: { kind: 'decimal', min: 0, max: 1e9, default: 1000 },
    b: { kind: 'decimal', min: 0, max: 1e9, default: 1024 },
    n: members(3),
    lf: { kind: 'decimal', min: 0, max: 1e6, default: 2 },
    rtt: { kind: 'decimal-list', min: 0, max: 1e6, maxItems: MAX_MEMBERS - 1, default: [0.5, 1] },
    fs: { kind: 'decimal-list', min: 0, max: 1e6, maxItems: MAX_MEMBERS - 1, default: [2, 2] },
  },
});
