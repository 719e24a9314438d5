/** URL state of the --etcd-servers-overrides builder: the flag value. */
import { registerCalculatorUrl } from '../calculator-url.ts';
// The example comes from a leaf module, so this schema pulls in no parser.
import { HELP_TEXT_EXAMPLE } from '../overrides-example.ts';

export const OVERRIDES_URL = registerCalculatorUrl('overrides', {
  prefix: 'o.',
  schema: { v: { kind: 'text', maxLength: 2000, multiline: true, default: HELP_TEXT_EXAMPLE } },
});
