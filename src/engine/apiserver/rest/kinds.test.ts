import { describe, expect, it } from 'vitest';
import type { PodDisruptionBudget, Service } from '../../api/policyTypes.ts';
import type { KubeObject, Namespace, Pod } from '../../api/types.ts';
import { settledCluster } from '../../sim/executeTestEngine.ts';
import { newTx } from '../../client/tx.ts';
import { prepareObject } from './kinds.ts';
import { type ApiRequest, prepareRequest } from './write.ts';
import { runRequest } from '../../client/request.ts';

const ns = (name: string, labels?: Record<string, string>): Namespace => ({
  apiVersion: 'v1',
  kind: 'Namespace',
  metadata: { name, ...(labels ? { labels } : {}) },
});

const svc = (clusterIP?: string): Service =>
  ({
    apiVersion: 'v1',
    kind: 'Service',
    metadata: { name: 'web', namespace: 'default' },
    spec: { selector: { app: 'web' }, ports: [{ port: 80 }], ...(clusterIP ? { clusterIP } : {}) },
  }) as Service;

const pdb = (spec: Record<string, unknown>): PodDisruptionBudget =>
  ({ apiVersion: 'policy/v1', kind: 'PodDisruptionBudget', metadata: { name: 'web', namespace: 'default' }, spec }) as unknown as PodDisruptionBudget;

describe('prepareObject', () => {
  it('gives a new namespace its name label, phase Active and the kubernetes finalizer', () => {
    const p = prepareObject(ns('payments', { team: 'pay' }));
    expect(p).toEqual({
      object: {
        apiVersion: 'v1',
        kind: 'Namespace',
        metadata: { name: 'payments', labels: { team: 'pay', 'kubernetes.io/metadata.name': 'payments' } },
        spec: { finalizers: ['kubernetes'] },
        status: { phase: 'Active' },
      },
    });
  });

  it('refuses a namespace name that is not a DNS label, with the field path', () => {
    const p = prepareObject(ns('Pay.ments'));
    expect('invalid' in p && p.invalid.map((e) => e.field)).toEqual(['metadata.name']);
  });

  it('keeps a Service its ClusterIP when an update leaves it out', () => {
    const p = prepareObject(svc(), svc('10.96.4.2') as KubeObject);
    expect('object' in p && (p.object as Service).spec.clusterIP).toBe('10.96.4.2');
  });

  it('gives a new pod SetDefaults_Pod values and keeps what the served form adds off the stored spec', () => {
    const pod = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'nginx', labels: { run: 'nginx' } }, spec: { containers: [{ name: 'nginx', image: 'nginx', resources: {} }], restartPolicy: 'Always', dnsPolicy: 'ClusterFirst' } } as unknown as Pod;
    const p = prepareObject(pod);
    expect('object' in p && (p.object as Pod).spec).toMatchObject({ restartPolicy: 'Always', terminationGracePeriodSeconds: 30, schedulerName: 'default-scheduler', containers: [{ imagePullPolicy: 'Always' }] });
    expect('object' in p && 'dnsPolicy' in (p.object as Pod).spec).toBe(false);
  });

  it.each([
    ['a name that is not a DNS subdomain', { name: 'Web_1' }, [{ name: 'web', image: 'nginx' }], ['metadata.name']],
    ['no containers', { name: 'web' }, [], ['spec.containers']],
    ['a container without an image, twice named', { name: 'web' }, [{ name: 'a' }, { name: 'a', image: 'x' }], ['spec.containers[0].image', 'spec.containers[1].name']],
  ])('refuses a new pod with %s at its field path', (_what, metadata, containers, fields) => {
    const p = prepareObject({ apiVersion: 'v1', kind: 'Pod', metadata, spec: { containers } } as unknown as Pod);
    expect('invalid' in p && p.invalid.map((e) => e.field)).toEqual(fields);
  });

  it('refuses a budget with both minAvailable and maxUnavailable as validation does', () => {
    const p = prepareObject(pdb({ minAvailable: 1, maxUnavailable: 1, selector: { matchLabels: { app: 'web' } } }));
    expect('invalid' in p && p.invalid.map((e) => e.field)).toEqual(['spec']);
  });
});

const PODS = '/api/v1/namespaces/default/pods';

describe('the eviction subresource over REST', () => {
  const evict = (name: string): ApiRequest => ({
    method: 'POST',
    path: `${PODS}/${name}/eviction`,
    body: { apiVersion: 'policy/v1', kind: 'Eviction', metadata: { name, namespace: 'default' } },
  });

  it('answers 429 with the budget as the cause and writes nothing when the budget allows no disruption', () => {
    const st = settledCluster();
    const tx0 = newTx(st, 'user');
    const created = runRequest(tx0, {
      method: 'POST',
      path: '/apis/policy/v1/namespaces/default/poddisruptionbudgets',
      body: pdb({ maxUnavailable: 0, selector: { matchLabels: { app: 'web' } } }),
    });
    expect(created.code).toBe(201);
    // The disruption controller has not synced the new budget: it allows nothing yet.
    const pod = [...st.store.objects.Pod.values()][0] as Pod;
    const rv = st.store.rv;
    const p = prepareRequest(st, evict(pod.metadata.name));
    expect(p).toMatchObject({
      ok: false,
      status: {
        code: 429,
        reason: 'TooManyRequests',
        message: "Cannot evict pod as it would violate the pod's disruption budget.",
        details: { causes: [{ reason: 'DisruptionBudget' }] },
      },
    });
    expect(st.store.rv).toBe(rv);
  });

  it('evicts a pod without a budget: DisruptionTarget, then a graceful delete, 201 Success', () => {
    const st = settledCluster();
    const pod = [...st.store.objects.Pod.values()][0] as Pod;
    const tx = newTx(st, 'user');
    const r = runRequest(tx, evict(pod.metadata.name));
    expect(r).toEqual({ code: 201, body: { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Success', code: 201 } });
    const after = st.store.objects.Pod.get(`default/${pod.metadata.name}`) as Pod;
    expect(after.metadata.deletionTimestamp).toBeDefined();
    expect(after.status?.conditions?.some((c) => c.type === 'DisruptionTarget' && c.reason === 'EvictionByEvictionAPI')).toBe(true);
  });
});
