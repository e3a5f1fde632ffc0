// The legacy Endpoints controller's shell (pkg/controller/endpoint/endpoints_controller.go, still on
// by default in v1.36): Service and pod handlers over the shared informer, and the worker that
// writes endpointsController.ts's plan. kube-proxy never reads Endpoints; they are served for
// `kubectl get endpoints` and `describe svc` fidelity.
import type { EndpointPod, Endpoints, EndpointService } from '../../api/discoveryTypes.ts';
import type { KubeObject } from '../../api/types.ts';
import { objectKey, type WatchRecord } from '../../apiserver/store.ts';
import { create, del, enqueue, recordEvent, type Tx, update } from '../../client/tx.ts';
import { endpointPodsOnWatch, selectedPods, servicesForPodEvent } from '../endpointPods.ts';
import { listDelta } from '../endpointPodIndex.ts';
import { computeEndpointLastChangeTriggerTime, type ServiceTriggerState } from '../../endpointslice/triggerTimeTracker.ts';
import { syncService } from './endpointsController.ts';

/** The component name of the controller's Events. */
export const EndpointComponent = 'endpoint-controller';
/** maxRetries of the Endpoints controller's queue. */
export const EndpointsMaxRetries = 15;

declare module '../../client/state.ts' {
  interface EngineState {
    /** The Endpoints controller's trigger-time tracker: Service key → what it saw at the last sync. */
    endpointsTriggers: Map<string, ServiceTriggerState>;
  }
}

/** endpointsOnWatch: a Service or a pod it selects changed (the same projection as the slice controller's), or its Endpoints went. */
export function endpointsOnWatch(tx: Tx, rec: WatchRecord, old: KubeObject | undefined): void {
  endpointPodsOnWatch(tx, rec);
  const o = rec.object;
  if (o.kind === 'Service') enqueue(tx, 'endpoint', objectKey(o));
  else if (o.kind === 'Pod') for (const key of servicesForPodEvent(tx, rec, old)) enqueue(tx, 'endpoint', key);
  else if (o.kind === 'Endpoints' && rec.type === 'DELETED') enqueue(tx, 'endpoint', objectKey(o));
}

/** syncEndpoints is one worker turn: the Service's Endpoints object created, updated, deleted or left. */
export function syncEndpoints(tx: Tx, key: string): string | null {
  tx.actor = 'endpoint-controller';
  const namespace = key.slice(0, key.indexOf('/'));
  const cached = tx.st.cache.objects.Service.get(key);
  const service = cached?.kind === 'Service' ? (cached as EndpointService) : undefined;
  const cur = tx.st.cache.objects.Endpoints.get(key);
  const current = cur?.kind === 'Endpoints' ? cur : undefined;
  let pods: readonly EndpointPod[] = [];
  let triggerTime: string | undefined;
  if (service?.spec.selector !== undefined) {
    pods = selectedPods(tx, namespace, service.spec.selector);
    const t = computeEndpointLastChangeTriggerTime(tx.st.endpointsTriggers.get(key), service, pods, listDelta);
    tx.st.endpointsTriggers.set(key, t.state);
    triggerTime = t.triggerTime;
  } else if (!service) tx.st.endpointsTriggers.delete(key);
  const w = syncService(key, service, pods, current, triggerTime, tx.decisions, listDelta);
  if (w.verb === 'none') return null;
  if (w.verb === 'delete') {
    // Deleting an Endpoints object that is already gone is not an error.
    if (current) del(tx, 'Endpoints', key);
    return null;
  }
  const res = w.verb === 'create' ? create(tx, w.endpoints) : update(tx, w.endpoints as Endpoints);
  if (res.ok) return null;
  const err = res.error.message;
  if (service) {
    if (w.verb === 'create') recordEvent(tx, service, 'Warning', 'FailedToCreateEndpoint', `Failed to create endpoint for service ${key}: ${err}`, EndpointComponent);
    else recordEvent(tx, service, 'Warning', 'FailedToUpdateEndpoint', `Failed to update endpoint ${key}: ${err}`, EndpointComponent);
  }
  return err;
}
