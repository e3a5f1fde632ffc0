/**
 * The StatefulSet chapter's drain lesson, on the statefulset-drain preset: kubectl drain evicts
 * web-1, the controller makes it again, and the scheduler's VolumeBinding plugin keeps it Pending
 * until its volume's node is uncordoned (a local-path volume lives on one node). Every answer is
 * read from the engine's Explain records; the third step's is a choice, the plugin's name on node-1
 * (its `where` picks node-1's rejection among the cycle's three).
 */
import type { BuiltInLesson } from './types.ts';

const chapter = { en: 'StatefulSet', 'zh-CN': 'StatefulSet' };

const drain: BuiltInLesson = {
  preset: 'statefulset-drain',
  lesson: {
    id: 'statefulset-drain',
    chapter,
    title: { en: 'A drained node keeps its pod’s volume', 'zh-CN': '被 drain 的节点留着 Pod 的卷' },
    steps: [
      {
        at: { decision: { fn: 'evictPod', key: 'evicted', where: { pod: 'web-1' }, any: true } },
        text: {
          en: 'At 40 s: kubectl drain node-2 --ignore-daemonsets. drain cordons the node (spec.unschedulable; the node lifecycle controller adds the node.kubernetes.io/unschedulable taint), then asks the eviction API for web-1, the pod on it. No PodDisruptionBudget covers web, so the eviction is admitted: web-1 gets a DisruptionTarget condition and is deleted gracefully.',
          'zh-CN':
            '40 秒时：kubectl drain node-2 --ignore-daemonsets。drain 先封锁（cordon）节点（spec.unschedulable；节点生命周期控制器随后加上 node.kubernetes.io/unschedulable 污点），再通过驱逐（eviction）API 驱逐节点上的 web-1。没有 PodDisruptionBudget 覆盖 web，所以驱逐被接纳：web-1 得到 DisruptionTarget 状况，并被优雅删除。',
        },
      },
      {
        at: { decision: { fn: 'processReplica', key: 'create', where: { pod: 'web-1' } } },
        text: {
          en: 'web-1 is gone, and the StatefulSet controller creates it again at once: the same name, the same ordinal, the same claim www-web-1.',
          'zh-CN':
            'web-1 没了，StatefulSet 控制器立刻重新创建它：同样的名字、同样的序号、同样的卷申领 www-web-1。',
        },
        question: {
          text: {
            en: 'How many claims does the controller create for web-1 now?',
            'zh-CN': '这次控制器为 web-1 创建了多少个卷申领？',
          },
          answer: { fn: 'processReplica', key: 'create', value: 'claims' },
        },
      },
      {
        at: {
          decision: {
            fn: 'runFilterPlugins',
            key: 'rejected',
            where: { plugin: 'VolumeBinding' },
            any: true,
          },
        },
        text: {
          en: 'The scheduler checks every node for the new web-1. node-2 is cordoned: NodeUnschedulable rejects it. node-1 and node-3 have room, but www-web-1 is Bound to a local-path volume, a directory on node-2, and its PersistentVolume’s node affinity names node-2: the data cannot follow the pod. Try kubectl describe pod web-1 (FailedScheduling: 1 node(s) were unschedulable, 2 node(s) had volume node affinity conflict) and kubectl describe pvc www-web-1 (volume.kubernetes.io/selected-node: node-2).',
          'zh-CN':
            '调度器为新的 web-1 检查每个节点。node-2 被封锁了：NodeUnschedulable 拒绝它。node-1 和 node-3 资源充足，但 www-web-1 绑定到一个 local-path 卷，也就是 node-2 上的一个目录，它的 PersistentVolume 的节点亲和性指定了 node-2：数据无法跟着 Pod 走。在控制台试试 kubectl describe pod web-1（FailedScheduling：1 node(s) were unschedulable, 2 node(s) had volume node affinity conflict）和 kubectl describe pvc www-web-1（volume.kubernetes.io/selected-node: node-2）。',
        },
        question: {
          text: {
            en: 'Which scheduler plugin keeps web-1 off node-1 and node-3?',
            'zh-CN': '哪个调度器插件让 web-1 去不了 node-1 和 node-3？',
          },
          // node-1's rejection, wherever the scheduler checks it in the cycle.
          answer: { fn: 'runFilterPlugins', key: 'rejected', where: { node: 'node-1' }, value: 'plugin' },
          choices: [
            { value: 'NodeUnschedulable' },
            { value: 'VolumeBinding' },
            { value: 'NodeResourcesFit' },
            { value: 'TaintToleration' },
          ],
          formula: [
            { fn: 'findNodesThatFitPod', key: 'none' },
            { fn: 'runFilterPlugins', key: 'rejected', where: { node: 'node-1' } },
            { fn: 'runFilterPlugins', key: 'rejected', where: { node: 'node-2' } },
            { fn: 'runFilterPlugins', key: 'rejected', where: { node: 'node-3' } },
          ],
        },
      },
      {
        at: {
          decision: { fn: 'processReplica', key: 'waitRunningAndReady', where: { pod: 'web-1' }, any: true },
        },
        text: {
          en: 'web-1 stays Pending. Under OrderedReady every sync now stops at it, waiting for Running and Ready; web-2 runs on, untouched. Nothing retries web-1 either: the scheduler keeps it among its unschedulable pods until a change NodeUnschedulable or VolumeBinding may accept, such as an uncordon (5 minutes at most).',
          'zh-CN':
            'web-1 一直 Pending。在 OrderedReady 下，每次同步都停在它这里，等它进入 Running 且 Ready；web-2 照常运行，不受影响。也没有什么会重试 web-1：调度器把它留在不可调度的 Pod 里，直到出现 NodeUnschedulable 或 VolumeBinding 可能接受的变化，比如 uncordon（最多 5 分钟）。',
        },
        question: {
          text: { en: 'How many pods are unavailable?', 'zh-CN': '有多少个 Pod 不可用？' },
          answer: { fn: 'updateStatefulSet', key: 'partition', value: 'unavailable' },
          formula: [{ fn: 'updateStatefulSet', key: 'partition' }],
        },
      },
      {
        at: { decision: { fn: 'findNodesThatFitPod', key: 'onlyOne', where: { pod: 'web-1' }, any: true } },
        text: {
          en: 'At 120 s: kubectl uncordon node-2. The first try still fails on TaintToleration, as the node lifecycle controller has not yet removed the unschedulable taint; once it has, web-1 is bound to node-2, back with its data, and the set is whole again. Try kubectl get pods -o wide.',
          'zh-CN':
            '120 秒时：kubectl uncordon node-2。第一次尝试仍被 TaintToleration 拒绝，因为节点生命周期控制器还没有移除 unschedulable 污点；移除之后，web-1 被绑定到 node-2，回到它的数据身边，StatefulSet 恢复完整。在控制台试试 kubectl get pods -o wide。',
        },
        question: {
          text: { en: 'How many nodes fit web-1 now?', 'zh-CN': '现在有几个节点适合 web-1？' },
          answer: { fn: 'findNodesThatFitPod', key: 'onlyOne', value: 'feasible' },
        },
      },
    ],
  },
};

/** STATEFULSET_DRAIN_LESSONS: after the claims lesson, in course order. */
export const STATEFULSET_DRAIN_LESSONS: readonly BuiltInLesson[] = [drain];
