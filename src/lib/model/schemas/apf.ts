/** URL state of the API Priority and Fairness calculator. */
import { registerCalculatorUrl } from '../calculator-url.ts';

export const APF_URL = registerCalculatorUrl('apf', {
  prefix: 'f.',
  schema: {
    r: { kind: 'whole', min: 1, max: 1000, default: 3 },
    // Defaults bound to kube-apiserver's (src/lib/model/bound-defaults.ts).
    mri: { kind: 'whole', min: 0, max: 1_000_000, default: 400 },
    mmri: { kind: 'whole', min: 0, max: 1_000_000, default: 200 },
    pl: {
      kind: 'enum',
      values: [
        '',
        'exempt',
        'catch-all',
        'system',
        'node-high',
        'leader-election',
        'workload-high',
        'workload-low',
        'global-default',
      ],
      default: '',
    },
  },
});
