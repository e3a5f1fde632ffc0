import { describe, expect, it } from 'vitest';
import type { LimitRange, ResourceQuota } from '../api/policyTypes.ts';
import type { PersistentVolumeClaimObject } from '../api/statefulTypes.ts';
import type { Pod } from '../api/types.ts';
import { seedPrng } from '../lib/prng.ts';
import { formatApiError } from './errors.ts';
import { createObject, newStoreState, type WatchRecord } from './store.ts';

const ctx = () => ({ now: 0, prng: seedPrng(5), writes: [] as WatchRecord[] });

/** A pod as a ReplicaSet writes one (the literal path), its container without resources. */
const controllerPod = (namespace = 'default'): Pod => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name: '', generateName: 'web-7d9f-', namespace, labels: { app: 'web' }, ownerReferences: [] },
  spec: { containers: [{ name: 'nginx', image: 'nginx' }] },
});

const limits: LimitRange = {
  apiVersion: 'v1',
  kind: 'LimitRange',
  metadata: { name: 'defaults', namespace: 'default' },
  spec: { limits: [{ type: 'Container', default: { cpu: '500m' }, defaultRequest: { cpu: '250m' } }] },
};

const quota: ResourceQuota = {
  apiVersion: 'v1',
  kind: 'ResourceQuota',
  metadata: { name: 'compute', namespace: 'default' },
  spec: { hard: { 'limits.cpu': '2' } },
  status: { hard: { 'limits.cpu': '2' }, used: { 'limits.cpu': '0' } },
};

function store(...objects: (LimitRange | ResourceQuota)[]) {
  const st = newStoreState();
  for (const o of objects) {
    const r = createObject(st, ctx(), o);
    if (!r.ok) throw new Error(r.error.message);
  }
  return st;
}

describe('createObject with LimitRanges', () => {
  it('gives a controller’s pod the defaults and the annotation, its generated name kept', () => {
    const r = createObject(store(limits), ctx(), controllerPod());
    if (!r.ok) throw new Error(r.error.message);
    expect(r.object.metadata.name).toMatch(/^web-7d9f-[a-z0-9]{5}$/);
    expect(r.object.spec.containers[0]?.resources).toEqual({ limits: { cpu: '500m' }, requests: { cpu: '250m' } });
    expect(r.object.metadata.annotations).toEqual({ 'kubernetes.io/limit-ranger': 'LimitRanger plugin set: cpu request for container nginx; cpu limit for container nginx' });
  });

  it('leaves a pod of another namespace as it came', () => {
    const r = createObject(store(limits), ctx(), controllerPod('team-a'));
    if (!r.ok) throw new Error(r.error.message);
    expect(r.object.spec.containers[0]?.resources).toBeUndefined();
    expect(r.object.metadata.annotations).toBeUndefined();
  });

  it('runs before ResourceQuota: a quota on limits.cpu counts the defaulted limit, and without the range refuses the pod', () => {
    const without = createObject(store(quota), ctx(), controllerPod());
    expect(without.ok ? '' : without.error.message).toMatch(/^pods "web-7d9f-[a-z0-9]{5}" is forbidden: failed quota: compute: must specify limits\.cpu for: nginx$/);
    const st = store(quota, limits);
    expect(createObject(st, ctx(), controllerPod()).ok).toBe(true);
    expect((st.objects.ResourceQuota.get('default/compute') as ResourceQuota).status?.used).toEqual({ 'limits.cpu': '500m' });
  });

  it('refuses a pod over a bound with the generated name, before anything is stored', () => {
    const capped: LimitRange = { ...limits, spec: { limits: [{ type: 'Container', max: { cpu: '250m' }, default: { cpu: '500m' } }] } };
    const st = store(capped);
    const r = createObject(st, ctx(), controllerPod());
    expect(r.ok ? '' : r.error.message).toMatch(/^pods "web-7d9f-[a-z0-9]{5}" is forbidden: maximum cpu usage per Container is 250m, but limit is 500m$/);
    expect(st.objects.Pod.size).toBe(0);
  });

  it('makes a pod Invalid when a default limit falls under the request it states (validation runs after mutating admission)', () => {
    const p = controllerPod();
    const asking: Pod = { ...p, spec: { containers: [{ name: 'nginx', image: 'nginx', resources: { requests: { cpu: '1' } } }] } };
    const st = store(limits);
    const r = createObject(st, ctx(), asking);
    // The Go message (what a controller's FailedCreate Event quotes); kubectl prints it with `The ` first.
    expect(r.ok ? '' : r.error.message).toMatch(
      /^Pod "web-7d9f-[a-z0-9]{5}" is invalid: spec\.containers\[0\]\.resources\.requests: Invalid value: "1": must be less than or equal to cpu limit of 500m$/,
    );
    expect(r.ok ? '' : formatApiError(r.error)).toMatch(/^The Pod "web-7d9f-[a-z0-9]{5}" is invalid: spec\.containers\[0\]/);
    expect(st.objects.Pod.size).toBe(0);
  });

  it('refuses a claim over a storage bound', () => {
    const st = store({ ...limits, spec: { limits: [{ type: 'PersistentVolumeClaim', max: { storage: '1Gi' } }] } });
    const claim = {
      apiVersion: 'v1',
      kind: 'PersistentVolumeClaim',
      metadata: { name: 'data-web-0', namespace: 'default' },
      spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '5Gi' } } },
    } as PersistentVolumeClaimObject;
    const r = createObject(st, ctx(), claim);
    expect(r.ok ? '' : r.error.message).toBe('persistentvolumeclaims "data-web-0" is forbidden: maximum storage usage per PersistentVolumeClaim is 1Gi, but request is 5Gi');
  });
});
