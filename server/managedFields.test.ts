import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../src/engine/api/types.ts';
import { encodeManagedFields } from '../src/engine/apimachinery/managedfields/manager.ts';
import type { TickRecord } from '../src/engine/client/tick.ts';
import { ManagedFieldsTracker } from './managedFields.ts';

const TOLERATIONS = [
  { key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 },
  { key: 'node.kubernetes.io/unreachable', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 },
];
const created = {
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name: 'web-x', generateName: 'web-', namespace: 'default', labels: { app: 'web' }, uid: 'u', resourceVersion: '5', creationTimestamp: '2026-01-01T00:00:01Z' },
  spec: { containers: [{ name: 'nginx', image: 'nginx' }], restartPolicy: 'Always', tolerations: TOLERATIONS },
} as unknown as KubeObject;
const bound = { ...created, spec: { ...(created as unknown as { spec: object }).spec, nodeName: 'node-1' }, status: { conditions: [{ type: 'PodScheduled', status: 'True' }] } } as unknown as KubeObject;
const running = { ...bound, status: { phase: 'Running', conditions: [{ type: 'PodScheduled', status: 'True' }, { type: 'Ready', status: 'True' }] } } as unknown as KubeObject;

const tick = (actor: string, object: KubeObject, type: 'ADDED' | 'MODIFIED' = 'MODIFIED', time = 1000): TickRecord =>
  ({ tick: 1, time, actor, summary: '', notes: [], writes: [{ type, object }], decisions: [] }) as unknown as TickRecord;

describe('ManagedFieldsTracker', () => {
  it('names a controller’s pod, the binding and the kubelet as a cluster records them', () => {
    const t = new ManagedFieldsTracker();
    t.record(tick('replicaset-controller', created, 'ADDED'), ['default/web-x']);
    t.record(tick('default-scheduler', bound), ['default/web-x']);
    t.record(tick('kubelet/node-1', running, 'MODIFIED', 3000), ['default/web-x']);
    const entries = encodeManagedFields(t.managedOf(running, 'default/web-x') ?? []);
    expect(entries.map((e) => [e.manager, e.operation, e.subresource ?? '', e.time])).toEqual([
      ['kube-controller-manager', 'Update', '', '2026-01-01T00:00:01Z'],
      ['kubelet', 'Update', 'status', '2026-01-01T00:00:03Z'],
    ]);
    // Mutating admission runs after the field manager: DefaultTolerationSeconds' tolerations, the
    // Priority plugin's priority and the ServiceAccount plugin's account and token volume are
    // nobody's; the binding's nodeName neither. The defaults (dnsPolicy, …) are the creator's.
    expect(entries[0]?.fieldsV1).toEqual({
      'f:metadata': { 'f:generateName': {}, 'f:labels': { '.': {}, 'f:app': {} } },
      'f:spec': {
        'f:containers': {
          'k:{"name":"nginx"}': { '.': {}, 'f:image': {}, 'f:name': {}, 'f:resources': {}, 'f:terminationMessagePath': {}, 'f:terminationMessagePolicy': {} },
        },
        'f:dnsPolicy': {},
        'f:enableServiceLinks': {},
        'f:restartPolicy': {},
        'f:securityContext': {},
      },
    });
    expect(entries[1]?.fieldsV1).toEqual({ 'f:status': { 'f:conditions': { 'k:{"type":"Ready"}': { '.': {}, 'f:status': {}, 'f:type': {} } }, 'f:phase': {} } });
  });

  it('forgets an object once it is deleted', () => {
    const t = new ManagedFieldsTracker();
    t.record(tick('replicaset-controller', created, 'ADDED'), ['default/web-x']);
    t.record(tick('kubelet/node-1', created, 'DELETED' as 'MODIFIED'), ['default/web-x']);
    expect(t.managedOf(created, 'default/web-x')).toBeUndefined();
  });
});

describe('ManagedFieldsTracker.seed', () => {
  it('gives what the API server stores at start to kube-apiserver, and a namespace its admission creates too', () => {
    const t = new ManagedFieldsTracker();
    const ns = { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'default', labels: { 'kubernetes.io/metadata.name': 'default' }, creationTimestamp: '2026-01-01T00:00:00Z' }, spec: { finalizers: ['kubernetes'] }, status: { phase: 'Active' } } as unknown as KubeObject;
    t.seed([['default', ns]]);
    const entries = encodeManagedFields(t.managedOf(ns, 'default') ?? []);
    expect(entries.map((e) => [e.manager, e.operation, e.subresource ?? ''])).toEqual([['kube-apiserver', 'Update', '']]);
    // Its finalizer is the strategy's, set after the field manager ran.
    expect(entries[0]?.fieldsV1).toEqual({ 'f:metadata': { 'f:labels': { '.': {}, 'f:kubernetes.io/metadata.name': {} } } });
    const payments = { ...ns, metadata: { ...ns.metadata, name: 'payments', labels: { 'kubernetes.io/metadata.name': 'payments' } } } as KubeObject;
    const provisioned = { ...tick('user', payments, 'ADDED'), decisions: [{ fn: 'admit', key: 'namespaceCreated', values: { namespace: 'payments', kind: 'Deployment', name: 'web' } }] } as unknown as TickRecord;
    t.record(provisioned, ['payments']);
    expect(encodeManagedFields(t.managedOf(payments, 'payments') ?? []).map((e) => e.manager)).toEqual(['kube-apiserver']);
  });
});
