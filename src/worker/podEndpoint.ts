/**
 * podEndpoint: where one pod stands as an endpoint at the playhead (DESIGN.md §15), for its
 * details: read from the EndpointSlices in the store (timeline/endpointState.ts), with the Explain
 * record that says why. A pod that no slice lists is `none` when a Service selects it, and has no
 * endpoint state at all otherwise.
 */
import type { Pod } from '../engine/api/types.ts';
import type { Service } from '../engine/api/policyTypes.ts';
import type { StoreState } from '../engine/apiserver/store.ts';
import { selectorMatches } from '../engine/lib/labels.ts';
import { endpointStates } from '../timeline/endpointState.ts';
import { decisionView } from './frames.ts';
import type { PodEndpointView } from './views.ts';

/** podEndpoint is the pod's endpoint state and its reason, or null when no Service selects it. */
export function podEndpoint(store: StoreState, pod: Pod): PodEndpointView | null {
  const ns = pod.metadata.namespace ?? 'default';
  const found = endpointStates(store.objects.EndpointSlice.values()).get(`${ns}/${pod.metadata.name}`);
  if (found) return { state: found.state, service: found.service, why: decisionView(found.why) };
  for (const o of store.objects.Service.values()) {
    const svc = o as Service;
    if ((svc.metadata.namespace ?? 'default') !== ns || !svc.spec.selector) continue;
    if (selectorMatches({ matchLabels: svc.spec.selector }, pod.metadata.labels))
      return { state: 'none', service: `${ns}/${svc.metadata.name}`, why: null };
  }
  return null;
}
