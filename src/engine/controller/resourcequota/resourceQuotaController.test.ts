import { describe, expect, it } from 'vitest';
import type { ResourceQuota } from '../../api/policyTypes.ts';
import type { Event, Pod } from '../../api/types.ts';
import { advance, kubectl, testConfig, webDeployment } from '../../sim/executeTestEngine.ts';
import { createEngine, runUntil } from '../../sim/simulation.ts';
import type { EngineState } from '../../sim/state.ts';

function quota(hard: Record<string, string>): ResourceQuota {
  return { apiVersion: 'v1', kind: 'ResourceQuota', metadata: { name: 'compute' }, spec: { hard } };
}

/** web (4 × 500m) under a quota, run for 30 s. */
function cluster(hard: Record<string, string>): EngineState {
  const d = webDeployment(4);
  const containers = d.spec.template.spec.containers.map((c) => ({ ...c, resources: { requests: { cpu: '500m' } } }));
  d.spec.template.spec.containers = containers;
  const config = testConfig([d]);
  config.objects = [...config.objects, quota(hard)];
  const st = createEngine(config);
  runUntil(st, 30_000);
  st.now = 30_000;
  return st;
}

const used = (st: EngineState) => (st.store.objects.ResourceQuota.get('default/compute') as ResourceQuota).status?.used;
const events = (st: EngineState, reason: string) => [...st.store.objects.Event.values()].filter((e): e is Event => e.kind === 'Event' && e.reason === reason);

describe('syncResourceQuota', () => {
  it('writes status.hard and the usage of the namespace pods', () => {
    const st = cluster({ 'requests.cpu': '4', pods: '10' });
    expect(used(st)).toEqual({ pods: '4', 'requests.cpu': '2' });
    expect((st.store.objects.ResourceQuota.get('default/compute') as ResourceQuota).status?.hard).toEqual({ pods: '10', 'requests.cpu': '4' });
  });

  it('refuses the replacement of a terminating pod and gives the usage back once the pod is gone from the store', () => {
    const st = cluster({ 'requests.cpu': '2', pods: '10' });
    const victim = [...st.store.objects.Pod.values()].find((p): p is Pod => p.kind === 'Pod')?.metadata.name;
    kubectl(st, `delete pod ${victim}`);
    // Still terminating: its usage stays charged (QuotaV1Pod until the grace period is over).
    advance(st, 0.5);
    expect(used(st)?.['requests.cpu']).toBe('2');
    // Gone, replaced: charged again by admission; the quota never passes hard.
    advance(st, 30);
    expect(used(st)).toEqual({ pods: '4', 'requests.cpu': '2' });
    expect(events(st, 'FailedCreate').length).toBeGreaterThan(0);
  });

  it('takes a changed spec.hard into status.hard at once', () => {
    const st = cluster({ 'requests.cpu': '2' });
    const q = st.store.objects.ResourceQuota.get('default/compute') as ResourceQuota;
    kubectl(st, 'apply -f -', { ...q, spec: { hard: { 'requests.cpu': '3' } }, status: undefined });
    advance(st, 1);
    expect((st.store.objects.ResourceQuota.get('default/compute') as ResourceQuota).status?.hard).toEqual({ 'requests.cpu': '3' });
  });
});
