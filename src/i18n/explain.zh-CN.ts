/**
 * Simplified Chinese Explain templates: fn → key → sentence, one for every decision the engine
 * records (Deployment, ReplicaSet and DaemonSet controllers). Placeholders are i18next's
 * `{{name}}` and name the same values as the engine's English catalogues; Kubernetes terms
 * (ReplicaSet, maxSurge, minAvailable, Pod phases …) stay as Kubernetes writes them.
 * tests/i18n/explainCatalog.test.ts checks the keys and placeholders against the engine.
 */
export const EXPLAIN_ZH_CN: Record<string, Record<string, string>> = {
  reconcileNewReplicaSet: {
    newRSSaturated: '新 ReplicaSet {{rs}} 已有 {{newRSReplicas}} = replicas {{replicas}}：无需扩缩',
    scaleDownNewRS: '新 ReplicaSet {{rs}} 有 {{newRSReplicas}} > replicas {{replicas}}：缩容到 {{replicas}}',
    cannotScaleUp:
      'currentPodCount {{currentPodCount}} ≥ maxTotalPods {{maxTotalPods}}（replicas {{replicas}} + maxSurge {{maxSurge}}）：不能扩容',
    scaleUpCount:
      'scaleUpCount = min(maxTotalPods {{maxTotalPods}} − currentPodCount {{currentPodCount}}, replicas {{replicas}} − newRSReplicas {{newRSReplicas}}) = {{scaleUpCount}}',
    scaleNewRS: '新 ReplicaSet {{rs}} 扩缩 {{from}} → {{to}}',
  },
  reconcileOldReplicaSets: {
    noOldPods: '旧 ReplicaSet 共有 {{oldPodsCount}} 个副本：无需缩容',
    minAvailable:
      'minAvailable = replicas {{replicas}} − maxUnavailable {{maxUnavailable}} = {{minAvailable}}',
    maxScaledDown:
      'maxScaledDown = allPodsCount {{allPodsCount}} − minAvailable {{minAvailable}} − newRSUnavailablePodCount {{newRSUnavailablePodCount}} = {{maxScaledDown}}',
    cannotScaleDown: 'maxScaledDown {{maxScaledDown}} ≤ 0：暂时不能缩容旧 ReplicaSet',
    totalScaledDown:
      'totalScaledDown = cleanupCount {{cleanupCount}} + scaledDownCount {{scaledDownCount}} = {{totalScaledDown}}',
  },
  cleanupUnhealthyReplicas: {
    unhealthyReplicas:
      '{{rs}} 有 {{specReplicas}} 个副本，{{availableReplicas}} 个可用：scaledDownCount = min(maxCleanupCount {{maxCleanupCount}} − totalScaledDown {{totalScaledDown}}, {{specReplicas}} − {{availableReplicas}}) = {{scaledDownCount}} → {{newReplicasCount}}',
    invalidScaleDown:
      '{{rs}} 报告 {{availableReplicas}} 个可用，但 spec.replicas 为 {{specReplicas}}：无效的缩容请求，本步失败',
  },
  scaleDownOldReplicaSetsForRollingUpdate: {
    cannotScaleDown: 'availablePodCount {{availablePodCount}} ≤ minAvailable {{minAvailable}}：不能缩容',
    totalScaleDownCount:
      'totalScaleDownCount = availablePodCount {{availablePodCount}} − minAvailable {{minAvailable}} = {{totalScaleDownCount}}',
    scaleDownOldRS: '旧 ReplicaSet {{rs}} 缩容 {{from}} → {{to}}（−{{scaleDownCount}}）',
  },
  scale: {
    activeOrLatest:
      '只有活跃（或最新）的 ReplicaSet {{rs}}（当前 {{from}}）：它承担全部 replicas {{replicas}}',
    saturated: '新 ReplicaSet {{rs}} 已饱和（{{replicas}}）：把 {{oldActive}} 个活跃的旧 ReplicaSet 缩到 0',
    deploymentReplicasToAdd:
      'deploymentReplicasToAdd = allowedSize {{allowedSize}}（replicas {{replicas}} + maxSurge {{maxSurge}}）− 活跃副本 {{allRSsReplicas}} = {{deploymentReplicasToAdd}}',
    proportion:
      '{{rs}}：proportion = min(round({{from}} × {{after}} / {{before}}) − {{from}}, 尚可增加 {{allowed}}) = {{proportion}} → {{to}}',
    proportionDown:
      '{{rs}}：proportion = max(round({{from}} × {{after}} / {{before}}) − {{from}}, 尚需减少 {{allowed}}) = {{proportion}} → {{to}}',
    leftover: '余数 {{leftover}} 分给最大的 ReplicaSet {{rs}} → {{to}}',
  },
  resolveFenceposts: {
    surgePercent: 'maxSurge {{maxSurgeSpec}} × replicas {{replicas}} = {{exact}}，向上取整 → {{maxSurge}}',
    unavailablePercent:
      'maxUnavailable {{maxUnavailableSpec}} × replicas {{replicas}} = {{exact}}，向下取整 → {{maxUnavailable}}',
    bothZero: 'maxSurge 与 maxUnavailable 都算出 0 → maxUnavailable 取 1，否则滚动更新永远无法推进',
  },
  newRSNewReplicas: {
    rollingUpdate:
      'newRSReplicas = {{newRSReplicas}} + min(replicas {{replicas}} + maxSurge {{maxSurge}} − currentPodCount {{currentPodCount}}, replicas {{replicas}} − {{newRSReplicas}}) = {{newReplicasCount}}',
    atMaxTotal:
      'currentPodCount {{currentPodCount}} ≥ replicas {{replicas}} + maxSurge {{maxSurge}}：newRSReplicas 保持 {{newReplicasCount}}',
    recreate: 'Recreate：新 ReplicaSet 直接承担全部 replicas {{replicas}} → {{newReplicasCount}}',
  },
  isScalingEvent: {
    scalingEvent: '{{rs}} 的 desired-replicas {{desiredReplicas}} ≠ replicas {{replicas}}：这是一次扩缩事件',
  },
  cleanupDeployment: {
    diff: '{{cleanable}} 个旧 ReplicaSet − revisionHistoryLimit {{revisionHistoryLimit}} = 需检查 {{diff}} 个',
    keep: '保留 {{rs}}：它仍有副本，或尚未被观察到',
    delete: '删除旧 ReplicaSet {{rs}}',
  },
  syncRolloutStatus: {
    complete: 'Progressing=True NewReplicaSetAvailable：{{subject}} 已成功完成推进',
    progressing:
      'Progressing=True ReplicaSetUpdated：{{subject}} 正在推进（已更新 {{updatedReplicas}}，就绪 {{readyReplicas}}，可用 {{availableReplicas}}）',
    timedOut:
      'Progressing=False ProgressDeadlineExceeded：{{subject}} 在 {{progressDeadlineSeconds}} 秒内没有进展',
  },
  syncDeployment: {
    deleting: 'Deployment 正在被删除：只更新状态',
    paused: 'Deployment 已暂停：只做扩缩和清理，不做上线',
    rollback: '请求回滚到版本 {{toRevision}}',
    strategy: '按策略 {{type}} 上线',
  },
  checkPausedConditions: {
    paused: 'Progressing=Unknown DeploymentPaused：Deployment 已暂停',
    resumed: 'Progressing=Unknown DeploymentResumed：Deployment 已恢复',
  },
  getReplicaSetsForDeployment: {
    adopt: '收养孤立的 ReplicaSet {{rs}}',
    release: '释放 ReplicaSet {{rs}}：它的标签不再匹配',
  },
  getNewReplicaSet: {
    create: '创建新 ReplicaSet {{rs}}（pod-template-hash {{hash}}），{{replicas}} 个副本，版本 {{revision}}',
    collision: '{{rs}} 发生哈希冲突：collisionCount → {{collisionCount}}',
    updateRevision: '新 ReplicaSet {{rs}} 取得版本 {{revision}}',
  },
  scaleReplicaSet: {
    scale: '{{rs}} 扩缩 {{from}} → {{to}}',
  },
  rolloutRolling: {
    complete: '上线完成：清理超出 revisionHistoryLimit 的旧 ReplicaSet',
  },
  rolloutRecreate: {
    scaledDownOld: '已把旧 ReplicaSet 缩到 0',
    waitOldPods: '等待：旧 Pod 仍然存在（{{pods}} 个）',
  },
  rollback: {
    rolledBack: '已把模板回滚到版本 {{revision}}',
  },
  requeueStuckDeployment: {
    requeueNow: '距 progress deadline 不到 1 秒：经限速器重新入队，{{ms}} 毫秒后回来',
    requeueAfter: '{{seconds}} 秒后重新入队，检查 progress deadline',
  },
  manageReplicas: {
    diff: 'diff = 活跃 Pod {{active}} − replicas {{replicas}} = {{diff}}',
    burstCapped: 'diff {{diff}} > burstReplicas {{burstReplicas}}：本次同步只处理 {{n}} 个',
    createFailed:
      '{{failed}} 个创建失败：{{error}}；跳过其余批次的 {{skipped}} 个，调低对应的 expectations，并带退避重新入队',
    budgetNotConsulted:
      'PodDisruptionBudget {{pdb}} 覆盖其中 {{count}} 个 Pod（disruptionsAllowed {{disruptionsAllowed}}）；ReplicaSet 控制器直接删除 Pod，从不询问预算（kubernetes#34776）',
    create: '按慢启动批次 {{batches}} 创建 {{count}} 个 Pod',
    delete: '删除 {{count}} 个 Pod：{{pods}}',
  },
  syncReplicaSet: {
    expectationsPending:
      'expectations 尚未满足（add {{add}}，del {{del}}）：等 informer 观察到之后再创建或删除',
  },
  addNode: {
    enqueue: '新增节点 {{node}}：DaemonSet {{daemonSet}} 入队',
  },
  updateNode: {
    enqueue:
      '节点 {{node}} 的变化影响 DaemonSet {{daemonSet}}（shouldRun {{shouldRun}}，shouldContinueRunning {{shouldContinueRunning}}）：入队',
  },
  updateReplicaSetStatus: {
    status:
      'status：replicas {{replicas}}，ready {{readyReplicas}}，available {{availableReplicas}}，terminating {{terminatingReplicas}}',
  },
  podsShouldBeOnNode: {
    createMissing: '{{node}} 应运行一个守护 Pod 但没有 → 创建一个',
    deleteShouldNotRun:
      '{{node}} 不再适合该 DaemonSet（选择器、亲和性或未容忍的 NoExecute 污点）→ 删除 {{pod}}',
    failedInBackoff:
      '{{node}} 上失败的 Pod {{pod}} 仍在退避中（{{delayMs}} 毫秒）→ {{delayMs}} 毫秒后重新入队，暂时保留',
    deleteFailed: '{{node}} 上的 Pod {{pod}} 失败 → 删除它（此处下次失败需等待 {{backoffMs}} 毫秒）',
    deleteSucceeded: '{{node}} 上的 Pod {{pod}} 已成功退出 → 删除它，以便启动新的 Pod',
    pruneExcess:
      '{{node}} 上有 {{running}} 个运行中的 Pod 且未开启 surge → 保留最早的 {{keep}}，删除 {{pod}}',
    surgeCreate: '{{node}} 上已没有运行中的 Pod（旧 Pod 正在终止，允许 surge）→ 立即创建一个',
    surgeDeleteExtra: '{{node}} 上的 {{pod}} 既不是最早的新版本 Pod，也不是最早的旧 Pod → 删除它',
    surgeDeleteOldNotReady: '{{node}} 上的旧 Pod {{oldPod}} 未 Ready → 删除它，由新 Pod {{newPod}} 接替',
    surgeDeleteOldNewAvailable:
      '{{node}} 上的新 Pod {{newPod}} 已可用（Ready 持续 minReadySeconds {{minReadySeconds}}）→ 删除旧 Pod {{oldPod}}',
    surgeKeepBoth: '{{node}} 上的旧 Pod {{oldPod}} 已 Ready，新 Pod {{newPod}} 尚不可用 → 两个都保留',
  },
  manage: {
    backoffRequeue: '仍有失败的 Pod 处于退避中 → {{afterMs}} 毫秒后再检查此 DaemonSet',
    deleteUnscheduledWithoutNode: '{{pod}} 未调度，且其目标节点已不存在 → 删除它',
    summary: 'manage：创建 {{creates}} 个，删除 {{deletes}} 个',
  },
  syncNodes: {
    burstCapped:
      '每次同步至多创建 250 个、删除 250 个（burstReplicas）：想创建 {{wantCreate}} → {{creates}}，想删除 {{wantDelete}} → {{deletes}}；其余等下次同步',
    expectations: '期望观察到 {{add}} 个 Pod 创建和 {{del}} 个删除，之后才进行下一轮创建/删除',
    createPod: '为 {{node}} 创建 {{pod}}（不设 nodeName：调度器按其 metadata.name 节点亲和性绑定）',
    createFailed: '为 {{node}} 创建 Pod 失败：{{error}} → 期望的创建数减一',
    slowStartStopped: '本批有 {{failed}} 个创建失败 → 跳过其余 {{skipped}} 个，不再期望它们',
    createBatches: '慢启动批次 {{batches}}：已创建 {{created}} 个 Pod',
    deletePod: '删除 Pod {{pod}}',
    deleteNotFound: 'Pod {{pod}} 已不存在 → 期望的删除数减一',
    deleteFailed: '删除 Pod {{pod}} 失败：{{error}} → 期望的删除数减一',
  },
  syncDaemonSet: {
    deleted: 'DaemonSet {{key}} 已不存在 → 清除其 expectations',
    selectingAll: 'DaemonSet {{daemonSet}} 的选择器为空：会选中所有 Pod → Warning SelectingAll，不同步',
    beingDeleted: 'DaemonSet {{daemonSet}} 正在被删除 → 不同步，连状态也不更新',
    start: '此 DaemonSet 有 {{nodes}} 个节点、{{pods}} 个 Pod；当前版本 {{revision}}（哈希 {{hash}}）',
    expectationsPending:
      '仍在等待观察到 {{add}} 个创建和 {{del}} 个删除 → 只更新状态，并保留 observedGeneration',
  },
  updateDaemonSet: {
    onDelete: '更新策略 OnDelete → 旧 Pod 保留，直到有人删除它们',
    strategyWaits:
      '本次同步写入的 Pod 尚未被 informer 送达（待观察 {{add}} 个创建、{{del}} 个删除）→ {{strategy}} 步骤等待之后的同步',
  },
  snapshot: {
    alreadyCreated: '版本 {{revision}} 已以此模板存在（informer 尚未送达）→ 直接使用',
    hashCollision:
      '版本名 {{revision}} 已被另一个模板占用 → 把 status.collisionCount 提升到 {{collisionCount}}，用新哈希重试',
  },
  updatedDesiredNodeCounts: {
    defaultUnavailable:
      'DaemonSet 既未配置 surge 也未配置 unavailability，默认接受不可用（desired {{desired}}：maxUnavailable 0，maxSurge 0 → maxUnavailable 1）',
    counts:
      'desired {{desired}} 个节点 → maxSurge {{maxSurge}}，maxUnavailable {{maxUnavailable}}（都向上取整）',
  },
  rollingUpdate: {
    excessPods:
      '{{node}} 上有多于一个旧或新 Pod → 跳过，由 manage 清理；计为不可用（numUnavailable {{numUnavailable}}）',
    noPods: '{{node}} 上还没有 Pod → 由 manage 创建；计为不可用（numUnavailable {{numUnavailable}}）',
    bothPods:
      '{{node}} 上同时有旧 Pod 和新 Pod → 由 manage 处理；计为不可用（numUnavailable {{numUnavailable}}）',
    newPodUnavailable:
      '{{node}} 上的新 Pod {{pod}} 尚不可用 → 计为不可用（numUnavailable {{numUnavailable}}）',
    newPodAvailable: '{{node}} 上的新 Pod {{pod}} 已可用 → 无需操作',
    oldPodUnavailable:
      '{{node}} 上的旧 Pod {{pod}} 不可用 → 删除它，这总是允许的（numUnavailable {{numUnavailable}}）',
    unavailableBudgetSpent:
      'numUnavailable {{numUnavailable}} ≥ maxUnavailable {{maxUnavailable}} → {{node}} 上的旧 Pod {{pod}} 保留',
    deleteCandidate:
      'numUnavailable {{numUnavailable}} < maxUnavailable {{maxUnavailable}} → {{node}} 上的旧 Pod {{pod}} 是删除候选',
    unavailableSummary:
      'maxUnavailable {{maxUnavailable}} − numUnavailable {{numUnavailable}} → 删除 {{candidates}} 个候选中的 {{remaining}} 个，另加 {{replacements}} 个不可用的旧 Pod',
    deleteOld: '删除 {{node}} 上的旧 Pod {{pod}}（允许的 {{remaining}} 个之一）；下次同步由 manage 重建',
    candidateKept: '{{node}} 上的旧 Pod {{pod}} 本次同步保留（只允许删除 {{remaining}} 个）',
    excessPodsSurge:
      '{{node}} 上有多于一个旧或新 Pod → 跳过，由 manage 清理；计入 surge（numSurge {{numSurge}}）',
    newPodOnly: '{{node}} 上只运行新 Pod {{pod}} → 无需操作',
    oldUnavailableShouldNotRun: '{{node}} 上的旧 Pod {{pod}} 不可用，且该节点已不再适合 → 删除它',
    oldUnavailableReplace: '{{node}} 上的旧 Pod {{pod}} 不可用 → 立即在该节点创建新 Pod（不占 surge 预算）',
    shouldNotRunCandidate:
      '{{node}} 上的旧 Pod {{pod}} 可用，但节点已不再适合 → 等其他节点有足够可用 Pod 后删除',
    surgeBudgetSpent:
      'maxSurge {{maxSurge}}，numSurge {{numSurge}} → 本次同步 {{node}} 不做 surge（旧 Pod {{pod}} 单独保留）',
    surgeCandidate:
      'maxSurge {{maxSurge}}，numSurge {{numSurge}} → {{node}} 是 surge 候选（旧 Pod {{pod}} 可用）',
    newPodWaiting: '{{node}} 上的新 Pod {{pod}} 尚不可用 → 等待，计入 surge（numSurge {{numSurge}}）',
    newPodAvailableDeleteOld: '{{node}} 上的新 Pod {{newPod}} 已可用 → 删除旧 Pod {{pod}}',
    shouldNotRunSummary:
      'numAvailable {{numAvailable}} − desired {{desired}} → 删除不再适合节点上 {{candidates}} 个旧 Pod 中的 {{deletable}} 个',
    deleteShouldNotRun:
      'numAvailable {{numAvailable}} > desired {{desired}} → 删除 {{node}} 上不再适合的旧 Pod {{pod}}',
    keepShouldNotRun:
      'numAvailable {{numAvailable}} − desired {{desired}} 没有余量 → {{node}} 上的旧 Pod {{pod}} 暂时保留',
    surgeSummary:
      'maxSurge {{maxSurge}} − numSurge {{numSurge}} → 在 {{candidates}} 个候选中的 {{remaining}} 个上 surge，另加 {{replacements}} 个有不可用旧 Pod 的节点',
    surgeCreate: '在 {{node}} 上、其可用旧 Pod 旁创建新 Pod（{{remaining}} 个 surge 名额之一）',
    surgeNotThisSync: '{{node}} 等待 surge 名额（本次同步只有 {{remaining}} 个）',
  },
  constructHistory: {
    addHashLabel: '版本 {{revision}} 没有 controller-revision-hash 标签 → 用它的名字作标签',
    createRevision: '没有版本与模板匹配 → 创建 {{revision}}，作为版本 {{number}}（哈希 {{hash}}）',
    raiseRevision: '模板与较早的版本 {{revision}} 匹配 → 把它从 {{from}} 提升到 {{to}}',
    currentRevision: '模板与 {{revision}}（版本 {{number}}）匹配',
    deleteDuplicate: '{{revision}} 与当前版本 {{keep}} 重复 → 重新标记其 Pod 并删除它',
  },
  cleanupHistory: {
    summary: '{{old}} 个旧版本，revisionHistoryLimit {{limit}} → 从最旧的开始删除 {{toKill}} 个',
    keepLive: '版本 {{number}}（{{revision}}）仍有存活的 Pod → 保留',
    deleteRevision: '删除版本 {{number}}（{{revision}}）',
  },
  updateDaemonSetStatus: {
    retry: '写入状态失败（{{error}}）→ 基于 API server 上的副本重试一次',
    requeueMinReady: '有些 Ready 的 Pod 尚不可用（minReadySeconds）→ {{afterMs}} 毫秒后再检查',
    counts:
      'desired {{desired}}，current {{current}}，ready {{ready}}，up-to-date {{updated}}，available {{available}}，unavailable {{unavailable}}，misscheduled {{misscheduled}}（有变化：{{changed}}）',
  },
  eventCorrelate: {
    aggregated:
      '{{kind}} {{name}} 的 {{reason}}：10 分钟内 {{recorder}} 记录器已把 {{separate}} 条不同的消息各写成一个 Event；从第 {{max}} 条起，每条新消息都并入同一个 Event“(combined from similar events): …”，它现在代表其中 {{count}} 条（count {{count}}）',
    spamDropped:
      '{{kind}} {{name}} 的 {{reason}} 未写入：{{recorder}} 记录器对该对象已没有令牌（一次最多 25 个 Event，之后每 5 分钟 1 个）；已出现 {{count}} 次',
  },
  // kubelet: the prober (prober_manager.go, worker.go) and container stops (kuberuntime_container.go)
  addPod: {
    worker:
      '{{pod}} 中 {{container}} 的 {{probe}} 探针：现在探测一次，之后每 {{period}} 秒一次；initialDelaySeconds {{delay}} 从容器启动算起',
    workerJitter:
      '{{pod}} 中 {{container}} 的 {{probe}} 探针：kubelet 启动才 {{kubeletAge}} 秒，不到一个周期（{{period}} 秒），所以 worker 先随机等待 {{jitterMs}} 毫秒：在 {{first}} 秒探测，之后每 {{period}} 秒一次；initialDelaySeconds {{delay}}',
  },
  doProbe: {
    failed:
      '{{pod}} 中 {{container}} 的 {{probe}} 探针在 {{time}} 秒失败（连续第 {{run}} 次，failureThreshold {{threshold}}）：{{output}}',
    ready:
      '{{pod}} 中 {{container}} 的就绪探针在 {{time}} 秒成功（连续 {{run}} 次 = successThreshold {{threshold}}）→ 容器就绪',
    notReady:
      '{{pod}} 中 {{container}} 的就绪探针连续失败 {{run}} 次（failureThreshold {{threshold}}）→ 容器未就绪',
    started:
      '{{pod}} 中 {{container}} 的启动探针在 {{time}} 秒成功 → started：从现在起运行它的就绪和存活探针',
  },
  killContainer: {
    probe:
      '{{pod}} 中 {{container}} 的 {{probe}} 探针连续失败 {{failures}} 次（failureThreshold {{threshold}}）→ 以 {{grace}} 秒的宽限期杀掉它并重新启动',
    preStop:
      '停止 {{pod}} 的 {{container}}：preStop {{hook}} 钩子用去 {{grace}} 秒宽限期中的 {{hookSeconds}} 秒 → 在 +{{sigterm}} 秒发送 SIGTERM，还剩 {{left}} 秒',
    preStopCut:
      '停止 {{pod}} 的 {{container}}：preStop {{hook}} 钩子（{{hookSeconds}} 秒）在 {{grace}} 秒宽限期处被截断 → 在 +{{sigterm}} 秒发送 SIGTERM，只剩最少的 {{left}} 秒',
    exits:
      '停止 {{pod}} 的 {{container}}（宽限期 {{grace}} 秒）：应用在 SIGTERM 后 {{exitSeconds}} 秒退出，在它的 {{left}} 秒之内 → 在 +{{stop}} 秒结束',
    sigkill:
      '停止 {{pod}} 的 {{container}}（宽限期 {{grace}} 秒）：应用在 SIGTERM 后需要 {{exitSeconds}} 秒，但只有 {{left}} 秒 → SIGKILL，在 +{{stop}} 秒结束',
    restartNow:
      '{{pod}} 的 {{container}} 以退出码 {{exitCode}} 退出 → 第一次重启立即进行（重启退避从 {{seconds}} 秒开始）',
    backOff:
      '{{pod}} 的 {{container}} 以退出码 {{exitCode}} 退出 → CrashLoopBackOff：{{seconds}} 秒后再次启动',
  },
  admit: {
    namespaceCreated:
      '命名空间“{{namespace}}”不存在：NamespaceAutoProvision 准入插件在 {{kind}} {{name}} 之前创建了它',
  },
  // kube-scheduler (src/engine/scheduler): plugin names and their reasons stay in Kubernetes' English.
  schedulePod: {
    noNodes: '集群里没有节点："no nodes available to schedule pods"',
    preFilterRejected: 'PreFilter：{{plugin}} 在检查任何节点之前就拒绝了该 Pod：{{reason}}',
  },
  runFilterPlugins: {
    rejected: '{{node}}：{{plugin}} 拒绝（{{code}}）：{{reasons}}',
    rejectedMore: '……另有 {{count}} 个节点被拒绝（计入 FailedScheduling 消息的计数）',
  },
  findNodesThatFitPod: {
    none: 'Filter：检查的 {{evaluated}} 个节点都放不下 {{pod}}（共 {{nodes}} 个节点，从第 {{start}} 个开始检查）',
    onlyOne:
      'Filter：只有 {{node}} 放得下 {{pod}}（检查了 {{nodes}} 个中的 {{evaluated}} 个）→ 直接绑定，不打分',
    found:
      'Filter：检查的 {{evaluated}} 个节点中有 {{feasible}} 个放得下 {{pod}}（{{nodes}} 个节点中找到 {{toFind}} 个即止：numFeasibleNodesToFind；从第 {{start}} 个开始）→ 给它们打分',
  },
  postFilter: {
    preemption: 'PostFilter（DefaultPreemption）：没有哪个节点上有优先级更低、可被驱逐的 Pod →“{{message}}”',
  },
  prioritizeNodes: {
    nodeScore:
      '{{node}}：{{total}} = NodeResourcesFit {{fit}} + NodeResourcesBalancedAllocation {{balanced}} + PodTopologySpread {{spread}}×2 + TaintToleration {{taint}}×3 + NodeAffinity {{nodeAffinity}}×2 + InterPodAffinity {{interPod}}×2 + ImageLocality {{image}}（算上该 Pod 的 requests：cpu {{cpu}}m / {{cpuAllocatable}}m，内存 {{memoryMi}}Mi / {{memoryAllocatableMi}}Mi；未设置的 request 按 100m / 200Mi 计）',
    nodeScoreRequested:
      '{{node}}：{{total}} = NodeResourcesFit {{fit}} + NodeResourcesBalancedAllocation {{balanced}} + PodTopologySpread {{spread}}×2 + TaintToleration {{taint}}×3 + NodeAffinity {{nodeAffinity}}×2 + InterPodAffinity {{interPod}}×2 + ImageLocality {{image}}（算上该 Pod 的 requests：cpu {{cpu}}m / {{cpuAllocatable}}m，内存 {{memoryMi}}Mi / {{memoryAllocatableMi}}Mi）',
  },
  selectHost: {
    best: '{{node}} 得分最高，为 {{total}} → 把 Pod 绑定到 {{node}}',
    tie: '{{ties}} 个节点并列最高分 {{total}} → 随机抽中 {{node}}',
    summary:
      '绑定到 {{node}}：{{feasible}} 个可行节点中得分最高（检查了 {{nodes}} 个中的 {{evaluated}} 个）：{{total}} = NodeResourcesFit {{fit}} + NodeResourcesBalancedAllocation {{balanced}} + PodTopologySpread {{spread}}×2 + TaintToleration {{taint}}×3 + NodeAffinity {{nodeAffinity}}×2 + InterPodAffinity {{interPod}}×2 + ImageLocality {{image}}',
    summaryTie:
      '绑定到 {{node}}：{{ties}} 个节点并列 {{total}} 分，随机抽中它（{{feasible}} 个可行，检查了 {{nodes}} 个中的 {{evaluated}} 个）：NodeResourcesFit {{fit}} + NodeResourcesBalancedAllocation {{balanced}} + PodTopologySpread {{spread}}×2 + TaintToleration {{taint}}×3 + NodeAffinity {{nodeAffinity}}×2 + InterPodAffinity {{interPod}}×2 + ImageLocality {{image}}',
  },
  movePodsToActiveOrBackoffQueue: {
    toActiveQ: '{{event}} → {{pod}} 回到 activeQ（原因：{{plugin}}）',
    toBackoffQ: '{{event}} → {{pod}} 回到 backoffQ，退避还剩 {{backoffLeft}} 秒（原因：{{plugin}}）',
  },
  activeQueue: {
    popFromBackoffQ:
      'activeQ 为空 → 提前 {{backoffLeft}} 秒从 backoffQ 取出 {{pod}}（SchedulerPopFromBackoffQ，v1.33 起默认开启）',
  },
  handleSchedulingFailure: {
    unschedulablePods:
      '第 {{attempts}} 次尝试后 {{pod}} → unschedulablePods：等待 {{plugins}} 可能接受它的集群事件（之后退避 {{backoff}} 秒），最迟等到 {{flushAt}} 秒（5 分钟）',
  },
  // Policy controllers and the eviction subresource (ResourceQuota, PodDisruptionBudget, HPA).
  syncResourceQuota: {
    usage:
      'ResourceQuota {{quota}}：已用 {{used}}，上限 {{hard}}（按命名空间里的 Pod 重新计算；正在终止的 Pod 仍然计入）',
  },
  updatePdbStatus: {
    disruptionsAllowed:
      'PodDisruptionBudget {{pdb}}：disruptionsAllowed = currentHealthy {{currentHealthy}} − desiredHealthy {{desiredHealthy}} = {{disruptionsAllowed}}（expectedPods {{expectedPods}}；不小于 0）',
  },
  failSafe: {
    syncFailed:
      '无法计算 PodDisruptionBudget {{pdb}}（{{error}}）：disruptionsAllowed 置为 0，任何驱逐都不会通过',
  },
  evictPod: {
    evicted: '{{pod}} 的驱逐被接受（预算 {{pdb}}）：Pod 加上 DisruptionTarget 状况，然后优雅删除',
    tooManyRequests: '预算 {{pdb}} 以 429 拒绝驱逐 {{pod}}：{{cause}}；kubectl drain 5 秒后重试',
  },
  getResourceReplicas: {
    utilization:
      'HPA {{hpa}}：cpu 利用率为请求的 {{utilization}}%，目标 {{target}}% → {{ready}} 个就绪 Pod 上的比值 {{usageRatio}}（{{ignored}} 个被忽略），容差 10% → {{replicas}} 个副本',
    utilizationFilled:
      'HPA {{hpa}}：cpu 利用率为请求的 {{utilization}}%，目标 {{target}}% → {{ready}} 个就绪 Pod 上的比值 {{usageRatio}}；扩容时把 {{unready}} 个未就绪 Pod 记为 0%，把 {{missing}} 个没有指标的 Pod 在扩容时记为 0%、缩容时记为 100%，得到比值 {{newUsageRatio}}（{{ignored}} 个被忽略）→ {{replicas}} 个副本',
  },
  normalizeDesiredReplicas: {
    normalized:
      'HPA {{hpa}}：当前 {{current}}，建议 {{proposed}} → 经过 5 分钟缩容稳定窗口和扩容上限 max(2 × 当前, 4) 后为 {{desired}}（{{reason}}）',
  },
  normalizeDesiredReplicasWithBehaviors: {
    normalized:
      'HPA {{hpa}}：当前 {{current}}，建议 {{proposed}} → 经过 behavior 的稳定窗口和速率策略后为 {{desired}}（{{reason}}）',
  },
  reconcileAutoscaler: {
    rescale: '把 {{reference}} 从 {{from}} 扩缩到 {{to}}：{{reason}}（通过 scale 子资源写 spec.replicas）',
    noRescale: '{{reference}} 保持 {{replicas}} 个副本',
    failedGetScale: '无法读取 {{reference}} 的 scale：{{error}}',
    failedComputeMetrics: '无法为 {{reference}} 算出副本数：{{error}}',
    statusFailed: '写入 HPA 状态失败：{{error}}',
  },
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
    bound:
      'PVC {{claim}} 由默认 StorageClass 供给并绑定到 {{volume}}（{{storage}}），它的 Pod 已调度到 {{node}}',
  },
  getStatefulSetRevisions: {
    unchanged: '模板与最新版本 {{revision}}（#{{number}}）一致 → 无需记录新版本',
    rollback: '模板与较早的版本 {{revision}} 一致 → 重新编号 #{{from}} → #{{to}}（这是回滚，不产生新版本）',
    semanticallyUnchanged: '模板在语义上就是最新版本 {{revision}}（#{{number}}）→ 无需记录新版本',
    newRevision: '模板变了 → 新版本 {{revision}}（#{{number}}，collisionCount {{collisionCount}}）',
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
