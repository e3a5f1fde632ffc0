/**
 * A built-in lesson of the failure chapter on the limitrange-caps-container preset: the
 * LimitRanger admission plugin gives the first pods their requests and limits, then refuses every
 * pod of a template over its cap, and the ReplicaSet controller's slow start stops at the first
 * refusal. Answers are never written here: each question names the decision value the engine
 * records.
 */
import type { BuiltInLesson } from './types.ts';

const limitRangeCaps: BuiltInLesson = {
  preset: 'limitrange-caps-container',
  lesson: {
    id: 'limitrange-caps-container',
    chapter: { en: 'Failures and back-off', 'zh-CN': '失败与退避' },
    title: {
      en: 'A LimitRange: defaults for every pod, and a template refused at admission',
      'zh-CN': 'LimitRange：每个 Pod 的默认值，以及在准入时被拒绝的模板',
    },
    steps: [
      {
        at: { tick: 0 },
        text: {
          en: 'The namespace holds a LimitRange, cpu-bounds: each container may use at most cpu 500m, and one that asks for nothing gets a request of 100m. When it was stored, the API server filled in its default limit from the max (500m), as SetDefaults_LimitRangeItem does. Try kubectl describe limits.',
          'zh-CN':
            '命名空间里有一个 LimitRange cpu-bounds：每个容器最多使用 cpu 500m，没有声明资源的容器得到 100m 的请求。保存它时，API server 按 SetDefaults_LimitRangeItem 用上限（500m）填上了默认限制。在控制台试试 kubectl describe limits。',
        },
      },
      {
        at: { decision: { fn: 'manageReplicas', key: 'create' } },
        text: {
          en: 'The ReplicaSet controller creates its pods from a template without resources. The LimitRanger admission plugin gives each container the request and the limit it lacks, and annotates the pod kubernetes.io/limit-ranger: “LimitRanger plugin set: cpu request for container nginx; cpu limit for container nginx”. A ResourceQuota in the namespace would count those.',
          'zh-CN':
            'ReplicaSet 控制器从一个没有声明资源的模板创建 Pod。LimitRanger 准入插件给每个容器补上缺少的请求和限制，并给 Pod 加上注解 kubernetes.io/limit-ranger：“LimitRanger plugin set: cpu request for container nginx; cpu limit for container nginx”。如果命名空间里有 ResourceQuota，它会计入这些值。',
        },
        question: {
          text: { en: 'How many pods does this sync create?', 'zh-CN': '这次同步创建了多少个 Pod？' },
          answer: { fn: 'manageReplicas', key: 'create', value: 'count' },
        },
      },
      {
        at: { time: 30 },
        text: {
          en: 'The template is patched to ask limits.cpu 1, twice the cap. The API server accepts the Deployment: a LimitRange bounds pods, not the templates that make them.',
          'zh-CN':
            '模板被 patch 为要求 limits.cpu 1，是上限的两倍。API server 接受了这个 Deployment：LimitRange 约束的是 Pod，而不是生成 Pod 的模板。',
        },
      },
      {
        at: { decision: { fn: 'manageReplicas', key: 'createFailed' } },
        text: {
          en: 'The new ReplicaSet asks for its first pod, and the plugin refuses it: “maximum cpu usage per Container is 500m, but limit is 1”, a FailedCreate Event. The sync returns the error, so the key goes back to the queue with a back-off, and the ReplicaSet gets the ReplicaFailure condition. The Deployment cannot tell: it sees a new ReplicaSet with no pods, and waits for them.',
          'zh-CN':
            '新 ReplicaSet 请求创建第一个 Pod，插件拒绝了它：“maximum cpu usage per Container is 500m, but limit is 1”，并产生一个 FailedCreate 事件。同步返回了错误，于是键带着退避回到队列，ReplicaSet 带上 ReplicaFailure 状况。Deployment 看不出原因：它只看到一个没有 Pod 的新 ReplicaSet，并等着它们。',
        },
      },
      {
        at: { decision: { fn: 'manageReplicas', key: 'createFailed', where: { skipped: 1 } } },
        text: {
          en: 'An old pod has gone (maxUnavailable 25% of 4 = 1), so the new ReplicaSet now wants 2. Creates go in slow-start batches (1, 2, 4 …): the first batch, one pod, is refused, and the batches after it are not tried: their pods are no longer expected, and the key backs off again.',
          'zh-CN':
            '一个旧 Pod 已经被删掉（maxUnavailable 为 4 的 25% = 1），所以新 ReplicaSet 现在要 2 个。创建按慢启动批次进行（1、2、4……）：第一批的一个 Pod 被拒绝，后面的批次不再尝试：它们的 Pod 不再被期望，键再次退避。',
        },
        question: {
          text: {
            en: 'How many pods of this sync’s later batches are skipped?',
            'zh-CN': '这次同步后面的批次里有多少个 Pod 被跳过？',
          },
          answer: { fn: 'manageReplicas', key: 'createFailed', value: 'skipped' },
        },
      },
      {
        at: { time: 90 },
        text: {
          en: 'The limit becomes 400m, within the bound: a third ReplicaSet. Its pods’ request defaults to their limit when the API server decodes them, before admission, so the LimitRange sets nothing and writes no annotation. The refused ReplicaSet is scaled to 0 as an old one.',
          'zh-CN':
            '限制改为 400m，在上限之内：出现第三个 ReplicaSet。它的 Pod 的请求在 API server 解码时（准入之前）就默认等于限制，所以 LimitRange 什么也没设置，也不写注解。被拒绝的那个 ReplicaSet 作为旧 ReplicaSet 缩到 0。',
        },
      },
      {
        at: { decision: { fn: 'syncRolloutStatus', key: 'complete', any: true } },
        text: {
          en: 'The rollout completes. Try kubectl get events --field-selector reason=FailedCreate and kubectl describe rs --show-events (kubectl 1.36 leaves the Events out when it describes several objects): the refusals stay in the Events, counted and combined by the correlator.',
          'zh-CN':
            '上线完成。在控制台试试 kubectl get events --field-selector reason=FailedCreate 和 kubectl describe rs --show-events（kubectl 1.36 描述多个对象时不显示 Event）：拒绝记录留在 Event 里，由关联器计数并合并。',
        },
      },
    ],
  },
};

/** LIMIT_RANGE_LESSONS: the failure chapter's lesson on LimitRanges. */
export const LIMIT_RANGE_LESSONS: readonly BuiltInLesson[] = [limitRangeCaps];
