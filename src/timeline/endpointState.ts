/**
 * Where each pod stands as an endpoint (DESIGN.md §15, the Cluster panel's badge), read from the
 * EndpointSlices of one instant — what the API says, before any kube-proxy has synced it:
 * - `ready`: listed with ready true (kube-proxy sends new connections to it);
 * - `serving-terminating`: ready false, serving true, terminating true — a pod being deleted whose
 *   Ready condition still holds (its preStop runs); kube-proxy uses it only when no endpoint of
 *   the Service is ready;
 * - `none`: listed otherwise (not Ready yet, or terminating and not serving), or in no slice.
 * `why` is an Explain record (fn `podToEndpoint`) the page renders with the engine's catalogues.
 */
import type { Decision } from '../engine/api/decision.ts';
import type { EndpointSlice } from '../engine/api/discoveryTypes.ts';
import { LabelServiceName } from '../engine/api/discoveryTypes.ts';
import type { KubeObject } from '../engine/api/types.ts';
import type { EndpointState } from '../engine/traffic/types.ts';

export interface PodEndpoint {
  state: EndpointState;
  /** "namespace/name" of the Service whose slice lists the pod (the best state wins). */
  service: string;
  slice: string;
  why: Decision;
}

const RANK: Record<EndpointState, number> = { ready: 2, 'serving-terminating': 1, none: 0 };

/** endpointConditionsState is one endpoint's state from its conditions (unset: ready and serving, not terminating). */
export function endpointConditionsState(c: EndpointSlice['endpoints'][number]['conditions']): EndpointState {
  if (c.ready ?? true) return 'ready';
  return (c.serving ?? true) && (c.terminating ?? false) ? 'serving-terminating' : 'none';
}

/**
 * endpointStates maps pod keys ("namespace/name") to their endpoint state over the given objects
 * (any kinds; only EndpointSlices are read). A pod in no slice is absent: the page shows `none`
 * for it, with no record, or says nothing when no Service selects it.
 */
export function endpointStates(objects: Iterable<KubeObject>): Map<string, PodEndpoint> {
  const out = new Map<string, PodEndpoint>();
  for (const o of objects) {
    if (o.kind !== 'EndpointSlice') continue;
    const s = o as EndpointSlice;
    const ns = s.metadata.namespace ?? 'default';
    const service = `${ns}/${s.metadata.labels?.[LabelServiceName] ?? ''}`;
    for (const ep of s.endpoints) {
      const ref = ep.targetRef;
      if (!ref || ref.kind !== 'Pod') continue;
      const ready = ep.conditions.ready ?? true;
      const serving = ep.conditions.serving ?? true;
      const terminating = ep.conditions.terminating ?? false;
      const state = endpointConditionsState(ep.conditions);
      const key = ready ? 'ready' : serving && terminating ? 'servingTerminating' : terminating ? 'terminatingNotServing' : 'notReady';
      const podKey = `${ref.namespace ?? ns}/${ref.name}`;
      const cur = out.get(podKey);
      if (cur && RANK[cur.state] >= RANK[state]) continue;
      out.set(podKey, {
        state,
        service,
        slice: s.metadata.name,
        why: { fn: 'podToEndpoint', key, values: { pod: ref.name, service, slice: s.metadata.name, ready, serving, terminating } },
      });
    }
  }
  return out;
}
