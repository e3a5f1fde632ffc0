// The Deployment's pod map (getPodMapForDeployment) and the Recreate rollout that waits on it:
// only the pods of the ReplicaSets the Deployment claimed in this sync count.
import { describe, expect, it } from 'vitest';
import type { Deployment, ReplicaSet } from '../../api/types.ts';
import { newTx } from '../../client/tx.ts';
import { kubectl, replicaSets, runTicks, testConfig, web, webDeployment } from '../../sim/executeTestEngine.ts';
import { createEngine, runUntil } from '../../sim/simulation.ts';
import { getPodMapForDeployment } from './deploymentController.ts';

/** A settled cluster of `web` (4 replicas) whose pods take `terminationSeconds` to go. */
function cluster(spec: Partial<Deployment['spec']> = {}, terminationSeconds = 1) {
  const st = createEngine({ ...testConfig([webDeployment(4, spec)]), terminationSeconds });
  runUntil(st, 30_000);
  st.now = 30_000;
  return st;
}

describe('getPodMapForDeployment', () => {
  type Row = [string, (d: Deployment) => Deployment, (rs: ReplicaSet) => ReplicaSet[], number[]];
  it.each<Row>([
    ['groups the pods of a listed ReplicaSet under its uid', (d) => d, (rs) => [rs], [4]],
    ['counts no pod of a ReplicaSet the Deployment controls but did not claim', (d) => d, () => [], []],
    [
      'leaves out the pods of a listed ReplicaSet that the Deployment’s selector does not match',
      (d) => ({ ...d, spec: { ...d.spec, selector: { matchLabels: { app: 'web', tier: 'front' } } } }),
      (rs) => [rs],
      [0],
    ],
    ['leaves out the pods of a listed ReplicaSet of another namespace', (d) => ({ ...d, metadata: { ...d.metadata, namespace: 'other' } }), (rs) => [rs], [0]],
  ])('%s', (_name, deployment, listed, want) => {
    const st = cluster();
    const [rs] = replicaSets(st);
    if (!rs) throw new Error('no ReplicaSet');
    const podMap = getPodMapForDeployment(newTx(st, 'deployment-controller'), deployment(web(st)), listed(rs));
    expect([...podMap.values()].map((pods) => pods.length)).toEqual(want);
    expect([...podMap.keys()]).toEqual(listed(rs).map((r) => r.metadata.uid));
  });
});

describe('rolloutRecreate in a run', () => {
  it('does not wait for the pods of an old ReplicaSet the Deployment released in the same sync', () => {
    // Old pods take 20 s to terminate: Recreate waits for them after scaling the old ReplicaSet to 0.
    const st = cluster({ strategy: { type: 'Recreate' } }, 20);
    const [old] = replicaSets(st);
    const oldName = old?.metadata.name ?? '';
    expect(kubectl(st, 'set image deployment/web nginx=nginx:1.9').ok).toBe(true);
    const waiting = runTicks(st, 2).flatMap((t) => t.decisions);
    expect(waiting.some((x) => x.fn === 'rolloutRecreate' && x.key === 'waitOldPods')).toBe(true);
    expect(replicaSets(st)).toHaveLength(1);
    // Relabelled out of the selector: the next sync releases it and, with it out of the claimed
    // list, its terminating pods no longer hold the rollout.
    expect(kubectl(st, `label rs ${oldName} app=moved --overwrite`).ok).toBe(true);
    const ticks = runTicks(st, 1);
    const releasing = ticks.find((t) => t.decisions.some((x) => x.fn === 'getReplicaSetsForDeployment' && x.key === 'release'));
    expect(releasing?.decisions.some((x) => x.fn === 'rolloutRecreate' && x.key === 'waitOldPods')).toBe(false);
    expect(releasing?.writes.some((w) => w.type === 'ADDED' && w.object.kind === 'ReplicaSet')).toBe(true);
    // The old pods are still terminating when the new ReplicaSet is made.
    const oldPods = [...st.store.objects.Pod.values()].filter((p) => p.metadata.ownerReferences?.some((o) => o.uid === old?.metadata.uid));
    expect(oldPods.length).toBeGreaterThan(0);
    expect(oldPods.every((p) => p.metadata.deletionTimestamp !== undefined)).toBe(true);
  });
});
