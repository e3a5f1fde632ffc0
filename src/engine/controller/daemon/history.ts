// Port of kubernetes pkg/controller/daemon/update.go constructHistory, cleanupHistory and their helpers (v1.36);
// getPatch, the revision numbers and the renumbering are controller/history's, shared with the StatefulSet.
/**
 * DaemonSet history: one ControllerRevision per distinct pod template. The revision's data is
 * the patch that restores the template (`kubectl rollout undo` applies it); its hash label is
 * what pods carry as controller-revision-hash. These are the pure halves of constructHistory and
 * cleanupHistory; the shell writes the planned creates, updates, pod relabels and deletes.
 */
import { ControllerRevisionHashLabelKey } from '../../api/constants.ts';
import { newControllerRef as newOwnerRef } from '../../api/ownerRefs.ts';
import { type DecisionLog, decide } from '../../api/decision.ts';
import type { ControllerRevision, DaemonSet, OwnerReference, Pod } from '../../api/types.ts';
import { computeHash } from '../../lib/hash.ts';
import { getPatch, nextRevision, revisionDataBytes, updateControllerRevision } from '../history/controllerHistory.ts';

/** The default revisionHistoryLimit of a DaemonSet (apps/v1 defaults). */
export const DefaultRevisionHistoryLimit = 10;

/** match reports whether a revision's data byte-equals the DaemonSet's current patch (getPatch). */
export function match(ds: DaemonSet, history: ControllerRevision): boolean {
  return revisionDataBytes({ data: getPatch(ds) }) === revisionDataBytes(history);
}

/** newControllerRef returns the controller ownerReference a DaemonSet puts on what it owns. */
export function newControllerRef(ds: DaemonSet): OwnerReference {
  return newOwnerRef(ds, 'apps/v1', 'DaemonSet');
}

/**
 * newControllerRevision builds the revision snapshot() creates: name `<ds>-<hash>`, labels = the
 * template labels plus controller-revision-hash, the DaemonSet's annotations, its controllerRef.
 */
export function newControllerRevision(ds: DaemonSet, hash: string, revision: number): ControllerRevision {
  const metadata: ControllerRevision['metadata'] = {
    name: `${ds.metadata.name}-${hash}`,
    labels: { ...(ds.spec.template.metadata?.labels ?? {}), [ControllerRevisionHashLabelKey]: hash },
    ownerReferences: [newControllerRef(ds)],
  };
  if (ds.metadata.namespace !== undefined) metadata.namespace = ds.metadata.namespace;
  if (ds.metadata.annotations !== undefined) metadata.annotations = { ...ds.metadata.annotations };
  return { apiVersion: 'apps/v1', kind: 'ControllerRevision', metadata, data: getPatch(ds), revision };
}

/** What constructHistory must write, and what it yields. */
export interface ConstructHistoryPlan {
  /** The revision to create (no existing revision matches the template), or null. */
  create: ControllerRevision | null;
  /** True when `create`'s name is already taken by another revision: a hash collision (bump collisionCount). */
  nameCollision: boolean;
  /** Revisions to update, in order: a missing hash label added, then a revision number raised. */
  updates: ControllerRevision[];
  /** Pods to relabel to the kept revision's hash when duplicate current revisions are merged. */
  podLabelPatches: { pod: string; hash: string }[];
  /** Duplicate current revisions to delete. */
  deletes: string[];
  /** The current revision as it will be after the writes. */
  currentRevision: ControllerRevision;
  /** The revisions that do not match the template. */
  old: ControllerRevision[];
  /** The current revision's controller-revision-hash: the label new pods get. */
  hash: string;
}

/**
 * The last plan made for a template object that writes nothing, with the revision list it was
 * made from. Such a plan is a function of the template and the revisions alone (the DaemonSet's
 * other fields matter only to a revision it creates), and API objects are immutable: the same
 * template and the very same revision objects give the same plan and its one line. Nearly every
 * sync of a rollout is such a sync (2,200 of a 5,000-node rollout's 2,234).
 */
const keptPlans = new WeakMap<object, { revisions: readonly ControllerRevision[]; plan: ConstructHistoryPlan }>();

/** sameRevisions: the same revision objects in the same order. */
function sameRevisions(a: readonly ControllerRevision[], b: readonly ControllerRevision[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * constructHistoryPlan sorts the owned revisions into current (data equals the template patch)
 * and old, labels any revision lacking controller-revision-hash with its own name, and then:
 * - no current revision → create one numbered max(old) + 1;
 * - several → keep the highest-numbered, relabel pods to its hash, delete the others;
 * - a current revision numbered below max(old) + 1 (a rollback to an old template) is raised.
 */
export function constructHistoryPlan(
  ds: DaemonSet,
  revisions: readonly ControllerRevision[],
  pods: readonly Pod[] | (() => readonly Pod[]),
  log?: DecisionLog,
): ConstructHistoryPlan {
  const fn = 'constructHistory';
  const kept = keptPlans.get(ds.spec.template);
  if (kept !== undefined && sameRevisions(kept.revisions, revisions)) {
    const cur = kept.plan.currentRevision;
    decide(log, fn, 'currentRevision', { revision: cur.metadata.name, number: cur.revision });
    return kept.plan;
  }
  const updates: ControllerRevision[] = [];
  const current: ControllerRevision[] = [];
  const old: ControllerRevision[] = [];
  for (const r of revisions) {
    let history = r;
    if (!Object.hasOwn(r.metadata.labels ?? {}, ControllerRevisionHashLabelKey)) {
      // The name, not a recomputed hash: it is unique even after a hash collision.
      const labels = { ...(r.metadata.labels ?? {}), [ControllerRevisionHashLabelKey]: r.metadata.name };
      history = { ...r, metadata: { ...r.metadata, labels } };
      decide(log, fn, 'addHashLabel', { revision: r.metadata.name });
      updates.push(history);
    }
    (match(ds, history) ? current : old).push(history);
  }
  const currRevision = nextRevision(old);
  const plan: Omit<ConstructHistoryPlan, 'currentRevision' | 'hash'> = {
    create: null,
    nameCollision: false,
    updates,
    podLabelPatches: [],
    deletes: [],
    old,
  };

  let cur: ControllerRevision;
  if (current.length === 0) {
    const hash = computeHash(ds.spec.template, ds.status?.collisionCount);
    cur = newControllerRevision(ds, hash, currRevision);
    plan.create = cur;
    plan.nameCollision = revisions.some((r) => r.metadata.name === cur.metadata.name);
    decide(log, fn, 'createRevision', { revision: cur.metadata.name, number: currRevision, hash });
  } else {
    cur = dedupCurHistories(current, pods, plan, log);
    if (cur.revision < currRevision) {
      decide(log, fn, 'raiseRevision', { revision: cur.metadata.name, from: cur.revision, to: currRevision });
      cur = updateControllerRevision(cur, currRevision);
      updates.push(cur);
    } else {
      decide(log, fn, 'currentRevision', { revision: cur.metadata.name, number: cur.revision });
    }
  }
  const hash = cur.metadata.labels?.[ControllerRevisionHashLabelKey] ?? '';
  const out = { ...plan, currentRevision: cur, hash };
  if (out.create === null && updates.length === 0 && out.podLabelPatches.length === 0 && out.deletes.length === 0) {
    keptPlans.set(ds.spec.template, { revisions: [...revisions], plan: out });
  }
  return out;
}

/**
 * dedupCurHistories keeps the highest-numbered current revision (the last one on ties). The pods
 * may come as a function: they are listed only when there is more than one current revision.
 */
function dedupCurHistories(
  current: readonly ControllerRevision[],
  podsOrList: readonly Pod[] | (() => readonly Pod[]),
  plan: Pick<ConstructHistoryPlan, 'podLabelPatches' | 'deletes'>,
  log: DecisionLog | undefined,
): ControllerRevision {
  const [first] = current;
  if (first === undefined || current.length === 1) return first as ControllerRevision;
  let keep = first;
  let max = 0;
  for (const c of current) {
    if (c.revision >= max) {
      keep = c;
      max = c.revision;
    }
  }
  const keepHash = keep.metadata.labels?.[ControllerRevisionHashLabelKey] ?? '';
  const pods = typeof podsOrList === 'function' ? podsOrList() : podsOrList;
  for (const pod of pods) {
    if (pod.metadata.labels?.[ControllerRevisionHashLabelKey] !== keepHash) {
      plan.podLabelPatches.push({ pod: pod.metadata.name, hash: keepHash });
    }
  }
  for (const c of current) {
    if (c.metadata.name === keep.metadata.name) continue;
    decide(log, 'constructHistory', 'deleteDuplicate', { revision: c.metadata.name, keep: keep.metadata.name });
    plan.deletes.push(c.metadata.name);
  }
  return keep;
}

/**
 * cleanupHistoryPlan deletes old revisions beyond revisionHistoryLimit, lowest revision first,
 * skipping (without replacing) any whose hash a live pod still carries. With limit 2 and old
 * revisions 1, 2, 3, 4 where a pod still runs revision 1: toKill = 2, so 2 and 3 go.
 * `livePods` should include deleted terminal pods, as upstream's does.
 */
export function cleanupHistoryPlan(
  ds: DaemonSet,
  oldRevisions: readonly ControllerRevision[],
  livePods: readonly Pod[],
  log?: DecisionLog,
): { deletes: string[] } {
  const limit = ds.spec.revisionHistoryLimit ?? DefaultRevisionHistoryLimit;
  let toKill = oldRevisions.length - limit;
  if (toKill <= 0) return { deletes: [] };
  decide(log, 'cleanupHistory', 'summary', { old: oldRevisions.length, limit, toKill });
  const liveHashes = new Set<string>();
  for (const pod of livePods) {
    const h = pod.metadata.labels?.[ControllerRevisionHashLabelKey];
    if (h) liveHashes.add(h);
  }
  const sorted = [...oldRevisions].sort((a, b) => a.revision - b.revision);
  const deletes: string[] = [];
  for (const h of sorted) {
    if (toKill <= 0) break;
    const values = { revision: h.metadata.name, number: h.revision };
    if (liveHashes.has(h.metadata.labels?.[ControllerRevisionHashLabelKey] ?? '')) {
      decide(log, 'cleanupHistory', 'keepLive', values);
      continue;
    }
    decide(log, 'cleanupHistory', 'deleteRevision', values);
    deletes.push(h.metadata.name);
    toKill--;
  }
  return { deletes };
}
