/**
 * Simplified Chinese Explain templates: fn → key → sentence, one for every decision the engine
 * records. This file holds the Deployment, ReplicaSet and DaemonSet controllers' and spreads in
 * the node side, the StatefulSet controller and what clients see from the files beside it. Placeholders are i18next's
 * `{{name}}` and name the same values as the engine's English catalogues; Kubernetes terms
 * (ReplicaSet, maxSurge, minAvailable, Pod phases …) stay as Kubernetes writes them.
 * tests/i18n/explainCatalog.test.ts checks the keys and placeholders against the engine.
 */
import { EXPLAIN_ZH_CN_NODES } from './explain.zh-CN.nodes.ts';
import { EXPLAIN_ZH_CN_SERVICES } from './explain.zh-CN.services.ts';
import { EXPLAIN_ZH_CN_STATEFULSET } from './explain.zh-CN.statefulset.ts';
import { EXPLAIN_ZH_CN_VOLUME } from './explain.zh-CN.volume.ts';

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
    adopt:
      '{{rs}} 没有控制器，且它的标签（{{labels}}）与选择器 {{selector}} 相符 → 被收养：它的 ownerReferences 指向本 Deployment，此后本 Deployment 按 Pod 模板把它当作新的或旧的 ReplicaSet 管理（ClaimReplicaSets）',
    release:
      '{{rs}} 受本 Deployment 控制，但它的标签（{{labels}}）已不再符合选择器 {{selector}} → 释放：删去它的 ownerReference；它和它的 Pod 保留，不再由本 Deployment 伸缩（ClaimReplicaSets）',
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
  claimPods: {
    adopted:
      '{{pod}} 没有控制器，且与选择器相符（{{labels}}）→ 被收养：它的 ownerReferences 指向本 ReplicaSet，从本次同步起算作副本（ClaimPods）',
    released:
      '{{pod}} 受本 ReplicaSet 控制，但已不再符合它的选择器（{{labels}}）→ 释放：删去它的 ownerReference，不再算作副本（ClaimPods）',
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
  getDaemonPods: {
    adopted:
      '{{node}} 上的 {{pod}} 没有控制器，且它的标签（{{labels}}）与选择器 {{selector}} 相符 → 被收养：它的 ownerReferences 指向本 DaemonSet，从本次同步起它就是 {{node}} 的守护 Pod（ClaimPods）',
    released:
      '{{node}} 上的 {{pod}} 受本 DaemonSet 控制，但它的标签（{{labels}}）已不再符合选择器 {{selector}} → 释放：删去它的 ownerReference；它继续运行，但不再是 {{node}} 的守护 Pod（ClaimPods）',
    failed: '认领 Pod 失败：{{error}} → 不创建、不删除 Pod，也不写状态；按退避重试',
  },
  controlledHistories: {
    adopted:
      'ControllerRevision {{revision}}（#{{number}}）没有控制器，且它的标签（{{labels}}）与选择器 {{selector}} 相符 → 被收养：它的 ownerReferences 指向本 DaemonSet，从本次同步起它属于本 DaemonSet 的历史（ClaimControllerRevisions）',
    released:
      'ControllerRevision {{revision}}（#{{number}}）受本 DaemonSet 控制，但它的标签（{{labels}}）已不再符合选择器 {{selector}} → 释放：删去它的 ownerReference；它不再属于本 DaemonSet 的历史（ClaimControllerRevisions）',
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
  eventSeries: {
    started:
      'Pod {{pod}} 的 {{reason}} 在 6 分钟内再次出现，且 Pod 版本相同：调度器的 events.k8s.io 广播器开始一个序列，把第一个 Event patch 为 series count 2（消息仍是第一条的）',
    counted:
      'Pod {{pod}} 的 {{reason}} 再次出现：广播器只在内存中把它计入序列（{{count}}），不写入；存储的 Event 保持上次写入的计数，直到序列再次写入（每 30 分钟，或安静 6 分钟后）',
    finished:
      'Event {{name}}：其序列已安静 6 分钟，调度器的广播器写入最终计数（{{count}}）并忘掉它；下一次会新建 Event',
    refreshed: 'Event {{name}}：广播器每 30 分钟的检查写入正在进行的序列计数（{{count}}），同时续期其 TTL',
    recreated: 'Event {{name}} 已过期：序列 patch 找不到它，广播器带着序列（count {{count}}）重新创建它',
  },
  revokeExpiredLeases: {
    expired:
      '{{api}} Event 的 etcd 租约 {{lease}}（授予于 {{granted}}，{{ttl}} 秒 + {{reuse}} 秒）到期：最后一次写入挂在它上面的 {{count}} 个 Event 在一个事务中被删除（共有 {{writes}} 次写入挂在它上面；之后又被写入的 Event 挂在更新的租约上，保留）',
    nothingAttached:
      '{{api}} Event 的 etcd 租约 {{lease}}（授予于 {{granted}}，{{ttl}} 秒 + {{reuse}} 秒）到期：挂在它上面的 {{writes}} 次写入的 Event 之后都被再次写入（挂在更新的租约上）或已删除；没有要删除的',
  },
  ...EXPLAIN_ZH_CN_NODES,
  ...EXPLAIN_ZH_CN_STATEFULSET,
  ...EXPLAIN_ZH_CN_SERVICES,
  ...EXPLAIN_ZH_CN_VOLUME,
};
