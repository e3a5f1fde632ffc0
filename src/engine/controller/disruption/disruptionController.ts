// Port of kubernetes pkg/controller/disruption/disruption.go (v1.36): the controller shell —
// event handlers (addPod/updatePod/deletePod, addDB/updateDB/removeDB), sync, trySync, failSafe
// and the controller finders — over the shared informer cache.
/**
 * The disruption controller keeps each PodDisruptionBudget's status: how many of its pods are
 * healthy (Ready, not terminating, not just evicted), how many must be, and so how many
 * disruptions the eviction subresource may allow now. It watches pods and budgets only: a
 * Deployment scaled by kubectl or the HPA changes expectedPods at the next pod event.
 */
import { decide } from '../../api/decision.ts';
import { getControllerOf } from '../../api/ownerRefs.ts';
import type { PodDisruptionBudget } from '../../api/policyTypes.ts';
import type { KubeObject, OwnerReference, Pod } from '../../api/types.ts';
import { objectKey, type WatchRecord } from '../../apiserver/store.ts';
import { get } from '../../client/cache.ts';
import { selectorMatches } from '../../lib/labels.ts';
import { enqueue, enqueueAfter, note, recordEvent, type Tx, writeStatusOf } from '../../client/tx.ts';
import { computePdbStatus, failSafeStatus, type PodControllerFinder } from './disruption.ts';

/** The disruption controller records its Events as `controllermanager` (NewDisruptionController). */
export const DisruptionComponent = 'controllermanager';

function nsOf(o: KubeObject): string {
  return o.metadata.namespace ?? 'default';
}

function byName(a: KubeObject, b: KubeObject): number {
  return a.metadata.name < b.metadata.name ? -1 : a.metadata.name > b.metadata.name ? 1 : 0;
}

/**
 * getPodPodDisruptionBudgets is the lister expansion: the budgets of the pod's namespace whose
 * selector selects it (policy/v1: an empty selector selects everything), by name.
 */
export function getPodPodDisruptionBudgets(budgets: Iterable<KubeObject>, pod: Pod): PodDisruptionBudget[] {
  const ns = nsOf(pod);
  const out: PodDisruptionBudget[] = [];
  for (const b of budgets) {
    if (b.kind !== 'PodDisruptionBudget' || nsOf(b) !== ns) continue;
    if (selectorMatches(b.spec.selector, pod.metadata.labels)) out.push(b);
  }
  return out.sort(byName);
}

/** getPdbForPod picks the pod's budget (the first of several, with a MultiplePodDisruptionBudgets warning). */
function getPdbForPod(tx: Tx, pod: Pod): PodDisruptionBudget | undefined {
  const pdbs = getPodPodDisruptionBudgets(tx.st.cache.objects.PodDisruptionBudget.values(), pod);
  const first = pdbs[0];
  if (pdbs.length > 1 && first) {
    const msg = `Pod ${JSON.stringify(nsOf(pod))}/${JSON.stringify(pod.metadata.name)} matches multiple PodDisruptionBudgets.  Chose ${JSON.stringify(first.metadata.name)} arbitrarily.`;
    recordEvent(tx, pod, 'Warning', 'MultiplePodDisruptionBudgets', msg, DisruptionComponent);
  }
  return first;
}

/** disruptionOnWatch is the controller's event handlers; without budgets it returns at once. */
export function disruptionOnWatch(tx: Tx, rec: WatchRecord): void {
  const o = rec.object;
  if (o.kind === 'PodDisruptionBudget') {
    enqueue(tx, 'disruption', objectKey(o));
    return;
  }
  if (o.kind !== 'Pod' || tx.st.cache.objects.PodDisruptionBudget.size === 0) return;
  const pdb = getPdbForPod(tx, o);
  if (pdb) enqueue(tx, 'disruption', objectKey(pdb));
}

function groupOf(apiVersion: string): string {
  const i = apiVersion.indexOf('/');
  return i < 0 ? '' : apiVersion.slice(0, i);
}

/** verifyGroupKind: the reference names this kind in one of these groups. */
function verifyGroupKind(ref: OwnerReference, kind: string, groups: readonly string[]): boolean {
  return ref.kind === kind && groups.includes(groupOf(ref.apiVersion));
}

/** finders returns the controller finders in upstream's order, over the informer cache. */
function finders(tx: Tx): PodControllerFinder[] {
  const c = tx.st.cache;
  const rsOf = (ref: OwnerReference, ns: string) => {
    if (!verifyGroupKind(ref, 'ReplicaSet', ['apps', 'extensions'])) return undefined;
    const rs = get(c, 'ReplicaSet', `${ns}/${ref.name}`);
    return rs && rs.metadata.uid === ref.uid ? rs : undefined;
  };
  // getPodDeployment: the ReplicaSet's controlling Deployment and its replicas.
  const getPodDeployment: PodControllerFinder = (ref, ns) => {
    const rs = rsOf(ref, ns);
    const dref = rs ? getControllerOf(rs) : undefined;
    if (!rs || !dref || !verifyGroupKind(dref, 'Deployment', ['apps', 'extensions'])) return null;
    const d = get(c, 'Deployment', `${ns}/${dref.name}`);
    if (!d || d.metadata.uid !== dref.uid) return null;
    return { uid: d.metadata.uid ?? '', scale: d.spec.replicas ?? 1 };
  };
  // getPodReplicaSet: a ReplicaSet no Deployment controls.
  const getPodReplicaSet: PodControllerFinder = (ref, ns) => {
    const rs = rsOf(ref, ns);
    if (!rs || getControllerOf(rs)?.kind === 'Deployment') return null;
    return { uid: rs.metadata.uid ?? '', scale: rs.spec.replicas ?? 1 };
  };
  // getScaleController: anything else through the scale subresource; a DaemonSet has none.
  const getScaleController: PodControllerFinder = (ref) => {
    const group = groupOf(ref.apiVersion);
    if (ref.kind === 'DaemonSet' && group === 'apps') return { error: 'daemonsets.apps does not implement the scale subresource' };
    if (ref.kind === 'ReplicaSet' || ref.kind === 'Deployment') return null;
    return { error: `no matches for kind ${JSON.stringify(ref.kind)} in group ${JSON.stringify(group)}` };
  };
  return [getPodDeployment, getPodReplicaSet, getScaleController];
}

/** getPodsForPdb lists the cached pods of the budget's namespace its selector selects. */
function getPodsForPdb(tx: Tx, pdb: PodDisruptionBudget): Pod[] {
  const ns = nsOf(pdb);
  const out: Pod[] = [];
  for (const p of tx.st.cache.objects.Pod.values()) {
    if (p.kind === 'Pod' && nsOf(p) === ns && selectorMatches(pdb.spec.selector, p.metadata.labels)) out.push(p);
  }
  tx.cost += tx.st.cache.objects.Pod.size;
  return out;
}

/** syncDisruption is sync: one budget key; an error (a Conflict on the status write) requeues with back-off. */
export function syncDisruption(tx: Tx, key: string): string | null {
  tx.actor = 'disruption-controller';
  const pdb = get(tx.st.cache, 'PodDisruptionBudget', key);
  if (!pdb) {
    note(tx, 'budgetDeleted', { key });
    return null;
  }
  const err = trySync(tx, pdb, key);
  if (err === null || err.conflict) return err?.message ?? null;
  // failSafe: at least stop evictions (disruptionsAllowed 0, DisruptionAllowed False SyncFailed).
  decide(tx.decisions, 'failSafe', 'syncFailed', { pdb: pdb.metadata.name, error: err.message });
  const res = writeStatusOf(tx, pdb, failSafeStatus(pdb, err.message, tx.now), key);
  return res.ok ? null : res.error.message;
}

function trySync(tx: Tx, pdb: PodDisruptionBudget, key: string): { message: string; conflict: boolean } | null {
  const name = pdb.metadata.name;
  const pods = getPodsForPdb(tx, pdb);
  if (pods.length === 0) recordEvent(tx, pdb, 'Normal', 'NoPods', 'No matching pods found', DisruptionComponent);
  const plan = computePdbStatus(pdb, pods, finders(tx), tx.now);
  if ('error' in plan) {
    recordEvent(tx, pdb, 'Warning', 'CalculateExpectedPodCountFailed', `Failed to calculate the number of expected pods: ${plan.error}`, DisruptionComponent);
    return { message: plan.error, conflict: false };
  }
  const { expected, currentHealthy, recheckAt, notDeleted, status } = plan;
  if (expected.unmanagedPods.length > 0) {
    recordEvent(
      tx,
      pdb,
      'Warning',
      'UnmanagedPods',
      `Pods selected by this PodDisruptionBudget (selector: ${selectorText(pdb)}) were found to be unmanaged. As a result, the status of the PDB cannot be calculated correctly, which may result in undefined behavior. To account for these pods please set ".spec.minAvailable" field of the PDB to an integer value.`,
      DisruptionComponent,
    );
  }
  for (const p of notDeleted) {
    // Upstream prints the budget's namespace twice here.
    const ns = nsOf(pdb);
    recordEvent(tx, p, 'Warning', 'NotDeleted', `Pod was expected by PDB ${ns}/${ns} to be deleted but it wasn't`, DisruptionComponent);
  }
  const allowed = status?.disruptionsAllowed ?? pdb.status?.disruptionsAllowed ?? 0;
  decide(tx.decisions, 'updatePdbStatus', 'disruptionsAllowed', {
    pdb: name,
    currentHealthy,
    desiredHealthy: expected.desiredHealthy,
    expectedPods: expected.expectedCount,
    disruptionsAllowed: allowed,
  });
  note(tx, 'budgetSynced', { pdb: name, allowed });
  if (status !== null) {
    const res = writeStatusOf(tx, pdb, status, key);
    if (!res.ok) return { message: res.error.message, conflict: res.error.reason === 'Conflict' };
  }
  if (recheckAt !== null) enqueueAfter(tx, 'disruption', key, recheckAt - tx.now);
  return null;
}

function selectorText(pdb: PodDisruptionBudget): string {
  // fmt's %v of *metav1.LabelSelector: &LabelSelector{MatchLabels:map[string]string{app: web,},MatchExpressions:[]LabelSelectorRequirement{},}
  const ml = Object.keys(pdb.spec.selector?.matchLabels ?? {})
    .sort()
    .map((k) => `${k}: ${pdb.spec.selector?.matchLabels?.[k] ?? ''},`)
    .join('');
  return `&LabelSelector{MatchLabels:map[string]string{${ml}},MatchExpressions:[]LabelSelectorRequirement{},}`;
}
