/**
 * Pinned sources the model's rules come from, as citation refs
 * (`owner/repo@ref:path#Lstart-Lend`, see src/lib/citations/ref.ts) or documentation URLs.
 * Line numbers were checked against kubernetes/apiserver v0.37.0-beta.0 (the staging copy
 * published from kubernetes/kubernetes v1.37.0-beta.0) and spf13/pflag v1.0.10.
 */

const K8S = 'kubernetes/kubernetes@v1.37.0:staging/src/k8s.io';
const APISERVER = `${K8S}/apiserver/pkg`;

export const SOURCES = {
  etcdFaqFailureTolerance: 'https://etcd.io/docs/v3.6/faq/#what-is-failure-tolerance',
  etcdFaqMaxClusterSize: 'https://etcd.io/docs/v3.6/faq/#what-is-maximum-cluster-size',
  raftLeaderParallelDiskWrite: 'etcd-io/raft@v3.6.0:README.md#L118',
  apiConcepts: 'https://kubernetes.io/docs/reference/using-api/api-concepts/#semantics-for-get-and-list',
  /** ParseEtcdServersOverrides: the accept/reject rules for --etcd-servers-overrides. */
  parseEtcdServersOverrides: `${APISERVER}/server/options/etcd.go#L630-L653`,
  etcdServersOverridesFlag: `${APISERVER}/server/options/etcd.go#L130-L134`,
  etcdServersOverridesError: `${APISERVER}/server/options/etcd.go#L628`,
  /** pflag StringSlice: the flag value is read as one CSV record. */
  pflagReadAsCSV: 'spf13/pflag@v1.0.10:string_slice.go#L22-L29',
  delegatorGet: `${APISERVER}/storage/cacher/delegator.go#L114-L141`,
  delegatorGetRvUnset: `${APISERVER}/storage/cacher/delegator.go#L120-L125`,
  delegatorGetNotReady: `${APISERVER}/storage/cacher/delegator.go#L127-L132`,
  delegatorGetFromCache: `${APISERVER}/storage/cacher/delegator.go#L133-L140`,
  delegatorGetList: `${APISERVER}/storage/cacher/delegator.go#L143-L195`,
  delegatorListShouldDelegate: `${APISERVER}/storage/cacher/delegator.go#L148-L154`,
  delegatorListNotReady: `${APISERVER}/storage/cacher/delegator.go#L160-L164`,
  delegatorListFromCache: `${APISERVER}/storage/cacher/delegator.go#L165`,
  delegatorListExpiredFallback: `${APISERVER}/storage/cacher/delegator.go#L169-L171`,
  delegatorListConsistentFallback: `${APISERVER}/storage/cacher/delegator.go#L172-L188`,
  shouldDelegateListOnNotReadyCache: `${APISERVER}/storage/cacher/delegator.go#L197-L203`,
  shouldDelegateList: `${APISERVER}/storage/cacher/delegator/interface.go#L38-L62`,
  shouldDelegateListExact: `${APISERVER}/storage/cacher/delegator/interface.go#L41-L42`,
  shouldDelegateListNotOlderThan: `${APISERVER}/storage/cacher/delegator/interface.go#L43-L44`,
  shouldDelegateListContinue: `${APISERVER}/storage/cacher/delegator/interface.go#L47-L49`,
  shouldDelegateListLegacyExact: `${APISERVER}/storage/cacher/delegator/interface.go#L50-L53`,
  shouldDelegateListConsistent: `${APISERVER}/storage/cacher/delegator/interface.go#L54-L57`,
  shouldDelegateListRvZero: `${APISERVER}/storage/cacher/delegator/interface.go#L58`,
  consistentReadSupported: `${APISERVER}/storage/cacher/delegator/interface.go#L105-L109`,
  cacherLimitIgnoredForRvZero: `${APISERVER}/storage/cacher/cacher.go#L729-L735`,
  cacherNotReady429: `${APISERVER}/storage/cacher/cacher.go#L758-L762`,
  cacherShouldDelegateExactRV: `${APISERVER}/storage/cacher/cacher.go#L1404-L1414`,
  cacherShouldDelegateContinue: `${APISERVER}/storage/cacher/cacher.go#L1416-L1431`,
  cacherExactRvServable: `${APISERVER}/storage/cacher/cacher.go#L1433-L1444`,
  waitUntilFreshLocked: `${APISERVER}/storage/cacher/watch_cache.go#L307-L354`,
  watchCacheBlockTimeout: `${APISERVER}/storage/cacher/watch_cache.go#L48`,
  getCurrentResourceVersion: `${APISERVER}/storage/etcd3/store.go#L715-L732`,
  etcdStoreGet: `${APISERVER}/storage/etcd3/store.go#L235-L246`,
  storageValidateListOptions: `${APISERVER}/storage/interfaces.go#L351-L389`,
  apiValidateListOptions: `${K8S}/apimachinery/pkg/apis/meta/internalversion/validation/validation.go#L28-L51`,
  progressNotifyEtcdVersions: `${APISERVER}/storage/feature/feature_support_checker.go#L37-L39`,
  capiRolloutStrategy: 'https://cluster-api.sigs.k8s.io/tasks/control-plane/kubeadm-control-plane',
  kubeadmHaTopology: 'https://kubernetes.io/docs/setup/production-environment/tools/kubeadm/ha-topology/',
} as const;
