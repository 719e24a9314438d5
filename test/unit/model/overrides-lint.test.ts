import { describe, expect, it } from 'vitest';
import { lintEtcdServersOverrides, type LintCode } from '../../../src/lib/model/overrides-lint.ts';
import { isBuiltinResource } from '../../../src/lib/model/builtin-resources.ts';
import { HELP_TEXT_EXAMPLE } from '../../../src/lib/model/etcd-servers-overrides.ts';
import { OVERRIDES_EN } from '../../../src/lib/calculators/messages/overrides.ts';

const codes = (v: string): LintCode[] => lintEtcdServersOverrides(v).map((f) => f.code);

describe('lintEtcdServersOverrides', () => {
  it('has nothing to say about a clean TLS value', () => {
    expect(
      lintEtcdServersOverrides(
        '/events#https://etcd-ev-1.example:2379;https://etcd-ev-2.example:2379,coordination.k8s.io/leases#https://10.0.0.7:2379',
      ),
    ).toEqual([]);
  });

  it('flags plain http in the help-text example', () => {
    expect(codes(HELP_TEXT_EXAMPLE)).toEqual(['plain-http', 'plain-http', 'plain-http']);
  });

  it.each<[string, LintCode]>([
    ['/pods#https://a:2379;/events#https://b:2379', 'swapped-separator-between-overrides'],
    ['/pods#https://a:2379,https://b:2379', 'swapped-separator-between-servers'],
    ['/registry/events#https://a:2379', 'etcd-key-prefix'],
    ['apps/v1/deployments#https://a:2379', 'version-in-group-resource'],
    ['core/pods#https://a:2379', 'core-group-named'],
    ['/events#https://a:2379,/events#https://b:2379', 'duplicate-group-resource'],
    ['/events#https://a:2379;https://a:2379', 'duplicate-server'],
    [' /events#https://a:2379', 'whitespace'],
    ['/events#https://a:2379; https://b:2379', 'whitespace'],
    ["'/events#https://a:2379'", 'shell-quotes'],
    ['"/events#https://a:2379"', 'csv-quotes'],
    ['/events#https://a:2379\n/pods#https://b:2379', 'ignored-after-first-line'],
    ['/events#etcd-1:2379', 'server-not-url'],
    ['/events#https://etcd-1', 'server-no-port'],
    ['/events#https://a:99999', 'server-not-url'],
    ['/Pods#https://a:2379', 'resource-not-lowercase-plural'],
    ['apps/#https://a:2379', 'empty-resource'],
    ['stable.example.com/crontabs#https://a:2379', 'not-builtin'],
    ['events.k8s.io/events#https://a:2379', 'events-cohabitation'],
    ['--etcd-servers-overrides=/events#https://a:2379', 'flag-name-included'],
  ])('%j → %s', (value, code) => {
    expect(codes(value)).toContain(code);
  });

  it('suggests the group/resource for an etcd key prefix', () => {
    const [f] = lintEtcdServersOverrides('/registry/deployments#https://a:2379');
    const ref = { n: 1, item: '/registry/deployments#https://a:2379' };
    expect(f!.finding).toEqual({
      kind: 'key-prefix',
      ref,
      left: '/registry/deployments',
      resource: 'deployments',
      group: 'apps',
    });
    expect(OVERRIDES_EN.finding(f!.finding)).toMatch(/"apps\/deployments"/);
    // Events are served by two groups: no one suggestion.
    const events = lintEtcdServersOverrides('/registry/events#https://a:2379')[0]!.finding;
    expect(events).toMatchObject({ kind: 'key-prefix', resource: 'events', group: null });
    expect(OVERRIDES_EN.finding(events)).toMatch(/"group\/events" \(e\.g\. "\/events"/);
  });

  it('points to the built-in group when the group is wrong', () => {
    const f = lintEtcdServersOverrides('/deployments#https://a:2379').find((x) => x.code === 'not-builtin');
    expect(f!.finding).toMatchObject({ groupResource: '/deployments', builtIn: ['apps/deployments'] });
    expect(OVERRIDES_EN.finding(f!.finding)).toMatch(/not to CRDs\. Built in as "apps\/deployments"\.$/);
  });

  it('marks informational findings as info and gives item indexes', () => {
    const fs = lintEtcdServersOverrides('/events#https://a:2379,events.k8s.io/events#https://a:2379;https://a:2379');
    expect(fs.map((f) => [f.code, f.severity, f.itemIndex])).toEqual([
      ['events-cohabitation', 'info', 1],
      ['duplicate-server', 'info', 1],
    ]);
  });

  it('accepts unix socket endpoints', () => {
    expect(codes('/events#unix:///var/run/etcd.sock')).toEqual([]);
  });

  it('accepts what Go\u2019s url.Parse accepts: an upper-case scheme and an IPv6 zone', () => {
    expect(codes('/events#HTTPS://etcd-1:2379')).toEqual([]);
    expect(codes('/events#https://[fe80::1%25eth0]:2379')).toEqual([]);
    expect(codes('/events#HTTP://etcd-1:2379')).toEqual(['plain-http']);
  });

  it('warns about whitespace inside the group/resource, which makes the override match nothing', () => {
    expect(codes('/pods #https://etcd-1:2379')).toEqual(['whitespace']);
    expect(codes('apps /deployments#https://etcd-1:2379')).toEqual(['whitespace']);
    // Upstream keys on the text as written: " /pods" and "/pods" are different overrides.
    expect(codes('/pods#https://a:2379, /pods#https://b:2379')).not.toContain('duplicate-group-resource');
  });

  it('reports one cause once: a specific finding replaces the generic "not built in"', () => {
    expect(codes('/Pods#https://a:2379')).toEqual(['resource-not-lowercase-plural']);
    expect(lintEtcdServersOverrides('/Pods#https://a:2379')[0]!.finding).toMatchObject({
      kind: 'not-lowercase-plural',
      resource: 'Pods',
      meant: '/pods',
    });
    expect(codes('registry/pods#https://a:2379')).toEqual(['etcd-key-prefix']);
    expect(codes("'/pods#https://a:2379'")).toEqual(['shell-quotes']);
  });

  it('says quotes changed the meaning when they hid a comma, and were merely unneeded otherwise', () => {
    const changed = lintEtcdServersOverrides('"/pods#https://a:2379,https://b:2379"').find(
      (f) => f.code === 'csv-quotes',
    )!;
    expect([changed.severity, changed.finding]).toEqual(['warning', { kind: 'csv-quotes-comma' }]);
    const harmless = lintEtcdServersOverrides('"/pods#https://a:2379"').find((f) => f.code === 'csv-quotes')!;
    expect([harmless.severity, harmless.finding]).toEqual(['info', { kind: 'csv-quotes-unneeded' }]);
  });
});

describe('built-in resources (approximate list)', () => {
  it('knows core and grouped resources', () => {
    expect(isBuiltinResource('', 'pods')).toBe(true);
    expect(isBuiltinResource('coordination.k8s.io', 'leases')).toBe(true);
    expect(isBuiltinResource('apps', 'pods')).toBe(false);
    expect(isBuiltinResource('stable.example.com', 'crontabs')).toBe(false);
  });
});
