// Port of kubernetes staging/src/k8s.io/kubectl/pkg/polymorphichelpers/rollback.go (v1.36.3):
// DeploymentRollbacker and DaemonSetRollbacker, the client-side `kubectl rollout undo`.
import {
  DefaultDeploymentUniqueLabelKey,
  DeprecatedRollbackTo,
  DesiredReplicasAnnotation,
  LastAppliedConfigAnnotation,
  MaxReplicasAnnotation,
  RevisionAnnotation,
  RevisionHistoryAnnotation,
} from '../../api/constants.ts';
import type { ControllerRevision, DaemonSet, Deployment, PodTemplateSpec, ReplicaSet } from '../../api/types.ts';
import type { StatefulSet } from '../../api/statefulTypes.ts';

/** A workload whose history is ControllerRevisions: DaemonSetRollbacker and StatefulSetRollbacker are one algorithm. */
export type RevisionedWorkload = DaemonSet | StatefulSet;
import { deepEqual } from '../../lib/hash.ts';
import { selectorMatches } from '../../lib/labels.ts';
import { replicaSetsByCreationTimestamp } from '../../controller/sort.ts';
import { namePrinterLine } from '../resources.ts';
import { clone, ok, type TransformResult } from './result.ts';

/** The annotations a rollback keeps from the Deployment instead of taking them from the RS. */
const annotationsToSkip = new Set([
  LastAppliedConfigAnnotation,
  RevisionAnnotation,
  RevisionHistoryAnnotation,
  DesiredReplicasAnnotation,
  MaxReplicasAnnotation,
  DeprecatedRollbackTo,
]);

function withoutHash(t: PodTemplateSpec): PodTemplateSpec {
  const labels = { ...(t.metadata?.labels ?? {}) };
  delete labels[DefaultDeploymentUniqueLabelKey];
  return { ...t, metadata: { ...(t.metadata ?? {}), labels } };
}

/** equalIgnoreHash compares two pod templates semantically, ignoring the pod-template-hash label. */
export function equalIgnoreHash(a: PodTemplateSpec, b: PodTemplateSpec): boolean {
  return deepEqual(withoutHash(a), withoutHash(b));
}

/** revisionOf reads deployment.kubernetes.io/revision: 0 when absent, undefined when not an integer. */
export function revisionOf(obj: { metadata: { annotations?: Record<string, string> } }): number | undefined {
  const v = obj.metadata.annotations?.[RevisionAnnotation];
  if (v === undefined) return 0;
  return /^[+-]?\d+$/.test(v) ? Number(v) : undefined;
}

function isControlledBy(obj: { metadata: { ownerReferences?: { uid: string; controller?: boolean }[] } }, uid: string | undefined): boolean {
  const ref = obj.metadata.ownerReferences?.find((r) => r.controller);
  return uid === undefined || ref?.uid === uid;
}

/**
 * deploymentReplicaSets is deploymentutil.GetAllReplicaSets as kubectl runs it: the RSs the
 * selector matches and the Deployment controls, oldest first, split into old ones and the new one
 * (the oldest whose template equals the Deployment's, ignoring the hash).
 */
export function deploymentReplicaSets(d: Deployment, all: readonly ReplicaSet[]): { oldRSs: ReplicaSet[]; newRS?: ReplicaSet } {
  const owned = replicaSetsByCreationTimestamp(
    all.filter((rs) => selectorMatches(d.spec.selector, rs.metadata.labels) && isControlledBy(rs, d.metadata.uid)),
  );
  const newRS = owned.find((rs) => equalIgnoreHash(rs.spec.template, d.spec.template));
  return { oldRSs: owned.filter((rs) => rs !== newRS), ...(newRS ? { newRS } : {}) };
}

const revisionNotFound = (r: number) => ({ error: `error: unable to find specified revision ${r} in history` });

function warningFor(kind: 'deployments' | 'daemonsets' | 'statefulsets', obj: Deployment | DaemonSet | StatefulSet): string | undefined {
  if (!(LastAppliedConfigAnnotation in (obj.metadata.annotations ?? {}))) return undefined;
  return `Warning: resource ${kind}/${obj.metadata.name} was previously managed with 'kubectl apply'. Rolling back will not update the ${LastAppliedConfigAnnotation} annotation, which may cause unexpected behavior on future 'kubectl apply' operations. Consider using 'kubectl apply' with your previous configuration file instead.`;
}

function withWarning<T>(r: TransformResult<T>, warning: string | undefined): TransformResult<T> {
  if (!warning) return r;
  if ('error' in r) return { error: `${warning}\n${r.error}` };
  return { ...r, stderr: r.stderr ? `${warning}\n${r.stderr}` : warning };
}

/**
 * deploymentRollback is `kubectl rollout undo deployment/NAME [--to-revision=N]`, given the
 * Deployment and the ReplicaSets in its namespace. N = 0 picks the RS with the second-highest
 * revision. A paused Deployment is refused; a target whose template already matches prints
 * `skipped rollback (current template already matches revision N)` (N as typed, so 0 for the
 * default). Otherwise the template becomes the RS's template minus pod-template-hash and the
 * annotations become the RS's, except the skip-listed ones that keep the Deployment's values:
 * `deployment.apps/nginx rolled back`. The controller then adopts that RS as the new one.
 */
export function deploymentRollback(d: Deployment, replicaSets: readonly ReplicaSet[], toRevision: number): TransformResult<Deployment> {
  const warning = warningFor('deployments', d);
  if (toRevision < 0) return withWarning(revisionNotFound(toRevision), warning);
  const { oldRSs, newRS } = deploymentReplicaSets(d, replicaSets);
  const all = newRS ? [...oldRSs, newRS] : oldRSs;
  let target: ReplicaSet | undefined;
  let latest: ReplicaSet | undefined;
  let latestRevision = -1;
  let previousRevision = -1;
  for (const rs of all) {
    const v = revisionOf(rs);
    if (v === undefined) continue;
    if (toRevision === 0) {
      if (latestRevision < v) {
        previousRevision = latestRevision;
        target = latest;
        latestRevision = v;
        latest = rs;
      } else if (previousRevision < v) {
        previousRevision = v;
        target = rs;
      }
    } else if (toRevision === v) {
      target = rs;
      break;
    }
  }
  if (toRevision > 0 && !target) return withWarning(revisionNotFound(toRevision), warning);
  if (!target) return withWarning({ error: `error: no rollout history found for deployment "${d.metadata.name}"` }, warning);
  if (d.spec.paused) {
    return withWarning(
      { error: "error: you cannot rollback a paused deployment; resume it first with 'kubectl rollout resume' and try again" },
      warning,
    );
  }
  if (equalIgnoreHash(target.spec.template, d.spec.template)) {
    const line = namePrinterLine('Deployment', d.metadata.name, `skipped rollback (current template already matches revision ${toRevision})`);
    return withWarning(ok(d, false, line), warning);
  }
  const template = clone(target.spec.template);
  if (template.metadata?.labels) {
    delete template.metadata.labels[DefaultDeploymentUniqueLabelKey];
    if (Object.keys(template.metadata.labels).length === 0) delete template.metadata.labels;
  }
  const annotations: Record<string, string> = {};
  for (const [k, v] of Object.entries(d.metadata.annotations ?? {})) if (annotationsToSkip.has(k)) annotations[k] = v;
  for (const [k, v] of Object.entries(target.metadata.annotations ?? {})) if (!annotationsToSkip.has(k)) annotations[k] = v;
  const metadata = { ...d.metadata, annotations };
  if (Object.keys(annotations).length === 0) delete (metadata as { annotations?: unknown }).annotations;
  const next: Deployment = { ...d, metadata, spec: { ...d.spec, template } };
  return withWarning(ok(next, true, namePrinterLine('Deployment', d.metadata.name, 'rolled back')), warning);
}

/** daemonSetHistory lists the ControllerRevisions the DaemonSet's selector matches and it controls. */
export function daemonSetHistory(ds: RevisionedWorkload, revisions: readonly ControllerRevision[]): ControllerRevision[] {
  return revisions.filter((r) => selectorMatches(ds.spec.selector, r.metadata.labels) && isControlledBy(r, ds.metadata.uid));
}

/** daemonSetPatch is getDaemonSetPatch: `{spec: {template: {...template, $patch: 'replace'}}}`. */
export function daemonSetPatch(ds: RevisionedWorkload): ControllerRevision['data'] {
  return { spec: { template: { ...(ds.spec.template as PodTemplateSpec), $patch: 'replace' } } };
}

/**
 * daemonSetRollback is `kubectl rollout undo daemonset/NAME [--to-revision=N]` over its
 * ControllerRevisions: N = 0 is the second-highest revision (`no last revision to roll back
 * to` with fewer than two); a revision whose data equals the current template is skipped;
 * otherwise its template replaces the DaemonSet's (the stored patch has `$patch: replace`).
 */
export function daemonSetRollback<T extends RevisionedWorkload>(ds: T, revisions: readonly ControllerRevision[], toRevision: number): TransformResult<T> {
  const warning = warningFor(ds.kind === 'DaemonSet' ? 'daemonsets' : 'statefulsets', ds);
  if (toRevision < 0) return withWarning(revisionNotFound(toRevision), warning);
  const history = daemonSetHistory(ds, revisions);
  if (toRevision === 0 && history.length <= 1) return withWarning({ error: 'error: no last revision to roll back to' }, warning);
  const target =
    toRevision === 0
      ? [...history].sort((a, b) => a.revision - b.revision)[history.length - 2]
      : history.find((h) => h.revision === toRevision);
  if (!target) return withWarning(revisionNotFound(toRevision), warning);
  if (deepEqual(daemonSetPatch(ds), target.data)) {
    const line = namePrinterLine(ds.kind, ds.metadata.name, `skipped rollback (current template already matches revision ${toRevision})`);
    return withWarning(ok(ds, false, line), warning);
  }
  const { $patch: _replace, ...template } = clone(target.data.spec.template);
  const next = { ...ds, spec: { ...ds.spec, template } } as T;
  return withWarning(ok(next, true, namePrinterLine(ds.kind, ds.metadata.name, 'rolled back')), warning);
}
