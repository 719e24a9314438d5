/**
 * What API-server replicas cost etcd and memory (a model).
 *
 * Each kube-apiserver replica runs one watch cache ("cacher") per resource type that has one
 * (by default every built-in type except core and events.k8s.io Events, whose size is 0:
 * kubernetes/kubernetes@v1.37.0:pkg/kubeapiserver/default_storage_factory_builder.go#L55-L62);
 * each cacher lists its resource from etcd on start and then keeps one etcd watch on the
 * resource's key prefix (kubernetes/kubernetes@v1.37.0:staging/src/k8s.io/apiserver/pkg/storage/cacher/cacher.go#L442-L452,
 * #L487-L507). Every replica caches every object of those types, and, with DetectCacheInconsistency
 * (beta, on by default since 1.34), lists them all from etcd again every 5 to 7.5 minutes to
 * compare (staging/src/k8s.io/apiserver/pkg/storage/cacher/consistency/checker.go#L38-L52, #L83-L93).
 */
import { assertWhole } from './input.ts';

/** Upper bound for counts (replicas, types, objects). */
const MAX_COUNT = 1e9;
/** Upper bound for the mean object size in bytes (etcd's default request limit is 1.5 MiB; this leaves room). */
const MAX_OBJECT_BYTES = 1e8;

/** Result of {@link apiserverReplicaLoad}. */
export interface ApiserverReplicaLoad {
  /** etcd watches held by all replicas' watch caches: R × T (the etcd client may multiplex them over fewer gRPC streams). */
  etcdWatches: number;
  /** Objects read from etcd when every replica restarts and refills its caches: R × N. */
  objectsListedOnFullRestart: number;
  /** Objects the replicas' consistency checks read from etcd in each 5–7.5 minute period: R × N. */
  objectsListedPerConsistencyCheck: number;
  /** Watch-cache memory across replicas, bytes: ≈ R × N × S (objects only; event history and indexes come on top). */
  watchCacheBytes: number;
  /** Consistent GETs (resourceVersion unset) bypass the watch cache: each one is an etcd read. */
  consistentGetsReachEtcd: true;
}

/**
 * API-server replica fan-out.
 *
 * @param replicas - kube-apiserver replicas R, whole number 1–1e9.
 * @param cachedTypes - resource types with a watch cache T, whole number 0–1e9.
 * @param objects - objects of those types in etcd N, whole number 0–1e9.
 * @param meanObjectBytes - mean object size S in bytes (as decoded in memory; roughly the stored size), whole number 0–1e8.
 * @throws RangeError for out-of-range input.
 * Sources: consistent GET goes to etcd, delegator.go#L120-L125; cacher list-then-watch, cacher.go#L442-L452.
 */
export function apiserverReplicaLoad(
  replicas: number,
  cachedTypes: number,
  objects: number,
  meanObjectBytes: number,
): ApiserverReplicaLoad {
  assertWhole(replicas, 1, MAX_COUNT, 'API-server replicas');
  assertWhole(cachedTypes, 0, MAX_COUNT, 'Resource types with a watch cache');
  assertWhole(objects, 0, MAX_COUNT, 'Objects');
  assertWhole(meanObjectBytes, 0, MAX_OBJECT_BYTES, 'Mean object size (bytes)');
  return {
    etcdWatches: replicas * cachedTypes,
    objectsListedOnFullRestart: replicas * objects,
    objectsListedPerConsistencyCheck: replicas * objects,
    watchCacheBytes: replicas * objects * meanObjectBytes,
    consistentGetsReachEtcd: true,
  };
}
