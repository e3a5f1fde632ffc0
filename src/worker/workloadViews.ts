/**
 * Workload views: the Deployments, DaemonSets and StatefulSets with their strategy, resolved
 * surge and unavailable counts and `kubectl rollout status` line, and the ReplicaSets with their
 * revision, for the Controls and ReplicaSets panels (split from viewModel.ts, which keeps pods and
 * nodes). Pure: the same objects and time give the same views.
 */
import { getControllerOf } from '../engine/api/ownerRefs.ts';
import type { Container, DaemonSet, Deployment, ReplicaSet } from '../engine/api/types.ts';
import type { StatefulSet } from '../engine/api/statefulTypes.ts';
import { surgeCount, unavailableCount } from '../engine/controller/daemon/util/daemonsetUtil.ts';
import { maxSurge, maxUnavailable } from '../engine/controller/deployment/util/fenceposts.ts';
import { daemonSetStatusViewer, deploymentStatusViewer } from '../engine/kubectl/rolloutStatus.ts';
import { statefulSetStatusViewer } from '../engine/kubectl/rolloutStatusStatefulSet.ts';
import { equalIgnoreHash } from '../engine/kubectl/transforms/rollback.ts';
import type { ObjectMaps } from '../timeline/objectCursor.ts';
import { statefulSetExtra, statefulSetRevisions } from './statefulSetView.ts';
import { byName, type OwnerIndex, podDisplayPhase } from './viewModel.ts';
import type { ReplicaSetView, WorkloadView } from './views.ts';

/** conditionViews copies a status's conditions with their optional reason and message as ''. */
function conditionViews(
  conditions: readonly { type: string; status: string; reason?: string; message?: string }[] | undefined,
): WorkloadView['conditions'] {
  return (conditions ?? []).map((c) => ({
    type: c.type,
    status: c.status,
    reason: c.reason ?? '',
    message: c.message ?? '',
  }));
}

/** containerImages lists a template's containers as `kubectl set image` takes them: `web=web:2`. */
const containerImages = (containers: readonly Container[]): string[] =>
  containers.map((c) => `${c.name}=${c.image}`);

export function replicaSetViews(objs: Readonly<ObjectMaps>, idx: OwnerIndex): ReplicaSetView[] {
  const deployments = new Map<string, Deployment>();
  for (const d of objs.Deployment.values()) deployments.set(d.metadata.name, d as Deployment);
  return ([...objs.ReplicaSet.values()] as ReplicaSet[])
    .map((rs) => {
      const deployment = getControllerOf(rs)?.name ?? '';
      const d = deployments.get(deployment);
      return {
        name: rs.metadata.name,
        namespace: rs.metadata.namespace ?? 'default',
        deployment,
        revision: idx.rs.get(rs.metadata.name)?.revision ?? 0,
        desired: rs.spec.replicas ?? 1,
        current: rs.status?.replicas ?? 0,
        ready: rs.status?.readyReplicas ?? 0,
        available: rs.status?.availableReplicas ?? 0,
        isNew: d !== undefined && equalIgnoreHash(rs.spec.template, d.spec.template),
      };
    })
    .sort((a, b) =>
      a.deployment < b.deployment ? -1 : a.deployment > b.deployment ? 1 : b.revision - a.revision,
    );
}

function numericStatus(status: object | undefined): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [k, v] of Object.entries(status ?? {})) if (typeof v === 'number') out[k] = v;
  return out;
}

function statusLine(s: { message: string; error: string | null }): string {
  return (s.error ?? s.message).replace(/\n$/, '');
}

function safe(f: () => number): number {
  try {
    return f();
  } catch {
    return 0;
  }
}

/** workloadBase is what a workload view reads alike from the three kinds: identity, history, images and status. */
function workloadBase(w: Deployment | DaemonSet | StatefulSet) {
  return {
    name: w.metadata.name,
    namespace: w.metadata.namespace ?? 'default',
    revisionHistoryLimit: w.spec.revisionHistoryLimit ?? 10,
    images: containerImages(w.spec.template.spec.containers),
    generation: w.metadata.generation ?? 0,
    observedGeneration: w.status?.observedGeneration ?? 0,
    status: numericStatus(w.status),
    conditions: conditionViews(w.status?.conditions),
  };
}

/** workloadViews lists the Deployments, then the DaemonSets, then the StatefulSets, by name. */
export function workloadViews(objs: Readonly<ObjectMaps>, nowMs = 0): WorkloadView[] {
  const out: WorkloadView[] = [];
  for (const d of ([...objs.Deployment.values()] as Deployment[]).sort(byName)) {
    const ru = d.spec.strategy?.rollingUpdate;
    out.push({
      kind: 'Deployment',
      ...workloadBase(d),
      strategy: d.spec.strategy?.type ?? 'RollingUpdate',
      replicas: d.spec.replicas ?? 1,
      maxSurge: ru?.maxSurge ?? null,
      maxUnavailable: ru?.maxUnavailable ?? null,
      resolvedSurge: safe(() => maxSurge(d)),
      resolvedUnavailable: safe(() => maxUnavailable(d)),
      minReadySeconds: d.spec.minReadySeconds ?? 0,
      progressDeadlineSeconds: d.spec.progressDeadlineSeconds ?? null,
      paused: d.spec.paused === true,
      rolloutStatus: statusLine(deploymentStatusViewer(d)),
    });
  }
  for (const ds of ([...objs.DaemonSet.values()] as DaemonSet[]).sort(byName)) {
    const ru = ds.spec.updateStrategy?.rollingUpdate;
    const desired = ds.status?.desiredNumberScheduled ?? 0;
    out.push({
      kind: 'DaemonSet',
      ...workloadBase(ds),
      strategy: ds.spec.updateStrategy?.type ?? 'RollingUpdate',
      replicas: desired,
      maxSurge: ru?.maxSurge ?? null,
      maxUnavailable: ru?.maxUnavailable ?? null,
      resolvedSurge: safe(() => surgeCount(ds, desired)),
      resolvedUnavailable: safe(() => unavailableCount(ds, desired)),
      minReadySeconds: ds.spec.minReadySeconds ?? 0,
      progressDeadlineSeconds: null,
      paused: false,
      rolloutStatus: statusLine(daemonSetStatusViewer(ds)),
    });
  }
  out.push(...statefulSetViews(objs, nowMs));
  return out;
}

/** statefulSetViews lists the StatefulSets by name, each with its ordinals (statefulSetView.ts). */
function statefulSetViews(objs: Readonly<ObjectMaps>, nowMs: number): WorkloadView[] {
  const sets = [...objs.StatefulSet.values()] as StatefulSet[];
  if (sets.length === 0) return [];
  const revisions = statefulSetRevisions(objs);
  return sets.sort(byName).map((s) => {
    const minReady = s.spec.minReadySeconds ?? 0;
    const extra = statefulSetExtra(
      s,
      objs,
      revisions.get(`${s.metadata.namespace ?? 'default'}/${s.metadata.name}`) ?? new Map(),
      (pod) => podDisplayPhase(pod, minReady, nowMs),
    );
    return {
      kind: 'StatefulSet',
      ...workloadBase(s),
      strategy: s.spec.updateStrategy?.type ?? 'RollingUpdate',
      replicas: s.spec.replicas ?? 1,
      maxSurge: null,
      maxUnavailable: null,
      resolvedSurge: 0,
      // With MaxUnavailableStatefulSet off (v1.36), one pod at a time.
      resolvedUnavailable: 1,
      minReadySeconds: minReady,
      progressDeadlineSeconds: null,
      paused: false,
      rolloutStatus: s.status ? statusLine(statefulSetStatusViewer(s)) : '',
      statefulSet: extra,
    } satisfies WorkloadView;
  });
}
