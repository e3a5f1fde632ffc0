// Port of kubernetes pkg/controller/deployment/util/deployment_util.go (v1.36).
// Upstream keeps these helpers in one file; here they are split by concern and re-exported,
// so `import { maxSurge, findNewReplicaSet } from './util/deploymentUtil.ts'` reads like the Go:
//   fenceposts.ts           resolveFenceposts, maxSurge/maxUnavailable/minAvailable, newRSNewReplicas,
//                           isSaturated, getReplicaSetFraction, getReplicaSetProportion
//   conditions.ts           conditions and the progress predicates (deploymentComplete,
//                           deploymentProgressing, deploymentTimedOut, hasProgressDeadline, ...)
//   replicasAnnotations.ts  desired-replicas / max-replicas annotations
//   annotations.ts          annotation copying, revisions and revision-history, rollback annotations
//   replicaSetUtil.ts       replica counting, new/old ReplicaSets, revisions, the new RS object
export * from './annotations.ts';
export * from './conditions.ts';
export * from './fenceposts.ts';
export * from './replicaSetUtil.ts';
export * from './replicasAnnotations.ts';
