/**
 * A StatefulSet lesson with a scenario of its own: the volumeClaimTemplates cannot be edited, so
 * the StatefulSet is deleted with --cascade=orphan and created again. Its pods are adopted and its
 * claims reused at their old size; a claim deleted under its pod waits for the pod
 * (kubernetes.io/pvc-protection), and the pod's next claim comes from the new template. Every
 * answer is read from the engine.
 */
import { type BuiltInLesson, webStatefulSet } from './types.ts';

const orphanAndRecreate: BuiltInLesson = {
  scenario: {
    version: 1,
    name: 'StatefulSet — a bigger volumeClaimTemplate, the orphan way',
    seed: 11,
    cluster: { nodes: 3 },
    objects: [webStatefulSet('1Gi')],
    actions: [
      { at: 40, kubectl: 'delete statefulset web --cascade=orphan' },
      { at: 50, apply: webStatefulSet('2Gi') },
      { at: 70, kubectl: 'delete pvc www-web-2' },
      { at: 80, kubectl: 'delete pod web-2' },
    ],
  },
  lesson: {
    id: 'statefulset-orphan-recreate',
    chapter: { en: 'StatefulSet', 'zh-CN': 'StatefulSet' },
    title: {
      en: 'A bigger volumeClaimTemplate: orphan, re-create, and the claim that waits for its pod',
      'zh-CN': '更大的 volumeClaimTemplate：孤立、重建，以及等待 Pod 的卷申领',
    },
    steps: [
      {
        at: { tick: 0 },
        text: {
          en: 'web has 3 replicas, each with a 1Gi claim from its volumeClaimTemplate. The team wants 2Gi. An edit is refused: `spec: Forbidden: updates to statefulset spec for fields other than …` (try kubectl edit in the console). The usual way out: delete the StatefulSet but not what it owns, then create it again. At 40 s: kubectl delete statefulset web --cascade=orphan.',
          'zh-CN':
            'web 有 3 个副本，每个都有一个来自 volumeClaimTemplate 的 1Gi 卷申领。团队想要 2Gi。直接修改会被拒绝：`spec: Forbidden: updates to statefulset spec for fields other than …`（可在控制台试试 kubectl edit）。常用的办法：删掉 StatefulSet，但不删它拥有的东西，然后重新创建。40 秒时：kubectl delete statefulset web --cascade=orphan。',
        },
      },
      {
        at: { decision: { fn: 'orphanDependents', key: 'orphaned', any: true } },
        text: {
          en: 'kubectl sent propagationPolicy: Orphan, so the API server did not remove web: it set its deletionTimestamp and the finalizer orphan. The garbage collector now takes web’s owner reference off every object that names it as owner, and only then the finalizer, which lets the API server remove web. The claims are not among them: under the default retention policy (Retain) they have no owner.',
          'zh-CN':
            'kubectl 发送了 propagationPolicy: Orphan，所以 API server 没有立即删除 web：它设置了 deletionTimestamp 和 finalizer orphan。垃圾回收器先从每个把 web 当作属主的对象上去掉属主引用，然后才去掉 finalizer，API server 这才删除 web。卷申领不在其中：在默认的保留策略（Retain）下它们没有属主。',
        },
        question: {
          text: {
            en: 'How many objects lose their owner reference?',
            'zh-CN': '有多少个对象失去了属主引用？',
          },
          answer: { fn: 'orphanDependents', key: 'orphaned', value: 'count' },
        },
      },
      {
        at: { decision: { fn: 'getPodsForStatefulSet', key: 'adopt', where: { pod: 'web-0' }, any: true } },
        text: {
          en: 'Four: the three pods and the ControllerRevision of web’s template. At 50 s web is applied again, with 2Gi in its volumeClaimTemplate. Its first sync adopts the orphans that match its selector and name: web-0, web-1 and web-2, and the revision. No pod is replaced (the template is the same) and no claim is created: www-web-0 … 2 exist, and they stay 1Gi.',
          'zh-CN':
            '四个：三个 Pod，以及 web 模板的 ControllerRevision。50 秒时再次 apply web，volumeClaimTemplate 里写的是 2Gi。它的第一次同步收养与选择器和名字相符的孤儿：web-0、web-1、web-2 和那个版本。没有 Pod 被替换（模板没变），也没有创建卷申领：www-web-0 … 2 都在，而且仍是 1Gi。',
        },
      },
      {
        at: { decision: { fn: 'processPVC', key: 'inUse', any: true } },
        text: {
          en: 'At 70 s the team deletes www-web-2 to get a 2Gi claim in its place. kubectl delete pvc would now wait: the claim carries kubernetes.io/pvc-protection, and the pvc-protection controller keeps it while a scheduled pod mounts it. kubectl get pvc shows it Terminating; web-2 runs on, its data still there.',
          'zh-CN':
            '70 秒时团队删除 www-web-2，想换成一个 2Gi 的卷申领。kubectl delete pvc 此时会一直等：这个卷申领带着 kubernetes.io/pvc-protection，只要有已调度的 Pod 挂载它，pvc-protection 控制器就保留它。kubectl get pvc 显示它为 Terminating；web-2 照常运行，数据还在。',
        },
      },
      {
        at: { decision: { fn: 'processPVC', key: 'finalizerRemoved', any: true } },
        text: {
          en: 'At 80 s web-2 is deleted. Once the kubelet has stopped it and the pod object is gone, no pod mounts www-web-2: the controller takes the finalizer off and the API server removes the claim, and with it the volume’s data (reclaim policy Delete).',
          'zh-CN':
            '80 秒时删除 web-2。kubelet 停掉它、Pod 对象消失之后，就没有 Pod 挂载 www-web-2 了：控制器去掉 finalizer，API server 删除这个卷申领，卷里的数据也随之删除（回收策略 Delete）。',
        },
      },
      {
        at: { decision: { fn: 'processReplica', key: 'create', where: { pod: 'web-2' } } },
        text: {
          en: 'The StatefulSet creates web-2 again, and first its missing claim, from the new template: www-web-2 is 2Gi and empty, while www-web-0 and www-web-1 stay 1Gi. Growing a StatefulSet’s storage this way costs each replica its data, one at a time (or a volume expansion, where the StorageClass allows it).',
          'zh-CN':
            'StatefulSet 重新创建 web-2，并先按新模板创建缺失的卷申领：www-web-2 是 2Gi 且是空的，而 www-web-0 和 www-web-1 仍是 1Gi。用这种办法扩大 StatefulSet 的存储，每个副本都要依次丢掉自己的数据（或者在 StorageClass 允许时做卷扩容）。',
        },
        question: {
          text: {
            en: 'How many claims does the controller create for web-2?',
            'zh-CN': '控制器为 web-2 创建了多少个卷申领？',
          },
          answer: { fn: 'processReplica', key: 'create', value: 'claims' },
        },
      },
    ],
  },
};

/** STATEFULSET_ORPHAN_LESSONS: the StatefulSet chapter's lesson on --cascade=orphan and pvc-protection. */
export const STATEFULSET_ORPHAN_LESSONS: readonly BuiltInLesson[] = [orphanAndRecreate];
