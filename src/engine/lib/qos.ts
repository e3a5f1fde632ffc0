// Port of kubernetes pkg/apis/core/v1/helper/qos/qos.go (v1.36): GetPodQOS.
import type { Pod } from '../api/types.ts';
import { addQuantities, cmpQuantities, parseQuantity, type Quantity } from './quantity.ts';

const QOS_RESOURCES = ['cpu', 'memory'] as const;

type Resources = { requests?: Record<string, string>; limits?: Record<string, string> };

/**
 * getPodQOS is qos.ComputePodQOS: BestEffort without any cpu or memory request or limit;
 * Guaranteed when every container limits both and the requests equal the limits; Burstable
 * otherwise. With PodLevelResources (on by default since v1.34), a pod-level `spec.resources`
 * decides alone: limits on both cpu and memory equal to its requests make the pod Guaranteed,
 * whatever its containers say.
 */
export function getPodQOS(pod: Pod): 'BestEffort' | 'Burstable' | 'Guaranteed' {
  const requests = new Map<string, Quantity>();
  const limits = new Map<string, Quantity>();
  let guaranteed = true;
  const add = (m: Map<string, Quantity>, name: string, v: string | undefined): boolean => {
    const q = v === undefined ? undefined : parseQuantity(v);
    if (!q?.ok || q.value.nanos === 0n) return false;
    const prev = m.get(name);
    m.set(name, prev ? addQuantities(prev, q.value) : q.value);
    return true;
  };
  const podLevel = (pod.spec as { resources?: Resources }).resources;
  const sources: Resources[] = podLevel !== undefined ? [podLevel] : [...(pod.spec.initContainers ?? []), ...pod.spec.containers].map((c) => c.resources ?? {});
  for (const res of sources) {
    const found = new Set<string>();
    for (const r of QOS_RESOURCES) {
      add(requests, r, res.requests?.[r]);
      if (add(limits, r, res.limits?.[r])) found.add(r);
    }
    // Pod-level requests alone leave the pod Burstable below (a request without its limit).
    if (found.size !== QOS_RESOURCES.length && (podLevel === undefined || Object.keys(res.limits ?? {}).length > 0)) guaranteed = false;
  }
  if (requests.size === 0 && limits.size === 0) return 'BestEffort';
  if (guaranteed) {
    for (const [name, req] of requests) {
      const lim = limits.get(name);
      if (!lim || cmpQuantities(lim, req) !== 0) guaranteed = false;
    }
  }
  return guaranteed && requests.size === limits.size ? 'Guaranteed' : 'Burstable';
}

