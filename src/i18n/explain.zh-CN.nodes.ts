/** Simplified Chinese Explain templates of the node side: the kubelet, kube-scheduler, and the policy controllers (see explain.zh-CN.ts). */
export const EXPLAIN_ZH_CN_NODES: Record<string, Record<string, string>> = {
  // kubelet: the prober (prober_manager.go, worker.go) and container stops (kuberuntime_container.go)
  addPod: {
    worker:
      '{{pod}} 中 {{container}} 的 {{probe}} 探针：现在探测一次，之后每 {{period}} 秒一次；initialDelaySeconds {{delay}} 从容器启动算起',
    workerJitter:
      '{{pod}} 中 {{container}} 的 {{probe}} 探针：kubelet 启动才 {{kubeletAge}} 秒，不到一个周期（{{period}} 秒），所以 worker 先随机等待 {{jitterMs}} 毫秒：在 {{first}} 秒探测，之后每 {{period}} 秒一次；initialDelaySeconds {{delay}}',
  },
  activeDeadline: {
    exceeded:
      '{{pod}} 于 {{started}} 启动，activeDeadlineSeconds 为 {{seconds}}：它在节点上已运行这么久 → kubelet 将它置为失败（DeadlineExceeded）并停止它的容器；不会再启动它们',
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
  startContainer: {
    configError:
      '{{pod}} 的 {{container}} 无法创建：{{source}}：{{message}} → CreateContainerConfigError；kubelet 在 {{seconds}} 秒后重试（Pod 同步退避：10 秒，外加最多 50% 的抖动）',
  },
  generateMountVolumeFunc: {
    setUpFailed:
      '{{pod}} 还不能启动：卷 "{{volume}}" 的 MountVolume.SetUp 失败：{{message}} → 它的容器停在 ContainerCreating；卷管理器在 {{seconds}} 秒后重试（退避：0.5 秒起，每次翻倍，最多 2 分 2 秒）',
    mounted: '{{pod}}：所有卷都已挂载 → kubelet 拉取第一个容器的镜像并启动容器',
  },
  computePodActions: {
    initNext:
      '{{pod}}：下一个是 Init 容器 {{container}}（第 {{index}} 个，共 {{total}} 个）：Init 容器逐个运行，每个都运行完毕后才启动任何应用容器 → 拉取它的镜像并启动它',
    initFailed:
      '{{pod}}：Init 容器 {{container}} 以 1 退出 → Pod 停在 Init:CrashLoopBackOff；restartPolicy Always 在 {{seconds}} 秒后再次启动它（重启退避：10 秒起，每次翻倍，最多 5 分钟），它成功之前不会启动任何应用容器',
    noRestart:
      '{{pod}} 的 {{container}} 以退出码 {{exitCode}} 退出，restartPolicy {{policy}} 不会再启动它（Always 每次退出都重启，OnFailure 只在失败时重启，Never 从不重启）→ Pod 已结束：{{phase}}，直到被删除都保持这样',
    initDone: '{{pod}}：{{total}} 个 Init 容器都以 0 退出 → Initialized 为 True；kubelet 拉取并启动应用容器',
  },
  killContainer: {
    definitionChanged:
      '{{pod}} 的 {{container}} 运行的是 {{from}}，但它的规格现在写的是 {{to}}：容器定义变了 → 以 {{grace}} 秒的宽限期杀掉它，并用新镜像重新启动，不论 restartPolicy 如何，也不经退避（退避按容器规格分别记录）',
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
    sidecarTurn:
      '停止 {{pod}} 的边车容器 {{container}}：边车在应用容器之后停止，规格中靠后的先停 → 它等待 {{waitFor}} 退出 {{waited}} 秒，然后在 +{{sigterm}} 秒发送 SIGTERM，宽限期还剩 {{left}} 秒',
    sidecarTurnCut:
      '停止 {{pod}} 的边车容器 {{container}}：它等待 {{waitFor}} 退出，但宽限期在 {{waited}} 秒后用完 → 在 +{{sigterm}} 秒发送 SIGTERM，只剩最少的 {{left}} 秒',
    sidecarFirst:
      '停止 {{pod}} 的边车容器 {{container}}：没有仍在运行的应用容器或更靠后的边车 → 不等待，在 +{{sigterm}} 秒发送 SIGTERM',
    restartNow:
      '{{pod}} 的 {{container}} 以退出码 {{exitCode}} 退出 → 第一次重启立即进行（重启退避从 {{seconds}} 秒开始）',
    backOff:
      '{{pod}} 的 {{container}} 以退出码 {{exitCode}} 退出 → CrashLoopBackOff：{{seconds}} 秒后再次启动',
  },
  admit: {
    namespaceCreated:
      '命名空间“{{namespace}}”不存在：NamespaceAutoProvision 准入插件在 {{kind}} {{name}} 之前创建了它',
    createRefused: 'API server 拒绝创建 {{kind}} {{name}}（{{code}} {{reason}}）：{{message}}',
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
  preBind: {
    waitForVolumes:
      '{{pod}} 适合 {{node}}，但它的 PVC {{claims}} 在等待第一个使用者：它被假定（assume）在 {{node}} 上，PreBind（VolumeBinding）在这些 PVC 上写入 volume.kubernetes.io/selected-node {{node}}，然后每 {{interval}} 秒检查一次（最多 {{timeout}} 秒）每个 PVC 是否已绑定到新卷；在此期间 Pod 保持 Pending、没有节点，调度器继续调度其他 Pod',
    stillWaiting:
      '{{pod}}：PVC {{claim}} 还没有绑定到它的卷（PreBind 开始后 {{waited}} 秒）→ 1 秒后再检查；Pod 保持 Pending，假定在 {{node}} 上',
    volumesBound:
      '{{pod}}：PVC {{claims}} 已绑定到建在 {{node}} 上的卷（PreBind 开始后 {{waited}} 秒）→ PreBind 完成，把 Pod 绑定到 {{node}}',
    podGone: '{{pod}} 在 PreBind 等待卷时被删除（{{message}}）→ 取消它的绑定',
  },
  handleBindingCycleError: {
    toBackoffQ:
      '{{pod}}：绑定周期失败（{{message}}）→ FailedScheduling，Pod 从它的节点上被遗忘（forget），进入 backoffQ 重新调度',
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
  // The garbage collector's finalizers (gcFinalizers.ts): orphan and foregroundDeletion.
  orphanDependents: {
    orphaned:
      '{{owner}} 以 propagationPolicy Orphan 删除（finalizer orphan）：从 {{count}} 个依赖对象（{{dependents}}）上去掉指向它的属主引用，这些对象保留；选择器匹配它们的控制器可以收养它们',
  },
  processDeletingDependentsItem: {
    noBlocking:
      '{{owner}} 以 propagationPolicy Foreground 删除：已没有带 blockOwnerDeletion 的依赖对象（共 {{dependents}} 个依赖对象）→ 去掉它的 finalizer foregroundDeletion',
    waiting:
      '{{owner}} 以 propagationPolicy Foreground 删除：只要还有 {{blocking}} 个带 blockOwnerDeletion 的依赖对象，它就保留；其中 {{deleting}} 个尚未在删除中的现在被删除',
  },
  removeFinalizer: {
    removed: '从 {{owner}} 上去掉 finalizer {{finalizer}}；没有 finalizer 剩下时 API server 删除它：{{gone}}',
  },
  // The namespace controller (namespace/namespaceController.ts).
  deleteAllContent: {
    remaining:
      '命名空间 {{namespace}} 正在终止：本轮删除了 {{deleted}} 个对象；还剩 {{remaining}}（finalizer：{{finalizers}}）→ {{after}} 秒后再来，即 {{estimate}} 秒估计值的一半加一',
    unexpected:
      '命名空间 {{namespace}} 正在终止：删除了 {{deleted}} 个对象；{{resources}} 在估计时间过后仍然存在，且没有 finalizer（{{remaining}}）→ 报错，按退避重试',
    empty:
      '命名空间 {{namespace}} 正在终止且已清空（本轮删除了 {{deleted}} 个对象）→ 去掉它的 finalizer kubernetes',
  },
  finalizeNamespace: {
    deleted: '命名空间 {{namespace}} 的 spec.finalizers 已为空 → 删除',
  },
};
