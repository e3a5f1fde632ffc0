// Conformance: the Deployment controller's maths and plans against Kubernetes' own test tables
// (deployment_util_test.go, rolling_test.go, sync_test.go, recreate_test.go, progress_test.go).
import { describe, expect, it } from 'vitest';
import {
  DesiredReplicasAnnotation,
  RevisionAnnotation,
  RevisionHistoryAnnotation,
} from '../../src/engine/api/constants.ts';
import type { DeploymentCondition, DeploymentStatus, IntOrString, Pod, ReplicaSet } from '../../src/engine/api/types.ts';
import {
  deploymentComplete,
  deploymentProgressing,
  deploymentTimedOut,
  getActualReplicaCountForReplicaSets,
  getNonNegativeInt32FromAnnotation,
  getReplicaCountForReplicaSets,
  getReplicaSetFraction,
  getTerminatingReplicaCountForReplicaSets,
  maxUnavailable,
  minAvailable,
  newRSNewReplicas,
  replicasAnnotationsNeedUpdate,
  resolveFenceposts,
  setNewReplicaSetAnnotations,
} from '../../src/engine/controller/deployment/util/deploymentUtil.ts';
import { requeueStuckDeployment } from '../../src/engine/controller/deployment/util/plans/progress.ts';
import { oldPodsRunning } from '../../src/engine/controller/deployment/util/plans/recreate.ts';
import {
  cleanupUnhealthyReplicasPlan,
  reconcileNewReplicaSetPlan,
  reconcileOldReplicaSetsPlan,
  scaleDownOldReplicaSetsForRollingUpdatePlan,
} from '../../src/engine/controller/deployment/util/plans/rolling.ts';
import { cleanupDeploymentPlan, scalePlan } from '../../src/engine/controller/deployment/util/plans/sync.ts';
import { type NamedCase, splitCases } from './caseTable.ts';
import { makeDeployment, makeReplicaSet } from './deploymentFixtures.ts';

const FUNCTIONS = [
  'ResolveFenceposts',
  'MaxUnavailable',
  'MinAvailable',
  'NewRSNewReplicas',
  'getReplicaSetFraction',
  'DeploymentComplete',
  'DeploymentProgressing',
  'DeploymentTimedOut',
  'GetReplicaCountForReplicaSets+GetActualReplicaCountForReplicaSets+GetTerminatingReplicaCountForReplicaSets',
  'ReplicasAnnotationsNeedUpdate',
  'SetNewReplicaSetAnnotations',
  'getNonNegativeInt32FromAnnotation',
  'reconcileNewReplicaSet',
  'reconcileOldReplicaSets',
  'cleanupUnhealthyReplicas',
  'scaleDownOldReplicaSetsForRollingUpdate',
  'scale',
  'cleanupDeployment',
  'oldPodsRunning',
  'requeueStuckDeployment',
] as const;

const NOT_APPLICABLE: Record<string, string> = {};

const { run, all, skipped } = splitCases('deployment', FUNCTIONS, NOT_APPLICABLE);

type In = Record<string, unknown>;
const num = (v: unknown): number => v as number;
const ios = (v: unknown): IntOrString | null => v as IntOrString | null;

/** Relative creation times of the cleanupDeploymentOrder table ("now-1m", "now", ...). */
function creationFor(rel: unknown): string | undefined {
  const offsets: Record<string, string> = {
    'now-1m': '2026-01-01T00:09:00Z',
    now: '2026-01-01T00:10:00Z',
    'now+1m': '2026-01-01T00:11:00Z',
    'now+2m': '2026-01-01T00:12:00Z',
  };
  return typeof rel === 'string' ? offsets[rel] : undefined;
}

function rsFromCase(r: In, i = 0): ReplicaSet {
  const revision = r.revision;
  const annotations = (r.annotations as Record<string, string> | undefined) ?? {};
  const withRevision = typeof revision === 'string' ? { ...annotations, [RevisionAnnotation]: revision } : annotations;
  const creation = (r.creationTimestamp as string | undefined) ?? creationFor(r.creation);
  return makeReplicaSet({
    name: (r.name as string | undefined) ?? `rs-${i}`,
    ...(r.uid ? { uid: r.uid as string } : {}),
    replicas: num(r['spec.replicas'] ?? 0),
    statusReplicas: num(r['status.replicas'] ?? 0),
    ...(r['status.availableReplicas'] === undefined ? {} : { availableReplicas: num(r['status.availableReplicas']) }),
    ...(r['status.terminatingReplicas'] === undefined ? {} : { terminatingReplicas: r['status.terminatingReplicas'] as number | null }),
    ...(r['status.observedGeneration'] === undefined ? {} : { observedGeneration: num(r['status.observedGeneration']) }),
    ...(creation ? { creationTimestamp: creation } : {}),
    ...(r.deletionTimestamp ? { deletionTimestamp: '2026-01-01T00:20:00Z' } : {}),
    ...(Object.keys(withRevision).length ? { annotations: withRevision } : {}),
  });
}

function progressingCondition(c: In | null): DeploymentCondition[] {
  if (!c) return [];
  const cond: DeploymentCondition = { type: 'Progressing', status: (c.status as DeploymentCondition['status']) ?? 'True' };
  if (c.reason) cond.reason = c.reason as string;
  if (c.lastUpdateTime) cond.lastUpdateTime = c.lastUpdateTime as string;
  return [cond];
}

const handlers: Record<string, (input: In, expected: In) => void> = {
  ResolveFenceposts(input, expected) {
    const call = () => resolveFenceposts(ios(input.maxSurge), ios(input.maxUnavailable), num(input.desired));
    if (expected.error) {
      expect(call).toThrow();
      return;
    }
    expect(call()).toEqual({ surge: expected.surge, unavailable: expected.unavailable });
  },
  MaxUnavailable(input, expected) {
    const d = makeDeployment({ strategy: input.strategy as string, replicas: num(input.replicas ?? 1), maxSurge: ios(input.maxSurge ?? 0), maxUnavailable: ios(input.maxUnavailable ?? 0) });
    expect(maxUnavailable(d)).toBe(expected.result);
  },
  MinAvailable(input, expected) {
    const d = makeDeployment({ strategy: input.strategy as string, replicas: num(input.replicas ?? 1), maxSurge: ios(input.maxSurge ?? 0), maxUnavailable: ios(input.maxUnavailable ?? 0) });
    expect(minAvailable(d)).toBe(expected.result);
  },
  NewRSNewReplicas(input, expected) {
    const d = makeDeployment({ strategy: input.strategy as string, replicas: num(input.deploymentReplicas), maxSurge: ios(input.maxSurge), maxUnavailable: ios(input.maxUnavailable) });
    const allRSs = (input.allRSsSpecReplicas as number[]).map((n, i) => makeReplicaSet({ name: `rs-${i}`, replicas: n }));
    const newRS = makeReplicaSet({ name: 'new', replicas: num(input.newRSReplicas) });
    expect(newRSNewReplicas(d, allRSs, newRS)).toBe(expected.result);
  },
  getReplicaSetFraction(input, expected) {
    const d = makeDeployment({
      replicas: num(input.deploymentReplicas),
      maxSurge: ios(input.maxSurge),
      maxUnavailable: ios(input.maxUnavailable),
      status: { replicas: num(input.deploymentStatusReplicas) },
    });
    const rs = makeReplicaSet({ replicas: num(input.rsReplicas), annotations: input.rsAnnotations as Record<string, string> });
    expect(getReplicaSetFraction(rs, d)).toBe(expected.result);
  },
  DeploymentComplete(input, expected) {
    const d = makeDeployment({ replicas: num(input['spec.replicas']), maxSurge: ios(input.maxSurge), maxUnavailable: ios(input.maxUnavailable), generation: num(input.generation) });
    const status: DeploymentStatus = {
      replicas: num(input['status.replicas']),
      updatedReplicas: num(input['status.updatedReplicas']),
      availableReplicas: num(input['status.availableReplicas']),
      observedGeneration: num(input['status.observedGeneration']),
    };
    expect(deploymentComplete(d, status)).toBe(expected.result);
  },
  DeploymentProgressing(input, expected) {
    const d = makeDeployment({ status: input.oldStatus as DeploymentStatus });
    expect(deploymentProgressing(d, input.newStatus as DeploymentStatus)).toBe(expected.result);
  },
  DeploymentTimedOut(input, expected) {
    const d = makeDeployment({ progressDeadlineSeconds: input.progressDeadlineSeconds as number | null });
    const status: DeploymentStatus = { conditions: progressingCondition(input.progressingCondition as In) };
    const now = (input.now as string | null) ?? '2016-01-01T00:01:20Z';
    expect(deploymentTimedOut(d, status, now)).toBe(expected.result);
  },
  'GetReplicaCountForReplicaSets+GetActualReplicaCountForReplicaSets+GetTerminatingReplicaCountForReplicaSets'(input, expected) {
    const rss = (input.replicaSets as In[]).map((r, i) => rsFromCase(r, i));
    expect(getReplicaCountForReplicaSets(rss)).toBe(expected.specSum);
    expect(getActualReplicaCountForReplicaSets(rss)).toBe(expected.statusReplicasSum);
    expect(getTerminatingReplicaCountForReplicaSets(rss)).toBe(expected.terminatingSum);
  },
  ReplicasAnnotationsNeedUpdate(input, expected) {
    const annotations = input.rsAnnotations as Record<string, string> | null;
    const rs = makeReplicaSet(annotations ? { annotations } : {});
    expect(replicasAnnotationsNeedUpdate(rs, num(input.desiredReplicas), num(input.maxReplicas))).toBe(expected.result);
  },
  SetNewReplicaSetAnnotations(input, expected) {
    const d = makeDeployment();
    let rs = makeReplicaSet({ annotations: input.rsInitialAnnotations as Record<string, string> });
    const calls = input.calls as { newRevision: string; exists: boolean; revHistoryLimitInChars: number }[];
    const after = expected.afterEachCall as Record<string, string | null>[];
    calls.forEach((call, i) => {
      rs = setNewReplicaSetAnnotations(d, rs, call.newRevision, call.exists, call.revHistoryLimitInChars).rs;
      const want = after[i] ?? {};
      expect(rs.metadata.annotations?.[RevisionAnnotation]).toBe(want[RevisionAnnotation]);
      expect(rs.metadata.annotations?.[RevisionHistoryAnnotation] ?? null).toBe(want[RevisionHistoryAnnotation]);
    });
  },
  getNonNegativeInt32FromAnnotation(input, expected) {
    const v = input.annotationValue as string | null;
    const rs = makeReplicaSet(v === null ? {} : { annotations: { [DesiredReplicasAnnotation]: v } });
    const got = getNonNegativeInt32FromAnnotation(rs, DesiredReplicasAnnotation);
    expect(got.value).toBe(expected.value);
    expect(got.valid).toBe(expected.valid);
    if (expected.errorContains === null) expect(got.error).toBeNull();
    else expect(got.error).toContain(expected.errorContains);
  },
  reconcileNewReplicaSet(input, expected) {
    const d = makeDeployment({ replicas: num(input.deploymentReplicas), maxSurge: ios(input.maxSurge), maxUnavailable: ios(input.maxUnavailable) });
    const oldRS = makeReplicaSet({ name: 'foo-v1', replicas: num(input.oldRSReplicas) });
    const newRS = makeReplicaSet({ name: 'foo-v2', replicas: num(input.newRSReplicas) });
    const target = reconcileNewReplicaSetPlan(d, [newRS, oldRS], newRS);
    expect(target !== null).toBe(expected.scaled);
    expect(target ?? num(input.newRSReplicas)).toBe(expected.newRSReplicasAfter);
  },
  reconcileOldReplicaSets(input, expected) {
    const d = makeDeployment({ replicas: num(input.deploymentReplicas), maxSurge: ios(input.maxSurge), maxUnavailable: ios(input.maxUnavailable) });
    const oldRS = rsFromCase({ name: 'foo-old', ...(input.oldRS as In) });
    const newRS = rsFromCase({ name: 'foo-new', ...(input.newRS as In) });
    const plan = reconcileOldReplicaSetsPlan([oldRS, newRS], [oldRS], newRS, d);
    expect(plan.scaled).toBe(expected.scaled);
    const last = plan.moves.filter((m) => m.rs.metadata.name === 'foo-old').at(-1);
    expect(last?.to ?? oldRS.spec.replicas).toBe(expected.oldRSReplicasAfter);
  },
  cleanupUnhealthyReplicas(input, expected) {
    const dep = input.deployment as In;
    const d = makeDeployment({ replicas: num(dep.replicas), maxSurge: ios(dep.maxSurge), maxUnavailable: ios(dep.maxUnavailable) });
    const oldRS = rsFromCase({ name: 'foo-v2', ...(input.oldRS as In) });
    const plan = cleanupUnhealthyReplicasPlan([oldRS], d, num(input.maxCleanupCount));
    expect(plan.error).toBeNull();
    expect(plan.cleanupCount).toBe(expected.cleanupCount);
    expect(plan.oldRSs[0]?.spec.replicas).toBe(expected.oldRSReplicasAfter);
  },
  scaleDownOldReplicaSetsForRollingUpdate(input, expected) {
    const d = makeDeployment({ replicas: num(input.deploymentReplicas), maxSurge: ios(input.maxSurge), maxUnavailable: ios(input.maxUnavailable) });
    const allRSs = (input.allRSs as In[]).map((r, i) => rsFromCase(r, i));
    const names = input.oldRSs as string[];
    const oldRSs = allRSs.filter((rs) => names.includes(rs.metadata.name));
    const plan = scaleDownOldReplicaSetsForRollingUpdatePlan(allRSs, oldRSs, d);
    expect(plan.scaledDownCount).toBe(expected.scaledDownCount);
    const move = plan.moves.find((m) => m.rs.metadata.name === names[0]);
    expect(move?.to ?? oldRSs[0]?.spec.replicas).toBe(expected.oldRSReplicasAfter);
  },
  scale(input, expected) {
    const dep = input.deployment as In;
    const d = makeDeployment({ strategy: dep.strategy as string, replicas: num(dep.replicas), maxSurge: ios(dep.maxSurge), maxUnavailable: ios(dep.maxUnavailable) });
    const newRS = input.newRS ? rsFromCase(input.newRS as In) : null;
    const oldRSs = (input.oldRSs as In[]).map((r, i) => rsFromCase(r, i));
    const steps = scalePlan(d, newRS, oldRSs);
    const byName = new Map(steps.map((s) => [s.rs.metadata.name, s]));
    for (const [name, want] of Object.entries(expected.replicasAfter as Record<string, number>)) {
      const current = [...oldRSs, ...(newRS ? [newRS] : [])].find((rs) => rs.metadata.name === name);
      expect(byName.get(name)?.to ?? current?.spec.replicas, name).toBe(want);
    }
    for (const name of (expected.rsNotWrittenByTest as string[] | undefined) ?? []) {
      expect(byName.get(name)?.write ?? false, `${name} is not written`).toBe(false);
    }
  },
  cleanupDeployment(input, expected) {
    const d = makeDeployment({ revisionHistoryLimit: num(input.revisionHistoryLimit) });
    const oldRSs = (input.oldRSs as In[]).map((r, i) => rsFromCase(r, i));
    const deleted = cleanupDeploymentPlan(d, oldRSs).map((rs) => rs.metadata.name);
    if (expected.deletions !== undefined) expect(deleted.length).toBe(expected.deletions);
    if (expected.deletedRSs !== undefined) expect(deleted).toEqual(expected.deletedRSs);
  },
  oldPodsRunning(input, expected) {
    const oldRSs = (input.oldRSs as In[]).map((r, i) => rsFromCase(r, i));
    const podMap: Record<string, Pod[]> = {};
    for (const [uid, phases] of Object.entries(input.podMapPhasesByRSUID as Record<string, string[]>)) {
      podMap[uid] = phases.map((phase, i) => ({
        apiVersion: 'v1',
        kind: 'Pod',
        metadata: { name: `${uid}-pod-${i}` },
        spec: { containers: [] },
        status: phase === '<no phase>' ? {} : { phase: phase as NonNullable<Pod['status']>['phase'] },
      }));
    }
    expect(oldPodsRunning(null, oldRSs, podMap)).toBe(expected.result);
  },
  requeueStuckDeployment(input, expected) {
    const current = input.currentStatus as DeploymentStatus;
    const d = makeDeployment({
      replicas: num(input['spec.replicas']),
      progressDeadlineSeconds: input.progressDeadlineSeconds as number | null,
      status: { ...current, conditions: progressingCondition(input.progressingCondition as In | null) },
    });
    const now = (input.now as string | null) ?? '2017-02-15T18:49:30Z';
    const after = requeueStuckDeployment(d, input.newStatus as DeploymentStatus, now);
    const want = num(expected.requeueAfterSeconds);
    expect(want <= 0 ? after : after / 1000).toBe(want);
  },
};

describe('Deployment controller conformance', () => {
  it.each(run.map((c) => [c.name, c] as const))('%s', (_name, c: NamedCase) => {
    const handler = handlers[c.function];
    if (!handler) throw new Error(`no handler for ${c.function}`);
    handler(c.input, c.expected);
  });

  it('runs or lists every case of its functions', () => {
    expect(run.length + skipped.length).toBe(all.length);
    expect(new Set(all.map((c) => c.function)).size).toBe(FUNCTIONS.length);
  });
});
