/**
 * Fixtures controller tests share (the DaemonSet's; as statefulset/testObjects.ts for its own): an
 * engine with nodes and no workloads, its clock at TEST_NOW, and a write that reaches the API server
 * and, unless told otherwise, the informer cache at once.
 */
import type { KubeObject } from '../api/types.ts';
import { createObject, updateStatus, type WatchRecord } from '../apiserver/store.ts';
import { applyWatch } from '../client/cache.ts';
import { DEFAULT_IMAGE_BEHAVIOUR } from '../config.ts';
import { createEngine } from './simulation.ts';
import type { EngineState } from './state.ts';

/** The clock of every test cluster: 100 s in, so that a timestamp of "now" is not the epoch. */
export const TEST_NOW = 100_000;

/** testCluster builds an engine with `nodes` nodes (node-1, node-2, …) and no workloads, its clock at TEST_NOW. */
export function testCluster(nodes: number): EngineState {
  const st = createEngine({
    seed: 1,
    nodes: Array.from({ length: nodes }, (_, i) => ({ name: `node-${i + 1}`, labels: {}, taints: [], unschedulable: false, maxPods: 110 })),
    images: { default: DEFAULT_IMAGE_BEHAVIOUR },
    terminationSeconds: 1,
    watchDelaySeconds: 0.05,
    objects: [],
    actions: [],
  });
  st.now = TEST_NOW;
  return st;
}

/**
 * put writes an object to the API server and, with `toCache`, delivers it to the informer cache at
 * once. A pod's status is written after its create, as the kubelet's later write would be: the API
 * server stores a new pod as Pending.
 */
export function put<T extends KubeObject>(st: EngineState, obj: T, toCache = true): T {
  const writes: WatchRecord[] = [];
  const ctx = { now: st.now, prng: st.prng, writes };
  let res = createObject(st.store, ctx, obj);
  if (!res.ok) throw new Error(res.error.message);
  if (res.object.kind === 'Pod' && obj.kind === 'Pod' && obj.status) res = updateStatus(st.store, ctx, { ...res.object, status: obj.status });
  if (!res.ok) throw new Error(res.error.message);
  if (toCache) for (const w of writes) applyWatch(st.cache, w);
  return res.object as T;
}
