/** Simplified Chinese Explain templates of the StatefulSet controller (see explain.zh-CN.ts). */
export const EXPLAIN_ZH_CN_STATEFULSET: Record<string, Record<string, string>> = {
  // StatefulSet controller (stateful_set_control.go, history.CreateControllerRevision). condemned is
  // upstream's word for the Pods whose ordinal is outside the wanted range.
  syncStatefulSet: {
    deleted: 'StatefulSet {{key}} 已不存在 → 无需同步',
    staleCache:
      '未同步：informer 只送达到 rv {{seen}}，尚未送达本控制器自己的写入 rv {{resourceVersion}}（StaleControllerConsistencyStatefulSet）',
    requeueAvailable:
      '{{afterMs}} 毫秒后重新入队：那时下一个 Ready 的 Pod 已 Ready 满 minReadySeconds {{minReadySeconds}}',
  },
  getPodsForStatefulSet: {
    adopt:
      '{{pod}} 没有控制器，且与选择器和名字相符（{{labels}}）→ 被收养，从本次同步起算作副本（ClaimPods）',
    release:
      '{{pod}} 受本 StatefulSet 控制，但已不再符合它的选择器或名字（{{labels}}）→ 释放，删去它的 ownerReference（ClaimPods）',
  },
  adoptOrphanRevisions: {
    adopt:
      'ControllerRevision {{revision}}（#{{number}}）没有控制器且与选择器相符 → 收养进本 StatefulSet 的历史',
  },
  statefulPodControl: {
    claimOwners: '{{pod}}：按保留策略为它的 {{claims}} 个 PVC 设置 owner 引用',
  },
  syncBinder: {
    provisioning:
      'PVC {{claim}} 指定了节点 {{node}}（volume.kubernetes.io/selected-node：调度器为挂载它的 Pod 选定的节点）→ PV 控制器把卷交给外部供给者 {{provisioner}}（ExternalProvisioning），它开始在 {{node}} 上创建卷（Provisioning），{{seconds}} 秒后完成',
    bound:
      'PVC {{claim}} 由默认 StorageClass 供给并绑定到 {{volume}}（{{storage}}），卷建在 {{node}} 上；在调度器 PreBind 中等待的 Pod 现在可以绑定了',
  },
  syncUnboundClaim: {
    classNotFound:
      'PVC {{claim}} 指定的 StorageClass {{class}} 在本集群中不存在（唯一的存储类是 {{known}}）：没有供给者能为它创建卷，它只能立即绑定、也就永远无法绑定 → ProvisioningFailed，它保持 Pending，挂载它的 Pod 也一样；{{resyncSeconds}} 秒后再次同步',
    noClass:
      'PVC {{claim}} 设置了 storageClassName ""：它需要管理员手工创建的 PersistentVolume，而这里没有 → FailedBinding，它保持 Pending，挂载它的 Pod 也一样；{{resyncSeconds}} 秒后再次同步',
    volumeNotFound:
      'PVC {{claim}} 自己指定了卷（spec.volumeName {{volume}}），而这个 PersistentVolume 不存在 → 它保持 Pending，不产生 Event，挂载它的 Pod 也一样（调度器把预绑定的 PVC 算作未绑定的立即绑定 PVC）；{{resyncSeconds}} 秒后再次同步',
    boundToVolume:
      'PVC {{claim}}（存储类 {{class}}）立即绑定，PersistentVolume {{volume}}（{{storage}}）是该存储类中满足其访问模式且不小于其请求的最小可用卷 → 两者都变为 Bound：卷指向 PVC（claimRef），PVC 指向卷（volumeName）',
    volumeBoundElsewhere:
      'PVC {{claim}} 指定的 PersistentVolume {{volume}} 已绑定到 {{boundTo}} → FailedBinding，它保持 Pending，挂载它的 Pod 也一样；{{resyncSeconds}} 秒后再次同步',
    waitForFirstConsumer:
      'PVC {{claim}} 属于 StorageClass {{class}}，其 volumeBindingMode 为 WaitForFirstConsumer，而还没有 Pod 挂载它 → WaitForFirstConsumer：要等挂载它的 Pod 被调度后，才在那个 Pod 的节点上创建卷；它保持 Pending，{{resyncSeconds}} 秒后再次同步',
    waitForPodScheduled:
      'PVC {{claim}} 在等待第一个使用者，{{pods}} 挂载了它但尚未被调度 → WaitForPodScheduled：调度器先选定节点，再在那里创建卷；它保持 Pending，{{resyncSeconds}} 秒后再次同步',
  },
  syncBoundClaim: {
    lostReference:
      'PVC {{claim}} 被标记为已绑定（pv.kubernetes.io/bind-completed），却没有指定卷 → Lost，这个阶段不会再离开（ClaimLost）；挂载它的 Pod 不会被调度',
    volumeLost:
      'PVC {{claim}} 被标记为已绑定（pv.kubernetes.io/bind-completed）到 {{volume}}，而这个 PersistentVolume 不存在 → Lost，这个阶段不会再离开（ClaimLost）；挂载它的 Pod 不会被调度',
    misbound:
      'PVC {{claim}} 被标记为绑定到 {{volume}}，但那个卷已绑定到 {{boundTo}} → Lost，这个阶段不会再离开（ClaimMisbound）；挂载它的 Pod 不会被调度',
  },
  processPVC: {
    inUse:
      'PVC {{claim}} 正在删除，但已调度的 Pod {{pod}} 挂载着它 → finalizer kubernetes.io/pvc-protection 保留，PVC 也保留（Terminating）',
    finalizerRemoved:
      'PVC {{claim}} 正在删除，且没有已调度的 Pod 挂载它 → 去掉 finalizer kubernetes.io/pvc-protection；没有 finalizer 剩下时 API server 删除它：{{gone}}',
    finalizerAdded:
      'PVC {{claim}} 没有 finalizer kubernetes.io/pvc-protection → 重新加上（准入插件给每个新 PVC 都加上它）',
  },
  getStatefulSetRevisions: {
    unchanged: '模板与最新版本 {{revision}}（#{{number}}）一致 → 无需记录新版本',
    rollback: '模板与较早的版本 {{revision}} 一致 → 重新编号 #{{from}} → #{{to}}（这是回滚，不产生新版本）',
    semanticallyUnchanged: '模板在语义上就是最新版本 {{revision}}（#{{number}}）→ 无需记录新版本',
    newRevision: '模板变了 → 新版本 {{revision}}（#{{number}}，collisionCount {{collisionCount}}）',
    existingRevision:
      '模板变了，但同名版本 {{revision}}（#{{number}}，collisionCount {{collisionCount}}）已存在且数据相同 → 直接使用，不再创建',
  },
  createControllerRevision: {
    hashCollision:
      '名字 {{revision}} 已被另一个模板占用 → collisionCount 变为 {{collisionCount}}，重新计算哈希',
  },
  truncateHistory: {
    deleteRevisions:
      '{{historic}} 个版本既不是 current 或 update 版本，也不属于任何 Pod；revisionHistoryLimit {{limit}} → 删除最旧的 {{deleted}} 个',
  },
  updateStatefulSet: {
    partition:
      'replicas {{replicas}}，从序号 {{start}} 开始：{{missing}} 个待创建，{{condemned}} 个 condemned，{{unavailable}} 个不可用（第一个：{{firstUnavailable}}）',
    setDeleting: 'StatefulSet 正在被删除 → 只更新状态',
    onDelete: 'OnDelete：{{replicas}} 个 Pod 中有 {{updatedReplicas}} 个处于更新版本；Pod 只在被删除时才更换',
    deleteForUpdate:
      '删除 {{pod}}（版本 {{revision}} ≠ {{updateRevision}}）：它是序号 ≥ partition {{partition}} 且尚未更新的 Pod 中序号最高的',
    waitForUpdate:
      '等待 {{pod}} 可用（minReadySeconds {{minReadySeconds}}，terminating {{terminating}}），再更新下一个',
    rolloutSettled:
      '从 partition {{partition}} 起的每个 Pod 都已处于更新版本（{{replicas}} 个中已更新 {{updatedReplicas}} 个）',
  },
  updateStatefulSetAfterInvariantEstablished: {
    budget: 'maxUnavailable {{maxUnavailable}}，已有 {{unavailable}} 个不可用 → 至多删除 {{podsToDelete}} 个',
  },
  processReplica: {
    deleteTerminal: '删除 {{pod}}（{{podPhase}}）：它消失后会被重新创建',
    waitTerminalGone: '等 {{pod}}（{{podPhase}}）消失后再重新创建它',
    staleClaim: '{{pod}} 未创建：仍有 PVC 属于先前的 {{pod}}（whenScaled: Delete 要等垃圾回收器处理）',
    claimBeingDeleted: '{{pod}} 未创建：{{error}}',
    create: '创建 {{pod}}（序号 {{ordinal}}，版本 {{revision}}），先创建 {{claims}} 个 PVC',
    createMissingClaims: '{{pod}} 处于 Pending → 创建它缺少的 {{claims}} 个 PVC',
    waitTerminating: '等待 {{pod}} 终止完成',
    notCreatedUntilReady:
      '{{pod}} 未创建：OrderedReady 要等 {{waitingFor}} 进入 Running 且 Ready（phase {{podPhase}}，Ready {{ready}}）',
    waitRunningAndReady: '等待 {{pod}} 进入 Running 且 Ready（phase {{podPhase}}，Ready {{ready}}）',
    notCreatedUntilAvailable:
      '{{pod}} 未创建：OrderedReady 要等 {{waitingFor}} 可用（minReadySeconds {{minReadySeconds}}）',
    waitAvailable: '等待 {{pod}} 可用（minReadySeconds {{minReadySeconds}}）',
    updatePod: '更新 {{pod}}：身份匹配 {{identity}}，存储匹配 {{storage}}',
  },
  fixPodClaim: {
    updateClaims: 'condemned Pod {{pod}}：按保留策略为它的 {{claims}} 个 PVC 设置 owner',
  },
  processCondemned: {
    waitTerminating: '等待 condemned Pod {{pod}} 终止完成，再继续缩容',
    skipTerminating: 'condemned Pod {{pod}} 已在终止中',
    waitRunningAndReady:
      'condemned Pod {{pod}} 不是 Running 且 Ready，也不是第一个不可用的 Pod（{{firstUnavailable}}）→ 等待',
    waitAvailable:
      'condemned Pod {{pod}} 不可用，也不是第一个不可用的 Pod（{{firstUnavailable}}）→ 等待（minReadySeconds {{minReadySeconds}}）',
    delete: '删除 condemned Pod {{pod}}（序号 {{ordinal}}）：缩容从最高序号开始',
  },
};
