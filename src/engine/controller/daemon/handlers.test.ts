import { describe, expect, it } from 'vitest';
import type { ControllerRevision, DaemonSet, KubeObject, Node, NodeCondition, Pod } from '../../api/types.ts';
import { applyWatch } from '../../client/cache.ts';
import { waiting } from '../../client/workqueue.ts';
import { DEFAULT_IMAGE_BEHAVIOUR } from '../../config.ts';
import { createEngine } from '../../sim/simulation.ts';
import type { EngineState } from '../../sim/state.ts';
import { newTx, type Tx } from '../../client/tx.ts';
import { setExpectations } from '../expectations.ts';
import { daemonSetOnWatch } from './daemonController.ts';
import { nodeInSameCondition, shouldIgnoreNodeUpdate } from './handlers.ts';

const KEY = 'default/agent';

function daemonSet(spec: Partial<DaemonSet['spec']> = {}): DaemonSet {
  return {
    apiVersion: 'apps/v1',
    kind: 'DaemonSet',
    metadata: { name: 'agent', namespace: 'default', uid: 'ds-uid', resourceVersion: '1' },
    spec: {
      selector: { matchLabels: { app: 'agent' } },
      template: { metadata: { labels: { app: 'agent' } }, spec: { containers: [{ name: 'a', image: 'a:1' }] } },
      ...spec,
    },
  };
}

interface PodOpts {
  rv?: string;
  owner?: 'DaemonSet' | 'ReplicaSet' | null;
  labels?: Record<string, string>;
  deleting?: boolean;
  ready?: boolean;
}

function pod(o: PodOpts = {}): Pod {
  const metadata: Pod['metadata'] = { name: 'agent-x', namespace: 'default', resourceVersion: o.rv ?? '5', labels: o.labels ?? { app: 'agent' } };
  const owner = o.owner === undefined ? 'DaemonSet' : o.owner;
  if (owner) metadata.ownerReferences = [{ apiVersion: 'apps/v1', kind: owner, name: 'agent', uid: owner === 'DaemonSet' ? 'ds-uid' : 'rs-uid', controller: true }];
  if (o.deleting) metadata.deletionTimestamp = '2026-01-01T00:01:00Z';
  const status: Pod['status'] = { phase: 'Running' };
  if (o.ready !== undefined) status.conditions = [{ type: 'Ready', status: o.ready ? 'True' : 'False', lastTransitionTime: '2026-01-01T00:00:00Z' }];
  return { apiVersion: 'v1', kind: 'Pod', metadata, spec: { containers: [], nodeName: 'node-1' }, status };
}

function node(name: string, labels: Record<string, string> = {}, conditions: NodeCondition[] = [], rv = '1'): Node {
  return { apiVersion: 'v1', kind: 'Node', metadata: { name, labels, resourceVersion: rv }, spec: {}, status: { conditions } };
}

function revision(rv: string): ControllerRevision {
  return {
    apiVersion: 'apps/v1',
    kind: 'ControllerRevision',
    metadata: {
      name: 'agent-abc',
      namespace: 'default',
      resourceVersion: rv,
      labels: { app: 'agent' },
      ownerReferences: [{ apiVersion: 'apps/v1', kind: 'DaemonSet', name: 'agent', uid: 'ds-uid', controller: true }],
    },
    data: { spec: { template: { spec: { containers: [] } } } },
    revision: 1,
  };
}

/** setup returns a cluster with no nodes and the DaemonSet in the informer cache, its queue empty. */
function setup(ds: DaemonSet = daemonSet()): { st: EngineState; tx: Tx } {
  const st = createEngine({ seed: 1, nodes: [], images: { default: DEFAULT_IMAGE_BEHAVIOUR }, terminationSeconds: 1, watchDelaySeconds: 0.05, objects: [], actions: [] });
  applyWatch(st.cache, { type: 'ADDED', object: ds });
  return { st, tx: newTx(st, 'informer') };
}

function deliver(tx: Tx, type: 'ADDED' | 'MODIFIED' | 'DELETED', object: KubeObject, old?: KubeObject): void {
  daemonSetOnWatch(tx, { type, object }, old);
}

describe('daemonSetOnWatch pods', () => {
  it.each<[string, 'ADDED' | 'MODIFIED' | 'DELETED', Pod, Pod | undefined, string[], { add: number; del: number }]>([
    ['observes the creation of its pod', 'ADDED', pod(), undefined, [KEY], { add: 1, del: 1 }],
    ['counts an added pod that is already being deleted as a deletion', 'ADDED', pod({ deleting: true }), undefined, [KEY], { add: 2, del: 0 }],
    ['wakes the DaemonSet for an orphan it selects, without observing a creation', 'ADDED', pod({ owner: null }), undefined, [KEY], { add: 2, del: 1 }],
    ['ignores a pod another kind of controller owns', 'ADDED', pod({ owner: 'ReplicaSet' }), undefined, [], { add: 2, del: 1 }],
    ['ignores an orphan it does not select', 'ADDED', pod({ owner: null, labels: { app: 'web' } }), undefined, [], { add: 2, del: 1 }],
    ['ignores an update with the same resourceVersion', 'MODIFIED', pod({ rv: '5' }), pod({ rv: '5' }), [], { add: 2, del: 1 }],
    ['enqueues on any other update of its pod', 'MODIFIED', pod({ rv: '6' }), pod({ rv: '5' }), [KEY], { add: 2, del: 1 }],
    ['observes the deletion when a deletionTimestamp appears', 'MODIFIED', pod({ rv: '6', deleting: true }), pod(), [KEY], { add: 2, del: 0 }],
    ['observes the deletion when the pod is gone', 'DELETED', pod(), pod(), [KEY], { add: 2, del: 0 }],
  ])('%s', (_name, type, cur, old, queued, expectations) => {
    const { st, tx } = setup();
    setExpectations(st.expectations.daemonset, KEY, 2, 1, 0);
    deliver(tx, type, cur, old);
    expect(waiting(st.queues.daemonset)).toEqual(queued);
    expect(st.expectations.daemonset.get(KEY)).toMatchObject(expectations);
  });

  it('looks again minReadySeconds + 1 s after a pod turns Ready', () => {
    const { st, tx } = setup(daemonSet({ minReadySeconds: 5 }));
    deliver(tx, 'MODIFIED', pod({ rv: '6', ready: true }), pod({ ready: false }));
    expect(waiting(st.queues.daemonset)).toEqual([KEY]);
    expect(st.queues.daemonset.waitingAfter.get(KEY)).toBe(6000);
  });

  it('does not look again when minReadySeconds is 0', () => {
    const { st, tx } = setup();
    deliver(tx, 'MODIFIED', pod({ rv: '6', ready: true }), pod({ ready: false }));
    expect(st.queues.daemonset.waitingAfter.size).toBe(0);
  });
});

describe('daemonSetOnWatch DaemonSets and revisions', () => {
  it('forgets the expectations of a deleted DaemonSet and enqueues it', () => {
    const { st, tx } = setup();
    setExpectations(st.expectations.daemonset, KEY, 2, 1, 0);
    deliver(tx, 'DELETED', daemonSet());
    expect(st.expectations.daemonset.has(KEY)).toBe(false);
    expect(waiting(st.queues.daemonset)).toEqual([KEY]);
  });

  it.each<[string, 'ADDED' | 'MODIFIED' | 'DELETED', ControllerRevision, ControllerRevision | undefined, string[]]>([
    ['does not wake the owner for a revision it created', 'ADDED', revision('2'), undefined, []],
    ['wakes the owner when its revision changes', 'MODIFIED', revision('3'), revision('2'), [KEY]],
    ['ignores a revision update with the same resourceVersion', 'MODIFIED', revision('2'), revision('2'), []],
    ['wakes the owner when its revision is deleted', 'DELETED', revision('2'), revision('2'), [KEY]],
  ])('%s', (_name, type, cur, old, queued) => {
    const { st, tx } = setup();
    deliver(tx, type, cur, old);
    expect(waiting(st.queues.daemonset)).toEqual(queued);
  });
});

describe('daemonSetOnWatch nodes', () => {
  const pool = daemonSet({
    template: { metadata: { labels: { app: 'agent' } }, spec: { nodeSelector: { pool: 'a' }, containers: [{ name: 'a', image: 'a:1' }] } },
  });
  const ready: NodeCondition = { type: 'Ready', status: 'True', lastHeartbeatTime: '2026-01-01T00:00:00Z' };

  it.each<[string, 'ADDED' | 'MODIFIED' | 'DELETED', Node, Node | undefined, string[]]>([
    ['enqueues a DaemonSet that should run on a new node', 'ADDED', node('n1', { pool: 'a' }), undefined, [KEY]],
    ['skips a DaemonSet that should not run on a new node', 'ADDED', node('n1', { pool: 'b' }), undefined, []],
    ['enqueues when a label change moves the node into the pool', 'MODIFIED', node('n1', { pool: 'a' }, [], '2'), node('n1', { pool: 'b' }), [KEY]],
    ['skips a label change that changes no answer', 'MODIFIED', node('n1', { pool: 'b', x: 'y' }, [], '2'), node('n1', { pool: 'b' }), []],
    ['skips a heartbeat that only moves timestamps', 'MODIFIED', node('n1', { pool: 'a' }, [{ ...ready, lastHeartbeatTime: 'later' }], '2'), node('n1', { pool: 'a' }, [ready]), []],
    ['has no handler for a deleted node', 'DELETED', node('n1', { pool: 'a' }), node('n1', { pool: 'a' }), []],
  ])('%s', (_name, type, cur, old, queued) => {
    const { st, tx } = setup(pool);
    deliver(tx, type, cur, old);
    expect(waiting(st.queues.daemonset)).toEqual(queued);
  });
});

describe('nodeInSameCondition', () => {
  const c = (type: NodeCondition['type'], status: 'True' | 'False'): NodeCondition => ({ type, status });
  it.each<[string, NodeCondition[], NodeCondition[], boolean]>([
    ['treats two empty lists as the same', [], [], true],
    ['ignores conditions that are not True', [c('Ready', 'True'), c('DiskPressure', 'False')], [c('Ready', 'True')], true],
    ['sees a condition turning True', [c('Ready', 'False')], [c('Ready', 'True')], false],
    ['sees a True condition disappear', [c('Ready', 'True'), c('MemoryPressure', 'True')], [c('Ready', 'True')], false],
  ])('%s', (_name, a, b, want) => {
    expect(nodeInSameCondition(a, b)).toBe(want);
  });
});

describe('shouldIgnoreNodeUpdate', () => {
  it('ignores a new resourceVersion with the same True conditions', () => {
    const a = node('n', {}, [{ type: 'Ready', status: 'True', lastHeartbeatTime: 't1' }], '1');
    const b = node('n', {}, [{ type: 'Ready', status: 'True', lastHeartbeatTime: 't2' }], '2');
    expect(shouldIgnoreNodeUpdate(a, b)).toBe(true);
  });

  it('does not ignore a taint change', () => {
    const a = node('n');
    const b: Node = { ...node('n', {}, [], '2'), spec: { taints: [{ key: 'k', effect: 'NoSchedule' }] } };
    expect(shouldIgnoreNodeUpdate(a, b)).toBe(false);
  });

  it('does not ignore a node going NotReady', () => {
    const a = node('n', {}, [{ type: 'Ready', status: 'True' }]);
    const b = node('n', {}, [{ type: 'Ready', status: 'Unknown' }], '2');
    expect(shouldIgnoreNodeUpdate(a, b)).toBe(false);
  });
});
