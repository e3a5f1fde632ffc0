/**
 * Built-in lessons of what clients see during a rollout (issue 22, DESIGN.md §15), each run from
 * a traffic preset: new pods taking requests before they listen, old pods refusing them after
 * SIGTERM while kube-proxy still lists them, the readinessProbe + preStop sleep that loses none,
 * and the single-replica outage. Answers are read from the clients' and kube-proxy's records.
 */
import type { BuiltInLesson } from './types.ts';

const chapter = { en: 'Traffic', 'zh-CN': '流量' };

const beforeListening: BuiltInLesson = {
  preset: 'traffic-no-probe',
  lesson: {
    id: 'traffic-before-listening',
    chapter,
    title: { en: 'New pods get traffic before they listen', 'zh-CN': '新 Pod 在监听之前就收到流量' },
    steps: [
      {
        at: { decision: { any: true, fn: 'syncProxyRules', key: 'ruleChanged', where: { to: 'ready' } } },
        text: {
          en: 'Without a readinessProbe the kubelet marks a container Ready as soon as it runs. The EndpointSlice controller writes the new pod as ready and, at its next sync, every kube-proxy sends it new connections.',
          'zh-CN':
            '没有 readinessProbe 时，容器一运行 kubelet 就把它标为 Ready。EndpointSlice 控制器把新 Pod 写成 ready，下一次同步时每个 kube-proxy 都把新连接发给它。',
        },
      },
      {
        at: { decision: { any: true, fn: 'trafficFailure', key: 'notListening' } },
        text: {
          en: 'But the application only listens 2 s after its container started (readySeconds). Requests that land on it meanwhile are refused.',
          'zh-CN': '但应用要在容器启动 2 秒后（readySeconds）才开始监听。在此期间落到它上面的请求都被拒绝。',
        },
        question: {
          text: {
            en: 'How many requests did this pod refuse in this group?',
            'zh-CN': '这一组里这个 Pod 拒绝了多少个请求？',
          },
          answer: { fn: 'trafficFailure', key: 'notListening', value: 'count' },
        },
      },
    ],
  },
};

const afterSigterm: BuiltInLesson = {
  preset: 'traffic-probe',
  lesson: {
    id: 'traffic-after-sigterm',
    chapter,
    title: { en: 'Old pods keep getting traffic after SIGTERM', 'zh-CN': '旧 Pod 在 SIGTERM 之后仍收到流量' },
    steps: [
      {
        at: { decision: { any: true, fn: 'trafficFailure', key: 'stopped' } },
        text: {
          en: 'The readinessProbe protects the new pods. But an old pod stops listening at SIGTERM, right when the kubelet sees its deletion, while the slice write and each kube-proxy (1 s minSyncPeriod) still have to catch up.',
          'zh-CN':
            'readinessProbe 保护了新 Pod。但旧 Pod 在 SIGTERM 时就停止监听——也就是 kubelet 看到删除的那一刻——而切片写入和每个 kube-proxy（1 秒 minSyncPeriod）还没跟上。',
        },
        question: {
          text: {
            en: 'Until when (seconds) did node-1’s rules still send to this pod?',
            'zh-CN': 'node-1 的规则直到第几秒仍把请求发给这个 Pod？',
          },
          answer: { fn: 'trafficFailure', key: 'stopped', value: 'until' },
        },
      },
    ],
  },
};

const zeroErrors: BuiltInLesson = {
  preset: 'traffic-probe-prestop',
  lesson: {
    id: 'traffic-prestop-zero-errors',
    chapter,
    title: {
      en: 'readinessProbe and a preStop sleep: zero errors',
      'zh-CN': 'readinessProbe 加 preStop sleep：零错误',
    },
    steps: [
      {
        at: {
          decision: {
            any: true,
            fn: 'syncProxyRules',
            key: 'ruleChanged',
            where: { to: 'serving-terminating' },
          },
        },
        text: {
          en: 'A deleted pod is written ready:false, serving:true, terminating:true. While other endpoints are ready, kube-proxy sends it no new connections — and the 5 s preStop sleep keeps it listening long after that.',
          'zh-CN':
            '被删除的 Pod 被写成 ready:false、serving:true、terminating:true。只要还有其他就绪端点，kube-proxy 就不再把新连接发给它——而 5 秒的 preStop sleep 让它在那之后仍然监听很久。',
        },
      },
      {
        at: { decision: { any: true, fn: 'trafficSecond', key: 'counts', where: { second: 36 } } },
        text: {
          en: 'So in the middle of the rollout every request still succeeds, served by the old and the new revision side by side.',
          'zh-CN': '所以在上线进行中，每个请求仍然成功，由新旧两个版本并行处理。',
        },
        question: {
          text: {
            en: 'How many requests were refused in second 36?',
            'zh-CN': '第 36 秒有多少个请求被拒绝？',
          },
          answer: { fn: 'trafficSecond', key: 'counts', value: 'refused' },
        },
      },
    ],
  },
};

const singleReplica: BuiltInLesson = {
  preset: 'traffic-single-replica',
  lesson: {
    id: 'traffic-single-replica-outage',
    chapter,
    title: { en: 'The single-replica outage', 'zh-CN': '单副本的服务中断' },
    steps: [
      {
        at: { decision: { any: true, fn: 'trafficFailure', key: 'rejected' } },
        text: {
          en: 'With replicas 1 and maxSurge 0, the only pod is deleted before its replacement is Ready. The Service has no usable endpoint, and kube-proxy REJECTs: clients get “connection refused” at once. maxSurge 1 with maxUnavailable 0 would start the new pod first.',
          'zh-CN':
            'replicas 为 1 且 maxSurge 为 0 时，唯一的 Pod 在替代者 Ready 之前就被删除。Service 没有可用端点，kube-proxy 执行 REJECT：客户端立刻得到 “connection refused”。maxSurge 1 加 maxUnavailable 0 会先启动新 Pod。',
        },
        question: {
          text: {
            en: 'How many requests were rejected in this group?',
            'zh-CN': '这一组有多少个请求被 REJECT？',
          },
          answer: { fn: 'trafficFailure', key: 'rejected', value: 'count' },
        },
      },
    ],
  },
};

export const TRAFFIC_LESSONS: readonly BuiltInLesson[] = [
  beforeListening,
  afterSigterm,
  zeroErrors,
  singleReplica,
];
