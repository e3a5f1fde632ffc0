import { describe, expect, it } from 'vitest';
import type { PersistentVolumeObject, PersistentVolumeSpec } from '../api/volumeTypes.ts';
import { fieldErrorString } from '../apimachinery/fieldErrors.ts';
import { NodeAffinityImmutable, persistentVolumeUpdateErrors, SourceImmutable, validatePersistentVolumeUpdate, validatePvNodeAffinity } from './validationVolumeUpdate.ts';
import { setDefaultsPersistentVolume } from './validationVolume.ts';
import { createEngine } from '../sim.ts';
import { advance, kubectl, testConfig } from '../sim/executeTestEngine.ts';

const pv = (spec: PersistentVolumeSpec): PersistentVolumeObject => setDefaultsPersistentVolume({ apiVersion: 'v1', kind: 'PersistentVolume', metadata: { name: 'task-pv-volume' }, spec });
const good: PersistentVolumeSpec = { storageClassName: 'manual', capacity: { storage: '10Gi' }, accessModes: ['ReadWriteOnce'], hostPath: { path: '/mnt/data' } };
const zone = (key: string, zoneName = 'us-east1-b') => ({ required: { nodeSelectorTerms: [{ matchExpressions: [{ key, operator: 'In', values: [zoneName] }] }] } });

describe('persistentVolumeUpdateErrors', () => {
  it.each([
    ['lets capacity, access modes, class, reclaim policy and mount options change', { ...good, capacity: { storage: '20Gi' }, accessModes: ['ReadWriteMany'], storageClassName: 'slow', persistentVolumeReclaimPolicy: 'Delete', mountOptions: ['ro'] }, good, []],
    ['lets a claimRef be set', { ...good, claimRef: { namespace: 'default', name: 'task-pv-claim' } }, good, []],
    [
      'refuses another hostPath, with the diff of the sources',
      { ...good, hostPath: { path: '/mnt/other' } },
      good,
      [
        `spec.persistentvolumesource: Forbidden: ${SourceImmutable}\n  core.PersistentVolumeSource{\n  \t... // 2 identical fields\n- \tHostPath: {"path":"/mnt/data","type":""},\n+ \tHostPath: {"path":"/mnt/other","type":""},\n  \t... // 19 identical fields\n  }\n`,
      ],
    ],
    [
      'refuses another kind of source',
      { ...good, hostPath: undefined, nfs: { server: 'nfs.example.com', path: '/exports' } },
      good,
      [
        `spec.persistentvolumesource: Forbidden: ${SourceImmutable}\n  core.PersistentVolumeSource{\n  \t... // 2 identical fields\n- \tHostPath: {"path":"/mnt/data","type":""},\n  \t... // 1 identical field\n+ \tNFS: {"server":"nfs.example.com","path":"/exports"},\n  \t... // 17 identical fields\n  }\n`,
      ],
    ],
    ['refuses another volume mode', { ...good, volumeMode: 'Block' }, good, ['volumeMode: Invalid value: "Block": field is immutable']],
    ['lets node affinity be set where there was none', { ...good, nodeAffinity: zone('topology.kubernetes.io/zone') }, good, []],
    [
      'refuses another node affinity',
      { ...good, nodeAffinity: zone('topology.kubernetes.io/zone', 'us-east1-c') },
      { ...good, nodeAffinity: zone('topology.kubernetes.io/zone') },
      [`nodeAffinity: Invalid value: {"required":{"nodeSelectorTerms":[{"matchExpressions":[{"key":"topology.kubernetes.io/zone","operator":"In","values":["us-east1-c"]}]}]}}: ${NodeAffinityImmutable}`],
    ],
    ['refuses node affinity removed', good, { ...good, nodeAffinity: zone('topology.kubernetes.io/zone') }, [`nodeAffinity: Invalid value: null: ${NodeAffinityImmutable}`]],
    ['lets a beta zone label become its GA label', { ...good, nodeAffinity: zone('topology.kubernetes.io/zone') }, { ...good, nodeAffinity: zone('failure-domain.beta.kubernetes.io/zone') }, []],
    [
      'refuses a GA label going back to beta',
      { ...good, nodeAffinity: zone('failure-domain.beta.kubernetes.io/zone') },
      { ...good, nodeAffinity: zone('topology.kubernetes.io/zone') },
      [`nodeAffinity: Invalid value: {"required":{"nodeSelectorTerms":[{"matchExpressions":[{"key":"failure-domain.beta.kubernetes.io/zone","operator":"In","values":["us-east1-b"]}]}]}}: ${NodeAffinityImmutable}`],
    ],
    ['lets a CSI source gain a controllerExpandSecretRef', { ...good, hostPath: undefined, csi: { driver: 'd', volumeHandle: 'h', controllerExpandSecretRef: { name: 's', namespace: 'n' } } }, { ...good, hostPath: undefined, csi: { driver: 'd', volumeHandle: 'h' } }, []],
    [
      'refuses a volumeAttributesClassName dropped',
      { ...good, hostPath: undefined, csi: { driver: 'd', volumeHandle: 'h' } },
      { ...good, hostPath: undefined, csi: { driver: 'd', volumeHandle: 'h' }, volumeAttributesClassName: 'gold' },
      ['spec.volumeAttributesClassName: Forbidden: update from non-nil value to nil is forbidden'],
    ],
  ])('%s', (_, next, old, want) => {
    expect(persistentVolumeUpdateErrors(pv(next), pv(old)).map(fieldErrorString)).toEqual(want);
  });
});

describe('validatePvNodeAffinity', () => {
  it('moves each requirement of each term from beta to GA, in place', () => {
    const old = { required: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'beta.kubernetes.io/os', operator: 'In', values: ['linux'] }, { key: 'beta.kubernetes.io/arch', operator: 'In', values: ['amd64'] }] }] } };
    const next = { required: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'kubernetes.io/os', operator: 'In', values: ['linux'] }, { key: 'beta.kubernetes.io/arch', operator: 'In', values: ['amd64'] }] }] } };
    expect(validatePvNodeAffinity(next, old, 'nodeAffinity')).toEqual([]);
  });

  it('refuses a GA key with another value', () => {
    expect(validatePvNodeAffinity(zone('topology.kubernetes.io/zone', 'b'), zone('failure-domain.beta.kubernetes.io/zone', 'a'), 'nodeAffinity')).toHaveLength(1);
  });
});

describe('validatePersistentVolumeUpdate', () => {
  it('validates the new volume first, then the update', () => {
    expect(validatePersistentVolumeUpdate(pv({ ...good, capacity: { storage: '0' }, volumeMode: 'Block' }), pv(good)).map(fieldErrorString)).toEqual([
      'spec.capacity[storage]: Invalid value: "0": must be greater than zero',
      'volumeMode: Invalid value: "Block": field is immutable',
    ]);
  });
});

describe('the console’s writes of a stored volume', () => {
  it('refuses an apply that changes the source, and applies one that changes the capacity', () => {
    const st = createEngine(testConfig([]));
    advance(st, 5);
    const manifest = { apiVersion: 'v1', kind: 'PersistentVolume', metadata: { name: 'v' }, spec: good };
    expect(kubectl(st, 'apply -f -', manifest).output).toBe('persistentvolume/v created');
    advance(st, 1);
    const moved = kubectl(st, 'apply -f -', { ...manifest, spec: { ...good, hostPath: { path: '/mnt/x' } } });
    expect(moved.ok).toBe(false);
    expect(moved.output.split('\n')[0]).toBe(`The PersistentVolume "v" is invalid: spec.persistentvolumesource: Forbidden: ${SourceImmutable}`);
    expect(kubectl(st, `patch pv v -p '{"spec":{"volumeMode":"Block"}}'`).output).toBe('The PersistentVolume "v" is invalid: volumeMode: Invalid value: "Block": field is immutable');
    expect(kubectl(st, 'apply -f -', { ...manifest, spec: { ...good, capacity: { storage: '20Gi' } } }).output).toBe('persistentvolume/v configured');
    expect((st.store.objects.PersistentVolume.get('v') as PersistentVolumeObject).spec.capacity).toEqual({ storage: '20Gi' });
  });
});
