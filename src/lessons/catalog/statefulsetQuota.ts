/**
 * A StatefulSet lesson with a scenario of its own: the storage quota refuses a claim, the
 * controller's sync fails on it and backs off (5 ms, doubling), and raising the quota does not
 * wake it: web-3 comes when the backed-off retry does. Every answer is read from the engine.
 */
import { type BuiltInLesson, webStatefulSet } from './types.ts';

const claimRefused: BuiltInLesson = {
  scenario: {
    version: 1,
    name: 'StatefulSet — the claim a quota refuses',
    seed: 7,
    cluster: { nodes: 3 },
    objects: [
      {
        apiVersion: 'v1',
        kind: 'ResourceQuota',
        metadata: { name: 'storage' },
        spec: { hard: { 'requests.storage': '3Gi' } },
      },
      webStatefulSet('1Gi'),
    ],
    actions: [
      { at: 30, kubectl: 'scale statefulset/web --replicas=5' },
      {
        at: 90,
        kubectl: `patch resourcequota storage --type=merge -p '{"spec":{"hard":{"requests.storage":"5Gi"}}}'`,
      },
    ],
  },
  lesson: {
    id: 'statefulset-claim-quota',
    chapter: { en: 'StatefulSet', 'zh-CN': 'StatefulSet' },
    title: {
      en: 'The claim a quota refuses, and the retry that backs off',
      'zh-CN': '被配额拒绝的卷申领，以及退避的重试',
    },
    steps: [
      {
        at: { tick: 0 },
        text: {
          en: 'The namespace has a ResourceQuota, storage, with requests.storage: 3Gi. web has 3 replicas, each with a 1Gi claim from its volumeClaimTemplate: every claim counts its storage request against the quota the moment the API server admits it. At 30 s web is scaled to 5.',
          'zh-CN':
            '命名空间里有一个 ResourceQuota storage，requests.storage: 3Gi。web 有 3 个副本，每个都有一个来自 volumeClaimTemplate 的 1Gi 卷申领：API server 接纳申领的那一刻，它的存储请求就计入配额。30 秒时 web 扩到 5 个。',
        },
      },
      {
        at: { decision: { fn: 'updateStatefulSet', key: 'partition', where: { replicas: 5 }, any: true } },
        text: {
          en: 'The controller syncs web with spec.replicas 5. Under OrderedReady it creates the lowest missing ordinal first, and a pod’s claims before the pod: www-web-3, then web-3.',
          'zh-CN':
            '控制器以 spec.replicas 5 同步 web。在 OrderedReady 下它先创建最低的缺失序号，并且先创建 Pod 的卷申领再创建 Pod：先 www-web-3，再 web-3。',
        },
        question: {
          text: { en: 'How many replicas are missing?', 'zh-CN': '缺了多少个副本？' },
          answer: { fn: 'updateStatefulSet', key: 'partition', value: 'missing' },
        },
      },
      {
        at: { note: { key: 'errorSyncing', nth: 14 } },
        text: {
          en: 'The ResourceQuota admission plugin refused www-web-3: 3Gi used + 1Gi requested > 3Gi. The controller recorded FailedCreate for the claim and for the pod (kubectl get events), and its sync returned the error, so the work queue put web back with AddRateLimited: 5 ms, then 10 ms, 20 ms … doubling with each failure in a row. Soon the Event spam filter drops the repeats. This is the 15th failed sync in a row.',
          'zh-CN':
            'ResourceQuota 准入插件拒绝了 www-web-3：已用 3Gi + 请求 1Gi > 3Gi。控制器为卷申领和 Pod 各记了一个 FailedCreate（kubectl get events），它的同步返回了错误，于是工作队列用 AddRateLimited 把 web 放回去：5 毫秒，然后 10 毫秒、20 毫秒……每连续失败一次就翻倍。很快 Event 的防刷过滤器就丢弃了重复的事件。这是连续第 15 次同步失败。',
        },
        question: {
          text: {
            en: 'How many milliseconds does the queue wait before the next try?',
            'zh-CN': '队列要等多少毫秒才再试？',
          },
          answer: { note: 'errorSyncing', value: 'delay' },
        },
      },
      {
        at: { time: 90 },
        text: {
          en: 'At 90 s an administrator raises the quota to 5Gi (kubectl patch resourcequota). The quota controller copies spec.hard to status.hard at its next sync: there is room for two claims. But nothing wakes the StatefulSet controller: it does not watch quotas. web waits out its 40,960 ms back-off, 5 ms × 2¹³.',
          'zh-CN':
            '90 秒时管理员把配额提高到 5Gi（kubectl patch resourcequota）。配额控制器在下一次同步时把 spec.hard 复制到 status.hard：现在能再放两个卷申领了。但没有什么会唤醒 StatefulSet 控制器：它不监视配额。web 要等完 40,960 毫秒的退避，即 5 毫秒 × 2¹³。',
        },
      },
      {
        at: { decision: { fn: 'processReplica', key: 'create', where: { pod: 'web-3' } } },
        text: {
          en: 'The retry comes at 112 s, 22 s after the quota was raised: www-web-3 is admitted (4Gi of 5Gi used), then web-3 is created. Try kubectl describe quota storage, kubectl get pvc,pv and kubectl get events --field-selector reason=FailedCreate.',
          'zh-CN':
            '重试在 112 秒到来，比配额提高晚了 22 秒：www-web-3 被接纳（已用 5Gi 中的 4Gi），然后创建 web-3。在控制台试试 kubectl describe quota storage、kubectl get pvc 和 kubectl get events --field-selector reason=FailedCreate。',
        },
        question: {
          text: {
            en: 'How many claims does the controller create for web-3?',
            'zh-CN': '控制器为 web-3 创建了多少个卷申领？',
          },
          answer: { fn: 'processReplica', key: 'create', value: 'claims' },
        },
      },
      {
        at: { decision: { fn: 'processReplica', key: 'create', where: { pod: 'web-4' } } },
        text: {
          en: 'Its sync succeeded, so the queue forgot web’s failures (Forget): the next sync runs at once, and web-4 follows as soon as web-3 is Ready, as OrderedReady wants. A quota that is too small does not fail a StatefulSet: it holds it at the first ordinal it cannot store, and a fix shows only at the next retry.',
          'zh-CN':
            '这次同步成功了，于是队列忘掉了 web 的失败记录（Forget）：下一次同步立即进行，web-3 一旦 Ready，web-4 就跟上，这正是 OrderedReady 的要求。配额太小不会让 StatefulSet 失败：它会停在第一个放不下的序号上，而修好配额之后要等到下一次重试才见效。',
        },
      },
    ],
  },
};

/** STATEFULSET_QUOTA_LESSONS: the StatefulSet chapter's lesson on storage quota. */
export const STATEFULSET_QUOTA_LESSONS: readonly BuiltInLesson[] = [claimRefused];
