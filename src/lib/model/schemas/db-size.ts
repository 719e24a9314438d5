/** URL state of the database-size calculator. */
import { registerCalculatorUrl } from '../calculator-url.ts';
// The example rows come from a leaf module, so this schema pulls in no parser.
import { DB_SIZE_EXAMPLE_ROWS } from '../db-size-example.ts';

export const DB_SIZE_URL = registerCalculatorUrl('dbSize', {
  prefix: 'b.',
  schema: {
    rows: { kind: 'text', maxLength: 2000, multiline: true, default: DB_SIZE_EXAMPLE_ROWS },
    // Bound to upstream constants (src/lib/model/bound-defaults.ts): kube-apiserver's compaction
    // interval, etcd's per-key quota charge and its default quota.
    ci: { kind: 'decimal', min: 1, max: 10_000, default: 5 },
    ko: { kind: 'whole', min: 0, max: 100_000, default: 256 },
    fr: { kind: 'decimal', min: 1, max: 20, default: 1.5 },
    g: { kind: 'decimal', min: 0, max: 100, default: 0.2 },
    q: { kind: 'decimal', min: 1, max: 1000, default: 2 },
    hd: { kind: 'whole', min: 1, max: 3650, default: 365 },
    hr: { kind: 'whole', min: 0, max: 1000, default: 25 },
  },
});
