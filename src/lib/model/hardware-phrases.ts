/**
 * What the hardware model (./hardware.ts) says about a workload, as keys with their figures and no
 * words: each language's catalogue (src/lib/calculators/messages/hardware.ts) words every key, so
 * the English is written once, there, like the Japanese.
 */

/** A class as a phrase names it: the guide's name and its example workload's node count. */
export interface ClassRef {
  name: string;
  exampleNodes: number;
}

/**
 * Why a bounded input (clients, requests per second, data size) needs at least some class: under
 * the first class's bound, or at or over the bound of the class below the one it needs. `shown` is
 * `value` with the decimals it takes to read apart from `bound`; the data size compares ≤ and >,
 * the others < and ≥.
 */
export type BoundReason =
  | { key: 'notGiven' }
  | { key: 'under'; value: number; shown: string; bound: number; className: string }
  | { key: 'over'; value: number; shown: string; bound: number; className: string };

/** Why a key count needs at least some class: the memory section's "millions of keys" and its 16–64 GB. */
export type KeysReason =
  | { key: 'notGiven' }
  | { key: 'fewKeys'; keys: number; memoryGB: readonly [number, number] }
  | {
      key: 'manyKeys';
      keys: number;
      memoryGB: readonly [number, number];
      className: string;
      /** The class's example machines' memory, AWS then GCE. */
      machineMemoryGB: readonly number[];
    };

/** Where a node count falls among the classes' example workloads (illustrations, not bounds). */
export type ExamplePhrase =
  | { key: 'at'; nodes: number; className: string }
  | { key: 'fewer'; nodes: number; first: ClassRef }
  | { key: 'more'; nodes: number; largest: ClassRef }
  | { key: 'between'; nodes: number; lower: ClassRef; upper: ClassRef };

/** An input past what the guide describes. */
export type BeyondPhrase =
  | { key: 'pastExamples'; nodes: number; largest: ClassRef }
  /** xLarge reached by a bound: open-ended above Large's bounds. */
  | { key: 'openEnded'; className: string; largeName: string };

/** Another caution on the answer. */
export type HardwareNote =
  | { key: 'nodesAboveExample'; nodes: number; chosen: ClassRef }
  | { key: 'boundaryGap'; clients: number; requestsPerSecond: number; largeName: string }
  | { key: 'overSuggestedQuota'; dataGB: number }
  | { key: 'overDefaultQuota'; dataGB: number }
  | { key: 'dataOverMemory'; dataGB: number; memoryGB: number; className: string }
  | { key: 'dataNotLoad'; className: string };
