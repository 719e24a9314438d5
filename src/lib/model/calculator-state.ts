/**
 * URL-state schemas and defaults for each calculator, plus cross-field fix-ups applied after
 * decoding (e.g. members stopped ≤ members). Prefixes keep calculators apart on one page.
 */
import { decodeState, type Decoded, type StateSchema, type StateOf } from './url-state.ts';
// Constants come from leaf modules, so the schemas shared by every calculator pull in no parser or sources.
import { HELP_TEXT_EXAMPLE } from './overrides-example.ts';
import { MAX_FAILURES_PLUS_STOPPED, MAX_MEMBERS } from './quorum.ts';
import { DB_SIZE_EXAMPLE_ROWS } from './db-size-example.ts';

const members = (d: number) => ({ kind: 'whole', min: 1, max: MAX_MEMBERS, default: d }) as const;
const stopped = { kind: 'whole', min: 0, max: MAX_MEMBERS, default: 0 } as const;
const bool = (d: boolean) => ({ kind: 'bool', default: d }) as const;
// A cluster's count for the tested-limits calculator; 1e9 matches MAX_COUNT in ./tested-limits.ts.
const count = (d: number, min = 0) => ({ kind: 'whole', min, max: 1e9, default: d }) as const;

/** Schemas by calculator. */
export const CALCULATOR_SCHEMAS = {
  quorum: { n: members(3), k: stopped },
  availability: {
    n: members(3),
    k: stopped,
    mode: { kind: 'enum', values: ['p', 'mtbf'], default: 'p' },
    p: { kind: 'decimal', min: 0, max: 1, default: 0.001 },
    mtbf: { kind: 'decimal', min: 0, max: 1e9, default: 4380 },
    mttr: { kind: 'decimal', min: 0, max: 1e9, default: 4 },
  },
  writePath: {
    w: { kind: 'decimal', min: 0, max: 1e9, default: 1000 },
    b: { kind: 'decimal', min: 0, max: 1e9, default: 1024 },
    n: members(3),
    lf: { kind: 'decimal', min: 0, max: 1e6, default: 2 },
    rtt: { kind: 'decimal-list', min: 0, max: 1e6, maxItems: MAX_MEMBERS - 1, default: [0.5, 1] },
    fs: { kind: 'decimal-list', min: 0, max: 1e6, maxItems: MAX_MEMBERS - 1, default: [2, 2] },
  },
  apiserver: {
    r: { kind: 'whole', min: 1, max: 1000, default: 3 },
    t: { kind: 'whole', min: 0, max: 10_000, default: 60 },
    n: { kind: 'whole', min: 0, max: 1e8, default: 10_000 },
    s: { kind: 'whole', min: 0, max: 1e7, default: 2048 },
  },
  upgrade: {
    a: { kind: 'whole', min: 1, max: MAX_MEMBERS - 1, default: 2 },
    s: { kind: 'enum', values: ['surge', 'in-place'], default: 'surge' },
  },
  maintenance: {
    f: { kind: 'whole', min: 0, max: MAX_FAILURES_PLUS_STOPPED, default: 1 },
    k: { kind: 'whole', min: 0, max: MAX_FAILURES_PLUS_STOPPED, default: 1 },
  },
  topology: { e: members(3), c: members(3) },
  // Bounds equal HARDWARE_INPUT_MAX in ./hardware.ts (a unit test compares them); 0 means unknown.
  hardware: {
    n: { kind: 'whole', min: 0, max: 1_000_000, default: 100 },
    c: { kind: 'whole', min: 0, max: 10_000_000, default: 0 },
    rps: { kind: 'decimal', min: 0, max: 100_000_000, default: 300 },
    gb: { kind: 'decimal', min: 0, max: 1_000_000, default: 0.2 },
    keys: { kind: 'whole', min: 0, max: 1e12, default: 0 },
  },
  overrides: { v: { kind: 'text', maxLength: 2000, multiline: true, default: HELP_TEXT_EXAMPLE } },
  readPath: {
    verb: { kind: 'enum', values: ['GET', 'LIST'], default: 'LIST' },
    res: { kind: 'enum', values: ['cached', 'events', 'size0', 'off'], default: 'cached' },
    // Any text without control or markup characters: the explorer shows kube-apiserver's answer to a
    // value that is not a number.
    rv: { kind: 'text', maxLength: 40, default: '' },
    rvm: { kind: 'enum', values: ['', 'NotOlderThan', 'Exact'], default: '' },
    limit: { kind: 'whole', min: 0, max: 1_000_000, default: 0 },
    cur: { kind: 'whole', min: 1, max: 1e15, default: 100_000 },
    cont: bool(false),
    ready: bool(true),
    pn: bool(true),
    snap: bool(true),
    held: bool(true),
    sel: bool(false),
  },
  timeouts: {
    rtt: { kind: 'decimal', min: 0, max: 60_000, default: 2 },
    fs: { kind: 'decimal', min: 0, max: 60_000, default: 0 },
    // Defaults bound to etcd's (src/lib/model/bound-defaults.ts); 0 is allowed to show etcd's refusal.
    h: { kind: 'whole', min: 0, max: 1_000_000, default: 100 },
    e: { kind: 'whole', min: 0, max: 1_000_000, default: 1000 },
  },
  dbSize: {
    rows: { kind: 'text', maxLength: 2000, multiline: true, default: DB_SIZE_EXAMPLE_ROWS },
    // Bound to upstream constants (bound-defaults.ts): kube-apiserver's compaction interval, etcd's
    // per-key quota charge and its default quota.
    ci: { kind: 'decimal', min: 1, max: 10_000, default: 5 },
    ko: { kind: 'whole', min: 0, max: 100_000, default: 256 },
    fr: { kind: 'decimal', min: 1, max: 20, default: 1.5 },
    g: { kind: 'decimal', min: 0, max: 100, default: 0.2 },
    q: { kind: 'decimal', min: 1, max: 1000, default: 2 },
    hd: { kind: 'whole', min: 1, max: 3650, default: 365 },
    hr: { kind: 'whole', min: 0, max: 1000, default: 25 },
  },
  // Short keys, since every calculator page loads every schema; src/lib/calculators/limits.ts maps
  // them to the model's names.
  limits: {
    n: count(1_000, 1),
    c: { kind: 'whole', min: 1, max: 1024, default: 16 },
    p: count(25_000),
    pn: count(60),
    pns: count(2_000),
    ns: count(300),
    s: count(1_200),
    sns: count(300),
    ep: count(120),
    dns: count(400),
    o: count(25_000),
    ev: count(200_000),
    os: count(100),
    ts: count(300),
    tk: count(500),
    tq: count(1_000),
    sc: bool(true),
  },
  apf: {
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
  membership: {
    p: { kind: 'enum', values: ['replace', 'grow', 'shrink'], default: 'replace' },
    n: members(3),
    m: members(5),
    d: { ...stopped, default: 1 },
    o: { kind: 'enum', values: ['remove-first', 'add-first'], default: 'remove-first' },
    l: bool(true),
  },
} as const satisfies Record<string, StateSchema>;

export type CalculatorId = keyof typeof CALCULATOR_SCHEMAS;

/** Query-parameter prefix of each calculator, e.g. "q." → "q.n=5". */
export const CALCULATOR_PREFIX: Readonly<Record<CalculatorId, string>> = {
  quorum: 'q.',
  availability: 'a.',
  writePath: 'w.',
  apiserver: 'r.',
  upgrade: 'u.',
  maintenance: 'm.',
  topology: 't.',
  hardware: 'h.',
  overrides: 'o.',
  readPath: 'p.',
  timeouts: 'tm.',
  dbSize: 'b.',
  limits: 'l.',
  apf: 'f.',
  membership: 'j.',
};

/** A calculator's custom element name, its id in kebab case: readPath → "calc-read-path". */
export function calculatorTag(id: CalculatorId): string {
  return `calc-${id.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
}

/**
 * Decodes one calculator's state from untrusted params (see decodeState) and applies its
 * cross-field rules: stopped (or down) members clamped to members (quorum, availability, membership); failures +
 * stopped clamped to 49 by lowering the stopped count (maintenance).
 */
export function decodeCalculator<C extends CalculatorId>(
  id: C,
  params: URLSearchParams,
): Decoded<(typeof CALCULATOR_SCHEMAS)[C]> {
  const schema = CALCULATOR_SCHEMAS[id];
  const prefix = CALCULATOR_PREFIX[id];
  const decoded = decodeState(schema, params, prefix) as Decoded<StateSchema>;
  const s = decoded.state as Record<string, unknown>;
  if ((id === 'quorum' || id === 'availability') && (s['k'] as number) > (s['n'] as number)) {
    decoded.corrections.push(
      `Link parameter "${prefix}k" exceeds the ${String(s['n'])} members; using ${String(s['n'])}.`,
    );
    s['k'] = s['n'];
  }
  if (id === 'membership' && (s['d'] as number) > (s['n'] as number)) {
    decoded.corrections.push(
      `Link parameter "${prefix}d" exceeds the ${String(s['n'])} members; using ${String(s['n'])}.`,
    );
    s['d'] = s['n'];
  }
  if (id === 'maintenance' && (s['f'] as number) + (s['k'] as number) > MAX_FAILURES_PLUS_STOPPED) {
    s['k'] = MAX_FAILURES_PLUS_STOPPED - (s['f'] as number);
    decoded.corrections.push(
      `Link parameters "${prefix}f" + "${prefix}k" exceed ${MAX_FAILURES_PLUS_STOPPED}; using ${prefix}k=${String(s['k'])}.`,
    );
  }
  return decoded as Decoded<(typeof CALCULATOR_SCHEMAS)[C]>;
}

/** The state type of one calculator. */
export type CalculatorState<C extends CalculatorId> = StateOf<(typeof CALCULATOR_SCHEMAS)[C]>;

/** The field keys of one calculator's schema ("n" | "k" for quorum). */
export type CalculatorKey<C extends CalculatorId> = keyof (typeof CALCULATOR_SCHEMAS)[C] & string;

/** The keys of one calculator's whole-number and decimal fields: those with bounds. */
export type CalculatorNumberKey<C extends CalculatorId> = {
  [K in CalculatorKey<C>]: (typeof CALCULATOR_SCHEMAS)[C][K] extends { kind: 'whole' | 'decimal' } ? K : never;
}[CalculatorKey<C>];

/**
 * Bounds of a numeric field of a calculator's schema, so that field parsing, URL clamping and the
 * hint under the input ("1–99") all read the same numbers.
 *
 * @throws Error when the key names no whole or decimal field (the types already refuse it).
 */
export function numberSpec<C extends CalculatorId>(
  id: C,
  key: CalculatorNumberKey<C>,
): { kind: 'whole' | 'decimal'; min: number; max: number; default: number } {
  const schema: StateSchema = CALCULATOR_SCHEMAS[id];
  const spec = schema[key];
  if (spec?.kind !== 'whole' && spec?.kind !== 'decimal')
    throw new Error(`Calculator "${id}" has no numeric field "${key}".`);
  return spec;
}
