/** The pure sizing model behind the prose tables and the live calculators (no DOM). */
export * from './input.ts';
export * as SOURCES from './sources.ts';
export * from './quorum.ts';
export * from './availability.ts';
export * from './write-path.ts';
export * from './apiserver-replicas.ts';
export * from './upgrade.ts';
export * from './maintenance.ts';
export * from './topology.ts';
export * from './flag-csv.ts';
export * from './builtin-resources.ts';
export * from './etcd-servers-overrides.ts';
export * from './overrides-lint.ts';
export * from './read-path.ts';
export * from './url-state.ts';
export * from './calculator-state.ts';
