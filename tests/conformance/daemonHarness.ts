// A tiny syncDaemonSet on top of the pure DaemonSet plans, shaped like the fake controller of
// kubernetes pkg/controller/daemon/daemon_controller_test.go, so its unit tests can be replayed.
import type { ControllerRevision, DaemonSet, Node, Pod, Taint, Toleration } from '../../src/engine/api/types.ts';
import { ControllerRevisionHashLabelKey } from '../../src/engine/api/constants.ts';
import type { DecisionLog } from '../../src/engine/api/decision.ts';
import { type BackoffState, newBackOff } from '../../src/engine/controller/daemon/backoff.ts';
import { cleanupHistoryPlan, constructHistoryPlan, newControllerRef } from '../../src/engine/controller/daemon/history.ts';
import { type DaemonSetEvent, type ManagePlan, managePlan } from '../../src/engine/controller/daemon/manage.ts';
import { getNodesToDaemonPods } from '../../src/engine/controller/daemon/daemonPods.ts';
import { syncNodesPlan } from '../../src/engine/controller/daemon/syncNodesPlan.ts';
import { updateDaemonSetStatusPlan } from '../../src/engine/controller/daemon/status.ts';
import { rollingUpdatePlan } from '../../src/engine/controller/daemon/update.ts';
import type { RollingUpdatePlan } from '../../src/engine/controller/daemon/updateTypes.ts';
import { newDaemonSetPodTemplate } from '../../src/engine/controller/daemon/util/daemonsetUtil.ts';
import { computeHash } from '../../src/engine/lib/hash.ts';
import { selectorIsEmpty, selectorMatches } from '../../src/engine/lib/labels.ts';
import { type PrngState, nextFloat, seedPrng } from '../../src/engine/lib/prng.ts';
import { toRFC3339 } from '../../src/engine/lib/time.ts';

export const simpleDaemonSetLabel = { name: 'simple-daemon', type: 'production' };
export const simpleDaemonSetLabel2 = { name: 'simple-daemon', type: 'test' };
export const simpleNodeLabel = { color: 'blue', speed: 'fast' };
export const noScheduleTolerations: Toleration[] = [{ key: 'dedicated', value: 'user1', effect: 'NoSchedule' }];
export const noScheduleTaints: Taint[] = [{ key: 'dedicated', value: 'user1', effect: 'NoSchedule' }];
export const noExecuteTaints: Taint[] = [{ key: 'dedicated', value: 'user1', effect: 'NoExecute' }];

/**
 * How pod writes land. `goFakePodControl` is the upstream test double: a create or delete made
 * through it lands in the cache at once and is observed at once, so rollingUpdate runs in the
 * same sync as manage whenever syncNodes returned no error; deleting a pod the test put in the
 * store directly fails (the pod stays, the delete still counts) and that error skips rollingUpdate.
 * `cluster` is a real cluster: the watch has not caught up yet, so rollingUpdate runs only in a
 * sync where manage planned nothing.
 */
export type HarnessMode = 'goFakePodControl' | 'cluster';

export interface Harness {
  ds: DaemonSet;
  nodes: Node[];
  pods: Pod[];
  revisions: ControllerRevision[];
  backoff: BackoffState;
  nowMs: number;
  prng: PrngState;
  rand: () => number;
  mode: HarnessMode;
  log: DecisionLog;
  /** Pods created through the fake pod control: the only ones its DeletePod can remove. */
  created: Set<string>;
  seq: number;
}

/** The counts expectSyncDaemonSets checks, plus the plans behind them. */
export interface SyncResult {
  creates: number;
  deletes: number;
  events: DaemonSetEvent[];
  deletedPodNames: string[];
  manage: ManagePlan | null;
  rolling: RollingUpdatePlan | null;
  /** The claimed pods right before rollingUpdate planned (what it saw). */
  podsBeforeRolling: Pod[];
}

/** newDaemonSet mirrors the upstream helper: OnDelete, selector simpleDaemonSetLabel, image foo/bar. */
export function newDaemonSet(name: string): DaemonSet {
  return {
    apiVersion: 'apps/v1',
    kind: 'DaemonSet',
    metadata: { name, namespace: 'default', uid: `uid-${name}` },
    spec: {
      revisionHistoryLimit: 2,
      updateStrategy: { type: 'OnDelete' },
      selector: { matchLabels: { ...simpleDaemonSetLabel } },
      template: {
        metadata: { labels: { ...simpleDaemonSetLabel } },
        spec: { containers: [{ name: 'foo', image: 'foo/bar', imagePullPolicy: 'IfNotPresent' }] },
      },
    },
  };
}

/** newNode mirrors the upstream helper: a Ready node with optional labels. */
export function newNode(name: string, labels?: Record<string, string>): Node {
  const metadata: Node['metadata'] = { name };
  if (labels) metadata.labels = { ...labels };
  return { apiVersion: 'v1', kind: 'Node', metadata, spec: {}, status: { conditions: [{ type: 'Ready', status: 'True' }] } };
}

export function newHarness(ds: DaemonSet, opts: { mode?: HarnessMode; seed?: number; nowMs?: number } = {}): Harness {
  const prng = seedPrng(opts.seed ?? 1);
  return {
    ds,
    nodes: [],
    pods: [],
    revisions: [],
    // The upstream tests build the controller with NewFakeBackOff(50ms, 500ms, fakeClock).
    backoff: newBackOff(50, 500),
    nowMs: opts.nowMs ?? 1_000_000,
    prng,
    rand: () => nextFloat(prng),
    mode: opts.mode ?? 'goFakePodControl',
    log: [],
    created: new Set(),
    seq: 0,
  };
}

export function addNodes(h: Harness, start: number, count: number, labels?: Record<string, string>): void {
  for (let i = start; i < start + count; i++) h.nodes.push(newNode(`node-${i}`, labels));
}

/** newPod mirrors the upstream helper: with a DaemonSet the pod gets its current hash and a controllerRef. */
export function newPod(h: Harness, prefix: string, nodeName: string, labels: Record<string, string>, ds?: DaemonSet): Pod {
  const podLabels = { ...labels };
  const pod: Pod = { apiVersion: 'v1', kind: 'Pod', metadata: { name: `${prefix}${h.seq++}`, namespace: 'default', labels: podLabels }, spec: { containers: [{ name: 'foo', image: 'foo/bar' }] } };
  if (ds) {
    podLabels[ControllerRevisionHashLabelKey] = computeHash(ds.spec.template, ds.status?.collisionCount);
    pod.spec = structuredClone(ds.spec.template.spec);
    pod.metadata.ownerReferences = [newControllerRef(ds)];
  }
  if (nodeName) pod.spec.nodeName = nodeName;
  return pod;
}

export function addPods(h: Harness, nodeName: string, labels: Record<string, string>, ds: DaemonSet | undefined, n: number, phase?: 'Failed'): void {
  for (let i = 0; i < n; i++) {
    const pod = newPod(h, `${nodeName}-`, nodeName, labels, ds);
    if (phase) pod.status = { phase };
    h.pods.push(pod);
  }
}

/** claimedPods are the pods the DaemonSet owns or would adopt: selector match and no other controller. */
function claimedPods(h: Harness): Pod[] {
  return h.pods.filter((p) => {
    const ref = p.metadata.ownerReferences?.find((r) => r.controller);
    if (ref && ref.uid !== h.ds.metadata.uid) return false;
    return selectorMatches(h.ds.spec.selector, p.metadata.labels);
  });
}

/** applyHistory runs constructHistory and writes its plan into the harness's revisions. */
function applyHistory(h: Harness): ReturnType<typeof constructHistoryPlan> {
  const plan = constructHistoryPlan(h.ds, h.revisions, claimedPods(h));
  for (const u of plan.updates) h.revisions = h.revisions.map((r) => (r.metadata.name === u.metadata.name ? u : r));
  h.revisions = h.revisions.filter((r) => !plan.deletes.includes(r.metadata.name));
  if (plan.create) h.revisions.push(plan.create);
  return plan;
}

/** currentHash runs constructHistory and returns the hash new pods get. */
export function currentHash(h: Harness): string {
  return applyHistory(h).hash;
}

/** applyPlan carries out syncNodes through the fake pod control; true when a delete failed. */
function applyPlan(h: Harness, hash: string, podsToDelete: string[], nodesNeedingPods: string[], res: SyncResult): boolean {
  const { creates, deletes } = syncNodesPlan(podsToDelete, nodesNeedingPods);
  for (const node of creates) {
    const template = newDaemonSetPodTemplate(h.ds, hash, node);
    const name = `${h.ds.metadata.name}-${h.seq++}`;
    h.pods.push({ apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'default', labels: { ...(template.metadata?.labels ?? {}) } }, spec: template.spec });
    h.created.add(name);
  }
  let failed = false;
  for (const name of deletes) {
    res.deletedPodNames.push(name);
    if (h.mode === 'goFakePodControl' && !h.created.has(name)) {
      failed = true;
      continue;
    }
    h.pods = h.pods.filter((p) => p.metadata.name !== name);
    h.created.delete(name);
  }
  res.creates += creates.length;
  res.deletes += deletes.length;
  return failed;
}

/** sync is one syncDaemonSet pass (expectations assumed satisfied, as after clearExpectations). */
export function sync(h: Harness): SyncResult {
  const res: SyncResult = { creates: 0, deletes: 0, events: [], deletedPodNames: [], manage: null, rolling: null, podsBeforeRolling: [] };
  if (selectorIsEmpty(h.ds.spec.selector) || h.ds.metadata.deletionTimestamp) return res;
  const history = applyHistory(h);
  const hash = history.hash;

  const manage = managePlan(h.ds, h.nodes, getNodesToDaemonPods(claimedPods(h), false), hash, h.backoff, h.nowMs, h.log);
  res.manage = manage;
  h.backoff = manage.backoff;
  res.events.push(...manage.events);
  const failed = applyPlan(h, hash, manage.podsToDelete, manage.nodesNeedingDaemonPods, res);
  const manageActed = manage.podsToDelete.length + manage.nodesNeedingDaemonPods.length > 0;
  // A syncNodes error returns from updateDaemonSet before rollingUpdate and cleanupHistory.
  if (!failed) {
    const rollingAllowed = h.mode === 'goFakePodControl' || !manageActed;
    if (rollingAllowed && h.ds.spec.updateStrategy?.type === 'RollingUpdate') {
      res.podsBeforeRolling = claimedPods(h);
      const byNode = getNodesToDaemonPods(res.podsBeforeRolling, false);
      const rolling = rollingUpdatePlan(h.ds, h.nodes, byNode, hash, h.nowMs, h.rand, h.log);
      res.rolling = rolling;
      if (rolling.error === undefined) applyPlan(h, hash, rolling.podsToDelete, rolling.nodesNeedingPods, res);
    }
    const live = Object.values(getNodesToDaemonPods(claimedPods(h), true)).flat();
    const { deletes } = cleanupHistoryPlan(h.ds, history.old, live, h.log);
    h.revisions = h.revisions.filter((r) => !deletes.includes(r.metadata.name));
  }
  const status = updateDaemonSetStatusPlan(h.ds, h.nodes, getNodesToDaemonPods(claimedPods(h), false), hash, h.nowMs, true);
  if (status.changed) h.ds = { ...h.ds, status: status.status };
  return res;
}

/** clearExpectations mirrors the upstream helper: pods without a creationTimestamp get "now". */
export function clearExpectations(h: Harness): void {
  h.pods = h.pods.map((p) => (p.metadata.creationTimestamp ? p : { ...p, metadata: { ...p.metadata, creationTimestamp: toRFC3339(h.nowMs) } }));
}

/** setReady sets the pod's Ready condition; lastTransitionTime moves only when the status changes. */
export function setReady(h: Harness, pod: Pod, ready: boolean, atMs: number = h.nowMs): Pod {
  const status = ready ? 'True' : 'False';
  const conditions = pod.status?.conditions ?? [];
  if (conditions.find((c) => c.type === 'Ready')?.status === status) return pod;
  const cond = { type: 'Ready' as const, status: status as 'True' | 'False', lastTransitionTime: toRFC3339(atMs) };
  return { ...pod, status: { ...(pod.status ?? {}), conditions: [...conditions.filter((c) => c.type !== 'Ready'), cond] } };
}

/** markPodsReady marks every pod in the store Ready (upstream markPodsReady). */
export function markPodsReady(h: Harness): void {
  h.pods = h.pods.map((p) => setReady(h, p, true));
}

/** setPodReadiness mirrors the upstream helper: flip up to `count` live pods matching `fn`, at the clock's time. */
export function setPodReadiness(h: Harness, ready: boolean, count: number, fn: (p: Pod) => boolean): void {
  let left = count;
  h.pods = h.pods.map((p) => {
    const isReady = p.status?.conditions?.find((c) => c.type === 'Ready')?.status === 'True';
    if (left <= 0 || p.metadata.deletionTimestamp || isReady === ready || !fn(p)) return p;
    left--;
    return setReady(h, p, ready);
  });
  if (left > 0) throw new Error(`could not mark ${left} pods ready=${ready}`);
}

/** countReady counts pods whose Ready condition is True. */
export function countReady(h: Harness): number {
  return h.pods.filter((p) => p.status?.conditions?.some((c) => c.type === 'Ready' && c.status === 'True')).length;
}
