import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  HELP_TEXT_EXAMPLE,
  OVERRIDES_INVALID,
  buildEtcdServersOverrides,
  parseEtcdServersOverrides,
  type EtcdServersOverride,
} from '../../../src/lib/model/etcd-servers-overrides.ts';
import { readFlagCsv } from '../../../src/lib/model/flag-csv.ts';

describe('parseEtcdServersOverrides', () => {
  it('parses the help-text example into two overrides', () => {
    const r = parseEtcdServersOverrides(HELP_TEXT_EXAMPLE);
    expect(r).toMatchObject({
      ok: true,
      overrides: [
        { group: '', resource: 'pods', servers: ['http://etcd4:2379', 'http://etcd5:2379'] },
        { group: '', resource: 'events', servers: ['http://etcd6:2379'] },
      ],
    });
  });

  // What kube-apiserver v1.37 (pflag StringSlice + ParseEtcdServersOverrides, etcd.go#L630-L653) does.
  const table: [string, 'accept' | 'reject', number?][] = [
    ['', 'accept', 0],
    ['/events#http://a', 'accept', 1],
    ['apps/#http://a', 'accept', 1], // empty resource is not checked
    ['/events#a', 'accept', 1], // servers are not checked as URLs
    ['/#x', 'accept', 1],
    ['/events#http://a,/events#http://b', 'accept', 2], // duplicates are not checked
    [' /events#http://a ', 'accept', 1], // whitespace is kept, not rejected
    ['nosuch.example.com/widgets#https://e:2379', 'accept', 1], // existence is not checked
    ['"/pods#http://a;http://b","/events#http://c"', 'accept', 2], // CSV quotes are removed
    ['/events#http://a\n/pods#http://b', 'accept', 1], // only the first line is read
    ['\n\n/events#http://a', 'accept', 1], // leading blank lines are skipped
    ['/events#http://a\r\n', 'accept', 1],
    ['/events#', 'reject'],
    ['events#http://a', 'reject'], // no slash
    ['a/b/c#x', 'reject'],
    ['/registry/events#http://a', 'reject'],
    ['/events#http://a;', 'reject'],
    ['/events#;http://a', 'reject'],
    ['/events#http://a;;http://b', 'reject'],
    ['/events#http://a#b', 'reject'],
    ['/events', 'reject'],
    ['#http://a', 'reject'],
    [',', 'reject'],
    ['/events#http://a,', 'reject'], // trailing comma = an empty override
    ['/pods#http://a;/events#http://b', 'reject'], // ";" between overrides
    ['/pods#http://a,http://b', 'reject'], // "," between servers
    [' ', 'reject'],
    ['/ev"ents#http://a', 'reject'], // bare quote: flag parser error
    ['"/events#http://a', 'reject'], // unterminated quote
    ['"/events"#http://a', 'reject'], // text after closing quote
    ['\n', 'reject'], // only a line break: flag parser EOF
  ];

  it.each(table)('%j → %s', (value, verdict, count) => {
    const r = parseEtcdServersOverrides(value);
    expect(r.ok).toBe(verdict === 'accept');
    if (r.ok) expect(r.overrides).toHaveLength(count!);
  });

  it('gives the one upstream message for every malformed override, with our reason beside it', () => {
    const r = parseEtcdServersOverrides('/pods#http://a,events#http://b');
    expect(r).toMatchObject({
      ok: false,
      stage: 'override',
      error: OVERRIDES_INVALID,
      itemIndex: 1,
      item: 'events#http://b',
    });
    expect(OVERRIDES_INVALID).toBe(
      '--etcd-servers-overrides invalid, must be of format: group/resource#servers, where servers are URLs, semicolon separated',
    );
    if (!r.ok)
      expect(r.rejection).toEqual({
        stage: 'override',
        ref: { n: 2, item: 'events#http://b' },
        problem: { kind: 'no-slash', left: 'events' },
      });
  });

  it('reports flag-parser (CSV) failures as their own stage', () => {
    const r = parseEtcdServersOverrides('/ev"ents#http://a');
    expect(r).toMatchObject({ ok: false, stage: 'flag', source: 'spf13/pflag@v1.0.10:string_slice.go#L22-L29' });
    if (!r.ok) {
      expect(r.error).toMatch(/bare " in non-quoted-field/);
      expect(r.rejection).toEqual({ stage: 'flag', problem: { kind: 'bare-quote', item: 1 } });
    }
  });

  it('keeps whitespace and empty resources exactly as upstream does', () => {
    expect(parseEtcdServersOverrides(' /events#http://a ')).toMatchObject({
      ok: true,
      overrides: [{ group: ' ', resource: 'events', servers: ['http://a '] }],
    });
    expect(parseEtcdServersOverrides('apps/#http://a')).toMatchObject({
      ok: true,
      overrides: [{ group: 'apps', resource: '', servers: ['http://a'] }],
    });
  });

  it('reports text after the first line as ignored', () => {
    expect(parseEtcdServersOverrides('/events#http://a\n/pods#http://b')).toMatchObject({
      ok: true,
      ignoredText: '/pods#http://b',
    });
  });
});

describe('readFlagCsv (Go encoding/csv, one record)', () => {
  it('handles quoted fields with doubled quotes, commas and newlines', () => {
    expect(readFlagCsv('"a,b","c""d",e')).toEqual({ ok: true, items: ['a,b', 'c"d', 'e'], ignored: '', quoted: true });
    expect(readFlagCsv('"a\nb",c\nnext')).toEqual({ ok: true, items: ['a\nb', 'c'], ignored: 'next', quoted: true });
    expect(readFlagCsv('a,')).toEqual({ ok: true, items: ['a', ''], ignored: '', quoted: false });
    expect(readFlagCsv('a\r')).toEqual({ ok: true, items: ['a'], ignored: '', quoted: false });
    expect(readFlagCsv('a\rb')).toEqual({ ok: true, items: ['a\rb'], ignored: '', quoted: false });
  });
});

describe('buildEtcdServersOverrides', () => {
  it('writes group/resource#servers joined by "," and ";"', () => {
    expect(
      buildEtcdServersOverrides([
        { group: '', resource: 'pods', servers: ['http://etcd4:2379', 'http://etcd5:2379'] },
        { group: '', resource: 'events', servers: ['http://etcd6:2379'] },
      ]),
    ).toEqual({ ok: true, value: HELP_TEXT_EXAMPLE });
    expect(buildEtcdServersOverrides([])).toEqual({ ok: true, value: '' });
  });

  it('refuses rows the format cannot carry', () => {
    const r = buildEtcdServersOverrides([
      { group: 'apps/v1', resource: 'deployments', servers: ['https://e:2379'] },
      { group: '', resource: 'events', servers: [] },
      { group: '', resource: 'pods', servers: ['https://a:2379;https://b:2379', ''] },
    ]);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.problems.map((p) => [p.row, p.field, p.server])).toEqual([
        [0, 'group', undefined],
        [1, 'servers', undefined],
        [2, 'servers', 0],
        [2, 'servers', 1],
      ]);
    }
  });

  it('its output always parses back to its rows (property)', () => {
    const text = fc.string({
      unit: fc.constantFrom('a', 'b', '.', '-', ':', '/', ' ', '9', 'é', ';', '#', ',', '"', '\n', '\r', '\t', "'"),
      maxLength: 12,
    });
    const row = fc.record({ group: text, resource: text, servers: fc.array(text, { maxLength: 4 }) });
    fc.assert(
      fc.property(fc.array(row, { maxLength: 5 }), (rows: EtcdServersOverride[]) => {
        const built = buildEtcdServersOverrides(rows);
        if (!built.ok) return;
        const parsed = parseEtcdServersOverrides(built.value);
        expect(parsed.ok).toBe(true);
        if (parsed.ok) {
          expect(parsed.overrides).toEqual(rows);
          expect(parsed.ignoredText).toBe('');
        }
      }),
      { numRuns: 3000 },
    );
  });

  it('builds every well-formed row set (property)', () => {
    const safe = fc.string({ unit: fc.constantFrom('a', 'b', 'k', '8', '.', '-'), maxLength: 10 });
    const server = fc.string({
      unit: fc.constantFrom('h', 't', 'p', 's', ':', '/', '1', '.'),
      minLength: 1,
      maxLength: 16,
    });
    const row = fc.record({ group: safe, resource: safe, servers: fc.array(server, { minLength: 1, maxLength: 3 }) });
    fc.assert(
      fc.property(fc.array(row, { maxLength: 6 }), (rows) => {
        const built = buildEtcdServersOverrides(rows);
        expect(built.ok).toBe(true);
        if (built.ok) expect(parseEtcdServersOverrides(built.value)).toMatchObject({ ok: true, overrides: rows });
      }),
    );
  });
});
