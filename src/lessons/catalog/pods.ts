/** The Pods chapter: a pod of one's own (kubectl run) beside a Deployment's, and what each gets from whom. */
import type { BuiltInLesson } from './types.ts';

/**
 * Deployment `web` (2 replicas) runs. At 20 s `kubectl run solo` makes a pod nobody manages; at 40 s
 * it is deleted and stays gone; at 60 s web's pods are deleted and its ReplicaSet makes two more.
 * At 90 s `kubectl run cache`, and at 110 s its image changes in place: the kubelet restarts the
 * container in the same pod. At 140 s web's image changes: new pods, a new ReplicaSet.
 */
const podsOfTheirOwn: BuiltInLesson = {
  scenario: {
    version: 1,
    name: 'A pod of its own',
    seed: 5,
    cluster: { nodes: 2 },
    objects: [
      {
        apiVersion: 'apps/v1',
        kind: 'Deployment',
        metadata: { name: 'web', labels: { app: 'web' } },
        spec: {
          replicas: 2,
          selector: { matchLabels: { app: 'web' } },
          template: {
            metadata: { labels: { app: 'web' } },
            spec: { containers: [{ name: 'web', image: 'web:1' }] },
          },
        },
      },
    ],
    actions: [
      { at: 20, kubectl: 'run solo --image=web:1' },
      { at: 40, kubectl: 'delete pod solo' },
      { at: 60, kubectl: 'delete pods -l app=web' },
      { at: 90, kubectl: 'run cache --image=web:1' },
      { at: 110, kubectl: 'set image pod/cache cache=web:2' },
      { at: 140, kubectl: 'set image deployment/web web=web:2' },
    ],
  },
  lesson: {
    id: 'pods-of-their-own',
    chapter: { en: 'Pods', 'zh-CN': 'Pod' },
    title: {
      en: 'kubectl run or a Deployment? Who looks after a pod',
      'zh-CN': 'kubectl run 还是 Deployment？谁在照看一个 Pod',
    },
    steps: [
      {
        at: { tick: 0 },
        text: {
          en: 'Deployment web runs two pods, made by its ReplicaSet, whose controller keeps their number. A pod can also be made on its own, with kubectl run or a Pod manifest: the scheduler places it and the kubelet runs it as any other, but no controller owns it (it has no ownerReferences). Watch what each kind of pod gets, and from whom.',
          'zh-CN':
            'Deployment web 运行两个 Pod，由它的 ReplicaSet 创建，ReplicaSet 控制器负责保持它们的数量。Pod 也可以单独创建，用 kubectl run 或一个 Pod 清单：调度器照样放置它，kubelet 照样运行它，但没有控制器拥有它（它没有 ownerReferences）。看看每种 Pod 得到什么，又是从谁那里得到的。',
        },
      },
      {
        at: { time: 20 },
        text: {
          en: 'kubectl run solo --image=web:1 posts one pod: the label run=solo, one container named solo, restartPolicy Always. The API server defaults it as any pod (a service account and its token volume, the default tolerations). Try kubectl get pod solo -o yaml in the console: no ownerReferences.',
          'zh-CN':
            'kubectl run solo --image=web:1 提交一个 Pod：标签 run=solo，一个名为 solo 的容器，restartPolicy Always。API server 像对待任何 Pod 一样为它设置默认值（服务账号及其令牌卷、默认容忍度）。在控制台里试试 kubectl get pod solo -o yaml：没有 ownerReferences。',
        },
      },
      {
        at: { decision: { fn: 'killContainer', key: 'exits', where: { pod: 'solo' }, any: true } },
        text: {
          en: 'kubectl delete pod solo: the kubelet stops its container within the pod’s grace period, and the pod is gone. Nothing makes it again: no controller watches it. A pod of its own is also not moved when its node fails: it goes with the node.',
          'zh-CN':
            'kubectl delete pod solo：kubelet 在 Pod 的宽限期内停止它的容器，Pod 随之消失。没有谁会重新创建它：没有控制器在关注它。单独的 Pod 在节点故障时也不会被挪走：它随节点一起消失。',
        },
        question: {
          text: {
            en: 'How many seconds of grace period does the kubelet give solo’s container?',
            'zh-CN': 'kubelet 给 solo 的容器多少秒宽限期？',
          },
          answer: { fn: 'killContainer', key: 'exits', value: 'grace' },
        },
      },
      {
        at: { decision: { fn: 'manageReplicas', key: 'create' } },
        text: {
          en: 'kubectl delete pods -l app=web deletes both of web’s pods. Its ReplicaSet’s controller sees them go (their deletionTimestamp already counts them out) and makes new ones, as many as its replicas lack.',
          'zh-CN':
            'kubectl delete pods -l app=web 删除了 web 的两个 Pod。它的 ReplicaSet 控制器看到它们离开（有了 deletionTimestamp 就已不计入），按副本数所缺的数量创建新的。',
        },
        question: {
          text: { en: 'How many pods does the ReplicaSet create?', 'zh-CN': 'ReplicaSet 创建了多少个 Pod？' },
          answer: { fn: 'manageReplicas', key: 'create', value: 'count' },
        },
      },
      {
        at: {
          decision: { fn: 'killContainer', key: 'definitionChanged', where: { pod: 'cache' }, any: true },
        },
        text: {
          en: 'kubectl set image pod/cache cache=web:2: the image is the one field of a container a pod update may change (any other change is refused: “pod updates may not change fields other than …”). The kubelet sees its container’s definition changed, kills it and starts it again with web:2, in the same pod: same name, same IP, RESTARTS 1.',
          'zh-CN':
            'kubectl set image pod/cache cache=web:2：镜像是 Pod 更新唯一能改的容器字段（其他改动都会被拒绝：“pod updates may not change fields other than …”）。kubelet 发现容器定义变了，杀掉它并用 web:2 重新启动，仍在同一个 Pod 里：名字相同，IP 相同，RESTARTS 为 1。',
        },
        question: {
          text: {
            en: 'With how many seconds of grace period is the old container stopped?',
            'zh-CN': '旧容器以多少秒的宽限期被停止？',
          },
          answer: { fn: 'killContainer', key: 'definitionChanged', value: 'grace' },
        },
      },
      {
        at: { decision: { fn: 'newRSNewReplicas', key: 'rollingUpdate' } },
        text: {
          en: 'kubectl set image deployment/web web=web:2 changes the template instead: a new ReplicaSet, and new pods with new names and IPs, made and retired within maxSurge and maxUnavailable. That is why a Deployment, not a pod of one’s own, is what runs an application: it keeps the count, survives a node, and rolls a change out step by step.',
          'zh-CN':
            'kubectl set image deployment/web web=web:2 改的是模板：新的 ReplicaSet，以及名字和 IP 都是新的 Pod，在 maxSurge 和 maxUnavailable 的范围内创建和退役。所以运行应用的是 Deployment，而不是单独的 Pod：它保持数量，能挺过节点故障，并逐步推出变更。',
        },
        question: {
          text: {
            en: 'How many replicas does the new ReplicaSet start with?',
            'zh-CN': '新的 ReplicaSet 从多少个副本开始？',
          },
          answer: { fn: 'newRSNewReplicas', key: 'rollingUpdate', value: 'newReplicasCount' },
        },
      },
    ],
  },
};

export const POD_LESSONS: readonly BuiltInLesson[] = [podsOfTheirOwn];
