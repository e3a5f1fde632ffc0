/**
 * Built-in lessons of the course's Deployment chapters, the second half: the Recreate strategy,
 * pause / resume / undo and the progress deadline (deployment.ts has the rolling update's math).
 * Answers are never written here: each question names the decision value the engine records.
 */
import type { BuiltInLesson } from './types.ts';
import { deployment } from './types.ts';

export const recreate: BuiltInLesson = {
  preset: 'recreate',
  lesson: {
    id: 'recreate',
    chapter: { en: 'Deployment: strategies', 'zh-CN': 'Deployment：更新策略' },
    title: { en: 'Recreate: down first, then up', 'zh-CN': 'Recreate：先全停，再全起' },
    steps: [
      {
        at: { time: 30 },
        text: {
          en: '6 replicas with the Recreate strategy; the image changes now.',
          'zh-CN': '6 个副本，Recreate 策略；现在镜像变了。',
        },
      },
      {
        at: { decision: { fn: 'scaleReplicaSet', key: 'scale' } },
        text: {
          en: 'Recreate first scales every old ReplicaSet down.',
          'zh-CN': 'Recreate 先把所有旧 ReplicaSet 缩容。',
        },
        question: {
          text: { en: 'To how many replicas?', 'zh-CN': '缩到多少个副本？' },
          answer: { fn: 'scaleReplicaSet', key: 'scale', value: 'to' },
        },
      },
      {
        at: { decision: { fn: 'newRSNewReplicas', key: 'recreate' } },
        text: {
          en: 'The controller waited until no old pod was left (the app was down meanwhile), then creates the new ReplicaSet.',
          'zh-CN': '控制器一直等到没有任何旧 Pod（期间应用不可用），然后创建新 ReplicaSet。',
        },
        question: {
          text: {
            en: 'How many replicas does the new ReplicaSet get at once?',
            'zh-CN': '新 ReplicaSet 一次得到多少个副本？',
          },
          answer: { fn: 'newRSNewReplicas', key: 'recreate', value: 'newReplicasCount' },
        },
      },
    ],
  },
};

export const pauseResumeUndo: BuiltInLesson = {
  scenario: {
    ...deployment('pause-resume-undo', 'Pause, resume and undo', 6, null),
    actions: [
      { at: 30, kubectl: 'rollout pause deployment/web' },
      { at: 35, kubectl: 'set image deployment/web nginx=nginx:1.9.3' },
      { at: 40, kubectl: 'set image deployment/web nginx=nginx:1.10' },
      { at: 60, kubectl: 'rollout resume deployment/web' },
      { at: 100, kubectl: 'rollout undo deployment/web' },
    ],
  },
  lesson: {
    id: 'pause-resume-undo',
    chapter: { en: 'Deployment: history', 'zh-CN': 'Deployment：修订历史' },
    title: { en: 'Pause, resume and undo (revision reuse)', 'zh-CN': '暂停、恢复与回滚（修订号复用）' },
    steps: [
      {
        at: { time: 40 },
        text: {
          en: 'The Deployment was paused at 30 s, then its image changed twice. Paused, the controller only scales and cleans up: no new ReplicaSet yet.',
          'zh-CN':
            'Deployment 在 30 秒时被暂停，之后镜像改了两次。暂停时控制器只做扩缩和清理：还没有新 ReplicaSet。',
        },
      },
      {
        at: { decision: { fn: 'getNewReplicaSet', key: 'create' } },
        text: {
          en: 'Resumed at 60 s: only the last template rolls out.',
          'zh-CN': '60 秒时恢复：只有最后一个模板会被发布。',
        },
        question: {
          text: {
            en: 'Which revision number does the new ReplicaSet get?',
            'zh-CN': '新 ReplicaSet 得到第几号修订？',
          },
          answer: { fn: 'getNewReplicaSet', key: 'create', value: 'revision' },
        },
      },
      {
        at: { decision: { fn: 'getNewReplicaSet', key: 'updateRevision', any: true } },
        text: {
          en: 'At 100 s rollout undo copies revision 1’s template back. No ReplicaSet is created: the old one matches the template again.',
          'zh-CN':
            '100 秒时 rollout undo 把 1 号修订的模板拷回来。不会新建 ReplicaSet：旧的那个又和模板一致了。',
        },
        question: {
          text: {
            en: 'Which revision number does that old ReplicaSet take now?',
            'zh-CN': '那个旧 ReplicaSet 现在是第几号修订？',
          },
          answer: { fn: 'getNewReplicaSet', key: 'updateRevision', value: 'revision' },
        },
      },
    ],
  },
};

export const progressDeadline: BuiltInLesson = {
  preset: 'broken-image',
  lesson: {
    id: 'progress-deadline',
    chapter: { en: 'Deployment: progress', 'zh-CN': 'Deployment：进度' },
    title: {
      en: 'A stalled rollout and progressDeadlineSeconds',
      'zh-CN': '卡住的滚动更新与 progressDeadlineSeconds',
    },
    steps: [
      {
        at: { time: 30 },
        text: {
          en: 'The new image never pulls. maxSurge 25%, maxUnavailable 0, progressDeadlineSeconds 60.',
          'zh-CN': '新镜像永远拉取不下来。maxSurge 25%，maxUnavailable 0，progressDeadlineSeconds 60。',
        },
      },
      {
        at: { decision: { fn: 'getNewReplicaSet', key: 'create' } },
        text: { en: 'The new ReplicaSet is created.', 'zh-CN': '新 ReplicaSet 被创建。' },
        question: {
          text: {
            en: 'How many new pods does the rollout start before it can go no further?',
            'zh-CN': '在无法继续之前，滚动更新会启动多少个新 Pod？',
          },
          answer: { fn: 'newRSNewReplicas', key: 'rollingUpdate', value: 'newReplicasCount' },
          formula: [
            { fn: 'resolveFenceposts', key: 'surgePercent' },
            { fn: 'newRSNewReplicas', key: 'rollingUpdate' },
          ],
        },
      },
      {
        at: { decision: { fn: 'requeueStuckDeployment', key: 'requeueAfter', any: true } },
        text: {
          en: 'Nothing is available, so no old pod may go (maxUnavailable 0). The controller asks to look again when the deadline passes.',
          'zh-CN':
            '没有新 Pod 可用，所以旧 Pod 一个也不能删（maxUnavailable 0）。控制器要求在截止时间过后再看一次。',
        },
        question: {
          text: { en: 'In how many seconds does it look again?', 'zh-CN': '多少秒后它会再看一次？' },
          answer: { fn: 'requeueStuckDeployment', key: 'requeueAfter', value: 'seconds' },
        },
      },
      {
        at: { decision: { fn: 'syncRolloutStatus', key: 'timedOut', any: true } },
        text: {
          en: 'Past the deadline: Progressing turns False with reason ProgressDeadlineExceeded. Kubernetes does not roll back by itself; kubectl rollout status now fails.',
          'zh-CN':
            '超过截止时间：Progressing 变为 False，原因是 ProgressDeadlineExceeded。Kubernetes 不会自动回滚；kubectl rollout status 此时会失败。',
        },
      },
    ],
  },
};
