import { describe, expect, it } from 'vitest';
import type { PersistentVolumeClaimObject } from '../../api/statefulTypes.ts';
import type { PersistentVolumeObject } from '../../api/volumeTypes.ts';
import { createEngine } from '../../sim.ts';
import { advance, kubectl, runTicks, testConfig } from '../../sim/executeTestEngine.ts';
import { volumeAction } from './volumeSync.ts';

/** The three objects of the Kubernetes documentation's "Configure a Pod to Use a PersistentVolume for Storage". */
const taskPvVolume = {
  apiVersion: 'v1',
  kind: 'PersistentVolume',
  metadata: { name: 'task-pv-volume', labels: { type: 'local' } },
  spec: { storageClassName: 'manual', capacity: { storage: '10Gi' }, accessModes: ['ReadWriteOnce'], hostPath: { path: '/mnt/data' } },
};
const taskPvClaim = {
  apiVersion: 'v1',
  kind: 'PersistentVolumeClaim',
  metadata: { name: 'task-pv-claim' },
  spec: { storageClassName: 'manual', accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '3Gi' } } },
};
const taskPvPod = {
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name: 'task-pv-pod' },
  spec: {
    volumes: [{ name: 'task-pv-storage', persistentVolumeClaim: { claimName: 'task-pv-claim' } }],
    containers: [{ name: 'task-pv-container', image: 'nginx', ports: [{ containerPort: 80, name: 'http-server' }], volumeMounts: [{ mountPath: '/usr/share/nginx/html', name: 'task-pv-storage' }] }],
  },
};

function cluster() {
  const st = createEngine(testConfig([]));
  advance(st, 5);
  return st;
}
const pv = (st: ReturnType<typeof cluster>, name = 'task-pv-volume') => st.store.objects.PersistentVolume.get(name) as PersistentVolumeObject | undefined;
const pvc = (st: ReturnType<typeof cluster>, name = 'task-pv-claim') => st.store.objects.PersistentVolumeClaim.get(`default/${name}`) as PersistentVolumeClaimObject | undefined;

describe('the PersistentVolume tutorial', () => {
  it('makes the volume Available, binds the claim to it and runs the pod when applied in order', () => {
    const st = cluster();
    expect(kubectl(st, 'apply -f -', taskPvVolume).output).toBe('persistentvolume/task-pv-volume created');
    expect(pv(st)?.status?.phase).toBe('Pending');
    expect(pv(st)?.metadata.finalizers).toEqual(['kubernetes.io/pv-protection']);
    expect(pv(st)?.spec.persistentVolumeReclaimPolicy).toBe('Retain');
    advance(st, 1);
    expect(pv(st)?.status?.phase).toBe('Available');
    expect(kubectl(st, 'get pv').output).toBe(
      [
        'NAME             CAPACITY   ACCESS MODES   RECLAIM POLICY   STATUS      CLAIM   STORAGECLASS   VOLUMEATTRIBUTESCLASS   REASON   AGE',
        'task-pv-volume   10Gi       RWO            Retain           Available           manual         <unset>                          1s',
      ].join('\n'),
    );
    expect(kubectl(st, 'apply -f -', taskPvClaim).ok).toBe(true);
    advance(st, 1);
    const claim = pvc(st);
    expect(claim?.spec.volumeName).toBe('task-pv-volume');
    expect(claim?.status).toEqual({ phase: 'Bound', accessModes: ['ReadWriteOnce'], capacity: { storage: '10Gi' } });
    expect(claim?.metadata.annotations).toMatchObject({ 'pv.kubernetes.io/bind-completed': 'yes', 'pv.kubernetes.io/bound-by-controller': 'yes' });
    expect(pv(st)?.status?.phase).toBe('Bound');
    expect(pv(st)?.spec.claimRef).toMatchObject({ kind: 'PersistentVolumeClaim', namespace: 'default', name: 'task-pv-claim', uid: claim?.metadata.uid });
    expect(kubectl(st, 'get pv task-pv-volume').output).toBe(
      [
        'NAME             CAPACITY   ACCESS MODES   RECLAIM POLICY   STATUS   CLAIM                   STORAGECLASS   VOLUMEATTRIBUTESCLASS   REASON   AGE',
        'task-pv-volume   10Gi       RWO            Retain           Bound    default/task-pv-claim   manual         <unset>                          2s',
      ].join('\n'),
    );
    expect(kubectl(st, 'get pvc').output).toBe(
      [
        'NAME            STATUS   VOLUME           CAPACITY   ACCESS MODES   STORAGECLASS   VOLUMEATTRIBUTESCLASS   AGE',
        'task-pv-claim   Bound    task-pv-volume   10Gi       RWO            manual         <unset>                 1s',
      ].join('\n'),
    );
    expect(kubectl(st, 'apply -f -', taskPvPod).ok).toBe(true);
    advance(st, 20);
    const pod = st.store.objects.Pod.get('default/task-pv-pod');
    expect(pod?.kind === 'Pod' && pod.status?.phase).toBe('Running');
    // No ProvisioningFailed for the missing class `manual`: a volume satisfied the claim.
    expect(kubectl(st, 'get events').output).not.toContain('ProvisioningFailed');
    // The stored volume is listed once: the bound claim has no provisioned volume of its own.
    expect(kubectl(st, 'get pv').output.split('\n')).toHaveLength(2);
  });

  it('binds a claim made before its volume at the next claim resync', () => {
    const st = cluster();
    kubectl(st, 'apply -f -', taskPvClaim);
    advance(st, 2);
    expect(pvc(st)?.status?.phase).toBe('Pending');
    kubectl(st, 'apply -f -', taskPvVolume);
    advance(st, 15);
    expect(pvc(st)?.status?.phase).toBe('Bound');
    expect(pv(st)?.status?.phase).toBe('Bound');
  });

  it('releases a Retain volume when its claim is deleted, and binds no new claim to it', () => {
    const st = cluster();
    kubectl(st, 'apply -f -', { apiVersion: 'v1', kind: 'List', items: [taskPvVolume, taskPvClaim] });
    advance(st, 2);
    expect(kubectl(st, 'delete pvc task-pv-claim').ok).toBe(true);
    advance(st, 2);
    expect(pv(st)?.status?.phase).toBe('Released');
    expect(kubectl(st, 'get pv').output).toMatch(/\ntask-pv-volume\s+10Gi\s+RWO\s+Retain\s+Released\s+default\/task-pv-claim\s+manual/);
    kubectl(st, 'apply -f -', taskPvClaim);
    advance(st, 20);
    expect(pvc(st)?.status?.phase).toBe('Pending');
  });

  it('binds a claim that names the volume (spec.volumeName) whatever its class, not marked bound-by-controller', () => {
    const st = cluster();
    const named = { ...taskPvClaim, spec: { ...taskPvClaim.spec, storageClassName: 'other', volumeName: 'task-pv-volume' } };
    kubectl(st, 'apply -f -', { apiVersion: 'v1', kind: 'List', items: [taskPvVolume, named] });
    advance(st, 2);
    expect(pvc(st)?.status?.phase).toBe('Bound');
    expect(pvc(st)?.metadata.annotations?.['pv.kubernetes.io/bound-by-controller']).toBeUndefined();
    expect(pv(st)?.metadata.annotations?.['pv.kubernetes.io/bound-by-controller']).toBe('yes');
  });

  it('keeps a volume reserved by its claimRef for that claim', () => {
    const st = cluster();
    const reserved = { ...taskPvVolume, spec: { ...taskPvVolume.spec, claimRef: { namespace: 'default', name: 'task-pv-claim' } } };
    const other = { ...taskPvClaim, metadata: { name: 'other' } };
    kubectl(st, 'apply -f -', { apiVersion: 'v1', kind: 'List', items: [reserved, other] });
    advance(st, 2);
    expect(pv(st)?.status?.phase).toBe('Available');
    expect(pvc(st, 'other')?.status?.phase).toBe('Pending');
    kubectl(st, 'apply -f -', taskPvClaim);
    advance(st, 2);
    expect(pvc(st)?.spec.volumeName).toBe('task-pv-volume');
    expect(pv(st)?.metadata.annotations?.['pv.kubernetes.io/bound-by-controller']).toBeUndefined();
  });

  it('records why the volume is Available, Bound, then Released', () => {
    const st = cluster();
    const ticks = [];
    kubectl(st, 'apply -f -', { apiVersion: 'v1', kind: 'List', items: [taskPvVolume, taskPvClaim] });
    ticks.push(...runTicks(st, 2));
    kubectl(st, 'delete pvc task-pv-claim');
    ticks.push(...runTicks(st, 2));
    const decisions = ticks.flatMap((t) => t.decisions).filter((d) => d.fn === 'syncVolume');
    expect(decisions.map((d) => [d.key, d.values.from, d.values.claim, d.values.policy])).toEqual([
      ['available', 'Pending', '', 'Retain'],
      ['released', 'Bound', 'default/task-pv-claim', 'Retain'],
    ]);
    // Bound is the claim sync's bind (syncUnboundClaim boundToVolume), not the volume sync's.
    expect(ticks.flatMap((t) => t.decisions).some((d) => d.fn === 'syncUnboundClaim' && d.key === 'boundToVolume')).toBe(true);
  });

  it('deletes an unbound volume (its protection finalizer taken off)', () => {
    const st = cluster();
    kubectl(st, 'apply -f -', taskPvVolume);
    advance(st, 1);
    expect(kubectl(st, 'delete pv task-pv-volume').output).toBe('persistentvolume "task-pv-volume" deleted');
    advance(st, 1);
    expect(pv(st)).toBeUndefined();
  });
});

describe('volumeAction', () => {
  const volume = (phase: string | undefined, claimRef?: PersistentVolumeObject['spec']['claimRef'], persistentVolumeReclaimPolicy = 'Retain'): PersistentVolumeObject => ({
    apiVersion: 'v1',
    kind: 'PersistentVolume',
    metadata: { name: 'v' },
    spec: { persistentVolumeReclaimPolicy, ...(claimRef ? { claimRef } : {}) },
    ...(phase ? { status: { phase } } : {}),
  });
  const claim = (uid: string, volumeName?: string) => ({ apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata: { name: 'c', namespace: 'default', uid }, spec: { ...(volumeName ? { volumeName } : {}) } }) as PersistentVolumeClaimObject;
  const ref = { namespace: 'default', name: 'c', uid: 'u1' };
  it.each([
    ['makes a new unbound volume Available', volume('Pending'), undefined, { phase: 'Available' }],
    ['leaves an Available volume as it is', volume('Available'), undefined, null],
    ['makes a volume reserved by a claimRef without uid Available', volume('Pending', { namespace: 'default', name: 'c' }), undefined, { phase: 'Available' }],
    ['releases a volume whose claim is gone', volume('Bound', ref), undefined, { phase: 'Released' }],
    ['releases a volume whose claim was made again', volume('Bound', ref), claim('u2', 'v'), { phase: 'Released' }],
    ['leaves a Released volume as it is', volume('Released', ref), undefined, null],
    ['releases a Delete volume first', volume('Bound', ref, 'Delete'), undefined, { phase: 'Released' }],
    ['reclaims a Released Delete volume', volume('Released', ref, 'Delete'), undefined, { reclaim: true }],
    ['leaves a Failed Delete volume as it is', volume('Failed', ref, 'Delete'), undefined, null],
    ['waits for the claim side of a bind', volume('Bound', ref), claim('u1'), null],
    ['makes a volume whose claim names it Bound', volume('Available', ref), claim('u1', 'v'), { phase: 'Bound' }],
    ['unbinds a volume whose claim is bound elsewhere', volume('Bound', ref), claim('u1', 'w'), { unbind: true }],
  ])('%s', (_, v, c, want) => {
    expect(volumeAction(v, c)).toEqual(want);
  });
});
