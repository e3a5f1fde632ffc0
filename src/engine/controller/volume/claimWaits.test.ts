// The PV controller's Events on a claim of the WaitForFirstConsumer class (syncUnboundClaim's
// emitEventForUnboundDelayBindingClaim): what it waits for, every 15 s, until it is bound.
import { describe, expect, it } from 'vitest';
import type { PersistentVolumeClaimObject } from '../../api/statefulTypes.ts';
import { isUnboundDelayed } from '../../lib/storageHelpers.ts';
import { externalProvisioningMessage, LocalPathProvisionerIdentity } from './binder.ts';
import { kubectl, objects, runTicks } from '../../sim/executeTestEngine.ts';
import { statefulEngine, webStatefulSet } from '../../sim/statefulTestEngine.ts';

type ClaimShape = Pick<PersistentVolumeClaimObject, 'metadata' | 'spec'>;

describe('isUnboundDelayed', () => {
  const claim = (spec: ClaimShape['spec'], annotations?: Record<string, string>): ClaimShape => ({ metadata: { name: 'c', ...(annotations ? { annotations } : {}) }, spec });
  it.each([
    ['an unbound claim of the default class', claim({ storageClassName: 'standard' }), true],
    // DefaultStorageClass admission writes `standard` on create: a claim read back always names it.
    ['a claim that names no class yet (before admission)', claim({}), false],
    ['a claim that names its volume (the PV controller binds it at once)', claim({ storageClassName: 'standard', volumeName: 'pv-1' }), false],
    ['a claim of another class', claim({ storageClassName: 'fast' }), false],
    ['a claim bound already', claim({ storageClassName: 'standard', volumeName: 'pvc-1' }, { 'pv.kubernetes.io/bind-completed': 'yes' }), false],
  ])('is %s: %s', (_, c, want) => {
    expect(isUnboundDelayed(c)).toBe(want);
  });
});

const claimOf = (name: string) => ({ apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata: { name }, spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } } });
/** A pod that mounts `data` and that no node fits (a nodeSelector no node has), or one that runs. */
const podOf = (name: string, fits = false) => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name },
  spec: {
    ...(fits ? {} : { nodeSelector: { disk: 'ssd' } }),
    containers: [{ name: 'db', image: 'nginx:1.25' }],
    volumes: [{ name: 'data', persistentVolumeClaim: { claimName: 'data' } }],
  },
});

function cluster(...items: unknown[]) {
  const st = statefulEngine(webStatefulSet(0));
  expect(kubectl(st, 'apply -f -', { apiVersion: 'v1', kind: 'List', items }).ok).toBe(true);
  const ticks = runTicks(st, 31);
  const said = () => objects(st, 'Event').filter((e) => e.involvedObject.name === 'data').map((e) => [e.type, e.reason, e.message, e.count, e.source?.component]);
  const decisions = ticks.flatMap((t) => t.decisions).filter((d) => d.fn === 'syncUnboundClaim');
  return { st, said, decisions };
}

describe('syncUnboundClaim for a claim that waits for its first consumer', () => {
  it('says WaitForFirstConsumer every 15 s while no pod mounts it, and stays Pending', () => {
    const { st, said, decisions } = cluster(claimOf('data'));
    // t = 0, 15 and 30 s: one Event, its count raised by the correlator.
    expect(said()).toEqual([['Normal', 'WaitForFirstConsumer', 'waiting for first consumer to be created before binding', 3, 'persistentvolume-controller']]);
    expect(decisions.map((d) => [d.key, d.values.claim, d.values.class, d.values.resyncSeconds])).toEqual([
      ['waitForFirstConsumer', 'data', 'standard', 15],
      ['waitForFirstConsumer', 'data', 'standard', 15],
      ['waitForFirstConsumer', 'data', 'standard', 15],
    ]);
    expect(objects(st, 'PersistentVolumeClaim')[0]?.status?.phase).toBe('Pending');
    // As a kind cluster's describe shows it: the last at 30 s, the first at 0 s, read at 31 s.
    expect(kubectl(st, 'describe pvc data').output).toContain('Normal  WaitForFirstConsumer  1s (x3 over 31s)  persistentvolume-controller  waiting for first consumer to be created before binding');
  });

  it('names the pod that mounts it and is not scheduled (WaitForPodScheduled), then both when two do', () => {
    const one = cluster(claimOf('data'), podOf('db'));
    expect(one.said()).toEqual([['Normal', 'WaitForPodScheduled', 'waiting for pod db to be scheduled', 3, 'persistentvolume-controller']]);
    expect(one.decisions[0]).toMatchObject({ key: 'waitForPodScheduled', values: { claim: 'data', pods: 'db', resyncSeconds: 15 } });
    const two = cluster(claimOf('data'), podOf('db'), podOf('db-2'));
    expect(two.said().map((e) => e[2])).toEqual(['waiting for pods db,db-2 to be scheduled']);
  });

  it('stops once the pod that mounts it is scheduled and the claim bound', () => {
    const { st, said } = cluster(claimOf('data'));
    expect(kubectl(st, 'apply -f -', podOf('db', true)).ok).toBe(true);
    runTicks(st, 60);
    expect(objects(st, 'PersistentVolumeClaim')[0]?.status?.phase).toBe('Bound');
    // The three waits of the first 30 s, then the provisioning at the bind, as a kind cluster's
    // describe pvc lists them; the syncs after the bind find it bound and say nothing.
    const volume = objects(st, 'PersistentVolumeClaim')[0]?.spec.volumeName ?? '';
    expect(said()).toEqual([
      ['Normal', 'WaitForFirstConsumer', 'waiting for first consumer to be created before binding', 3, 'persistentvolume-controller'],
      ['Normal', 'ExternalProvisioning', externalProvisioningMessage('rancher.io/local-path'), 1, 'persistentvolume-controller'],
      ['Normal', 'Provisioning', 'External provisioner is provisioning volume for claim "default/data"', 1, LocalPathProvisionerIdentity],
      ['Normal', 'ProvisioningSucceeded', `Successfully provisioned volume ${volume}`, 1, LocalPathProvisionerIdentity],
    ]);
    expect(volume).toMatch(/^pvc-[0-9a-f-]{36}$/);
    const events = kubectl(st, 'describe pvc data').output.split('Events:\n')[1]?.split('\n').map((l) => l.replace(/ {2,}/g, '  ').replace(/  \S+ \(x3 over \S+\)|  \d+s/, '  AGE'));
    expect(events?.slice(2, 6)).toEqual([
      '  Normal  WaitForFirstConsumer  AGE  persistentvolume-controller  waiting for first consumer to be created before binding',
      `  Normal  ExternalProvisioning  AGE  persistentvolume-controller  ${externalProvisioningMessage('rancher.io/local-path')}`,
      `  Normal  Provisioning  AGE  ${LocalPathProvisionerIdentity}  External provisioner is provisioning volume for claim "default/data"`,
      `  Normal  ProvisioningSucceeded  AGE  ${LocalPathProvisionerIdentity}  Successfully provisioned volume ${volume}`,
    ]);
    // setClaimProvisioner's two annotations name kind's provisioner, as describe pvc shows them on kind.
    const node = objects(st, 'Pod').find((p) => p.metadata.name === 'db')?.spec.nodeName ?? '';
    expect(kubectl(st, 'describe pvc data').output).toContain(
      [
        'Annotations:   pv.kubernetes.io/bind-completed: yes',
        '               pv.kubernetes.io/bound-by-controller: yes',
        '               volume.beta.kubernetes.io/storage-provisioner: rancher.io/local-path',
        `               volume.kubernetes.io/selected-node: ${node}`,
        '               volume.kubernetes.io/storage-provisioner: rancher.io/local-path',
      ].join('\n'),
    );
  });
});
