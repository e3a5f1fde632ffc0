import { describe, expect, it } from 'vitest';
import type { PersistentVolumeClaimObject } from '../../api/statefulTypes.ts';
import type { KubeObject } from '../../api/types.ts';
import { create, newTx } from '../../client/tx.ts';
import { statefulEngine, webStatefulSet } from '../../sim/statefulTestEngine.ts';
import { LocalPathProvisioningMs, syncBinder } from './binder.ts';

const SELECTED = 'volume.kubernetes.io/selected-node';
const PROVISIONER = 'volume.kubernetes.io/storage-provisioner';

/** Stores the claim `data` with these annotations and spec, and runs one syncBinder on it. */
function sync(annotations: Record<string, string>, spec: Record<string, unknown> = {}) {
  const st = statefulEngine(webStatefulSet(0));
  const tx = newTx(st, 'user');
  const claim = { apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata: { name: 'data', namespace: 'default', annotations }, spec: { storageClassName: 'standard', accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } }, ...spec } };
  expect(create(tx, claim as unknown as KubeObject).ok).toBe(true);
  const stx = newTx(st, 'engine');
  const err = syncBinder(stx, 'default/data');
  const after = st.store.objects.PersistentVolumeClaim.get('default/data') as PersistentVolumeClaimObject;
  return {
    err,
    decisions: stx.decisions.map((d) => `${d.fn}.${d.key}`),
    events: stx.writes.filter((w) => w.object.kind === 'Event').map((w) => (w.object as unknown as { reason: string }).reason),
    after,
    waiting: st.queues['persistentvolume-binder'].waitingAfter.get('default/data'),
  };
}

describe('syncBinder', () => {
  it.each([
    ['does nothing for a claim with no selected node', {}, [], []],
    ['asks the provisioner when the scheduler chose a node', { [SELECTED]: 'node-2' }, ['syncBinder.provisioning'], ['ExternalProvisioning', 'Provisioning']],
    ['binds the claim once the provisioner was asked', { [SELECTED]: 'node-2', [PROVISIONER]: 'rancher.io/local-path' }, ['syncBinder.bound'], ['ProvisioningSucceeded']],
  ])('%s', (_, annotations, decisions, events) => {
    const r = sync(annotations);
    expect(r.err).toBeNull();
    expect(r.decisions).toEqual(decisions);
    expect(r.events).toEqual(events);
  });

  it('names the provisioner on the claim and comes back when it is done', () => {
    const r = sync({ [SELECTED]: 'node-2' });
    expect(r.after.metadata.annotations?.[PROVISIONER]).toBe('rancher.io/local-path');
    expect(r.after.spec.volumeName).toBeUndefined();
    expect(r.waiting).toBe(LocalPathProvisioningMs);
  });

  it('writes the volume and Bound when the provisioner is done', () => {
    const r = sync({ [SELECTED]: 'node-2', [PROVISIONER]: 'rancher.io/local-path' });
    expect(r.after.spec.volumeName).toBe(`pvc-${r.after.metadata.uid}`);
    expect(r.after.status?.phase).toBe('Bound');
    expect(r.after.metadata.annotations?.['pv.kubernetes.io/bind-completed']).toBe('yes');
  });

  it('leaves a claim that names another volume to the PV controller', () => {
    const r = sync({ [SELECTED]: 'node-2' }, { volumeName: 'my-pv' });
    expect(r.decisions).toEqual([]);
    expect(r.after.metadata.annotations?.[PROVISIONER]).toBeUndefined();
  });
});
