// servicesForPodEvent against getServicesToUpdate's own answer, event by event, with its memo
// (one event mapped once for both controllers) rewritten in place between events.
import { describe, expect, it } from 'vitest';
import type { EndpointPod } from '../api/discoveryTypes.ts';
import type { KubeObject, Pod } from '../api/types.ts';
import type { WatchRecord } from '../apiserver/store.ts';
import { applyWatch, newCacheState } from '../client/cache.ts';
import type { Tx } from '../client/tx.ts';
import { getPodUpdateProjectionKey, getServicesToUpdate } from '../endpointslice/controllerUtils.ts';
import { cachedServices, servicesForPodEvent } from './endpointPods.ts';

let rv = 0;
function pod(labels: Record<string, string>, o: { ready?: boolean; ip?: string; phase?: 'Pending' | 'Running' } = {}): Pod {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: 'p1', namespace: 'default', uid: 'u1', resourceVersion: String(++rv), labels },
    spec: { containers: [{ name: 'c', image: 'i' }] },
    status: { phase: o.phase ?? 'Running', ...(o.ip ? { podIP: o.ip } : {}), conditions: [{ type: 'Ready', status: o.ready ? 'True' : 'False' }] },
  } as Pod;
}

describe('servicesForPodEvent', () => {
  it('gives getServicesToUpdate’s Services for each event of a pod’s life, none for an update that changes no endpoint fact or label', () => {
    const cache = newCacheState();
    for (const [name, sel] of [['web', { app: 'web' }], ['all', { tier: 'x' }]] as const) {
      applyWatch(cache, { type: 'ADDED', object: { apiVersion: 'v1', kind: 'Service', metadata: { name, namespace: 'default' }, spec: { selector: { ...sel } } } as unknown as KubeObject });
    }
    const tx = { st: { cache } } as unknown as Tx;
    const web = { app: 'web' };
    const steps: [WatchRecord['type'], Pod, string[]][] = [
      ['ADDED', pod(web), ['default/web']],
      ['MODIFIED', pod(web, { phase: 'Pending' }), []],
      ['MODIFIED', pod(web, { ip: '10.0.0.1' }), ['default/web']],
      ['MODIFIED', pod(web, { ip: '10.0.0.1', phase: 'Pending' }), []],
      ['MODIFIED', pod(web, { ip: '10.0.0.1', ready: true }), ['default/web']],
      ['MODIFIED', pod({ app: 'web', tier: 'x' }, { ip: '10.0.0.1', ready: true }), ['default/all']],
      ['MODIFIED', pod({ app: 'web', tier: 'x' }, { ip: '10.0.0.1', ready: true }), []],
      ['DELETED', pod({ app: 'web', tier: 'x' }, { ip: '10.0.0.1', ready: true }), ['default/all', 'default/web']],
    ];
    let old: KubeObject | undefined;
    for (const [type, p, want] of steps) {
      const rec: WatchRecord = { type, object: p };
      applyWatch(cache, rec);
      const got = servicesForPodEvent(tx, rec, old);
      // The second controller's call for the same event: the memo's answer.
      expect(servicesForPodEvent(tx, rec, old)).toBe(got);
      const prev = type === 'DELETED' ? (p as EndpointPod) : (old as EndpointPod | undefined);
      const ref = getServicesToUpdate(cachedServices(tx), getPodUpdateProjectionKey(prev, type === 'DELETED' ? undefined : (p as EndpointPod)));
      expect([...got].sort()).toEqual([...ref].sort());
      expect([...got].sort()).toEqual(want);
      old = type === 'DELETED' ? undefined : p;
    }
  });
});
