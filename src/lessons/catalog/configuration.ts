/**
 * Built-in lesson of the course's failure chapter: a new template that reads a ConfigMap nobody
 * applied (the kubelet's CreateContainerConfigError). Answers are never written here: each
 * question names the decision value the engine records.
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

export const CONFIGURATION_LESSONS: readonly BuiltInLesson[] = [missingConfigMap];
