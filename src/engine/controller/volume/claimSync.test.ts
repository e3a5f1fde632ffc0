import { describe, expect, it } from 'vitest';
import { externalProvisioningMessage } from './binder.ts';
import type { PersistentVolumeClaimObject } from '../../api/statefulTypes.ts';
import { objectKey } from '../../apiserver/store.ts';
import { create, newTx, schedule } from '../../client/tx.ts';
import type { KubeObject } from '../../api/types.ts';
import { kubectl, objects, runTicks } from '../../sim/executeTestEngine.ts';
import { statefulEngine, webStatefulSet } from '../../sim/statefulTestEngine.ts';
import {
  BetaStorageClassAnnotation,
  getPersistentVolume,
  getPersistentVolumeClaimClass,
  isDelayBindingMode,
  isPVCFullyBound,
  isUnboundImmediate,
  isVolumeBoundToClaim,
} from '../../lib/storageHelpers.ts';

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

  it('binds the claims of the default class as before, each after one WaitForPodScheduled of the PV controller', () => {
    const st = docsExample('standard');
    runTicks(st, 40);
    expect(objects(st, 'PersistentVolumeClaim').map((c) => c.status?.phase)).toEqual(['Bound', 'Bound', 'Bound']);
    // Each claim's first sync comes after its pod reached the informer and before the scheduler bound it.
    const said = objects(st, 'Event').filter((e) => e.source?.component === 'persistentvolume-controller');
    // Then, at its bind, ExternalProvisioning (provisionClaimOperationExternal) names the provisioner it awaits.
    const external = externalProvisioningMessage('rancher.io/local-path');
    expect(said.map((e) => [e.involvedObject.name, e.reason, e.message, e.count])).toEqual([
      ['www-web-0', 'WaitForPodScheduled', 'waiting for pod web-0 to be scheduled', 1],
      ['www-web-0', 'ExternalProvisioning', external, 1],
      ['www-web-1', 'WaitForPodScheduled', 'waiting for pod web-1 to be scheduled', 1],
      ['www-web-1', 'ExternalProvisioning', external, 1],
      ['www-web-2', 'WaitForPodScheduled', 'waiting for pod web-2 to be scheduled', 1],
      ['www-web-2', 'ExternalProvisioning', external, 1],
    ]);
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

const BindCompleted = { 'pv.kubernetes.io/bind-completed': 'yes' };

/** A claim as the informer holds it: its uid, spec, annotations and phase. */
function informerClaim(name: string, spec: Record<string, unknown>, annotations?: Record<string, string>, phase = 'Pending'): PersistentVolumeClaimObject {
  const metadata = { name, namespace: 'default', uid: `u-${name}`, ...(annotations ? { annotations } : {}) };
  return { apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata, spec, status: { phase } } as PersistentVolumeClaimObject;
}

describe('isUnboundImmediate', () => {
  it.each([
    ['a claim of the default class that names no volume (the scheduler picks its node first)', informerClaim('c', { storageClassName: 'standard' }), false, false],
    ['a claim of a class that binds at once', informerClaim('c', { storageClassName: 'fast' }), false, true],
    ['a claim that names its volume, of the default class (prebound)', informerClaim('c', { storageClassName: 'standard', volumeName: 'my-pv' }), false, true],
    ['a claim the PV controller bound', informerClaim('c', { storageClassName: 'fast', volumeName: 'my-pv' }, BindCompleted, 'Bound'), true, false],
    ['a claim marked bound that names no volume', informerClaim('c', { storageClassName: 'fast' }, BindCompleted), false, true],
  ])('reads %s', (_, claim, fullyBound, immediate) => {
    expect([isPVCFullyBound(claim), isUnboundImmediate(claim)]).toEqual([fullyBound, immediate]);
  });
});

describe('getPersistentVolume', () => {
  const provisioned = informerClaim('www-web-0', { storageClassName: 'standard', volumeName: 'pvc-u-www-web-0' }, { ...BindCompleted, 'volume.kubernetes.io/selected-node': 'node-2' });
  const boundByHand = informerClaim('manual', { storageClassName: '', volumeName: 'nfs-1' }, BindCompleted, 'Bound');
  const prebound = informerClaim('wants', { storageClassName: '', volumeName: 'nfs-2' });
  const claims = new Map<string, KubeObject>([provisioned, boundByHand, prebound].map((c) => [`default/${c.metadata.name}`, c]));

  it.each([
    ['the volume the provisioner made for a claim, from the bind on (before the claim is Bound)', 'pvc-u-www-web-0', { claim: 'www-web-0', node: 'node-2' }],
    ['the volume a Bound claim names, as kubectl get pv lists it', 'nfs-1', { claim: 'manual', node: undefined }],
    ['no volume for a name only a Pending claim names', 'nfs-2', undefined],
    ['no volume for a name nothing names', 'pv-gone', undefined],
  ])('finds %s', (_, name, want) => {
    const v = getPersistentVolume(claims, name);
    expect(v === undefined ? undefined : { claim: v.claimRef.name, node: v.node }).toEqual(want);
  });

  it.each([
    ['its own claim', provisioned, true],
    ['a claim of the same name made again (another uid)', { ...provisioned, metadata: { ...provisioned.metadata, uid: 'u-new' } }, false],
    ['another claim', prebound, false],
  ])('says whether the volume is bound to %s', (_, claim, want) => {
    const v = getPersistentVolume(claims, 'pvc-u-www-web-0');
    if (v === undefined) throw new Error('no volume');
    expect(isVolumeBoundToClaim(v, claim)).toBe(want);
  });
});

/** A pod `db` that mounts the claim `data`. */
const dbPod = {
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name: 'db' },
  spec: { containers: [{ name: 'db', image: 'nginx:1.25' }], volumes: [{ name: 'data', persistentVolumeClaim: { claimName: 'data' } }] },
};

function dataClaim(spec: Record<string, unknown>, annotations?: Record<string, string>) {
  const metadata = { name: 'data', ...(annotations ? { annotations } : {}) };
  return { apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata, spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } }, ...spec } };
}

/** One StatefulSet pod settled (its claim www-web-0 Bound to its volume), then `data` and `db` applied together. */
function withData(spec: (webVolume: string) => Record<string, unknown>, annotations?: Record<string, string>) {
  const st = statefulEngine(webStatefulSet(1));
  runTicks(st, 20);
  const webVolume = objects(st, 'PersistentVolumeClaim').find((c) => c.metadata.name === 'www-web-0')?.spec.volumeName ?? '';
  const applied = kubectl(st, 'apply -f -', { apiVersion: 'v1', kind: 'List', items: [dataClaim(spec(webVolume), annotations), dbPod] });
  expect(applied.output).toBe('persistentvolumeclaim/data created\npod/db created');
  const ticks = runTicks(st, 31);
  const claim = objects(st, 'PersistentVolumeClaim').find((c) => c.metadata.name === 'data');
  const events = (name: string, reason?: string) =>
    objects(st, 'Event').filter((e) => e.involvedObject.name === name && (reason === undefined || e.reason === reason));
  const decisions = (fn: string) => ticks.flatMap((t) => t.decisions).filter((d) => d.fn === fn);
  return { st, webVolume, claim, events, decisions };
}

const notHelpful = 'preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling.';

describe('syncUnboundClaim for a claim that names its volume', () => {
  it.each([
    ['of the default class', 'standard'],
    ['with storageClassName "" (a volume made by hand)', ''],
  ])('keeps a claim %s whose volume does not exist Pending, without an Event, trying again every 15 s', (_, storageClassName) => {
    const { claim, events, decisions } = withData(() => ({ storageClassName, volumeName: 'my-pv' }));
    expect([claim?.status?.phase, claim?.spec.volumeName]).toEqual(['Pending', 'my-pv']);
    expect(events('data')).toEqual([]);
    // t = 0, 15 and 30 s
    expect(decisions('syncUnboundClaim').map((d) => [d.key, d.values.volume])).toEqual([
      ['volumeNotFound', 'my-pv'],
      ['volumeNotFound', 'my-pv'],
      ['volumeNotFound', 'my-pv'],
    ]);
  });

  it('says FailedBinding every 15 s when the volume it names is bound to another claim', () => {
    const { webVolume, claim, events, decisions } = withData((v) => ({ volumeName: v }));
    expect(claim?.status?.phase).toBe('Pending');
    expect(events('data', 'FailedBinding')).toMatchObject([
      { type: 'Warning', message: `volume "${webVolume}" already bound to a different claim.`, source: { component: 'persistentvolume-controller' }, count: 3 },
    ]);
    expect(decisions('syncUnboundClaim')[0]).toMatchObject({ key: 'volumeBoundElsewhere', values: { claim: 'data', volume: webVolume, boundTo: 'default/www-web-0' } });
  });
});

describe('syncBoundClaim', () => {
  it.each([
    // Of a class nothing provisions (the binder would make a volume for a default-class claim once its pod is scheduled).
    ['names no volume', () => ({ storageClassName: 'fast' }), 'lostReference', 'ClaimLost', 'Bound claim has lost reference to PersistentVolume. Data on the volume is lost!'],
    ['names a volume that does not exist', () => ({ volumeName: 'pv-gone' }), 'volumeLost', 'ClaimLost', 'Bound claim has lost its PersistentVolume. Data on the volume is lost!'],
    ['names a volume bound to another claim', (v: string) => ({ volumeName: v }), 'misbound', 'ClaimMisbound', 'Two claims are bound to the same volume, this one is bound incorrectly'],
  ])('makes a claim marked bound that %s Lost, with one Warning', (_, spec, key, reason, message) => {
    const { claim, events, decisions } = withData(spec, BindCompleted);
    expect(claim?.status?.phase).toBe('Lost');
    expect(events('data').map((e) => [e.type, e.reason, e.message, e.count])).toEqual([['Warning', reason, message, 1]]);
    expect(decisions('syncBoundClaim').map((d) => d.key)).toEqual([key]);
  });

  it('leaves a claim the binder bound alone', () => {
    const { events, decisions } = withData(() => ({ storageClassName: 'fast' }));
    // The wait before its pod was scheduled, then its provisioning: nothing of syncBoundClaim's.
    expect(events('www-web-0').map((e) => e.reason)).toEqual(['WaitForPodScheduled', 'ExternalProvisioning', 'Provisioning', 'ProvisioningSucceeded']);
    expect(decisions('syncBoundClaim')).toEqual([]);
  });
});

describe('VolumeBinding for a pod whose claim names its volume', () => {
  it('keeps the pod Pending with "pod has unbound immediate PersistentVolumeClaims" while the volume does not exist', () => {
    const { st, events } = withData(() => ({ volumeName: 'my-pv' }));
    const message = `0/3 nodes are available: pod has unbound immediate PersistentVolumeClaims. ${notHelpful}`;
    expect(events('db').map((e) => [e.reason, e.message])).toEqual([['FailedScheduling', message]]);
    expect(objects(st, 'Pod').find((p) => p.metadata.name === 'db')?.spec.nodeName).toBeUndefined();
    expect(kubectl(st, 'describe pod db').output).toContain(`Warning  FailedScheduling  30s   default-scheduler  ${message}`);
  });

  it('keeps it Pending while its volume is bound to another claim', () => {
    const { events } = withData((v) => ({ volumeName: v }));
    expect(events('db').map((e) => e.message)).toEqual([`0/3 nodes are available: pod has unbound immediate PersistentVolumeClaims. ${notHelpful}`]);
  });

  it('rejects every node while a claim marked bound has no volume, then says which claim once it is Lost', () => {
    const { events, decisions } = withData(() => ({ volumeName: 'pv-gone' }), BindCompleted);
    expect(events('db').map((e) => e.message)).toEqual([
      `0/3 nodes are available: 3 node(s) unavailable due to one or more pvc(s) bound to non-existent pv(s). ${notHelpful}`,
      `0/3 nodes are available: persistentvolumeclaim "data" bound to non-existent persistentvolume "pv-gone". ${notHelpful}`,
    ]);
    // The claim's move to Lost is a PersistentVolumeClaim Update: the pod is tried again.
    expect(decisions('movePodsToActiveOrBackoffQueue').map((d) => [d.values.pod, d.values.event, d.values.plugin])).toEqual([['db', 'PersistentVolumeClaimUpdate', 'VolumeBinding']]);
  });

  it('tries the pod again when the stored PersistentVolume its claim names is created, and schedules it once the claim binds', () => {
    const st = statefulEngine(webStatefulSet(0));
    runTicks(st, 5);
    expect(kubectl(st, 'apply -f -', { apiVersion: 'v1', kind: 'List', items: [dataClaim({ volumeName: 'my-pv', storageClassName: 'manual' }), dbPod] }).ok).toBe(true);
    runTicks(st, 5);
    const pv = { apiVersion: 'v1', kind: 'PersistentVolume', metadata: { name: 'my-pv' }, spec: { storageClassName: 'manual', capacity: { storage: '1Gi' }, accessModes: ['ReadWriteOnce'], hostPath: { path: '/mnt/data' } } };
    expect(kubectl(st, 'apply -f -', pv).output).toBe('persistentvolume/my-pv created');
    const ticks = runTicks(st, 20);
    const moved = ticks.flatMap((t) => t.decisions).filter((d) => d.fn === 'movePodsToActiveOrBackoffQueue');
    // The volume's own watch events requeue the pod (its Add, then the Updates of its phase and its
    // claimRef), each before the claim's bind is seen; the claim's writes add no Add of their own.
    expect(moved.map((d) => [d.values.pod, d.values.event, d.values.plugin])).toEqual([
      ['db', 'PersistentVolumeAdd', 'VolumeBinding'],
      ['db', 'PersistentVolumeUpdate', 'VolumeBinding'],
      ['db', 'PersistentVolumeUpdate', 'VolumeBinding'],
    ]);
    expect(objects(st, 'Pod').find((p) => p.metadata.name === 'db')?.spec.nodeName).toBeDefined();
  });

  it('tries the pod again when a PersistentVolume is added, whichever it is (VolumeBinding registers no hint for it)', () => {
    const st = statefulEngine(webStatefulSet(0));
    runTicks(st, 5);
    expect(kubectl(st, 'apply -f -', { apiVersion: 'v1', kind: 'List', items: [dataClaim({ volumeName: 'my-pv' }), dbPod] }).ok).toBe(true);
    runTicks(st, 5);
    // Another claim's volume is made and bound when the pod that mounts it is scheduled.
    const other = { ...dataClaim({}), metadata: { name: 'other' } };
    const user = { ...dbPod, metadata: { name: 'user' }, spec: { ...dbPod.spec, volumes: [{ name: 'data', persistentVolumeClaim: { claimName: 'other' } }] } };
    expect(kubectl(st, 'apply -f -', { apiVersion: 'v1', kind: 'List', items: [other, user] }).ok).toBe(true);
    const ticks = runTicks(st, 5);
    const moved = ticks.flatMap((t) => t.decisions).filter((d) => d.fn === 'movePodsToActiveOrBackoffQueue');
    expect(moved.map((d) => [d.values.pod, d.values.event, d.values.plugin])).toEqual([['db', 'PersistentVolumeAdd', 'VolumeBinding']]);
    // my-pv is still missing: the pod waits on.
    expect(objects(st, 'Pod').map((p) => [p.metadata.name, p.spec.nodeName !== undefined])).toEqual([
      ['db', false],
      ['user', true],
    ]);
  });
});
