import { describe, expect, it } from 'vitest';
import type { ControllerRevision, DaemonSet, Event, KubeObject, Pod } from '../../api/types.ts';
import { applyWatch } from '../../client/cache.ts';
import { toRFC3339 } from '../../lib/time.ts';
import type { EngineState } from '../../sim/state.ts';
import { newTx, type Tx } from '../../client/tx.ts';
import { setExpectations } from '../expectations.ts';
import { syncDaemonSet } from './daemonController.ts';
import { newControllerRevision } from './history.ts';
import { getTargetNodeName } from './util/daemonsetUtil.ts';
import { put, TEST_NOW, testCluster } from '../../sim/testCluster.ts';

const KEY = 'default/agent';
const NOW = TEST_NOW;

function daemonSet(spec: Partial<DaemonSet['spec']> = {}, image = 'a:1'): DaemonSet {
  return {
    apiVersion: 'apps/v1',
    kind: 'DaemonSet',
    metadata: { name: 'agent', namespace: 'default' },
    spec: {
      selector: { matchLabels: { app: 'agent' } },
      updateStrategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 1, maxSurge: 0 } },
      template: { metadata: { labels: { app: 'agent' } }, spec: { containers: [{ name: 'a', image }] } },
      ...spec,
    },
  };
}

/** runningPod is a Ready daemon pod of `ds` on `node` with the given revision hash. */
function runningPod(ds: DaemonSet, node: string, hash: string): Pod {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name: `agent-${node}`,
      namespace: 'default',
      labels: { app: 'agent', 'controller-revision-hash': hash },
      ownerReferences: [{ apiVersion: 'apps/v1', kind: 'DaemonSet', name: 'agent', uid: ds.metadata.uid ?? '', controller: true }],
    },
    spec: { containers: [{ name: 'a', image: 'a:1' }], nodeName: node },
    status: { phase: 'Running', conditions: [{ type: 'Ready', status: 'True', lastTransitionTime: toRFC3339(1000) }] },
  };
}

function sync(st: EngineState): { tx: Tx; err: string | null } {
  const tx = newTx(st, 'engine');
  const err = syncDaemonSet(tx, KEY);
  return { tx, err };
}

const written = (tx: Tx, kind: KubeObject['kind'], type = 'ADDED'): KubeObject[] =>
  tx.writes.filter((w) => w.object.kind === kind && w.type === type).map((w) => w.object);
const events = (tx: Tx): string[] => (written(tx, 'Event') as Event[]).map((e) => `${e.type} ${e.reason}: ${e.message}`);
const keys = (tx: Tx, fn: string): string[] => tx.decisions.filter((d) => d.fn === fn).map((d) => d.key);

describe('syncDaemonSet', () => {
  it('creates a revision and one unbound pod per node, pinned by node affinity', () => {
    const st = testCluster(3);
    put(st, daemonSet());
    const { tx, err } = sync(st);
    expect(err).toBeNull();
    const [rev] = written(tx, 'ControllerRevision') as ControllerRevision[];
    const hash = rev?.metadata.labels?.['controller-revision-hash'];
    expect(rev?.revision).toBe(1);
    const pods = written(tx, 'Pod') as Pod[];
    expect(pods.map(getTargetNodeName)).toEqual(['node-1', 'node-2', 'node-3']);
    for (const p of pods) {
      expect(p.metadata.name).toMatch(/^agent-[bcdfghjklmnpqrstvwxz2456789]{5}$/);
      expect(p.spec.nodeName).toBeUndefined();
      expect(p.metadata.labels).toEqual({ app: 'agent', 'controller-revision-hash': hash });
      expect(p.metadata.ownerReferences).toMatchObject([{ kind: 'DaemonSet', name: 'agent', controller: true }]);
      expect(p.spec.tolerations?.map((t) => t.key)).toContain('node.kubernetes.io/unreachable');
    }
    expect(events(tx)).toEqual(pods.map((p) => `Normal SuccessfulCreate: Created pod: ${p.metadata.name}`));
    expect(st.expectations.daemonset.get(KEY)).toMatchObject({ add: 3, del: 0 });
    expect(keys(tx, 'updateDaemonSet')).toEqual(['strategyWaits']);
    const [status] = written(tx, 'DaemonSet', 'MODIFIED') as DaemonSet[];
    expect(status?.status).toMatchObject({ desiredNumberScheduled: 3, currentNumberScheduled: 0, observedGeneration: 1 });
  });

  it('creates at most 250 pods per sync, in slow-start batches', () => {
    const st = testCluster(300);
    put(st, daemonSet());
    const { tx } = sync(st);
    expect(written(tx, 'Pod')).toHaveLength(250);
    expect(st.expectations.daemonset.get(KEY)).toMatchObject({ add: 250 });
    expect(tx.decisions.find((d) => d.key === 'createBatches')?.values).toMatchObject({ batches: '1, 2, 4, 8, 16, 32, 64, 123' });
  });

  it('only updates the status, keeping observedGeneration, while expectations are pending', () => {
    const st = testCluster(2);
    const ds = put(st, daemonSet());
    setExpectations(st.expectations.daemonset, KEY, 1, 0, NOW);
    const { tx } = sync(st);
    expect(written(tx, 'Pod')).toEqual([]);
    expect(keys(tx, 'syncDaemonSet')).toContain('expectationsPending');
    const [status] = written(tx, 'DaemonSet', 'MODIFIED') as DaemonSet[];
    expect(status?.status?.observedGeneration).toBeUndefined();
    expect(status?.status?.desiredNumberScheduled).toBe(2);
    expect(ds.metadata.generation).toBe(1);
  });

  it('warns and stops on a DaemonSet that selects every pod', () => {
    const st = testCluster(2);
    put(st, daemonSet({ selector: {} }));
    const { tx } = sync(st);
    expect(events(tx)).toEqual(['Warning SelectingAll: This daemon set is selecting all pods. A non-empty selector is required.']);
    expect(tx.writes.filter((w) => w.object.kind !== 'Event')).toEqual([]);
  });

  it('does nothing, not even the status, for a DaemonSet being deleted', () => {
    const st = testCluster(2);
    const ds = put(st, daemonSet(), false);
    applyWatch(st.cache, { type: 'MODIFIED', object: { ...ds, metadata: { ...ds.metadata, deletionTimestamp: toRFC3339(NOW) } } });
    expect(sync(st).tx.writes).toEqual([]);
  });

  it('forgets the expectations of a DaemonSet that is gone', () => {
    const st = testCluster(2);
    setExpectations(st.expectations.daemonset, KEY, 3, 0, NOW);
    expect(sync(st).err).toBeNull();
    expect(st.expectations.daemonset.has(KEY)).toBe(false);
  });

  it('deletes maxUnavailable old pods in a sync where manage has nothing to do', () => {
    const st = testCluster(4);
    const ds = put(st, daemonSet({}, 'a:2'));
    put(st, newControllerRevision({ ...ds, spec: { ...ds.spec, template: daemonSet().spec.template } }, 'old', 1));
    for (const n of ['node-1', 'node-2', 'node-3', 'node-4']) put(st, runningPod(ds, n, 'old'));
    const { tx, err } = sync(st);
    expect(err).toBeNull();
    expect(written(tx, 'Pod', 'MODIFIED').filter((p) => p.metadata.deletionTimestamp)).toHaveLength(1);
    expect(written(tx, 'ControllerRevision')).toHaveLength(1);
    expect(st.expectations.daemonset.get(KEY)).toMatchObject({ add: 0, del: 1 });
  });

  it('treats a pod already gone from the API server as deleted, and goes on to the rolling update', () => {
    const st = testCluster(1);
    const ds = put(st, daemonSet());
    const current = sync(cloneFor(st)).tx;
    const [rev] = written(current, 'ControllerRevision') as ControllerRevision[];
    const hash = rev?.metadata.labels?.['controller-revision-hash'] ?? '';
    put(st, rev as ControllerRevision);
    put(st, runningPod(ds, 'node-1', hash));
    const extra = put(st, { ...runningPod(ds, 'node-1', hash), metadata: { ...runningPod(ds, 'node-1', hash).metadata, name: 'agent-zzz' } });
    st.store.objects.Pod.delete(`default/${extra.metadata.name}`);
    const { tx, err } = sync(st);
    expect(err).toBeNull();
    expect(tx.decisions.filter((d) => d.fn === 'syncNodes').map((d) => d.key)).toContain('deleteNotFound');
    expect(st.expectations.daemonset.get(KEY)).toMatchObject({ add: 0, del: 0 });
    expect(keys(tx, 'updatedDesiredNodeCounts')).toEqual(['counts']);
  });

  it('leaves old pods alone with OnDelete', () => {
    const st = testCluster(2);
    const ds = put(st, daemonSet({ updateStrategy: { type: 'OnDelete' } }, 'a:2'));
    for (const n of ['node-1', 'node-2']) put(st, runningPod(ds, n, 'old'));
    const { tx } = sync(st);
    expect(written(tx, 'Pod', 'MODIFIED')).toEqual([]);
    expect(keys(tx, 'updateDaemonSet')).toEqual(['onDelete']);
  });

  it('uses a revision the informer has not delivered yet instead of failing', () => {
    const st = testCluster(1);
    const ds = put(st, daemonSet());
    const first = sync(st);
    const [rev] = written(first.tx, 'ControllerRevision');
    st.expectations.daemonset.delete(KEY);
    const again = sync(st);
    expect(again.err).toBeNull();
    expect(keys(again.tx, 'snapshot')).toEqual(['alreadyCreated']);
    expect(rev?.metadata.ownerReferences?.[0]?.uid).toBe(ds.metadata.uid);
  });

  it('raises collisionCount and fails the sync when another template holds the revision name', () => {
    const st = testCluster(1);
    const ds = put(st, daemonSet());
    const probe = sync(cloneFor(st)).tx;
    const [rev] = written(probe, 'ControllerRevision') as ControllerRevision[];
    if (!rev) throw new Error('no revision');
    // The same name, another template: stored, but not in the informer cache.
    put(st, { ...rev, metadata: { name: rev.metadata.name, namespace: 'default', ownerReferences: rev.metadata.ownerReferences ?? [] }, data: { spec: { template: { spec: { containers: [] } } } } }, false);
    const { tx, err } = sync(st);
    expect(err).toMatch(/^failed to construct revisions of DaemonSet: controllerrevisions.apps ".*" already exists$/);
    const [bumped] = written(tx, 'DaemonSet', 'MODIFIED') as DaemonSet[];
    expect(bumped?.status?.collisionCount).toBe(1);
    expect(ds.status).toBeUndefined();
  });
});

/** cloneFor returns an independent copy of a small state (objects are immutable, maps are copied). */
function cloneFor(st: EngineState): EngineState {
  const copy = testCluster(0);
  for (const [kind, m] of Object.entries(st.store.objects)) {
    for (const o of m.values()) {
      copy.store.objects[kind as KubeObject['kind']].set(o.kind === 'Node' ? o.metadata.name : `default/${o.metadata.name}`, o);
      applyWatch(copy.cache, { type: 'ADDED', object: o });
    }
  }
  copy.store.rv = st.store.rv;
  return copy;
}
