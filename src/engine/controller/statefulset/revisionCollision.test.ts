// Runs of the StatefulSet controller when the name of its next ControllerRevision is taken, and
// on a rollback: upstream's getStatefulSetRevisions → FindEqualRevisions, UpdateControllerRevision
// and CreateControllerRevision (GET on AlreadyExists, compare Data, else collisionCount+1).
import { describe, expect, it } from 'vitest';
import type { StatefulSet } from '../../api/statefulTypes.ts';
import type { ControllerRevision } from '../../api/types.ts';
import { objectKey } from '../../apiserver/store.ts';
import { create, newTx, schedule } from '../../client/tx.ts';
import { advance, kubectl, objects } from '../../sim/executeTestEngine.ts';
import { runUntil } from '../../sim/simulation.ts';
import type { EngineState } from '../../sim/state.ts';
import { statefulEngine, storedSet, webStatefulSet } from '../../sim/statefulTestEngine.ts';
import { newRevision } from './revisions.ts';

/** The stored set with its one container's image changed, as `kubectl set image` writes it. */
function imaged(set: StatefulSet, image: string): StatefulSet {
  const t = set.spec.template;
  return { ...set, spec: { ...set.spec, template: { ...t, spec: { ...t.spec, containers: t.spec.containers.map((c) => ({ ...c, image })) } } } };
}

/** A user's create of `rev` through the API server (kubectl serves no ControllerRevision create), seen by informers after the watch delay. */
function userCreate(st: EngineState, rev: ControllerRevision): void {
  const tx = newTx(st, 'user');
  expect(create(tx, rev).ok).toBe(true);
  for (const rec of tx.writes) schedule(tx, tx.now + 50, { type: 'deliver', rec, key: objectKey(rec.object) });
}

/** A revision named `name` that the set neither owns nor selects (app=other), holding `data`. */
function byHand(name: string, data: ControllerRevision['data'], revision: number): ControllerRevision {
  return { apiVersion: 'apps/v1', kind: 'ControllerRevision', metadata: { name, namespace: 'default', labels: { app: 'other' } }, data, revision };
}

const names = (st: EngineState) => objects(st, 'ControllerRevision').map((r) => `${r.metadata.name} #${r.revision}`);
const podRevisions = (st: EngineState) => objects(st, 'Pod').map((p) => p.metadata.labels?.['controller-revision-hash']);

/** A settled 2-replica set (no claims), its revision's name and the revision `kubectl set image … nginx:1.26` would make. */
function settled(): { st: EngineState; next: ControllerRevision; first: string } {
  const st = statefulEngine(webStatefulSet(2, { volumeClaimTemplates: [] }));
  advance(st, 30);
  const set = storedSet(st);
  return { st, next: newRevision(imaged(set, 'nginx:1.26'), 2, 0), first: set.status?.updateRevision ?? '' };
}

describe('getStatefulSetRevisions', () => {
  it('raises collisionCount to 1 and rolls to a revision under the new name when a user holds the name with other data', () => {
    const { st, next, first } = settled();
    const other = newRevision(imaged(storedSet(st), 'busybox'), 1, 0).data;
    userCreate(st, byHand(next.metadata.name, other, 1));
    advance(st, 1);
    expect(kubectl(st, 'set image sts/web nginx=nginx:1.26').ok).toBe(true);
    const collisions: string[] = [];
    runUntil(st, st.now + 60_000, (t) => {
      for (const d of t.decisions) if (d.key === 'hashCollision') collisions.push(String(d.values.revision));
    });
    // The same template hashed with collision count 1.
    const moved = newRevision(imaged(storedSet(st), 'nginx:1.26'), 2, 1).metadata.name;
    expect(moved).not.toBe(next.metadata.name);
    // One collision, on the sync that created the revision; later syncs find it in their list.
    expect(collisions).toEqual([next.metadata.name]);
    expect(storedSet(st).status).toMatchObject({ collisionCount: 1, updateRevision: moved, currentRevision: moved, updatedReplicas: 2 });
    expect(names(st)).toEqual([`${moved} #2`, `${next.metadata.name} #1`, `${first} #1`].sort());
    expect(podRevisions(st)).toEqual([moved, moved]);
    // The user's revision is left as it was: not adopted, not changed.
    expect(st.store.objects.ControllerRevision.get(`default/${next.metadata.name}`)).toMatchObject({ data: other, metadata: { labels: { app: 'other' } } });
  });

  it('uses the revision a user made under the name when its data is ours, creating none and raising nothing', () => {
    const { st, next, first } = settled();
    userCreate(st, byHand(next.metadata.name, next.data, 9));
    advance(st, 1);
    expect(kubectl(st, 'set image sts/web nginx=nginx:1.26').ok).toBe(true);
    advance(st, 60);
    expect(storedSet(st).status).toMatchObject({ collisionCount: 0, updateRevision: next.metadata.name, currentRevision: next.metadata.name, updatedReplicas: 2 });
    expect(names(st)).toEqual([`${first} #1`, `${next.metadata.name} #9`].sort());
    expect(podRevisions(st)).toEqual([next.metadata.name, next.metadata.name]);
  });

  it('renumbers the equal older revision on a rollback instead of creating one', () => {
    const { st, next, first } = settled();
    expect(kubectl(st, 'set image sts/web nginx=nginx:1.26').ok).toBe(true);
    advance(st, 60);
    expect(names(st)).toEqual([`${first} #1`, `${next.metadata.name} #2`].sort());
    expect(kubectl(st, 'set image sts/web nginx=nginx:1.25').ok).toBe(true);
    advance(st, 60);
    expect(names(st)).toEqual([`${first} #3`, `${next.metadata.name} #2`].sort());
    expect(storedSet(st).status).toMatchObject({ collisionCount: 0, updateRevision: first, currentRevision: first, updatedReplicas: 2 });
    expect(podRevisions(st)).toEqual([first, first]);
  });
});
