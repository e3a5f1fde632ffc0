/** The Nodes chapter: what a cluster does when a node stops answering, and why it waits 5 minutes. */
import type { BuiltInLesson } from './types.ts';

/**
 * Six web pods on three nodes; at 30 s node-2's kubelet stops posting. Its two pods stay active
 * (not Ready, but not deleted) for the 300 s of their tolerations, are then evicted, stay
 * Terminating (no kubelet confirms), and the ReplicaSet replaces them on the other nodes.
 */
const nodeStopsAnswering: BuiltInLesson = {
  scenario: {
    version: 1,
    name: 'A node stops answering',
    seed: 5,
    cluster: { nodes: 3 },
    objects: [
      {
        apiVersion: 'apps/v1',
        kind: 'Deployment',
        metadata: { name: 'web', labels: { app: 'web' } },
        spec: {
          replicas: 6,
          selector: { matchLabels: { app: 'web' } },
          template: {
            metadata: { labels: { app: 'web' } },
            spec: { containers: [{ name: 'nginx', image: 'nginx:1.8' }] },
          },
        },
      },
    ],
    actions: [{ at: 30, node: { name: 'node-2', ready: false } }],
  },
  lesson: {
    id: 'node-stops-answering',
    chapter: { en: 'Nodes', 'zh-CN': '节点（Node）' },
    title: {
      en: 'A node stops answering: why its pods wait five minutes',
      'zh-CN': '节点失联：为什么它的 Pod 要等五分钟',
    },
    steps: [
      {
        at: { tick: 0 },
        text: {
          en: 'web runs six pods on three nodes. Each node’s kubelet posts its node’s status and renews its Lease in kube-node-lease every 10 s: that is the node’s heartbeat. At 30 s, node-2’s kubelet stops.',
          'zh-CN':
            'web 在三个节点上运行六个 Pod。每个节点的 kubelet 每 10 秒上报节点状态，并续约它在 kube-node-lease 中的 Lease：这就是节点的心跳。30 秒时，node-2 的 kubelet 停止了。',
        },
      },
      {
        at: { note: { key: 'nodeNotReady' } },
        text: {
          en: 'When no heartbeat came for --node-monitor-grace-period, the node lifecycle controller gives up on node-2 (the simulation shows that moment). It marks all four of its conditions Unknown (“Kubelet stopped posting node status.”), taints it node.kubernetes.io/unreachable, NoSchedule and NoExecute, sets the Ready condition of its two pods to False and records a Warning NodeNotReady Event on each. The pods leave the Services’ endpoints, but they still exist. Try kubectl describe node node-2: its Lease is no longer renewed.',
          'zh-CN':
            '在 --node-monitor-grace-period 内收不到心跳后，节点生命周期控制器放弃 node-2（模拟器展示的就是这一刻）。它把节点的四个状况都设为 Unknown（“Kubelet stopped posting node status.”），给它打上 node.kubernetes.io/unreachable 污点（NoSchedule 和 NoExecute），把它上面两个 Pod 的 Ready 状况设为 False，并给每个 Pod 记一个 Warning NodeNotReady Event。这些 Pod 离开了 Service 的端点，但它们仍然存在。在控制台试试 kubectl describe node node-2：它的 Lease 不再续约了。',
        },
      },
      {
        // A sync that changes nothing is not a decision tick: `any` counts it.
        at: { decision: { fn: 'manageReplicas', key: 'diff', any: true } },
        text: {
          en: 'The pods’ status changed, so the ReplicaSet controller syncs web’s ReplicaSet and counts its active pods against spec.replicas (6).',
          'zh-CN':
            'Pod 的状态变了，于是 ReplicaSet 控制器同步 web 的 ReplicaSet，把活跃的 Pod 数与 spec.replicas（6）相比。',
        },
        question: {
          text: {
            en: 'How many of its pods does it count as active, with two of them not Ready?',
            'zh-CN': '其中两个 Pod 不是 Ready，它把多少个 Pod 算作活跃？',
          },
          answer: { fn: 'manageReplicas', key: 'diff', value: 'active' },
        },
      },
      {
        at: { note: { key: 'evicted' } },
        text: {
          en: 'A pod that is not Ready is still active: only a pod being deleted, Succeeded or Failed is not. So nothing was replaced, and web’s AVAILABLE stayed at 4 for five minutes. Why five? The DefaultTolerationSeconds admission plugin gave every pod two tolerations when it was created: node.kubernetes.io/not-ready and unreachable, NoExecute, for 300 s. Now they are over: the taint-eviction controller records TaintManagerEviction “Marking for deletion Pod default/…” and deletes each pod. A DaemonSet’s pods tolerate these taints for ever and stay.',
          'zh-CN':
            '不是 Ready 的 Pod 仍然算活跃：只有正在删除的、Succeeded 或 Failed 的 Pod 才不算。所以什么都没有被替换，web 的 AVAILABLE 在五分钟里一直是 4。为什么是五分钟？每个 Pod 创建时，DefaultTolerationSeconds 准入插件都给了它两个容忍：node.kubernetes.io/not-ready 和 unreachable，NoExecute，300 秒。现在时间到了：污点驱逐控制器记下 TaintManagerEviction “Marking for deletion Pod default/…”，并删除每个 Pod。DaemonSet 的 Pod 永久容忍这些污点，会留下来。',
        },
      },
      {
        at: { decision: { fn: 'manageReplicas', key: 'create' } },
        text: {
          en: 'A graceful delete waits for the kubelet to confirm that the containers stopped, and node-2’s kubelet is gone: the two pods stay Terminating (READY still 1/1, as no one updates their containers) until the node comes back or is deleted. The ReplicaSet syncs again.',
          'zh-CN':
            '优雅删除要等 kubelet 确认容器已停止，而 node-2 的 kubelet 已经不在了：这两个 Pod 一直处于 Terminating（READY 仍是 1/1，因为没人更新它们的容器），直到节点回来或被删除。ReplicaSet 再次同步。',
        },
        question: {
          text: {
            en: 'How many pods does web’s ReplicaSet create now?',
            'zh-CN': 'web 的 ReplicaSet 现在创建多少个 Pod？',
          },
          answer: { fn: 'manageReplicas', key: 'create', value: 'count' },
        },
      },
      {
        at: { decision: { fn: 'manageReplicas', key: 'diff', any: true } },
        text: {
          en: 'A Terminating pod is no longer active, so the ReplicaSet replaced both, on node-1 and node-3 (node-2 is tainted NoSchedule). Eight pods exist, six of them active. Try kubectl get pods -o wide and kubectl get events --field-selector reason=TaintManagerEviction in the console.',
          'zh-CN':
            'Terminating 的 Pod 不再算活跃，所以 ReplicaSet 把两个都替换了，放在 node-1 和 node-3 上（node-2 有 NoSchedule 污点）。现在有八个 Pod，其中六个活跃。在控制台试试 kubectl get pods -o wide 和 kubectl get events --field-selector reason=TaintManagerEviction。',
        },
      },
    ],
  },
};

export const NODE_LESSONS: readonly BuiltInLesson[] = [nodeStopsAnswering];
