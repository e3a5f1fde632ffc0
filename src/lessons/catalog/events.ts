/** The Events chapter: Events are API objects with a TTL, and what keeps one alive. */
import type { BuiltInLesson } from './types.ts';

/**
 * Two Deployments: `web` runs, and `db`'s pod asks for a `disk: ssd` node that no node is, so the
 * scheduler counts its FailedScheduling Event up again at each retry (every 5.5 minutes). At 3,500 s
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
          en: 'The scheduler keeps trying db’s pod. It does not write a new Event each time: it counts the FailedScheduling Event up (on a cluster, kubectl describe pod gives its age as “4m (x2 over 10m)”: last seen, count, first seen). Each count update is a write, and goes on the lease of its own minute.',
          'zh-CN':
            '调度器不断重试 db 的 Pod。它不会每次写一个新 Event，而是把 FailedScheduling Event 的 count 加一（在真实集群中，kubectl describe pod 显示它的时间为“4m (x2 over 10m)”：最后一次、次数、第一次）。每次 count 更新都是一次写入，挂在它那一分钟的租约上。',
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
          en: 'The lease of the scheduler’s second FailedScheduling write (its first retry) expires and deletes nothing: every later count update put that Event on a newer lease. It lives until an hour after its last update: kubectl get events --field-selector reason=FailedScheduling -o wide shows it with its COUNT and FIRST SEEN. An Event you need later (for a postmortem, say) must be exported within its hour: an event exporter, or kubectl get events -o yaml.',
          'zh-CN':
            '调度器第二次写 FailedScheduling（它的第一次重试）所用的租约到期，却什么也没删除：之后每次 count 更新都把这个 Event 挂到了更新的租约上。它会一直存在到最后一次更新后一小时：kubectl get events --field-selector reason=FailedScheduling -o wide 会列出它，连同 COUNT 和 FIRST SEEN。以后还要用的 Event（比如做事故复盘）必须在这一小时内导出：用 event exporter，或 kubectl get events -o yaml。',
        },
      },
    ],
  },
};

export const EVENT_LESSONS: readonly BuiltInLesson[] = [eventsExpire];
