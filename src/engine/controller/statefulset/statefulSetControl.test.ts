import { describe, expect, it } from 'vitest';
import type { DecisionLog } from '../../api/decision.ts';
import type { PersistentVolumeClaim, StatefulPod, StatefulSet } from '../../api/statefulTypes.ts';
import type { ControllerRevision } from '../../api/types.ts';
import { toRFC3339 } from '../../lib/time.ts';
import { updateStatefulSetPlan } from './statefulSetControl.ts';
import { claimsOf, pod, revisions, web } from './testObjects.ts';

const ops = (p: ReturnType<typeof updateStatefulSetPlan>) =>
  p.actions.map((a) => `${a.op} ${typeof a.pod === 'string' ? a.pod : a.pod.metadata.name}`);
const existingClaims = (n: number): PersistentVolumeClaim[] =>
  Array.from({ length: n }, (_, i) => ({ metadata: { name: `www-web-${i}`, namespace: 'default' }, spec: {} }));

function plan(
  set: StatefulSet,
  pods: StatefulPod[],
  cur: ControllerRevision,
  upd: ControllerRevision,
  opts: { nowMs?: number; claims?: PersistentVolumeClaim[]; log?: DecisionLog } = {},
) {
  return updateStatefulSetPlan(
    { set, pods, currentRevision: cur, updateRevision: upd, collisionCount: 0, nowMs: opts.nowMs ?? 60_000, claims: claimsOf(opts.claims ?? []) },
    opts.log,
  );
}

describe('updateStatefulSetPlan', () => {
  const set = web(3);
  const { v1, v2 } = revisions(set);

  it('creates only web-0 under OrderedReady when nothing exists, claims first', () => {
    const p = plan(set, [], v1, v1);
    expect(ops(p)).toEqual(['createPod web-0']);
    const a = p.actions[0];
    expect(a?.op === 'createPod' && a.claims.map((c) => c.metadata.name)).toEqual(['www-web-0']);
    expect(p.status).toMatchObject({ replicas: 0, currentRevision: v1.metadata.name, updateRevision: v1.metadata.name, collisionCount: 0 });
  });

  it('records that web-2 is not created while web-1 is not Ready', () => {
    const log: DecisionLog = [];
    const p = plan(set, [pod(set, 0, v1, 'Ready'), pod(set, 1, v1, 'Running')], v1, v1, { log });
    expect(p.actions).toEqual([]);
    expect(log).toContainEqual({ fn: 'processReplica', key: 'notCreatedUntilReady', values: { pod: 'web-2', waitingFor: 'web-1', podPhase: 'Running', ready: 'False' } });
  });

  it('creates every missing pod in one sync under Parallel, in slow-start batches 1, 2, 2', () => {
    const p = plan(web(5, { podManagementPolicy: 'Parallel' }), [], v1, v1);
    expect(ops(p)).toEqual(['createPod web-0', 'createPod web-1', 'createPod web-2', 'createPod web-3', 'createPod web-4']);
    expect(p.actions.map((a) => a.batch)).toEqual([0, 1, 1, 2, 2]);
  });

  it('deletes the highest ordinal not at the update revision, one per sync, and lowers currentReplicas', () => {
    const pods = [0, 1, 2].map((i) => pod(set, i, v1, 'Ready'));
    const p = plan(set, pods, v1, v2);
    expect(ops(p)).toEqual(['deletePod web-2']);
    expect(p.status).toMatchObject({ replicas: 3, currentReplicas: 2, updatedReplicas: 0 });
  });

  it('waits for the updated top pod to be available before the next deletion', () => {
    const pods = [pod(set, 0, v1, 'Ready'), pod(set, 1, v1, 'Ready'), pod(set, 2, v2, 'Running')];
    expect(ops(plan(set, pods, v1, v2))).toEqual([]);
    expect(ops(plan(web(3, { podManagementPolicy: 'Parallel' }), pods, v1, v2))).toEqual([]);
  });

  it('recreates a pod deleted below the partition on the current (old) revision', () => {
    const parted = web(3, { updateStrategy: { type: 'RollingUpdate', rollingUpdate: { partition: 2 } } });
    const p = plan(parted, [pod(parted, 0, v1, 'Ready'), pod(parted, 2, v2, 'Ready')], v1, v2);
    const a = p.actions[0];
    expect(ops(p)).toEqual(['createPod web-1']);
    expect(a?.op === 'createPod' && [a.pod.metadata.labels?.['controller-revision-hash'], a.pod.spec.containers[0]?.image]).toEqual([
      v1.metadata.name,
      'nginx:1',
    ]);
  });

  it('never completes with OnDelete: currentRevision stays stale even when every pod is updated', () => {
    const onDelete = web(3, { updateStrategy: { type: 'OnDelete' } });
    const p = plan(onDelete, [0, 1, 2].map((i) => pod(onDelete, i, v2, 'Ready')), v1, v2);
    expect(p.actions).toEqual([]);
    expect(p.statusWrite).toMatchObject({ currentRevision: v1.metadata.name, updateRevision: v2.metadata.name, updatedReplicas: 3 });
  });

  it('recreates a deleted pod at the update revision with OnDelete', () => {
    const onDelete = web(3, { updateStrategy: { type: 'OnDelete' } });
    const a = plan(onDelete, [pod(onDelete, 0, v1, 'Ready'), pod(onDelete, 2, v1, 'Ready')], v1, v2).actions[0];
    expect(a?.op === 'createPod' && a.pod.spec.containers[0]?.image).toBe('nginx:2');
  });

  it('completes the rolling update once every replica is updated and Ready', () => {
    const p = plan(set, [0, 1, 2].map((i) => pod(set, i, v2, 'Ready')), v1, v2);
    expect(p.statusWrite).toMatchObject({ currentRevision: v2.metadata.name, currentReplicas: 3, updatedReplicas: 3 });
  });

  it('writes no status when the stored one is consistent', () => {
    const pods = [0, 1, 2].map((i) => pod(set, i, v1, 'Ready'));
    const first = plan(set, pods, v1, v1).statusWrite;
    expect(first).not.toBeNull();
    expect(plan({ ...set, status: first ?? { replicas: 0 } }, pods, v1, v1).statusWrite).toBeNull();
  });

  it('stays stuck on the broken pod after a revert under OrderedReady; Parallel deletes it (forced rollback)', () => {
    // After `rollout undo` the good revision v1 is the update revision again; web-2 still runs the bad v2.
    const pods = [pod(set, 0, v1, 'Ready'), pod(set, 1, v1, 'Ready'), pod(set, 2, v2, 'Pending')];
    const log: DecisionLog = [];
    const claims = existingClaims(3);
    expect(ops(plan(set, pods, v1, v1, { log, claims }))).toEqual([]);
    expect(log).toContainEqual({ fn: 'processReplica', key: 'waitRunningAndReady', values: { pod: 'web-2', podPhase: 'Pending', ready: 'False' } });
    expect(ops(plan(web(3, { podManagementPolicy: 'Parallel' }), pods, v1, v1, { claims }))).toEqual(['deletePod web-2']);
  });

  it('creates the missing claims of a Pending pod', () => {
    const p = plan(set, [pod(set, 0, v1, 'Pending')], v1, v1, { claims: [] });
    expect(p.actions).toMatchObject([{ op: 'createClaims', pod: 'web-0', claims: [{ metadata: { name: 'www-web-0' } }] }]);
  });

  it('deletes a Failed pod without creating it again in the same sync (#123809)', () => {
    const p = plan(set, [pod(set, 0, v1, 'Failed'), pod(set, 1, v1, 'Ready')], v1, v1);
    expect(p.actions).toMatchObject([{ op: 'deletePod', pod: 'web-0', why: 'failed' }]);
  });

  it('scales down from the highest ordinal, waiting for a terminating condemned pod under OrderedReady', () => {
    const two = web(2);
    const pods = [0, 1, 2, 3].map((i) => pod(two, i, v1, 'Ready'));
    expect(ops(plan(two, pods, v1, v1))).toEqual(['deletePod web-3']);
    const terminating = [...pods.slice(0, 3), pod(two, 3, v1, 'Terminating')];
    expect(ops(plan(two, terminating, v1, v1))).toEqual([]);
    expect(ops(plan(web(2, { podManagementPolicy: 'Parallel' }), terminating, v1, v1))).toEqual(['deletePod web-2']);
  });

  it('hands a condemned pod its claim before deleting it when whenScaled is Delete', () => {
    const scaled = web(2, { persistentVolumeClaimRetentionPolicy: { whenScaled: 'Delete', whenDeleted: 'Retain' } });
    const pods = [0, 1, 2].map((i) => pod(scaled, i, v1, 'Ready'));
    const p = plan(scaled, pods, v1, v1, { claims: existingClaims(3) });
    expect(ops(p)).toEqual(['updateClaims web-2', 'deletePod web-2']);
    const a = p.actions[0];
    expect(a?.op === 'updateClaims' && a.claims[0]?.metadata.ownerReferences).toEqual([
      { apiVersion: 'v1', kind: 'Pod', name: 'web-2', uid: 'web-2-uid', controller: true, blockOwnerDeletion: true },
    ]);
  });

  it('does not create a pod whose claim still belongs to an earlier pod of that name', () => {
    const scaled = web(2, { persistentVolumeClaimRetentionPolicy: { whenScaled: 'Delete', whenDeleted: 'Retain' } });
    const stale: PersistentVolumeClaim = {
      metadata: { name: 'www-web-1', ownerReferences: [{ apiVersion: 'v1', kind: 'Pod', name: 'web-1', uid: 'old', controller: true }] },
      spec: {},
    };
    const log: DecisionLog = [];
    expect(plan(scaled, [pod(scaled, 0, v1, 'Ready')], v1, v1, { claims: [stale], log }).actions).toEqual([]);
    expect(log).toContainEqual({ fn: 'processReplica', key: 'staleClaim', values: { pod: 'web-1' } });
  });

  it('refuses to create a pod whose claim is being deleted', () => {
    const dying: PersistentVolumeClaim = { metadata: { name: 'www-web-0', deletionTimestamp: toRFC3339(0) }, spec: {} };
    const p = plan(set, [], v1, v1, { claims: [dying] });
    expect(p.actions).toEqual([]);
    expect(p.error).toBe('pvc www-web-0 is being deleted');
  });

  it('counts a pod available only after minReadySeconds have passed since Ready (strictly)', () => {
    const slow = web(1, { minReadySeconds: 30 });
    const pods = [pod(slow, 0, v1, 'Ready', 0)];
    expect(plan(slow, pods, v1, v1, { nowMs: 30_000 }).status.availableReplicas).toBe(0);
    expect(plan(slow, pods, v1, v1, { nowMs: 30_001 }).status.availableReplicas).toBe(1);
  });
});
