/** URL state of the hardware calculator. */
import { registerCalculatorUrl } from '../calculator-url.ts';

export const HARDWARE_URL = registerCalculatorUrl('hardware', {
  prefix: 'h.',
  // Bounds equal HARDWARE_INPUT_MAX in ../hardware.ts (a unit test compares them); 0 means unknown.
  schema: {
    n: { kind: 'whole', min: 0, max: 1_000_000, default: 100 },
    c: { kind: 'whole', min: 0, max: 10_000_000, default: 0 },
    rps: { kind: 'decimal', min: 0, max: 100_000_000, default: 300 },
    gb: { kind: 'decimal', min: 0, max: 1_000_000, default: 0.2 },
    keys: { kind: 'whole', min: 0, max: 1e12, default: 0 },
  },
});
