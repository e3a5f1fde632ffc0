// The EndpointSlice controller's syncService (pkg/controller/endpointslice/endpointslice_controller.go,
// read at 9e8be126 / 003e8629; v1.36 changes only how pods reach the queue) as a pure step:
// what one sync of one Service does, given the controller's caches and its trackers.
import { type DecisionLog, decide } from '../../api/decision.ts';
import type { EndpointPod, EndpointService, EndpointSlice } from '../../api/discoveryTypes.ts';
import type { Node } from '../../api/types.ts';
import { listDelta, listedFor } from '../endpointPodIndex.ts';
import { deleteTrackedService, type SliceTracker, staleSlices } from './endpointSliceTracker.ts';
import { reconcile, type SliceWrite } from './reconciler.ts';
import { computeEndpointLastChangeTriggerTime, type ServiceTriggerState } from '../../endpointslice/triggerTimeTracker.ts';

/** The stale-cache error; no Event is emitted for it, only the requeue (1 s, doubling, 15 tries). */
export const StaleInformerCacheError = 'EndpointSlice informer cache is out of date';

export interface SyncServiceInput {
  namespace: string;
  name: string;
  /** The Service in the controller's informer, or undefined when it is gone. */
  service: EndpointService | undefined;
  /** The namespace's pods in the informer (the Service's selector is applied here). */
  pods: readonly EndpointPod[];
  /** The slices labelled with the Service's name and managed by this controller. */
  slices: readonly EndpointSlice[];
  getNode: (name: string) => Node | undefined;
  tracker: SliceTracker;
  triggerState: ServiceTriggerState | undefined;
  maxEndpointsPerSlice?: number;
}

export interface SyncServiceResult {
  writes: SliceWrite[];
  /** Set when the sync fails: the key is requeued with rate limiting. */
  error?: string;
  /** A Warning FailedToUpdateEndpointSlices Event on the Service, when Reconcile failed. */
  event?: { type: 'Warning'; reason: 'FailedToUpdateEndpointSlices'; message: string };
  tracker: SliceTracker;
  /** undefined: forget the Service's trigger-time state (it was deleted). */
  triggerState: ServiceTriggerState | undefined;
}

/** selectPods: labels.Set(selector).AsSelector — every key must match; an empty selector selects all. */
export function selectPods(selector: Record<string, string>, pods: readonly EndpointPod[]): readonly EndpointPod[] {
  // The controller hands in the index's list for this very selector: every pod is selected.
  if (listedFor(pods, selector)) return pods;
  const entries = Object.entries(selector);
  const selected = (p: EndpointPod): boolean => entries.every(([k, v]) => p.metadata.labels?.[k] === v);
  // The controller hands in the selector's own pods (endpointPodIndex.ts): then the list as it is.
  return pods.every(selected) ? pods : pods.filter(selected);
}

/**
 * syncService: a deleted Service clears the trackers; ExternalName and selector-less Services get
 * nothing; slices being deleted are ignored; if the informer has not caught up with the
 * controller's own writes the sync fails (stale) before computing anything; otherwise the trigger
 * time and the reconciler's writes.
 */
export function syncService(input: SyncServiceInput, log?: DecisionLog): SyncServiceResult {
  const { service, namespace, name } = input;
  if (!service) {
    decide(log, 'syncService', 'serviceGone', { service: `${namespace}/${name}` });
    return { writes: [], tracker: deleteTrackedService(input.tracker, namespace, name), triggerState: undefined };
  }
  const keep = { writes: [] as SliceWrite[], tracker: input.tracker, triggerState: input.triggerState };
  if (service.spec.type === 'ExternalName' || service.spec.selector === undefined) {
    decide(log, 'syncService', 'noSelector', { service: `${namespace}/${name}`, type: service.spec.type ?? 'ClusterIP' });
    return keep;
  }
  const pods = selectPods(service.spec.selector, input.pods);
  const slices = input.slices.filter((s) => s.metadata.deletionTimestamp === undefined);
  if (staleSlices(input.tracker, namespace, name, slices)) {
    decide(log, 'syncService', 'stale', { service: `${namespace}/${name}`, slices: slices.length });
    return { ...keep, error: StaleInformerCacheError };
  }
  const { triggerTime, state } = computeEndpointLastChangeTriggerTime(input.triggerState, service, pods, listDelta);
  const r = reconcile(
    { service, pods, existingSlices: slices, getNode: input.getNode, triggerTime, maxEndpointsPerSlice: input.maxEndpointsPerSlice, podsDelta: listDelta },
    log,
  );
  const out: SyncServiceResult = { writes: r.writes, tracker: input.tracker, triggerState: state };
  if (r.errors.length > 0) {
    // utilerrors.NewAggregate prints one error bare and several as "[a, b]".
    const err = r.errors.length === 1 ? (r.errors[0] as string) : `[${r.errors.join(', ')}]`;
    out.error = err;
    out.event = { type: 'Warning', reason: 'FailedToUpdateEndpointSlices', message: `Error updating Endpoint Slices for Service ${namespace}/${name}: ${err}` };
  }
  return out;
}
