// Port of the ReplicaSet helpers of kubernetes pkg/controller/deployment/util/deployment_util.go
// and pkg/util/labels (v1.36): counting, new/old ReplicaSets, revisions, the new RS object.
import { DefaultDeploymentUniqueLabelKey } from '../../../api/constants.ts';
import type { Deployment, LabelSelector, PodTemplateSpec, ReplicaSet } from '../../../api/types.ts';
import { computeHash, deepEqual } from '../../../lib/hash.ts';
import {
  filterActiveReplicaSets,
  parseRevisionAnnotation,
  replicaSetsByCreationTimestamp,
  replicaSetsByCreationTimestampLess,
  sortByLess,
  specReplicas,
} from '../../sort.ts';
import { setNewReplicaSetAnnotations } from './annotations.ts';
import { newRSNewReplicas } from './fenceposts.ts';

type MaybeRS = ReplicaSet | null | undefined;

function present(rss: readonly MaybeRS[]): ReplicaSet[] {
  return rss.filter((rs): rs is ReplicaSet => !!rs);
}

/** getReplicaCountForReplicaSets sums spec.replicas (nil entries skipped). */
export function getReplicaCountForReplicaSets(rss: readonly MaybeRS[]): number {
  return present(rss).reduce((n, rs) => n + specReplicas(rs), 0);
}

/** getActualReplicaCountForReplicaSets sums status.replicas (the active, non-terminating pods). */
export function getActualReplicaCountForReplicaSets(rss: readonly MaybeRS[]): number {
  return present(rss).reduce((n, rs) => n + (rs.status?.replicas ?? 0), 0);
}

/** getReadyReplicaCountForReplicaSets sums status.readyReplicas. */
export function getReadyReplicaCountForReplicaSets(rss: readonly MaybeRS[]): number {
  return present(rss).reduce((n, rs) => n + (rs.status?.readyReplicas ?? 0), 0);
}

/** getAvailableReplicaCountForReplicaSets sums status.availableReplicas. */
export function getAvailableReplicaCountForReplicaSets(rss: readonly MaybeRS[]): number {
  return present(rss).reduce((n, rs) => n + (rs.status?.availableReplicas ?? 0), 0);
}

/**
 * getTerminatingReplicaCountForReplicaSets sums status.terminatingReplicas, or returns null
 * ("unknown") as soon as an RS its controller has observed (observedGeneration > 0) did not
 * report the field. An unobserved RS without the field counts as 0.
 */
export function getTerminatingReplicaCountForReplicaSets(rss: readonly MaybeRS[]): number | null {
  let total = 0;
  for (const rs of present(rss)) {
    const t = rs.status?.terminatingReplicas;
    if ((rs.status?.observedGeneration ?? 0) === 0 && t === undefined) continue;
    if (t === undefined) return null;
    total += t;
  }
  return total;
}

/** cloneAndRemoveLabel returns a copy of the labels without key. */
export function cloneAndRemoveLabel(labels: Record<string, string> | undefined, key: string): Record<string, string> {
  const { [key]: _dropped, ...rest } = labels ?? {};
  return rest;
}

/** cloneAndAddLabel returns a copy of the labels with key=value added. */
export function cloneAndAddLabel(labels: Record<string, string> | undefined, key: string, value: string): Record<string, string> {
  return { ...(labels ?? {}), [key]: value };
}

/** cloneSelectorAndAddLabel returns a copy of the selector with key=value added to matchLabels. */
export function cloneSelectorAndAddLabel(selector: LabelSelector, key: string, value: string): LabelSelector {
  return { ...selector, matchLabels: { ...(selector.matchLabels ?? {}), [key]: value } };
}

function withoutHashLabel(t: PodTemplateSpec): PodTemplateSpec {
  return { ...t, metadata: { ...(t.metadata ?? {}), labels: cloneAndRemoveLabel(t.metadata?.labels, DefaultDeploymentUniqueLabelKey) } };
}

/**
 * equalIgnoreHash compares two pod templates semantically once the pod-template-hash label is
 * removed from both, so an RS template matches the deployment template it was made from.
 */
export function equalIgnoreHash(t1: PodTemplateSpec, t2: PodTemplateSpec): boolean {
  let byT2 = equalMemo.get(t1);
  const known = byT2?.get(t2);
  if (known !== undefined) return known;
  const equal = deepEqual(withoutHashLabel(t1), withoutHashLabel(t2));
  if (byT2 === undefined) {
    byT2 = new WeakMap();
    equalMemo.set(t1, byT2);
  }
  byT2.set(t2, equal);
  return equal;
}

/**
 * equalIgnoreHash's answers by the two template objects. API objects are never changed in place
 * (a write stores a new object) and the status writes of a Deployment and its ReplicaSets keep
 * their spec, so a rollout asks about the same two or three pairs: syncDeployment looks for the
 * new ReplicaSet four times a sync (isScalingEvent and rolloutRolling each find the old and the
 * new ones), 1,289 syncs × 2 ReplicaSets in the 10,000-replica rollout, each a copy of both
 * templates and a deep comparison. Not engine state: a restored run answers alike.
 */
const equalMemo = new WeakMap<PodTemplateSpec, WeakMap<PodTemplateSpec, boolean>>();

function sameRS(a: ReplicaSet, b: ReplicaSet): boolean {
  if (a === b) return true;
  if (a.metadata.uid !== undefined && b.metadata.uid !== undefined) return a.metadata.uid === b.metadata.uid;
  return a.metadata.name === b.metadata.name;
}

/**
 * findNewReplicaSet returns the oldest ReplicaSet (creation time, then name) whose template
 * equals the deployment's, ignoring the hash label; undefined when there is none.
 */
export function findNewReplicaSet(d: Deployment, rsList: readonly ReplicaSet[]): ReplicaSet | undefined {
  return replicaSetsByCreationTimestamp(rsList).find((rs) => equalIgnoreHash(rs.spec.template, d.spec.template));
}

/**
 * findOldReplicaSets returns every ReplicaSet but the new one, oldest first, as `all`, and the
 * ones among them with spec.replicas ≠ 0 as `required`.
 */
export function findOldReplicaSets(d: Deployment, rsList: readonly ReplicaSet[]): { required: ReplicaSet[]; all: ReplicaSet[] } {
  const newRS = findNewReplicaSet(d, rsList);
  const all = replicaSetsByCreationTimestamp(rsList).filter((rs) => !(newRS && sameRS(rs, newRS)));
  return { required: all.filter((rs) => specReplicas(rs) !== 0), all };
}

/**
 * findActiveOrLatest returns the only active ReplicaSet, or the newest one when none is active
 * (the new RS if there is one, else the newest old RS); undefined when several are active, or
 * when there are none at all.
 */
export function findActiveOrLatest(newRS: MaybeRS, oldRSs: readonly ReplicaSet[]): ReplicaSet | undefined {
  if (!newRS && oldRSs.length === 0) return undefined;
  const newestFirst = sortByLess(oldRSs, (a, b) => replicaSetsByCreationTimestampLess(b, a));
  const active = filterActiveReplicaSets([...newestFirst, newRS]);
  if (active.length === 0) return newRS ?? newestFirst[0];
  if (active.length === 1) return active[0];
  return undefined;
}

/** revision returns an RS's revision number (0 when the annotation is missing, null when malformed). */
export function revision(rs: ReplicaSet): number | null {
  const r = parseRevisionAnnotation(rs);
  return 'error' in r ? null : r.value;
}

/** maxRevision is the highest revision among the ReplicaSets (malformed ones skipped), at least 0. */
export function maxRevision(rss: readonly ReplicaSet[]): number {
  let max = 0;
  for (const rs of rss) {
    const v = revision(rs);
    if (v !== null && v > max) max = v;
  }
  return max;
}

/** lastRevision is the second-highest revision (the one `rollout undo` goes back to), at least 0. */
export function lastRevision(rss: readonly ReplicaSet[]): number {
  let max = 0;
  let secMax = 0;
  for (const rs of rss) {
    const v = revision(rs);
    if (v === null) continue;
    if (v >= max) {
      secMax = max;
      max = v;
    } else if (v > secMax) {
      secMax = v;
    }
  }
  return secMax;
}

/**
 * setFromReplicaSetTemplate returns the deployment with the RS's pod template, minus the
 * pod-template-hash label (the rollback path).
 */
export function setFromReplicaSetTemplate(d: Deployment, template: PodTemplateSpec): Deployment {
  return { ...d, spec: { ...d.spec, template: withoutHashLabel(template) } };
}

/**
 * newReplicaSetForDeployment builds the ReplicaSet getNewReplicaSet creates when none matches
 * the template: hash = computeHash(template, status.collisionCount); name `<deployment>-<hash>`;
 * labels, selector and template labels gain pod-template-hash; a controller ownerReference;
 * minReadySeconds from the deployment; replicas from newRSNewReplicas against oldRSs plus this
 * RS at 0; annotations from setNewReplicaSetAnnotations (revision, desired-replicas, max-replicas).
 * uid, resourceVersion and creationTimestamp are left for the API server.
 */
export function newReplicaSetForDeployment(d: Deployment, oldRSs: readonly ReplicaSet[], newRevision: string): ReplicaSet {
  const hash = computeHash(d.spec.template, d.status?.collisionCount);
  const labels = cloneAndAddLabel(d.spec.template.metadata?.labels, DefaultDeploymentUniqueLabelKey, hash);
  const template: PodTemplateSpec = { ...d.spec.template, metadata: { ...(d.spec.template.metadata ?? {}), labels } };
  const ownerReferences = [
    {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      name: d.metadata.name,
      uid: d.metadata.uid ?? '',
      controller: true,
      blockOwnerDeletion: true,
    },
  ];
  const base: ReplicaSet = {
    apiVersion: 'apps/v1',
    kind: 'ReplicaSet',
    metadata: {
      name: `${d.metadata.name}-${hash}`,
      ...(d.metadata.namespace === undefined ? {} : { namespace: d.metadata.namespace }),
      ownerReferences,
      labels,
    },
    spec: {
      replicas: 0,
      ...(d.spec.minReadySeconds === undefined ? {} : { minReadySeconds: d.spec.minReadySeconds }),
      selector: cloneSelectorAndAddLabel(d.spec.selector, DefaultDeploymentUniqueLabelKey, hash),
      template,
    },
  };
  const replicas = newRSNewReplicas(d, [...oldRSs, base], base);
  const sized: ReplicaSet = { ...base, spec: { ...base.spec, replicas } };
  return setNewReplicaSetAnnotations(d, sized, newRevision, false).rs;
}
