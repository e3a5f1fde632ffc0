/** Simplified Chinese Explain templates of what clients see: the EndpointSlice and Endpoints controllers, kube-proxy and the clients (see explain.zh-CN.ts). */
export const EXPLAIN_ZH_CN_SERVICES: Record<string, Record<string, string>> = {
  // The EndpointSlice and Endpoints controllers (both name their sync syncService, as upstream) and
  // the EndpointSlice reconciler. ready / serving / terminating are EndpointSlice conditions.
  syncService: {
    serviceGone: 'Service {{service}} 已不存在 → 清除它的跟踪记录（它的 EndpointSlice 由垃圾回收删除）',
    noSelector: 'Service {{service}}（类型 {{type}}）没有选择器或是 ExternalName → 控制器不为它写任何端点',
    stale:
      'Service {{service}}：informer 还没看到本控制器上一次对 EndpointSlice 的写入（缓存中有 {{slices}} 个 EndpointSlice）→ 稍后重试',
    deleteEndpoints: 'Service {{service}} 已不存在 → 删除它的 Endpoints 对象',
    unchanged:
      'Endpoints {{service}} 已列出 {{ready}} 个 ready 地址和 {{notReady}} 个 not-ready 地址 → 无需写入',
    create:
      '创建 Endpoints {{service}}：{{ready}} 个 ready 地址，{{notReady}} 个 not-ready 地址（截断：{{truncated}}）',
    update:
      '更新 Endpoints {{service}}：{{ready}} 个 ready 地址，{{notReady}} 个 not-ready 地址（截断：{{truncated}}）',
  },
  // The API server's own kubernetes Service loop (controller/kubernetesservice).
  updateKubernetesService: {
    serviceCreated:
      'Service {{service}} 不存在：API server 重新创建它（ClusterIP {{ip}}，端口 443 → 6443），它的循环每 10 秒这样做一次',
    serviceFailed: 'Service {{service}} 不存在，API server 未能重新创建它',
    serviceKept: 'Service {{service}} 存在：创建之后 API server 不再修正它',
    endpointsSynced:
      'API server 把自己的地址写回 {{service}}：Endpoints {{endpoints}}，EndpointSlice {{slice}}，删除了 {{deleted}} 个其他 EndpointSlice（地址 {{ips}}，端口 6443）',
  },
  // The root CA publisher (controller/certificates/rootcacertpublisher).
  syncNamespace: {
    created:
      '命名空间 {{namespace}} 中没有 ConfigMap {{configMap}}：根 CA 发布器用集群的 CA 证书包（ca.crt）创建它，每个 Pod 的令牌卷都挂载它',
    updated:
      '{{namespace}} 中的 ConfigMap {{configMap}} 与发布的 CA 证书包不同或丢了说明注解：发布器把它们写回',
    inSync: '{{namespace}} 中的 ConfigMap {{configMap}} 带有发布的 CA 证书包和说明：无需写入',
    namespaceGone: '命名空间 {{namespace}} 已不存在或正在删除：发布器不在那里创建 {{configMap}}（也不重试）',
  },
  reconcile: {
    deleteAddressType: '删除 EndpointSlice {{slice}}：该 Service 已不再有地址类型 {{addressType}}',
  },
  reconcileByAddressType: {
    notOwned: '删除 EndpointSlice {{slice}}：它不属于这个 Service（而属于先前一个同名的 Service）',
    nodeNotFound: '不纳入 Pod {{pod}}：它的节点 {{node}} 不在节点缓存中（该 Service 稍后重试）',
    desired:
      '这组端口需要 {{endpoints}} 个 {{addressType}} 端点，目前由 {{existingSlices}} 个 EndpointSlice 承载',
    portsNoLongerDesired: '删除 EndpointSlice {{slice}}：已没有 Pod 提供它的这组端口',
    placeholderKept: '没有端点 → 保留空的占位 EndpointSlice {{slice}}',
    placeholderCreated: '没有端点 → 写入一个空的 {{addressType}} 占位 EndpointSlice',
  },
  reconcileByPortMapping: {
    deleteEmpty: '删除 EndpointSlice {{slice}}：它的端点已全都不再需要（移除 {{removed}} 个）',
    updateEndpoints:
      '更新 EndpointSlice {{slice}}：保留 {{kept}} 个端点，移除 {{removed}} 个，状况有变化：{{changed}}',
    updateLabels: '更新 EndpointSlice {{slice}}：Service 的标签变了',
    fillUpdated: '向已在更新中的 EndpointSlice {{slice}} 补入 {{added}} 个端点 → {{size}} / {{max}}',
    fillUnchanged:
      '把最后 {{added}} 个端点放进 EndpointSlice {{slice}}：放入后它最接近装满 → {{size}} / {{max}}',
    create: '新建一个 EndpointSlice，含 {{endpoints}} 个端点（每个 EndpointSlice 至多 {{max}} 个）',
  },
  finalize: {
    recycle: '复用 EndpointSlice {{slice}}，而不是删掉它再新建一个：用 {{endpoints}} 个端点更新它',
    serviceDeleting: 'Service 正在被删除 → 跳过 {{creates}} 个 EndpointSlice 的创建',
  },
  // kube-proxy (src/engine/proxy): topology.go, the proxiers' REJECT / DROP, the BoundedFrequencyRunner.
  categorizeEndpoints: {
    noEndpoints: '该 Service 一个端点也没有',
    clusterReady: '{{total}} 个端点中有 {{ready}} 个 ready → 新连接发往它们（拓扑模式“{{topologyMode}}”）',
    clusterFallback:
      '没有 ready 的端点 → 退而使用 {{total}} 个中既 serving 又 terminating 的 {{servingTerminating}} 个',
    local: 'Local 流量策略：本节点上有 {{local}} 个端点（serving-terminating 回退：{{servingTerminating}}）',
  },
  serviceRuleTarget: {
    endpoints: '规则把新连接发往 {{usable}} 个端点',
    REJECT: '任何地方都没有可用端点 → 规则 REJECT（客户端看到“connection refused”）',
    DROP: '有可用端点，但本节点上没有符合 internalTrafficPolicy Local 的 → 规则 DROP（客户端超时）',
  },
  syncProxyRules: {
    programmed:
      '{{service}}：每个节点现在把新连接发往 {{total}} 个端点中的 {{usable}} 个（{{target}}）；切片写入于 {{sliceWritten}} 秒，最近变化于 {{trigger}} 秒',
    ruleChanged:
      '{{service}}：Pod {{pod}} 在规则中从 {{from}} 变为 {{to}}，自 {{at}} 秒起（切片写入于 {{sliceWritten}} 秒）',
    gone: '{{service}} 已不存在：删除它的规则',
  },
  boundedFrequencyRunner: {
    sync: 'kube-proxy 在 {{at}} 毫秒同步规则（{{reason}}）',
    deferred: '{{at}} 毫秒的变化要等 1 秒的 minSyncPeriod → 规则在 {{runAt}} 毫秒同步',
    coalesced: '{{at}} 毫秒的变化并入自 {{pendingSince}} 毫秒起已排队的那次同步（在 {{runAt}} 毫秒）',
  },
  // The clients (engine/traffic): one record per second and Service, and one per group of failed requests.
  podToEndpoint: {
    ready:
      'Pod {{pod}} 是 {{service}} 的就绪端点（切片 {{slice}}）：Ready 且未被删除，所以每个节点的规则都把新连接发给它',
    servingTerminating:
      'Pod {{pod}} 在 {{service}} 中处于 serving 且 terminating（切片 {{slice}}）：它正在被删除但仍然 Ready；只有当该 Service 没有就绪端点时 kube-proxy 才把新连接发给它',
    terminatingNotServing:
      'Pod {{pod}} 在 {{service}} 中正在终止且不再 serving（切片 {{slice}}）：没有规则发往它',
    notReady:
      'Pod {{pod}} 已列在 {{service}} 中但未就绪（切片 {{slice}}）：它的 Ready 条件不是 True，所以没有规则发往它',
  },
  trafficSecond: {
    counts:
      '{{service}} 第 {{second}} 秒：{{requests}} 个请求 — {{ok}} 个成功，{{refused}} 个被拒绝，{{reset}} 个被重置，{{timeout}} 个超时，{{http503}} 个 HTTP 503；成功请求按版本 {{byRevision}}；客户端节点规则中有 {{endpoints}} 个端点',
  },
  trafficFailure: {
    noRules:
      '{{count}} 个超时（{{from}}–{{to}} 秒）：{{node}} 还没有 {{service}} 的规则（它的 kube-proxy 尚未同步）',
    rejected:
      '{{count}} 个被拒绝（{{from}}–{{to}} 秒）：{{node}} 的规则对 {{service}} 执行 REJECT：没有可用端点（规则同步于 {{synced}} 秒，切片写入于 {{sliceWritten}} 秒）',
    dropped:
      '{{count}} 个超时（{{from}}–{{to}} 秒）：{{node}} 的规则对 {{service}} 执行 DROP：它有端点，但 {{node}} 上没有符合 internalTrafficPolicy Local 的（规则同步于 {{synced}} 秒）',
    notListening:
      '{{count}} 个被拒绝（{{from}}–{{to}} 秒）：Pod {{pod}} 还没有监听 — 容器在 {{started}} 秒启动，应用从 {{listens}} 秒起监听 — 但 {{node}} 的规则已经把请求发给它（代理同步于 {{synced}} 秒，切片写入于 {{sliceWritten}} 秒）',
    stopped:
      '{{count}} 个被拒绝（{{from}}–{{to}} 秒）：Pod {{pod}} 在 {{stopped}} 秒停止监听（SIGTERM，没有 preStop）；{{node}} 的规则直到 {{until}} 秒仍然列出它（切片写入于 {{untilSliceWritten}} 秒，代理同步于 {{until}} 秒）',
    stoppedAfterPreStop:
      '{{count}} 个被拒绝（{{from}}–{{to}} 秒）：Pod {{pod}} 在 {{stopped}} 秒停止监听（{{preStopSeconds}} 秒的 preStop {{preStop}} 之后收到 SIGTERM）；{{node}} 的规则直到 {{until}} 秒仍然列出它（切片写入于 {{untilSliceWritten}} 秒，代理同步于 {{until}} 秒）',
    stoppedStillListed:
      '{{count}} 个被拒绝（{{from}}–{{to}} 秒）：Pod {{pod}} 在 {{stopped}} 秒停止监听（SIGTERM；preStop {{preStop}} {{preStopSeconds}} 秒）；{{node}} 的规则仍然列出它（代理同步于 {{synced}} 秒）',
    gone: '{{count}} 个超时（{{from}}–{{to}} 秒）：Pod {{pod}} 自 {{gone}} 秒起已不存在（容器已停止，它的 IP 不再应答）；{{node}} 的规则直到 {{until}} 秒仍然列出它（切片写入于 {{untilSliceWritten}} 秒，代理同步于 {{until}} 秒）',
    goneStillListed:
      '{{count}} 个超时（{{from}}–{{to}} 秒）：Pod {{pod}} 自 {{gone}} 秒起已不存在（它的 IP 不再应答）；{{node}} 的规则仍然列出它（代理同步于 {{synced}} 秒）',
    maxRps: '{{count}} 个 HTTP 503（{{from}}–{{to}} 秒）：Pod {{pod}} 每秒最多应答 {{maxRps}} 个请求',
    resetExit:
      '{{count}} 个被重置（{{from}}–{{to}} 秒）：Pod {{pod}} 在 SIGTERM 时退出（{{stopped}} 秒，onSigterm exit），这些请求仍在处理中（每个 {{requestMs}} 毫秒）',
    resetKilled:
      '{{count}} 个被重置（{{from}}–{{to}} 秒）：Pod {{pod}} 的容器在 {{gone}} 秒停止，这些请求仍在处理中（每个 {{requestMs}} 毫秒）',
    more: '另有 {{count}} 个失败请求，分属其他 {{groups}} 组',
    rulesRemoved:
      '{{count}} 个超时（{{from}}–{{to}} 秒）：{{node}} 的 kube-proxy 在 {{removed}} 秒删除了 {{service}} 的规则（该 Service 已被删除，或 kube-proxy 不再为它服务），它的 ClusterIP 不再有任何应答：nftables 模式丢弃发往未分配 ClusterIP 的流量，iptables 模式没有相应规则；保持连接（keep-alive）的请求照常进行（conntrack）',
  },
};
