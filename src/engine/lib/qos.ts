// Port of kubernetes pkg/apis/core/v1/helper/qos/qos.go (v1.36): GetPodQOS.
import type { Pod } from '../api/types.ts';
import { addQuantities, cmpQuantities, parseQuantity, type Quantity } from './quantity.ts';

const QOS_RESOURCES = ['cpu', 'memory'] as const;

/**
 * getPodQOS is qos.GetPodQOS: BestEffort without any cpu or memory request or limit; Guaranteed
 * when every container limits both and the requests equal the limits; Burstable otherwise.
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
  for (const c of [...(pod.spec.initContainers ?? []), ...pod.spec.containers]) {
    const found = new Set<string>();
    for (const r of QOS_RESOURCES) {
      add(requests, r, c.resources?.requests?.[r]);
      if (add(limits, r, c.resources?.limits?.[r])) found.add(r);
    }
    if (found.size !== QOS_RESOURCES.length) guaranteed = false;
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

