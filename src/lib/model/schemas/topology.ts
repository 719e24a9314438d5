/** URL state of the topology calculator: etcd members and control-plane nodes. */
import { registerCalculatorUrl } from '../calculator-url.ts';
import { members } from './fields.ts';

export const TOPOLOGY_URL = registerCalculatorUrl('topology', {
  prefix: 't.',
  schema: { e: members(3), c: members(3) },
});
