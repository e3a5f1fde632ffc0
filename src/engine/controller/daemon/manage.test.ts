import { describe, expect, it } from 'vitest';
import type { DecisionLog } from '../../api/decision.ts';
import type { DaemonSet, DaemonSetUpdateStrategy, Node, Pod, PodPhase, Taint } from '../../api/types.ts';
import { toRFC3339 } from '../../lib/time.ts';
import { get, newBackOff, next } from './backoff.ts';
import { failedPodsBackoffKey, getUnscheduledPodsWithoutNode, managePlan, podsShouldBeOnNode } from './manage.ts';
import { getNodesToDaemonPods, oldestDaemonPod, sortDaemonPods } from './daemonPods.ts';
import { slowStartBatches, syncNodesPlan } from './syncNodesPlan.ts';

const surge: DaemonSetUpdateStrategy = { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 0, maxSurge: 1 } };
const ds = (strategy: DaemonSetUpdateStrategy = { type: 'OnDelete' }, minReadySeconds = 0): DaemonSet => ({
  apiVersion: 'apps/v1',
  kind: 'DaemonSet',
  metadata: { name: 'ds', namespace: 'default', uid: 'uid-1', generation: 3 },
  spec: { selector: { matchLabels: { app: 'a' } }, updateStrategy: strategy, minReadySeconds, template: { metadata: { labels: { app: 'a' } }, spec: { containers: [] } } },
  status: { currentNumberScheduled: 0, numberMisscheduled: 0, desiredNumberScheduled: 0, numberReady: 0, observedGeneration: 2 },
});
const node = (name: string, taints: Taint[] = []): Node => ({ apiVersion: 'v1', kind: 'Node', metadata: { name }, spec: { taints } });
interface PodOpts {
  hash?: string;
  created?: number;
  phase?: PodPhase;
  ready?: boolean;
  readySince?: number;
  deleting?: boolean;
  bound?: boolean;
}
const pod = (name: string, nodeName: string, o: PodOpts = {}): Pod => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: {
    name,
    namespace: 'default',
    labels: { app: 'a', ...(o.hash ? { 'controller-revision-hash': o.hash } : {}) },
    ...(o.created !== undefined ? { creationTimestamp: toRFC3339(o.created * 1000) } : {}),
    ...(o.deleting ? { deletionTimestamp: toRFC3339(0) } : {}),
  },
  spec:
    o.bound === false
      ? { containers: [], affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchFields: [{ key: 'metadata.name', operator: 'In', values: [nodeName] }] }] } } } }
      : { containers: [], nodeName },
  status: {
    ...(o.phase ? { phase: o.phase } : {}),
    conditions: [{ type: 'Ready', status: o.ready ? 'True' : 'False', lastTransitionTime: toRFC3339((o.readySince ?? 0) * 1000) }],
  },
});
const plan = (d: DaemonSet, n: Node, pods: Pod[], nowMs = 100_000, backoff = newBackOff()) =>
  podsShouldBeOnNode(undefined, n, pods.length ? { [n.metadata.name]: pods } : {}, d, 'new', backoff, nowMs);

describe('podsShouldBeOnNode', () => {
  it.each<[string, DaemonSet, Node, Pod[], string[], string[]]>([
    ['creates a pod on a node that has none', ds(), node('n1'), [], ['n1'], []],
    ['does nothing for a node with one running pod', ds(), node('n1'), [pod('p1', 'n1')], [], []],
    ['keeps the oldest of several running pods without surge', ds(), node('n1'), [pod('young', 'n1', { created: 20 }), pod('old', 'n1', { created: 10 }), pod('mid', 'n1', { created: 15 })], [], ['mid', 'young']],
    ['prefers a scheduled pod over an older unscheduled one', ds(), node('n1'), [pod('unbound', 'n1', { created: 1, bound: false }), pod('bound', 'n1', { created: 9 })], [], ['unbound']],
    ['creates nothing while the only pod terminates, without surge', ds(), node('n1'), [pod('p1', 'n1', { deleting: true })], [], []],
    ['creates a pod at once while the only pod terminates, with surge', ds(surge), node('n1'), [pod('p1', 'n1', { deleting: true })], ['n1'], []],
    ['deletes every pod on a node with an untolerated NoExecute taint', ds(), node('n1', [{ key: 'k', effect: 'NoExecute' }]), [pod('a', 'n1'), pod('b', 'n1', { deleting: true })], [], ['a']],
    ['keeps the pod on a node with an untolerated NoSchedule taint', ds(), node('n1', [{ key: 'k', effect: 'NoSchedule' }]), [pod('a', 'n1')], [], []],
    ['deletes a succeeded pod', ds(), node('n1'), [pod('done', 'n1', { phase: 'Succeeded' })], [], ['done']],
    ['keeps the old pod while it is Ready and the new one is not available', ds(surge), node('n1'), [pod('old', 'n1', { created: 1, ready: true }), pod('new', 'n1', { created: 2, hash: 'new' })], [], []],
    ['deletes the old pod once it is not Ready', ds(surge), node('n1'), [pod('old', 'n1', { created: 1 }), pod('new', 'n1', { created: 2, hash: 'new' })], [], ['old']],
    ['deletes the old pod once the new one is available', ds(surge), node('n1'), [pod('old', 'n1', { created: 1, ready: true }), pod('new', 'n1', { created: 2, hash: 'new', ready: true })], [], ['old']],
    ['keeps the old pod until the new one is Ready for minReadySeconds', ds(surge, 30), node('n1'), [pod('old', 'n1', { created: 1, ready: true }), pod('new', 'n1', { created: 2, hash: 'new', ready: true, readySince: 90 })], [], []],
    ['deletes every surplus pod beyond the oldest new and oldest old', ds(surge), node('n1'), [pod('o1', 'n1', { created: 1, ready: true }), pod('o2', 'n1', { created: 2, ready: true }), pod('n1a', 'n1', { created: 3, hash: 'new' }), pod('n1b', 'n1', { created: 4, hash: 'new' })], [], ['o2', 'n1b']],
  ])('%s', (_name, d, n, pods, creates, deletes) => {
    const p = plan(d, n, pods);
    expect(p.nodesNeedingDaemonPods).toEqual(creates);
    expect(p.podsToDelete).toEqual(deletes);
  });

  it('records the SucceededDaemonPod event with the upstream message', () => {
    expect(plan(ds(), node('n1'), [pod('done', 'n1', { phase: 'Succeeded' })]).events).toEqual([
      { type: 'Normal', reason: 'SucceededDaemonPod', message: 'Found succeeded daemon pod default/done on node n1, will try to delete it', podName: 'done' },
    ]);
  });

  it('deletes a failed pod with a FailedDaemonPod warning and starts the back-off', () => {
    const d = ds();
    const p = plan(d, node('n1'), [pod('bad', 'n1', { phase: 'Failed' })]);
    expect(p.podsToDelete).toEqual(['bad']);
    expect(p.events[0]?.message).toBe('Found failed daemon pod default/bad on node n1, will try to kill it');
    expect(p.events[0]?.type).toBe('Warning');
    expect(get(p.backoff, 'uid-1/2/n1')).toBe(1_000);
    expect(p.backoffRequeueMs).toBeUndefined();
  });

  it('keeps a failed pod and asks for a requeue while the node is in back-off', () => {
    const d = ds();
    const backoff = next(newBackOff(), failedPodsBackoffKey(d, 'n1'), 99_500);
    const p = plan(d, node('n1'), [pod('bad', 'n1', { phase: 'Failed' })], 100_000, backoff);
    expect(p.podsToDelete).toEqual([]);
    expect(p.events).toEqual([]);
    expect(p.backoffRequeueMs).toBe(1_000);
    expect(p.backoff).toBe(backoff);
  });

  it('keys the back-off by DaemonSet UID, observed generation and node', () => {
    expect(failedPodsBackoffKey(ds(), 'n7')).toBe('uid-1/2/n7');
  });

  it('records its reasons in the decision log', () => {
    const log: DecisionLog = [];
    podsShouldBeOnNode(log, node('n1'), {}, ds(), 'new', newBackOff(), 0);
    expect(log).toEqual([{ fn: 'podsShouldBeOnNode', key: 'createMissing', values: { node: 'n1' } }]);
  });
});

describe('managePlan', () => {
  it('combines the nodes in list order and deletes unscheduled pods of vanished nodes', () => {
    const byNode = getNodesToDaemonPods([pod('a', 'n1'), pod('ghost', 'gone', { bound: false }), pod('bound-ghost', 'gone2')], false);
    const p = managePlan(ds(), [node('n1'), node('n2'), node('n3')], byNode, 'new', newBackOff(), 0);
    expect(p.nodesNeedingDaemonPods).toEqual(['n2', 'n3']);
    expect(p.podsToDelete).toEqual(['ghost']);
    expect(p.backoffRequeueMs).toBeNull();
  });
});

describe('getNodesToDaemonPods', () => {
  it.each<[string, boolean, string[]]>([
    ['leaves out terminal pods that are being deleted', false, ['live', 'failed', 'unbound']],
    ['keeps them for history cleanup', true, ['live', 'failed', 'failed-deleting', 'unbound']],
  ])('%s', (_name, includeDeletedTerminal, want) => {
    const pods = [
      pod('live', 'n1'),
      pod('failed', 'n1', { phase: 'Failed' }),
      pod('failed-deleting', 'n1', { phase: 'Failed', deleting: true }),
      pod('unbound', 'n2', { bound: false }),
    ];
    const byNode = getNodesToDaemonPods(pods, includeDeletedTerminal);
    expect(Object.values(byNode).flat().map((p) => p.metadata.name)).toEqual(want);
    expect(Object.keys(byNode)).toEqual(['n1', 'n2']);
  });
});

describe('getUnscheduledPodsWithoutNode', () => {
  it('returns only unscheduled pods whose node is not listed', () => {
    const byNode = { n1: [pod('x', 'n1', { bound: false })], gone: [pod('y', 'gone', { bound: false }), pod('z', 'gone')] };
    expect(getUnscheduledPodsWithoutNode([node('n1')], byNode)).toEqual(['y']);
  });

  it('lists the vanished nodes in name order', () => {
    const byNode = { zeta: [pod('z', 'zeta', { bound: false })], alpha: [pod('a', 'alpha', { bound: false })] };
    expect(getUnscheduledPodsWithoutNode([], byNode)).toEqual(['a', 'z']);
  });
});

describe('sortDaemonPods', () => {
  it('orders scheduled pods first, then by creation time, then by name', () => {
    const pods = [pod('c', 'n', { created: 5 }), pod('u', 'n', { created: 1, bound: false }), pod('b', 'n', { created: 5 }), pod('a', 'n', { created: 9 })];
    expect(sortDaemonPods(pods).map((p) => p.metadata.name)).toEqual(['b', 'c', 'a', 'u']);
  });
});

describe('oldestDaemonPod', () => {
  const p = (name: string, created: number, bound = true): Pod => pod(name, 'n', { created, bound });
  it.each<[string, Pod[]]>([
    ['returns the oldest scheduled pod', [p('c', 5), p('u', 1, false), p('b', 5), p('a', 9)]],
    ['prefers a scheduled pod over an older unscheduled one', [p('u', 1, false), p('s', 7)]],
    ['keeps the first of two identical keys, as the stable sort does', [p('x', 3), p('x', 3)]],
    ['returns the only pod', [p('solo', 2)]],
  ])('%s, like sortDaemonPods()[0]', (_name, pods) => {
    expect(oldestDaemonPod(pods)).toBe(sortDaemonPods(pods)[0]);
  });

  it('returns undefined for no pods', () => {
    expect(oldestDaemonPod([])).toBeUndefined();
  });
});

describe('slowStartBatches', () => {
  it.each<[number, number[]]>([
    [0, []],
    [1, [1]],
    [10, [1, 2, 4, 3]],
    [15, [1, 2, 4, 8]],
  ])('splits %i creations into %j', (n, want) => {
    expect(slowStartBatches(n)).toEqual(want);
  });
});

describe('syncNodesPlan', () => {
  it('caps creates and deletes at 250 per sync', () => {
    const many = Array.from({ length: 600 }, (_, i) => `n${i}`);
    const p = syncNodesPlan(many, many);
    expect(p.creates).toHaveLength(250);
    expect(p.deletes).toHaveLength(250);
    expect(p.createBatches.reduce((a, b) => a + b, 0)).toBe(250);
  });
});
