import { describe, expect, it } from 'vitest';
import type { TickRecord } from '../client/tick.ts';
import { runUntil } from '../sim/simulation.ts';
import type { EngineState } from '../sim/state.ts';
import { kubectl, objects, runTicks, settledCluster, webDeployment } from '../sim/executeTestEngine.ts';



const names = (st: EngineState, kind: 'Deployment' | 'ReplicaSet' | 'Pod') => objects(st, kind).map((o) => o.metadata.name);
const gcLines = (ticks: TickRecord[]) => ticks.filter((t) => t.actor === 'garbage-collector').map((t) => t.summary);

describe('the garbage collector’s propagation policies', () => {
  it('leaves the ReplicaSet and its pods without an owner when the Deployment is deleted with --cascade=orphan', () => {
    const st = settledCluster([webDeployment(2)]);
    const rs = names(st, 'ReplicaSet');
    const pods = names(st, 'Pod');
    expect(kubectl(st, 'delete deployment web --cascade=orphan')).toEqual({ ok: true, output: 'deployment.apps "web" deleted from default namespace' });
    const d = objects(st, 'Deployment')[0];
    expect(d?.metadata.finalizers).toEqual(['orphan']);
    expect(d?.metadata.deletionTimestamp).toBe('2026-01-01T00:00:30Z');
    const ticks = runTicks(st, 20);
    expect(names(st, 'Deployment')).toEqual([]);
    expect(names(st, 'ReplicaSet')).toEqual(rs);
    expect(names(st, 'Pod')).toEqual(pods);
    expect(objects(st, 'ReplicaSet')[0]?.metadata.ownerReferences).toBeUndefined();
    expect(gcLines(ticks)).toEqual([
      `took the owner reference to deployment/web off 1 dependent; removed the finalizer orphan from deployment/web`,
    ]);
    const decisions = ticks.flatMap((t) => t.decisions).filter((x) => x.fn === 'orphanDependents' || x.fn === 'removeFinalizer');
    expect(decisions.map((x) => [x.fn, x.key, x.values])).toEqual([
      ['orphanDependents', 'orphaned', { owner: 'deployment/web', count: 1, dependents: `replicaset/${rs[0]}` }],
      ['removeFinalizer', 'removed', { owner: 'deployment/web', finalizer: 'orphan', gone: 'yes' }],
    ]);
  });

  it('adopts the orphaned ReplicaSet, with no new pod, when the same Deployment is applied again', () => {
    const st = settledCluster([webDeployment(2)]);
    const pods = names(st, 'Pod');
    kubectl(st, 'delete deployment web --cascade=orphan');
    runTicks(st, 5);
    kubectl(st, 'apply -f -', webDeployment(2));
    runTicks(st, 20);
    expect(names(st, 'Pod')).toEqual(pods);
    const d = objects(st, 'Deployment')[0];
    expect(objects(st, 'ReplicaSet')[0]?.metadata.ownerReferences?.map((r) => r.uid)).toEqual([d?.metadata.uid]);
  });

  it('keeps the Deployment, then its ReplicaSet, until the pods are gone when deleted with --cascade=foreground', () => {
    const st = settledCluster([webDeployment(2)]);
    kubectl(st, 'delete deployment web --cascade=foreground');
    expect(objects(st, 'Deployment')[0]?.metadata.finalizers).toEqual(['foregroundDeletion']);
    const gone: Record<string, number> = {};
    const ticks: TickRecord[] = [];
    const until = st.now + 30_000;
    runUntil(st, until, (t) => {
      ticks.push(t);
      for (const w of t.writes) if (w.type === 'DELETED') gone[w.object.kind] ??= t.time;
    });
    expect(names(st, 'Deployment')).toEqual([]);
    expect(names(st, 'ReplicaSet')).toEqual([]);
    expect(names(st, 'Pod')).toEqual([]);
    // The pods first (after their 1 s termination), then the ReplicaSet, then the Deployment.
    expect((gone.Pod ?? 0) < (gone.ReplicaSet ?? 0)).toBe(true);
    expect((gone.ReplicaSet ?? 0) < (gone.Deployment ?? 0)).toBe(true);
    const rsDeleting = ticks.flatMap((t) => t.decisions).find((x) => x.fn === 'processDeletingDependentsItem' && x.key === 'waiting');
    expect(rsDeleting?.values).toEqual({ owner: 'deployment/web', blocking: 1, deleting: 1 });
    expect(gcLines(ticks)[1]).toMatch(/^deleted ReplicaSet web-\w+ \(Foreground\): its owner waits for its dependents \(foregroundDeletion\)$/);
  });

  it('deletes the Deployment at once and its dependents after it in the background by default', () => {
    const st = settledCluster([webDeployment(2)]);
    kubectl(st, 'delete deployment web');
    expect(names(st, 'Deployment')).toEqual([]);
    runTicks(st, 20);
    expect(names(st, 'ReplicaSet')).toEqual([]);
    expect(names(st, 'Pod')).toEqual([]);
  });

  it('warns of a boolean --cascade and orphans with false', () => {
    const st = settledCluster([webDeployment(2)]);
    expect(kubectl(st, 'delete deployment web --cascade=false')).toEqual({
      ok: true,
      output: 'warning: --cascade=false is deprecated (boolean value) and can be replaced with --cascade=orphan.\ndeployment.apps "web" deleted from default namespace',
    });
    runTicks(st, 10);
    expect(names(st, 'ReplicaSet')).toHaveLength(1);
  });
});
