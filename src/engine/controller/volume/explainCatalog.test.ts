import { describe, expect, it } from 'vitest';
import type { Decision } from '../../api/decision.ts';
import type { PersistentVolumeClaimObject } from '../../api/statefulTypes.ts';
import { newTx } from '../../client/tx.ts';
import { createEngine } from '../../sim.ts';
import { advance, kubectl, runTicks, testConfig } from '../../sim/executeTestEngine.ts';
import { VOLUME_DECISION_KEYS } from './explainCatalog.ts';
import { deleteVolumeOperation } from './volumeDelete.ts';

const volume = (name: string, spec: Record<string, unknown>, annotations?: Record<string, string>) => ({
  apiVersion: 'v1',
  kind: 'PersistentVolume',
  metadata: { name, ...(annotations ? { annotations } : {}) },
  spec: { storageClassName: 'manual', capacity: { storage: '1Gi' }, accessModes: ['ReadWriteOnce'], hostPath: { path: `/mnt/${name}` }, ...spec },
});
const claim = (name: string, spec: Record<string, unknown> = {}) => ({
  apiVersion: 'v1',
  kind: 'PersistentVolumeClaim',
  metadata: { name },
  spec: { storageClassName: 'manual', accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } }, ...spec },
});

/** Runs of the volume sync that between them make every decision it records. */
function sampleDecisions(): Decision[] {
  const st = createEngine(testConfig([]));
  advance(st, 5);
  const out: Decision[] = [];
  const run = (seconds: number) => out.push(...runTicks(st, seconds).flatMap((t) => t.decisions));
  const uid = (name: string) => (st.store.objects.PersistentVolumeClaim.get(`default/${name}`) as PersistentVolumeClaimObject).metadata.uid ?? '';
  // available, reserved; bound (a volume whose claimRef names a claim that names it); unbound
  // (a claimRef with the uid of a claim that names another volume).
  kubectl(st, 'apply -f -', { apiVersion: 'v1', kind: 'List', items: [claim('named', { volumeName: 'named-pv' }), claim('elsewhere', { volumeName: 'other-pv' })] });
  run(1);
  kubectl(st, 'apply -f -', {
    apiVersion: 'v1',
    kind: 'List',
    items: [
      volume('free', {}),
      volume('kept', { claimRef: { namespace: 'default', name: 'nobody' } }),
      volume('named-pv', { claimRef: { namespace: 'default', name: 'named', uid: uid('named') } }),
      volume('stale', { claimRef: { namespace: 'default', name: 'elsewhere', uid: uid('elsewhere') } }),
    ],
  });
  run(2);
  // released (Retain); then with reclaim policy Delete: failed, deleted, noDeleter and external.
  const deleting: [string, Record<string, unknown>, Record<string, string>?][] = [
    ['retained', {}],
    ['mnt', { persistentVolumeReclaimPolicy: 'Delete' }],
    ['tmp', { persistentVolumeReclaimPolicy: 'Delete', hostPath: { path: '/tmp/tmp' } }],
    ['nfs', { persistentVolumeReclaimPolicy: 'Delete', hostPath: undefined, nfs: { server: 'nfs', path: '/' } }],
    ['ext', { persistentVolumeReclaimPolicy: 'Delete', hostPath: undefined, csi: { driver: 'ebs.csi.aws.com', volumeHandle: 'h' } }, { 'pv.kubernetes.io/provisioned-by': 'ebs.csi.aws.com' }],
  ];
  for (const [name, spec, annotations] of deleting) {
    kubectl(st, 'apply -f -', { apiVersion: 'v1', kind: 'List', items: [volume(name, spec, annotations), claim(`${name}-claim`, { volumeName: name })] });
    run(2);
    kubectl(st, `delete pvc ${name}-claim`);
    run(2);
  }
  // processPV: a volume deleted by hand.
  kubectl(st, 'delete pv free');
  run(1);
  // notReleased: the claim is back (as the operation reads it) by the time the deleter runs.
  const tx = newTx(st, 'engine');
  const stale = st.store.objects.PersistentVolume.get('stale');
  if (stale?.kind === 'PersistentVolume') {
    deleteVolumeOperation(tx, 'stale', () => ({ ...claim('elsewhere'), metadata: { name: 'elsewhere', namespace: 'default', uid: stale.spec.claimRef?.uid ?? '' }, spec: { volumeName: 'stale' } }) as PersistentVolumeClaimObject);
  }
  out.push(...tx.decisions);
  return out;
}

describe('VOLUME_DECISION_KEYS', () => {
  it('has every key recorded by runs of the volume sync, each placeholder among its values', () => {
    const seen = new Set<string>();
    for (const d of sampleDecisions()) {
      const tpl = VOLUME_DECISION_KEYS[d.fn]?.[d.key];
      if (tpl === undefined) continue;
      seen.add(`${d.fn}.${d.key}`);
      for (const m of tpl.matchAll(/\{(\w+)\}/g)) expect(d.values, `${d.fn}.${d.key}`).toHaveProperty(m[1] as string);
    }
    const all = Object.entries(VOLUME_DECISION_KEYS).flatMap(([fn, keys]) => Object.keys(keys).map((k) => `${fn}.${k}`));
    expect(all.filter((k) => !seen.has(k))).toEqual([]);
  });
});
