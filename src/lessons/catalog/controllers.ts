/**
 * Built-in lessons of the course's ReplicaSet and DaemonSet chapters and of back-off: slow start,
 * burstReplicas and expectations; a DaemonSet rolling update without and with surge; the
 * DaemonSet controller's failed-pod back-off; the kubelet's restart back-off of a crashing pod.
 */
import type { BuiltInLesson } from './types.ts';
import { deployment } from './types.ts';

const slowStart: BuiltInLesson = {
  scenario: {
    ...deployment(
      'replicaset-slow-start',
      'ReplicaSet slow start, burstReplicas and expectations',
      30,
      null,
      [{ at: 20, kubectl: 'scale deployment/web --replicas=600' }],
    ),
    cluster: { nodes: 6 },
  },
  lesson: {
    id: 'replicaset-slow-start',
    chapter: { en: 'ReplicaSet', 'zh-CN': 'ReplicaSet' },
    title: {
      en: 'Slow start, burstReplicas and expectations',
      'zh-CN': '慢启动、burstReplicas 与 expectations',
    },
    steps: [
      {
        at: { decision: { fn: 'manageReplicas', key: 'create' } },
        text: {
          en: 'The ReplicaSet controller creates pods in batches of 1, 2, 4, 8, … (slow start): if the first creation fails, it stops before flooding the API server.',
          'zh-CN':
            'ReplicaSet 控制器按 1、2、4、8……的批次创建 Pod（慢启动）：如果第一个就失败，它会在压垮 API server 之前停下。',
        },
        question: {
          text: { en: 'How many pods does this sync create?', 'zh-CN': '这次同步创建多少个 Pod？' },
          answer: { fn: 'manageReplicas', key: 'create', value: 'count' },
          formula: [
            { fn: 'manageReplicas', key: 'diff' },
            { fn: 'manageReplicas', key: 'create' },
          ],
        },
      },
      {
        at: { decision: { fn: 'manageReplicas', key: 'burstCapped' } },
        text: {
          en: 'At 20 s the Deployment scales to 600. The ReplicaSet is 570 pods short, but one sync handles at most burstReplicas (500).',
          'zh-CN':
            '20 秒时 Deployment 扩到 600。ReplicaSet 还差 570 个 Pod，但一次同步最多处理 burstReplicas（500）个。',
        },
        question: {
          text: { en: 'How many pods does this sync create?', 'zh-CN': '这次同步创建多少个 Pod？' },
          answer: { fn: 'manageReplicas', key: 'create', value: 'count' },
          formula: [
            { fn: 'manageReplicas', key: 'diff' },
            { fn: 'manageReplicas', key: 'burstCapped' },
            { fn: 'manageReplicas', key: 'create' },
          ],
        },
      },
      {
        at: { decision: { fn: 'manageReplicas', key: 'create' } },
        text: {
          en: 'Until the informer has seen all 500 creations, the expectations (add 500) keep the controller from creating more. Then the next sync creates the rest.',
          'zh-CN':
            '在 informer 看到全部 500 个创建之前，expectations（add 500）会阻止控制器继续创建。之后的同步再创建剩下的。',
        },
        question: {
          text: { en: 'How many pods does this sync create?', 'zh-CN': '这次同步创建多少个 Pod？' },
          answer: { fn: 'manageReplicas', key: 'create', value: 'count' },
          formula: [
            { fn: 'manageReplicas', key: 'diff' },
            { fn: 'manageReplicas', key: 'create' },
          ],
        },
      },
    ],
  },
};

const daemonSetRolling: BuiltInLesson = {
  preset: 'daemonset-rolling',
  lesson: {
    id: 'daemonset-rolling',
    chapter: { en: 'DaemonSet', 'zh-CN': 'DaemonSet' },
    title: {
      en: 'DaemonSet rolling update without surge: two syncs a node',
      'zh-CN': '无 surge 的 DaemonSet 滚动更新：每个节点两次同步',
    },
    steps: [
      {
        at: { time: 30 },
        text: {
          en: 'One agent pod on each of 6 nodes; maxUnavailable 1, maxSurge 0. The template changes now.',
          'zh-CN': '6 个节点上各有一个 agent Pod；maxUnavailable 1，maxSurge 0。现在模板变了。',
        },
      },
      {
        at: { decision: { fn: 'rollingUpdate', key: 'deleteOld' } },
        text: {
          en: 'First sync of a batch: rollingUpdate deletes old pods within maxUnavailable.',
          'zh-CN': '一批中的第一次同步：rollingUpdate 在 maxUnavailable 之内删除旧 Pod。',
        },
        question: {
          text: { en: 'How many old pods does this sync delete?', 'zh-CN': '这次同步删除多少个旧 Pod？' },
          answer: { fn: 'rollingUpdate', key: 'unavailableSummary', value: 'remaining' },
          formula: [
            { fn: 'updatedDesiredNodeCounts', key: 'counts' },
            { fn: 'rollingUpdate', key: 'unavailableSummary' },
          ],
        },
      },
      {
        at: { decision: { fn: 'podsShouldBeOnNode', key: 'createMissing' } },
        text: {
          en: 'Second sync: the node has no pod left, so manage creates the new one there. Nothing else moves until it is available.',
          'zh-CN': '第二次同步：这个节点上已经没有 Pod，manage 在这里创建新 Pod。在它可用之前，其他都不动。',
        },
        question: {
          text: { en: 'How many pods does this sync create?', 'zh-CN': '这次同步创建多少个 Pod？' },
          answer: { fn: 'manage', key: 'summary', value: 'creates' },
        },
      },
    ],
  },
};

const daemonSetSurge: BuiltInLesson = {
  preset: 'daemonset-surge',
  lesson: {
    id: 'daemonset-surge',
    chapter: { en: 'DaemonSet', 'zh-CN': 'DaemonSet' },
    title: { en: 'DaemonSet rolling update with surge', 'zh-CN': '带 surge 的 DaemonSet 滚动更新' },
    steps: [
      {
        at: { time: 30 },
        text: {
          en: 'maxSurge 1, maxUnavailable 0: a node never goes without its agent.',
          'zh-CN': 'maxSurge 1，maxUnavailable 0：节点永远不会没有 agent。',
        },
      },
      {
        at: { decision: { fn: 'rollingUpdate', key: 'surgeCreate' } },
        text: { en: 'The new pod starts next to the old one.', 'zh-CN': '新 Pod 在旧 Pod 旁边启动。' },
        question: {
          text: {
            en: 'On how many nodes does this sync start a new pod?',
            'zh-CN': '这次同步在几个节点上启动新 Pod？',
          },
          answer: { fn: 'rollingUpdate', key: 'surgeSummary', value: 'remaining' },
        },
      },
      {
        at: { decision: { fn: 'podsShouldBeOnNode', key: 'surgeDeleteOldNewAvailable' } },
        text: {
          en: 'Once the new pod is available, the old one on that node is deleted, and the next node gets its surge pod.',
          'zh-CN': '新 Pod 可用后，该节点上的旧 Pod 被删除，下一个节点得到它的 surge Pod。',
        },
        question: {
          text: { en: 'How many pods does this sync delete?', 'zh-CN': '这次同步删除多少个 Pod？' },
          answer: { fn: 'manage', key: 'summary', value: 'deletes' },
          formula: [
            { fn: 'podsShouldBeOnNode', key: 'surgeDeleteOldNewAvailable' },
            { fn: 'manage', key: 'summary' },
          ],
        },
      },
    ],
  },
};

const backOff: BuiltInLesson = {
  scenario: {
    version: 1,
    name: 'Back-off — a crashing container',
    seed: 2,
    cluster: { nodes: 1, images: { 'app:crash': { crash: true } } },
    objects: [
      {
        apiVersion: 'apps/v1',
        kind: 'Deployment',
        metadata: { name: 'app', labels: { app: 'app' } },
        spec: {
          replicas: 1,
          selector: { matchLabels: { app: 'app' } },
          template: {
            metadata: { labels: { app: 'app' } },
            spec: { containers: [{ name: 'app', image: 'app:crash' }] },
          },
        },
      },
    ],
  },
  lesson: {
    id: 'crash-loop-back-off',
    chapter: { en: 'Failures and back-off', 'zh-CN': '失败与退避' },
    title: {
      en: 'The kubelet’s back-off: CrashLoopBackOff doubles its wait',
      'zh-CN': 'kubelet 的退避：CrashLoopBackOff 的等待时间翻倍',
    },
    steps: [
      {
        at: { tick: 0 },
        text: {
          en: 'A container that exits right after it starts. The kubelet restarts it in place, waiting longer each time: 10 s, doubling, at most 5 min. The pod stays Running (CrashLoopBackOff), so no controller replaces it.',
          'zh-CN':
            '一个启动后立即退出的容器。kubelet 在原地重启它，每次等得更久：10 秒起，翻倍，最多 5 分钟。Pod 仍是 Running（CrashLoopBackOff），所以没有控制器会替换它。',
        },
      },
      {
        at: { note: { key: 'crashLoopBackOff' } },
        text: { en: 'The container exited for the first time.', 'zh-CN': '容器第一次退出。' },
        question: {
          text: {
            en: 'How many seconds does the kubelet wait before it restarts it?',
            'zh-CN': 'kubelet 等待多少秒后重启它？',
          },
          answer: { note: 'crashLoopBackOff', value: 'seconds' },
        },
      },
      {
        at: { note: { key: 'crashLoopBackOff' } },
        text: { en: 'Restarted, it exited again.', 'zh-CN': '重启后，它又退出了。' },
        question: {
          text: { en: 'And now?', 'zh-CN': '这次呢？' },
          answer: { note: 'crashLoopBackOff', value: 'seconds' },
        },
      },
      {
        at: { note: { key: 'crashLoopBackOff', nth: 3 } },
        text: {
          en: 'Three crashes later. The wait is capped at 5 minutes (in a cluster, a container that then runs 10 minutes without crashing starts over at 10 s).',
          'zh-CN':
            '又崩溃了三次。等待时间上限是 5 分钟（在真实集群中，容器之后若连续运行 10 分钟不崩溃，会重新从 10 秒开始）。',
        },
        question: {
          text: { en: 'How many seconds this time?', 'zh-CN': '这次等多少秒？' },
          answer: { note: 'crashLoopBackOff', value: 'seconds' },
        },
      },
    ],
  },
};

/** A daemon pod's phase set to Failed through the status subresource, as Kubernetes' daemon e2e test does. */
const failPod = (pod: string) =>
  `patch pod ${pod} --subresource=status --type=merge -p '{"status":{"phase":"Failed"}}'`;

const failedPodBackOff: BuiltInLesson = {
  scenario: {
    version: 1,
    name: 'DaemonSet failed-pod back-off',
    seed: 4,
    cluster: { nodes: 2 },
    objects: [
      {
        apiVersion: 'apps/v1',
        kind: 'DaemonSet',
        metadata: { name: 'agent', labels: { app: 'agent' } },
        spec: {
          selector: { matchLabels: { app: 'agent' } },
          template: {
            metadata: { labels: { app: 'agent' } },
            spec: { containers: [{ name: 'agent', image: 'agent:1' }] },
          },
        },
      },
    ],
    // The pod names are the run's own (seed 4): the first daemon pod on node-1, then its replacement.
    actions: [
      { at: 20, kubectl: failPod('agent-grp8c') },
      { at: 20.3, kubectl: failPod('agent-zcjjq') },
    ],
  },
  lesson: {
    id: 'failed-pod-back-off',
    chapter: { en: 'Failures and back-off', 'zh-CN': '失败与退避' },
    title: { en: 'DaemonSet failed-pod back-off', 'zh-CN': 'DaemonSet 失败 Pod 的退避' },
    steps: [
      {
        at: { time: 20 },
        text: {
          en: 'One agent pod per node. At 20 s the pod on node-1 is set to phase Failed through the status subresource, as Kubernetes’ own DaemonSet e2e test does.',
          'zh-CN':
            '每个节点一个 agent Pod。20 秒时通过 status 子资源把 node-1 上的 Pod 设为 Failed 阶段，Kubernetes 自己的 DaemonSet e2e 测试就是这样做的。',
        },
      },
      {
        at: { decision: { fn: 'podsShouldBeOnNode', key: 'deleteFailed' } },
        text: {
          en: 'The controller deletes the failed pod and remembers the failure per DaemonSet, generation and node, so a pod that keeps failing does not loop hot.',
          'zh-CN':
            '控制器删除失败的 Pod，并按 DaemonSet、generation 和节点记住这次失败，这样不断失败的 Pod 不会形成热循环。',
        },
        question: {
          text: {
            en: 'How long (ms) must a next failure on this node wait before it is deleted?',
            'zh-CN': '该节点上的下一次失败需要等待多少毫秒才会被删除？',
          },
          answer: { fn: 'podsShouldBeOnNode', key: 'deleteFailed', value: 'backoffMs' },
        },
      },
      {
        at: { decision: { fn: 'podsShouldBeOnNode', key: 'createMissing' } },
        text: {
          en: 'The replacement is created by the next sync, not the one that deleted.',
          'zh-CN': '替代的 Pod 由下一次同步创建，而不是删除它的那一次。',
        },
        question: {
          text: { en: 'How many pods does this sync create?', 'zh-CN': '这次同步创建多少个 Pod？' },
          answer: { fn: 'manage', key: 'summary', value: 'creates' },
        },
      },
      {
        at: { decision: { fn: 'podsShouldBeOnNode', key: 'failedInBackoff', any: true } },
        text: {
          en: 'The replacement fails too, 0.2 s later: still within the back-off.',
          'zh-CN': '替代的 Pod 在 0.2 秒后也失败了：仍在退避期内。',
        },
        question: {
          text: {
            en: 'In how many ms does the controller look at this DaemonSet again?',
            'zh-CN': '控制器多少毫秒后再看这个 DaemonSet？',
          },
          answer: { fn: 'manage', key: 'backoffRequeue', value: 'afterMs' },
          formula: [
            { fn: 'podsShouldBeOnNode', key: 'failedInBackoff' },
            { fn: 'manage', key: 'backoffRequeue' },
          ],
        },
      },
      {
        at: { decision: { fn: 'podsShouldBeOnNode', key: 'deleteFailed' } },
        text: {
          en: 'The back-off has passed: the pod is deleted, and the next wait doubles (up to 15 min; it starts over after 30 min without failures).',
          'zh-CN': '退避期已过：Pod 被删除，下一次等待翻倍（最多 15 分钟；30 分钟内没有失败则重新开始）。',
        },
        question: {
          text: {
            en: 'And the back-off for the next failure (ms)?',
            'zh-CN': '下一次失败的退避是多少毫秒？',
          },
          answer: { fn: 'podsShouldBeOnNode', key: 'deleteFailed', value: 'backoffMs' },
        },
      },
    ],
  },
};

/** CONTROLLER_LESSONS in course order. */
export const CONTROLLER_LESSONS: readonly BuiltInLesson[] = [
  slowStart,
  daemonSetRolling,
  daemonSetSurge,
  failedPodBackOff,
  backOff,
];
