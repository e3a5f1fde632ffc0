/**
 * Built-in lessons of the course's StatefulSet chapter, one per StatefulSet preset: ordered
 * create and scale, the rolling-update order, a partition canary, the stuck rollout that only a
 * pod deletion frees, Parallel freeing itself, claims that outlive their pods, and a drained node
 * that keeps its pod's volume. Every answer is read from the Explain records of the controller
 * (controller/statefulset/explainCatalog.ts), and of the scheduler (scheduler/explainCatalog.ts).
 */
import type { BuiltInLesson } from './types.ts';

const chapter = { en: 'StatefulSet', 'zh-CN': 'StatefulSet' };
const whichOrdinal = { en: 'Which ordinal does the controller pick?', 'zh-CN': '控制器选的是哪个序号？' };

const ordered: BuiltInLesson = {
  preset: 'statefulset-ordered',
  lesson: {
    id: 'statefulset-ordered',
    chapter,
    title: { en: 'Ordered create and scale', 'zh-CN': '按序创建与扩缩' },
    steps: [
      {
        at: { decision: { fn: 'processReplica', key: 'create' } },
        text: {
          en: 'A new StatefulSet of 3: under OrderedReady the controller creates one pod per sync, lowest ordinal first.',
          'zh-CN':
            '新建 3 个副本的 StatefulSet：OrderedReady 下控制器每次同步只创建一个 Pod，从最低序号开始。',
        },
        question: { text: whichOrdinal, answer: { fn: 'processReplica', key: 'create', value: 'ordinal' } },
      },
      {
        at: { decision: { fn: 'processReplica', key: 'notCreatedUntilReady', any: true } },
        text: {
          en: 'web-1 is not created yet: OrderedReady waits for web-0 to be Running and Ready. Explain shows the phase and the Ready condition it waits on.',
          'zh-CN':
            'web-1 还没有被创建：OrderedReady 要等 web-0 进入 Running 且 Ready。Explain 显示它在等待的 phase 和 Ready 状况。',
        },
      },
      {
        at: { decision: { fn: 'processReplica', key: 'create', where: { pod: 'web-3' } } },
        text: {
          en: 'At 30 s the set scales to 5. The new pods come the same way, one at a time.',
          'zh-CN': '30 秒时扩到 5 个。新 Pod 以同样的方式一个一个地到来。',
        },
        question: { text: whichOrdinal, answer: { fn: 'processReplica', key: 'create', value: 'ordinal' } },
      },
      {
        at: { decision: { fn: 'processCondemned', key: 'delete' } },
        text: {
          en: 'At 60 s it scales to 2: web-2, web-3 and web-4 are condemned. They go highest ordinal first, each once the one before has terminated.',
          'zh-CN':
            '60 秒时缩到 2 个：web-2、web-3、web-4 被判定为多余（condemned）。它们从最高序号开始删除，每个都等前一个终止后才删。',
        },
        question: { text: whichOrdinal, answer: { fn: 'processCondemned', key: 'delete', value: 'ordinal' } },
      },
    ],
  },
};

const rolling: BuiltInLesson = {
  preset: 'statefulset-rolling',
  lesson: {
    id: 'statefulset-rolling',
    chapter,
    title: { en: 'The rolling-update order', 'zh-CN': '滚动更新的顺序' },
    steps: [
      {
        at: { decision: { fn: 'getStatefulSetRevisions', key: 'newRevision', where: { number: 2 } } },
        text: {
          en: 'At 30 s the image changes: the template is new, so the controller records revision 2 as a ControllerRevision.',
          'zh-CN': '30 秒时镜像变了：模板是新的，控制器把它记录为 ControllerRevision 的版本 2。',
        },
      },
      {
        at: { decision: { fn: 'updateStatefulSet', key: 'deleteForUpdate', orSame: true } },
        text: {
          en: 'No surge: a StatefulSet deletes an old pod and creates it again under the same name at the new revision.',
          'zh-CN': '没有 surge：StatefulSet 删除一个旧 Pod，再用同一个名字以新版本重新创建。',
        },
        question: {
          text: whichOrdinal,
          answer: { fn: 'updateStatefulSet', key: 'deleteForUpdate', value: 'ordinal' },
        },
      },
      {
        at: { decision: { fn: 'updateStatefulSet', key: 'deleteForUpdate' } },
        text: {
          en: 'The next one waits until the replaced pod is back Running and Ready.',
          'zh-CN': '下一个要等被替换的 Pod 重新进入 Running 且 Ready。',
        },
        question: {
          text: whichOrdinal,
          answer: { fn: 'updateStatefulSet', key: 'deleteForUpdate', value: 'ordinal' },
        },
      },
      {
        at: { decision: { fn: 'updateStatefulSet', key: 'rolloutSettled', any: true } },
        text: {
          en: 'Every pod is at the update revision: the status sets currentRevision to it.',
          'zh-CN': '所有 Pod 都处于更新版本：状态把 currentRevision 设为它。',
        },
        question: {
          text: { en: 'How many pods are updated?', 'zh-CN': '有多少个 Pod 已更新？' },
          answer: { fn: 'updateStatefulSet', key: 'rolloutSettled', value: 'updatedReplicas' },
        },
      },
    ],
  },
};

const partition: BuiltInLesson = {
  preset: 'statefulset-partition',
  lesson: {
    id: 'statefulset-partition',
    chapter,
    title: { en: 'A partition canary', 'zh-CN': '用 partition 做金丝雀' },
    steps: [
      {
        at: { decision: { fn: 'updateStatefulSet', key: 'deleteForUpdate' } },
        text: {
          en: '5 pods, partition 3: only ordinals 3 and above move to the new image.',
          'zh-CN': '5 个 Pod，partition 为 3：只有序号 3 及以上的 Pod 换成新镜像。',
        },
        question: {
          text: whichOrdinal,
          answer: { fn: 'updateStatefulSet', key: 'deleteForUpdate', value: 'ordinal' },
        },
      },
      {
        at: { decision: { fn: 'updateStatefulSet', key: 'rolloutSettled', any: true } },
        text: {
          en: 'The canary is done: kubectl rollout status says "partitioned roll out complete", yet currentRevision is still the old one.',
          'zh-CN':
            '金丝雀完成了：kubectl rollout status 显示 “partitioned roll out complete”，但 currentRevision 仍是旧版本。',
        },
        question: {
          text: { en: 'How many pods run the new revision?', 'zh-CN': '有多少个 Pod 运行新版本？' },
          answer: { fn: 'updateStatefulSet', key: 'rolloutSettled', value: 'updatedReplicas' },
        },
      },
      {
        at: { decision: { fn: 'processReplica', key: 'create', where: { pod: 'web-1' } } },
        text: {
          en: 'At 60 s web-1 is deleted. Below the partition a missing pod is created at the current revision: web-1 comes back on the old image.',
          'zh-CN': '60 秒时删除 web-1。partition 以下缺失的 Pod 会以当前版本创建：web-1 以旧镜像回来。',
        },
      },
      {
        at: { decision: { fn: 'updateStatefulSet', key: 'deleteForUpdate', where: { partition: 0 } } },
        text: {
          en: 'At 90 s the partition drops to 0 and the rollout carries on downwards.',
          'zh-CN': '90 秒时 partition 降到 0，上线继续往下进行。',
        },
        question: {
          text: whichOrdinal,
          answer: { fn: 'updateStatefulSet', key: 'deleteForUpdate', value: 'ordinal' },
        },
      },
    ],
  },
};

const stuck: BuiltInLesson = {
  preset: 'statefulset-stuck',
  lesson: {
    id: 'statefulset-stuck',
    chapter,
    title: { en: 'The rollout only a pod deletion frees', 'zh-CN': '只有删除 Pod 才能解开的上线' },
    steps: [
      {
        at: { decision: { fn: 'updateStatefulSet', key: 'deleteForUpdate' } },
        text: {
          en: 'At 30 s the image changes to one that never pulls. The controller replaces web-2 first.',
          'zh-CN': '30 秒时镜像换成一个永远拉取不到的镜像。控制器先替换 web-2。',
        },
      },
      {
        at: {
          decision: { fn: 'processReplica', key: 'waitRunningAndReady', where: { pod: 'web-2' }, any: true },
        },
        text: {
          en: 'web-2 is back at the new revision, but its image never pulls: under OrderedReady every sync now stops at it, waiting for Running and Ready.',
          'zh-CN':
            'web-2 以新版本回来了，但镜像永远拉取不到：在 OrderedReady 下，每次同步都停在它这里，等它进入 Running 且 Ready。',
        },
        question: {
          text: { en: 'How many pods are unavailable?', 'zh-CN': '有多少个 Pod 不可用？' },
          answer: { fn: 'updateStatefulSet', key: 'partition', value: 'unavailable' },
          formula: [{ fn: 'updateStatefulSet', key: 'partition' }],
        },
      },
      {
        at: { decision: { fn: 'getStatefulSetRevisions', key: 'rollback', any: true } },
        text: {
          en: 'At 60 s: kubectl rollout undo. The template equals revision 1 again, so no revision is created: the old one is renumbered.',
          'zh-CN': '60 秒时：kubectl rollout undo。模板又等于版本 1，所以不会创建新版本：旧版本被重新编号。',
        },
        question: {
          text: { en: 'Which revision number does the old revision get?', 'zh-CN': '旧版本得到哪个版本号？' },
          answer: { fn: 'getStatefulSetRevisions', key: 'rollback', value: 'to' },
        },
      },
      {
        at: {
          decision: { fn: 'processReplica', key: 'waitRunningAndReady', where: { pod: 'web-2' }, any: true },
        },
        text: {
          en: 'And nothing happens: processReplica still waits for web-2 to be Running and Ready, which never comes, so the rolling update that would replace it is never reached.',
          'zh-CN':
            '然后什么也没发生：processReplica 仍在等 web-2 进入 Running 且 Ready，而这永远不会发生，于是会替换它的滚动更新永远走不到。',
        },
      },
      {
        at: { decision: { fn: 'processReplica', key: 'create', where: { pod: 'web-2' } } },
        text: {
          en: 'At 120 s: kubectl delete pod web-2. The missing pod is created from the good template, and the set is whole again.',
          'zh-CN': '120 秒时：kubectl delete pod web-2。缺失的 Pod 以好的模板创建，StatefulSet 恢复完整。',
        },
      },
    ],
  },
};

const parallel: BuiltInLesson = {
  preset: 'statefulset-parallel',
  lesson: {
    id: 'statefulset-parallel',
    chapter,
    title: { en: 'Parallel frees itself', 'zh-CN': 'Parallel 能自己解开' },
    steps: [
      {
        at: { decision: { fn: 'updateStatefulSet', key: 'partition' } },
        text: {
          en: 'podManagementPolicy Parallel: the first sync creates every missing pod, in slow-start batches of 1, 2, 4, …',
          'zh-CN':
            'podManagementPolicy 为 Parallel：第一次同步就创建所有缺失的 Pod，按 1、2、4……的慢启动批次。',
        },
        question: {
          text: { en: 'How many pods are missing in that sync?', 'zh-CN': '那次同步中缺了多少个 Pod？' },
          answer: { fn: 'updateStatefulSet', key: 'partition', value: 'missing' },
        },
      },
      {
        at: { decision: { fn: 'updateStatefulSet', key: 'deleteForUpdate' } },
        text: {
          en: 'At 30 s a broken image: the update is still one pod at a time from the top, and web-2 is stuck.',
          'zh-CN': '30 秒时换成坏镜像：更新仍从最高序号起一次一个，web-2 卡住了。',
        },
        question: {
          text: whichOrdinal,
          answer: { fn: 'updateStatefulSet', key: 'deleteForUpdate', value: 'ordinal' },
        },
      },
      {
        at: { decision: { fn: 'updateStatefulSet', key: 'deleteForUpdate', where: { pod: 'web-2' } } },
        text: {
          en: 'After rollout undo at 60 s the controller deletes the broken web-2 itself: under Parallel a not-Ready pod does not stop the sync, so the rolling update reaches it.',
          'zh-CN':
            '60 秒 rollout undo 之后，控制器自己删掉了坏的 web-2：在 Parallel 下未就绪的 Pod 不会挡住同步，滚动更新于是能走到它。',
        },
      },
    ],
  },
};

const claims: BuiltInLesson = {
  preset: 'statefulset-claims',
  lesson: {
    id: 'statefulset-claims',
    chapter,
    title: { en: 'Claims that outlive pods', 'zh-CN': '比 Pod 活得更久的卷申领' },
    steps: [
      {
        at: { decision: { fn: 'processReplica', key: 'create' } },
        text: {
          en: 'Each pod gets its own PersistentVolumeClaim from the volumeClaimTemplate, created before the pod.',
          'zh-CN': '每个 Pod 都从 volumeClaimTemplate 得到自己的 PersistentVolumeClaim，它在 Pod 之前创建。',
        },
        question: {
          text: { en: 'How many claims are created for web-0?', 'zh-CN': '为 web-0 创建了多少个卷申领？' },
          answer: { fn: 'processReplica', key: 'create', value: 'claims' },
        },
      },
      {
        at: { decision: { fn: 'syncBinder', key: 'bound' } },
        text: {
          en: 'The default StorageClass waits for the first consumer: the claim is Bound once web-0 is scheduled.',
          'zh-CN': '默认 StorageClass 等待第一个使用者：web-0 被调度后卷申领才 Bound。',
        },
      },
      {
        at: { decision: { fn: 'processCondemned', key: 'delete' } },
        text: {
          en: 'At 30 s the set scales to 1. Pods go; with whenScaled Retain their claims stay.',
          'zh-CN': '30 秒时缩到 1 个。Pod 被删除；whenScaled 为 Retain 时它们的卷申领保留。',
        },
        question: { text: whichOrdinal, answer: { fn: 'processCondemned', key: 'delete', value: 'ordinal' } },
      },
      {
        at: { decision: { fn: 'processReplica', key: 'create', where: { pod: 'web-1' }, nth: 1 } },
        text: {
          en: 'At 60 s it scales back to 3: web-1 mounts www-web-1 again, with the data it had.',
          'zh-CN': '60 秒时扩回 3 个：web-1 重新挂载 www-web-1，数据还在。',
        },
        question: {
          text: {
            en: 'How many claims does the controller create for web-1 now?',
            'zh-CN': '这次控制器为 web-1 创建了多少个卷申领？',
          },
          answer: { fn: 'processReplica', key: 'create', value: 'claims' },
        },
      },
    ],
  },
};

/** STATEFULSET_LESSONS: the StatefulSet chapter, in course order. */
export const STATEFULSET_LESSONS: readonly BuiltInLesson[] = [
  ordered,
  rolling,
  partition,
  stuck,
  parallel,
  claims,
];
