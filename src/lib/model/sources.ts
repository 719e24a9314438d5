/**
 * Upstream sources the model's rules come from: citation refs (`owner/repo@ref:path#Lstart-Lend`,
 * see src/lib/citations/ref.ts) or documentation URLs. Every ref here is a citation like those in
 * the MDX: its `expect` fragments are in ./source-expect.ts, it is pinned in citations.lock.json
 * and verified by the build, and calculators link it to the pinned commit.
 *
 * Refs are written out in full (no shared prefix) so that `cite relocate` can rewrite them in place.
 */

// One export per source, so a browser bundle keeps only the refs its calculators use
// (modules import them as a namespace: `import * as SOURCES from './sources.ts'`).
/** APF: the controller re-divides the seats among the limited levels every 10 s. */
export const apfAdjustmentPeriod = 'kubernetes/kubernetes@v1.37.0:staging/src/k8s.io/apiserver/pkg/util/flowcontrol/apf_controller.go#L76-L79';
/** APF: each limited level's lower bound, upper bound and target at an adjustment. */
export const apfBorrowingBounds = 'kubernetes/kubernetes@v1.37.0:staging/src/k8s.io/apiserver/pkg/util/flowcontrol/apf_controller.go#L399-L431';
/** APF: with no bound binding, each level gets its target × the seats to divide ÷ the targets' sum. */
export const apfFairShare = 'kubernetes/kubernetes@v1.37.0:staging/src/k8s.io/apiserver/pkg/util/flowcontrol/conc_alloc.go#L180-L188';
/** APF: the seed limit of a new level, replaced at once by the first adjustment. */
export const apfFirstAdjustment = 'kubernetes/kubernetes@v1.37.0:staging/src/k8s.io/apiserver/pkg/util/flowcontrol/apf_controller.go#L896-L910';
/** APF: nominal, lendable and borrowable seats of a level. */
export const apfNominalSeats = 'kubernetes/kubernetes@v1.37.0:staging/src/k8s.io/apiserver/pkg/util/flowcontrol/apf_controller.go#L857-L879';
export const apiValidateListOptions = 'kubernetes/kubernetes@v1.37.0:staging/src/k8s.io/apimachinery/pkg/apis/meta/internalversion/validation/validation.go#L28-L51';
export const cacherExactRvServable = 'kubernetes/kubernetes@v1.37.0:staging/src/k8s.io/apiserver/pkg/storage/cacher/cacher.go#L1433-L1444';
export const cacherGetWaits = 'kubernetes/kubernetes@v1.37.0:staging/src/k8s.io/apiserver/pkg/storage/cacher/watch_cache.go#L511-L522';
export const cacherLimitIgnoredForRvZero = 'kubernetes/kubernetes@v1.37.0:staging/src/k8s.io/apiserver/pkg/storage/cacher/cacher.go#L729-L735';
export const cacherNotReady429 = 'kubernetes/kubernetes@v1.37.0:staging/src/k8s.io/apiserver/pkg/storage/cacher/cacher.go#L758-L762';
export const cacherShouldDelegateContinue = 'kubernetes/kubernetes@v1.37.0:staging/src/k8s.io/apiserver/pkg/storage/cacher/cacher.go#L1416-L1431';
export const cacherShouldDelegateExactRV = 'kubernetes/kubernetes@v1.37.0:staging/src/k8s.io/apiserver/pkg/storage/cacher/cacher.go#L1404-L1414';
/** The watch cache's consistency checker: every cached resource listed from etcd every 5 min, jitter 0.5. */
export const consistencyCheckPeriod = 'kubernetes/kubernetes@v1.37.0:staging/src/k8s.io/apiserver/pkg/storage/cacher/consistency/checker.go#L83-L93';
export const consistentReadSupported = 'kubernetes/kubernetes@v1.37.0:staging/src/k8s.io/apiserver/pkg/storage/cacher/delegator/interface.go#L105-L109';
export const delegatorGetFromCache = 'kubernetes/kubernetes@v1.37.0:staging/src/k8s.io/apiserver/pkg/storage/cacher/delegator.go#L133-L140';
export const delegatorGetNotReady = 'kubernetes/kubernetes@v1.37.0:staging/src/k8s.io/apiserver/pkg/storage/cacher/delegator.go#L127-L132';
export const delegatorGetRvUnset = 'kubernetes/kubernetes@v1.37.0:staging/src/k8s.io/apiserver/pkg/storage/cacher/delegator.go#L120-L125';
export const delegatorListConsistentFallback = 'kubernetes/kubernetes@v1.37.0:staging/src/k8s.io/apiserver/pkg/storage/cacher/delegator.go#L172-L188';
export const delegatorListFromCache = 'kubernetes/kubernetes@v1.37.0:staging/src/k8s.io/apiserver/pkg/storage/cacher/delegator.go#L165';
export const delegatorListNotReady = 'kubernetes/kubernetes@v1.37.0:staging/src/k8s.io/apiserver/pkg/storage/cacher/delegator.go#L160-L164';
export const delegatorListShouldDelegate = 'kubernetes/kubernetes@v1.37.0:staging/src/k8s.io/apiserver/pkg/storage/cacher/delegator.go#L148-L154';
/** etcd's FAQ: a cluster "probably should have no more than seven nodes". */
export const etcdFaqMaxClusterSize = 'etcd-io/website@824597935df6e95992ef61c07e3222f4f796ca6c:content/en/docs/v3.7/faq.md#L45-L47';
export const etcdListCompacted410 = 'kubernetes/kubernetes@v1.37.0:staging/src/k8s.io/apiserver/pkg/storage/etcd3/errors.go#L66-L75';
export const etcdListFutureRevision = 'kubernetes/kubernetes@v1.37.0:staging/src/k8s.io/apiserver/pkg/storage/etcd3/store.go#L901-L912';
export const etcdListMinimumRvAfterRead = 'kubernetes/kubernetes@v1.37.0:staging/src/k8s.io/apiserver/pkg/storage/etcd3/store.go#L810-L815';
export const etcdRangeStreamGate = 'kubernetes/kubernetes@v1.37.0:staging/src/k8s.io/apiserver/pkg/features/kube_features.go#L383-L385';
export const etcdStoreGet = 'kubernetes/kubernetes@v1.37.0:staging/src/k8s.io/apiserver/pkg/storage/etcd3/store.go#L235-L246';
export const etcdStoreShouldStream = 'kubernetes/kubernetes@v1.37.0:staging/src/k8s.io/apiserver/pkg/storage/etcd3/store.go#L734-L745';
export const etcdStoreValidateMinimumRv = 'kubernetes/kubernetes@v1.37.0:staging/src/k8s.io/apiserver/pkg/storage/etcd3/store.go#L1255-L1262';
export const eventsWatchCacheOffByDefault = 'kubernetes/kubernetes@v1.37.0:pkg/kubeapiserver/default_storage_factory_builder.go#L55-L62';
export const getCurrentResourceVersion = 'kubernetes/kubernetes@v1.37.0:staging/src/k8s.io/apiserver/pkg/storage/etcd3/store.go#L715-L732';
export const handlerUnconvertedErrorIs500 = 'kubernetes/kubernetes@v1.37.0:staging/src/k8s.io/apiserver/pkg/endpoints/handlers/responsewriters/status.go#L60-L66';
/** ParseEtcdServersOverrides: the accept/reject rules for --etcd-servers-overrides. */
export const parseEtcdServersOverrides = 'kubernetes/kubernetes@v1.37.0:staging/src/k8s.io/apiserver/pkg/server/options/etcd.go#L630-L653';
/** pflag StringSlice: the flag value is read as one CSV record. */
export const pflagReadAsCSV = 'spf13/pflag@v1.0.10:string_slice.go#L22-L29';
export const progressRequestPeriod = 'kubernetes/kubernetes@v1.37.0:staging/src/k8s.io/apiserver/pkg/storage/cacher/progress/watch_progress.go#L33-L37';
export const progressNotifyEtcdVersions = 'kubernetes/kubernetes@v1.37.0:staging/src/k8s.io/apiserver/pkg/storage/feature/feature_support_checker.go#L37-L39';
export const rangeStreamRecheck = 'kubernetes/kubernetes@v1.37.0:staging/src/k8s.io/apiserver/pkg/storage/feature/feature_support_checker.go#L45-L47';
export const resourceExpiredIs410 = 'kubernetes/kubernetes@v1.37.0:staging/src/k8s.io/apimachinery/pkg/api/errors/errors.go#L272-L281';
export const retryAfterHeader = 'kubernetes/kubernetes@v1.37.0:staging/src/k8s.io/apiserver/pkg/endpoints/handlers/responsewriters/writers.go#L357-L364';
export const shouldDelegateListConsistent = 'kubernetes/kubernetes@v1.37.0:staging/src/k8s.io/apiserver/pkg/storage/cacher/delegator/interface.go#L54-L57';
export const shouldDelegateListContinue = 'kubernetes/kubernetes@v1.37.0:staging/src/k8s.io/apiserver/pkg/storage/cacher/delegator/interface.go#L47-L49';
export const shouldDelegateListExact = 'kubernetes/kubernetes@v1.37.0:staging/src/k8s.io/apiserver/pkg/storage/cacher/delegator/interface.go#L41-L42';
export const shouldDelegateListLegacyExact = 'kubernetes/kubernetes@v1.37.0:staging/src/k8s.io/apiserver/pkg/storage/cacher/delegator/interface.go#L50-L53';
export const shouldDelegateListNotOlderThan = 'kubernetes/kubernetes@v1.37.0:staging/src/k8s.io/apiserver/pkg/storage/cacher/delegator/interface.go#L43-L44';
export const shouldDelegateListOnNotReadyCache = 'kubernetes/kubernetes@v1.37.0:staging/src/k8s.io/apiserver/pkg/storage/cacher/delegator.go#L197-L203';
export const shouldDelegateListRvZero = 'kubernetes/kubernetes@v1.37.0:staging/src/k8s.io/apiserver/pkg/storage/cacher/delegator/interface.go#L58';
export const storageValidateListOptions = 'kubernetes/kubernetes@v1.37.0:staging/src/k8s.io/apiserver/pkg/storage/interfaces.go#L351-L389';
export const timeoutErrorIs504 = 'kubernetes/kubernetes@v1.37.0:staging/src/k8s.io/apimachinery/pkg/api/errors/errors.go#L401-L411';
export const tooLargeResourceVersionError = 'kubernetes/kubernetes@v1.37.0:staging/src/k8s.io/apiserver/pkg/storage/errors.go#L231-L242';
export const tooManyRequestsIs429 = 'kubernetes/kubernetes@v1.37.0:staging/src/k8s.io/apimachinery/pkg/api/errors/errors.go#L327-L337';
export const unreadyCacheRetryAfter = 'kubernetes/kubernetes@v1.37.0:staging/src/k8s.io/apiserver/pkg/storage/cacher/util.go#L24-L30';
export const waitAndGetExactSnapshot = 'kubernetes/kubernetes@v1.37.0:staging/src/k8s.io/apiserver/pkg/storage/cacher/watch_cache.go#L449-L459';
export const waitUntilFreshLocked = 'kubernetes/kubernetes@v1.37.0:staging/src/k8s.io/apiserver/pkg/storage/cacher/watch_cache.go#L307-L354';
export const watchCacheBlockTimeout = 'kubernetes/kubernetes@v1.37.0:staging/src/k8s.io/apiserver/pkg/storage/cacher/watch_cache.go#L48';
export const watchCacheDecorator = 'kubernetes/kubernetes@v1.37.0:staging/src/k8s.io/apiserver/pkg/server/options/etcd.go#L507-L523';
export const watchCacheOffUndecorated = 'kubernetes/kubernetes@v1.37.0:staging/src/k8s.io/apiserver/pkg/server/options/etcd.go#L495';
export const watchCacheRetrySeconds = 'kubernetes/kubernetes@v1.37.0:staging/src/k8s.io/apiserver/pkg/storage/cacher/watch_cache.go#L50-L52';
export const watchCacheSizesMerged = 'kubernetes/kubernetes@v1.37.0:cmd/kube-apiserver/app/options/completion.go#L75-L89';

/** etcd's quorum of n members, num/2 + 1 (integer division). */
export const etcdQuorum = 'etcd-io/etcd@v3.7.0:server/etcdserver/util.go#L46-L48';
/** The add-member readiness check: the started voters must make a quorum of the enlarged cluster. */
export const etcdClusterReadyToAdd = 'etcd-io/etcd@v3.7.0:server/etcdserver/api/membership/cluster.go#L626-L657';
/** The remove-member readiness check: the started voters left must make the smaller cluster's quorum. */
export const etcdClusterReadyToRemove = 'etcd-io/etcd@v3.7.0:server/etcdserver/api/membership/cluster.go#L659-L687';
/** The promote readiness check: the started voters and the learner must make the enlarged cluster's quorum. */
export const etcdClusterReadyToPromote = 'etcd-io/etcd@v3.7.0:server/etcdserver/api/membership/cluster.go#L689-L713';
/** mayRemoveMember: a running member is removed only if the connected members left keep the smaller quorum. */
export const etcdServerMayRemoveMember = 'etcd-io/etcd@v3.7.0:server/etcdserver/server.go#L1629-L1645';
/** mayAddMember: with --strict-reconfig-check, an add that would break the active quorum is refused. */
export const etcdServerMayAddMember = 'etcd-io/etcd@v3.7.0:server/etcdserver/server.go#L1409-L1438';
/** The two timing flags are unsigned integers of milliseconds, so their quotient is whole ticks, truncated. */
export const etcdTimingFieldsUint = 'etcd-io/etcd@v3.7.0:server/embed/config.go#L193-L194';
/** ElectionTicks: the election timeout divided by the heartbeat interval. */
export const etcdElectionTicks = 'etcd-io/etcd@v3.7.0:server/embed/config.go#L1220';
/** raftConfig: raft gets ElectionTicks as its election tick and one tick per heartbeat. */
export const etcdRaftElectionTick = 'etcd-io/etcd@v3.7.0:server/etcdserver/bootstrap.go#L540-L544';
/** Config.Validate: election timeout at least 5 × heartbeat and at most 50 s. */
export const etcdConfigValidateTimeouts = 'etcd-io/etcd@v3.7.0:server/embed/config.go#L997-L1008';
/** The tuning page: a heartbeat near the members' round trip (0.5–1.5 ×), an election timeout of at least 10 ×. */
export const etcdTuningHeartbeatRtt = 'etcd-io/website@824597935df6e95992ef61c07e3222f4f796ca6c:content/en/docs/v3.7/tuning.md#L18';
export const etcdTuningElectionRtt = 'etcd-io/website@824597935df6e95992ef61c07e3222f4f796ca6c:content/en/docs/v3.7/tuning.md#L20';
/** The default backend quota (2 GiB) and the suggested maximum (8 GiB). */
export const etcdQuotaDefaults = 'etcd-io/etcd@v3.7.0:server/storage/quota.go#L27-L34';
/** The quota's per-key charge, kvOverhead = 256 bytes. */
export const etcdQuotaKvOverhead = 'etcd-io/etcd@v3.7.0:server/storage/quota.go#L62-L63';
/** The quota check counts the backend file's size, and a put costs kvOverhead plus its key and value. */
export const etcdQuotaAvailable = 'etcd-io/etcd@v3.7.0:server/storage/quota.go#L126-L149';
/** sig-scalability: thresholds are not hard limits, and scale down for smaller clusters. */
export const scalabilityThresholdsCaveats = 'kubernetes/community@24e7d8f5409c1a0121394a613746e524f781e044:sig-scalability/configs-and-limits/thresholds.md#L30-L42';
/** The hardware guide's small, medium, large and xLarge classes, each with its example machines. */
export const etcdHardwareSmall = 'etcd-io/website@824597935df6e95992ef61c07e3222f4f796ca6c:content/en/docs/v3.7/op-guide/hardware.md#L46-L55';
export const etcdHardwareMedium = 'etcd-io/website@824597935df6e95992ef61c07e3222f4f796ca6c:content/en/docs/v3.7/op-guide/hardware.md#L58-L67';
export const etcdHardwareLarge = 'etcd-io/website@824597935df6e95992ef61c07e3222f4f796ca6c:content/en/docs/v3.7/op-guide/hardware.md#L70-L79';
export const etcdHardwareXLarge = 'etcd-io/website@824597935df6e95992ef61c07e3222f4f796ca6c:content/en/docs/v3.7/op-guide/hardware.md#L82-L91';

/** NewBadRequest: a 400 Bad Request status. */
export const badRequestIs400 = 'kubernetes/kubernetes@v1.37.0:staging/src/k8s.io/apimachinery/pkg/api/errors/errors.go#L315-L322';
/** The cacher's delegator validates a LIST's options (and so decodes its continue token) before anything else. */
export const delegatorValidatesListFirst = 'kubernetes/kubernetes@v1.37.0:staging/src/k8s.io/apiserver/pkg/storage/cacher/delegator.go#L143-L147';
/** The etcd3 store's GetList validates the options (and so decodes a continue token) before it reads etcd. */
export const etcdListValidatesOptions = 'kubernetes/kubernetes@v1.37.0:staging/src/k8s.io/apiserver/pkg/storage/etcd3/store.go#L774-L777';
/** A compacted page: a 410 whose continue token has resourceVersion −1, to go on at the latest revision. */
export const inconsistentContinue410 = 'kubernetes/kubernetes@v1.37.0:staging/src/k8s.io/apiserver/pkg/storage/etcd3/errors.go#L77-L89';
/** ValidateListOptions: a continue token's revision > 0 is read exactly; −1 means the latest revision. */
export const storageContinueLatest = 'kubernetes/kubernetes@v1.37.0:staging/src/k8s.io/apiserver/pkg/storage/interfaces.go#L360-L366';
/** DecodeContinue and its errors: a token must be base64url JSON of meta.k8s.io/v1 with a revision and a clean start key. */
export const storageDecodeContinue = 'kubernetes/kubernetes@v1.37.0:staging/src/k8s.io/apiserver/pkg/storage/continue.go#L28-L80';
/** ValidateListOptions: a token that does not decode is a 400 invalid continue token. */
export const storageInvalidContinue400 = 'kubernetes/kubernetes@v1.37.0:staging/src/k8s.io/apiserver/pkg/storage/interfaces.go#L352-L356';
/** The watch cache lists a continue at revision > 0 from that snapshot, else as a consistent read. */
export const watchCacheContinueLatest = 'kubernetes/kubernetes@v1.37.0:staging/src/k8s.io/apiserver/pkg/storage/cacher/watch_cache.go#L413-L424';

/** etcd's FAQ: a WAL fsync p99 below 10 ms. */
export const etcdFaqWalFsyncTarget = 'etcd-io/website@824597935df6e95992ef61c07e3222f4f796ca6c:content/en/docs/v3.7/faq.md#L145';
/** etcd's FAQ: a backend commit p99 below 25 ms. */
export const etcdFaqBackendCommitTarget = 'etcd-io/website@824597935df6e95992ef61c07e3222f4f796ca6c:content/en/docs/v3.7/faq.md#L133';
/** etcd's FAQ: remove an unhealthy member before adding its replacement. */
export const etcdFaqRemoveFirst = 'etcd-io/website@824597935df6e95992ef61c07e3222f4f796ca6c:content/en/docs/v3.7/faq.md#L81-L91';
/** etcd's maintenance guide: defragmentation is issued one member at a time. */
export const etcdDefragPerMember = 'etcd-io/website@824597935df6e95992ef61c07e3222f4f796ca6c:content/en/docs/v3.7/op-guide/maintenance.md#L94';
/** kube-apiserver compacts etcd every 5 minutes by default. */
export const apiserverCompactInterval = 'kubernetes/kubernetes@v1.37.0:staging/src/k8s.io/apiserver/pkg/storage/storagebackend/config.go#L38';
/** kube-apiserver's --etcd-servers-overrides flag and its format. */
export const etcdServersOverridesFlag = 'kubernetes/kubernetes@v1.37.0:staging/src/k8s.io/apiserver/pkg/server/options/etcd.go#L130-L134';
/** kubelet's node Lease: renewed every 10 s in kube-node-lease, duration 40 s by default. */
export const kubeletNodeLeaseDuration = 'kubernetes/kubernetes@v1.37.0:staging/src/k8s.io/kubelet/config/v1beta1/types.go#L348-L357';
/** kubelet's renew interval is a quarter of the Lease duration. */
export const kubeletLeaseRenewFraction = 'kubernetes/kubernetes@v1.37.0:pkg/kubelet/kubelet.go#L219-L220';
/** kubelet posts an unchanged Node status every 5 minutes by default. */
export const kubeletNodeStatusReport = 'kubernetes/kubernetes@v1.37.0:staging/src/k8s.io/kubelet/config/v1beta1/types.go#L330-L347';
