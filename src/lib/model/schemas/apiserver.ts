/** URL state of the kube-apiserver replicas calculator. */
import { registerCalculatorUrl } from '../calculator-url.ts';

export const APISERVER_URL = registerCalculatorUrl('apiserver', {
  prefix: 'r.',
  schema: {
    r: { kind: 'whole', min: 1, max: 1000, default: 3 },
    t: { kind: 'whole', min: 0, max: 10_000, default: 60 },
    n: { kind: 'whole', min: 0, max: 1e8, default: 10_000 },
    s: { kind: 'whole', min: 0, max: 1e7, default: 2048 },
  },
});
