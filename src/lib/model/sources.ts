/**
 * Pinned sources the model's rules come from, as citation refs
 * (`owner/repo@ref:path#Lstart-Lend`, see src/lib/citations/ref.ts) or documentation URLs.
 * Line numbers were checked against kubernetes/apiserver v0.37.0-beta.0 (the staging copy
 * published from kubernetes/kubernetes v1.37.0-beta.0) and spf13/pflag v1.0.10.
 */

const K8S = 'kubernetes/kubernetes@v1.37.0:staging/src/k8s.io';
const APISERVER = `${K8S}/apiserver/pkg`;

// One export per source, so a browser bundle keeps only the refs its calculators use
// (modules import them as a namespace: `import * as SOURCES from './sources.ts'`).
export const etcdFaqFailureTolerance = 'https://etcd.io/docs/v3.6/faq/#what-is-failure-tolerance';
export const etcdFaqMaxClusterSize = 'https://etcd.io/docs/v3.6/faq/#what-is-maximum-cluster-size';
export const raftLeaderParallelDiskWrite = 'etcd-io/raft@v3.6.0:README.md#L118';
export const apiConcepts = 'https://kubernetes.io/docs/reference/using-api/api-concepts/#semantics-for-get-and-list';
/** ParseEtcdServersOverrides: the accept/reject rules for --etcd-servers-overrides. */
export const parseEtcdServersOverrides = `${APISERVER}/server/options/etcd.go#L630-L653`;
export const etcdServersOverridesFlag = `${APISERVER}/server/options/etcd.go#L130-L134`;
export const etcdServersOverridesError = `${APISERVER}/server/options/etcd.go#L628`;
/** pflag StringSlice: the flag value is read as one CSV record. */
export const pflagReadAsCSV = 'spf13/pflag@v1.0.10:string_slice.go#L22-L29';
export const delegatorGet = `${APISERVER}/storage/cacher/delegator.go#L114-L141`;
export const delegatorGetRvUnset = `${APISERVER}/storage/cacher/delegator.go#L120-L125`;
export const delegatorGetNotReady = `${APISERVER}/storage/cacher/delegator.go#L127-L132`;
export const delegatorGetFromCache = `${APISERVER}/storage/cacher/delegator.go#L133-L140`;
export const delegatorGetList = `${APISERVER}/storage/cacher/delegator.go#L143-L195`;
export const delegatorListShouldDelegate = `${APISERVER}/storage/cacher/delegator.go#L148-L154`;
export const delegatorListNotReady = `${APISERVER}/storage/cacher/delegator.go#L160-L164`;
export const delegatorListFromCache = `${APISERVER}/storage/cacher/delegator.go#L165`;
export const delegatorListExpiredFallback = `${APISERVER}/storage/cacher/delegator.go#L169-L171`;
export const delegatorListConsistentFallback = `${APISERVER}/storage/cacher/delegator.go#L172-L188`;
export const shouldDelegateListOnNotReadyCache = `${APISERVER}/storage/cacher/delegator.go#L197-L203`;
export const shouldDelegateList = `${APISERVER}/storage/cacher/delegator/interface.go#L38-L62`;
export const shouldDelegateListExact = `${APISERVER}/storage/cacher/delegator/interface.go#L41-L42`;
export const shouldDelegateListNotOlderThan = `${APISERVER}/storage/cacher/delegator/interface.go#L43-L44`;
export const shouldDelegateListContinue = `${APISERVER}/storage/cacher/delegator/interface.go#L47-L49`;
export const shouldDelegateListLegacyExact = `${APISERVER}/storage/cacher/delegator/interface.go#L50-L53`;
export const shouldDelegateListConsistent = `${APISERVER}/storage/cacher/delegator/interface.go#L54-L57`;
export const shouldDelegateListRvZero = `${APISERVER}/storage/cacher/delegator/interface.go#L58`;
export const consistentReadSupported = `${APISERVER}/storage/cacher/delegator/interface.go#L105-L109`;
export const cacherLimitIgnoredForRvZero = `${APISERVER}/storage/cacher/cacher.go#L729-L735`;
export const cacherNotReady429 = `${APISERVER}/storage/cacher/cacher.go#L758-L762`;
export const cacherShouldDelegateExactRV = `${APISERVER}/storage/cacher/cacher.go#L1404-L1414`;
export const cacherShouldDelegateContinue = `${APISERVER}/storage/cacher/cacher.go#L1416-L1431`;
export const cacherExactRvServable = `${APISERVER}/storage/cacher/cacher.go#L1433-L1444`;
export const waitUntilFreshLocked = `${APISERVER}/storage/cacher/watch_cache.go#L307-L354`;
export const watchCacheBlockTimeout = `${APISERVER}/storage/cacher/watch_cache.go#L48`;
export const getCurrentResourceVersion = `${APISERVER}/storage/etcd3/store.go#L715-L732`;
export const etcdStoreValidateMinimumRv = `${APISERVER}/storage/etcd3/store.go#L1255-L1262`;
export const handlerUnconvertedErrorIs500 = `${APISERVER}/endpoints/handlers/responsewriters/status.go#L60-L66`;
export const etcdStoreGet = `${APISERVER}/storage/etcd3/store.go#L235-L246`;
export const storageValidateListOptions = `${APISERVER}/storage/interfaces.go#L351-L389`;
export const apiValidateListOptions = `${K8S}/apimachinery/pkg/apis/meta/internalversion/validation/validation.go#L28-L51`;
export const progressNotifyEtcdVersions = `${APISERVER}/storage/feature/feature_support_checker.go#L37-L39`;
export const capiRolloutStrategy = 'https://cluster-api.sigs.k8s.io/tasks/control-plane/kubeadm-control-plane';
export const kubeadmHaTopology = 'https://kubernetes.io/docs/setup/production-environment/tools/kubeadm/ha-topology/';
