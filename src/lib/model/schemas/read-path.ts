/** URL state of the read-path explorer. */
import { registerCalculatorUrl } from '../calculator-url.ts';
import { bool } from './fields.ts';

export const READ_PATH_URL = registerCalculatorUrl('readPath', {
  prefix: 'p.',
  schema: {
    verb: { kind: 'enum', values: ['GET', 'LIST'], default: 'LIST' },
    res: { kind: 'enum', values: ['cached', 'events', 'size0', 'off'], default: 'cached' },
    // Any text without control or markup characters: the explorer shows kube-apiserver's answer to a
    // value that is not a number.
    rv: { kind: 'text', maxLength: 40, default: '' },
    // 'Other' stands for any value the API rejects as unsupported.
    rvm: { kind: 'enum', values: ['', 'NotOlderThan', 'Exact', 'Other'], default: '' },
    limit: { kind: 'whole', min: 0, max: 1_000_000, default: 0 },
    cur: { kind: 'whole', min: 1, max: 1e15, default: 100_000 },
    // '0' and '1' as the checkbox this was, which also took false/true (old links keep working);
    // then the other kinds of token.
    cont: {
      kind: 'enum',
      values: ['0', '1', 'latest', 'norv', 'bad'],
      default: '0',
      aliases: { false: '0', true: '1' },
    },
    ready: bool(true),
    pn: bool(true),
    snap: bool(true),
    held: bool(true),
    sel: bool(false),
  },
});
