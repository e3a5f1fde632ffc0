// Port of kubernetes pkg/controller/daemon/update.go constructHistory, snapshot, dedupCurHistories,
// cleanupHistory (the writes) (v1.36); controlledHistories' claim is controlledHistories.ts.
/**
 * The effectful halves of DaemonSet history: they carry out constructHistoryPlan and
 * cleanupHistoryPlan through the API server (ControllerRevision creates, updates and deletes, pod
 * relabels) and handle what only the API server can tell: a revision the informer has not
 * delivered yet already exists, or its name collides with another template's revision.
 */
import { ControllerRevisionHashLabelKey } from '../../api/constants.ts';
import { type DecisionLog, decide } from '../../api/decision.ts';
import type { ControllerRevision, DaemonSet, Pod } from '../../api/types.ts';
import { newNotFound } from '../../apiserver/errors.ts';
import { objectKey } from '../../apiserver/store.ts';
import { create, del, type Tx, update, writeStatus } from '../../client/tx.ts';
import { controlledHistories } from './controlledHistories.ts';
import { cleanupHistoryPlan, constructHistoryPlan, DefaultRevisionHistoryLimit, match } from './history.ts';

/** What constructHistory yields: the current revision's hash and the old revisions, or an error. */
export type ConstructHistoryResult =
  | { ok: true; hash: string; current: ControllerRevision; old: ControllerRevision[] }
  | { ok: false; error: string };

/** withoutResourceVersion drops the resourceVersion: the write applies to whatever is stored (a patch). */
function withoutResourceVersion<T extends Pod | ControllerRevision>(o: T): T {
  const { resourceVersion: _rv, ...metadata } = o.metadata;
  return { ...o, metadata };
}

/**
 * snapshot creates the current revision. When the name is already taken the stored revision is
 * read from the API server: if its data equals the template the informer simply has not
 * delivered it yet, and it is the current revision; otherwise two templates hash alike, so
 * status.collisionCount is raised (the next hash differs) and the sync fails, to be retried.
 */
function snapshot(tx: Tx, ds: DaemonSet, revision: ControllerRevision, log: DecisionLog): ConstructHistoryResult | ControllerRevision {
  const res = create(tx, revision);
  if (res.ok) return res.object;
  if (res.error.reason !== 'AlreadyExists') return { ok: false, error: res.error.message };
  const existing = tx.st.store.objects.ControllerRevision.get(objectKey(revision)) as ControllerRevision | undefined;
  if (!existing) return { ok: false, error: res.error.message };
  if (match(ds, existing)) {
    decide(log, 'snapshot', 'alreadyCreated', { revision: existing.metadata.name });
    return existing;
  }
  const fresh = tx.st.store.objects.DaemonSet.get(objectKey(ds)) as DaemonSet | undefined;
  if (!fresh) return { ok: false, error: newNotFound('DaemonSet', ds.metadata.name).message };
  const collisionCount = (fresh.status?.collisionCount ?? 0) + 1;
  const status = { currentNumberScheduled: 0, numberMisscheduled: 0, desiredNumberScheduled: 0, numberReady: 0, ...fresh.status, collisionCount };
  const up = writeStatus(tx, { ...fresh, status });
  if (!up.ok) return { ok: false, error: up.error.message };
  decide(log, 'snapshot', 'hashCollision', { revision: revision.metadata.name, collisionCount });
  return { ok: false, error: res.error.message };
}

/**
 * writeRevision updates a revision through the API server, on top of this sync's earlier write of
 * it (its resourceVersion) if any; returns the stored object or the error message.
 */
function writeRevision(tx: Tx, written: Map<string, ControllerRevision>, r: ControllerRevision): ControllerRevision | string {
  const prev = written.get(r.metadata.name);
  const obj = prev ? { ...r, metadata: { ...r.metadata, resourceVersion: prev.metadata.resourceVersion } } : r;
  const res = update(tx, obj);
  if (!res.ok) return res.error.message;
  written.set(r.metadata.name, res.object);
  return res.object;
}

/** isRaise: the raise of the current revision's number comes last, after duplicates are gone. */
function isRaise(current: ControllerRevision, cachedRevision: ReadonlyMap<string, number> | null, r: ControllerRevision): boolean {
  return r.metadata.name === current.metadata.name && r.revision !== cachedRevision?.get(r.metadata.name);
}

/**
 * constructHistory carries out constructHistoryPlan: label revisions that lack the hash label,
 * create the current revision (or find it already created), relabel pods onto the kept
 * revision and delete duplicates, then raise the current revision's number. Revisions written
 * earlier in the same call are rebased on their new resourceVersion. The claimed pods may come
 * as a function: only duplicate current revisions need them.
 */
export function constructHistory(tx: Tx, ds: DaemonSet, claimedPods: readonly Pod[] | (() => readonly Pod[])): ConstructHistoryResult {
  const log: DecisionLog = tx.decisions;
  const cached = controlledHistories(tx, ds);
  if (typeof cached === 'string') return { ok: false, error: cached };
  tx.cost += cached.length;
  const plan = constructHistoryPlan(ds, cached, claimedPods, log);
  const ns = ds.metadata.namespace ?? 'default';
  const written = new Map<string, ControllerRevision>();
  // Most syncs update no revision: the map of cached numbers is built only when one does.
  const cachedRevision = plan.updates.length === 0 ? null : new Map(cached.map((r) => [r.metadata.name, r.revision] as const));
  const old: ControllerRevision[] = [];
  for (const u of plan.updates) {
    if (isRaise(plan.currentRevision, cachedRevision, u)) continue;
    const w = writeRevision(tx, written, u);
    if (typeof w === 'string') return { ok: false, error: w };
  }
  for (const r of plan.old) old.push(written.get(r.metadata.name) ?? r);

  let current: ControllerRevision;
  if (plan.create) {
    const made = snapshot(tx, ds, plan.create, log);
    if ('ok' in made) return made;
    current = made;
  } else {
    for (const p of plan.podLabelPatches) {
      const pod = tx.st.store.objects.Pod.get(`${ns}/${p.pod}`) as Pod | undefined;
      if (!pod) return { ok: false, error: newNotFound('Pod', p.pod).message };
      const labels = { ...(pod.metadata.labels ?? {}), [ControllerRevisionHashLabelKey]: p.hash };
      const res = update(tx, withoutResourceVersion({ ...pod, metadata: { ...pod.metadata, labels } }));
      if (!res.ok) return { ok: false, error: res.error.message };
    }
    for (const name of plan.deletes) {
      const res = del(tx, 'ControllerRevision', `${ns}/${name}`);
      if (!res.ok) return { ok: false, error: res.error.message };
    }
    current = written.get(plan.currentRevision.metadata.name) ?? plan.currentRevision;
    const raise = plan.updates.find((u) => isRaise(plan.currentRevision, cachedRevision, u));
    if (raise) {
      const w = writeRevision(tx, written, raise);
      if (typeof w === 'string') return { ok: false, error: w };
      current = w;
    }
  }
  const hash = current.metadata.labels?.[ControllerRevisionHashLabelKey] ?? plan.hash;
  return { ok: true, hash, current, old };
}

/**
 * cleanupHistory deletes the old revisions beyond revisionHistoryLimit that no pod (deleted
 * terminal pods included) still carries, oldest first. The pods are listed only when there are
 * more old revisions than the limit keeps.
 */
export function cleanupHistory(tx: Tx, ds: DaemonSet, old: readonly ControllerRevision[], livePods: () => readonly Pod[]): string | null {
  const log: DecisionLog = tx.decisions;
  const limit = ds.spec.revisionHistoryLimit ?? DefaultRevisionHistoryLimit;
  if (old.length <= limit) return null;
  const { deletes } = cleanupHistoryPlan(ds, old, livePods(), log);
  const ns = ds.metadata.namespace ?? 'default';
  for (const name of deletes) {
    const res = del(tx, 'ControllerRevision', `${ns}/${name}`);
    if (!res.ok) return res.error.message;
  }
  return null;
}
