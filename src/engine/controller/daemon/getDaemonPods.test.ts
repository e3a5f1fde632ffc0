// getDaemonPods' claim, one sync's worth, against a cluster whose API server and informer cache
// the test writes directly: what is adopted, released or left, the writes, the errors, and where
// the memo then files the pods (the node map manage and the status read).
import { describe, expect, it } from 'vitest';
import type { DaemonSet, KubeObject, LabelSelector, Pod } from '../../api/types.ts';
import { applyWatch } from '../../client/cache.ts';
import { newTx } from '../../client/tx.ts';
import { toRFC3339 } from '../../lib/time.ts';
import type { EngineState } from '../../sim/state.ts';
import { getDaemonPods } from './getDaemonPods.ts';
import { syncMemo } from './nodeMemo.ts';
import { put, TEST_NOW, testCluster } from '../../sim/testCluster.ts';

const KEY = 'default/agent';
const NOW = TEST_NOW;
const DELETED = toRFC3339(NOW);

function daemonSet(selector: LabelSelector = { matchLabels: { app: 'agent' } }): DaemonSet {
  return {
    apiVersion: 'apps/v1',
    kind: 'DaemonSet',
    metadata: { name: 'agent', namespace: 'default' },
    spec: { selector, template: { metadata: { labels: { app: 'agent' } }, spec: { containers: [{ name: 'a', image: 'a:1' }] } } },
  };
}

/** pod is a pod on `node`, labelled `labels`, controlled by `owner` (a uid) or an orphan. */
function pod(name: string, node: string, labels: Record<string, string>, owner?: string): Pod {
  const ownerReferences = owner === undefined ? undefined : [{ apiVersion: 'apps/v1', kind: 'DaemonSet', name: 'agent', uid: owner, controller: true }];
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, namespace: 'default', labels, ...(ownerReferences ? { ownerReferences } : {}) },
    spec: { containers: [{ name: 'a', image: 'a:1' }], nodeName: node },
  };
}

/** cacheOnly replaces an object in the informer cache, the API server keeping its own version. */
function cacheOnly<T extends KubeObject>(st: EngineState, obj: T): void {
  applyWatch(st.cache, { type: 'MODIFIED', object: { ...obj, metadata: { ...obj.metadata, resourceVersion: String(Number(obj.metadata.resourceVersion) + 1000) } } });
}

interface Case {
  selector?: LabelSelector;
  /** The pods, given the DaemonSet's uid. */
  pods: (uid: string) => Pod[];
  /** The DaemonSet being deleted: as the informer holds it, or only as the API server does. */
  deleting?: 'cached' | 'stored';
  /** Pods being deleted, by name. */
  podsDeleting?: string[];
  decisions: string[];
  /** The claimed pods by node afterwards. */
  byNode: Record<string, string[]>;
  /** The pods that name the DaemonSet in the API server afterwards. */
  owned: string[];
  error?: RegExp;
}

const APP = { app: 'agent' };

describe('getDaemonPods', () => {
  it.each<[string, Case]>([
    ['adopts an orphan that matches, as the daemon pod of its node', {
      pods: (uid) => [pod('a1', 'node-1', APP, uid), pod('orphan', 'node-2', APP)],
      decisions: ['adopted orphan node-2'], byNode: { 'node-1': ['a1'], 'node-2': ['orphan'] }, owned: ['a1', 'orphan'],
    }],
    ['adopts an orphan on a node that has a daemon pod, last of that node', {
      pods: (uid) => [pod('a1', 'node-1', APP, uid), pod('orphan', 'node-1', { ...APP, tier: 'x' })],
      decisions: ['adopted orphan node-1'], byNode: { 'node-1': ['a1', 'orphan'] }, owned: ['a1', 'orphan'],
    }],
    ['does not adopt when the DaemonSet is being deleted', {
      pods: () => [pod('orphan', 'node-2', APP)], deleting: 'cached',
      decisions: [], byNode: {}, owned: [],
    }],
    ['does not adopt, and fails, when the API server says the DaemonSet is being deleted', {
      pods: () => [pod('orphan', 'node-2', APP)], deleting: 'stored',
      decisions: [], byNode: {}, owned: [], error: /^can't adopt Pod default\/orphan \(.+\): default\/agent has just been deleted at /,
    }],
    ['does not adopt an orphan being deleted', {
      pods: () => [pod('orphan', 'node-2', APP)], podsDeleting: ['orphan'],
      decisions: [], byNode: {}, owned: [],
    }],
    ['does not adopt an orphan that fails a NotIn term of the selector', {
      selector: { matchLabels: APP, matchExpressions: [{ key: 'track', operator: 'NotIn', values: ['canary'] }] },
      pods: () => [pod('orphan', 'node-2', { ...APP, track: 'canary' })],
      decisions: [], byNode: {}, owned: [],
    }],
    ['releases a pod relabelled out of the selector, and its node has no daemon pod left', {
      pods: (uid) => [pod('a1', 'node-1', APP, uid), pod('a2', 'node-2', { debug: 'true' }, uid)],
      decisions: ['released a2 node-2'], byNode: { 'node-1': ['a1'] }, owned: ['a1'],
    }],
    ['releases a pod that fails a DoesNotExist term, even while it terminates', {
      selector: { matchLabels: APP, matchExpressions: [{ key: 'track', operator: 'DoesNotExist' }] },
      pods: (uid) => [pod('a2', 'node-2', { ...APP, track: 'canary' }, uid)], podsDeleting: ['a2'],
      decisions: ['released a2 node-2'], byNode: {}, owned: [],
    }],
    ['does not release while the DaemonSet is being deleted', {
      pods: (uid) => [pod('a2', 'node-2', { debug: 'true' }, uid)], deleting: 'cached',
      decisions: [], byNode: {}, owned: ['a2'],
    }],
  ])('%s', (_name, c) => {
    const st = testCluster(2);
    let ds = put(st, daemonSet(c.selector));
    for (const p of c.pods(ds.metadata.uid ?? '')) {
      const stored = put(st, p);
      if (c.podsDeleting?.includes(p.metadata.name)) {
        const deleting = { ...stored, metadata: { ...stored.metadata, deletionTimestamp: DELETED } };
        st.store.objects.Pod.set(`default/${p.metadata.name}`, deleting);
        cacheOnly(st, deleting);
      }
    }
    if (c.deleting !== undefined) {
      const deleting = { ...ds, metadata: { ...ds.metadata, deletionTimestamp: DELETED } };
      st.store.objects.DaemonSet.set(KEY, deleting);
      if (c.deleting === 'cached') ds = deleting;
    }
    const memo = syncMemo(st.dsMemo, st.cache, KEY, ds);
    const tx = newTx(st, 'engine');
    const err = getDaemonPods(tx, ds, memo);
    if (c.error) expect(err).toMatch(c.error);
    else expect(err).toBeNull();
    expect(tx.decisions.map((d) => `${d.key} ${String(d.values.pod)} ${String(d.values.node)}`)).toEqual(c.decisions);
    expect(Object.fromEntries(Object.entries(memo.byNode).map(([n, ps]) => [n, ps.map((p) => p.metadata.name)]))).toEqual(c.byNode);
    const owned = [...st.store.objects.Pod.values()].filter((p) => p.metadata.ownerReferences?.some((r) => r.uid === ds.metadata.uid && r.controller));
    expect(owned.map((p) => p.metadata.name).sort()).toEqual(c.owned);
  });

  it('writes nothing and says nothing again while the informer has not delivered its adoption or release', () => {
    const st = testCluster(2);
    const ds = put(st, daemonSet());
    const uid = ds.metadata.uid ?? '';
    put(st, pod('orphan', 'node-1', APP));
    put(st, pod('a2', 'node-2', { debug: 'true' }, uid));
    const first = newTx(st, 'engine');
    expect(getDaemonPods(first, ds, syncMemo(st.dsMemo, st.cache, KEY, ds))).toBeNull();
    expect(first.decisions.map((d) => d.key)).toEqual(['released', 'adopted']);
    // A memo rebuilt from the same cache, as after a missed event: the stored pods already say it.
    st.dsMemo.clear();
    const memo = syncMemo(st.dsMemo, st.cache, KEY, ds);
    const again = newTx(st, 'engine');
    expect(getDaemonPods(again, ds, memo)).toBeNull();
    expect(again.writes).toEqual([]);
    expect(again.decisions).toEqual([]);
    expect(memo.byNode['node-1']?.map((p) => p.metadata.name)).toEqual(['orphan']);
  });
});
