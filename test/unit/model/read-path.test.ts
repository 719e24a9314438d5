import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  DEFAULT_READ_REQUEST,
  MAX_REVISION,
  routeRead,
  STATUS_TEXT,
  UNREADY_RETRY_AFTER,
  unreadyCacheRetryAfter,
  type ContinueToken,
  type ReadRequest,
  type ReadResource,
  type ReadResult,
  type ReadRoute,
} from '../../../src/lib/model/read-path.ts';
import { routeWords } from '../../../src/lib/calculators/read-path-words.ts';
import { CALCULATOR_SCHEMAS } from '../../../src/lib/model/calculator-state.ts';
import * as SOURCES from '../../../src/lib/model/sources.ts';
import { parseCitationRef } from '../../../src/lib/citations/ref.ts';

const req = (over: Partial<ReadRequest>): ReadRequest => ({ ...DEFAULT_READ_REQUEST, ...over });
/**
 * A route with its sentences in English as the explorer words them: the model returns keys
 * (reason, cost, freshness, conditions, notes), and these tests read what they say.
 */
const english = (r: ReadRoute) => {
  const said = routeWords(r, 'en');
  return {
    ...r,
    reason: said.reason,
    etcdCost: said.etcdCost,
    freshnessText: said.freshness,
    notes: said.notes,
    fallback: r.fallback && { ...r.fallback, when: said.fallbackWhen! },
    mayFail: r.mayFail.map((f, i) => ({ ...f, when: said.mayFailWhen[i]! })),
  };
};
const route = (over: Partial<ReadRequest>) => {
  const r = routeRead(req(over));
  if (!r.ok) throw new Error(`expected a route, got ${JSON.stringify(r.errors)}`);
  return english(r);
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
      expect(r.refs[0]).toBe(
        'kubernetes/kubernetes@v1.37.0:staging/src/k8s.io/apiserver/pkg/storage/cacher/delegator.go#L120-L125',
      );
    }
  });
  it('with resourceVersion "0" is served by a ready cache, any freshness', () => {
    const r = route({ verb: 'GET', resourceVersion: '0' });
    expect(r).toMatchObject({ servedBy: 'watch-cache', freshness: 'any', etcdRequests: 0, fallback: null });
    expect(r.freshnessText).toMatch(/older than data the client has already seen/);
    expect(r.refs).toContain(SOURCES.delegatorGetFromCache);
  });
  it('with a resourceVersion the cache has seen: answered at once', () => {
    const r = route({ verb: 'GET', resourceVersion: '123' });
    expect(r).toMatchObject({ servedBy: 'watch-cache', freshness: 'not-older-than', fallback: null, etcdRequests: 0 });
    expect(r.reason).toMatch(/already seen it: the cache answers at once/);
  });
  it('with a resourceVersion newer than the cache: waits up to 3 s, then 504 with Retry-After: 1 (no etcd fallback)', () => {
    const r = route({ verb: 'GET', resourceVersion: '100001' });
    expect(r).toMatchObject({
      servedBy: 'watch-cache',
      etcdRequests: 0,
      fallback: {
        servedBy: 'error',
        error: {
          status: 504,
          message: 'Timeout: Too large resource version: 100001, current: 100000',
          retryAfter: { min: 1, max: 1 },
        },
      },
    });
    expect(r.refs).toEqual(expect.arrayContaining([SOURCES.cacherGetWaits, SOURCES.waitUntilFreshLocked]));
    expect(r.fallback!.refs).toEqual(
      expect.arrayContaining([
        SOURCES.watchCacheRetrySeconds,
        SOURCES.tooLargeResourceVersionError,
        SOURCES.timeoutErrorIs504,
        SOURCES.retryAfterHeader,
      ]),
    );
  });
  it('while it waits, the cache asks etcd for progress notifications only when etcd supports them', () => {
    const withProgress = route({ verb: 'GET', resourceVersion: '100001' });
    expect(withProgress.etcdCost).toMatch(/progress notification every 100 ms/);
    expect(withProgress.refs).toContain(SOURCES.progressRequestPeriod);
    const without = route({ verb: 'GET', resourceVersion: '100001', etcdSupportsProgressNotify: false });
    expect(without.etcdCost).toMatch(/without progress notify it cannot ask etcd/);
    expect(without.refs).not.toContain(SOURCES.progressRequestPeriod);
    expect(without.fallback!.error).toMatchObject({ status: 504, retryAfter: { min: 1, max: 1 } });
  });
  it("while the cache is not ready, a resourceVersion newer than etcd's fails after the etcd read: 504, no Retry-After", () => {
    expect(errors({ verb: 'GET', resourceVersion: '100001', cacheReady: false })).toEqual([
      {
        field: 'resourceVersion',
        status: 504,
        message: 'Timeout: Too large resource version: 100001, current: 100000',
        retryAfter: null,
        etcdRequestsFirst: 1,
        sources: [
          SOURCES.delegatorGetNotReady,
          SOURCES.etcdStoreGet,
          SOURCES.etcdStoreValidateMinimumRv,
          SOURCES.tooLargeResourceVersionError,
          SOURCES.timeoutErrorIs504,
          SOURCES.retryAfterHeader,
        ],
      },
    ]);
  });
  it('goes to etcd while the cache is not ready', () => {
    const r = route({ verb: 'GET', resourceVersion: '123', cacheReady: false });
    expect(r.servedBy).toBe('etcd-linearizable');
    expect(r.refs[0]).toBe(
      'kubernetes/kubernetes@v1.37.0:staging/src/k8s.io/apiserver/pkg/storage/cacher/delegator.go#L127-L132',
    );
  });
  it('ignores list-only parameters, and says so', () => {
    const r = route({ verb: 'GET', resourceVersionMatch: 'Exact', limit: 5 });
    expect(r.servedBy).toBe('etcd-linearizable');
    expect(r.notes[0]).toMatch(/resourceVersionMatch and limit are ignored/);
  });
  it('a malformed resourceVersion: a ready cache fails to parse it (an unconverted storage error, so 500)', () => {
    expect(errors({ verb: 'GET', resourceVersion: 'abc' })).toEqual([
      {
        field: 'resourceVersion',
        status: 500,
        message: 'resourceVersion: Invalid value: "abc": strconv.ParseUint: parsing "abc": invalid syntax',
        retryAfter: null,
        sources: [SOURCES.delegatorGetFromCache, SOURCES.handlerUnconvertedErrorIs500],
      },
    ]);
  });
  it('a malformed resourceVersion with the cache not ready: one etcd read first, then 400 from the store', () => {
    expect(errors({ verb: 'GET', resourceVersion: '99999999999999999999', cacheReady: false })).toEqual([
      {
        field: 'resourceVersion',
        status: 400,
        message:
          'invalid resource version: resourceVersion: Invalid value: "99999999999999999999": strconv.ParseUint: parsing "99999999999999999999": value out of range',
        retryAfter: null,
        sources: [SOURCES.etcdStoreValidateMinimumRv],
        etcdRequestsFirst: 1,
      },
    ]);
  });
});

describe('LIST routing', () => {
  it('consistent LIST: etcd revision read, then the cache; falls back to etcd', () => {
    const r = route({});
    expect(r).toMatchObject({
      servedBy: 'watch-cache-after-etcd-revision',
      freshness: 'linearizable',
      etcdRequests: 1,
      fallback: { servedBy: 'etcd-linearizable' },
    });
    expect(r.refs).toEqual(
      expect.arrayContaining([
        SOURCES.shouldDelegateListConsistent,
        SOURCES.getCurrentResourceVersion,
        SOURCES.waitUntilFreshLocked,
      ]),
    );
    expect(r.fallback!.refs).toContain(SOURCES.delegatorListConsistentFallback);
  });
  it('consistent LIST goes to etcd when etcd lacks progress notify', () => {
    expect(route({ etcdSupportsProgressNotify: false })).toMatchObject({
      servedBy: 'etcd-linearizable',
      fallback: null,
    });
  });
  it('resourceVersion "0" is served by the cache, which ignores limit', () => {
    expect(route({ resourceVersion: '0' })).toMatchObject({ servedBy: 'watch-cache', freshness: 'any', notes: [] });
    const r = route({ resourceVersion: '0', limit: 500 });
    expect(r.notes[0]).toMatch(/ignores limit/);
    expect(r.refs).toContain(SOURCES.cacherLimitIgnoredForRvZero);
  });
  it('a resourceVersion without limit means not-older-than from the cache, which waits only for a revision it has not seen', () => {
    expect(route({ resourceVersion: '123' })).toMatchObject({
      servedBy: 'watch-cache',
      freshness: 'not-older-than',
      fallback: null,
    });
    expect(route({ resourceVersion: '123', currentRevision: 100 })).toMatchObject({
      servedBy: 'watch-cache',
      freshness: 'not-older-than',
      fallback: {
        servedBy: 'error',
        error: {
          status: 504,
          message: 'Timeout: Too large resource version: 123, current: 100',
          retryAfter: { min: 1, max: 1 },
        },
      },
    });
    expect(route({ resourceVersion: '123', resourceVersionMatch: 'NotOlderThan', limit: 10 })).toMatchObject({
      servedBy: 'watch-cache',
      freshness: 'not-older-than',
    });
    expect(route({ resourceVersion: '0', resourceVersionMatch: 'NotOlderThan' })).toMatchObject({
      servedBy: 'watch-cache',
      freshness: 'any',
    });
  });
  // The cache parses the value (strconv.ParseUint), the delegator compares its text with "0".
  it('"00" parses as revision 0, so the cache serves any version; with a limit the delegator\'s text check still makes it a legacy exact match, which no snapshot serves, so etcd reads the latest revision', () => {
    for (const over of [{ verb: 'GET' as const }, {}]) {
      const r = route({ ...over, resourceVersion: '00' });
      expect(r).toMatchObject({ servedBy: 'watch-cache', freshness: 'any', fallback: null });
      expect(r.reason).toMatch(/resourceVersion "00" parses as 0, which means any version/);
    }
    expect(route({ resourceVersion: '00', resourceVersionMatch: 'NotOlderThan' })).toMatchObject({
      servedBy: 'watch-cache',
      freshness: 'any',
      fallback: null,
    });
    const legacy = route({ resourceVersion: '00', limit: 10 });
    expect(legacy).toMatchObject({ servedBy: 'etcd-linearizable', freshness: 'linearizable', mayFail: [] });
    expect(legacy.reason).toMatch(/"00" parses as revision 0, at which the cache holds no snapshot/);
    expect(legacy.reason).toMatch(/the limit of 10 is honoured/);
    expect(route({ verb: 'GET', resourceVersion: '00', cacheReady: false }).reason).not.toMatch(/not older than/);
  });
  it.each<[string, Partial<ReadRequest>]>([
    ['Exact', { resourceVersion: '123', resourceVersionMatch: 'Exact' }],
    ['legacy exact (limit + resourceVersion)', { resourceVersion: '123', limit: 500 }],
    ['continue', { continueToken: 'first-page', limit: 500 }],
  ])('%s: cache snapshot if held, else etcd at that revision', (_, over) => {
    expect(route(over)).toMatchObject({ servedBy: 'watch-cache', freshness: 'exact', etcdRequests: 0 });
    const older = route({ ...over, exactRvInCache: false });
    expect(older).toMatchObject({ servedBy: 'etcd-exact-revision', freshness: 'exact', etcdRequests: 1 });
    expect(older.mayFail).toHaveLength(1);
    expect(older.mayFail[0]!.error).toMatchObject({ status: 410, retryAfter: null });
    expect(older.mayFail[0]!.refs).toEqual(
      over.continueToken === 'first-page'
        ? [SOURCES.etcdListCompacted410, SOURCES.resourceExpiredIs410, SOURCES.inconsistentContinue410]
        : [SOURCES.etcdListCompacted410, SOURCES.resourceExpiredIs410],
    );
    const noSnap = route({ ...over, cacheSnapshots: false });
    expect(noSnap.servedBy).toBe('etcd-exact-revision');
    expect(noSnap.reason).toMatch(/ListFromCacheSnapshot off/);
    expect(noSnap.mayFail[0]!.when).toMatch(/compacted/);
  });
  it('continue with resourceVersion "0" is allowed', () => {
    expect(route({ continueToken: 'first-page', resourceVersion: '0' }).servedBy).toBe('watch-cache');
  });
  it('cache not ready: limit and no selector → etcd; otherwise 429', () => {
    const viaEtcd = route({ cacheReady: false, limit: 500 });
    expect(viaEtcd.servedBy).toBe('etcd-linearizable');
    expect(viaEtcd.refs).toEqual(
      expect.arrayContaining([SOURCES.delegatorListNotReady, SOURCES.shouldDelegateListOnNotReadyCache]),
    );
    expect(route({ cacheReady: false })).toMatchObject({
      servedBy: 'too-many-requests',
      freshness: 'none',
      etcdRequests: 0,
    });
    expect(route({ cacheReady: false, limit: 500, hasSelector: true }).refs).toContain(SOURCES.cacherNotReady429);
    expect(route({ cacheReady: false, resourceVersion: '0', limit: 10 }).servedBy).toBe('etcd-linearizable');
    expect(route({ cacheReady: false, resourceVersion: '123', limit: 10 }).servedBy).toBe('etcd-exact-revision');
  });
  it('requests delegated by ShouldDelegateList go to etcd even when the cache is not ready', () => {
    expect(route({ cacheReady: false, etcdSupportsProgressNotify: false }).servedBy).toBe('etcd-linearizable');
    expect(
      route({ cacheReady: false, resourceVersion: '5', resourceVersionMatch: 'Exact', cacheSnapshots: false }).servedBy,
    ).toBe('etcd-exact-revision');
  });
});

describe('LIST validation (as upstream)', () => {
  it('resourceVersionMatch without resourceVersion → 422', () => {
    expect(errors({ resourceVersionMatch: 'NotOlderThan' })).toEqual([
      {
        field: 'resourceVersionMatch',
        status: 422,
        message: 'resourceVersionMatch is forbidden unless resourceVersion is provided',
        retryAfter: null,
        sources: [SOURCES.apiValidateListOptions],
      },
    ]);
  });
  it('Exact with resourceVersion "0" → 422', () => {
    expect(errors({ resourceVersionMatch: 'Exact', resourceVersion: '0' }).map((e) => e.message)).toEqual([
      'resourceVersionMatch "exact" is forbidden for resourceVersion "0"',
    ]);
  });
  it('resourceVersionMatch with continue → 422', () => {
    expect(
      errors({ resourceVersionMatch: 'NotOlderThan', resourceVersion: '5', continueToken: 'first-page' }).map(
        (e) => e.message,
      ),
    ).toEqual(['resourceVersionMatch is forbidden when continue is provided']);
  });
  it('an unknown resourceVersionMatch (case matters) → 422', () => {
    expect(errors({ resourceVersionMatch: 'exact', resourceVersion: '5' })[0]!.message).toMatch(
      /^Unsupported value: "exact"/,
    );
  });
  it('continue with a resourceVersion other than "0" → 400', () => {
    expect(errors({ continueToken: 'first-page', resourceVersion: '5' })).toMatchObject([
      { field: 'continue', status: 400, message: 'specifying resource version is not allowed when using continue' },
    ]);
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
    resource: fc.constantFrom<ReadResource>('cached', 'events', 'size0', 'off'),
    resourceVersion: fc.constantFrom('', '0', '42', '100001', 'x'),
    currentRevision: fc.constantFrom(1, 42, 100000),
    resourceVersionMatch: fc.constantFrom('', 'NotOlderThan', 'Exact', 'Bogus'),
    limit: fc.constantFrom(0, 1, 500),
    continueToken: fc.constantFrom<ContinueToken>('none', 'first-page', 'latest', 'no-rv', 'malformed'),
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
          for (const e of out.errors) {
            expect(STATUS_TEXT[e.status]).toBeTruthy();
            // Only the watch cache's own waits and rejections send Retry-After; validation and etcd-side errors do not.
            expect(e.retryAfter).toBeNull();
            if (e.status === 504) expect(e.etcdRequestsFirst).toBeGreaterThan(0);
          }
          return;
        }
        if (r.resource !== 'cached') {
          expect(out.servedBy).toMatch(/^etcd-/);
          // Without a watch cache the cache's own inputs change nothing.
          const other = routeRead({
            ...r,
            cacheReady: !r.cacheReady,
            etcdSupportsProgressNotify: !r.etcdSupportsProgressNotify,
            cacheSnapshots: !r.cacheSnapshots,
            exactRvInCache: !r.exactRvInCache,
          });
          expect(other).toEqual(out);
        }
        if (out.servedBy === 'too-many-requests')
          expect(out.response).toMatchObject({ status: 429, retryAfter: UNREADY_RETRY_AFTER });
        else expect(out.response).toBeNull();
        for (const f of out.mayFail) expect(STATUS_TEXT[f.error.status]).toBeTruthy();
        // Every key the route holds is worded, in each language, with nothing left unsaid.
        for (const lang of ['en', 'ja'] as const) {
          const said = routeWords(out, lang);
          expect(said.reason.length).toBeGreaterThan(10);
          for (const text of [said.reason, said.etcdCost, said.freshness, ...said.mayFailWhen, ...said.notes])
            expect(text).not.toMatch(/undefined|null|\[object/);
          expect(said.fallbackWhen === null).toBe(out.fallback === null);
        }
        expect(out.refs.length).toBeGreaterThan(0);
        for (const ref of out.refs) expect(() => parseCitationRef(ref)).not.toThrow();
        expect(out.etcdRequests).toBe(out.servedBy === 'watch-cache' || out.servedBy === 'too-many-requests' ? 0 : 1);
        if (out.fallback?.servedBy === 'error')
          expect(out.fallback.error).toMatchObject({ status: 504, retryAfter: { min: 1, max: 1 } });
        if (r.verb === 'GET' && r.resourceVersion === '') expect(out.servedBy).toBe('etcd-linearizable');
        if (out.servedBy === 'too-many-requests')
          expect(r.verb === 'LIST' && !r.cacheReady && (r.hasSelector || r.limit === 0)).toBe(true);
        if (out.freshness === 'any') expect(r.resourceVersion).toBe('0');
      }),
      { numRuns: 2000 },
    );
  });
});

describe('resources without a watch cache: every read is an etcd read', () => {
  const uncached: [ReadResource, string][] = [
    ['events', SOURCES.eventsWatchCacheOffByDefault],
    ['size0', SOURCES.watchCacheDecorator],
    ['off', SOURCES.watchCacheOffUndecorated],
  ];
  it.each(uncached)(
    '%s: GET reads etcd at the latest revision, whatever resourceVersion asks for',
    (resource, deciding) => {
      for (const resourceVersion of ['', '0', '00', '123', '100000']) {
        const r = route({ verb: 'GET', resource, resourceVersion });
        expect(r).toMatchObject({
          servedBy: 'etcd-linearizable',
          freshness: 'linearizable',
          etcdRequests: 1,
          fallback: null,
        });
        expect(r.refs).toEqual(expect.arrayContaining([deciding, SOURCES.etcdStoreGet]));
      }
    },
  );
  it.each(uncached)(
    "%s: a resourceVersion newer than etcd's is checked after the read: 504, no Retry-After",
    (resource) => {
      for (const verb of ['GET', 'LIST'] as const) {
        for (const resourceVersionMatch of verb === 'LIST' ? ['', 'NotOlderThan'] : ['']) {
          const [e] = errors({ verb, resource, resourceVersion: '100001', resourceVersionMatch });
          expect(e).toMatchObject({
            status: 504,
            message: 'Timeout: Too large resource version: 100001, current: 100000',
            retryAfter: null,
            etcdRequestsFirst: 1,
          });
          expect(e!.sources).toContain(SOURCES.etcdStoreValidateMinimumRv);
          if (verb === 'LIST') expect(e!.sources).toContain(SOURCES.etcdListMinimumRvAfterRead);
        }
      }
    },
  );
  it.each(uncached)('%s: LIST with resourceVersion "0" reads the latest revision and honours limit', (resource) => {
    const r = route({ resource, resourceVersion: '0', limit: 50 });
    expect(r).toMatchObject({ servedBy: 'etcd-linearizable', freshness: 'linearizable', etcdRequests: 1 });
    expect(r.reason).toMatch(/the limit of 50 is honoured/);
    expect(r.notes.join(' ')).not.toMatch(/ignores limit/);
    expect(r.etcdCost).toMatch(/at most limit objects/);
  });
  it.each(uncached)('%s: a consistent LIST is one range read, a RangeStream when etcd serves it', (resource) => {
    const r = route({ resource });
    expect(r).toMatchObject({
      servedBy: 'etcd-linearizable',
      freshness: 'linearizable',
      etcdRequests: 1,
      fallback: null,
    });
    expect(r.refs).toEqual(
      expect.arrayContaining([SOURCES.etcdStoreShouldStream, SOURCES.etcdRangeStreamGate, SOURCES.rangeStreamRecheck]),
    );
    expect(r.notes.join(' ')).toMatch(/one RangeStream when etcd serves it/);
    // A page or a continue token is already bounded: no stream.
    expect(route({ resource, limit: 10 }).notes.join(' ')).not.toMatch(/RangeStream/);
    expect(route({ resource, continueToken: 'first-page' }).refs).not.toContain(SOURCES.etcdStoreShouldStream);
  });
  it.each(uncached)(
    '%s: Exact and legacy exact read at that revision, 410 Gone once etcd has compacted it; newer than etcd: 504 after two etcd requests',
    (resource) => {
      for (const over of [{ resourceVersionMatch: 'Exact' }, { limit: 10 }]) {
        const r = route({ resource, resourceVersion: '500', ...over });
        expect(r).toMatchObject({ servedBy: 'etcd-exact-revision', freshness: 'exact' });
        expect(r.mayFail).toEqual([
          expect.objectContaining({
            error: { status: 410, message: 'The resourceVersion for the provided list is too old.', retryAfter: null },
          }),
        ]);
        const [e] = errors({ resource, resourceVersion: '999999', ...over });
        expect(e).toMatchObject({
          status: 504,
          message: 'Timeout: Too large resource version: 999999, current: 100000',
          retryAfter: null,
          etcdRequestsFirst: 2,
        });
        expect(e!.sources).toContain(SOURCES.etcdListFutureRevision);
      }
      const cont = route({ resource, continueToken: 'first-page', limit: 10 });
      expect(cont).toMatchObject({
        servedBy: 'etcd-exact-revision',
        freshnessText: expect.stringMatching(/first page/),
      });
      expect(cont.mayFail[0]!.error).toMatchObject({
        status: 410,
        message: expect.stringMatching(/^The provided continue parameter is too old/),
      });
    },
  );
  it("no watch cache, so no 429 and no 500: an unready cache or a malformed GET resourceVersion changes nothing but the store's 400 after the read", () => {
    expect(route({ resource: 'events', cacheReady: false }).servedBy).toBe('etcd-linearizable');
    expect(errors({ verb: 'GET', resource: 'events', resourceVersion: 'abc' })).toMatchObject([
      { status: 400, etcdRequestsFirst: 1 },
    ]);
  });
  it('says why each resource has no cache, and that Events cover both Event APIs and their watches', () => {
    expect(route({ resource: 'events' }).reason).toMatch(
      /sets the watch-cache size of core and events\.k8s\.io Events to 0 by default/,
    );
    expect(route({ resource: 'events' }).refs).toEqual(
      expect.arrayContaining([SOURCES.eventsWatchCacheOffByDefault, SOURCES.watchCacheSizesMerged]),
    );
    expect(route({ resource: 'events' }).notes.join(' ')).toMatch(/every WATCH of them is an etcd watch/);
    expect(route({ resource: 'size0' }).reason).toMatch(/--watch-cache-sizes=<resource>#0/);
    expect(route({ resource: 'off' }).reason).toMatch(/--watch-cache=false/);
    expect(route({ resource: 'off' }).notes.join(' ')).not.toMatch(/Events/);
  });
  it('selectors are applied by the API server after etcd has returned the range', () => {
    expect(route({ resource: 'events', hasSelector: true }).notes.join(' ')).toMatch(/etcd has no selectors/);
  });
});

describe('an Exact or legacy-exact LIST at a revision newer than the cache', () => {
  const future = { resourceVersion: '999999', resourceVersionMatch: 'Exact', exactRvInCache: false } as const;
  it('is not delegated when etcd supports progress notify: the cache waits up to 3 s, then 504 with Retry-After: 1', () => {
    for (const over of [future, { resourceVersion: '999999', limit: 10 }]) {
      const r = route(over);
      expect(r).toMatchObject({ servedBy: 'watch-cache', freshness: 'exact', etcdRequests: 0 });
      expect(r.reason).toMatch(/newer than the cache has seen \(100000\)/);
      expect(r.etcdCost).toMatch(/progress notification every 100 ms/);
      expect(r.refs).toEqual(expect.arrayContaining([SOURCES.cacherExactRvServable, SOURCES.waitAndGetExactSnapshot]));
      expect(r.fallback).toMatchObject({
        servedBy: 'error',
        error: {
          status: 504,
          message: 'Timeout: Too large resource version: 999999, current: 100000',
          retryAfter: { min: 1, max: 1 },
        },
      });
    }
  });
  it('goes to etcd when etcd lacks progress notify, which fails it at once: 504 without Retry-After', () => {
    expect(errors({ ...future, etcdSupportsProgressNotify: false })).toMatchObject([
      { status: 504, retryAfter: null, etcdRequestsFirst: 2 },
    ]);
  });
  it('with an unready cache: etcd (limit, no selector) fails it with 504; otherwise 429', () => {
    expect(errors({ resourceVersion: '999999', limit: 10, cacheReady: false })).toMatchObject([
      { status: 504, retryAfter: null },
    ]);
    expect(route({ ...future, cacheReady: false })).toMatchObject({
      servedBy: 'too-many-requests',
      response: { status: 429, message: 'storage is (re)initializing', retryAfter: { min: 1, max: 30 } },
    });
  });
  it('a revision the cache has seen is still decided by its snapshots', () => {
    expect(route({ ...future, currentRevision: 999999 })).toMatchObject({ servedBy: 'etcd-exact-revision' });
    expect(route({ ...future, currentRevision: 999999, exactRvInCache: true })).toMatchObject({
      servedBy: 'watch-cache',
      fallback: null,
    });
  });
});

describe('statuses and Retry-After, as kube-apiserver sends them', () => {
  it('a 429 from an unready cache carries Retry-After from 1 s to 30 s, by calculateRetryAfterForUnreadyCache', () => {
    expect([0, 11, 12, 30, 56, 57, 3600].map(unreadyCacheRetryAfter)).toEqual([1, 1, 2, 6, 28, 30, 30]);
    const r = route({ cacheReady: false });
    expect(r.response).toEqual({
      status: 429,
      message: 'storage is (re)initializing',
      retryAfter: UNREADY_RETRY_AFTER,
    });
    expect(r.refs).toEqual(
      expect.arrayContaining([SOURCES.unreadyCacheRetryAfter, SOURCES.tooManyRequestsIs429, SOURCES.retryAfterHeader]),
    );
  });
  it('validation errors carry no Retry-After', () => {
    for (const over of [
      { resourceVersionMatch: 'Exact' },
      { continueToken: 'first-page' as const, resourceVersion: '5' },
      { continueToken: 'malformed' as const },
      { resourceVersion: '-1' },
      { verb: 'GET' as const, resourceVersion: 'x' },
    ]) {
      for (const e of errors(over)) expect(e.retryAfter).toBeNull();
    }
  });
  it('a consistent LIST can end in 429 with Retry-After: 1 only under the alpha skip-fallback gate', () => {
    const [f] = route({}).mayFail;
    expect(f!.error).toMatchObject({ status: 429, retryAfter: { min: 1, max: 1 } });
    expect(f!.when).toMatch(/ConsistentListFromCacheSkipTimeoutFallback \(off by default\)/);
  });
  it('every status has its reason phrase', () => {
    expect(STATUS_TEXT).toEqual({
      400: 'Bad Request',
      410: 'Gone',
      422: 'Unprocessable Entity',
      429: 'Too Many Requests',
      500: 'Internal Server Error',
      504: 'Gateway Timeout',
    });
  });
});

describe('inputs agree with the URL schema', () => {
  it("the default request is the schema's default state, and the revision bounds agree", () => {
    const s = CALCULATOR_SCHEMAS.readPath;
    expect(s.res.default).toBe(DEFAULT_READ_REQUEST.resource);
    expect(s.cur.default).toBe(DEFAULT_READ_REQUEST.currentRevision);
    expect(s.cur.max).toBe(MAX_REVISION);
    expect([...s.res.values]).toEqual(['cached', 'events', 'size0', 'off']);
  });
  it('rejects a current revision out of range as a programming error', () => {
    expect(() => routeRead(req({ currentRevision: 0 }))).toThrow(RangeError);
  });
});

describe('continue tokens of every kind (storage/continue.go DecodeContinue)', () => {
  it.each<[ContinueToken, RegExp]>([
    ['no-rv', /^invalid continue token: continue key is not valid: incorrect encoded start resourceVersion/],
    ['malformed', /^invalid continue token: continue key is not valid: /],
  ])('a token %s is a 400 before anything is read, with or without a watch cache', (continueToken, message) => {
    for (const resource of ['cached', 'events', 'off'] as const)
      for (const cacheReady of [true, false]) {
        const [e, ...rest] = errors({ resource, cacheReady, continueToken, limit: 500 });
        expect(rest).toEqual([]);
        expect(e).toMatchObject({ field: 'continue', status: 400, retryAfter: null });
        expect(e!.message).toMatch(message);
        expect(e!.etcdRequestsFirst).toBeUndefined();
        expect(e!.sources).toEqual(
          expect.arrayContaining([SOURCES.storageDecodeContinue, SOURCES.storageInvalidContinue400]),
        );
        // The check that rejects it: the cacher's delegator when there is a watch cache, else the etcd3 store's GetList.
        const [checked, other] =
          resource === 'cached'
            ? [SOURCES.delegatorValidatesListFirst, SOURCES.etcdListValidatesOptions]
            : [SOURCES.etcdListValidatesOptions, SOURCES.delegatorValidatesListFirst];
        expect(e!.sources).toContain(checked);
        expect(e!.sources).not.toContain(other);
      }
  });
  it('the token is decoded before resourceVersion is looked at, and after the API’s own 422 checks', () => {
    expect(errors({ continueToken: 'malformed', resourceVersion: '5' }).map((e) => e.message)).toEqual([
      expect.stringMatching(/^invalid continue token/),
    ]);
    expect(
      errors({ continueToken: 'no-rv', resourceVersion: '5', resourceVersionMatch: 'NotOlderThan' }).map(
        (e) => e.status,
      ),
    ).toEqual([422]);
    expect(errors({ continueToken: 'latest', resourceVersion: '5' })).toMatchObject([
      { status: 400, message: 'specifying resource version is not allowed when using continue' },
    ]);
  });
  it('resourceVersion −1: the watch cache serves it as a consistent read, at the latest revision', () => {
    const r = route({ continueToken: 'latest', limit: 500 });
    expect(r).toMatchObject({
      servedBy: 'watch-cache-after-etcd-revision',
      freshness: 'linearizable',
      etcdRequests: 1,
    });
    expect(r.freshnessText).toMatch(/no single snapshot/);
    expect(r.refs).toEqual(
      expect.arrayContaining([SOURCES.cacherShouldDelegateContinue, SOURCES.watchCacheContinueLatest]),
    );
    expect(r.fallback?.servedBy).toBe('etcd-linearizable');
    // Not an exact read: the cache's snapshot at a past revision does not matter.
    expect(route({ continueToken: 'latest', exactRvInCache: false }).servedBy).toBe('watch-cache-after-etcd-revision');
  });
  it('resourceVersion −1 goes to etcd at the latest revision without snapshots or progress notify, or without a cache', () => {
    for (const over of [
      { cacheSnapshots: false },
      { etcdSupportsProgressNotify: false },
      { resource: 'events' as const },
      { cacheReady: false, limit: 10 },
    ]) {
      const r = route({ continueToken: 'latest', limit: 10, ...over });
      expect(r).toMatchObject({
        servedBy: 'etcd-linearizable',
        freshness: 'linearizable',
        etcdRequests: 1,
        mayFail: [],
      });
      expect(r.reason).toMatch(/resourceVersion is −1, so the store reads the next page at etcd's latest revision/);
      expect(r.refs).toContain(SOURCES.storageContinueLatest);
    }
    expect(route({ continueToken: 'latest', cacheReady: false }).servedBy).toBe('too-many-requests');
  });
  it('a compacted first-page token ends in the 410 that hands out the token at −1', () => {
    const r = route({ continueToken: 'first-page', exactRvInCache: false });
    expect(r.mayFail[0]!.refs).toContain(SOURCES.inconsistentContinue410);
  });
});

describe('an unsupported resourceVersionMatch', () => {
  it('is a 422 naming the supported values', () => {
    expect(errors({ resourceVersionMatch: 'Other', resourceVersion: '5' })).toEqual([
      {
        field: 'resourceVersionMatch',
        status: 422,
        message: 'Unsupported value: "Other": supported values: "Exact", "NotOlderThan", ""',
        retryAfter: null,
        sources: [SOURCES.apiValidateListOptions],
      },
    ]);
  });
});
