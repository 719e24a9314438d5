/** Calculator 9: where kube-apiserver v1.37 serves a GET or LIST, why, and what etcd pays. */
import { routeRead, type ReadServedBy } from '../model/read-path.ts';
import { facts, invalid, para, whole, type CalcDef, type CalcView, type Raw } from './calc.ts';
import { h, type Tree } from './tree.ts';
import { refLink } from './ref-link.ts';

/** Plain words for where a request is served. */
export const SERVED_BY: Readonly<Record<ReadServedBy | 'error', string>> = {
  'watch-cache': 'the watch cache',
  'watch-cache-after-etcd-revision': 'the watch cache, after an etcd current-revision read',
  'etcd-linearizable': 'etcd, as a linearizable read',
  'etcd-exact-revision': 'etcd, at an exact revision',
  'too-many-requests': 'nobody: 429 Too Many Requests',
  error: 'an error',
};

function refList(refs: readonly string[]): Tree {
  return h('ul', { class: 'calc__refs' }, ...[...new Set(refs)].map((r) => h('li', {}, refLink(r))));
}

const bool = (raw: Readonly<Raw>, key: string): boolean => raw[key] === '1';

/** Title and labelled fields, used only by the build to render the form (the browser reads the DOM). */
export const readPathView: CalcView = {
  title: 'Read-path explorer (Kubernetes v1.37)',
  fields: [
    { key: 'verb', label: 'Request', kind: 'select', options: [['GET', 'GET one object'], ['LIST', 'LIST a collection']] },
    { key: 'rv', label: 'resourceVersion', kind: 'text', inputmode: 'numeric', hint: 'Empty = unset, "0" = any, or a value such as 12345.' },
    { key: 'rvm', label: 'resourceVersionMatch', kind: 'select', options: [['', 'unset'], ['NotOlderThan', 'NotOlderThan'], ['Exact', 'Exact']] },
    { key: 'limit', label: 'limit', kind: 'text', inputmode: 'numeric', hint: '0 = no limit.' },
    { key: 'cont', label: 'A continue token is sent', kind: 'checkbox' },
    { key: 'sel', label: 'A label or field selector is set', kind: 'checkbox' },
    { key: 'ready', label: 'The watch cache is ready', kind: 'checkbox' },
    { key: 'held', label: 'The cache still holds a snapshot at that revision', kind: 'checkbox' },
    { key: 'snap', label: 'ListFromCacheSnapshot is on (beta, default on)', kind: 'checkbox' },
    { key: 'pn', label: 'etcd supports watch progress requests (3.4.31+, 3.5.13+)', kind: 'checkbox' },
  ],
};

export const readPathCalc: CalcDef = {
  id: 'readPath',
  prefix: 'p',
  toRaw: (s) => {
    const out: Raw = { verb: String(s['verb']), rv: String(s['rv']), rvm: String(s['rvm']), limit: String(s['limit']) };
    for (const k of ['cont', 'sel', 'ready', 'held', 'snap', 'pn']) out[k] = s[k] ? '1' : '0';
    return out;
  },
  compute(raw: Readonly<Raw>) {
    const errors: Record<string, string> = {};
    const verb = raw['verb'] === 'GET' ? 'GET' : 'LIST';
    // A GET ignores limit upstream, so a bad limit is marked but does not hide the GET's answer;
    // the state stays null, so the URL and Copy link never carry a value the field does not show.
    const parsedLimit = whole(raw, 'readPath', 'limit', 'limit', errors);
    if (parsedLimit === null && verb === 'LIST') return invalid(errors);
    const limit = parsedLimit ?? 0;
    const rvm = raw['rvm'] === 'Exact' || raw['rvm'] === 'NotOlderThan' ? raw['rvm'] : '';
    const rv = raw['rv'] ?? '';
    const flags = { cont: bool(raw, 'cont'), sel: bool(raw, 'sel'), ready: bool(raw, 'ready'), held: bool(raw, 'held'), snap: bool(raw, 'snap'), pn: bool(raw, 'pn') };
    const state = parsedLimit === null ? null : { verb, rv, rvm, limit, ...flags };
    const r = routeRead({
      verb,
      resourceVersion: rv,
      resourceVersionMatch: rvm,
      limit,
      continueToken: flags.cont,
      cacheReady: flags.ready,
      etcdSupportsProgressNotify: flags.pn,
      cacheSnapshots: flags.snap,
      exactRvInCache: flags.held,
      hasSelector: flags.sel,
    });
    if (!r.ok) {
      return {
        errors,
        state,
        result: [
          para(
            r.errors.some((e) => e.afterEtcdRead)
              ? 'kube-apiserver sends this GET to etcd (its watch cache is not ready), makes one linearizable read, and only then rejects it:'
              : 'kube-apiserver rejects this request before reading anything:',
            'calc__warn',
          ),
          h('ul', {}, ...r.errors.map((e) => h('li', {}, `${e.status}: ${e.message}`))),
          refList(r.errors.flatMap((e) => e.sources)),
        ],
      };
    }
    return {
      errors,
      state,
      result: [
        para(h('strong', {}, `Served by ${SERVED_BY[r.servedBy]}.`), 'calc__lead'),
        para(r.reason),
        facts([
          ['etcd cost', r.etcdCost],
          ['Freshness', r.freshnessText],
        ]),
        r.fallback === null ? null : para(`If not: ${SERVED_BY[r.fallback.servedBy]}. ${r.fallback.when}`, 'calc__note'),
        ...r.notes.map((n) => para(n, 'calc__note')),
        para('Deciding upstream lines (kubernetes v1.37.0):', 'calc__note'),
        refList([...r.refs, ...(r.fallback?.refs ?? [])]),
      ].filter((x): x is Tree => x !== null),
    };
  },
};
