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

/** One finding. */
export interface LintFinding {
  code: LintCode;
  severity: 'warning' | 'info';
  message: string;
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
 * @returns findings in item order; empty when there is nothing to say.
 */
export function lintEtcdServersOverrides(value: string): LintFinding[] {
  const out: LintFinding[] = [];
  const add = (code: LintCode, message: string, itemIndex?: number, severity: 'warning' | 'info' = 'warning'): void => {
    out.push(itemIndex === undefined ? { code, severity, message } : { code, severity, message, itemIndex });
  };
  if (/^\s*--etcd-servers-overrides[= ]/.test(value)) {
    add('flag-name-included', 'Paste only the value: the text after "--etcd-servers-overrides=".');
  }
  const shellQuoted = /^\s*'.*'\s*$/s.test(value);
  if (shellQuoted) {
    add(
      'shell-quotes',
      'Single quotes are shell syntax: kube-apiserver would see them as part of the group and the last server. Remove them.',
    );
  }
  const csv = readFlagCsv(value);
  if (!csv.ok) return out;
  // Only a quoted item can hold a comma: then the quotes changed the meaning, they did not just wrap it.
  if (csv.quoted && csv.items.some((item) => item.includes(','))) {
    add(
      'csv-quotes',
      'Double quotes made the flag parser read a comma as part of an item, not as the separator between overrides; separate servers with ";".',
    );
  } else if (csv.quoted) {
    add(
      'csv-quotes',
      'Double quotes are read as CSV quoting by the flag parser and removed; they are not needed.',
      undefined,
      'info',
    );
  }
  if (csv.ignored.trim() !== '')
    add(
      'ignored-after-first-line',
      'Only the first line is read: kube-apiserver silently ignores everything after the first line break.',
    );

  const seen = new Map<string, number>();
  csv.items.forEach((item, i) => {
    const label = `Override ${i + 1} ("${item}")`;
    if (item !== item.trim())
      add(
        'whitespace',
        `${label} has leading or trailing whitespace, which kube-apiserver keeps as part of the group or server.`,
        i,
      );

    // A bare server where an override should be: "," used between servers.
    if (!item.includes('#')) {
      if (LOOKS_LIKE_SERVER.test(item) && i > 0) {
        add(
          'swapped-separator-between-servers',
          `${label} looks like a server: separate servers with ";" and overrides with ",".`,
          i,
        );
      }
      return;
    }
    const hashes = item.split('#');
    const right = hashes.slice(1).join('#');
    // ";" used between overrides: a later ";"-part looks like "group/resource#...".
    const semiParts = item.split(';');
    if (semiParts.slice(1).some((p) => LOOKS_LIKE_OVERRIDE.test(p))) {
      add(
        'swapped-separator-between-overrides',
        `${label} contains another override after ";": separate overrides with "," and servers with ";".`,
        i,
      );
    }
    const left = hashes[0]!;
    const parts = left.split('/');
    const trimmedLeft = left.trim();
    // A more specific finding explains the item; the generic built-in check would only repeat it.
    let explained = shellQuoted;
    if (/\s/.test(left.trimStart())) {
      add(
        'whitespace',
        `${label}: "${trimmedLeft}" has whitespace inside or after it, which kube-apiserver keeps, so the override matches no resource.`,
        i,
      );
      explained = true;
    }
    const registry = /^\/?registry\/(.+)$/.exec(trimmedLeft);
    if (registry) {
      const res = registry[1]!.split('/').pop()!;
      const groups = groupsServing(res);
      const suggestion =
        groups.length === 1 ? `"${groups[0]}/${res}"` : `"group/${res}" (e.g. "/${res}" for the core group)`;
      add(
        'etcd-key-prefix',
        `${label}: "${trimmedLeft}" is an etcd key prefix; the flag wants the API group/resource, ${suggestion}.`,
        i,
      );
      explained = true;
    } else if (parts.length === 3 && VERSION.test(parts[1]!.trim())) {
      add('version-in-group-resource', `${label}: leave out the API version — write "${parts[0]}/${parts[2]}".`, i);
    }
    if (parts.length !== 2) return;
    const group = parts[0]!.trim();
    const resource = parts[1]!.trim();
    if (group === 'core' || group === 'v1' || group === 'api') {
      add(
        'core-group-named',
        `${label}: the core group is written empty — "/${resource}", not "${parts[0]}/${resource}".`,
        i,
      );
      explained = true;
    }
    if (resource === '') {
      add(
        'empty-resource',
        `${label}: the resource is empty; kube-apiserver accepts this but it matches no resource.`,
        i,
      );
    } else if (!LOWER_PLURAL.test(resource)) {
      const lower =
        groupsServing(resource.toLowerCase()).length > 0 ? ` Did you mean "${group}/${resource.toLowerCase()}"?` : '';
      add(
        'resource-not-lowercase-plural',
        `${label}: "${resource}" is not a lowercase plural resource name (like "pods", not "Pod").${lower}`,
        i,
      );
      explained = true;
    }
    if (!explained && resource !== '' && !isBuiltinResource(group, resource)) {
      const hint = groupsServing(resource);
      const also = hint.length > 0 ? ` Built in as ${hint.map((g) => `"${g}/${resource}"`).join(' or ')}.` : '';
      add(
        'not-builtin',
        `${label}: "${group}/${resource}" is not a resource compiled into kube-apiserver 1.37 (approximate list); the flag applies only to those, not to CRDs.${also}`,
        i,
      );
    }
    if (group === 'events.k8s.io' && resource === 'events') {
      add(
        'events-cohabitation',
        `${label}: events.k8s.io/events is stored with core events (the storage factory uses the core group's storage for both), so override "/events" as the help text does.`,
        i,
        'info',
      );
    }
    // Upstream keys overrides on the text as written, whitespace included.
    const key = `${parts[0]}/${parts[1]}`;
    const first = seen.get(key);
    if (first !== undefined)
      add(
        'duplicate-group-resource',
        `${label} repeats "${key}" from override ${first + 1}; only one takes effect.`,
        i,
      );
    else seen.set(key, i);

    if (hashes.length !== 2) return;
    const servers = right.split(';');
    const seenServers = new Set<string>();
    servers.forEach((raw, s) => {
      if (raw === '') return;
      const server = raw.trim();
      if (raw !== server && item === item.trim())
        add('whitespace', `${label}: server ${s + 1} has surrounding whitespace, kept as part of the URL.`, i);
      if (seenServers.has(server)) add('duplicate-server', `${label}: server "${server}" is listed twice.`, i, 'info');
      seenServers.add(server);
      const m = SERVER_URL.exec(server);
      if (m) {
        if (m[1]!.toLowerCase() === 'http')
          add(
            'plain-http',
            `${label}: "${server}" uses plain http — etcd traffic is unencrypted and client certificates are not used. Use https://.`,
            i,
          );
        const port = m[3];
        if (port === undefined)
          add('server-no-port', `${label}: "${server}" has no port; etcd clients conventionally use 2379.`, i, 'info');
        else if (Number(port) < 1 || Number(port) > 65535)
          add('server-not-url', `${label}: "${server}" has port ${port}, outside 1–65535.`, i);
      } else if (!UNIX_URL.test(server) && !shellQuoted) {
        add(
          'server-not-url',
          `${label}: "${server}" is not a URL like https://etcd-1.example:2379 (kube-apiserver does not check this).`,
          i,
        );
      }
    });
  });
  return out;
}
