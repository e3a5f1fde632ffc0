import { describe, expect, it } from 'vitest';
import type { PersistentVolumeClaimObject } from '../../api/statefulTypes.ts';
import type { PersistentVolumeObject, PersistentVolumeSpec } from '../../api/volumeTypes.ts';
import { findBestMatchForClaim, isVolumeBoundToClaimRef } from './volumeBind.ts';

const volume = (name: string, storage: string, spec: Partial<PersistentVolumeSpec> = {}, meta: Partial<PersistentVolumeObject['metadata']> = {}): PersistentVolumeObject => ({
  apiVersion: 'v1',
  kind: 'PersistentVolume',
  metadata: { name, ...meta },
  spec: { capacity: { storage }, accessModes: ['ReadWriteOnce'], storageClassName: 'manual', hostPath: { path: `/mnt/${name}` }, ...spec },
  status: { phase: 'Available' },
});
const claim = (spec: Partial<PersistentVolumeClaimObject['spec']> = {}): PersistentVolumeClaimObject => ({
  apiVersion: 'v1',
  kind: 'PersistentVolumeClaim',
  metadata: { name: 'c', namespace: 'default', uid: 'u1' },
  spec: { storageClassName: 'manual', accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '3Gi' } }, ...spec },
});

describe('findBestMatchForClaim', () => {
  it.each([
    ['picks the smallest volume at least as large as the request', [volume('a', '10Gi'), volume('b', '5Gi'), volume('c', '2Gi')], claim(), 'b'],
    ['picks none when every volume is smaller', [volume('a', '2Gi')], claim(), undefined],
    ['takes a volume of exactly the request', [volume('a', '3Gi')], claim(), 'a'],
    ['skips a volume of another class', [volume('a', '10Gi', { storageClassName: 'fast' })], claim(), undefined],
    ['matches no class to no class', [volume('a', '10Gi', { storageClassName: '' })], claim({ storageClassName: '' }), 'a'],
    ['reads the beta class annotation of the volume', [volume('a', '10Gi', { storageClassName: '' }, { annotations: { 'volume.beta.kubernetes.io/storage-class': 'manual' } })], claim(), 'a'],
    ['skips a volume without every access mode asked for', [volume('a', '10Gi')], claim({ accessModes: ['ReadWriteOnce', 'ReadOnlyMany'] }), undefined],
    ['takes a volume offering more access modes', [volume('a', '10Gi', { accessModes: ['ReadWriteOnce', 'ReadOnlyMany'] })], claim(), 'a'],
    ['skips a volume of another volume mode', [volume('a', '10Gi', { volumeMode: 'Block' })], claim(), undefined],
    ['skips a volume bound to another claim', [volume('a', '10Gi', { claimRef: { namespace: 'default', name: 'other', uid: 'u9' } })], claim(), undefined],
    ['takes a volume prebound to the claim before a smaller free one', [volume('a', '2Gi'), volume('b', '3Gi'), volume('z', '10Gi', { claimRef: { namespace: 'default', name: 'c' } })], claim(), 'z'],
    ['takes a prebound volume of another class', [volume('a', '10Gi', { storageClassName: 'fast', claimRef: { namespace: 'default', name: 'c' } })], claim(), 'a'],
    ['skips a volume being deleted', [volume('a', '10Gi', {}, { deletionTimestamp: '2026-01-01T00:00:00Z' })], claim(), undefined],
    ['skips a volume the selector does not select', [volume('a', '10Gi', {}, { labels: { type: 'nfs' } })], claim({ selector: { matchLabels: { type: 'local' } } } as Partial<PersistentVolumeClaimObject['spec']>), undefined],
    ['takes a volume the selector selects', [volume('a', '10Gi', {}, { labels: { type: 'local' } })], claim({ selector: { matchLabels: { type: 'local' } } } as Partial<PersistentVolumeClaimObject['spec']>), 'a'],
    ['breaks a tie of sizes by name', [volume('b', '5Gi'), volume('a', '5Gi')], claim(), 'a'],
  ])('%s', (_, volumes, c, want) => {
    expect(findBestMatchForClaim(c, volumes)?.metadata.name).toBe(want);
  });
});

describe('isVolumeBoundToClaimRef', () => {
  it.each([
    ['a claimRef naming the claim and its uid', { namespace: 'default', name: 'c', uid: 'u1' }, true],
    ['a claimRef without uid', { namespace: 'default', name: 'c' }, true],
    ['a claimRef of another uid (the claim made again)', { namespace: 'default', name: 'c', uid: 'u2' }, false],
    ['a claimRef in another namespace', { namespace: 'prod', name: 'c', uid: 'u1' }, false],
    ['no claimRef', undefined, false],
  ])('is %s: %s', (_, claimRef, want) => {
    expect(isVolumeBoundToClaimRef(volume('a', '1Gi', claimRef ? { claimRef } : {}), claim())).toBe(want);
  });
});
