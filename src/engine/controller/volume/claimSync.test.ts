import { describe, expect, it } from 'vitest';
import type { PersistentVolumeClaimObject } from '../../api/statefulTypes.ts';
import { objectKey } from '../../apiserver/store.ts';
import { create, newTx, schedule } from '../../client/tx.ts';
import { kubectl, objects, runTicks } from '../../sim/executeTestEngine.ts';
import { statefulEngine, webStatefulSet } from '../../sim/statefulTestEngine.ts';
import { BetaStorageClassAnnotation, getPersistentVolumeClaimClass, isDelayBindingMode } from '../../lib/storageHelpers.ts';

type ClaimShape = Pick<PersistentVolumeClaimObject, 'metadata' | 'spec'>;
const claimOf = (storageClassName?: string, annotated?: string): ClaimShape => ({
  metadata: { name: 'c', ...(annotated === undefined ? {} : { annotations: { [BetaStorageClassAnnotation]: annotated } }) },
  spec: { ...(storageClassName === undefined ? {} : { storageClassName }) },
});

describe('getPersistentVolumeClaimClass', () => {
  it.each([
    ['the class of spec.storageClassName', claimOf('fast'), 'fast', false],
    ['the beta annotation before the field', claimOf('fast', 'standard'), 'standard', true],
    ['an empty annotation, which names no class', claimOf('standard', ''), '', false],
    ['no class at all', claimOf(), '', false],
    ['the default class', claimOf('standard'), 'standard', true],
  ])('reads %s', (_, claim, cls, delayed) => {
    expect(getPersistentVolumeClaimClass(claim)).toBe(cls);
    // Only standard (WaitForFirstConsumer) waits for its pod; a class not found binds at once.
    expect(isDelayBindingMode(claim)).toBe(delayed);
  });
});

/** The StatefulSet of the Kubernetes documentation's example: its claims name a class this cluster lacks. */
function docsExample(storageClassName: string) {
  const set = webStatefulSet(3);
  const template = set.spec.volumeClaimTemplates?.[0];
  if (!template) throw new Error('no claim template');
  template.spec = { ...template.spec, storageClassName };
  return statefulEngine(set);
}

describe('a claim of a class this cluster does not have', () => {
  it('stays Pending with ProvisioningFailed every 15 s, and its pod is never scheduled (OrderedReady stops at web-0)', () => {
    const st = docsExample('my-storage-class');
    const ticks = runTicks(st, 61);
    expect(objects(st, 'Pod').map((p) => [p.metadata.name, p.spec.nodeName ?? null, p.status?.phase])).toEqual([['web-0', null, 'Pending']]);
    expect(objects(st, 'PersistentVolumeClaim').map((c) => [c.metadata.name, c.status?.phase, c.spec.volumeName ?? null])).toEqual([['www-web-0', 'Pending', null]]);
    const events = objects(st, 'Event');
    const failed = events.find((e) => e.reason === 'ProvisioningFailed');
    expect(failed).toMatchObject({
      type: 'Warning',
      message: 'storageclass.storage.k8s.io "my-storage-class" not found',
      source: { component: 'persistentvolume-controller' },
      involvedObject: { kind: 'PersistentVolumeClaim', name: 'www-web-0' },
      // t = 0, 15, 30, 45 and 60 s
      count: 5,
    });
    const scheduling = events.find((e) => e.reason === 'FailedScheduling' && e.involvedObject.name === 'web-0');
    expect(scheduling?.message).toBe(
      '0/3 nodes are available: pod has unbound immediate PersistentVolumeClaims. preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling.',
    );
    const why = ticks.flatMap((t) => t.decisions).find((d) => d.fn === 'syncUnboundClaim');
    expect(why).toMatchObject({ key: 'classNotFound', values: { claim: 'www-web-0', class: 'my-storage-class', known: 'standard', resyncSeconds: 15 } });
    expect(kubectl(st, 'rollout status sts/web').output).toBe('Waiting for 3 pods to be ready...');
  });

  it('says FailedBinding for a claim with storageClassName "" (it waits for a volume made by hand)', () => {
    const st = docsExample('');
    runTicks(st, 16);
    const failed = objects(st, 'Event').find((e) => e.reason === 'FailedBinding');
    expect(failed).toMatchObject({ type: 'Normal', message: 'no persistent volumes available for this claim and no storage class is set', count: 2 });
    expect(objects(st, 'Pod').map((p) => p.spec.nodeName ?? null)).toEqual([null]);
  });

  it('binds the claims of the default class as before, with no Event of the PV controller', () => {
    const st = docsExample('standard');
    runTicks(st, 40);
    expect(objects(st, 'PersistentVolumeClaim').map((c) => c.status?.phase)).toEqual(['Bound', 'Bound', 'Bound']);
    expect(objects(st, 'Event').filter((e) => e.source?.component === 'persistentvolume-controller')).toEqual([]);
  });
});

describe('a pod whose claim does not exist yet', () => {
  it('waits with the lister’s words, and is scheduled once the claim is made (a PersistentVolumeClaimAdd queues it)', () => {
    const st = statefulEngine(webStatefulSet(0));
    const pod = {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: 'db', namespace: 'default' },
      spec: { containers: [{ name: 'db', image: 'nginx:1.25' }], volumes: [{ name: 'data', persistentVolumeClaim: { claimName: 'data' } }] },
    };
    expect(kubectl(st, 'apply -f -', pod).ok).toBe(true);
    runTicks(st, 5);
    const waiting = objects(st, 'Event').find((e) => e.reason === 'FailedScheduling');
    expect(waiting?.message).toBe(
      '0/3 nodes are available: persistentvolumeclaim "data" not found. preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling.',
    );
    // A claim made through the API (the console's apply takes no claims; a client's create does).
    const tx = newTx(st, 'user');
    const spec = { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } };
    expect(create(tx, { apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata: { name: 'data', namespace: 'default' }, spec }).ok).toBe(true);
    for (const rec of tx.writes) schedule(tx, tx.now + 50, { type: 'deliver', rec, key: objectKey(rec.object) });
    const ticks = runTicks(st, 5);
    expect(ticks.flatMap((t) => t.decisions).some((d) => d.fn === 'movePodsToActiveOrBackoffQueue' && d.values.event === 'PersistentVolumeClaimAdd')).toBe(true);
    expect(objects(st, 'Pod').find((p) => p.metadata.name === 'db')?.spec.nodeName).toMatch(/^node-/);
    expect(objects(st, 'PersistentVolumeClaim').find((c) => c.metadata.name === 'data')?.status?.phase).toBe('Bound');
  });
});
