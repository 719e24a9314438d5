/**
 * etcd's hardware guide as data: its four example cluster classes (small, medium, large, xLarge),
 * the bounds that define each (clients, requests per second, data size), the example Kubernetes
 * workload it names, and its AWS and GCE example machines; and the rule that picks the smallest
 * class covering a workload. The guide defines the classes by those three bounds only; the example
 * workloads (a 50- to 3,000-node Kubernetes cluster) illustrate a class and bound nothing, so a
 * node count never picks or raises a class here.
 *
 * Every row is read from etcd-io/website at commit 824597935df6e95992ef61c07e3222f4f796ca6c,
 * content/en/docs/v3.7/op-guide/hardware.md (the v3.6 page is identical). The tables first
 * appeared in etcd-io/etcd commit e3d8ef4cea8101cc08a0d0220a5afd889942e888 (13 December 2016);
 * since then only one cell changed (GCE n1-standard-1 → n1-standard-2, January 2018).
 */
import type {
  BeyondPhrase,
  BoundReason,
  ClassRef,
  ExamplePhrase,
  HardwareNote,
  KeysReason,
} from './hardware-phrases.ts';
import { assertFinite, assertWhole } from './input.ts';

export type * from './hardware-phrases.ts';

/** The hardware guide's page, pinned, as a citation ref without its line range. */
export const HARDWARE_GUIDE =
  'etcd-io/website@824597935df6e95992ef61c07e3222f4f796ca6c:content/en/docs/v3.7/op-guide/hardware.md';

/** One example machine of a class, as the guide's table gives it. */
export interface ExampleMachine {
  provider: 'AWS' | 'GCE';
  /** Instance type (and disk, for GCE) as written in the guide. */
  type: string;
  vcpus: number;
  /** Memory in GB, as the guide writes it (the guide does not say GB or GiB). */
  memoryGB: number;
  /** "Max concurrent IOPS": the provider's published figure, not the sequential IOPS etcd needs. */
  maxConcurrentIops: number;
  /** Disk bandwidth in MB/s. */
  diskMBps: number;
}

export type HardwareClassId = 'small' | 'medium' | 'large' | 'xlarge';

/** One class of the guide's "Example hardware configurations". */
export interface HardwareClass {
  id: HardwareClassId;
  /** Name as the guide writes it. */
  name: string;
  /** "Fewer than" this many clients; null when the class has no upper bound (xLarge). */
  clientsBelow: number | null;
  /** "Fewer than" this many requests per second; null when unbounded. */
  requestsPerSecondBelow: number | null;
  /** "No more than" this many GB of data; null when unbounded. */
  dataGBAtMost: number | null;
  /** Nodes of the class's "Example application workload: A n-node Kubernetes cluster": an illustration, not a bound. */
  exampleNodes: number;
  /** The AWS row, then the GCE row. */
  machines: readonly [ExampleMachine, ExampleMachine];
  /** Citation ref of the class's definition, example workload and table. */
  ref: string;
}

/**
 * The four classes, smallest first. Bounds are the guide's words: "fewer than" is exclusive,
 * "no more than" inclusive; xLarge is "more than" every bound of Large, so it has none above.
 */
export const HARDWARE_CLASSES: readonly HardwareClass[] = [
  /** hardware.md L48 (bounds), L50 (50-node example), L54–L55 (machines). */
  {
    id: 'small',
    name: 'Small',
    clientsBelow: 100,
    requestsPerSecondBelow: 200,
    dataGBAtMost: 0.1,
    exampleNodes: 50,
    machines: [
      { provider: 'AWS', type: 'm4.large', vcpus: 2, memoryGB: 8, maxConcurrentIops: 3600, diskMBps: 56.25 },
      {
        provider: 'GCE',
        type: 'n1-standard-2 + 50GB PD SSD',
        vcpus: 2,
        memoryGB: 7.5,
        maxConcurrentIops: 1500,
        diskMBps: 25,
      },
    ],
    ref: `${HARDWARE_GUIDE}#L46-L55`,
  },
  /** hardware.md L60 (bounds), L62 (250-node example), L66–L67 (machines). */
  {
    id: 'medium',
    name: 'Medium',
    clientsBelow: 500,
    requestsPerSecondBelow: 1000,
    dataGBAtMost: 0.5,
    exampleNodes: 250,
    machines: [
      { provider: 'AWS', type: 'm4.xlarge', vcpus: 4, memoryGB: 16, maxConcurrentIops: 6000, diskMBps: 93.75 },
      {
        provider: 'GCE',
        type: 'n1-standard-4 + 150GB PD SSD',
        vcpus: 4,
        memoryGB: 15,
        maxConcurrentIops: 4500,
        diskMBps: 75,
      },
    ],
    ref: `${HARDWARE_GUIDE}#L58-L67`,
  },
  /** hardware.md L72 (bounds), L74 (1,000-node example), L78–L79 (machines). */
  {
    id: 'large',
    name: 'Large',
    clientsBelow: 1500,
    requestsPerSecondBelow: 10_000,
    dataGBAtMost: 1,
    exampleNodes: 1000,
    machines: [
      { provider: 'AWS', type: 'm4.2xlarge', vcpus: 8, memoryGB: 32, maxConcurrentIops: 8000, diskMBps: 125 },
      {
        provider: 'GCE',
        type: 'n1-standard-8 + 250GB PD SSD',
        vcpus: 8,
        memoryGB: 30,
        maxConcurrentIops: 7500,
        diskMBps: 125,
      },
    ],
    ref: `${HARDWARE_GUIDE}#L70-L79`,
  },
  /** hardware.md L84 ("more than" each bound of Large), L86 (3,000-node example), L90–L91 (machines). */
  {
    id: 'xlarge',
    name: 'xLarge',
    clientsBelow: null,
    requestsPerSecondBelow: null,
    dataGBAtMost: null,
    exampleNodes: 3000,
    machines: [
      { provider: 'AWS', type: 'm4.4xlarge', vcpus: 16, memoryGB: 64, maxConcurrentIops: 16_000, diskMBps: 250 },
      {
        provider: 'GCE',
        type: 'n1-standard-16 + 500GB PD SSD',
        vcpus: 16,
        memoryGB: 60,
        maxConcurrentIops: 15_000,
        diskMBps: 250,
      },
    ],
    ref: `${HARDWARE_GUIDE}#L82-L91`,
  },
];

/**
 * Keys from which the memory section's "millions of keys" applies. Source: hardware.md L17,
 * "For heavy deployments with thousands of watchers and millions of keys, allocate 16GB to 64GB".
 */
export const MILLIONS_OF_KEYS = 1_000_000;

/** Lowest memory, in GB, the memory section gives for millions of keys (hardware.md L17). */
export const HEAVY_MEMORY_GB = 16;
/** Highest memory, in GB, the memory section gives for millions of keys (hardware.md L17). */
export const MOST_MEMORY_GB = 64;

/**
 * etcd's default backend quota in bytes, `--quota-backend-bytes` unset:
 * etcd-io/etcd@v3.7.0:server/storage/quota.go#L30, `DefaultQuotaBytes = int64(2 * 1024 * 1024 * 1024)`.
 * The chapter shows the same line as a `<Value>`, so a change upstream fails its build.
 */
export const DEFAULT_QUOTA_BYTES = 2 * 1024 ** 3;

/** Largest quota etcd suggests, quota.go#L33 `MaxQuotaBytes = int64(8 * 1024 * 1024 * 1024)`. */
export const MAX_SUGGESTED_QUOTA_BYTES = 8 * 1024 ** 3;

/** Upper bounds of the inputs: far past the largest class, so only typing slips are refused. */
export const HARDWARE_INPUT_MAX = {
  nodes: 1_000_000,
  clients: 10_000_000,
  requestsPerSecond: 100_000_000,
  dataGB: 1_000_000,
  keys: 1e12,
} as const;

/** A workload as the reader knows it; 0 means "not known" and constrains nothing. */
export interface HardwareWorkload {
  /** Kubernetes nodes, whole ≥ 0: only compared with the classes' example workloads, never a bound. */
  nodes: number;
  /** etcd clients, whole ≥ 0. */
  clients: number;
  /** Requests per second to etcd, ≥ 0. */
  requestsPerSecond: number;
  /** Data size in GB (10⁹ bytes), ≥ 0. */
  dataGB: number;
  /** Keys, whole ≥ 0. */
  keys: number;
}

export type HardwareInput = keyof HardwareWorkload;

/** The inputs that constrain the class: the guide's three bounds, and keys for the memory section. */
export type BoundingInput = Exclude<HardwareInput, 'nodes'>;

/**
 * Why one input needs at least some class: its value, the smallest class it alone allows, and the
 * reasoning with the guide's bound ({@link BoundReason} for the three bounds, {@link KeysReason} for keys).
 */
export type Requirement = { value: number; classId: HardwareClassId } & (
  { input: Exclude<BoundingInput, 'keys'>; reason: BoundReason } | { input: 'keys'; reason: KeysReason }
);

/** Result of {@link classifyWorkload}. */
export interface HardwareSizing {
  /** The smallest class that covers every input. */
  hardwareClass: HardwareClass;
  /** Each bounding input's own smallest class, in input order (clients, requests/s, data, keys). */
  requirements: Requirement[];
  /** The inputs whose requirement is the chosen class (one or more; all when every input fits Small). */
  decidedBy: BoundingInput[];
  /** Whether clients, requests per second or data size was given (non-zero): the guide's only bounds. */
  boundsGiven: boolean;
  /**
   * Where the node count falls among the classes' example workloads, when nodes are given; null
   * otherwise. It never changes {@link HardwareSizing.hardwareClass}.
   */
  example: ExamplePhrase | null;
  /**
   * Inputs past what the guide describes: more nodes than its largest example workload (the class
   * still comes from the bounds), or any load in xLarge, whose only bound is "more than" Large's.
   * Empty when none.
   */
  beyondGuide: BeyondPhrase[];
  /** Other cautions (exact boundary gap, quota, memory versus data, nodes versus the class). */
  notes: HardwareNote[];
  /**
   * Set when nodes were given but no client count, request rate, data size or key count: the class
   * is then the default, Small, whatever the node count, and the words say what to enter. Else null.
   */
  caution: { key: 'nodesAlone'; nodes: number } | null;
  /**
   * Whether the disk section's "heavily loaded clusters" (hardware.md L26) applies: the clients or
   * the request rate meet the CPU section's "thousands of clients or tens of thousands of requests
   * per second" (L12, {@link isHeavilyLoaded}). Load only: the class does not enter, so an xLarge
   * class reached by data size alone is not heavily loaded.
   */
  heavilyLoaded: boolean;
  /** Sequential IOPS the disk section asks for: 50 typically, 500 when heavily loaded (hardware.md L26). */
  sequentialIops: number;
  /** Network the network section names: 1GbE for common deployments, 10GbE for large ones (hardware.md L35). */
  network: '1GbE' | '10GbE';
}

/** Clients from which the CPU section's "thousands of clients" is read to apply (hardware.md L12). */
export const HEAVY_CLIENTS = 1000;
/** Requests per second from which "tens of thousands of requests per second" is read to apply (L12). */
export const HEAVY_REQUESTS_PER_SECOND = 10_000;

/**
 * The CPU section's "heavily loaded etcd deployments, serving thousands of clients or tens of
 * thousands of requests per second" (hardware.md L12), read as at least {@link HEAVY_CLIENTS}
 * clients or {@link HEAVY_REQUESTS_PER_SECOND} requests/s: the smallest numbers those words cover.
 * The disk section's "heavily loaded clusters" (L26) uses the same words, so the same test.
 */
export function isHeavilyLoaded(clients: number, requestsPerSecond: number): boolean {
  return clients >= HEAVY_CLIENTS || requestsPerSecond >= HEAVY_REQUESTS_PER_SECOND;
}

// en-US like the calculators' own formatting, so that build-time and browser text agree.
const NUMBER = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
const fmt = (n: number): string => NUMBER.format(n);

/**
 * `value` with as many decimals as it takes to read apart from `bound` when the two differ, so that
 * "0.100001 GB > 0.1 GB" never shows as "0.1 GB > 0.1 GB".
 */
function apart(value: number, bound: number): string {
  if (value === bound) return fmt(value);
  for (let digits = 2; digits <= 12; digits++) {
    const f = new Intl.NumberFormat('en-US', { maximumFractionDigits: digits });
    if (f.format(value) !== f.format(bound)) return f.format(value);
  }
  return String(value);
}

const ref = (c: HardwareClass): ClassRef => ({ name: c.name, exampleNodes: c.exampleNodes });

/** Smallest class index for a value under an exclusive upper bound per class. */
function firstBelow(value: number, bound: (c: HardwareClass) => number | null): number {
  const i = HARDWARE_CLASSES.findIndex((c) => {
    const b = bound(c);
    return b === null || value < b;
  });
  return i;
}

/** Smallest class index for a value under an inclusive upper bound per class. */
function firstAtMost(value: number, bound: (c: HardwareClass) => number | null): number {
  return HARDWARE_CLASSES.findIndex((c) => {
    const b = bound(c);
    return b === null || value <= b;
  });
}

function cls(i: number): HardwareClass {
  return HARDWARE_CLASSES[i]!;
}

/**
 * The smallest hardware-guide class that covers every input, and why.
 *
 * Rules, each from hardware.md at {@link HARDWARE_GUIDE}:
 * - clients and requests per second: a class covers a value below its "fewer than" bound (L48, L60,
 *   L72); xLarge covers everything above Large (L84). The guide leaves exactly 1,500 clients and
 *   exactly 10,000 requests/s in no class (Large is "fewer than", xLarge "more than"); they count as
 *   xLarge here, since Large does not cover them, and a note says so;
 * - data: a class covers data up to its "no more than" bound (L48, L60, L72; GB as 10⁹ bytes, the
 *   guide does not say which);
 * - nodes: the guide names an example Kubernetes workload per class (L50, L62, L74, L86), not a
 *   bound, and defines the classes by clients, requests per second and data only (L48, L60, L72,
 *   L84). So nodes never pick or raise the class: the result names the class whose example the
 *   count reaches, and says so when that is not the class the bounds give. Past 3,000 nodes no
 *   example applies; the result says so, and the class still comes from the bounds;
 * - keys: from {@link MILLIONS_OF_KEYS} on, the memory section asks for 16 GB to 64 GB (L17), so
 *   the class must be one whose AWS example has at least 16 GB: Medium and up (GCE's Medium machine
 *   has 15 GB, the guide's nearest to 16).
 * - sequential IOPS: 500 for "heavily loaded clusters" (L26), whose load the CPU section puts at
 *   "thousands of clients or tens of thousands of requests per second" (L12): so by clients and
 *   request rate only ({@link isHeavilyLoaded}), never by the class or the data size; else 50.
 *
 * @param w - the workload; 0 in a field means unknown (constrains nothing).
 * @returns the class, each input's requirement, which input(s) decided, and the plain caveats.
 * @throws RangeError when a field is negative, not finite, fractional where it must be whole,
 *   or above {@link HARDWARE_INPUT_MAX}.
 */
export function classifyWorkload(w: HardwareWorkload): HardwareSizing {
  assertWhole(w.nodes, 0, HARDWARE_INPUT_MAX.nodes, 'Kubernetes nodes');
  assertWhole(w.clients, 0, HARDWARE_INPUT_MAX.clients, 'etcd clients');
  assertFinite(w.requestsPerSecond, 0, HARDWARE_INPUT_MAX.requestsPerSecond, 'Requests per second');
  assertFinite(w.dataGB, 0, HARDWARE_INPUT_MAX.dataGB, 'Data size in GB');
  assertWhole(w.keys, 0, HARDWARE_INPUT_MAX.keys, 'Keys');

  const requirements: Requirement[] = [];
  const beyondGuide: BeyondPhrase[] = [];
  const notes: HardwareNote[] = [];

  const largest = cls(HARDWARE_CLASSES.length - 1);
  if (w.nodes > largest.exampleNodes) beyondGuide.push({ key: 'pastExamples', nodes: w.nodes, largest: ref(largest) });

  // A bounded input: the first class that covers it (exclusive bounds for clients and requests per
  // second, inclusive for data), and why: under the first class's bound, or at or over the bound below.
  const bounded = (
    input: Exclude<BoundingInput, 'keys'>,
    value: number,
    bound: (c: HardwareClass) => number | null,
    inclusive: boolean,
  ): number => {
    const i = inclusive ? firstAtMost(value, bound) : firstBelow(value, bound);
    const at = cls(i === 0 ? 0 : i - 1);
    const b = bound(at)!;
    const reason: BoundReason =
      value === 0
        ? { key: 'notGiven' }
        : { key: i === 0 ? 'under' : 'over', value, shown: apart(value, b), bound: b, className: at.name };
    requirements.push({ input, value, classId: cls(i).id, reason });
    return i;
  };
  const clientIdx = bounded('clients', w.clients, (c) => c.clientsBelow, false);
  const rpsIdx = bounded('requestsPerSecond', w.requestsPerSecond, (c) => c.requestsPerSecondBelow, false);
  const dataIdx = bounded('dataGB', w.dataGB, (c) => c.dataGBAtMost, true);

  const keyIdx =
    w.keys >= MILLIONS_OF_KEYS ? HARDWARE_CLASSES.findIndex((c) => c.machines[0].memoryGB >= HEAVY_MEMORY_GB) : 0;
  const memoryGB = [HEAVY_MEMORY_GB, MOST_MEMORY_GB] as const;
  requirements.push({
    input: 'keys',
    value: w.keys,
    classId: cls(keyIdx).id,
    reason:
      w.keys === 0
        ? { key: 'notGiven' }
        : keyIdx === 0
          ? { key: 'fewKeys', keys: w.keys, memoryGB }
          : {
              key: 'manyKeys',
              keys: w.keys,
              memoryGB,
              className: cls(keyIdx).name,
              machineMemoryGB: cls(keyIdx).machines.map((m) => m.memoryGB),
            },
  });

  const idx = Math.max(clientIdx, rpsIdx, dataIdx, keyIdx);
  const chosen = cls(idx);
  const decidedBy = requirements.filter((r) => r.classId === chosen.id).map((r) => r.input);
  const boundsGiven = w.clients > 0 || w.requestsPerSecond > 0 || w.dataGB > 0;

  // The example workloads, for comparison only: where the node count falls among them.
  let example: HardwareSizing['example'] = null;
  let caution: HardwareSizing['caution'] = null;
  if (w.nodes > 0) {
    const above = HARDWARE_CLASSES.findIndex((c) => w.nodes <= c.exampleNodes);
    const at = HARDWARE_CLASSES.find((c) => c.exampleNodes === w.nodes);
    const nodes = w.nodes;
    example =
      at !== undefined
        ? { key: 'at', nodes, className: at.name }
        : above === 0
          ? { key: 'fewer', nodes, first: ref(cls(0)) }
          : above === -1
            ? { key: 'more', nodes, largest: ref(largest) }
            : { key: 'between', nodes, lower: ref(cls(above - 1)), upper: ref(cls(above)) };
    // Keys count too: a million of them raise the class (the memory section), so nodes are not alone.
    if (!boundsGiven && w.keys === 0) caution = { key: 'nodesAlone', nodes };
    else if (w.nodes > chosen.exampleNodes && chosen.id !== 'xlarge')
      notes.push({ key: 'nodesAboveExample', nodes, chosen: ref(chosen) });
  }

  const large = HARDWARE_CLASSES.find((c) => c.id === 'large')!;
  if (chosen.id === 'xlarge' && (clientIdx === idx || rpsIdx === idx || dataIdx === idx))
    beyondGuide.push({ key: 'openEnded', className: chosen.name, largeName: large.name });
  if (w.clients === large.clientsBelow || w.requestsPerSecond === large.requestsPerSecondBelow)
    notes.push({
      key: 'boundaryGap',
      clients: large.clientsBelow!,
      requestsPerSecond: large.requestsPerSecondBelow!,
      largeName: large.name,
    });
  const bytes = w.dataGB * 1e9;
  if (bytes > MAX_SUGGESTED_QUOTA_BYTES) notes.push({ key: 'overSuggestedQuota', dataGB: w.dataGB });
  else if (bytes > DEFAULT_QUOTA_BYTES) notes.push({ key: 'overDefaultQuota', dataGB: w.dataGB });
  const smallestMemory = Math.min(...chosen.machines.map((m) => m.memoryGB));
  if (w.dataGB > 0 && w.dataGB >= smallestMemory)
    notes.push({ key: 'dataOverMemory', dataGB: w.dataGB, memoryGB: smallestMemory, className: chosen.name });
  // Load, not class: the guide's xLarge bounds read "more than" each of Large's, but the calculator
  // reaches xLarge on any one of them, so a large database with a light load is xLarge and not heavy.
  const heavilyLoaded = isHeavilyLoaded(w.clients, w.requestsPerSecond);
  if (chosen.id === 'xlarge' && !heavilyLoaded) notes.push({ key: 'dataNotLoad', className: chosen.name });
  return {
    hardwareClass: chosen,
    requirements,
    decidedBy,
    boundsGiven,
    example,
    caution,
    beyondGuide,
    notes,
    heavilyLoaded,
    sequentialIops: heavilyLoaded ? 500 : 50,
    // The network section's "large etcd clusters" read as the Large and xLarge classes.
    network: idx >= HARDWARE_CLASSES.findIndex((c) => c.id === 'large') ? '10GbE' : '1GbE',
  };
}
