// The EndpointSlice controller's shell (pkg/controller/endpointslice/endpointslice_controller.go,
// read at 9e8be126 / 003e8629): its event handlers over the shared informer and the worker that
// carries syncService's plan out through the API server. The v1.36 pod queue (PR #134739) only
// moves the pod → Service mapping to a second worker; here the handler maps at once, so a pod
// change reaches the Service queue in the same tick (the batch period is 0 by default either way).
import { type EndpointService, type EndpointSlice, EndpointSliceControllerName, LabelManagedBy, LabelServiceName } from '../../api/discoveryTypes.ts';
import type { KubeObject } from '../../api/types.ts';
import { endpointPodsOnWatch, selectedPods, servicesForPodEvent } from '../endpointPods.ts';
import { objectKey, type WatchRecord } from '../../apiserver/store.ts';
import { create, del, enqueue, enqueueAfter, recordEvent, type Tx, update } from '../../client/tx.ts';
import { DeletionExpected, handleDeletion, setGenerations, shouldSync, type SliceTracker } from './endpointSliceTracker.ts';
import { syncService } from './syncService.ts';
import type { ServiceTriggerState } from '../../endpointslice/triggerTimeTracker.ts';

/** The component name of the controller's Events (its event recorder). */
export const EndpointSliceComponent = 'endpoint-slice-controller';
/** maxRetries: a Service that fails 15 syncs in a row is dropped from the queue until its next event. */
export const EndpointSliceMaxRetries = 15;
/** endpointSliceChangeMinSyncDelay: a slice event requeues its Service after at least 1 s. */
export const EndpointSliceChangeMinSyncDelayMs = 1000;

/** What the controller keeps between syncs: its own writes' generations and the trigger times. */
export interface EndpointSliceControllerState {
  tracker: SliceTracker;
  /** Service key → what the trigger-time tracker saw at its last sync. */
  triggers: Map<string, ServiceTriggerState>;
}

declare module '../../client/state.ts' {
  interface EngineState {
    endpointSlice: EndpointSliceControllerState;
  }
}

export function newEndpointSliceControllerState(): EndpointSliceControllerState {
  return { tracker: new Map(), triggers: new Map() };
}

export function cloneEndpointSliceControllerState(s: EndpointSliceControllerState): EndpointSliceControllerState {
  // The tracker is immutable (each write makes a new map); the trigger states are replaced whole.
  return { tracker: s.tracker, triggers: new Map(s.triggers) };
}

function sliceServiceKey(s: EndpointSlice): string | undefined {
  const svc = s.metadata.labels?.[LabelServiceName];
  if (svc === undefined || s.metadata.labels?.[LabelManagedBy] !== EndpointSliceControllerName) return undefined;
  return `${s.metadata.namespace ?? 'default'}/${svc}`;
}

/** endpointSliceOnWatch is the controller's handlers: Services at once, pods by projection, its slices after 1 s. */
export function endpointSliceOnWatch(tx: Tx, rec: WatchRecord, old: KubeObject | undefined): void {
  endpointPodsOnWatch(tx, rec);
  const o = rec.object;
  if (o.kind === 'Service') {
    enqueue(tx, 'endpointslice', objectKey(o));
    return;
  }
  if (o.kind === 'Pod') {
    for (const key of servicesForPodEvent(tx, rec, old)) enqueue(tx, 'endpointslice', key);
    return;
  }
  if (o.kind !== 'EndpointSlice') return;
  const key = sliceServiceKey(o);
  if (key === undefined) return;
  const st = tx.st.endpointSlice;
  if (rec.type === 'DELETED') {
    const r = handleDeletion(st.tracker, o);
    st.tracker = r.tracker;
    if (!r.expected) enqueueAfter(tx, 'endpointslice', key, EndpointSliceChangeMinSyncDelayMs);
    return;
  }
  // The controller's own write comes back with the generation it recorded: nothing to do.
  if (shouldSync(st.tracker, o)) enqueueAfter(tx, 'endpointslice', key, EndpointSliceChangeMinSyncDelayMs);
}

/** syncEndpointSlices is one worker turn for a Service key: syncService's plan, written. */
export function syncEndpointSlices(tx: Tx, key: string): string | null {
  tx.actor = 'endpointslice-controller';
  const slash = key.indexOf('/');
  const namespace = key.slice(0, slash);
  const name = key.slice(slash + 1);
  const cached = tx.st.cache.objects.Service.get(key);
  const service = cached?.kind === 'Service' ? (cached as EndpointService) : undefined;
  const st = tx.st.endpointSlice;
  const slices: EndpointSlice[] = [];
  for (const s of tx.st.cache.objects.EndpointSlice.values()) {
    if (s.kind === 'EndpointSlice' && sliceServiceKey(s) === key) slices.push(s);
  }
  const pods = service?.spec.selector !== undefined ? selectedPods(tx, namespace, service.spec.selector) : [];
  const r = syncService(
    {
      namespace,
      name,
      service,
      pods,
      slices,
      getNode: (n) => {
        const node = tx.st.cache.objects.Node.get(n);
        return node?.kind === 'Node' ? node : undefined;
      },
      tracker: st.tracker,
      triggerState: st.triggers.get(key),
    },
    tx.decisions,
  );
  if (r.triggerState === undefined) st.triggers.delete(key);
  else st.triggers.set(key, r.triggerState);
  let error = r.error;
  // The generations the writes leave (trackerUpdate / expectDeletion), recorded together.
  const generations: [EndpointSlice, number][] = [];
  for (const w of r.writes) {
    if (w.verb === 'delete') {
      const res = del(tx, 'EndpointSlice', objectKey(w.slice));
      if (res.ok) generations.push([w.slice, DeletionExpected]);
      else error ??= `failed to delete ${w.slice.metadata.name} EndpointSlice for Service ${key}: ${res.error.message}`;
      continue;
    }
    const res = w.verb === 'create' ? create(tx, w.slice) : update(tx, w.slice);
    if (res.ok) generations.push([res.object as EndpointSlice, (res.object as EndpointSlice).metadata.generation ?? 0]);
    else if (w.verb === 'create') error ??= `failed to create EndpointSlice for Service ${key}: ${res.error.message}`;
    else error ??= `failed to update ${w.slice.metadata.name} EndpointSlice for Service ${key}: ${res.error.message}`;
  }
  st.tracker = setGenerations(r.tracker, generations);
  const event = r.event ?? (error !== undefined && error !== r.error && service ? { type: 'Warning' as const, reason: 'FailedToUpdateEndpointSlices', message: `Error updating Endpoint Slices for Service ${key}: ${error}` } : undefined);
  if (event && service) recordEvent(tx, service, event.type, event.reason, event.message, EndpointSliceComponent);
  return error ?? null;
}
