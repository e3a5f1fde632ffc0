/** The Events chapter: Events are API objects with a TTL, and what keeps one alive. */
import type { BuiltInLesson } from './types.ts';

/**
 * Two Deployments: `web` runs, and `db`'s pod asks for a `disk: ssd` node that no node is, so the
 * scheduler fails it again at each retry (every 5.5 minutes): a second FailedScheduling Event at
 * the first retry, a series on it from the second (client/eventSeries.ts). At 3,500 s
 * node-1 gets the label and the pod runs; the run goes on 10 minutes past that, over the hour.
 */
const eventsExpire: BuiltInLesson = {
  scenario: {
    version: 1,
    name: 'Events expire after an hour',
    seed: 3,
    cluster: { nodes: 3 },
    objects: [
      {
        apiVersion: 'apps/v1',
        kind: 'Deployment',
        metadata: { name: 'web', labels: { app: 'web' } },
        spec: {
          replicas: 3,
          selector: { matchLabels: { app: 'web' } },
          template: {
            metadata: { labels: { app: 'web' } },
            spec: { containers: [{ name: 'nginx', image: 'nginx:1.8' }] },
          },
        },
      },
      {
        apiVersion: 'apps/v1',
        kind: 'Deployment',
        metadata: { name: 'db', labels: { app: 'db' } },
        spec: {
          replicas: 1,
          selector: { matchLabels: { app: 'db' } },
          template: {
            metadata: { labels: { app: 'db' } },
            spec: { nodeSelector: { disk: 'ssd' }, containers: [{ name: 'db', image: 'postgres:16' }] },
          },
        },
      },
    ],
    actions: [{ at: 3500, kubectl: 'label node node-1 disk=ssd' }],
  },
  lesson: {
    id: 'events-expire',
    chapter: { en: 'Events', 'zh-CN': '事件（Event）' },
    title: {
      en: 'Where did my Events go? The API server’s one-hour TTL',
      'zh-CN': '我的 Event 去哪了？API server 的一小时 TTL',
    },
    steps: [
      {
        at: { tick: 0 },
        text: {
          en: 'Events are API objects, stored in etcd like pods. The API server writes each one with a TTL (--event-ttl, 1 hour by default): an etcd lease, shared by the Event writes of up to 60 s (at most 1,000 of them) and granted for 3,600 + 60 s. When the lease expires, etcd deletes the Events whose last write went on it. Here web runs, and db’s pod asks for a node labelled disk=ssd, which no node is.',
          'zh-CN':
            'Event 是 API 对象，和 Pod 一样存在 etcd 中。API server 写入每个 Event 时都带一个 TTL（--event-ttl，默认 1 小时）：一个 etcd 租约，60 秒内（最多 1,000 次）的 Event 写入共用它，租期 3,600 + 60 秒。租约到期时，etcd 删除最后一次写入挂在它上面的 Event。这里 web 正常运行，而 db 的 Pod 要求带 disk=ssd 标签的节点，但没有这样的节点。',
        },
      },
      {
        at: { time: 400 },
        text: {
          en: 'The scheduler tries db’s pod again every 5.5 minutes, and records its Events through events.k8s.io, which counts differently from the other components. Its first retry wrote a second FailedScheduling Event, not a count: the pod had changed in between (the scheduler wrote its PodScheduled condition: a new resourceVersion in the Event’s reference). From the next retry on the failures are alike: the first repeat patches that Event with a series of count 2 (kubectl describe pod with the pod’s name: “4m (x2 over 10m)”: last seen, count, first seen); later ones are counted in the scheduler’s memory only, and written every 30 minutes or once they stop. Each write goes on the lease of its own minute.',
          'zh-CN':
            '调度器每 5.5 分钟重试一次 db 的 Pod，它通过 events.k8s.io 记录 Event，计数方式和其他组件不同。第一次重试写了第二个 FailedScheduling Event，而不是加一：这期间 Pod 变了（调度器写了它的 PodScheduled 条件：Event 引用里的 resourceVersion 变了）。从下一次重试起，失败是相同的：第一次重复给这个 Event patch 一个 count 为 2 的 series（kubectl describe pod 加上 Pod 名字，显示“4m (x2 over 10m)”：最后一次、次数、第一次）；之后的只在调度器内存中计数，每 30 分钟或停止后才写入。每次写入都挂在它那一分钟的租约上。',
        },
      },
      {
        at: { note: { key: 'eventsExpired' } },
        text: {
          en: 'An hour and a minute after the first writes, etcd’s lessor finds the first lease expired and deletes, in one transaction, the Events still on it: every DELETED at one resourceVersion. Try kubectl get events in the console before and after this tick, or kubectl describe deployment web: its ScalingReplicaSet Event is gone.',
          'zh-CN':
            '第一批写入一小时零一分钟后，etcd 的 lessor 发现第一个租约已到期，在一个事务中删除仍挂在它上面的 Event：所有 DELETED 共用一个 resourceVersion。在这一刻前后，在控制台里试试 kubectl get events，或 kubectl describe deployment web：它的 ScalingReplicaSet Event 不见了。',
        },
        question: {
          text: {
            en: 'How many Events does etcd delete in this transaction?',
            'zh-CN': 'etcd 在这个事务中删除了多少个 Event？',
          },
          answer: { note: 'eventsExpired', value: 'count' },
        },
      },
      {
        at: { note: { key: 'eventsExpired' } },
        text: {
          en: 'A second lease expires at the same moment. The scheduler writes its Events (Scheduled, FailedScheduling) through events.k8s.io/v1: another storage, with a lease manager of its own.',
          'zh-CN':
            '同一时刻，第二个租约也到期了。调度器通过 events.k8s.io/v1 写它的 Event（Scheduled、FailedScheduling）：这是另一个存储，有它自己的租约管理器。',
        },
        question: {
          text: {
            en: 'How many Events does this lease delete?',
            'zh-CN': '这个租约删除了多少个 Event？',
          },
          answer: { note: 'eventsExpired', value: 'count' },
        },
      },
      {
        at: { note: { key: 'eventsExpired' } },
        text: {
          en: 'The lease of the scheduler’s second FailedScheduling Event (its first retry; the first Event went with the previous lease) expires and deletes nothing: that Event was written again since, its series at the next retry and then every 30 minutes, each time onto a newer lease. It lives until an hour after its last write: kubectl get events --field-selector reason=FailedScheduling -o wide shows it with its series’ COUNT and its FIRST SEEN. An Event you need later (for a postmortem, say) must be exported within its hour: an event exporter, or kubectl get events -o yaml.',
          'zh-CN':
            '调度器第二个 FailedScheduling Event（它的第一次重试；第一个 Event 已随上一个租约删除）所在的租约到期，却什么也没删除：这个 Event 之后又被写入过，下一次重试时写入 series，之后每 30 分钟一次，每次都挂到更新的租约上。它会一直存在到最后一次写入后一小时：kubectl get events --field-selector reason=FailedScheduling -o wide 会列出它，连同 series 的 COUNT 和 FIRST SEEN。以后还要用的 Event（比如做事故复盘）必须在这一小时内导出：用 event exporter，或 kubectl get events -o yaml。',
        },
      },
    ],
  },
};

export const EVENT_LESSONS: readonly BuiltInLesson[] = [eventsExpire];
