import { describe, expect, it } from 'vitest';
import type { Decision } from '../../api/decision.ts';
import { getControllerOf } from '../../api/ownerRefs.ts';
import type { ControllerRevision, Pod } from '../../api/types.ts';
import { objectKey } from '../../apiserver/store.ts';
import { create, newTx, schedule } from '../../client/tx.ts';
import { advance, kubectl } from '../../sim/executeTestEngine.ts';
import { runUntil } from '../../sim/simulation.ts';
import { statefulEngine, storedSet, webStatefulSet } from '../../sim/statefulTestEngine.ts';
import { adoptOrphanRevisions, claimPods } from './claimPods.ts';
import { newRevision } from './revisions.ts';

const storedPod = (st: ReturnType<typeof statefulEngine>, name: string) => st.store.objects.Pod.get(`default/${name}`) as Pod | undefined;
const orphanPod = (name: string, labels: Record<string, string>): Pod => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name, namespace: 'default', labels },
  spec: { containers: [{ name: 'nginx', image: 'nginx:1.25' }] },
});

/** createOrphan creates a pod as a user would (kubectl run), its watch event queued for the informer. */
function createOrphan(st: ReturnType<typeof statefulEngine>, pod: Pod): boolean {
  const tx = newTx(st, 'user');
  const res = create(tx, pod);
  for (const rec of tx.writes) if (rec.object.kind !== 'Event') schedule(tx, tx.now + 50, { type: 'deliver', rec, key: objectKey(rec.object) });
  return res.ok;
}

/** Runs `seconds` and returns the claim decisions of the StatefulSet controller. */
function claimsDuring(st: ReturnType<typeof statefulEngine>, seconds: number): Decision[] {
  const out: Decision[] = [];
  runUntil(st, st.now + seconds * 1000, (t) => {
    for (const d of t.decisions) if (d.fn === 'getPodsForStatefulSet' || d.fn === 'adoptOrphanRevisions') out.push(d);
  });
  return out;
}

describe('claimPods', () => {
  it('adopts an orphan pod that matches the selector and the name, and deletes it when its ordinal is condemned', () => {
    const st = statefulEngine(webStatefulSet(2, { volumeClaimTemplates: [] }));
    advance(st, 30);
    expect(createOrphan(st, orphanPod('web-5', { app: 'nginx' }))).toBe(true);
    const seen = claimsDuring(st, 1);
    expect(seen.map((d) => [d.key, d.values.pod])).toEqual([['adopt', 'web-5']]);
    advance(st, 10);
    expect(storedPod(st, 'web-5')).toBeUndefined();
  });

  it('adopts an orphan into a missing ordinal instead of creating it', () => {
    const st = statefulEngine(webStatefulSet(2, { volumeClaimTemplates: [] }));
    advance(st, 30);
    kubectl(st, 'scale sts/web --replicas=3');
    expect(createOrphan(st, orphanPod('web-2', { app: 'nginx' }))).toBe(true);
    expect(claimsDuring(st, 20).map((d) => [d.key, d.values.pod])).toEqual([['adopt', 'web-2']]);
    const web2 = storedPod(st, 'web-2');
    expect(getControllerOf(web2 as Pod)?.uid).toBe(storedSet(st).metadata.uid);
    expect(storedSet(st).status?.replicas).toBe(3);
  });

  it.each<[string, Pod]>([
    ['another selector', orphanPod('web-5', { app: 'other' })],
    ['another parent name', orphanPod('db-5', { app: 'nginx' })],
  ])('leaves an orphan with %s alone', (_name, pod) => {
    const st = statefulEngine(webStatefulSet(2, { volumeClaimTemplates: [] }));
    advance(st, 30);
    expect(createOrphan(st, pod)).toBe(true);
    expect(claimsDuring(st, 5)).toEqual([]);
    expect(getControllerOf(storedPod(st, pod.metadata.name) as Pod)).toBeUndefined();
  });

  it('releases a pod relabelled out of the selector: its ownerReference goes', () => {
    const st = statefulEngine(webStatefulSet(2, { volumeClaimTemplates: [] }));
    advance(st, 30);
    expect(kubectl(st, 'label pod web-0 app=moved --overwrite').ok).toBe(true);
    const seen = claimsDuring(st, 1);
    expect(seen.map((d) => [d.key, d.values.pod])).toEqual([['release', 'web-0']]);
    expect(String(seen[0]?.values.labels)).toContain('app=moved');
    expect(storedPod(st, 'web-0')?.metadata.ownerReferences).toBeUndefined();
  });

  it('releases a pod relabelled out of the selector while it terminates, and creates its ordinal again once it is gone', () => {
    const st = statefulEngine(webStatefulSet(3, { volumeClaimTemplates: [] }));
    advance(st, 30);
    const old = storedPod(st, 'web-1');
    expect(kubectl(st, 'delete pod web-1 --wait=false').ok).toBe(true);
    advance(st, 0.5);
    expect(storedPod(st, 'web-1')?.metadata.deletionTimestamp).toBeDefined();
    expect(kubectl(st, 'label pod web-1 app=moved --overwrite').ok).toBe(true);
    const seen = claimsDuring(st, 1);
    expect(seen.map((d) => [d.key, d.values.pod])).toEqual([['release', 'web-1']]);
    advance(st, 10);
    const web1 = storedPod(st, 'web-1');
    expect(web1?.metadata.uid).not.toBe(old?.metadata.uid);
    expect(getControllerOf(web1 as Pod)?.uid).toBe(storedSet(st).metadata.uid);
  });
});

describe('claimPods when nothing is to claim', () => {
  it('writes and decides nothing when no pod is unmatched or orphaned', () => {
    const st = statefulEngine(webStatefulSet(2, { volumeClaimTemplates: [] }));
    advance(st, 30);
    const tx = newTx(st, 'engine');
    const log: Decision[] = [];
    expect(claimPods(tx, storedSet(st), { unmatched: [], orphans: [] }, log)).toEqual({ adopted: [], error: null });
    expect(tx.writes).toEqual([]);
    expect(log).toEqual([]);
  });
});

describe('adoptOrphanRevisions', () => {
  it('adopts only the orphans of the list, and writes nothing when none is one', () => {
    const st = statefulEngine(webStatefulSet(1, { volumeClaimTemplates: [] }));
    advance(st, 10);
    const set = storedSet(st);
    const owned = [...st.store.objects.ControllerRevision.values()] as ControllerRevision[];
    expect(owned.length).toBeGreaterThan(0);
    const quiet = newTx(st, 'engine');
    expect(adoptOrphanRevisions(quiet, set, owned, [])).toBeNull();
    expect(quiet.writes).toEqual([]);
    const orphan = { ...newRevision({ ...set, metadata: { ...set.metadata, name: 'old' } }, 7, 0) };
    orphan.metadata = { ...orphan.metadata, ownerReferences: undefined };
    const made = create(newTx(st, 'user'), orphan);
    const log: Decision[] = [];
    const tx = newTx(st, 'engine');
    expect(adoptOrphanRevisions(tx, set, [...owned, made.ok ? (made.object as ControllerRevision) : orphan], log)).toBeNull();
    expect(tx.writes.map((w) => w.object.metadata.name)).toEqual([orphan.metadata.name]);
    expect(log.map((d) => d.values.revision)).toEqual([orphan.metadata.name]);
  });

  it('gives an orphan revision the set as controller', () => {
    const st = statefulEngine(webStatefulSet(1, { volumeClaimTemplates: [] }));
    advance(st, 10);
    const set = storedSet(st);
    const tx = newTx(st, 'user');
    const orphan = { ...newRevision({ ...set, metadata: { ...set.metadata, name: 'old' } }, 7, 0) };
    orphan.metadata = { ...orphan.metadata, ownerReferences: undefined };
    const made = create(tx, orphan);
    expect(made.ok).toBe(true);
    const log: Decision[] = [];
    expect(adoptOrphanRevisions(newTx(st, 'engine'), set, [made.ok ? (made.object as ControllerRevision) : orphan], log)).toBeNull();
    const stored = st.store.objects.ControllerRevision.get(`default/${orphan.metadata.name}`) as ControllerRevision;
    expect(getControllerOf(stored)?.uid).toBe(set.metadata.uid);
    expect(log).toEqual([{ fn: 'adoptOrphanRevisions', key: 'adopt', values: { revision: orphan.metadata.name, number: 7 } }]);
  });

  it('refuses when the set read again is being deleted', () => {
    const st = statefulEngine(webStatefulSet(1, { volumeClaimTemplates: [] }));
    advance(st, 10);
    const set = storedSet(st);
    const orphan = { ...newRevision(set, 7, 0), metadata: { ...newRevision(set, 7, 0).metadata, ownerReferences: undefined } };
    const fresh = { ...set, metadata: { ...set.metadata, deletionTimestamp: '2026-01-01T00:00:00Z' } };
    st.store.objects.StatefulSet.set('default/web', fresh);
    expect(adoptOrphanRevisions(newTx(st, 'engine'), set, [orphan], [])).toBe(
      "can't adopt ControllerRevisions: default/web has just been deleted at 2026-01-01T00:00:00Z",
    );
  });
});
