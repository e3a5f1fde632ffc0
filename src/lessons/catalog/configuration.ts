/**
 * Built-in lessons of the course's failure chapter: a new template that reads a ConfigMap nobody
 * applied (the kubelet's CreateContainerConfigError), and one that mounts it as a volume (the
 * volume manager's FailedMount and its back-off), and init containers that pace a rollout or stop
 * it (Init:CrashLoopBackOff). Answers are never written here: each question
 * names the decision value the engine records.
 */
import type { BuiltInLesson } from './types.ts';

const missingConfigMap: BuiltInLesson = {
  preset: 'missing-configmap',
  lesson: {
    id: 'missing-configmap',
    chapter: { en: 'Failures and back-off', 'zh-CN': '失败与退避' },
    title: {
      en: 'A missing ConfigMap: pods that pull but never start',
      'zh-CN': '缺失的 ConfigMap：镜像拉下来了，Pod 却起不来',
    },
    steps: [
      {
        at: { time: 30 },
        text: {
          en: 'The new template reads its environment from ConfigMap web-v2 (envFrom), which nobody has applied yet. 4 replicas, maxSurge 1, maxUnavailable 1, progressDeadlineSeconds 90.',
          'zh-CN':
            '新模板通过 envFrom 从 ConfigMap web-v2 读取环境变量，而还没有人 apply 它。4 个副本，maxSurge 1，maxUnavailable 1，progressDeadlineSeconds 90。',
        },
      },
      {
        at: { decision: { fn: 'reconcileOldReplicaSets', key: 'minAvailable' } },
        text: {
          en: 'The controller scales the new ReplicaSet up by maxSurge and the old one down, as far as maxUnavailable allows.',
          'zh-CN': '控制器按 maxSurge 扩容新 ReplicaSet，并在 maxUnavailable 允许的范围内缩容旧 ReplicaSet。',
        },
        question: {
          text: {
            en: 'How many pods must stay available during this rollout?',
            'zh-CN': '这次滚动更新期间必须保持多少个可用的 Pod？',
          },
          answer: { fn: 'reconcileOldReplicaSets', key: 'minAvailable', value: 'minAvailable' },
        },
      },
      {
        at: { decision: { fn: 'startContainer', key: 'configError', any: true } },
        text: {
          en: 'The image is pulled, then the kubelet cannot build the container’s environment: CreateContainerConfigError, with the Event “Error: configmap "web-v2" not found”. The new pods never become available, so the old ReplicaSet stays at 3. The API server accepted the Deployment: nothing checks a reference before the kubelet needs it.',
          'zh-CN':
            '镜像已拉取，但 kubelet 无法构造容器的环境变量：CreateContainerConfigError，事件为“Error: configmap "web-v2" not found”。新 Pod 永远不会变为可用，所以旧 ReplicaSet 停在 3 个。API server 接受了这个 Deployment：在 kubelet 需要之前，没有谁检查这个引用。',
        },
      },
      {
        at: { decision: { fn: 'syncRolloutStatus', key: 'timedOut', any: true } },
        text: {
          en: 'Past the deadline: Progressing turns False with ProgressDeadlineExceeded. The kubelet keeps trying every 10–15 s, and the Failed Event’s count grows.',
          'zh-CN':
            '超过截止时间：Progressing 变为 False，原因是 ProgressDeadlineExceeded。kubelet 仍每 10–15 秒重试一次，Failed 事件的计数不断增长。',
        },
      },
      {
        at: { time: 180 },
        text: {
          en: 'ConfigMap web-v2 is applied. The kubelet does not watch for it on the pods’ behalf: each waiting pod finds it at its own next try.',
          'zh-CN':
            'ConfigMap web-v2 被 apply 了。kubelet 不会为这些 Pod 监听它：每个等待中的 Pod 在自己的下一次重试时才发现它。',
        },
      },
    ],
  },
};

const missingVolume: BuiltInLesson = {
  preset: 'missing-volume',
  lesson: {
    id: 'missing-volume',
    chapter: { en: 'Failures and back-off', 'zh-CN': '失败与退避' },
    title: {
      en: 'A missing ConfigMap volume: pods stuck in ContainerCreating',
      'zh-CN': '缺失的 ConfigMap 卷：卡在 ContainerCreating 的 Pod',
    },
    steps: [
      {
        at: { time: 30 },
        text: {
          en: 'The new template mounts ConfigMap web-v2 as a volume at /etc/web, and nobody has applied it yet. 4 replicas, maxSurge 1, maxUnavailable 1, progressDeadlineSeconds 90.',
          'zh-CN':
            '新模板把 ConfigMap web-v2 作为卷挂载到 /etc/web，而还没有人 apply 它。4 个副本，maxSurge 1，maxUnavailable 1，progressDeadlineSeconds 90。',
        },
      },
      {
        at: { decision: { fn: 'generateMountVolumeFunc', key: 'setUpFailed', any: true } },
        text: {
          en: 'Before it pulls an image or creates a container, the kubelet waits for every volume to be mounted. This one cannot be: a Warning FailedMount Event says “MountVolume.SetUp failed for volume "config" : configmap "web-v2" not found”, and the pod stays Pending, its container in ContainerCreating. Unlike a missing envFrom ConfigMap, no image is pulled at all.',
          'zh-CN':
            '在拉取镜像、创建容器之前，kubelet 要等所有卷都挂载好。这个卷挂不上：Warning 类型的 FailedMount 事件写着“MountVolume.SetUp failed for volume "config" : configmap "web-v2" not found”，Pod 停在 Pending，容器处于 ContainerCreating。与 envFrom 引用缺失的 ConfigMap 不同，这里根本没有拉取镜像。',
        },
      },
      {
        at: {
          decision: { fn: 'generateMountVolumeFunc', key: 'setUpFailed', where: { seconds: 64 }, any: true },
        },
        text: {
          en: 'The volume manager tries again after its back-off: 0.5 s after the first failure, each wait twice the last. The ConfigMap will be applied at 100 s.',
          'zh-CN':
            '卷管理器在退避之后重试：第一次失败后 0.5 秒，之后每次等待时间翻倍。ConfigMap 将在 100 秒时被 apply。',
        },
        question: {
          text: {
            en: 'This try failed at 93.7 s. In how many seconds is the next one?',
            'zh-CN': '这次尝试在 93.7 秒失败。下一次尝试在多少秒之后？',
          },
          answer: { fn: 'generateMountVolumeFunc', key: 'setUpFailed', value: 'seconds' },
        },
      },
      {
        at: { time: 100 },
        text: {
          en: 'ConfigMap web-v2 is applied. Nothing happens yet: the volume manager does not wait for the ConfigMap, it waits out its back-off.',
          'zh-CN':
            'ConfigMap web-v2 被 apply 了。但什么都没有马上发生：卷管理器并不等待这个 ConfigMap，它在等自己的退避结束。',
        },
      },
      {
        at: { decision: { fn: 'syncRolloutStatus', key: 'timedOut', any: true } },
        text: {
          en: 'Past the deadline: Progressing turns False with ProgressDeadlineExceeded, although the fix is already in.',
          'zh-CN':
            '超过截止时间：Progressing 变为 False，原因是 ProgressDeadlineExceeded，尽管修复已经到位。',
        },
      },
      {
        at: { decision: { fn: 'generateMountVolumeFunc', key: 'mounted', any: true } },
        text: {
          en: 'At 157.7 s the next try mounts the volume: the image is pulled and the container starts. The fix took 57.7 s to show; after a longer outage the wait can reach 2m2s.',
          'zh-CN':
            '157.7 秒时的下一次尝试挂载成功：拉取镜像、启动容器。修复在 57.7 秒后才生效；如果故障持续更久，等待可长达 2 分 2 秒。',
        },
      },
    ],
  },
};

const initContainers: BuiltInLesson = {
  preset: 'init-containers',
  lesson: {
    id: 'init-containers',
    chapter: { en: 'Failures and back-off', 'zh-CN': '失败与退避' },
    title: {
      en: 'Init containers: a migration that paces the rollout, and one that stops it',
      'zh-CN': 'Init 容器：拖慢滚动更新的迁移，以及让它停下的迁移',
    },
    steps: [
      {
        at: { time: 30 },
        text: {
          en: '`kubectl set image` changes both images: the init container migrate (its migration now takes 12 s) and web. 4 replicas, maxSurge 1, maxUnavailable 0: a new pod must be available before an old one goes.',
          'zh-CN':
            '`kubectl set image` 同时修改两个镜像：Init 容器 migrate（它的迁移现在要 12 秒）和 web。4 个副本，maxSurge 1，maxUnavailable 0：新 Pod 可用之后旧 Pod 才会被删除。',
        },
      },
      {
        at: { decision: { fn: 'computePodActions', key: 'initNext', any: true } },
        text: {
          en: 'The kubelet runs init containers one at a time, each to completion, before any app container. Meanwhile kubectl get pods prints Init:0/1, every container waits as PodInitializing, and the Initialized condition is False: “containers with incomplete status: [migrate]”.',
          'zh-CN':
            'kubelet 逐个运行 Init 容器，每个都运行完毕后才启动任何应用容器。这期间 kubectl get pods 显示 Init:0/1，所有容器都以 PodInitializing 等待，Initialized 条件为 False：“containers with incomplete status: [migrate]”。',
        },
        question: {
          text: {
            en: 'How many init containers must exit 0 before web:2 is even pulled?',
            'zh-CN': '在 web:2 开始拉取之前，必须有多少个 Init 容器以 0 退出？',
          },
          answer: { fn: 'computePodActions', key: 'initNext', value: 'total' },
        },
      },
      {
        at: { decision: { fn: 'computePodActions', key: 'initDone', any: true } },
        text: {
          en: 'migrate exited 0 after 12 s: Initialized turns True and only now is web:2 pulled and started (PodInitializing in kubectl). Each new pod needs about 19 s, not 7, and maxUnavailable 0 replaces the four one after another: the rollout takes four times as long as its slowest pod.',
          'zh-CN':
            'migrate 运行 12 秒后以 0 退出：Initialized 变为 True，这时才拉取并启动 web:2（kubectl 中显示 PodInitializing）。每个新 Pod 大约需要 19 秒而不是 7 秒，maxUnavailable 0 让四个 Pod 逐个替换：整个滚动更新耗时是最慢 Pod 的四倍。',
        },
      },
      {
        at: { time: 120 },
        text: {
          en: 'migrate:3 crashes on every start. The new pod is created, its init container starts and exits 1.',
          'zh-CN': 'migrate:3 每次启动都会崩溃。新 Pod 被创建，它的 Init 容器启动后以 1 退出。',
        },
      },
      {
        at: { decision: { fn: 'computePodActions', key: 'initFailed', where: { seconds: 40 }, any: true } },
        text: {
          en: 'restartPolicy Always restarts a failed init container on the restart back-off, and the app container never starts: Init:CrashLoopBackOff, with the init container’s restarts in RESTARTS.',
          'zh-CN':
            'restartPolicy Always 会按重启退避重启失败的 Init 容器，而应用容器永远不会启动：Init:CrashLoopBackOff，RESTARTS 列中是 Init 容器的重启次数。',
        },
        question: {
          text: {
            en: 'It failed a third time (the waits were 10 s, then 20 s). In how many seconds does the kubelet start it again?',
            'zh-CN': '它第三次失败了（前两次分别等待了 10 秒和 20 秒）。kubelet 会在多少秒后再次启动它？',
          },
          answer: { fn: 'computePodActions', key: 'initFailed', value: 'seconds' },
        },
      },
      {
        at: { decision: { fn: 'syncRolloutStatus', key: 'timedOut', any: true } },
        text: {
          en: 'Past the 90 s deadline: ProgressDeadlineExceeded. The four web:2 pods never stopped serving, because maxUnavailable 0 removes an old pod only for an available new one. `kubectl rollout undo` brings back migrate:2 with web:2.',
          'zh-CN':
            '超过 90 秒的截止时间：ProgressDeadlineExceeded。四个 web:2 Pod 一直在提供服务，因为 maxUnavailable 0 只在有新 Pod 可用时才删除旧 Pod。`kubectl rollout undo` 会恢复 migrate:2 和 web:2。',
        },
      },
    ],
  },
};

export const CONFIGURATION_LESSONS: readonly BuiltInLesson[] = [
  missingConfigMap,
  missingVolume,
  initContainers,
];
