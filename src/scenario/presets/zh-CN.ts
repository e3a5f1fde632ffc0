/**
 * Simplified Chinese names and one-line lessons of the built-in scenarios, by preset id (the YAML
 * files hold the English). Kubernetes terms stay as Kubernetes writes them: Deployment, ReplicaSet,
 * DaemonSet, maxSurge, maxUnavailable, revisionHistoryLimit, OnDelete, nodeSelector, NotReady,
 * Progressing, ProgressDeadlineExceeded, `rollout undo`. presets.test.ts checks every preset has both.
 */
export const PRESET_TEXT_ZH_CN: Readonly<Record<string, { name: string; description: string }>> = {
  seed: {
    name: 'Seed——nginx，10 个副本，25% / 25%',
    description:
      '课程里的例子。maxSurge 25%（3 个 Pod）、maxUnavailable 25%（2 个 Pod）时，新 ReplicaSet 逐步扩容、旧 ReplicaSet 逐步缩容，Pod 总数从不超过 13，可用数从不低于 8。',
  },
  'max-surge-0': {
    name: 'maxSurge 0——原地替换，一次一个 Pod',
    description:
      'maxSurge 为 0 时，Deployment 的 Pod 永远不会超过 10 个，所以每一步都先删掉一个旧 Pod（maxUnavailable 1），然后才启动一个新 Pod。',
  },
  'broken-image': {
    name: '坏镜像——停滞的上线',
    description:
      '新镜像始终拉取失败；maxUnavailable 为 0，所以没有旧 Pod 被删除，上线停在 3 个 surge Pod，过了 progressDeadlineSeconds（60 秒）后 Progressing 变为 False，原因是 ProgressDeadlineExceeded。',
  },
  'missing-configmap': {
    name: '缺失的 ConfigMap——起不来的 Pod',
    description:
      '新模板从 ConfigMap web-v2 读取配置，但没有人 apply 它。kubelet 拉取了镜像，却无法构造环境变量，所以新 Pod 停在 CreateContainerConfigError；3 个旧 Pod 继续服务（maxUnavailable 1），150 秒时超过截止时间，180 秒 apply 这个 ConfigMap 后，kubelet 下一次重试时上线得以继续。',
  },
  'missing-volume': {
    name: '缺失的 ConfigMap 卷——卡在 ContainerCreating 的 Pod',
    description:
      '新模板把 ConfigMap web-v2 挂载为卷，但没有人 apply 它。kubelet 先挂载卷再拉取镜像，所以新 Pod 停在 ContainerCreating，并产生 FailedMount 事件；卷管理器在 0.5 秒、1 秒、2 秒……64 秒后重试。100 秒时 apply 的 ConfigMap 要到下一次重试（157.7 秒）才被发现，那时 90 秒的截止时间已经过了。',
  },
  'init-containers': {
    name: 'Init 容器——迁移拖慢滚动更新，坏掉的迁移让它停下',
    description:
      'web 的每个 Pod 在 web 容器之前先运行 Init 容器 migrate。30 秒时新版本的迁移需要 12 秒，所以每个新 Pod 大约 19 秒后才 Ready，而 maxSurge 1、maxUnavailable 0 让四个 Pod 逐个替换。120 秒时 migrate:3 每次启动都崩溃：新 Pod 停在 Init:CrashLoopBackOff，它的 web 容器永远不会启动，四个 web:2 Pod 一直服务到超过进度截止时间。',
  },
  recreate: {
    name: 'Recreate——旧 Pod 全部退出后新 Pod 才启动',
    description:
      'Recreate 策略先把旧 ReplicaSet 缩到 0，等它的 Pod 全部消失后才创建新 ReplicaSet 的 Pod，所以中间有一段时间应用不可用。',
  },
  'proportional-scaling': {
    name: '按比例扩缩——在上线中途扩容',
    description:
      '一次缓慢的上线进行中从 10 扩到 15，多出的 5 个副本按新旧 ReplicaSet 的大小按比例分给二者，而不是全部给新的 ReplicaSet。',
  },
  'pause-resume': {
    name: '暂停与恢复——把多次修改合成一次上线',
    description:
      'Deployment 暂停期间修改模板不会创建 ReplicaSet；恢复后只有最后一次的模板上线，成为唯一的新版本。',
  },
  rollback: {
    name: '回滚——rollout undo 恢复上一个模板',
    description:
      'rollout undo 把上一个版本的 Pod 模板复制回 Deployment；对应的旧 ReplicaSet 重新扩容，成为最新的版本（3），并保留 revision-history 注解。',
  },
  'history-limit': {
    name: 'revisionHistoryLimit 2——清理旧 ReplicaSet',
    description:
      '每次更换镜像都会留下一个 0 副本的旧 ReplicaSet 供回滚；revisionHistoryLimit 为 2 时，控制器删除最旧的那些，除当前的之外只保留 2 个。',
  },
  'daemonset-rolling': {
    name: 'DaemonSet 滚动更新——一次一个节点',
    description:
      'maxUnavailable 1、maxSurge 0 时，DaemonSet 控制器删除一个节点上的旧 Pod，等这个节点上的新 Pod 可用后，再处理 6 个节点中的下一个。',
  },
  'daemonset-surge': {
    name: 'DaemonSet surge——先起新 Pod，再删旧 Pod',
    description:
      'maxSurge 1、maxUnavailable 0 时，一个节点会短暂地同时运行两个 Pod；只有这个节点上的新 Pod 可用后旧 Pod 才被删除，所以任何节点都不会缺少这个代理。',
  },
  'daemonset-ondelete': {
    name: 'DaemonSet OnDelete——删除 Pod 时才更新',
    description:
      '使用 OnDelete 策略时，新模板不改变任何正在运行的 Pod；只有一个 Pod 被删除、控制器创建它的替代者时，新模板才生效。',
  },
  'daemonset-node-pool': {
    name: '节点池上的 DaemonSet——nodeSelector 与污点',
    description:
      'DaemonSet 只在匹配其 nodeSelector、且其 NoSchedule 污点（taint）都被容忍的节点上运行；给节点打标签或去掉污点后，控制器就在那里添加一个 Pod。',
  },
  'nodes-coming-and-going': {
    name: '节点的来来去去',
    description:
      '一个节点变为 NotReady 后又恢复，一个节点加入并得到它的 DaemonSet Pod，一个节点被 drain、其上的 Deployment Pod 在别处重建，还有一个节点离开集群。',
  },
  'probe-paced': {
    name: '探针定节奏——payments 中的 checkout-api，30 个副本',
    description:
      'SRE 在命名空间 payments 中的清单。maxSurge 10%（3 个 Pod），maxUnavailable 0。kubelet 在新容器启动时就探测一次，之后每 10 秒一次，但 initialDelaySeconds（20 秒）之前的探测不算数，所以每个新 Pod 在容器启动 20 秒后变为 Ready（探测时刻不对齐时最多再晚 10 秒），再过 10 秒（minReadySeconds）才可用。加上拉取和启动镜像的 2 秒，上线大约每 32 秒推进 3 个 Pod。',
  },
  'empty-cluster': {
    name: '空集群——三个节点，什么都没运行',
    description:
      '三个 Ready 节点，没有任何工作负载。可以在 kubectl 控制台里 apply 你自己的 Deployment 或 DaemonSet，或导入清单，看控制器如何接手。',
  },
  'no-room-to-surge': {
    name: '没有空间 surge——Insufficient memory',
    description:
      '每个节点的内存都已被 requests 占满：3 个 4Gi 的节点，6 个各请求 2Gi 的 Pod。上线只能先加 Pod（maxSurge 25% = 2，maxUnavailable 0），调度器找不到能放下它们的节点——FailedScheduling“0/3 nodes are available: 3 Insufficient memory. preemption: 0/3 nodes are available: 3 No preemption victims found for incoming pod.”。没有旧 Pod 会被删掉，上线一直停着，60 秒后 Progressing 变为 False（ProgressDeadlineExceeded）。调度器算的是 requests，不是实际用量。kubernetes/kubernetes#64689',
  },
  'no-surge-fits': {
    name: '不 surge、maxUnavailable 1——放得下',
    description:
      '同样占满的集群（3 个 4Gi 节点，6 个 2Gi 的 Pod），改用 maxSurge 0、maxUnavailable 1 上线：先删一个旧 Pod，它的替身在 Pending（Insufficient memory）中等到旧 Pod 终止完毕——终止中的 Pod 在消失之前一直占着节点上的 requests。随后 NodeResourcesFit 的 queueing hint（一个已绑定的 Pod 被删除）把新 Pod 放回队列，它就放得下了。一次一个 Pod，上线完成。kubernetes/kubernetes#64689',
  },
  'one-pod-per-node': {
    name: '每节点一个 Pod 无法 surge——必需的反亲和',
    description:
      '3 个副本带 kubernetes.io/hostname 上的必需 podAntiAffinity，集群有 3 个节点：每个节点上都已有新 Pod 必须回避的 Pod，surge Pod 失败：“0/3 nodes are available: 3 node(s) didn\'t match pod anti-affinity rules.”。默认 25% / 25%（maxSurge 1，maxUnavailable 0）不会先删旧 Pod：卡住直到 ProgressDeadlineExceeded。解决办法：maxSurge 0 配 maxUnavailable 1、多一个节点，或用 matchLabelKeys [pod-template-hash] 让新版本只回避自己。kubernetes/kubernetes#116891',
  },
  'daemonset-surge-hostport': {
    name: '带 hostPort 的 DaemonSet surge——卡在端口上',
    description:
      'maxSurge 1 要求先起新 Pod、再删旧 Pod，但两者都要占用同一节点的 9100 主机端口。API server 接受这种组合（kubernetes/kubernetes#106417 曾要求拒绝，至今仍未拒绝），调度器的 NodePorts 过滤让 surge Pod 一直 Pending：“0/3 nodes are available: 1 node(s) didn\'t have free ports for the requested pod ports, 2 node(s) didn\'t satisfy plugin(s) [NodeAffinity].”。旧 Pod 处于 Ready，DaemonSet 保留它，上线永远不动。使用主机端口时请用 maxSurge 0 配 maxUnavailable 1。',
  },
  'quota-blocks-surge': {
    name: '配额挡住了 surge——用满的 ResourceQuota 让上线停下',
    description:
      '命名空间的 ResourceQuota 只允许 requests.cpu 2，4 个 Pod 各请求 500m：配额已满。滚动更新只能先加 Pod（maxSurge 1、maxUnavailable 0），API server 拒绝了它——FailedCreate“exceeded quota: compute, requested: requests.cpu=500m, used: requests.cpu=2, limited: requests.cpu=2”——于是新 ReplicaSet 带上 ReplicaFailure 状况，按越来越长的退避时间重试，而没有旧 Pod 被删除。90 秒时把策略改成 maxSurge 0、maxUnavailable 1：一个旧 Pod 被删掉，它消失后配额控制器归还那 500m，新 ReplicaSet 的下一次重试就成功了。kubernetes/kubernetes#89209, #98656',
  },
  'limitrange-caps-container': {
    name: 'LimitRange 限制了容器——新模板在准入时被拒绝',
    description:
      '命名空间的 LimitRange 把每个容器的 cpu 上限定为 500m，并给没有声明资源的容器 100m 的请求（以及由上限默认而来的 500m 限制）：最初的 Pod 带着这两项被创建，注解 kubernetes.io/limit-ranger 写明了这一点。30 秒时模板要求 limits.cpu 1：LimitRanger 准入插件拒绝了新 ReplicaSet 的每个 Pod——FailedCreate“pods ... is forbidden: maximum cpu usage per Container is 500m, but limit is 1”——于是它带上 ReplicaFailure 状况，而上线已经删掉了一个旧 Pod（maxUnavailable 为 4 的 25% = 1）。90 秒时限制改为 400m，在上限之内：第三个 ReplicaSet 完成上线（和任何 Pod 一样，它的 Pod 的请求在准入之前就默认等于限制，所以 LimitRange 什么也没设置），被拒绝的那个缩到 0。',
  },
  'budget-holds-drain': {
    name: '干扰预算挡住了 drain——而上线并不理会它',
    description:
      'PodDisruptionBudget 要求 3 个 web Pod 中 minAvailable 3，所以不允许任何干扰。kubectl drain node-1 先封锁（cordon）节点，再通过驱逐（eviction）API 删除其上的 web Pod；API server 返回 429“Cannot evict pod as it would violate the pod\'s disruption budget.”，drain 每 5 秒重试一次，永不停止。45 秒时更新镜像开始上线（maxSurge 0、maxUnavailable 1）：Deployment 控制器直接删除旧 Pod，并不询问干扰预算，健康 Pod 降到预算要求的 3 个中的 2 个。上线删掉 node-1 上的 Pod 后，drain 的下一次驱逐就成功了，节点 drain 完毕。kubernetes/kubernetes#34776',
  },
  'autoscaler-during-rollout': {
    name: '上线期间的自动扩缩容（HPA）',
    description:
      'HPA 让 web 的 cpu 保持在 200m 请求的 50%。45 秒时开始上线（新镜像要拉取 30 秒）；60 秒时每个 Pod 的负载从 90m 升到 250m。HPA 通过 scale 子资源读取 Deployment 的 spec.replicas，而不是 Pod 的数量，所以上线中的 surge Pod 不会把它抬高；扩容时它把尚未 Ready 的 Pod 记为 0%：75 秒时，3 个 Ready Pod 上的 125% 变成 5 个 Pod 上的 150%，它要求 8 个副本。Deployment 控制器按新旧 ReplicaSet 的大小把新增的 4 个副本按比例分给二者。240 秒时负载降到 40m；HPA 要等过 5 分钟的缩容稳定窗口才缩回 4 个。kubernetes/kubernetes#72775, #90461',
  },
  'statefulset-ordered': {
    name: 'StatefulSet——按序创建与扩缩',
    description:
      'OrderedReady 先创建 web-0，等它进入 Running 且 Ready，再创建 web-1，然后 web-2；扩到 5 个时同样依次加上 web-3、web-4；缩到 2 个时从最高序号开始、一次一个地删除 web-4、web-3、web-2。',
  },
  'statefulset-rolling': {
    name: 'StatefulSet——滚动更新的顺序',
    description:
      '新镜像从最高序号往下一次替换一个 Pod——先 web-2，再 web-1，最后 web-0——每个都要等前一个以新版本重新进入 Running 且 Ready 之后才开始。',
  },
  'statefulset-partition': {
    name: 'StatefulSet——用 partition 做金丝雀',
    description:
      'partition 为 3 时只有 web-4 和 web-3 换成新镜像，rollout status 说分区上线已完成；删掉 web-1 后它以旧镜像回来；把 partition 降到 0，上线继续替换 web-2、web-1 和 web-0。',
  },
  'statefulset-stuck': {
    name: 'StatefulSet——只有删除 Pod 才能解开的上线',
    description:
      '新镜像永远拉取不到，web-2 一直 Pending，OrderedReady 就一直等它。rollout undo 把旧模板放回去，却什么也没改变——控制器仍在等 web-2 变为 Ready。只有删除 web-2，它才会以好的模板回来。',
  },
  'statefulset-parallel': {
    name: 'StatefulSet——Parallel 能自己解开',
    description:
      'podManagementPolicy 为 Parallel 时 web-0、web-1、web-2 同时创建。坏镜像仍从最高序号起一次替换一个 Pod，卡在 web-2；但 rollout undo 之后，控制器会自己删掉坏掉的 web-2——不需要手动删除 Pod。',
  },
  'statefulset-claims': {
    name: 'StatefulSet——比 Pod 活得更久的卷申领',
    description:
      '每个 Pod 有自己的卷申领 www-web-0 … www-web-2，Pod 调度后即 Bound。缩到 1 个会删除 web-2 和 web-1，但保留它们的卷申领（whenScaled 为 Retain）；再扩回 3 个时复用同样的卷申领——没有新的 create Claim 事件——每个 Pod 也回到它的卷所在的节点（local-path 卷只存在于一个节点上）。',
  },
  'statefulset-drain': {
    name: 'StatefulSet——被 drain 的节点留着 Pod 的卷',
    description:
      '每个 Pod 的卷申领都绑定到一个 local-path 卷，它位于这个 Pod 第一次被调度到的节点上，卷的节点亲和性把它固定在那里。40 秒时 kubectl drain node-2 封锁该节点并驱逐 web-1；StatefulSet 控制器立刻以同样的名字、同样的卷申领重新创建 web-1，但它一直 Pending：node-2 不可调度，另外两个节点 had volume node affinity conflict（VolumeBinding）。在 OrderedReady 下控制器等着 web-1，不去动 web-2。120 秒时 kubectl uncordon node-2，web-1 回到它的节点，数据还在。',
  },
  'traffic-no-probe': {
    name: '流量——没有 readinessProbe',
    description:
      'web 上线期间每秒有 100 个请求到达。没有 readinessProbe 时，容器一运行 Pod 就 Ready，比应用开始监听早 2 秒，所以新 Pod 会拒绝请求；旧 Pod 在 SIGTERM 之后、所有 kube-proxy 把它移除之前也会拒绝请求。',
  },
  'traffic-probe': {
    name: '流量——有 readinessProbe，没有 preStop',
    description:
      'readinessProbe 让新 Pod 在开始监听之前不进入 Service，所以新 Pod 不丢请求。旧 Pod 仍在 SIGTERM 时停止监听，而 kube-proxy 还会继续向它发送请求，最多一个 watch 延迟加上 1 秒的 minSyncPeriod。',
  },
  'traffic-probe-prestop': {
    name: '流量——readinessProbe 加 preStop sleep',
    description:
      '5 秒的 preStop sleep 让每个旧 Pod 一直监听，直到所有 kube-proxy 都把它移除（期间它处于 serving 但 terminating）：有 readinessProbe 时，没有请求失败。',
  },
  'traffic-single-replica': {
    name: '流量——单副本，maxSurge 0',
    description:
      '只有一个副本且 maxSurge 为 0 时，唯一的 Pod 在替代者出现之前就被删除：Service 没有端点，每个 kube-proxy 都 REJECT，直到新 Pod Ready。maxSurge 1 加 maxUnavailable 0 可以避免这次中断。',
  },
};
