import { describe, expect, it } from 'vitest';
import type { PersistentVolumeClaimObject } from '../../api/statefulTypes.ts';
import type { KubeObject, Pod } from '../../api/types.ts';
import { type BindingsView, checkBindings, claimsToProvision, withSelectedNode } from './volumebindingPreBind.ts';

function pod(...claims: string[]): Pod {
  const volumes = claims.map((c, i) => ({ name: `v${i}`, persistentVolumeClaim: { claimName: c } }));
  return { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'web-0', namespace: 'default' }, spec: { containers: [{ name: 'c', image: 'i' }], volumes } } as Pod;
}

/** A claim as the informer holds it: its class, volume, annotations, resourceVersion and phase. */
function claim(name: string, o: { class?: string; volumeName?: string; annotations?: Record<string, string>; rv?: string; phase?: string } = {}): [string, KubeObject] {
  const metadata = { name, namespace: 'default', uid: `uid-${name}`, resourceVersion: o.rv ?? '10', ...(o.annotations ? { annotations: o.annotations } : {}) };
  const spec = { storageClassName: o.class ?? 'standard', ...(o.volumeName ? { volumeName: o.volumeName } : {}) };
  return [`default/${name}`, { apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata, spec, status: { phase: o.phase ?? 'Pending' } } as unknown as KubeObject];
}

const node = (name: string): [string, KubeObject] => [name, { apiVersion: 'v1', kind: 'Node', metadata: { name, labels: { 'kubernetes.io/hostname': name } }, spec: {} } as KubeObject];
const sel = (n: string) => ({ 'volume.kubernetes.io/selected-node': n });
const boundOn = (n: string) => ({ ...sel(n), 'pv.kubernetes.io/bind-completed': 'yes' });

describe('claimsToProvision', () => {
  const claims = new Map([
    claim('www-web-0'),
    claim('fast', { class: 'fast' }),
    claim('done', { volumeName: 'pvc-uid-done', annotations: boundOn('node-1'), phase: 'Bound' }),
    claim('prebound', { volumeName: 'my-pv' }),
  ]);
  it.each([
    ['returns an unbound claim of the class that waits for its first consumer', ['www-web-0'], ['www-web-0']],
    ['returns nothing for a claim of a class that binds at once', ['fast'], []],
    ['returns nothing for a claim bound already', ['done'], []],
    ['returns nothing for a claim that names its volume (the PV controller binds it)', ['prebound'], []],
    ['returns only the waiting ones of a pod with several claims', ['done', 'www-web-0', 'fast'], ['www-web-0']],
    ['returns nothing when a claim is missing (PreFilter rejects such a pod)', ['missing', 'www-web-0'], []],
  ])('%s', (_, names, want) => {
    expect(claimsToProvision(pod(...names), claims).map((c) => c.metadata.name)).toEqual(want);
  });
});

describe('withSelectedNode', () => {
  it('adds the selected-node annotation and keeps the others', () => {
    const c = claim('www-web-0', { annotations: { keep: 'me' } })[1] as unknown as PersistentVolumeClaimObject;
    expect(withSelectedNode(c, 'node-2').metadata.annotations).toEqual({ keep: 'me', 'volume.kubernetes.io/selected-node': 'node-2' });
  });
});

describe('checkBindings', () => {
  const written = [{ key: 'default/www-web-0', resourceVersion: '10' }];
  const view = (claimEntry: [string, KubeObject] | undefined, o: { pod?: boolean; node?: boolean } = {}): BindingsView => ({
    pods: new Map(o.pod === false ? [] : [['default/web-0', pod('www-web-0') as KubeObject]]),
    nodes: new Map(o.node === false ? [] : [node('node-2')]),
    claims: new Map(claimEntry ? [claimEntry] : []),
    volumes: new Map(),
  });
  it.each([
    ['waits when the informer has not seen the write yet', view(claim('www-web-0', { rv: '9' })), { kind: 'wait', claim: 'www-web-0' }],
    ['waits while the claim has its node but no volume', view(claim('www-web-0', { annotations: sel('node-2') })), { kind: 'wait', claim: 'www-web-0' }],
    [
      'waits when the claim names a volume the informer does not have yet',
      view(claim('www-web-0', { volumeName: 'pvc-other', annotations: boundOn('node-2'), rv: '12' })),
      { kind: 'wait', claim: 'www-web-0' },
    ],
    ['is bound when the claim is bound to its volume on the node', view(claim('www-web-0', { volumeName: 'pvc-uid-www-web-0', annotations: boundOn('node-2'), rv: '12', phase: 'Bound' })), { kind: 'bound' }],
    ['fails when the selected node was taken away (the provisioner gave up)', view(claim('www-web-0', { rv: '11' })), { kind: 'error', message: 'provisioning failed for PVC "www-web-0"' }],
    ['fails when the claim is gone', view(undefined), { kind: 'error', message: 'failed to check provisioning pvc: could not find v1/PersistentVolumeClaim "default/www-web-0"' }],
    ['fails when the pod is gone', view(claim('www-web-0', { annotations: sel('node-2') }), { pod: false }), { kind: 'error', message: 'pod does not exist any more: pod "web-0" not found' }],
    ['fails when the node is gone', view(claim('www-web-0', { annotations: sel('node-2') }), { node: false }), { kind: 'error', message: 'failed to get node "node-2": node "node-2" not found' }],
  ])('%s', (_, v, want) => {
    expect(checkBindings(v, 'default/web-0', 'node-2', written)).toEqual(want);
  });

  it('fails when the volume sits on another node', () => {
    // The claim says node-2, its volume's node affinity node-3 (a stored volume with that affinity).
    const pv = {
      apiVersion: 'v1',
      kind: 'PersistentVolume',
      metadata: { name: 'pv-3' },
      spec: { claimRef: { namespace: 'default', name: 'www-web-0', uid: 'uid-www-web-0' }, nodeAffinity: { required: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'kubernetes.io/hostname', operator: 'In', values: ['node-3'] }] }] } } },
    } as unknown as KubeObject;
    const v = { ...view(claim('www-web-0', { volumeName: 'pv-3', annotations: boundOn('node-2'), rv: '12', phase: 'Bound' })), volumes: new Map([['pv-3', pv]]) };
    expect(checkBindings(v, 'default/web-0', 'node-2', written)).toEqual({ kind: 'error', message: 'pv "pv-3" node affinity doesn\'t match node "node-2": no matching NodeSelectorTerms' });
  });
});
