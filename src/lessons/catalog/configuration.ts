/**
 * Built-in lessons of the course's failure chapter: a new template that reads a ConfigMap nobody
 * applied (the kubelet's CreateContainerConfigError), and one that mounts it as a volume (the
 * volume manager's FailedMount and its back-off). Answers are never written here: each question
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

export const CONFIGURATION_LESSONS: readonly BuiltInLesson[] = [missingConfigMap, missingVolume];
