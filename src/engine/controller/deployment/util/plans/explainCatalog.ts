// The English sentences of every Explain record the Deployment controller writes (DESIGN.md §2).
// The engine records { fn, key, values }; the CLI renders these templates, the UI translates them.
import type { Decision, DecisionCatalog } from '../../../../api/decision.ts';

export type { DecisionCatalog } from '../../../../api/decision.ts';

/**
 * DEPLOYMENT_DECISION_KEYS holds a template for each (fn, key) the Deployment plans and shells
 * emit. Placeholders name the Go variables, e.g. {allPodsCount}; every one is a key of the
 * record's values.
 */
export const DEPLOYMENT_DECISION_KEYS: DecisionCatalog = {
  reconcileNewReplicaSet: {
    newRSSaturated: 'new ReplicaSet {rs} already has {newRSReplicas} = replicas {replicas}: no scaling needed',
    scaleDownNewRS: 'new ReplicaSet {rs} has {newRSReplicas} > replicas {replicas}: scale it down to {replicas}',
    cannotScaleUp:
      'currentPodCount {currentPodCount} ≥ maxTotalPods {maxTotalPods} (replicas {replicas} + maxSurge {maxSurge}): cannot scale up',
    scaleUpCount:
      'scaleUpCount = min(maxTotalPods {maxTotalPods} − currentPodCount {currentPodCount}, replicas {replicas} − newRSReplicas {newRSReplicas}) = {scaleUpCount}',
    scaleNewRS: 'scale new ReplicaSet {rs} {from} → {to}',
  },
  reconcileOldReplicaSets: {
    noOldPods: 'old ReplicaSets have {oldPodsCount} replicas: nothing to scale down',
    minAvailable: 'minAvailable = replicas {replicas} − maxUnavailable {maxUnavailable} = {minAvailable}',
    maxScaledDown:
      'maxScaledDown = allPodsCount {allPodsCount} − minAvailable {minAvailable} − newRSUnavailablePodCount {newRSUnavailablePodCount} = {maxScaledDown}',
    cannotScaleDown: 'maxScaledDown {maxScaledDown} ≤ 0: cannot scale down old ReplicaSets yet',
    totalScaledDown:
      'totalScaledDown = cleanupCount {cleanupCount} + scaledDownCount {scaledDownCount} = {totalScaledDown}',
  },
  cleanupUnhealthyReplicas: {
    unhealthyReplicas:
      '{rs} has {specReplicas} replicas, {availableReplicas} available: scaledDownCount = min(maxCleanupCount {maxCleanupCount} − totalScaledDown {totalScaledDown}, {specReplicas} − {availableReplicas}) = {scaledDownCount} → {newReplicasCount}',
    invalidScaleDown:
      '{rs} reports {availableReplicas} available but spec.replicas {specReplicas}: invalid scale-down request, the step fails',
  },
  scaleDownOldReplicaSetsForRollingUpdate: {
    cannotScaleDown: 'availablePodCount {availablePodCount} ≤ minAvailable {minAvailable}: cannot scale down',
    totalScaleDownCount:
      'totalScaleDownCount = availablePodCount {availablePodCount} − minAvailable {minAvailable} = {totalScaleDownCount}',
    scaleDownOldRS: 'scale old ReplicaSet {rs} {from} → {to} (−{scaleDownCount})',
  },
  scale: {
    activeOrLatest: 'only active (or latest) ReplicaSet {rs} at {from} takes all replicas {replicas}',
    saturated: 'new ReplicaSet {rs} is saturated at {replicas}: scale the {oldActive} active old ReplicaSets to 0',
    deploymentReplicasToAdd:
      'deploymentReplicasToAdd = allowedSize {allowedSize} (replicas {replicas} + maxSurge {maxSurge}) − active replicas {allRSsReplicas} = {deploymentReplicasToAdd}',
    proportion:
      '{rs}: proportion = min(round({from} × {after} / {before}) − {from}, {allowed} left to add) = {proportion} → {to}',
    proportionDown:
      '{rs}: proportion = max(round({from} × {after} / {before}) − {from}, {allowed} left to remove) = {proportion} → {to}',
    leftover: 'leftover {leftover} goes to the largest ReplicaSet {rs} → {to}',
  },
  isScalingEvent: {
    scalingEvent: '{rs} desired-replicas {desiredReplicas} ≠ replicas {replicas}: scaling event',
  },
  cleanupDeployment: {
    diff: '{cleanable} old ReplicaSets − revisionHistoryLimit {revisionHistoryLimit} = {diff} to look at',
    keep: 'keep {rs}: it still has replicas or is not yet observed',
    delete: 'delete old ReplicaSet {rs}',
  },
  syncRolloutStatus: {
    complete: 'Progressing=True NewReplicaSetAvailable: {subject} has successfully progressed',
    progressing:
      'Progressing=True ReplicaSetUpdated: {subject} is progressing (updated {updatedReplicas}, ready {readyReplicas}, available {availableReplicas})',
    timedOut: 'Progressing=False ProgressDeadlineExceeded: {subject} made no progress in {progressDeadlineSeconds}s',
  },
  // Emitted by the controller shells (deployment/*.ts).
  syncDeployment: {
    deleting: 'deployment is being deleted: status only',
    paused: 'deployment is paused: scale and clean up only, no rollout',
    rollback: 'rollback requested to revision {toRevision}',
    strategy: 'roll out with strategy {type}',
  },
  checkPausedConditions: {
    paused: 'Progressing=Unknown DeploymentPaused: Deployment is paused',
    resumed: 'Progressing=Unknown DeploymentResumed: Deployment is resumed',
  },
  getReplicaSetsForDeployment: {
    adopt:
      '{rs} has no controller and its labels ({labels}) match the selector {selector} → adopted: its ownerReferences name this Deployment, which from now on manages it as its new or an old ReplicaSet by its pod template (ClaimReplicaSets)',
    release:
      '{rs} is controlled by this Deployment but its labels ({labels}) no longer match the selector {selector} → released: its ownerReference removed; it and its pods stay, no longer scaled by this Deployment (ClaimReplicaSets)',
  },
  resolveFenceposts: {
    surgePercent: 'maxSurge {maxSurgeSpec} of replicas {replicas} = {exact}, rounded up → {maxSurge}',
    unavailablePercent: 'maxUnavailable {maxUnavailableSpec} of replicas {replicas} = {exact}, rounded down → {maxUnavailable}',
    bothZero: 'maxSurge and maxUnavailable both come to 0 → maxUnavailable 1, or the rollout could never move',
  },
  newRSNewReplicas: {
    rollingUpdate:
      'newRSReplicas = {newRSReplicas} + min(replicas {replicas} + maxSurge {maxSurge} − currentPodCount {currentPodCount}, replicas {replicas} − {newRSReplicas}) = {newReplicasCount}',
    atMaxTotal:
      'currentPodCount {currentPodCount} ≥ replicas {replicas} + maxSurge {maxSurge}: newRSReplicas stays {newReplicasCount}',
    recreate: 'Recreate: the new ReplicaSet takes all replicas {replicas} → {newReplicasCount}',
  },
  getNewReplicaSet: {
    create: 'create new ReplicaSet {rs} (pod-template-hash {hash}) at {replicas} replicas, revision {revision}',
    collision: 'hash collision on {rs}: collisionCount → {collisionCount}',
    updateRevision: 'new ReplicaSet {rs} takes revision {revision}',
  },
  scaleReplicaSet: {
    scale: 'scale {rs} {from} → {to}',
  },
  rolloutRolling: {
    complete: 'rollout complete: clean up old ReplicaSets beyond revisionHistoryLimit',
  },
  rolloutRecreate: {
    scaledDownOld: 'scaled old ReplicaSets to 0',
    waitOldPods: 'wait: old pods still exist ({pods} pods)',
  },
  rollback: {
    rolledBack: 'rolled back the template to revision {revision}',
  },
  requeueStuckDeployment: {
    requeueNow: 'less than 1 s to the progress deadline: requeue rate-limited, back in {ms} ms',
    requeueAfter: 'requeue in {seconds}s to check the progress deadline',
  },
};

/** templatePlaceholders lists the {name} placeholders of a template. */
export function templatePlaceholders(template: string): string[] {
  return [...template.matchAll(/\{([A-Za-z0-9_]+)\}/g)].map((m) => m[1] as string);
}

/**
 * renderDecision turns a decision into its English sentence, e.g. `maxScaledDown = allPodsCount
 * 13 − minAvailable 8 − newRSUnavailablePodCount 3 = 2`. An unknown (fn, key) renders as
 * `fn.key {json values}` so nothing is ever dropped.
 */
export function renderDecision(decision: Decision, catalog: DecisionCatalog = DEPLOYMENT_DECISION_KEYS): string {
  const template = catalog[decision.fn]?.[decision.key];
  if (template === undefined) return `${decision.fn}.${decision.key} ${JSON.stringify(decision.values)}`;
  return template.replace(/\{([A-Za-z0-9_]+)\}/g, (whole, name: string) =>
    Object.hasOwn(decision.values, name) ? String(decision.values[name]) : whole,
  );
}
