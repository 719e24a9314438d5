import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DEFAULT_READ_REQUEST, routeRead, type ReadRequest, type ReadResult } from '../../../src/lib/model/read-path.ts';
import * as SOURCES from '../../../src/lib/model/sources.ts';
import { parseCitationRef } from '../../../src/lib/citations/ref.ts';

const req = (over: Partial<ReadRequest>): ReadRequest => ({ ...DEFAULT_READ_REQUEST, ...over });
const route = (over: Partial<ReadRequest>) => {
  const r = routeRead(req(over));
  if (!r.ok) throw new Error(`expected a route, got ${JSON.stringify(r.errors)}`);
  return r;
};
const errors = (over: Partial<ReadRequest>) => {
  const r: ReadResult = routeRead(req(over));
  if (r.ok) throw new Error(`expected errors, got ${r.servedBy}`);
  return r.errors;
};

describe('GET', () => {
  it('without resourceVersion always reaches etcd (consistent GET)', () => {
    for (const cacheReady of [true, false]) {
      const r = route({ verb: 'GET', cacheReady });
      expect(r).toMatchObject({ servedBy: 'etcd-linearizable', freshness: 'linearizable', etcdRequests: 1 });
      expect(r.refs[0]).toBe('kubernetes/kubernetes@v1.37.0:staging/src/k8s.io/apiserver/pkg/storage/cacher/delegator.go#L120-L125');
    }
  });
  it('with resourceVersion "0" is served by a ready cache, any freshness', () => {
    const r = route({ verb: 'GET', resourceVersion: '0' });
    expect(r).toMatchObject({ servedBy: 'watch-cache', freshness: 'any', etcdRequests: 0, fallback: null });
    expect(r.freshnessText).toMatch(/older than data the client has already seen/);
    expect(r.refs).toContain(SOURCES.delegatorGetFromCache);
  });
  it('with a resourceVersion waits for the cache, with no etcd fallback', () => {
    const r = route({ verb: 'GET', resourceVersion: '123' });
    expect(r).toMatchObject({ servedBy: 'watch-cache', freshness: 'not-older-than', fallback: { servedBy: 'error' } });
  });
  it('goes to etcd while the cache is not ready', () => {
    const r = route({ verb: 'GET', resourceVersion: '123', cacheReady: false });
    expect(r.servedBy).toBe('etcd-linearizable');
    expect(r.refs[0]).toBe('kubernetes/kubernetes@v1.37.0:staging/src/k8s.io/apiserver/pkg/storage/cacher/delegator.go#L127-L132');
  });
  it('ignores list-only parameters, and says so', () => {
    const r = route({ verb: 'GET', resourceVersionMatch: 'Exact', limit: 5 });
    expect(r.servedBy).toBe('etcd-linearizable');
    expect(r.notes[0]).toMatch(/resourceVersionMatch and limit are ignored/);
  });
  it('a malformed resourceVersion: a ready cache fails to parse it (an unconverted storage error, so 500)', () => {
    expect(errors({ verb: 'GET', resourceVersion: 'abc' })).toEqual([
      { field: 'resourceVersion', status: 500, message: 'resourceVersion: Invalid value: "abc": strconv.ParseUint: parsing "abc": invalid syntax', sources: [SOURCES.delegatorGetFromCache, SOURCES.handlerUnconvertedErrorIs500] },
    ]);
  });
  it('a malformed resourceVersion with the cache not ready: one etcd read first, then 400 from the store', () => {
    expect(errors({ verb: 'GET', resourceVersion: '99999999999999999999', cacheReady: false })).toEqual([
      {
        field: 'resourceVersion',
        status: 400,
        message: 'invalid resource version: resourceVersion: Invalid value: "99999999999999999999": strconv.ParseUint: parsing "99999999999999999999": value out of range',
        sources: [SOURCES.etcdStoreValidateMinimumRv],
        afterEtcdRead: true,
      },
    ]);
  });
});

describe('LIST routing', () => {
  it('consistent LIST: etcd revision read, then the cache; falls back to etcd', () => {
    const r = route({});
    expect(r).toMatchObject({ servedBy: 'watch-cache-after-etcd-revision', freshness: 'linearizable', etcdRequests: 1, fallback: { servedBy: 'etcd-linearizable' } });
    expect(r.refs).toEqual(expect.arrayContaining([SOURCES.shouldDelegateListConsistent, SOURCES.getCurrentResourceVersion, SOURCES.waitUntilFreshLocked]));
    expect(r.fallback!.refs).toContain(SOURCES.delegatorListConsistentFallback);
  });
  it('consistent LIST goes to etcd when etcd lacks progress notify', () => {
    expect(route({ etcdSupportsProgressNotify: false })).toMatchObject({ servedBy: 'etcd-linearizable', fallback: null });
  });
  it('resourceVersion "0" is served by the cache, which ignores limit', () => {
    expect(route({ resourceVersion: '0' })).toMatchObject({ servedBy: 'watch-cache', freshness: 'any', notes: [] });
    const r = route({ resourceVersion: '0', limit: 500 });
    expect(r.notes[0]).toMatch(/ignores limit/);
    expect(r.refs).toContain(SOURCES.cacherLimitIgnoredForRvZero);
  });
  it('a resourceVersion without limit means not-older-than from the cache', () => {
    expect(route({ resourceVersion: '123' })).toMatchObject({ servedBy: 'watch-cache', freshness: 'not-older-than', fallback: { servedBy: 'error' } });
    expect(route({ resourceVersion: '123', resourceVersionMatch: 'NotOlderThan', limit: 10 })).toMatchObject({ servedBy: 'watch-cache', freshness: 'not-older-than' });
    expect(route({ resourceVersion: '0', resourceVersionMatch: 'NotOlderThan' })).toMatchObject({ servedBy: 'watch-cache', freshness: 'any' });
  });
  // The cache parses the value (strconv.ParseUint), the delegator compares its text with "0".
  it('"00" parses as revision 0, so the cache serves any version; with a limit the text still makes it a legacy exact read', () => {
    for (const over of [{ verb: 'GET' as const }, {}]) {
      const r = route({ ...over, resourceVersion: '00' });
      expect(r).toMatchObject({ servedBy: 'watch-cache', freshness: 'any', fallback: null });
      expect(r.reason).toMatch(/resourceVersion "00" parses as 0, which means any version/);
    }
    expect(route({ resourceVersion: '00', resourceVersionMatch: 'NotOlderThan' })).toMatchObject({ servedBy: 'watch-cache', freshness: 'any', fallback: null });
    expect(route({ resourceVersion: '00', limit: 10 })).toMatchObject({ freshness: 'exact' });
    expect(route({ verb: 'GET', resourceVersion: '00', cacheReady: false }).reason).not.toMatch(/not older than/);
  });
  it.each<[string, Partial<ReadRequest>]>([
    ['Exact', { resourceVersion: '123', resourceVersionMatch: 'Exact' }],
    ['legacy exact (limit + resourceVersion)', { resourceVersion: '123', limit: 500 }],
    ['continue', { continueToken: true, limit: 500 }],
  ])('%s: cache snapshot if held, else etcd at that revision', (_, over) => {
    expect(route(over)).toMatchObject({ servedBy: 'watch-cache', freshness: 'exact', etcdRequests: 0 });
    expect(route({ ...over, exactRvInCache: false })).toMatchObject({ servedBy: 'etcd-exact-revision', freshness: 'exact', etcdRequests: 1 });
    const noSnap = route({ ...over, cacheSnapshots: false });
    expect(noSnap.servedBy).toBe('etcd-exact-revision');
    expect(noSnap.reason).toMatch(/ListFromCacheSnapshot off/);
    expect(noSnap.notes.join(' ')).toMatch(/410 Gone/);
  });
  it('continue with resourceVersion "0" is allowed', () => {
    expect(route({ continueToken: true, resourceVersion: '0' }).servedBy).toBe('watch-cache');
  });
  it('cache not ready: limit and no selector → etcd; otherwise 429', () => {
    const viaEtcd = route({ cacheReady: false, limit: 500 });
    expect(viaEtcd.servedBy).toBe('etcd-linearizable');
    expect(viaEtcd.refs).toEqual(expect.arrayContaining([SOURCES.delegatorListNotReady, SOURCES.shouldDelegateListOnNotReadyCache]));
    expect(route({ cacheReady: false })).toMatchObject({ servedBy: 'too-many-requests', freshness: 'none', etcdRequests: 0 });
    expect(route({ cacheReady: false, limit: 500, hasSelector: true }).refs).toContain(SOURCES.cacherNotReady429);
    expect(route({ cacheReady: false, resourceVersion: '0', limit: 10 }).servedBy).toBe('etcd-linearizable');
    expect(route({ cacheReady: false, resourceVersion: '123', limit: 10 }).servedBy).toBe('etcd-exact-revision');
  });
  it('requests delegated by ShouldDelegateList go to etcd even when the cache is not ready', () => {
    expect(route({ cacheReady: false, etcdSupportsProgressNotify: false }).servedBy).toBe('etcd-linearizable');
    expect(route({ cacheReady: false, resourceVersion: '5', resourceVersionMatch: 'Exact', cacheSnapshots: false }).servedBy).toBe('etcd-exact-revision');
  });
});

describe('LIST validation (as upstream)', () => {
  it('resourceVersionMatch without resourceVersion → 422', () => {
    expect(errors({ resourceVersionMatch: 'NotOlderThan' })).toEqual([
      { field: 'resourceVersionMatch', status: 422, message: 'resourceVersionMatch is forbidden unless resourceVersion is provided', sources: [SOURCES.apiValidateListOptions] },
    ]);
  });
  it('Exact with resourceVersion "0" → 422', () => {
    expect(errors({ resourceVersionMatch: 'Exact', resourceVersion: '0' }).map((e) => e.message)).toEqual(['resourceVersionMatch "exact" is forbidden for resourceVersion "0"']);
  });
  it('resourceVersionMatch with continue → 422', () => {
    expect(errors({ resourceVersionMatch: 'NotOlderThan', resourceVersion: '5', continueToken: true }).map((e) => e.message)).toEqual(['resourceVersionMatch is forbidden when continue is provided']);
  });
  it('an unknown resourceVersionMatch (case matters) → 422', () => {
    expect(errors({ resourceVersionMatch: 'exact', resourceVersion: '5' })[0]!.message).toMatch(/^Unsupported value: "exact"/);
  });
  it('continue with a resourceVersion other than "0" → 400', () => {
    expect(errors({ continueToken: true, resourceVersion: '5' })).toMatchObject([{ field: 'continue', status: 400, message: 'specifying resource version is not allowed when using continue' }]);
  });
  it('a resourceVersion that is not an unsigned 64-bit integer → 400', () => {
    expect(errors({ resourceVersion: '-1' })[0]!.status).toBe(400);
    expect(errors({ resourceVersion: '18446744073709551616' })[0]!.status).toBe(400);
    expect(route({ resourceVersion: '18446744073709551615' }).servedBy).toBe('watch-cache');
  });
  it('rejects a fractional or negative limit as a programming error', () => {
    expect(() => routeRead(req({ limit: 1.5 }))).toThrow(RangeError);
  });
});

describe('routeRead over every input combination (property)', () => {
  const arb = fc.record({
    verb: fc.constantFrom<'GET' | 'LIST'>('GET', 'LIST'),
    resourceVersion: fc.constantFrom('', '0', '42', 'x'),
    resourceVersionMatch: fc.constantFrom('', 'NotOlderThan', 'Exact', 'Bogus'),
    limit: fc.constantFrom(0, 1, 500),
    continueToken: fc.boolean(),
    cacheReady: fc.boolean(),
    etcdSupportsProgressNotify: fc.boolean(),
    cacheSnapshots: fc.boolean(),
    exactRvInCache: fc.boolean(),
    hasSelector: fc.boolean(),
  });
  it('always answers with errors or a complete, cited route', () => {
    fc.assert(
      fc.property(arb, (r) => {
        const out = routeRead(r);
        if (!out.ok) {
          expect(out.errors.length).toBeGreaterThan(0);
          return;
        }
        expect(out.reason.length).toBeGreaterThan(10);
        expect(out.refs.length).toBeGreaterThan(0);
        for (const ref of out.refs) expect(() => parseCitationRef(ref)).not.toThrow();
        expect(out.etcdRequests).toBe(out.servedBy === 'watch-cache' || out.servedBy === 'too-many-requests' ? 0 : 1);
        if (r.verb === 'GET' && r.resourceVersion === '') expect(out.servedBy).toBe('etcd-linearizable');
        if (out.servedBy === 'too-many-requests') expect(r.verb === 'LIST' && !r.cacheReady && (r.hasSelector || r.limit === 0)).toBe(true);
        if (out.freshness === 'any') expect(r.resourceVersion).toBe('0');
      }),
      { numRuns: 2000 },
    );
  });
});
