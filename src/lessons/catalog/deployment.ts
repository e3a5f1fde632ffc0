/**
 * Built-in lessons of the course's Deployment chapters: the Seed rollout step by step, rounding,
 * maxSurge 0 and proportional scaling here; Recreate, pause / resume / undo and the progress
 * deadline in deploymentLifecycle.ts.
 * Answers are never written here: each question names the decision value the engine records.
 */
import type { BuiltInLesson } from './types.ts';
import { deployment } from './types.ts';
import { pauseResumeUndo, progressDeadline, recreate } from './deploymentLifecycle.ts';

const seedRollout: BuiltInLesson = {
  preset: 'seed',
  lesson: {
    id: 'seed-rollout',
    chapter: { en: 'Deployment: rolling update', 'zh-CN': 'Deployment：滚动更新' },
    title: { en: 'The Seed rollout, step by step', 'zh-CN': '逐步看 Seed 滚动更新' },
    steps: [
      {
        at: { tick: 0 },
        text: {
          en: 'nginx, 10 replicas, maxSurge 25% and maxUnavailable 25%. Nothing exists yet: the first tick creates the Deployment. Use Next step (or PageDown) to move on.',
          'zh-CN':
            'nginx，10 个副本，maxSurge 25%，maxUnavailable 25%。此时什么都还不存在：第一个 tick 创建 Deployment。用“下一步”（或 PageDown）继续。',
        },
      },
      {
        at: { decision: { fn: 'getNewReplicaSet', key: 'create' } },
        text: {
          en: 'The Deployment controller syncs for the first time and finds no ReplicaSet, so it creates one. There are no old pods.',
          'zh-CN': 'Deployment 控制器第一次同步，找不到 ReplicaSet，于是创建一个。此时没有旧 Pod。',
        },
        question: {
          text: {
            en: 'How many replicas does the first ReplicaSet get?',
            'zh-CN': '第一个 ReplicaSet 会被设为多少个副本？',
          },
          answer: { fn: 'newRSNewReplicas', key: 'rollingUpdate', value: 'newReplicasCount' },
          formula: [
            { fn: 'resolveFenceposts', key: 'surgePercent' },
            { fn: 'newRSNewReplicas', key: 'rollingUpdate' },
          ],
        },
      },
      {
        at: { time: 30 },
        text: {
          en: 'All 10 pods are available. At 30 s kubectl set image changes the pod template: a new revision.',
          'zh-CN': '10 个 Pod 都已可用。30 秒时 kubectl set image 修改了 Pod 模板：这是一个新的修订版本。',
        },
      },
      {
        at: { decision: { fn: 'getNewReplicaSet', key: 'create' } },
        text: {
          en: 'The controller creates the new ReplicaSet. The old one still has 10 replicas.',
          'zh-CN': '控制器创建新的 ReplicaSet，旧的仍有 10 个副本。',
        },
        question: {
          text: {
            en: 'How many replicas does the new ReplicaSet start with?',
            'zh-CN': '新 ReplicaSet 一开始有多少个副本？',
          },
          answer: { fn: 'newRSNewReplicas', key: 'rollingUpdate', value: 'newReplicasCount' },
          formula: [
            { fn: 'resolveFenceposts', key: 'surgePercent' },
            { fn: 'newRSNewReplicas', key: 'rollingUpdate' },
          ],
        },
      },
      {
        at: {
          decision: { fn: 'scaleDownOldReplicaSetsForRollingUpdate', key: 'scaleDownOldRS', orSame: true },
        },
        text: {
          en: 'In the same sync the controller also looks at the old ReplicaSet: creating the new one was not a scale-up, so it may scale down.',
          'zh-CN': '在同一次同步中，控制器还会看旧 ReplicaSet：创建新 ReplicaSet 不算扩容，所以它可以缩容。',
        },
        question: {
          text: {
            en: 'To how many replicas is the old ReplicaSet scaled down?',
            'zh-CN': '旧 ReplicaSet 被缩容到多少个副本？',
          },
          answer: { fn: 'scaleDownOldReplicaSetsForRollingUpdate', key: 'scaleDownOldRS', value: 'to' },
          formula: [
            { fn: 'resolveFenceposts', key: 'unavailablePercent' },
            { fn: 'reconcileOldReplicaSets', key: 'minAvailable' },
            { fn: 'reconcileOldReplicaSets', key: 'maxScaledDown' },
            { fn: 'scaleDownOldReplicaSetsForRollingUpdate', key: 'scaleDownOldRS' },
          ],
        },
      },
      {
        at: { decision: { fn: 'reconcileNewReplicaSet', key: 'scaleNewRS' } },
        text: {
          en: 'Two old pods are terminating, so there is room under maxTotalPods again.',
          'zh-CN': '两个旧 Pod 正在终止，maxTotalPods 之下又有了空间。',
        },
        question: {
          text: {
            en: 'To how many replicas does the new ReplicaSet grow?',
            'zh-CN': '新 ReplicaSet 扩容到多少个副本？',
          },
          answer: { fn: 'reconcileNewReplicaSet', key: 'scaleNewRS', value: 'to' },
          formula: [{ fn: 'reconcileNewReplicaSet', key: 'scaleUpCount' }],
        },
      },
      {
        at: { decision: { fn: 'scaleDownOldReplicaSetsForRollingUpdate', key: 'scaleDownOldRS' } },
        text: {
          en: 'The first new pod became available: one more old pod may go.',
          'zh-CN': '第一个新 Pod 已可用：又可以删掉一个旧 Pod。',
        },
        question: {
          text: { en: 'What is maxScaledDown in this sync?', 'zh-CN': '这次同步的 maxScaledDown 是多少？' },
          answer: { fn: 'reconcileOldReplicaSets', key: 'maxScaledDown', value: 'maxScaledDown' },
        },
      },
      {
        at: { decision: { fn: 'rolloutRolling', key: 'complete', any: true } },
        text: {
          en: 'Step by step the new ReplicaSet reaches 10 and the old one 0, never above 13 pods nor below 8 available. The rollout is complete.',
          'zh-CN':
            '新 ReplicaSet 一步步到 10，旧的到 0，Pod 总数从未超过 13，可用数从未低于 8。滚动更新完成。',
        },
      },
    ],
  },
};

const rounding: BuiltInLesson = {
  scenario: deployment('rounding', 'Rounding — 30% of 6 replicas', 6, {
    maxSurge: '30%',
    maxUnavailable: '30%',
  }),
  lesson: {
    id: 'surge-unavailable-rounding',
    chapter: { en: 'Deployment: rolling update', 'zh-CN': 'Deployment：滚动更新' },
    title: {
      en: 'maxSurge rounds up, maxUnavailable rounds down',
      'zh-CN': 'maxSurge 向上取整，maxUnavailable 向下取整',
    },
    steps: [
      {
        at: { tick: 0 },
        text: {
          en: '6 replicas with maxSurge 30% and maxUnavailable 30%. 30% of 6 is 1.8 pods: the two settings round it in opposite directions.',
          'zh-CN':
            '6 个副本，maxSurge 30%，maxUnavailable 30%。6 的 30% 是 1.8 个 Pod：两个参数按相反的方向取整。',
        },
      },
      {
        at: { decision: { fn: 'newRSNewReplicas', key: 'rollingUpdate', where: { currentPodCount: 6 } } },
        text: {
          en: 'The image changed at 20 s; the new ReplicaSet is being created.',
          'zh-CN': '20 秒时镜像变了；正在创建新 ReplicaSet。',
        },
        question: {
          text: { en: 'maxSurge 30% of 6 is how many pods?', 'zh-CN': '6 的 maxSurge 30% 是几个 Pod？' },
          answer: { fn: 'resolveFenceposts', key: 'surgePercent', value: 'maxSurge' },
        },
      },
      {
        at: {
          decision: { fn: 'scaleDownOldReplicaSetsForRollingUpdate', key: 'scaleDownOldRS', orSame: true },
        },
        text: { en: 'Same sync, the scale-down side.', 'zh-CN': '同一次同步，缩容这一边。' },
        question: {
          text: {
            en: 'maxUnavailable 30% of 6 is how many pods?',
            'zh-CN': '6 的 maxUnavailable 30% 是几个 Pod？',
          },
          answer: { fn: 'resolveFenceposts', key: 'unavailablePercent', value: 'maxUnavailable' },
          formula: [
            { fn: 'resolveFenceposts', key: 'unavailablePercent' },
            { fn: 'reconcileOldReplicaSets', key: 'minAvailable' },
          ],
        },
      },
      {
        at: {
          decision: { fn: 'scaleDownOldReplicaSetsForRollingUpdate', key: 'scaleDownOldRS', orSame: true },
        },
        text: {
          en: 'Rounding surge up and unavailability down keeps the rollout safe: it may use an extra pod, never an extra outage.',
          'zh-CN': 'surge 向上取整、不可用数向下取整，让滚动更新更安全：宁可多用一个 Pod，也不多停一个。',
        },
        question: {
          text: {
            en: 'To how many replicas does the old ReplicaSet go?',
            'zh-CN': '旧 ReplicaSet 缩到多少个副本？',
          },
          answer: { fn: 'scaleDownOldReplicaSetsForRollingUpdate', key: 'scaleDownOldRS', value: 'to' },
          formula: [
            { fn: 'reconcileOldReplicaSets', key: 'maxScaledDown' },
            { fn: 'scaleDownOldReplicaSetsForRollingUpdate', key: 'scaleDownOldRS' },
          ],
        },
      },
    ],
  },
};

const maxSurgeZero: BuiltInLesson = {
  preset: 'max-surge-0',
  lesson: {
    id: 'max-surge-0',
    chapter: { en: 'Deployment: rolling update', 'zh-CN': 'Deployment：滚动更新' },
    title: { en: 'maxSurge 0: make room first', 'zh-CN': 'maxSurge 0：先腾出位置' },
    steps: [
      {
        at: { tick: 0 },
        text: {
          en: '10 replicas, maxSurge 0, maxUnavailable 1: the Deployment may never run an 11th pod.',
          'zh-CN': '10 个副本，maxSurge 0，maxUnavailable 1：Deployment 永远不能运行第 11 个 Pod。',
        },
      },
      {
        at: { decision: { fn: 'newRSNewReplicas', key: 'atMaxTotal' } },
        text: {
          en: 'The template changed; the controller creates the new ReplicaSet.',
          'zh-CN': '模板变了；控制器创建新 ReplicaSet。',
        },
        question: {
          text: {
            en: 'How many replicas does the new ReplicaSet start with?',
            'zh-CN': '新 ReplicaSet 一开始有多少个副本？',
          },
          answer: { fn: 'newRSNewReplicas', key: 'atMaxTotal', value: 'newReplicasCount' },
        },
      },
      {
        at: { decision: { fn: 'scaleReplicaSet', key: 'scale', orSame: true } },
        text: {
          en: 'With no room to grow, the controller shrinks the old ReplicaSet first.',
          'zh-CN': '没有扩容空间，控制器先缩容旧 ReplicaSet。',
        },
        question: {
          text: {
            en: 'To how many replicas does the old ReplicaSet go?',
            'zh-CN': '旧 ReplicaSet 缩到多少个副本？',
          },
          answer: { fn: 'scaleReplicaSet', key: 'scale', value: 'to' },
          formula: [
            { fn: 'reconcileOldReplicaSets', key: 'maxScaledDown' },
            { fn: 'scaleDownOldReplicaSetsForRollingUpdate', key: 'scaleDownOldRS' },
          ],
        },
      },
      {
        at: { decision: { fn: 'reconcileNewReplicaSet', key: 'scaleNewRS' } },
        text: {
          en: 'The old pod is gone from the count: there is one pod of room.',
          'zh-CN': '旧 Pod 已不计入总数：多出一个 Pod 的空间。',
        },
        question: {
          text: {
            en: 'To how many replicas does the new ReplicaSet grow?',
            'zh-CN': '新 ReplicaSet 扩到多少个副本？',
          },
          answer: { fn: 'reconcileNewReplicaSet', key: 'scaleNewRS', value: 'to' },
          formula: [{ fn: 'reconcileNewReplicaSet', key: 'scaleUpCount' }],
        },
      },
    ],
  },
};

const proportional: BuiltInLesson = {
  preset: 'proportional-scaling',
  lesson: {
    id: 'proportional-scaling',
    chapter: { en: 'Deployment: scaling', 'zh-CN': 'Deployment：扩缩容' },
    title: { en: 'Scaling in the middle of a rollout', 'zh-CN': '滚动更新中途扩容' },
    steps: [
      {
        at: { time: 35 },
        text: {
          en: 'A slow rollout (the new image takes 30 s to pull) is under way with 13 pods; now kubectl scale asks for 15 replicas.',
          'zh-CN':
            '一次缓慢的滚动更新（新镜像要拉取 30 秒）正在进行，共 13 个 Pod；此时 kubectl scale 要求 15 个副本。',
        },
      },
      {
        at: { decision: { fn: 'scale', key: 'deploymentReplicasToAdd' } },
        text: {
          en: 'A scaling event: the controller adds replicas to every active ReplicaSet, not only the new one.',
          'zh-CN': '扩缩事件：控制器给每个活跃的 ReplicaSet 加副本，而不只是新的那个。',
        },
        question: {
          text: { en: 'How many replicas does it hand out in all?', 'zh-CN': '它一共要分出多少个副本？' },
          answer: { fn: 'scale', key: 'deploymentReplicasToAdd', value: 'deploymentReplicasToAdd' },
        },
      },
      {
        at: { decision: { fn: 'scale', key: 'proportion', orSame: true } },
        text: { en: 'The largest ReplicaSet comes first.', 'zh-CN': '最大的 ReplicaSet 先分。' },
        question: {
          text: {
            en: 'How many does the largest (old) ReplicaSet end up with?',
            'zh-CN': '最大的（旧）ReplicaSet 最后有多少个副本？',
          },
          answer: { fn: 'scale', key: 'proportion', value: 'to' },
        },
      },
      {
        at: { decision: { fn: 'scale', key: 'proportion', orSame: true } },
        text: { en: 'Then the next one, within what is left.', 'zh-CN': '然后是下一个，在剩余的额度内。' },
        question: {
          text: { en: 'And the new ReplicaSet?', 'zh-CN': '新 ReplicaSet 呢？' },
          answer: { fn: 'scale', key: 'proportion', value: 'to', nth: 2 },
        },
      },
    ],
  },
};

/** DEPLOYMENT_LESSONS in course order. */
export const DEPLOYMENT_LESSONS: readonly BuiltInLesson[] = [
  seedRollout,
  rounding,
  maxSurgeZero,
  proportional,
  recreate,
  pauseResumeUndo,
  progressDeadline,
];
