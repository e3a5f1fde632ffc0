import { describe, expect, it } from 'vitest';
import type { Namespace } from '../../api/coreTypes.ts';
import { kubectl, objects, runTicks, settledCluster, webDeployment } from '../../sim/executeTestEngine.ts';
import type { EngineState } from '../../sim/state.ts';



function teamA(): EngineState {
  const d = webDeployment(2);
  return settledCluster([{ ...d, metadata: { ...d.metadata, namespace: 'team-a' } }]);
}

const ns = (st: EngineState, name: string) => st.store.objects.Namespace.get(name) as Namespace | undefined;
const inTeamA = (st: EngineState) =>
  (['Deployment', 'ReplicaSet', 'Pod'] as const).flatMap((k) => objects(st, k).filter((o) => o.metadata.namespace === 'team-a').map((o) => `${k}/${o.metadata.name}`));

describe('the namespace controller', () => {
  it('marks the namespace Terminating, empties it, then removes it', () => {
    const st = teamA();
    expect(kubectl(st, 'delete namespace team-a')).toEqual({ ok: true, output: 'namespace "team-a" deleted' });
    expect(ns(st, 'team-a')?.status?.phase).toBe('Terminating');
    expect(kubectl(st, 'get ns team-a').output).toMatch(/\nteam-a\s+Terminating\s+/);
    const first = runTicks(st, 6);
    const pass = first.flatMap((t) => t.decisions).find((d) => d.fn === 'deleteAllContent');
    // The pods terminate (30 s grace: back in 16 s at the latest); everything else went at once.
    expect(pass?.key).toBe('remaining');
    expect(pass?.values).toMatchObject({ namespace: 'team-a', remaining: 'pods. has 2 resource instances', estimate: 30, after: 16 });
    const conditions = ns(st, 'team-a')?.status?.conditions ?? [];
    expect(conditions.map((c) => `${c.type}=${c.status}`)).toEqual([
      'NamespaceDeletionDiscoveryFailure=False',
      'NamespaceDeletionGroupVersionParsingFailure=False',
      'NamespaceDeletionContentFailure=False',
      'NamespaceContentRemaining=True',
      'NamespaceFinalizersRemaining=False',
    ]);
    expect(conditions[3]?.message).toBe('Some resources are remaining: pods. has 2 resource instances');
    const rest = runTicks(st, 20);
    expect(inTeamA(st)).toEqual([]);
    expect(ns(st, 'team-a')).toBeUndefined();
    // Each namespace event is processed 5 s after it: the delete at 30 s, the status write at 35 s.
    const passes = first.concat(rest).filter((t) => t.actor === 'namespace-controller' && !t.summary.startsWith('requeue'));
    expect(passes.map((t) => [t.time, t.summary])).toEqual([
      [35_050, 'namespace team-a is Terminating: 1 kind of content is left'],
      [40_100, 'namespace team-a is empty: finalized and deleted'],
      [45_150, 'namespace team-a is gone or no longer being deleted: nothing to do'],
    ]);
  });

  it('refuses new content in the namespace while it is Terminating, in NamespaceLifecycle’s words', () => {
    const st = teamA();
    kubectl(st, 'delete namespace team-a');
    const d = webDeployment(1);
    expect(kubectl(st, 'apply -n team-a -f -', { ...d, metadata: { ...d.metadata, name: 'api' } })).toEqual({
      ok: false,
      output: 'Error from server (Forbidden): error when creating "STDIN": deployments.apps "api" is forbidden: unable to create new content in namespace team-a because it is being terminated',
    });
  });

  it('answers a second delete with the registry’s Conflict, and never deletes default', () => {
    const st = teamA();
    kubectl(st, 'delete namespace team-a');
    expect(kubectl(st, 'delete namespace team-a').output).toBe(
      'Error from server (Conflict): Operation cannot be fulfilled on namespaces "team-a": The system is ensuring all content is removed from this namespace.  Upon completion, this namespace will automatically be purged by the system.',
    );
    expect(kubectl(st, 'delete namespace default')).toEqual({ ok: false, output: 'Error from server (Forbidden): namespaces "default" is forbidden: this namespace may not be deleted' });
  });
});
