import { describe, expect, it } from 'vitest';
import type { Pod } from '../../api/types.ts';
import type { PersistentVolumeClaimObject } from '../../api/statefulTypes.ts';
import { parseRFC3339 } from '../../lib/time.ts';
import { advance, kubectl, objects } from '../../sim/executeTestEngine.ts';
import { runUntil } from '../../sim/simulation.ts';
import { statefulEngine, storedSet, webStatefulSet } from '../../sim/statefulTestEngine.ts';
import { STATEFULSET_SHELL_DECISION_KEYS } from './shellExplainCatalog.ts';
import { syncStatefulSet } from './statefulSetController.ts';
import { objectKey } from '../../apiserver/store.ts';
import { create, newTx, schedule } from '../../client/tx.ts';
import { adoptOrphanRevisions } from './claimPods.ts';
import { newRevision } from './revisions.ts';

const readySince = (p: Pod) => p.status?.conditions?.find((c) => c.type === 'Ready' && c.status === 'True')?.lastTransitionTime;
const revisionOf = (p: Pod) => p.metadata.labels?.['controller-revision-hash'] ?? '';
const podNames = (st: Parameters<typeof objects>[0]) => objects(st, 'Pod').map((p) => p.metadata.name);
const eventMessages = (st: Parameters<typeof objects>[0]) => objects(st, 'Event').map((e) => e.message);

describe('syncStatefulSet', () => {
  it('creates web-N only once web-(N-1) is Running and Ready under OrderedReady', () => {
    const st = statefulEngine();
    const created = new Map<string, number>();
    const ready = new Map<string, number>();
    runUntil(st, 60_000, (t) => {
      for (const w of t.writes) {
        if (w.object.kind !== 'Pod') continue;
        if (w.type === 'ADDED') created.set(w.object.metadata.name, t.time);
        const since = readySince(w.object);
        if (since && !ready.has(w.object.metadata.name)) ready.set(w.object.metadata.name, parseRFC3339(since));
      }
    });
    expect([...created.keys()]).toEqual(['web-0', 'web-1', 'web-2']);
    for (const n of [1, 2]) expect(created.get(`web-${n}`)).toBeGreaterThanOrEqual(ready.get(`web-${n - 1}`) as number);
    const s = storedSet(st);
    expect(s.status).toMatchObject({ replicas: 3, readyReplicas: 3, currentReplicas: 3, updatedReplicas: 3, availableReplicas: 3, collisionCount: 0, observedGeneration: 1 });
    expect(s.status?.currentRevision).toBe(s.status?.updateRevision);
  });

  it('creates every pod in one sync under Parallel', () => {
    const st = statefulEngine(webStatefulSet(3, { podManagementPolicy: 'Parallel' }));
    const created: number[] = [];
    runUntil(st, 30_000, (t) => {
      for (const w of t.writes) if (w.object.kind === 'Pod' && w.type === 'ADDED') created.push(t.tick);
    });
    expect(created).toHaveLength(3);
    expect(new Set(created).size).toBe(1);
  });

  it('gives each pod its identity, ordinal labels and its own Bound claim', () => {
    const st = statefulEngine(webStatefulSet(2, { ordinals: { start: 5 } }));
    advance(st, 40);
    const pods = objects(st, 'Pod');
    expect(pods.map((p) => p.metadata.name)).toEqual(['web-5', 'web-6']);
    const p = pods[0] as Pod & { spec: { hostname?: string; subdomain?: string; volumes?: unknown[] } };
    expect(p.metadata.labels).toMatchObject({ 'apps.kubernetes.io/pod-index': '5', 'statefulset.kubernetes.io/pod-name': 'web-5' });
    expect(p.spec).toMatchObject({ hostname: 'web-5', subdomain: 'nginx', volumes: [{ name: 'www', persistentVolumeClaim: { claimName: 'www-web-5' } }] });
    const claims = objects(st, 'PersistentVolumeClaim');
    expect(claims.map((c) => [c.metadata.name, c.status?.phase, c.spec.storageClassName, c.status?.capacity?.storage])).toEqual([
      ['www-web-5', 'Bound', 'standard', '1Gi'],
      ['www-web-6', 'Bound', 'standard', '1Gi'],
    ]);
    expect(eventMessages(st)).toContain('create Claim www-web-5 Pod web-5 in StatefulSet web success');
  });

  it('replaces pods from the highest ordinal down, one at a time, on a template change', () => {
    const st = statefulEngine();
    advance(st, 30);
    const before = storedSet(st).status?.currentRevision;
    expect(kubectl(st, 'set image sts/web nginx=nginx:1.26').output).toBe('statefulset.apps/web image updated');
    const deleted: string[] = [];
    runUntil(st, st.now + 60_000, (t) => {
      for (const w of t.writes) if (w.object.kind === 'Pod' && w.object.metadata.deletionTimestamp && w.type === 'MODIFIED' && !deleted.includes(w.object.metadata.name)) deleted.push(w.object.metadata.name);
    });
    expect(deleted).toEqual(['web-2', 'web-1', 'web-0']);
    const s = storedSet(st);
    expect(s.status?.currentRevision).toBe(s.status?.updateRevision);
    expect(s.status?.currentRevision).not.toBe(before);
    expect(kubectl(st, 'rollout status sts/web').output).toBe('partitioned roll out complete: 3 new pods have been updated...');
  });

  it('updates only the ordinals at or above the partition, and brings a deleted lower pod back on the old revision', () => {
    const st = statefulEngine(webStatefulSet(3, { updateStrategy: { rollingUpdate: { partition: 2 } } }));
    advance(st, 30);
    kubectl(st, 'set image sts/web nginx=nginx:1.26');
    advance(st, 30);
    const s = storedSet(st);
    const pods = objects(st, 'Pod');
    expect(pods.map(revisionOf)).toEqual([s.status?.currentRevision, s.status?.currentRevision, s.status?.updateRevision]);
    expect(s.status?.currentRevision).not.toBe(s.status?.updateRevision);
    expect(kubectl(st, 'rollout status sts/web').output).toBe('partitioned roll out complete: 1 new pods have been updated...');
    kubectl(st, 'delete pod web-0');
    advance(st, 30);
    expect(revisionOf(objects(st, 'Pod')[0] as Pod)).toBe(s.status?.currentRevision);
  });

  it('replaces nothing under OnDelete, recreates a deleted pod at the update revision, and leaves currentRevision stale', () => {
    const st = statefulEngine(webStatefulSet(3, { updateStrategy: { type: 'OnDelete' } }));
    advance(st, 30);
    kubectl(st, 'set image sts/web nginx=nginx:1.26');
    advance(st, 30);
    expect(objects(st, 'Pod').every((p) => p.spec.containers[0]?.image === 'nginx:1.25')).toBe(true);
    for (const n of [0, 1, 2]) {
      kubectl(st, `delete pod web-${n}`);
      advance(st, 20);
    }
    const s = storedSet(st);
    expect(objects(st, 'Pod').map(revisionOf)).toEqual(Array(3).fill(s.status?.updateRevision));
    expect(s.status?.updatedReplicas).toBe(3);
    expect(s.status?.currentRevision).not.toBe(s.status?.updateRevision);
  });

  it('keeps claims on scale-down under Retain and reuses them on scale-up', () => {
    const st = statefulEngine();
    advance(st, 30);
    const uids = objects(st, 'PersistentVolumeClaim').map((c) => c.metadata.uid);
    kubectl(st, 'scale sts/web --replicas=1');
    advance(st, 30);
    expect(podNames(st)).toEqual(['web-0']);
    expect(objects(st, 'PersistentVolumeClaim')).toHaveLength(3);
    kubectl(st, 'scale sts/web --replicas=3');
    advance(st, 30);
    expect(podNames(st)).toEqual(['web-0', 'web-1', 'web-2']);
    expect(objects(st, 'PersistentVolumeClaim').map((c) => c.metadata.uid)).toEqual(uids);
  });

  it('hands condemned claims to their pods under whenScaled: Delete, so the garbage collector removes them', () => {
    const st = statefulEngine(webStatefulSet(3, { persistentVolumeClaimRetentionPolicy: { whenScaled: 'Delete', whenDeleted: 'Retain' } }));
    advance(st, 30);
    const old = objects(st, 'PersistentVolumeClaim').map((c) => c.metadata.uid);
    kubectl(st, 'scale sts/web --replicas=1');
    advance(st, 30);
    expect(objects(st, 'PersistentVolumeClaim').map((c) => c.metadata.name)).toEqual(['www-web-0']);
    kubectl(st, 'scale sts/web --replicas=3');
    advance(st, 30);
    const fresh = objects(st, 'PersistentVolumeClaim').map((c) => c.metadata.uid);
    expect(fresh[0]).toBe(old[0]);
    expect(fresh.slice(1).some((u) => old.includes(u))).toBe(false);
  });

  it('deletes pods, revisions and (whenDeleted: Delete) claims with the StatefulSet', () => {
    const st = statefulEngine(webStatefulSet(2, { persistentVolumeClaimRetentionPolicy: { whenDeleted: 'Delete', whenScaled: 'Retain' } }));
    advance(st, 30);
    expect(kubectl(st, 'delete sts web').output).toBe('statefulset.apps "web" deleted from default namespace');
    advance(st, 30);
    expect(objects(st, 'Pod')).toEqual([]);
    expect(objects(st, 'ControllerRevision')).toEqual([]);
    expect(objects(st, 'PersistentVolumeClaim')).toEqual([]);
  });

  it('holds a rollout on a broken pod: undo changes nothing until the pod is deleted', () => {
    const st = statefulEngine();
    advance(st, 30);
    kubectl(st, 'set image sts/web nginx=nginx:broken');
    advance(st, 60);
    expect(objects(st, 'Pod').map((p) => p.spec.containers[0]?.image)).toEqual(['nginx:1.25', 'nginx:1.25', 'nginx:broken']);
    expect(kubectl(st, 'rollout status sts/web').output).toBe('Waiting for 1 pods to be ready...');
    expect(kubectl(st, 'rollout undo sts/web').output).toBe('statefulset.apps/web rolled back');
    const events = objects(st, 'Event').length;
    advance(st, 60);
    // The update revision is the old one again (renumbered), yet web-2 stays broken: no new Events from the controller.
    const s = storedSet(st);
    expect(s.status?.updateRevision).toBe(s.status?.currentRevision);
    expect(objects(st, 'Pod')[2]?.spec.containers[0]?.image).toBe('nginx:broken');
    expect(objects(st, 'Event').filter((e) => e.source?.component === 'statefulset-controller').length).toBeLessThanOrEqual(events);
    kubectl(st, 'delete pod web-2');
    advance(st, 30);
    expect(objects(st, 'Pod').map((p) => p.spec.containers[0]?.image)).toEqual(['nginx:1.25', 'nginx:1.25', 'nginx:1.25']);
    expect(storedSet(st).status?.readyReplicas).toBe(3);
    expect(kubectl(st, 'rollout history sts/web').output).toBe('statefulset.apps/web \nREVISION  CHANGE-CAUSE\n2         <none>\n3         <none>\n');
  });

  it('counts a pod available only minReadySeconds after it turned Ready, and requeues for that moment', () => {
    const st = statefulEngine(webStatefulSet(1, { minReadySeconds: 10 }));
    let requeued = false;
    let availableAt = 0;
    let readyAt = 0;
    runUntil(st, 40_000, (t) => {
      if (t.decisions.some((d) => d.fn === 'syncStatefulSet' && d.key === 'requeueAvailable')) requeued = true;
      for (const w of t.writes) {
        if (w.object.kind === 'Pod' && !readyAt && readySince(w.object)) readyAt = parseRFC3339(readySince(w.object));
        if (w.object.kind === 'StatefulSet' && !availableAt && w.object.status?.availableReplicas === 1) availableAt = t.time;
      }
    });
    expect(requeued).toBe(true);
    expect(availableAt - readyAt).toBeGreaterThan(10_000);
    expect(availableAt - readyAt).toBeLessThan(10_100);
  });

  it('refuses an edit outside the mutable fields with the API server Forbidden message', () => {
    const st = statefulEngine();
    advance(st, 5);
    const out = kubectl(st, `patch sts web -p '{"spec":{"serviceName":"other"}}'`);
    expect(out.ok).toBe(false);
    expect(out.output).toContain('The StatefulSet "web" is invalid: spec: Forbidden: updates to statefulset spec for fields other than');
  });

  it('refuses rollout pause in kubectl words', () => {
    const st = statefulEngine();
    advance(st, 5);
    expect(kubectl(st, 'rollout pause sts/web').output).toBe('error: statefulsets.apps "web" pausing is not supported');
    expect(kubectl(st, 'rollout resume sts/web').output).toBe('error: statefulsets.apps "web" resuming is not supported');
  });
});

describe('STATEFULSET_SHELL_DECISION_KEYS', () => {
  it('has every key recorded by runs of the shell, each placeholder among its values', () => {
    const seen = new Set<string>();
    const check = (st: ReturnType<typeof statefulEngine>, seconds: number) =>
      runUntil(st, st.now + seconds * 1000, (t) => {
        for (const d of t.decisions) {
          const tpl = STATEFULSET_SHELL_DECISION_KEYS[d.fn]?.[d.key];
          if (tpl === undefined) continue;
          seen.add(`${d.fn}.${d.key}`);
          for (const m of tpl.matchAll(/\{(\w+)\}/g)) expect(d.values, `${d.fn}.${d.key}`).toHaveProperty(m[1] as string);
        }
      });
    const a = statefulEngine(webStatefulSet(3, { minReadySeconds: 2, persistentVolumeClaimRetentionPolicy: { whenScaled: 'Delete', whenDeleted: 'Retain' } }));
    check(a, 40);
    // A sync right after the one that created web-3, before the informer delivered web-3: stale.
    kubectl(a, 'scale sts/web --replicas=4');
    check(a, 0.06);
    const tx = newTx(a, 'engine');
    syncStatefulSet(tx, 'default/web');
    for (const d of tx.decisions) if (d.fn === 'syncStatefulSet') seen.add(`${d.fn}.${d.key}`);
    kubectl(a, 'scale sts/web --replicas=1');
    check(a, 30);
    // ClaimPods: a pod relabelled out of the selector is released; an orphan revision is adopted.
    kubectl(a, 'label pod web-0 app=moved --overwrite');
    check(a, 1);
    const set = storedSet(a);
    const orphan = { ...newRevision(set, 9, 0), metadata: { ...newRevision(set, 9, 0).metadata, ownerReferences: undefined } };
    const rtx = newTx(a, 'engine');
    create(rtx, orphan);
    adoptOrphanRevisions(rtx, set, [orphan], rtx.decisions);
    for (const d of rtx.decisions) seen.add(`${d.fn}.${d.key}`);
    const ptx = newTx(a, 'user');
    create(ptx, { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'web-7', namespace: 'default', labels: { app: 'nginx' } }, spec: { containers: [{ name: 'c', image: 'nginx:1.25' }] } });
    for (const rec of ptx.writes) schedule(ptx, ptx.now + 50, { type: 'deliver', rec, key: objectKey(rec.object) });
    check(a, 1);
    // The protection finalizer patched away is put back; the claim deleted under web-0 stays.
    expect(kubectl(a, `patch pvc www-web-0 --type=json -p '[{"op":"remove","path":"/metadata/finalizers"}]'`).ok).toBe(true);
    check(a, 1);
    kubectl(a, 'delete pvc www-web-0');
    check(a, 1);
    kubectl(a, 'delete sts web');
    check(a, 10);
    // Claims nothing binds: a class this cluster lacks, and none at all (controller/volume/claimSync.ts);
    // and one of the default class that no pod mounts (it waits for its first consumer).
    const ctx = newTx(a, 'user');
    for (const [name, storageClassName] of [['fast-0', 'fast'], ['manual-0', ''], ['lonely-0', 'standard']] as const) {
      const spec = { accessModes: ['ReadWriteOnce'], storageClassName, resources: { requests: { storage: '1Gi' } } };
      create(ctx, { apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata: { name, namespace: 'default' }, spec });
    }
    for (const rec of ctx.writes) schedule(ctx, ctx.now + 50, { type: 'deliver', rec, key: objectKey(rec.object) });
    check(a, 1);
    // Claims that name their volume, or are marked bound: missing, another claim's, or none (claimSync.ts).
    const b = statefulEngine(webStatefulSet(1));
    check(b, 20);
    const held = (b.store.objects.PersistentVolumeClaim.get('default/www-web-0') as PersistentVolumeClaimObject | undefined)?.spec.volumeName;
    const btx = newTx(b, 'user');
    const marked = { 'pv.kubernetes.io/bind-completed': 'yes' };
    const claims: [string, string | undefined, Record<string, string> | undefined][] = [
      ['prebound-0', 'my-pv', undefined],
      ['taken-0', held, undefined],
      ['lost-0', 'pv-gone', marked],
      ['misbound-0', held, marked],
      ['unnamed-0', undefined, marked],
    ];
    for (const [name, volumeName, annotations] of claims) {
      const spec = { accessModes: ['ReadWriteOnce'], storageClassName: 'fast', volumeName, resources: { requests: { storage: '1Gi' } } };
      create(btx, { apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata: { name, namespace: 'default', annotations }, spec });
    }
    for (const rec of btx.writes) schedule(btx, btx.now + 50, { type: 'deliver', rec, key: objectKey(rec.object) });
    check(b, 1);
    // A claim bound to a volume made by hand (controller/volume/volumeBind.ts).
    const hostPath = { capacity: { storage: '5Gi' }, accessModes: ['ReadWriteOnce'], storageClassName: 'manual', hostPath: { path: '/mnt/data' } };
    kubectl(b, 'apply -f -', { apiVersion: 'v1', kind: 'PersistentVolume', metadata: { name: 'manual-pv' }, spec: hostPath });
    kubectl(b, 'apply -f -', { apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata: { name: 'manual-claim' }, spec: { storageClassName: 'manual', accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } } });
    check(b, 2);
    const all = Object.entries(STATEFULSET_SHELL_DECISION_KEYS).flatMap(([fn, keys]) => Object.keys(keys).map((k) => `${fn}.${k}`));
    expect(all.filter((k) => !seen.has(k))).toEqual([]);
  });
});
