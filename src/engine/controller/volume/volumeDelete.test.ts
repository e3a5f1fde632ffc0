import { describe, expect, it } from 'vitest';
import type { PersistentVolumeClaimObject } from '../../api/statefulTypes.ts';
import type { Event } from '../../api/types.ts';
import type { PersistentVolumeObject, PersistentVolumeSpec } from '../../api/volumeTypes.ts';
import type { TickRecord } from '../../sim.ts';
import { createEngine } from '../../sim.ts';
import { advance, kubectl, runTicks, testConfig } from '../../sim/executeTestEngine.ts';
import { doDeleteVolume, findDeletablePlugin, isVolumeReleased } from './volumeDelete.ts';

const volume = (spec: PersistentVolumeSpec, annotations?: Record<string, string>): PersistentVolumeObject => ({
  apiVersion: 'v1',
  kind: 'PersistentVolume',
  metadata: { name: 'v', ...(annotations ? { annotations } : {}) },
  spec: { persistentVolumeReclaimPolicy: 'Delete', ...spec },
});

describe('findDeletablePlugin', () => {
  it.each([
    ['finds the hostPath plugin for a hostPath volume', volume({ hostPath: { path: '/mnt/data' } }), { plugin: { name: 'kubernetes.io/host-path', source: 'hostPath', deletable: true } }],
    ['finds no deleter for an NFS volume', volume({ nfs: { server: 's', path: '/' } }), { error: 'error getting deleter volume plugin for volume "v": no deletable volume plugin matched' }],
    ['finds no deleter for a local volume', volume({ local: { path: '/mnt/disk' } }), { error: 'error getting deleter volume plugin for volume "v": no deletable volume plugin matched' }],
    ['finds no plugin at all for an iSCSI volume', volume({ iscsi: { targetPortal: 'p', iqn: 'i', lun: 0 } }), { error: 'error getting deleter volume plugin for volume "v": no volume plugin matched' }],
    ['leaves a volume of an external provisioner to it', volume({ csi: { driver: 'd', volumeHandle: 'h' } }, { 'pv.kubernetes.io/provisioned-by': 'ebs.csi.aws.com' }), { external: true }],
    ['names an in-tree provisioner it does not have', volume({ hostPath: { path: '/mnt/data' } }, { 'pv.kubernetes.io/provisioned-by': 'kubernetes.io/gce-pd' }), { error: 'no volume plugin matched name: kubernetes.io/gce-pd' }],
  ])('%s', (_, pv, want) => {
    expect(findDeletablePlugin(pv)).toEqual(want);
  });
});

describe('doDeleteVolume', () => {
  it.each([
    ['refuses a hostPath outside /tmp', '/mnt/data', { deleted: false, error: 'host_path deleter only supports /tmp/.+ but received provided /mnt/data', plugin: 'kubernetes.io/host-path' }],
    ['refuses /tmp itself', '/tmp/', { deleted: false, error: 'host_path deleter only supports /tmp/.+ but received provided /tmp/', plugin: 'kubernetes.io/host-path' }],
    ['deletes a hostPath under /tmp', '/tmp/data', { deleted: true, plugin: 'kubernetes.io/host-path' }],
    ['deletes a path with /tmp/ anywhere in it (the regexp is not anchored)', '/var/tmp/data', { deleted: true, plugin: 'kubernetes.io/host-path' }],
  ])('%s', (_, path, want) => {
    expect(doDeleteVolume(volume({ hostPath: { path } }))).toEqual(want);
  });
});

describe('isVolumeReleased', () => {
  const bound = volume({ hostPath: { path: '/mnt/data' }, claimRef: { namespace: 'default', name: 'c', uid: 'u1' } });
  const claim = (uid: string, volumeName: string) => ({ apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata: { name: 'c', namespace: 'default', uid }, spec: { volumeName } }) as PersistentVolumeClaimObject;
  it.each([
    ['is released when its claim is gone', bound, undefined, true],
    ['is released when its claim was made again', bound, claim('u2', 'v'), true],
    ['is released when its claim is bound to another volume', bound, claim('u1', 'w'), true],
    ['is not released while its claim names it', bound, claim('u1', 'v'), false],
    ['is not released with a claimRef without uid', volume({ claimRef: { namespace: 'default', name: 'c' } }), undefined, false],
  ])('%s', (_, pv, c, want) => {
    expect(isVolumeReleased(pv, c)).toBe(want);
  });
});

/** The documentation's hostPath volume and claim, the volume's policy Delete. */
function deleteVolumeRun(path: string) {
  const st = createEngine(testConfig([]));
  advance(st, 5);
  const pv = { apiVersion: 'v1', kind: 'PersistentVolume', metadata: { name: 'task-pv-volume' }, spec: { storageClassName: 'manual', persistentVolumeReclaimPolicy: 'Delete', capacity: { storage: '10Gi' }, accessModes: ['ReadWriteOnce'], hostPath: { path } } };
  const claim = { apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata: { name: 'task-pv-claim' }, spec: { storageClassName: 'manual', accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '3Gi' } } } };
  kubectl(st, 'apply -f -', { apiVersion: 'v1', kind: 'List', items: [pv, claim] });
  advance(st, 2);
  expect((st.store.objects.PersistentVolume.get('task-pv-volume') as PersistentVolumeObject).status?.phase).toBe('Bound');
  kubectl(st, 'delete pvc task-pv-claim');
  const ticks: TickRecord[] = runTicks(st, 3);
  const stored = st.store.objects.PersistentVolume.get('task-pv-volume') as PersistentVolumeObject | undefined;
  const events = [...st.store.objects.Event.values()].filter((e): e is Event => e.kind === 'Event' && e.involvedObject.kind === 'PersistentVolume');
  const phases = ticks.flatMap((t) => t.decisions).filter((d) => d.fn === 'syncVolume' || d.fn === 'reclaimVolume' || d.fn === 'deleteVolumeOperation');
  return { st, stored, events, phases };
}

describe('a Delete volume whose claim is deleted', () => {
  it('goes Released, then Failed with the hostPath deleter’s refusal and one VolumeFailedDelete Event', () => {
    const { st, stored, events, phases } = deleteVolumeRun('/mnt/data');
    const message = 'host_path deleter only supports /tmp/.+ but received provided /mnt/data';
    expect(stored?.status).toMatchObject({ phase: 'Failed', message });
    expect(events.map((e) => [e.type, e.reason, e.message, e.source?.component])).toEqual([['Warning', 'VolumeFailedDelete', message, 'persistentvolume-controller']]);
    expect(phases.map((d) => `${d.fn} ${d.key}`)).toEqual(['syncVolume released', 'reclaimVolume delete', 'deleteVolumeOperation failed']);
    expect(kubectl(st, 'get pv').output).toMatch(/\ntask-pv-volume\s+10Gi\s+RWO\s+Delete\s+Failed\s+default\/task-pv-claim\s+manual/);
    expect(kubectl(st, 'describe pv task-pv-volume').output).toContain(`Message:         ${message}\n`);
    // A PersistentVolume is cluster-scoped: its Event lives in default, its reference names no
    // namespace (GetReference), and carries the volume's resourceVersion.
    const ref = events[0]?.involvedObject;
    expect(events[0]?.metadata.namespace).toBe('default');
    expect(ref && 'namespace' in ref).toBe(false);
    expect(ref?.resourceVersion).toMatch(/^\d+$/);
    // Nothing more: a Failed volume is left as it is, and it can still be deleted by hand.
    advance(st, 30);
    expect([...st.store.objects.Event.values()].filter((e) => e.kind === 'Event' && e.reason === 'VolumeFailedDelete')).toHaveLength(1);
    expect(kubectl(st, 'delete pv task-pv-volume').ok).toBe(true);
    advance(st, 1);
    expect(st.store.objects.PersistentVolume.has('task-pv-volume')).toBe(false);
  });

  it('is deleted with its storage when its hostPath is under /tmp', () => {
    const { stored, events, phases } = deleteVolumeRun('/tmp/data');
    expect(stored).toBeUndefined();
    expect(events).toEqual([]);
    expect(phases.map((d) => `${d.fn} ${d.key}`)).toEqual(['syncVolume released', 'reclaimVolume delete', 'deleteVolumeOperation deleted']);
  });
});
