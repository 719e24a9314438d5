/**
 * What each upstream line range in ./sources.ts must contain: the `expect` fragments of those
 * citations, checked by the build like an MDX `<Cite expect>`. Kept apart from sources.ts so that
 * browser bundles, which import the refs, never carry these strings. The citation extractor reads
 * this module (src/lib/citations/model-sources.ts); the type makes a missing entry a compile error.
 */
type Sources = typeof import('./sources.ts');
/** Names of the exports of sources.ts that are citation refs (documentation URLs are not). */
export type CitedSource = { [K in keyof Sources]: Sources[K] extends `https://${string}` ? never : K }[keyof Sources];

export const SOURCE_EXPECT: { readonly [K in CitedSource]: readonly [string, ...string[]] } = {
  apfAdjustmentPeriod: ['borrowingAdjustmentPeriod = 10 * time.Second'],
  apfBorrowingBounds: [
    'func (cfgCtlr *configController) updateBorrowingLocked(setCompleters bool, plStates map[string]*priorityLevelState) {',
    'minCurrentCL = max(plState.minCL, min(plState.nominalCL, plState.seatDemandStats.highWatermark))',
    'upperBound: float64(plState.maxCL),',
    'target:     math.Max(float64(minCurrentCL), plState.seatDemandStats.smoothed),',
  ],
  apfFairShare: ['fairProp := requiredSumF / targetSum', 'ans[idx] = relativeItems[idx].target * fairProp'],
  apfFirstAdjustment: [
    'initialCL := concurrencyLimit - lendableCL/2',
    'plState.currentCL = initialCL',
    'meal.cfgCtlr.updateBorrowingLocked(false, meal.newPLStates)',
  ],
  apfNominalSeats: [
    'concurrencyLimit := int(math.Ceil(float64(meal.cfgCtlr.serverConcurrencyLimit) * float64(*nominalConcurrencyShares) / meal.shareSum))',
    'plState.minCL = concurrencyLimit - lendableCL',
    'plState.maxCL = concurrencyLimit + borrowingCL',
  ],
  apiValidateListOptions: [
    'func ValidateListOptions(',
    'resourceVersionMatch is forbidden unless resourceVersion is provided',
    'options.ResourceVersion == "0"',
  ],
  cacherExactRvServable: [
    'func (c *Cacher) shouldDelegateExactRV(rv uint64)',
    'c.watchCache.notFresh(rv)',
    'CanServeExactRV(rv)',
  ],
  cacherGetWaits: [
    'func (w *watchCache) WaitUntilFreshAndGet(',
    'w.waitUntilFreshLocked(ctx, consistentReadSupported, resourceVersion)',
  ],
  cacherLimitIgnoredForRvZero: ['the limit is ignored for requests that set RV == 0', 'opts.ResourceVersion == "0"'],
  cacherNotReady429: ['c.ready.check()', 'errors.NewTooManyRequests('],
  cacherShouldDelegateContinue: [
    'func (c *Cacher) ShouldDelegateContinue(',
    'storage.DecodeContinue(',
    'return c.ShouldDelegateConsistentRead()',
  ],
  cacherShouldDelegateExactRV: [
    'func (c *Cacher) ShouldDelegateExactRV(',
    'SnapshottingEnabled()',
    'return delegator.Result{ShouldDelegate: true}, nil',
  ],
  consistencyCheckPeriod: [
    'jitter := 0.5',
    'wait.JitterUntilWithContext(wait.ContextForChannel(stopCh), c.check, CheckPeriod, jitter, sliding)',
  ],
  consistentReadSupported: ['func ConsistentReadSupported() bool', 'storage.RequestWatchProgress'],
  delegatorGetFromCache: ['ParseResourceVersion(opts.ResourceVersion)', 'return c.cacher.Get(ctx, key, opts, objPtr)'],
  delegatorGetNotReady: ['if !c.cacher.Ready() {', 'return c.storage.Get(ctx, key, opts, objPtr)'],
  delegatorGetRvUnset: ['if opts.ResourceVersion == "" {', 'return c.storage.Get(ctx, key, opts, objPtr)'],
  delegatorListConsistentFallback: [
    'storage.IsTooLargeResourceVersion(err)',
    'ConsistentListFromCacheSkipTimeoutFallback',
    'err = c.storage.GetList(ctx, key, opts, listObj)',
  ],
  delegatorListFromCache: ['err = c.cacher.GetList(ctx, key, opts, listObj)'],
  delegatorListNotReady: [
    'if !c.cacher.Ready() && shouldDelegateListOnNotReadyCache(opts) {',
    'return c.storage.GetList(ctx, key, opts, listObj)',
  ],
  delegatorListShouldDelegate: ['delegator.ShouldDelegateList(opts, c.cacher)', 'if result.ShouldDelegate {'],
  etcdFaqMaxClusterSize: [
    'What is maximum cluster size?',
    'an etcd cluster probably should have no more than seven nodes',
  ],
  etcdListCompacted410: [
    'func interpretListError(',
    'case err == etcdrpc.ErrCompacted:',
    'return errors.NewResourceExpired(expired)',
  ],
  etcdListFutureRevision: [
    'errors.Is(err, etcdrpc.ErrFutureRev)',
    's.GetCurrentResourceVersion(ctx)',
    'storage.NewTooLargeResourceVersionError(uint64(withRev), currentRV, 0)',
  ],
  etcdListMinimumRvAfterRead: [
    'if withRev == 0 {',
    's.validateMinimumResourceVersion(opts.ResourceVersion, uint64(*chunk.revision))',
  ],
  etcdRangeStreamGate: ['EtcdRangeStream: {', 'version.MustParse("1.37"), Default: true, PreRelease: featuregate.Beta'],
  etcdStoreGet: [
    'func (s *store) Get(',
    's.client.Kubernetes.Get(',
    's.validateMinimumResourceVersion(opts.ResourceVersion',
  ],
  etcdStoreShouldStream: [
    'func shouldStream(opts storage.ListOptions) bool {',
    'opts.Predicate.Limit > 0 || opts.Predicate.Continue != ""',
    'features.EtcdRangeStream',
    'Supports(storage.RangeStream)',
  ],
  etcdStoreValidateMinimumRv: [
    'func (s *store) validateMinimumResourceVersion(',
    'apierrors.NewBadRequest(fmt.Sprintf("invalid resource version: %v", err))',
  ],
  eventsWatchCacheOffByDefault: [
    'func DefaultWatchCacheSizes() map[schema.GroupResource]int {',
    '{Resource: "events"}:',
    '{Group: "events.k8s.io", Resource: "events"}: 0,',
  ],
  getCurrentResourceVersion: ['func (s *store) GetCurrentResourceVersion(', 's.client.Kubernetes.Get(ctx, preparedKey'],
  handlerUnconvertedErrorIs500: ['status := http.StatusInternalServerError', 'storage.IsConflict(err)'],
  parseEtcdServersOverrides: [
    'func ParseEtcdServersOverrides(',
    'strings.Split(override, "#")',
    'strings.Split(tokens[1], ";")',
    'return nil, errOverridesInvalid',
  ],
  pflagReadAsCSV: [
    'func readAsCSV(val string) ([]string, error)',
    'csv.NewReader(stringReader)',
    'return csvReader.Read()',
  ],
  progressRequestPeriod: ['progressRequestPeriod = 100 * time.Millisecond'],
  progressNotifyEtcdVersions: [
    'v3_4_31 = version.MustParseSemantic("3.4.31")',
    'v3_5_13 = version.MustParseSemantic("3.5.13")',
  ],
  rangeStreamRecheck: ['rangeStreamRecheckInterval = 10 * time.Minute'],
  resourceExpiredIs410: ['func NewResourceExpired(message string) *StatusError {', 'http.StatusGone'],
  retryAfterHeader: [
    'func ErrorNegotiated(',
    'status.Details.RetryAfterSeconds > 0',
    'w.Header().Set("Retry-After", delay)',
  ],
  shouldDelegateListConsistent: ['if opts.ResourceVersion == "" {', 'return cache.ShouldDelegateConsistentRead()'],
  shouldDelegateListContinue: ['len(opts.Predicate.Continue) > 0', 'cache.ShouldDelegateContinue('],
  shouldDelegateListExact: ['case metav1.ResourceVersionMatchExact:', 'cache.ShouldDelegateExactRV('],
  shouldDelegateListLegacyExact: [
    'opts.Predicate.Limit > 0 && len(opts.ResourceVersion) > 0 && opts.ResourceVersion != "0"',
  ],
  shouldDelegateListNotOlderThan: [
    'case metav1.ResourceVersionMatchNotOlderThan:',
    'return Result{ShouldDelegate: false}, nil',
  ],
  shouldDelegateListOnNotReadyCache: ['func shouldDelegateListOnNotReadyCache(', 'hasLimit := pred.Limit > 0'],
  shouldDelegateListRvZero: ['return Result{ShouldDelegate: false}, nil'],
  storageValidateListOptions: [
    'func ValidateListOptions(keyPrefix string',
    'specifying resource version is not allowed when using continue',
    'invalid resource version: %v',
  ],
  timeoutErrorIs504: [
    'func NewTimeoutError(message string, retryAfterSeconds int) *StatusError {',
    'http.StatusGatewayTimeout',
    'fmt.Sprintf("Timeout: %s", message)',
    'RetryAfterSeconds: int32(retryAfterSeconds)',
  ],
  tooLargeResourceVersionError: [
    'func NewTooLargeResourceVersionError(',
    'apierrors.NewTimeoutError(fmt.Sprintf("Too large resource version: %d, current: %d"',
  ],
  tooManyRequestsIs429: [
    'func NewTooManyRequests(message string, retryAfterSeconds int) *StatusError {',
    'http.StatusTooManyRequests',
    'RetryAfterSeconds: int32(retryAfterSeconds)',
  ],
  unreadyCacheRetryAfter: [
    'func calculateRetryAfterForUnreadyCache(downtime time.Duration) int {',
    'math.Exp(factor * downtime.Seconds())',
    'math.Min(30, math.Max(1, result))',
  ],
  waitAndGetExactSnapshot: [
    'func (w *watchCache) waitAndGetExactSnapshot(',
    'w.waitUntilFreshLocked(ctx, consistentReadSupported, resourceVersion)',
    'w.storage.GetExactSnapshotLocked(resourceVersion)',
  ],
  waitUntilFreshLocked: [
    'func (w *watchCache) waitUntilFreshLocked(',
    'w.config.clock.After(blockTimeout)',
    'storage.NewTooLargeResourceVersionError(',
  ],
  watchCacheBlockTimeout: ['blockTimeout = 3 * time.Second'],
  watchCacheDecorator: [
    'if f.Options.EnableWatchCache {',
    'if ok && size <= 0 {',
    'ret.Decorator = generic.UndecoratedStorage',
    'ret.Decorator = genericregistry.StorageWithCacher()',
  ],
  watchCacheOffUndecorated: ['generic.UndecoratedStorage,'],
  watchCacheRetrySeconds: ['resourceVersionTooHighRetrySeconds = 1'],
  watchCacheSizesMerged: ['sizes := kubeapiserver.DefaultWatchCacheSizes()', 'sizes[resource] = size'],
  etcdQuorum: ['func quorum(num int) int {', 'return num/2 + 1'],
  etcdClusterReadyToAdd: [
    'func (c *RaftCluster) IsReadyToAddVotingMember() bool {',
    'nquorum := nmembers/2 + 1',
    'if nstarted < nquorum {',
  ],
  etcdClusterReadyToRemove: [
    'func (c *RaftCluster) IsReadyToRemoveVotingMember(id uint64) bool {',
    'if uint64(member.ID) == id {',
    'if nstarted < nquorum {',
  ],
  etcdClusterReadyToPromote: [
    'func (c *RaftCluster) IsReadyToPromoteMember(id uint64) bool {',
    'nmembers := 1 // We count the learner to be promoted for the future quorum',
    'if nstarted < nquorum {',
  ],
  etcdServerMayRemoveMember: [
    "// downed member is safe to remove since it's not part of the active quorum",
    'if (active - 1) < 1+((len(m)-1)/2) {',
    'return errors.ErrUnhealthy',
  ],
  etcdServerMayAddMember: [
    'func (s *EtcdServer) mayAddMember(memb membership.Member) error {',
    'if !s.Cfg.StrictReconfigCheck {',
    'reconfigure breaks active quorum',
  ],
  etcdTuningHeartbeatRtt: ['normally around 0.5-1.5x the round-trip time'],
  etcdTuningElectionRtt: ['Election timeouts must be at least 10 times the round-trip time'],
  etcdTimingFieldsUint: ['TickMs     uint `json:"heartbeat-interval"`', 'ElectionMs uint `json:"election-timeout"`'],
  etcdElectionTicks: ['func (cfg *Config) ElectionTicks() int { return int(cfg.ElectionMs / cfg.TickMs) }'],
  etcdRaftElectionTick: ['func raftConfig(', 'cfg.ElectionTicks,', 'HeartbeatTick:   1,'],
  etcdConfigValidateTimeouts: [
    'if 5*cfg.TickMs > cfg.ElectionMs {',
    'should be at least as 5 times as --heartbeat-interval',
    'if cfg.ElectionMs > maxElectionMs {',
  ],
  etcdQuotaDefaults: [
    'DefaultQuotaBytes = int64(2 * 1024 * 1024 * 1024) // 2GB',
    'MaxQuotaBytes is the maximum number of bytes suggested for a backend',
    'MaxQuotaBytes = int64(8 * 1024 * 1024 * 1024) // 8GB',
  ],
  etcdQuotaKvOverhead: ["// kvOverhead is an estimate for the cost of storing a key's Metadata", 'kvOverhead = 256'],
  etcdQuotaAvailable: [
    'return b.be.Size()+int64(cost) < b.maxBackendBytes',
    'func costPut(r *pb.PutRequest) int { return kvOverhead + len(r.Key) + len(r.Value) }',
  ],
  scalabilityThresholdsCaveats: [
    'thresholds are NOT hard limits',
    'For smaller clusters, the limits are proportionally',
    'The threshold below are given for Kubernetes head.',
    'running on sharded etcd',
  ],
  etcdHardwareSmall: [
    'A small cluster serves fewer than 100 clients, fewer than 200 of requests per second, and stores no more than 100MB of data.',
    'A 50-node Kubernetes cluster',
    '| AWS | m4.large | 2 | 8 | 3600 | 56.25 |',
  ],
  etcdHardwareMedium: [
    'A medium cluster serves fewer than 500 clients, fewer than 1,000 of requests per second, and stores no more than 500MB of data.',
    'A 250-node Kubernetes cluster',
    '| AWS | m4.xlarge | 4 | 16 | 6000 | 93.75 |',
  ],
  etcdHardwareLarge: [
    'A large cluster serves fewer than 1,500 clients, fewer than 10,000 of requests per second',
    'A 1,000-node Kubernetes cluster',
    '| AWS | m4.2xlarge | 8 | 32 | 8000 | 125 |',
  ],
  etcdHardwareXLarge: [
    'An xLarge cluster serves more than 1,500 clients, more than 10,000 of requests per second, and stores more than 1GB data.',
    'A 3,000 node Kubernetes cluster',
    '| AWS | m4.4xlarge | 16 | 64 | 16,000 | 250 |',
  ],
  badRequestIs400: ['func NewBadRequest(reason string) *StatusError {', 'http.StatusBadRequest'],
  delegatorValidatesListFirst: [
    'func (c *CacheDelegator) GetList(',
    'storage.ValidateListOptions(c.cacher.resourcePrefix, c.cacher.versioner, opts)',
  ],
  etcdListValidatesOptions: ['withRev, continueKey, err := storage.ValidateListOptions(keyPrefix, s.versioner, opts)'],
  inconsistentContinue410: [
    'continueToken.ResoureVersion=-1 means that the apiserver can',
    'storage.EncodeContinue(continueKey, keyPrefix, -1)',
    'errors.NewResourceExpired(inconsistentContinue)',
  ],
  storageContinueLatest: [
    'If continueRV < 0, the request is for the latest resource version.',
    'if continueRV > 0 {',
    'withRev = continueRV',
  ],
  storageDecodeContinue: [
    'incorrect encoded start resourceVersion (version meta.k8s.io/v1)',
    'func DecodeContinue(continueValue, keyPrefix string)',
    'base64.RawURLEncoding.DecodeString(continueValue)',
    'if c.ResourceVersion == 0 {',
  ],
  storageInvalidContinue400: [
    'DecodeContinue(opts.Predicate.Continue, keyPrefix)',
    'apierrors.NewBadRequest(fmt.Sprintf("invalid continue token: %v", err))',
  ],
  watchCacheContinueLatest: [
    'storage.DecodeContinue(opts.Predicate.Continue, key)',
    'return w.waitAndListExactRV(ctx, key, continueKey, uint64(continueRV))',
    'return w.waitAndListConsistent(ctx, key, continueKey, nil)',
  ],
  etcdFaqWalFsyncTarget: ['(p99 duration should be less than 10ms)'],
  etcdFaqBackendCommitTarget: ['(p99 duration should be less than 25ms)'],
  etcdFaqRemoveFirst: [
    '### Should I add a member before removing an unhealthy member?',
    "it's important  to remove the member first and then add its replacement.",
  ],
  etcdDefragPerMember: [
    'Defragmentation is issued on a per-member basis so that cluster-wide latency spikes may be avoided.',
  ],
  apiserverCompactInterval: ['DefaultCompactInterval      = 5 * time.Minute'],
  etcdServersOverridesFlag: ['"etcd-servers-overrides"', 'format: group/resource#servers, where servers are URLs'],
  kubeletNodeLeaseDuration: [
    'periodically renew a lease, named after the node, in the kube-node-lease namespace.',
    'The lease is currently renewed every 10s, per KEP-0009.',
    'Default: 40',
  ],
  kubeletLeaseRenewFraction: ['nodeLeaseRenewIntervalFraction = 0.25'],
  kubeletNodeStatusReport: ["nodeStatusReportFrequency's default value is 5m.", 'Default: "5m"'],
};
