/**
 * Operator advice for `--etcd-servers-overrides` that kube-apiserver itself does not give.
 * Runs on the raw pasted value whether or not upstream accepts it (several findings explain
 * an upstream rejection). Nothing here changes what {@link parseEtcdServersOverrides} accepts.
 */
import { readFlagCsv } from './flag-csv.ts';
import { groupsServing, isBuiltinResource } from './builtin-resources.ts';

/** Finding codes, stable for tests and UI. */
export type LintCode =
  | 'flag-name-included'
  | 'swapped-separator-between-overrides'
  | 'swapped-separator-between-servers'
  | 'etcd-key-prefix'
  | 'version-in-group-resource'
  | 'core-group-named'
  | 'plain-http'
  | 'duplicate-group-resource'
  | 'duplicate-server'
  | 'whitespace'
  | 'shell-quotes'
  | 'csv-quotes'
  | 'ignored-after-first-line'
  | 'server-not-url'
  | 'server-no-port'
  | 'resource-not-lowercase-plural'
  | 'empty-resource'
  | 'not-builtin'
  | 'events-cohabitation';

/** Which override a finding is about: its 1-based number and its text as the flag parser split it. */
export interface ItemRef {
  n: number;
  item: string;
}

/**
 * What a finding says, by kind, with its figures; each language's catalogue words it
 * (src/lib/calculators/messages/overrides.ts `finding`).
 */
export type Finding =
  | { kind: 'flag-name' | 'shell-quotes' | 'csv-quotes-comma' | 'csv-quotes-unneeded' | 'ignored-lines' }
  | {
      kind:
        'edge-whitespace' | 'looks-like-server' | 'override-after-semicolon' | 'empty-resource' | 'events-cohabitation';
      ref: ItemRef;
    }
  | { kind: 'inner-whitespace'; ref: ItemRef; left: string }
  /** `group` is the one group that serves `resource`, or null when none or several do. */
  | { kind: 'key-prefix'; ref: ItemRef; left: string; resource: string; group: string | null }
  /** `write` is the group/resource without its version. */
  | { kind: 'version'; ref: ItemRef; write: string }
  /** `written` is how the group was written ("core", "v1", "api"). */
  | { kind: 'core-named'; ref: ItemRef; resource: string; written: string }
  /** `meant` is the lower-case group/resource when that is built in. */
  | { kind: 'not-lowercase-plural'; ref: ItemRef; resource: string; meant: string | null }
  /** `builtIn` lists the group/resources that serve the resource. */
  | { kind: 'not-builtin'; ref: ItemRef; groupResource: string; builtIn: readonly string[] }
  /** `first` is the 1-based number of the override that has `key` first. */
  | { kind: 'duplicate'; ref: ItemRef; key: string; first: number }
  /** `server` is 1-based. */
  | { kind: 'server-whitespace'; ref: ItemRef; server: number }
  | { kind: 'duplicate-server' | 'plain-http' | 'no-port' | 'not-url'; ref: ItemRef; server: string }
  /** `port` as written. */
  | { kind: 'port-range'; ref: ItemRef; server: string; port: string };

/** One finding. */
export interface LintFinding {
  code: LintCode;
  severity: 'warning' | 'info';
  /** What it says: a kind and its figures, not words. */
  finding: Finding;
  /** 0-based item index when the finding is about one override. */
  itemIndex?: number;
}

// Scheme case-insensitive and IPv6 zones ("%25eth0") allowed, as Go's url.Parse accepts them.
const SERVER_URL =
  /^(https?):\/\/(\[[0-9A-Fa-f:.]+(?:%25[\w.~-]+)?\]|[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*)(?::(\d{1,5}))?\/?$/i;
const UNIX_URL = /^unixs?:\/\/\S+$/;
const LOWER_PLURAL = /^[a-z][a-z0-9]*s$/;
const LOOKS_LIKE_OVERRIDE = /^[^#/;,]*\/[^#/;,]*#/;
const LOOKS_LIKE_SERVER = /^\s*(?:https?|unixs?):\/\//;
const VERSION = /^v\d+(?:(?:alpha|beta)\d+)?$/;

/**
 * Lints a pasted flag value.
 *
 * Findings (warnings unless noted): the flag name pasted with the value; `;` used between
 * overrides or `,` between servers; an etcd key prefix such as `/registry/events` instead of
 * `/events`; an API version in the group/resource; "core" or "v1" written as the group;
 * plain `http://` (no TLS); a duplicate group/resource (only one takes effect); a duplicate
 * server (info); leading/trailing whitespace (kept literally upstream); shell-style single
 * quotes; CSV double quotes (info: pflag removes them); text after the first line (ignored
 * upstream); a server that is not an http(s) URL with a host; no port (info); a resource name
 * that is not lowercase plural; an empty resource; a group/resource that is not in the
 * approximate list of resources compiled into kube-apiserver 1.37 (CRDs are not covered by the
 * flag); events.k8s.io/events sharing storage with core events (info).
 *
 * @param value - the pasted value.
 * @returns findings in item order; empty when there is nothing to say. Each says what it says as
 *   a {@link Finding}, which the calculator's catalogue words in the page's language.
 */
export function lintEtcdServersOverrides(value: string): LintFinding[] {
  const out: LintFinding[] = [];
  const add = (
    code: LintCode,
    finding: Finding,
    itemIndex?: number,
    severity: 'warning' | 'info' = 'warning',
  ): void => {
    out.push(itemIndex === undefined ? { code, severity, finding } : { code, severity, finding, itemIndex });
  };
  if (/^\s*--etcd-servers-overrides[= ]/.test(value)) {
    add('flag-name-included', { kind: 'flag-name' });
  }
  const shellQuoted = /^\s*'.*'\s*$/s.test(value);
  if (shellQuoted) {
    add('shell-quotes', { kind: 'shell-quotes' });
  }
  const csv = readFlagCsv(value);
  if (!csv.ok) return out;
  // Only a quoted item can hold a comma: then the quotes changed the meaning, they did not just wrap it.
  if (csv.quoted && csv.items.some((item) => item.includes(','))) {
    add('csv-quotes', { kind: 'csv-quotes-comma' });
  } else if (csv.quoted) {
    add('csv-quotes', { kind: 'csv-quotes-unneeded' }, undefined, 'info');
  }
  if (csv.ignored.trim() !== '') add('ignored-after-first-line', { kind: 'ignored-lines' });

  const seen = new Map<string, number>();
  csv.items.forEach((item, i) => {
    const ref: ItemRef = { n: i + 1, item };
    if (item !== item.trim()) add('whitespace', { kind: 'edge-whitespace', ref }, i);

    // A bare server where an override should be: "," used between servers.
    if (!item.includes('#')) {
      if (LOOKS_LIKE_SERVER.test(item) && i > 0) {
        add('swapped-separator-between-servers', { kind: 'looks-like-server', ref }, i);
      }
      return;
    }
    const hashes = item.split('#');
    const right = hashes.slice(1).join('#');
    // ";" used between overrides: a later ";"-part looks like "group/resource#...".
    const semiParts = item.split(';');
    if (semiParts.slice(1).some((p) => LOOKS_LIKE_OVERRIDE.test(p))) {
      add('swapped-separator-between-overrides', { kind: 'override-after-semicolon', ref }, i);
    }
    const left = hashes[0]!;
    const parts = left.split('/');
    const trimmedLeft = left.trim();
    // A more specific finding explains the item; the generic built-in check would only repeat it.
    let explained = shellQuoted;
    if (/\s/.test(left.trimStart())) {
      add('whitespace', { kind: 'inner-whitespace', ref, left: trimmedLeft }, i);
      explained = true;
    }
    const registry = /^\/?registry\/(.+)$/.exec(trimmedLeft);
    if (registry) {
      const res = registry[1]!.split('/').pop()!;
      const groups = groupsServing(res);
      const group = groups.length === 1 ? groups[0]! : null;
      add('etcd-key-prefix', { kind: 'key-prefix', ref, left: trimmedLeft, resource: res, group }, i);
      explained = true;
    } else if (parts.length === 3 && VERSION.test(parts[1]!.trim())) {
      add('version-in-group-resource', { kind: 'version', ref, write: `${parts[0]}/${parts[2]}` }, i);
    }
    if (parts.length !== 2) return;
    const group = parts[0]!.trim();
    const resource = parts[1]!.trim();
    if (group === 'core' || group === 'v1' || group === 'api') {
      add('core-group-named', { kind: 'core-named', ref, resource, written: parts[0]! }, i);
      explained = true;
    }
    if (resource === '') {
      add('empty-resource', { kind: 'empty-resource', ref }, i);
    } else if (!LOWER_PLURAL.test(resource)) {
      const lower = resource.toLowerCase();
      const meant = groupsServing(lower).length > 0 ? `${group}/${lower}` : null;
      add('resource-not-lowercase-plural', { kind: 'not-lowercase-plural', ref, resource, meant }, i);
      explained = true;
    }
    if (!explained && resource !== '' && !isBuiltinResource(group, resource)) {
      const builtIn = groupsServing(resource).map((g) => `${g}/${resource}`);
      add('not-builtin', { kind: 'not-builtin', ref, groupResource: `${group}/${resource}`, builtIn }, i);
    }
    if (group === 'events.k8s.io' && resource === 'events') {
      add('events-cohabitation', { kind: 'events-cohabitation', ref }, i, 'info');
    }
    // Upstream keys overrides on the text as written, whitespace included.
    const key = `${parts[0]}/${parts[1]}`;
    const first = seen.get(key);
    if (first !== undefined) add('duplicate-group-resource', { kind: 'duplicate', ref, key, first: first + 1 }, i);
    else seen.set(key, i);

    if (hashes.length !== 2) return;
    const servers = right.split(';');
    const seenServers = new Set<string>();
    servers.forEach((raw, s) => {
      if (raw === '') return;
      const server = raw.trim();
      if (raw !== server && item === item.trim())
        add('whitespace', { kind: 'server-whitespace', ref, server: s + 1 }, i);
      if (seenServers.has(server)) add('duplicate-server', { kind: 'duplicate-server', ref, server }, i, 'info');
      seenServers.add(server);
      const m = SERVER_URL.exec(server);
      if (m) {
        if (m[1]!.toLowerCase() === 'http') add('plain-http', { kind: 'plain-http', ref, server }, i);
        const port = m[3];
        if (port === undefined) add('server-no-port', { kind: 'no-port', ref, server }, i, 'info');
        else if (Number(port) < 1 || Number(port) > 65535)
          add('server-not-url', { kind: 'port-range', ref, server, port }, i);
      } else if (!UNIX_URL.test(server) && !shellQuoted) {
        add('server-not-url', { kind: 'not-url', ref, server }, i);
      }
    });
  });
  return out;
}
