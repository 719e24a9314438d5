/**
 * `--etcd-servers-overrides`: parse a pasted value exactly as kube-apiserver v1.37 accepts or
 * rejects it, and build a value from rows. Operator advice that kube-apiserver does not give
 * lives in overrides-lint.ts.
 *
 * Upstream, in order:
 * 1. pflag StringSlice reads the value as one CSV record (see flag-csv.ts;
 *    spf13/pflag@v1.0.10:string_slice.go#L22-L29). Empty value → no overrides.
 * 2. `ParseEtcdServersOverrides`
 *    (kubernetes/kubernetes@v1.37.0:staging/src/k8s.io/apiserver/pkg/server/options/etcd.go#L630-L653),
 *    for each item: split on "#" → exactly 2 parts; left split on "/" → exactly 2 parts
 *    (group may be empty = core, resource may be empty); right split on ";" → no empty server.
 *    The first failing item stops parsing with one fixed message ({@link OVERRIDES_INVALID}).
 *    URL syntax, duplicates and whether the resource exists are not checked.
 */
import { readFlagCsv, type CsvProblem } from './flag-csv.ts';
import type { ItemRef } from './overrides-lint.ts';
import * as SOURCES from './sources.ts';

/** kube-apiserver's only message for a malformed override (etcd.go#L628). */
export const OVERRIDES_INVALID =
  '--etcd-servers-overrides invalid, must be of format: group/resource#servers, where servers are URLs, semicolon separated';

// The help-text example lives in a leaf module so the URL schemas can default to it without loading the parser.
export { HELP_TEXT_EXAMPLE } from './overrides-example.ts';

/** One override: the group/resource and the etcd servers it is stored on. */
export interface EtcdServersOverride {
  /** API group; '' is the core group. */
  group: string;
  resource: string;
  servers: string[];
}

/** Result of {@link parseEtcdServersOverrides}. */
export type OverridesParseResult =
  | { ok: true; overrides: EtcdServersOverride[]; items: string[]; ignoredText: string; quoted: boolean }
  | {
      ok: false;
      /** 'flag' = pflag's CSV reading failed; 'override' = ParseEtcdServersOverrides rejected an item. */
      stage: 'flag' | 'override';
      /** What kube-apiserver says: {@link OVERRIDES_INVALID} for stage 'override'; a paraphrase of pflag's error for 'flag'. */
      error: string;
      /** Which rule failed (our explanation, not upstream's), by kind; the catalogue words it. */
      rejection: Rejection;
      /** 0-based index of the first rejected item (stage 'override'). */
      itemIndex?: number;
      item?: string;
      source: string;
    };

/** Why ParseEtcdServersOverrides rejects one override; `index` is 1-based, `servers` the text after "#". */
export type ItemProblem =
  | { kind: 'no-hash' }
  | { kind: 'hashes'; count: number }
  | { kind: 'no-slash'; left: string }
  | { kind: 'slashes'; left: string; count: number }
  | { kind: 'no-servers' }
  | { kind: 'empty-server'; index: number; servers: string };

/** Why kube-apiserver rejects the value: an override (its 1-based number and text) or the flag's CSV. */
export type Rejection =
  { stage: 'override'; ref: ItemRef; problem: ItemProblem } | { stage: 'flag'; problem: CsvProblem };

/** A builder row the flag cannot carry; `row` and `server` 1-based. The catalogue words it. */
export type RowIssue =
  | { kind: 'bad-name'; row: number; field: 'group' | 'resource'; value: string }
  | { kind: 'no-servers'; row: number }
  | { kind: 'empty-server'; row: number; server: number }
  | { kind: 'bad-server'; row: number; value: string };

/** Why one item fails ParseEtcdServersOverrides, in upstream's order of checks, or null when it passes. */
function itemProblem(item: string): ItemProblem | null {
  const tokens = item.split('#');
  if (tokens.length === 1) return { kind: 'no-hash' };
  if (tokens.length !== 2) return { kind: 'hashes', count: tokens.length - 1 };
  const [left, servers] = tokens as [string, string];
  const slashes = left.split('/').length - 1;
  if (slashes === 0) return { kind: 'no-slash', left };
  if (slashes !== 1) return { kind: 'slashes', left, count: slashes };
  if (servers === '') return { kind: 'no-servers' };
  const empty = servers.split(';').indexOf('');
  return empty >= 0 ? { kind: 'empty-server', index: empty + 1, servers } : null;
}

/**
 * Port of upstream `ParseEtcdServersOverrides` over already-split items.
 *
 * @param items - the StringSlice items.
 * @returns the overrides, or the first rejected item with the upstream message.
 */
function parseOverrideItems(items: readonly string[]): OverridesParseResult {
  const overrides: EtcdServersOverride[] = [];
  for (let i = 0; i < items.length; i++) {
    const item = items[i]!;
    const problem = itemProblem(item);
    if (problem !== null) {
      return {
        ok: false,
        stage: 'override',
        error: OVERRIDES_INVALID,
        rejection: { stage: 'override', ref: { n: i + 1, item }, problem },
        itemIndex: i,
        item,
        source: SOURCES.parseEtcdServersOverrides,
      };
    }
    const [left, right] = item.split('#') as [string, string];
    const [group, resource] = left.split('/') as [string, string];
    overrides.push({ group, resource, servers: right.split(';') });
  }
  return { ok: true, overrides, items: [...items], ignoredText: '', quoted: false };
}

/**
 * Parses a pasted `--etcd-servers-overrides` value the way kube-apiserver v1.37 does: pflag's
 * CSV split, then ParseEtcdServersOverrides. Accepts and rejects exactly what upstream does,
 * e.g. "" → no overrides; "apps/#http://a" and "/events#a" accepted; "/events#",
 * "events#http://a", "a/b/c#x", "/events#http://a;" and "/events#http://a#b" rejected.
 *
 * @param value - the flag value as kube-apiserver receives it (after shell quoting is removed).
 * Sources: spf13/pflag@v1.0.10:string_slice.go#L22-L29; etcd.go#L630-L653.
 */
export function parseEtcdServersOverrides(value: string): OverridesParseResult {
  const csv = readFlagCsv(value);
  if (!csv.ok) {
    return {
      ok: false,
      stage: 'flag',
      error: `invalid argument for "--etcd-servers-overrides" flag: ${csv.error}`,
      rejection: { stage: 'flag', problem: csv.problem },
      source: SOURCES.pflagReadAsCSV,
    };
  }
  const parsed = parseOverrideItems(csv.items);
  return parsed.ok ? { ...parsed, ignoredText: csv.ignored, quoted: csv.quoted } : parsed;
}

/** A row problem found by {@link buildEtcdServersOverrides}. */
export interface RowProblem {
  /** 0-based row index. */
  row: number;
  field: 'group' | 'resource' | 'servers';
  /** 0-based server index for field 'servers', when one server is at fault. */
  server?: number;
  /** What is wrong, by kind; the catalogue words it. */
  issue: RowIssue;
}

/** Result of {@link buildEtcdServersOverrides}. */
export type BuildResult = { ok: true; value: string } | { ok: false; problems: RowProblem[] };

const FORBIDDEN_ALWAYS = /[#,"\r\n]/;

/**
 * Builds the flag value from rows: `group/resource#server1;server2`, rows joined by ",".
 * The output always parses back (via {@link parseEtcdServersOverrides}) to the same rows.
 * Rows are used as given (no trimming); characters the format cannot carry are refused:
 * `#`, `,`, `"`, line breaks anywhere; `/` in group or resource; `;` in a server; no servers
 * or an empty server. An empty group (core) and, as upstream allows, an empty resource are kept.
 *
 * @param rows - overrides to write; zero rows give "" (no overrides).
 */
export function buildEtcdServersOverrides(rows: readonly EtcdServersOverride[]): BuildResult {
  const problems: RowProblem[] = [];
  rows.forEach((r, row) => {
    for (const field of ['group', 'resource'] as const) {
      const v = r[field];
      if (FORBIDDEN_ALWAYS.test(v) || v.includes('/')) {
        problems.push({
          row,
          field,
          issue: { kind: 'bad-name', row: row + 1, field, value: v },
        });
      }
    }
    if (r.servers.length === 0) problems.push({ row, field: 'servers', issue: { kind: 'no-servers', row: row + 1 } });
    r.servers.forEach((s, server) => {
      if (s.length === 0)
        problems.push({
          row,
          field: 'servers',
          server,
          issue: { kind: 'empty-server', row: row + 1, server: server + 1 },
        });
      else if (FORBIDDEN_ALWAYS.test(s) || s.includes(';')) {
        problems.push({
          row,
          field: 'servers',
          server,
          issue: { kind: 'bad-server', row: row + 1, value: s },
        });
      }
    });
  });
  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, value: rows.map((r) => `${r.group}/${r.resource}#${r.servers.join(';')}`).join(',') };
}
